/// Sine, cosine, arcsine and arctangent in radians for the gazetteer's distance computations.
///
/// RoutingCore is pure and imports no C module (see Package.swift), and Swift's standard library has
/// no trigonometry, so these are small argument-reduced series: relative error about 1e-15 over the
/// ranges used (angles of at most a few radians), far below the 0.001° (≈110 m) rounding of the
/// gazetteer's coordinates. Not for general numerical use.
enum Trigonometry {
    /// sin(x), x in radians.
    static func sin(_ x: Double) -> Double {
        let (r, quadrant) = reduce(x)
        switch quadrant {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// cos(x), x in radians.
    static func cos(_ x: Double) -> Double {
        let (r, quadrant) = reduce(x)
        switch quadrant {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// asin(x) in radians, for x in -1...1 (clamped).
    static func asin(_ x: Double) -> Double {
        let x = min(1, max(-1, x))
        let c = ((1 - x) * (1 + x)).squareRoot()
        return atan2(x, c)
    }

    /// atan2(y, x) in radians, in -π...π.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 {
            if y == 0 { return 0 }
            return y > 0 ? .pi / 2 : -.pi / 2
        }
        let a = atan((y / x).magnitude)
        if x > 0 { return y < 0 ? -a : a }
        return y < 0 ? a - .pi : .pi - a
    }

    /// atan(t) in radians.
    static func atan(_ t: Double) -> Double {
        if t < 0 { return -atan(-t) }
        if !t.isFinite { return t.isNaN ? t : .pi / 2 }
        if t > 1 { return .pi / 2 - atan(1 / t) }
        // atan(t) = 2·atan(t / (1 + √(1 + t²))), twice: |u| ≤ tan(π/16) ≈ 0.2, then the series
        // u − u³/3 + u⁵/5 − … to u²⁹ (remainder below 1e-21).
        var u = t
        for _ in 0..<2 { u = u / (1 + (1 + u * u).squareRoot()) }
        let u2 = u * u
        return 4 * u * atanSeries(u2)
    }

    /// x = k·π/2 + r with |r| ≤ π/4; returns r and k mod 4.
    @inline(__always)
    private static func reduce(_ x: Double) -> (Double, Int) {
        guard x.isFinite, x.magnitude < 1e9 else { return (.nan, 0) }
        let k = (x * (2 / Double.pi)).rounded()
        // π/2 in two parts, so that r is accurate for the moderate |x| used here.
        let r = (x - k * 1.5707963267948966) - k * 6.123233995736766e-17
        return (r, Int(k) & 3)
    }

    // Taylor polynomials in Horner form: sin to r¹⁷, cos to r¹⁸ (remainders below 1e-18 for
    // |r| ≤ π/4), atan to u²⁹ (remainder below 1e-21 for |u| ≤ 0.2).

    @inline(__always)
    private static func sinKernel(_ r: Double) -> Double {
        let z = r * r
        let p = 1 + z * (-1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362_880
            + z * (-1.0 / 39_916_800 + z * (1.0 / 6_227_020_800 + z * (-1.0 / 1_307_674_368_000
            + z * (1.0 / 355_687_428_096_000))))))))
        return r * p
    }

    @inline(__always)
    private static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        return 1 + z * (-1.0 / 2 + z * (1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40_320
            + z * (-1.0 / 3_628_800 + z * (1.0 / 479_001_600 + z * (-1.0 / 87_178_291_200
            + z * (1.0 / 20_922_789_888_000 + z * (-1.0 / 6_402_373_705_728_000)))))))))
    }

    @inline(__always)
    private static func atanSeries(_ z: Double) -> Double {
        // Σ (−1)ʲ zʲ/(2j+1), j = 0…14, from the highest term down.
        var sum = 1.0 / 29
        var k = 27.0
        var sign = -1.0
        while k >= 1 {
            sum = sum * z + sign / k
            sign = -sign
            k -= 2
        }
        return sum
    }
}
