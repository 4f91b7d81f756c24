// SPDX-License-Identifier: Apache-2.0
/// The exact orientation predicate for three points in the plane, the one primitive behind every
/// point-in-coverage answer.
///
/// `orientation(a, b, c)` is the sign of the determinant
///
///     | ax - cx   ay - cy |
///     | bx - cx   by - cy |
///
/// i.e. whether `c` lies to the left of the directed line `a → b` (``counterclockwise``), to its right
/// (``clockwise``) or exactly on it (``collinear``). Coverage code uses x = longitude and y = latitude in
/// degrees, because RFC 7946 §3.1.1 defines an edge as "a straight Cartesian line" between two
/// [longitude, latitude] positions.
///
/// The answer is **exact** for every triple of finite doubles: it is the sign of the real-number
/// determinant of the values as stored, with no epsilon and no rounding. This is what makes boundary
/// answers trustworthy: for the triangle (0,0),(1,0),(0,1) the point (0.7,0.3) is strictly inside
/// (the exact determinant is +2⁻⁵⁴), (0.8,0.2) strictly outside and (0.6,0.4) exactly on the edge, even
/// though `0.7 + 0.3`, `0.8 + 0.2` and `0.6 + 0.4` all round to `1.0` in doubles.
///
/// Method (J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates", Discrete & Computational Geometry 18, 1997):
/// 1. A floating-point filter: the rounded determinant is returned when its magnitude exceeds
///    Shewchuk's proven error bound `ccwerrboundA = (3 + 16ε)ε` times the sum of the two products' magnitudes.
/// 2. Otherwise the determinant is expanded into six products `ax·by − ay·bx + bx·cy − by·cx + cx·ay − cy·ax`,
///    each split exactly into `hi + lo` with TwoProduct (the error term is one fused multiply-add),
///    and the twelve terms are summed exactly into a non-overlapping expansion with TwoSum
///    (Grow-Expansion with zero elimination). The sign of the largest non-zero component is the sign
///    of the determinant. The sum `x + y` of two inputs is never formed.
/// 3. TwoProduct is only exact while products neither overflow nor underflow. When some non-zero input
///    has magnitude outside [2⁻⁴⁵⁰, 2⁴⁵⁰] (never for real coordinates in degrees, but possible for
///    subnormal values), the sign is computed with exact integer arithmetic on the binary significands
///    instead, so the guarantee holds for every finite double.
///
/// Non-finite inputs (NaN, ±∞) have no orientation; the predicate answers ``collinear`` for them, and
/// callers are expected to reject such values before asking.
enum PlanarOrientation: Sendable, Hashable {
    /// `c` is to the left of `a → b` (the triangle a, b, c turns counter-clockwise).
    case counterclockwise
    /// `c` is to the right of `a → b`.
    case clockwise
    /// `a`, `b` and `c` lie on one straight line (including when two of them coincide).
    case collinear

    /// +1, −1 or 0.
    var sign: Int {
        switch self {
        case .counterclockwise: 1
        case .clockwise: -1
        case .collinear: 0
        }
    }

    /// The exact orientation of `c` relative to the directed line `a → b`.
    static func of(
        _ ax: Double, _ ay: Double,
        _ bx: Double, _ by: Double,
        _ cx: Double, _ cy: Double
    ) -> PlanarOrientation {
        from(sign: orient2dSign(ax, ay, bx, by, cx, cy))
    }

