// SPDX-License-Identifier: Apache-2.0
/// Decides whether a point on the boundary of some polygons is nevertheless in the interior of their
/// union, by looking at the edges around the point (the "star" of the node).
///
/// Example: two squares side by side share the edge x = 1; the point (1, 0.5) is on the boundary of
/// each square, but every small disc around it is covered by the two together, so it is interior to
/// the union (OGC: the union's boundary does not contain it).
///
/// Method: every edge through the point contributes one or two **rays** from the point (to the
/// edge's far end or ends), each labelled with whether its polygon's interior lies on the ray's
/// counter-clockwise side. Rays are sorted by angle exactly (``NodeTopology/compareAngle(_:_:_:)``);
/// between two consecutive directions a polygon covers the open sector exactly when its last ray
/// before the sector says so. The point is interior to the union when every sector is covered by
/// some polygon. This is exact for polygons that are valid (GEOS `IsValidOp`); for invalid polygons
/// (self-overlapping rings) the answer is still defined but follows the labels of the last ray.
struct LocalCover {
    /// One ray from `origin` towards `target`.
    struct Ray {
        var origin: Coordinate
        var target: Coordinate
        /// Which polygon (or other closed set) the ray belongs to.
        var source: Int
        /// Whether that polygon's interior is on the counter-clockwise side of the ray, next to it.
        var interiorCounterclockwise: Bool
    }

    private(set) var rays: [Ray] = []

    /// Adds the rays of ring `ring` (closed) through `point`, for polygon `source` whose interior
    /// is on the left of the ring's direction when `interiorOnLeft`.
    mutating func addRing(_ ring: [Coordinate], through point: Coordinate, source: Int, interiorOnLeft: Bool) {
        guard ring.count >= 2 else { return }
        for i in 1..<ring.count {
            let a = ring[i - 1], b = ring[i]
            if a == b || !SegmentIntersection.isOnSegment(point, a, b) { continue }
            // Travelling a → b, the interior is on the left; seen from the point, the ray towards b
            // has that left side counter-clockwise of it, the ray towards a has it clockwise.
            if point != b { rays.append(Ray(origin: point, target: b, source: source, interiorCounterclockwise: interiorOnLeft)) }
            if point != a { rays.append(Ray(origin: point, target: a, source: source, interiorCounterclockwise: !interiorOnLeft)) }
        }
    }

    /// Adds a ray directly (for tests and for other closed sets).
    mutating func add(_ ray: Ray) { rays.append(ray) }

    /// Whether every direction around the point is covered by some source's interior.
    func coversNeighbourhood() -> Bool {
        guard !rays.isEmpty else { return false }
        let sorted = rays.enumerated().sorted { l, r in
            let c = Self.compareAngle(l.element, r.element)
            return c != 0 ? c < 0 : l.offset < r.offset
        }.map(\.element)
        // Each source's state just before the first ray is the label of its last ray (cyclically).
        var state: [Int: Bool] = [:]
        for ray in sorted { state[ray.source] = ray.interiorCounterclockwise }
        var i = 0
        while i < sorted.count {
            var j = i
            while j < sorted.count && Self.compareAngle(sorted[i], sorted[j]) == 0 {
                state[sorted[j].source] = sorted[j].interiorCounterclockwise
                j += 1
            }
            // The sector after directions i..<j, up to the next direction.
            if !state.values.contains(true) { return false }
            i = j
        }
        return true
    }

    /// Exact angular order of two rays. Rays from different origins (the same place written as
    /// longitude −180 and +180) are compared by quadrant, and within a quadrant by their direction
    /// vectors in doubles; for coordinates within ±180° the rays of the two origins never share an
    /// open quadrant, so this rounding is never used for valid coverage files.
    static func compareAngle(_ a: Ray, _ b: Ray) -> Int {
        if a.origin == b.origin { return NodeTopology.compareAngle(a.origin, a.target, b.target) }
        let qa = NodeTopology.quadrant(a.origin, a.target), qb = NodeTopology.quadrant(b.origin, b.target)
        if qa != qb { return qa > qb ? 1 : -1 }
        let ax = a.target.longitude - a.origin.longitude, ay = a.target.latitude - a.origin.latitude
        let bx = b.target.longitude - b.origin.longitude, by = b.target.latitude - b.origin.latitude
        let cross = bx * ay - by * ax  // > 0 when a is counter-clockwise of b
        return cross > 0 ? 1 : (cross < 0 ? -1 : 0)
    }
}
