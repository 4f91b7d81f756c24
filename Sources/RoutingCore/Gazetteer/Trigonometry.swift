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
        // atan(t) = 2·atan(t / (1 + √(1 + t²))), twice: |t| ≤ tan(π/16) ≈ 0.2.
        var u = t
        for _ in 0..<2 { u = u / (1 + (1 + u * u).squareRoot()) }
        let u2 = u * u
        var term = u
        var sum = u
        var k = 1.0
        for _ in 0..<14 {
            term *= -u2
            k += 2
            sum += term / k
        }
        return 4 * sum
    }

    /// x = k·π/2 + r with |r| ≤ π/4; returns r and k mod 4.
    private static func reduce(_ x: Double) -> (Double, Int) {
        let k = (x / (.pi / 2)).rounded()
        // π/2 in two parts, so that r is accurate for the moderate |x| used here.
        let r = (x - k * 1.5707963267948966) - k * 6.123233995736766e-17
        let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
        return (r, (quadrant + 4) % 4)
    }

    private static func sinKernel(_ r: Double) -> Double {
        let r2 = r * r
        var term = r
        var sum = r
        var n = 1.0
        for _ in 0..<9 {
            term *= -r2 / ((n + 1) * (n + 2))
            n += 2
            sum += term
        }
        return sum
    }

    private static func cosKernel(_ r: Double) -> Double {
        let r2 = r * r
        var term = 1.0
        var sum = 1.0
        var n = 0.0
        for _ in 0..<9 {
            term *= -r2 / ((n + 1) * (n + 2))
            n += 2
            sum += term
        }
        return sum
    }
}
