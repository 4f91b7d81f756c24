// SPDX-License-Identifier: Apache-2.0
/// Exact angular predicates for edges that meet at one node, as in GEOS
/// `algorithm::PolygonNodeTopology` (JTS `PolygonNodeTopology`, M. Davis).
///
/// A direction is given by a point other than the node; its angle is measured counter-clockwise from
/// +x (east) in [0°, 360°). Comparisons use the quadrant of the direction (signs of exact
/// differences) and, within one quadrant, the exact ``PlanarOrientation`` predicate, so they never
/// round.
enum NodeTopology {
    /// 0: [0°, 90°], 1: (90°, 180°], 2: (180°, 270°), 3: [270°, 360°) — GEOS `Quadrant`.
    @inline(__always)
    static func quadrant(_ origin: Coordinate, _ p: Coordinate) -> Int {
        let east = p.longitude >= origin.longitude
        let north = p.latitude >= origin.latitude
        if east { return north ? 0 : 3 }
        return north ? 1 : 2
    }

    /// -1, 0 or +1 as the angle of `p` around `origin` is smaller than, equal to or greater than that of `q`.
    static func compareAngle(_ origin: Coordinate, _ p: Coordinate, _ q: Coordinate) -> Int {
        let qp = quadrant(origin, p), qq = quadrant(origin, q)
        if qp != qq { return qp > qq ? 1 : -1 }
        // Same quadrant: p is greater when it is counter-clockwise of q.
        return PlanarOrientation.of(origin, q, p).sign
    }

    /// Whether the angle of `p` is greater than the angle of `q`.
    @inline(__always)
    static func isAngleGreater(_ origin: Coordinate, _ p: Coordinate, _ q: Coordinate) -> Bool {
        compareAngle(origin, p, q) > 0
    }

    /// Whether the edge pair `a0–node–a1` and the edge pair `b0–node–b1` cross at `node`, i.e. the
    /// `b` edges lie on different sides of the `a` corner. Collinear edges count as not crossing
    /// (overlaps are found as collinear segment intersections instead).
    static func isCrossing(_ node: Coordinate, _ a0: Coordinate, _ a1: Coordinate, _ b0: Coordinate, _ b1: Coordinate) -> Bool {
        var aLo = a0, aHi = a1
        if isAngleGreater(node, aLo, aHi) { swap(&aLo, &aHi) }
        let between0 = compareBetween(node, b0, aLo, aHi)
        if between0 == 0 { return false }
        let between1 = compareBetween(node, b1, aLo, aHi)
        if between1 == 0 { return false }
        return between0 != between1
    }

    /// Whether segment `node → b` lies in the interior of the corner `a0 → node → a1` whose interior
    /// is on the right (clockwise side) of the path a0, node, a1. `b` must not be collinear with
    /// either corner edge.
    static func isInteriorSegment(_ node: Coordinate, _ a0: Coordinate, _ a1: Coordinate, _ b: Coordinate) -> Bool {
        var aLo = a0, aHi = a1
        var interiorBetween = true
        if isAngleGreater(node, aLo, aHi) {
            swap(&aLo, &aHi)
            interiorBetween = false
        }
        let between = isBetween(node, b, aLo, aHi)
        return between == interiorBetween
    }

    /// Whether the angle of `p` is strictly between those of `e0` and `e1` (with `e0` < `e1`).
    static func isBetween(_ origin: Coordinate, _ p: Coordinate, _ e0: Coordinate, _ e1: Coordinate) -> Bool {
        if !isAngleGreater(origin, p, e0) { return false }
        return !isAngleGreater(origin, p, e1)
    }

    /// 1 when `p` is strictly between `e0` and `e1` (by angle), 0 when collinear with one, -1 otherwise.
    private static func compareBetween(_ origin: Coordinate, _ p: Coordinate, _ e0: Coordinate, _ e1: Coordinate) -> Int {
        let c0 = compareAngle(origin, p, e0)
        if c0 == 0 { return 0 }
        let c1 = compareAngle(origin, p, e1)
        if c1 == 0 { return 0 }
        return c0 > 0 && c1 < 0 ? 1 : -1
    }
}
