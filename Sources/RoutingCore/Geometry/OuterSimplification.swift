// SPDX-License-Identifier: Apache-2.0
/// Simplifies a polygon's exterior ring to at most a given number of points **without ever shrinking
/// it**: the result contains the original ring and everything inside it (an outer approximation), so
/// a coverage file simplified this way never stops offering its app anywhere it was offered.
///
/// Points are counted as ``CoverageValidator`` counts them for `too-many-points`: the closing repeat
/// is not a point. Edges are straight in (longitude, latitude), as everywhere in coverage (RFC 7946
/// §3.1.1), and every decision is taken with the exact orientation predicate (``PlanarOrientation``).
///
/// Method, in order, each step only when the one before leaves too many points:
/// 1. **Outward removal** (rings of at most ``outwardRemovalLimit`` points): repeatedly delete the
///    concave corner whose removal adds the least area. Deleting a concave corner `v` between `a` and
///    `b` adds the triangle `a v b`, which lies outside the polygon when no other corner is in it or on
///    it; then the new edge `a b` crosses nothing and the ring stays simple. Straight-through corners
///    go first (they add nothing). Every position kept is an original one.
/// 2. **Convex hull**, then **edge collapse**: while the hull has too many corners, replace the edge
///    whose neighbouring edges, extended, meet with the smallest added triangle, by their meeting
///    point (rounded outwards to 7 decimals when that stays exact). Each step keeps the polygon convex
///    and containing the one before (checked exactly, and in range: longitude −180…180, latitude
///    −90…90).
/// 3. The **bounding box** (4 points) when no collapse is possible.
///
/// The result is checked before it is returned: a valid ring (``PolygonValidity``) that covers every
/// original position (``CoveragePolygon/covers(_:)``); otherwise the bounding box is returned.
public enum OuterSimplification {
    /// How a ring was simplified.
    public enum Method: String, Sendable, Hashable {
        /// It had few enough points.
        case unchanged
        /// Concave corners were removed (step 1): every position is an original one.
        case outward
        /// Its convex hull, with edges collapsed (step 2).
        case convexHull
        /// Its bounding box (step 3).
        case boundingBox
    }

    /// Step 1 runs on rings of at most this many points; its cost grows with the square of the
    /// points. Larger rings go straight to their convex hull.
    public static let outwardRemovalLimit = 5_000

    /// The smallest `maximumPoints` accepted: the bounding box needs 4.
    public static let minimumPoints = 4

    /// Simplifies one closed exterior ring.
    /// - Parameters:
    ///   - ring: a closed ring (first position equal to the last) of a valid polygon: simple, with
    ///     area, positions in range (degrees; x = longitude, y = latitude). Either winding.
    ///   - maximumPoints: at most this many points in the result, closing repeat not counted; at
    ///     least ``minimumPoints``.
    /// - Returns: a closed ring with the input's winding, containing the input; nil when `ring` is
    ///   not closed, has fewer than 4 positions or `maximumPoints` is below ``minimumPoints``.
    public static func simplify(_ ring: [Coordinate], maximumPoints: Int) -> (ring: [Coordinate], method: Method)? {
        guard maximumPoints >= minimumPoints, ring.count >= 4, ring.first == ring.last else { return nil }
        var open = Array(ring.dropLast())
        if open.count <= maximumPoints { return (ring, .unchanged) }
        let clockwise = !RingOrientation.isCounterclockwise(ring)
        if clockwise { open.reverse() }

        var result: [Coordinate]
        var method = Method.outward
        if open.count <= outwardRemovalLimit {
            result = removeConcaveCorners(open, maximumPoints: maximumPoints)
        } else {
            result = open
        }
        if result.count > maximumPoints {
            method = .convexHull
            result = collapseEdges(convexHull(result), maximumPoints: maximumPoints) ?? []
            if result.isEmpty || result.count > maximumPoints {
                method = .boundingBox
                result = box(open)
            }
        }
        if method != .boundingBox, !contains(result, all: open) {
            method = .boundingBox
            result = box(open)
        }
        if clockwise { result.reverse() }
        return (result + [result[0]], method)
    }

    // MARK: step 1

