// SPDX-License-Identifier: Apache-2.0
/// How two closed straight segments in the (longitude, latitude) plane meet, decided exactly.
///
/// Segments are the straight Cartesian edges of RFC 7946 §3.1.1, x = longitude, y = latitude, in
/// degrees. The classification uses only comparisons and the exact orientation predicate
/// ``PlanarOrientation`` (Shewchuk-style expansion arithmetic), never an epsilon, so it is the exact
/// answer for the doubles as stored. It corresponds to what GEOS's `RobustLineIntersector` reports:
/// no intersection, a *proper* intersection (interiors cross at one point), a single intersection at
/// an endpoint of at least one segment, or a collinear intersection of positive length.
///
/// Both segments must have distinct endpoints (zero-length edges are skipped by callers).
enum SegmentIntersection: Sendable, Hashable {
    /// The segments share no point.
    case disjoint
    /// The interiors cross at exactly one point that is an endpoint of neither segment. The point is
    /// rounded to doubles (it is usually not representable) and only meant for messages.
    case crossing(Coordinate)
    /// The segments meet in exactly one point which is an endpoint of at least one of them: an
    /// endpoint of one lying on the other, or a shared endpoint. The point is exact (it is that endpoint).
    case touch(Coordinate)
    /// The segments are collinear and share a sub-segment of positive length, from `start` to `end`
    /// (both exact: each is an endpoint of one of the segments).
    case overlap(start: Coordinate, end: Coordinate)

    /// Classifies the closed segments `p0–p1` and `q0–q1`.
    static func of(_ p0: Coordinate, _ p1: Coordinate, _ q0: Coordinate, _ q1: Coordinate) -> SegmentIntersection {
        classify(p0, p1, q0, q1) { PlanarOrientation.of($0, $1, $2).sign }
    }

    /// ``of(_:_:_:_:)`` for coordinates that ``PlanarOrientation/areSafe(_:)`` accepted (the same
    /// answer, with the orientation's filter inlined): what the edge search of a large file uses.
    static func of(safe p0: Coordinate, _ p1: Coordinate, _ q0: Coordinate, _ q1: Coordinate) -> SegmentIntersection {
        classify(p0, p1, q0, q1) { PlanarOrientation.sign(safe: $0, $1, $2) }
    }

    @inline(__always)
    private static func classify(
        _ p0: Coordinate, _ p1: Coordinate, _ q0: Coordinate, _ q1: Coordinate,
        _ orientation: (Coordinate, Coordinate, Coordinate) -> Int
    ) -> SegmentIntersection {
        // Cheap rejection on the boxes (exact comparisons).
        if max(p0.longitude, p1.longitude) < min(q0.longitude, q1.longitude)
            || max(q0.longitude, q1.longitude) < min(p0.longitude, p1.longitude)
            || max(p0.latitude, p1.latitude) < min(q0.latitude, q1.latitude)
            || max(q0.latitude, q1.latitude) < min(p0.latitude, p1.latitude)
        {
            return .disjoint
        }
        let o1 = orientation(p0, p1, q0)
        let o2 = orientation(p0, p1, q1)
        if o1 != 0 && o1 == o2 { return .disjoint }
        let o3 = orientation(q0, q1, p0)
        let o4 = orientation(q0, q1, p1)
        if o3 != 0 && o3 == o4 { return .disjoint }

        if o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0 {
            return collinear(p0, p1, q0, q1)
        }
        if o1 * o2 < 0 && o3 * o4 < 0 {
            return .crossing(approximateCrossing(p0, p1, q0, q1))
        }
        // Not collinear and not proper: at most one common point, and if there is one it is an
        // endpoint lying on the other segment.
        if o3 == 0 && inBox(p0, q0, q1) { return .touch(p0) }
        if o4 == 0 && inBox(p1, q0, q1) { return .touch(p1) }
        if o1 == 0 && inBox(q0, p0, p1) { return .touch(q0) }
        if o2 == 0 && inBox(q1, p0, p1) { return .touch(q1) }
        return .disjoint
    }

    /// Whether `c` lies in the closed axis-aligned box of `a` and `b` (for a point known to be on the
    /// line through `a` and `b`, this is "on the segment").
    @inline(__always)
    static func inBox(_ c: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        c.longitude >= min(a.longitude, b.longitude) && c.longitude <= max(a.longitude, b.longitude)
            && c.latitude >= min(a.latitude, b.latitude) && c.latitude <= max(a.latitude, b.latitude)
    }

    /// Whether `c` lies on the closed segment `a–b` (exact).
    static func isOnSegment(_ c: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        inBox(c, a, b) && PlanarOrientation.of(a, b, c) == .collinear
    }

    /// Lexicographic order (x, then y): along one line this is the order of the points.
    @inline(__always)
    static func precedes(_ a: Coordinate, _ b: Coordinate) -> Bool {
        a.longitude < b.longitude || (a.longitude == b.longitude && a.latitude < b.latitude)
    }

    private static func collinear(_ p0: Coordinate, _ p1: Coordinate, _ q0: Coordinate, _ q1: Coordinate) -> SegmentIntersection {
        let (pLo, pHi) = precedes(p1, p0) ? (p1, p0) : (p0, p1)
        let (qLo, qHi) = precedes(q1, q0) ? (q1, q0) : (q0, q1)
        let lo = precedes(pLo, qLo) ? qLo : pLo
        let hi = precedes(pHi, qHi) ? pHi : qHi
        if precedes(hi, lo) { return .disjoint }
        if lo == hi { return .touch(lo) }
        return .overlap(start: lo, end: hi)
    }

    /// The crossing point of two properly crossing segments, in doubles (for messages only).
    private static func approximateCrossing(_ p0: Coordinate, _ p1: Coordinate, _ q0: Coordinate, _ q1: Coordinate) -> Coordinate {
        let rx = p1.longitude - p0.longitude, ry = p1.latitude - p0.latitude
        let sx = q1.longitude - q0.longitude, sy = q1.latitude - q0.latitude
        let denominator = rx * sy - ry * sx
        guard denominator != 0, denominator.isFinite else { return p0 }
        var t = ((q0.longitude - p0.longitude) * sy - (q0.latitude - p0.latitude) * sx) / denominator
        t = min(max(t, 0), 1)
        return Coordinate(latitude: p0.latitude + t * ry, longitude: p0.longitude + t * rx)
    }
}
