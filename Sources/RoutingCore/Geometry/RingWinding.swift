/// Which way a ring runs in the [longitude, latitude] plane, from the **exact** sign of its signed
/// (shoelace) area.
///
/// RFC 7946 §3.1.6 (the right-hand rule): exterior rings run counter-clockwise and holes clockwise,
/// with x = longitude and y = latitude in degrees, as for ``PlanarOrientation``. The signed area is
///
///     2A = Σ (xᵢ · yᵢ₊₁ − xᵢ₊₁ · yᵢ)
///
/// over the ring's edges (an unclosed ring is closed implicitly). Positive means counter-clockwise.
/// A self-intersecting ring (a bow-tie) gets the sign of its net area, which is zero for two equal
/// lobes: such a ring has no winding to correct, and ``zeroArea`` says so.
///
/// Exactness: the sum is first computed in doubles with a proven error bound (each of the `m`
/// products and additions adds at most `ε` relative error, so the rounded sum is within
/// `2(m + 2)ε · Σ|products|` of the real one); when the rounded sum is not safely away from zero the
/// products are split exactly with TwoProduct and summed exactly as a Shewchuk expansion
/// (Grow-Expansion with zero elimination), whose largest component has the sign of the real sum.
/// This is the same arithmetic as ``PlanarOrientation`` (J. R. Shewchuk, "Adaptive Precision
/// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
enum RingWinding: Sendable, Hashable {
    /// Positive signed area: the right-hand rule's exterior orientation.
    case counterclockwise
    /// Negative signed area: the right-hand rule's hole orientation.
    case clockwise
    /// Exactly zero signed area (collinear positions, or a bow-tie whose lobes cancel).
    case zeroArea

    /// The winding of `ring` (x = longitude, y = latitude), or nil when it cannot be decided
    /// exactly: a non-finite value, or a non-zero magnitude outside [2⁻⁴⁵⁰, 2⁴⁵⁰] where products
    /// could under- or overflow. Neither occurs for coordinates in degrees written with fewer than
    /// 135 decimal places.
    static func of(_ ring: [Coordinate]) -> RingWinding? {
        guard ring.count >= 3 else { return .zeroArea }
        for c in ring {
            guard isSafe(c.longitude), isSafe(c.latitude) else { return nil }
        }
        let n = ring.count
        let closed = ring[0] == ring[n - 1]
        let edges = closed ? n - 1 : n
        // Stage 1: rounded sum with an error bound.
        var sum = 0.0
        var magnitude = 0.0
        for i in 0..<edges {
            let a = ring[i], b = ring[(i + 1) % n]
            let p = a.longitude * b.latitude
            let q = b.longitude * a.latitude
            sum += p - q
            magnitude += abs(p) + abs(q)
        }
        let terms = Double(2 * edges + 2)
        let bound = 2 * terms * 0x1p-53 * magnitude
        if sum > bound { return .counterclockwise }
        if sum < -bound { return .clockwise }
        if magnitude == 0 { return .zeroArea }
        // Stage 2: exact expansion sum.
        var expansion: [Double] = []
        for i in 0..<edges {
            let a = ring[i], b = ring[(i + 1) % n]
            let (ph, pl) = twoProduct(a.longitude, b.latitude)
            let (qh, ql) = twoProduct(b.longitude, a.latitude)
            grow(&expansion, pl)
            grow(&expansion, ph)
            grow(&expansion, -ql)
            grow(&expansion, -qh)
        }
        for component in expansion.reversed() where component != 0 {
            return component > 0 ? .counterclockwise : .clockwise
        }
        return .zeroArea
    }
}

/// True when products with other safe values neither overflow nor lose bits to underflow.
private func isSafe(_ x: Double) -> Bool {
    guard x.isFinite else { return false }
    let m = x.magnitude
    return m == 0 || (m >= 0x1p-450 && m <= 0x1p450)
}

/// Knuth's TwoSum: `s + e == a + b` exactly.
private func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a + b
    let bVirtual = s - a
    let aVirtual = s - bVirtual
    return (s, (a - aVirtual) + (b - bVirtual))
}

/// TwoProduct with a fused multiply-add: `p + e == a · b` exactly for safe inputs.
private func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
    let p = a * b
    return (p, (-p).addingProduct(a, b))
}

/// Shewchuk's Grow-Expansion with zero elimination (components by increasing magnitude).
private func grow(_ e: inout [Double], _ b: Double) {
    guard b != 0 else { return }
    var q = b
    var out: [Double] = []
    out.reserveCapacity(e.count + 1)
    for component in e {
        let (s, err) = twoSum(q, component)
        if err != 0 { out.append(err) }
        q = s
    }
    if q != 0 { out.append(q) }
    e = out
}