    /// Removes concave (and straight-through) corners of a counter-clockwise open ring, least added
    /// area first, while more than `maximumPoints` remain and one can be removed.
    static func removeConcaveCorners(_ ring: [Coordinate], maximumPoints: Int) -> [Coordinate] {
        let n = ring.count
        var next = Array(1...n)
        next[n - 1] = 0
        var previous = Array(-1..<(n - 1))
        previous[0] = n - 1
        var alive = [Bool](repeating: true, count: n)
        var blocked = [Bool](repeating: false, count: n)
        var count = n

        /// The area (degrees², planar) that removing corner `i` adds, or nil when it is convex.
        func cost(_ i: Int) -> Double? {
            let a = ring[previous[i]], v = ring[i], b = ring[next[i]]
            switch PlanarOrientation.of(a, v, b) {
            case .counterclockwise: return nil
            case .collinear: return 0
            case .clockwise:
                let cross = (v.longitude - a.longitude) * (b.latitude - a.latitude)
                    - (v.latitude - a.latitude) * (b.longitude - a.longitude)
                return abs(cross) / 2
            }
        }

        /// True when no other remaining corner lies in or on the triangle a v b.
        func triangleIsEmpty(_ i: Int) -> Bool {
            let ia = previous[i], ib = next[i]
            let a = ring[ia], v = ring[i], b = ring[ib]
            if PlanarOrientation.of(a, v, b) == .collinear { return true }
            let west = min(a.longitude, v.longitude, b.longitude), east = max(a.longitude, v.longitude, b.longitude)
            let south = min(a.latitude, v.latitude, b.latitude), north = max(a.latitude, v.latitude, b.latitude)
            var j = next[ib]
            while j != ia {
                let w = ring[j]
                if w.longitude >= west, w.longitude <= east, w.latitude >= south, w.latitude <= north,
                    PlanarOrientation.of(a, b, w) != .clockwise, PlanarOrientation.of(b, v, w) != .clockwise,
                    PlanarOrientation.of(v, a, w) != .clockwise
                {
                    return false
                }
                j = next[j]
            }
            return true
        }

        var costs = (0..<n).map(cost)
        while count > maximumPoints {
            var best: Int?
            var bestCost = Double.infinity
            for i in 0..<n where alive[i] && !blocked[i] {
                if let c = costs[i], c < bestCost {
                    best = i
                    bestCost = c
                }
            }
            guard let i = best else { break }
            guard triangleIsEmpty(i) else {
                blocked[i] = true
                continue
            }
            let a = previous[i], b = next[i]
            next[a] = b
            previous[b] = a
            alive[i] = false
            count -= 1
            for j in [a, b] {
                costs[j] = cost(j)
                blocked[j] = false
            }
        }
        var result: [Coordinate] = []
        result.reserveCapacity(count)
        var start = 0
        while !alive[start] { start += 1 }
        var i = start
        repeat {
            result.append(ring[i])
            i = next[i]
        } while i != start
        return result
    }

    // MARK: step 2

