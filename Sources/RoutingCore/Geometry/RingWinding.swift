// SPDX-License-Identifier: Apache-2.0
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
            growExpansion(&expansion, pl)
            growExpansion(&expansion, ph)
            growExpansion(&expansion, -ql)
            growExpansion(&expansion, -qh)
        }
        switch expansionSign(expansion) {
        case 1: return .counterclockwise
        case -1: return .clockwise
        default: return .zeroArea
        }
    }
}

/// True when products with other safe values neither overflow nor lose bits to underflow.
private func isSafe(_ x: Double) -> Bool {
    x.isFinite && isSafeForExpansion(x)
}
