// SPDX-License-Identifier: Apache-2.0
/// Where a point lies relative to one closed ring, with planar [longitude, latitude] edges.
///
/// Semantics (RFC 7946 §3.1.1 and §3.1.6): each edge is the straight Cartesian segment between two
/// consecutive positions, in degrees, x = longitude, y = latitude. A point is ``boundary`` when it lies on
/// any edge, vertices included (a zero-length edge from a repeated vertex is just that vertex).
/// Otherwise it is ``inside`` when a ray from the point towards +x crosses the ring an odd number of
/// times (even-odd rule; for the simple rings coverage files contain, this is the same as the non-zero
/// rule, and it does not depend on the winding direction).
///
/// Every decision uses only comparisons and the exact ``PlanarOrientation`` predicate: no epsilon, no
/// division, no sums of coordinates, so the answer is the exact answer for the doubles as stored.
/// Crossings use the half-open rule (an edge counts when exactly one endpoint is strictly above the
/// point), so a ray through a vertex is counted once and horizontal edges never count.
enum RingLocation: Sendable, Hashable {
    case inside
    case boundary
    case outside

    /// Locates `point` relative to `ring`, which must be closed (first position == last).
    /// Non-finite coordinates are ``outside``.
    static func of(_ point: Coordinate, in ring: [Coordinate]) -> RingLocation {
        let px = point.longitude
        let py = point.latitude
        guard px.isFinite, py.isFinite, ring.count >= 2 else { return .outside }
        var inside = false
        var a = ring[0]
        for index in 1..<ring.count {
            let b = ring[index]
            defer { a = b }
            if visit(a.longitude, a.latitude, b.longitude, b.latitude, px, py, inside: &inside) { return .boundary }
        }
        return inside ? .inside : .outside
    }

    /// ``of(_:in:)`` over edges stored as doubles: edge `i` is `e[i], e[i + 1]` → `e[i + 2], e[i + 3]`
    /// (x, y of both ends) for `i` in `stride(from: start, to: stop, by: step)`. Step 2 walks a chain
    /// of positions, step 4 a list of separate edges (``RingEdgeIndex``'s bands).
    @inline(__always)
    static func of(
        _ px: Double, _ py: Double, edges e: UnsafeBufferPointer<Double>, from start: Int, to stop: Int, step: Int
    ) -> RingLocation {
        var inside = false
        var i = start
        while i < stop {
            if visit(e[i], e[i + 1], e[i + 2], e[i + 3], px, py, inside: &inside) { return .boundary }
            i += step
        }
        return inside ? .inside : .outside
    }

    /// ``PlanarOrientation/of(_:_:_:_:_:_:)``, kept out of line: its exact fallback, inlined into
    /// the edge loops, made every visit pay for registers it rarely needs.
    @inline(never)
    static func orientation(
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double
    ) -> PlanarOrientation {
        PlanarOrientation.of(ax, ay, bx, by, px, py)
    }

    /// One edge's share of ``of(_:in:)``: true when the point lies on the edge (vertices included);
    /// otherwise toggles `inside` when the edge crosses the ray towards +x. Edges whose latitude range
    /// does not contain `py` never do either, which is what lets ``RingEdgeIndex`` skip them.
    @inline(__always)
    static func visit(
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double,
        inside: inout Bool
    ) -> Bool {
        let straddles = (ay > py) != (by > py)
        if straddles {
            // Decided by comparisons alone when the point is beside both ends: the edge's line at the
            // point's latitude lies between ax and bx, so the point is strictly on one side of it.
            if px < ax && px < bx {
                inside.toggle()
                return false
            }
            if px > ax && px > bx { return false }
        }
        let inBox = px >= min(ax, bx) && px <= max(ax, bx) && py >= min(ay, by) && py <= max(ay, by)
        if !straddles && !inBox { return false }
        let orientation = orientation(ax, ay, bx, by, px, py)
        if orientation == .collinear && inBox { return true }
        if straddles {
            // The edge crosses the horizontal line through the point; it crosses the ray when the
            // point is on the side of the edge facing -x.
            let upward = by > ay
            if upward ? orientation == .counterclockwise : orientation == .clockwise {
                inside.toggle()
            }
        }
        return false
    }
}
