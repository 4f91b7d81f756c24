// SPDX-License-Identifier: Apache-2.0
/// The winding of a closed ring in the (longitude, latitude) plane.
///
/// Decided exactly at the ring's lexicographically smallest vertex v (smallest longitude, then
/// smallest latitude): v is a corner of the ring's convex hull, so the turn prev → v → next (with
/// repeated positions skipped) has the ring's orientation. For a ring that does not self-intersect
/// this is exact (``PlanarOrientation``). When that turn is degenerate (a spike at v, only possible
/// for an invalid ring) the sign of the shoelace sum is used instead.
enum RingOrientation {
    /// Whether `ring` (closed: first == last) runs counter-clockwise with x = longitude, y = latitude.
    /// False for rings without three distinct positions.
    static func isCounterclockwise(_ ring: [Coordinate]) -> Bool {
        let n = ring.count - 1  // distinct slots, the closing repeat excluded
        guard n >= 3 else { return false }
        var lowest = 0
        for i in 1..<n where SegmentIntersection.precedes(ring[i], ring[lowest]) {
            lowest = i
        }
        let v = ring[lowest]
        var prev = (lowest + n - 1) % n
        while ring[prev] == v && prev != lowest { prev = (prev + n - 1) % n }
        var next = (lowest + 1) % n
        while ring[next] == v && next != lowest { next = (next + 1) % n }
        switch PlanarOrientation.of(ring[prev], v, ring[next]) {
        case .counterclockwise: return true
        case .clockwise: return false
        case .collinear: return shoelace(ring) > 0
        }
    }

    /// Twice the signed area, relative to the first position (doubles; positive = counter-clockwise).
    static func shoelace(_ ring: [Coordinate]) -> Double {
        guard let origin = ring.first, ring.count > 2 else { return 0 }
        var sum = 0.0
        for i in 1..<ring.count {
            let ax = ring[i - 1].longitude - origin.longitude, ay = ring[i - 1].latitude - origin.latitude
            let bx = ring[i].longitude - origin.longitude, by = ring[i].latitude - origin.latitude
            sum += ax * by - bx * ay
        }
        return sum
    }
}