    /// The convex hull, counter-clockwise, without collinear corners (Andrew's monotone chain, exact).
    static func convexHull(_ points: [Coordinate]) -> [Coordinate] {
        let sorted = points.sorted { ($0.longitude, $0.latitude) < ($1.longitude, $1.latitude) }
        guard sorted.count >= 3 else { return sorted }
        var lower: [Coordinate] = []
        for p in sorted {
            while lower.count >= 2, PlanarOrientation.of(lower[lower.count - 2], lower[lower.count - 1], p) != .counterclockwise {
                lower.removeLast()
            }
            lower.append(p)
        }
        var upper: [Coordinate] = []
        for p in sorted.reversed() {
            while upper.count >= 2, PlanarOrientation.of(upper[upper.count - 2], upper[upper.count - 1], p) != .counterclockwise {
                upper.removeLast()
            }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Collapses edges of a strictly convex counter-clockwise polygon until at most `maximumPoints`
    /// corners remain; nil when that cannot be done.
    static func collapseEdges(_ hull: [Coordinate], maximumPoints: Int) -> [Coordinate]? {
        var polygon = hull
        /// The collapse of edge `i → i+1`: the corner that replaces both ends, and the area it adds.
        func candidate(_ i: Int) -> (point: Coordinate, area: Double)? {
            let m = polygon.count
            guard m >= 5 else { return nil }
            let before2 = polygon[(i + m - 2) % m], before = polygon[(i + m - 1) % m]
            let v = polygon[i], w = polygon[(i + 1) % m]
            let after = polygon[(i + 2) % m], after2 = polygon[(i + 3) % m]
            guard let meeting = meetingPoint(before, v, w, after) else { return nil }
            let area = abs((meeting.longitude - v.longitude) * (w.latitude - v.latitude)
                - (meeting.latitude - v.latitude) * (w.longitude - v.longitude)) / 2
            let candidates = outwardRoundings(meeting) + [meeting]
            guard let point = candidates.first(where: { p in
                isCollapse(to: p, before2: before2, before: before, v: v, w: w, after: after, after2: after2)
            }) else { return nil }
            return (point, area)
        }
        // Each collapse changes only the candidates of the edges around it: the others are kept.
        var candidates = polygon.indices.map(candidate)
        while polygon.count > maximumPoints {
            let m = polygon.count
            guard m >= 5 else { return nil }
            var best: Int?
            for i in 0..<m {
                guard let c = candidates[i] else { continue }
                if let b = best, candidates[b]!.area <= c.area { continue }
                best = i
            }
            guard let i = best, let point = candidates[i]?.point else { return nil }
            // Replace corners i and i+1 by the meeting point, which takes index `at`.
            let at: Int
            if i + 1 < m {
                polygon.replaceSubrange(i...(i + 1), with: [point])
                candidates.remove(at: i + 1)
                at = i
            } else {
                polygon[m - 1] = point
                polygon.removeFirst()
                candidates.removeFirst()
                at = m - 2
            }
            let n = polygon.count
            for k in -3...2 where n > 0 {
                let j = ((at + k) % n + n) % n
                candidates[j] = candidate(j)
            }
        }
        return polygon
    }

    /// Where the lines `before → v` and `after → w`, extended beyond `v` and `w`, meet; nil when they
    /// do not meet on that side (their turns add up to half a turn or more).
    private static func meetingPoint(_ before: Coordinate, _ v: Coordinate, _ w: Coordinate, _ after: Coordinate) -> Coordinate? {
        let d1x = v.longitude - before.longitude, d1y = v.latitude - before.latitude
        let d2x = w.longitude - after.longitude, d2y = w.latitude - after.latitude
        let denominator = d1x * d2y - d1y * d2x
        guard denominator != 0, denominator.isFinite else { return nil }
        let ex = w.longitude - v.longitude, ey = w.latitude - v.latitude
        let t = (ex * d2y - ey * d2x) / denominator
        let s = (ex * d1y - ey * d1x) / denominator
        guard t > 0, s > 0, t.isFinite, s.isFinite else { return nil }
        let point = Coordinate(latitude: v.latitude + t * d1y, longitude: v.longitude + t * d1x)
        guard point.latitude.isFinite, point.longitude.isFinite else { return nil }
        return point
    }

    /// `point` rounded to 7 decimals each way (about 1 cm), for shorter numbers in the file.
    private static func outwardRoundings(_ point: Coordinate) -> [Coordinate] {
        let scale = 1e7
        let xs = [(point.longitude * scale).rounded(.down) / scale, (point.longitude * scale).rounded(.up) / scale]
        let ys = [(point.latitude * scale).rounded(.down) / scale, (point.latitude * scale).rounded(.up) / scale]
        return xs.flatMap { x in ys.map { y in Coordinate(latitude: y, longitude: x) } }
    }

    /// Whether replacing the edge `v → w` by the corner `p` keeps the polygon strictly convex, in
    /// range, and containing `v` and `w` (so containing the polygon before), exactly.
    private static func isCollapse(
        to p: Coordinate, before2: Coordinate, before: Coordinate, v: Coordinate, w: Coordinate,
        after: Coordinate, after2: Coordinate
    ) -> Bool {
        guard (-180.0...180.0).contains(p.longitude), (-90.0...90.0).contains(p.latitude) else { return false }
        return PlanarOrientation.of(before, p, v) != .clockwise
            && PlanarOrientation.of(p, after, w) != .clockwise
            && PlanarOrientation.of(before2, before, p) == .counterclockwise
            && PlanarOrientation.of(before, p, after) == .counterclockwise
            && PlanarOrientation.of(p, after, after2) == .counterclockwise
    }

    // MARK: step 3 and the final check

    /// The bounding box, counter-clockwise from the south-west corner.
    static func box(_ points: [Coordinate]) -> [Coordinate] {
        let b = BoundingBox(enclosing: points)
        return [
            Coordinate(latitude: b.south, longitude: b.west), Coordinate(latitude: b.south, longitude: b.east),
            Coordinate(latitude: b.north, longitude: b.east), Coordinate(latitude: b.north, longitude: b.west),
        ]
    }

    /// Whether the open ring `outer` is a valid polygon covering every one of `points` (exact).
    private static func contains(_ outer: [Coordinate], all points: [Coordinate]) -> Bool {
        let closed = outer + [outer[0]]
        guard PolygonValidity.problems(in: [[closed]]).isEmpty else { return false }
        let polygon = CoveragePolygon(ring: closed)
        return points.allSatisfy(polygon.covers)
    }
}