    /// The exact orientation of three coordinates with x = longitude and y = latitude.
    static func of(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> PlanarOrientation {
        of(a.longitude, a.latitude, b.longitude, b.latitude, c.longitude, c.latitude)
    }

    /// Whether the coordinates in `points` may be given to ``sign(safe:_:_:)``: finite, and each zero
    /// or of magnitude within [2⁻⁴⁵⁰, 2⁴⁵⁰] (every coordinate in degrees but subnormal ones).
    static func areSafe(_ points: UnsafeBufferPointer<Coordinate>) -> Bool {
        for p in points where !(p.longitude.isFinite && p.latitude.isFinite
            && isSafeForExpansion(p.longitude) && isSafeForExpansion(p.latitude)) {
            return false
        }
        return true
    }

    /// The exact sign of the orientation of `c` relative to `a → b` (as ``sign`` of
    /// ``of(_:_:_:)``), for coordinates that ``areSafe(_:)`` accepted: the floating-point filter is
    /// inlined and the checks of the inputs are skipped; only a determinant within the filter's
    /// error bound goes to the exact computation.
    @inline(__always)
    static func sign(safe a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Int {
        let detLeft = (a.longitude - c.longitude) * (b.latitude - c.latitude)
        let detRight = (a.latitude - c.latitude) * (b.longitude - c.longitude)
        let det = detLeft - detRight
        // Stage A of orient2dSign: the sign is certain when the two products have opposite signs
        // (or one is zero), or when |det| reaches the error bound.
        if (detLeft > 0 && detRight > 0) || (detLeft < 0 && detRight < 0) {
            let bound = ccwErrorBoundA * (detLeft + detRight).magnitude
            if det < bound && -det < bound {
                return orient2dSign(a.longitude, a.latitude, b.longitude, b.latitude, c.longitude, c.latitude)
            }
        }
        return det > 0 ? 1 : (det < 0 ? -1 : 0)
    }

    private static func from(sign: Int) -> PlanarOrientation {
        sign > 0 ? .counterclockwise : (sign < 0 ? .clockwise : .collinear)
    }
}

// MARK: - implementation

/// ε = 2⁻⁵³, half an ulp of 1.
private let epsilon: Double = 0x1p-53
/// Shewchuk's error bound for the floating-point filter of orient2d.
private let ccwErrorBoundA: Double = (3.0 + 16.0 * epsilon) * epsilon

/// Sign of the exact orient2d determinant.
private func orient2dSign(
    _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double
) -> Int {
    let values = (ax, ay, bx, by, cx, cy)
    guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite, cx.isFinite, cy.isFinite else { return 0 }
    guard isSafeForExpansion(ax), isSafeForExpansion(ay), isSafeForExpansion(bx),
        isSafeForExpansion(by), isSafeForExpansion(cx), isSafeForExpansion(cy)
    else {
        return exactIntegerSign(values)
    }

    // 1. Floating-point filter (Shewchuk's orient2d stage A).
    let detLeft = (ax - cx) * (by - cy)
    let detRight = (ay - cy) * (bx - cx)
    let det = detLeft - detRight
    let detSum: Double
    if detLeft > 0 {
        if detRight <= 0 { return signum(det) }
        detSum = detLeft + detRight
    } else if detLeft < 0 {
        if detRight >= 0 { return signum(det) }
        detSum = -detLeft - detRight
    } else {
        return signum(det)
    }
    let bound = ccwErrorBoundA * detSum
    if det >= bound || -det >= bound { return signum(det) }

    // 2. Exact: six products split with TwoProduct, summed exactly.
    var expansion: [Double] = []
    expansion.reserveCapacity(12)
    for (p, q, negate) in [(ax, by, false), (ay, bx, true), (bx, cy, false),
                           (by, cx, true), (cx, ay, false), (cy, ax, true)] {
        let (hi, lo) = twoProduct(p, q)
        growExpansion(&expansion, negate ? -lo : lo)
        growExpansion(&expansion, negate ? -hi : hi)
    }
    return expansionSign(expansion)
}

@inline(__always)
private func signum(_ x: Double) -> Int { x > 0 ? 1 : (x < 0 ? -1 : 0) }

// MARK: - exact integer fallback

/// Number of 64-bit limbs: products of two doubles span exponents −2148 … 2046 plus 106 significand bits.
private let limbCount = 68

/// `value = significand · 2^exponent` with an integer significand, exactly.
private func decompose(_ x: Double) -> (negative: Bool, significand: UInt64, exponent: Int) {
    if x.exponentBitPattern == 0 {
        return (x.sign == .minus, x.significandBitPattern, -1074)
    }
    return (x.sign == .minus, x.significandBitPattern | (1 << 52), Int(x.exponentBitPattern) - 1075)
}

/// Adds the 128-bit value `(high, low)` shifted left by `shift` bits into `limbs`.
private func add(_ limbs: inout [UInt64], high: UInt64, low: UInt64, shift: Int) {
    let index = shift / 64
    let bits = UInt64(shift % 64)
    var parts: [UInt64]
    if bits == 0 {
        parts = [low, high, 0]
    } else {
        parts = [low << bits, (high << bits) | (low >> (64 - bits)), high >> (64 - bits)]
    }
    var carry: UInt64 = 0
    var i = index
    var k = 0
    while (k < parts.count || carry != 0) && i < limbs.count {
        let part = k < parts.count ? parts[k] : 0
        let (s1, o1) = limbs[i].addingReportingOverflow(part)
        let (s2, o2) = s1.addingReportingOverflow(carry)
        limbs[i] = s2
        carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        i += 1
        k += 1
    }
}

/// The sign of `ax·by − ay·bx + bx·cy − by·cx + cx·ay − cy·ax` computed with exact integers.
private func exactIntegerSign(_ v: (Double, Double, Double, Double, Double, Double)) -> Int {
    let (ax, ay, bx, by, cx, cy) = v
    var positive = [UInt64](repeating: 0, count: limbCount)
    var negative = [UInt64](repeating: 0, count: limbCount)
    for (p, q, negate) in [(ax, by, false), (ay, bx, true), (bx, cy, false),
                           (by, cx, true), (cx, ay, false), (cy, ax, true)] {
        if p == 0 || q == 0 { continue }
        let dp = decompose(p)
        let dq = decompose(q)
        let (high, low) = dp.significand.multipliedFullWidth(by: dq.significand)
        let shift = dp.exponent + dq.exponent + 2148
        let isNegative = (dp.negative != dq.negative) != negate
        if isNegative {
            add(&negative, high: high, low: low, shift: shift)
        } else {
            add(&positive, high: high, low: low, shift: shift)
        }
    }
    for i in stride(from: limbCount - 1, through: 0, by: -1) where positive[i] != negative[i] {
        return positive[i] > negative[i] ? 1 : -1
    }
    return 0
}
