// SPDX-License-Identifier: Apache-2.0
/// The populated place nearest to an area, for areas that contain none.
///
/// `distance` is the great-circle distance in metres from the place to the closest point of the area's
/// boundary that was found (see ``GreatCircle/distance(from:toSegment:_:)``): the distance to a real
/// point of the boundary, so it never understates how far the place is, and it is within a fraction
/// of a percent of the true minimum for edges up to a few hundred kilometres.
struct AreaProximity: Sendable, Hashable {
    /// The nearest place.
    var place: Place
    /// Metres from the place to the area's boundary.
    var distance: Double
    /// False when the search stopped at its work budget (files with hundreds of thousands of edges
    /// far from everything): `place` and `distance` are then the best found, an upper bound.
    var isExhaustive: Bool

    /// Cheap bound checks (place against polygon box or edge) one search may make.
    static let boundBudget = 5_000_000
    /// Great-circle distance evaluations one search may make.
    static let distanceBudget = 100_000

    /// The place nearest to the boundary of `coverage` among those within `radius` metres of it, or
    /// nil when there is none (or the coverage has no finite position).
    ///
    /// Method: with no radius, an initial bound from the nearest places to up to 64 evenly spaced
    /// vertices. The candidates are the places of the 1° grid cells within that bound, either of each
    /// polygon's bounding box in turn or of the whole coverage's box (then taken in order of a lower
    /// bound of their distance to it, until that exceeds the best distance found), whichever touches
    /// fewer place–polygon pairs. Each candidate is checked against the polygon's box and then each
    /// edge with rigorous cheap lower bounds (latitude gap; longitude gap × cos latitude × 2/π, or the
    /// distance to the pole) before any distance is computed.
    static func nearest(to coverage: Coverage, within radius: Double = .infinity) -> AreaProximity? {
        search(coverage, within: radius).nearest
    }

    /// Whether no populated place lies within `radius` metres of the coverage's boundary, established
    /// by an exhaustive search: false when one does, and also when the search ran out of budget or the
    /// coverage has no finite position (unknown counts as "not remote").
    static func isRemote(_ coverage: Coverage, by radius: Double) -> Bool {
        let result = search(coverage, within: radius)
        return result.nearest == nil && result.isExhaustive
    }

    /// The search behind ``nearest(to:within:)``: the nearest place within `radius` (nil when none
    /// was found) and whether the search was exhaustive.
    private static func search(
        _ coverage: Coverage, within radius: Double
    ) -> (nearest: AreaProximity?, isExhaustive: Bool) {
        let index = Gazetteer.index
        let nearestIndex = Gazetteer.nearestIndex
        let rings = coverage.polygons.map(\.exterior).filter { ring in
            !ring.isEmpty && ring.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite }
        }
        let vertexCount = rings.reduce(0) { $0 + $1.count }
        guard vertexCount > 0, !(radius < 0) else { return (nil, false) }

        var bestIndex = -1
        var best = radius
        var bestHaversine = radius.isFinite ? GreatCircle.haversine(distance: radius) : 2
        func offer(_ i: Int, _ d: Double) {
            if d < best || (d == best && (bestIndex < 0 || i < bestIndex)) {
                best = d
                bestIndex = i
                bestHaversine = GreatCircle.haversine(distance: d)
            }
        }
        /// Offers a candidate given by its haversine; the arcsine is taken only for an improvement.
        func offer(_ i: Int, haversine h: Double) {
            if h < bestHaversine || (h == bestHaversine && (bestIndex < 0 || i < bestIndex)) {
                let d = GreatCircle.distance(haversine: h)
                if d <= best {
                    best = d
                    bestIndex = i
                    bestHaversine = h
                }
            }
        }
        if !radius.isFinite {
            // 1. Upper bound from sampled vertices.
            let stride = max(1, vertexCount / 64)
            var position = 0
            // Each query after the first only looks for a place no farther than the best so far (the
            // margin keeps any place whose distance would round equal): the same offers win.
            var limit = Double.infinity
            for ring in rings {
                for vertex in ring {
                    defer { position += 1 }
                    guard position % stride == 0,
                        let (i, angle, chordSquared) = nearestIndex.nearest(to: vertex, chordSquaredAtMost: limit)
                    else { continue }
                    offer(i, angle * GreatCircle.earthRadius)
                    limit = min(limit, chordSquared * (1 + 1e-9))
                }
            }
            guard bestIndex >= 0 else { return (nil, false) }
        }

        let boxes = rings.map { BoundingBox(enclosing: $0) }
        var bounds = 0
        var distances = 0
        var exhaustive = true

        /// Measures place `i` against one ring, edge by edge, after the cheap bounds; false when the
        /// budget is spent.
        func refine(_ i: Int, _ ring: [Coordinate], _ box: BoundingBox) -> Bool {
            bounds += 1
            if bounds > boundBudget || distances > distanceBudget { return false }
            if lowerBound(index, nearestIndex, i, box) > best { return true }
            let place = index.coordinate(i)
            // The cheap bound is loose by up to π/2 across longitudes; far from the area, most places
            // it lets through are no nearer than the best: the trigonometric bound (a few calls, not
            // three per edge) drops them. The margin keeps rounding from dropping a tie.
            if best.isFinite, ring.count > 2,
                GreatCircle.lowerBoundAngle(from: place, to: box) * GreatCircle.earthRadius * (1 - 1e-9) > best
            {
                return true
            }
            if ring.count == 1 {
                distances += 1
                offer(i, GreatCircle.distance(place, ring[0]))
                return true
            }
            let cosLatitude = nearestIndex.cosLatitudes[i]
            var a = ring[0]
            for b in ring.dropFirst() {
                defer { a = b }
                bounds += 1
                let edgeBox = BoundingBox(
                    west: min(a.longitude, b.longitude), south: min(a.latitude, b.latitude),
                    east: max(a.longitude, b.longitude), north: max(a.latitude, b.latitude))
                if lowerBound(index, nearestIndex, i, edgeBox) > best { continue }
                distances += 1
                offer(i, haversine: GreatCircle.haversine(from: place, cosLatitude: cosLatitude, toSegment: a, b))
            }
            return true
        }

        // 2. Two ways to enumerate candidates; take the one that touches fewer (place, polygon) pairs,
        //    estimated from the areas, in square degrees, of the boxes grown by the current bound:
        //    polygon by polygon (many small polygons far apart), or place by place over the whole
        //    coverage's box, nearest-bound first (polygons spread over a small region, remote places).
        let whole = BoundingBox(enclosing: boxes.lazy.flatMap {
            [Coordinate(latitude: $0.south, longitude: $0.west), Coordinate(latitude: $0.north, longitude: $0.east)]
        })
        let grow = min(best, 2e7) / metresPerDegree
        func grownArea(_ box: BoundingBox) -> Double {
            min(360, box.east - box.west + 2 * grow) * min(180, box.north - box.south + 2 * grow)
        }
        let polygonMajor = boxes.reduce(0.0) { $0 + grownArea($1) }
        let placeMajor = grownArea(whole) * Double(boxes.count) / 4
        if polygonMajor <= placeMajor {
            var candidates: [Int] = []
            polygons: for (ring, box) in zip(rings, boxes) {
                candidates.removeAll(keepingCapacity: true)
                index.forEachPlace(near: box, radius: min(best, 2e7) / GreatCircle.earthRadius) { candidates.append($0) }
                for i in candidates where !refine(i, ring, box) {
                    exhaustive = false
                    break polygons
                }
            }
        } else {
            var candidates: [(bound: Double, index: Int)] = []
            index.forEachPlace(near: whole, radius: min(best, 2e7) / GreatCircle.earthRadius) { i in
                let bound = lowerBound(index, nearestIndex, i, whole)
                if bound <= best { candidates.append((bound, i)) }
            }
            candidates.sort { $0.bound != $1.bound ? $0.bound < $1.bound : $0.index < $1.index }
            bounds += candidates.count
            places: for (wholeBound, i) in candidates {
                if wholeBound > best { break }
                for (ring, box) in zip(rings, boxes) where !refine(i, ring, box) {
                    exhaustive = false
                    break places
                }
            }
        }
        guard bestIndex >= 0 else { return (nil, exhaustive) }
        return (AreaProximity(place: index.place(bestIndex), distance: best, isExhaustive: exhaustive), exhaustive)
    }

    private static let metresPerDegree = GreatCircle.earthRadius * GreatCircle.radiansPerDegree

    /// A rigorous lower bound in metres of the distance from place `i` to every point of `box`, with
    /// no trigonometry: the larger of the latitude gap and, when the place lies outside the box's
    /// longitudes, the distance to the nearer bounding half-meridian, itself bounded below by
    /// cos φ · (2/π) · Δλ (since asin x ≥ x and sin Δλ ≥ (2/π)·Δλ for Δλ ≤ 90°) or, beyond 90°, by the
    /// distance to the nearer pole.
    @inline(__always)
    private static func lowerBound(
        _ index: GazetteerIndex, _ nearestIndex: NearestPlaceIndex, _ i: Int, _ box: BoundingBox
    ) -> Double {
        let latitude = index.latitudes[i], longitude = index.longitudes[i]
        let gap = latitude < box.south ? box.south - latitude : (latitude > box.north ? latitude - box.north : 0)
        var bound = gap * metresPerDegree
        if !(longitude >= box.west && longitude <= box.east) && box.east - box.west < 360 {
            let lateral = nearestIndex.cosLatitudes[i] * (2 / Double.pi) * metresPerDegree
            let toPole = (90 - latitude.magnitude) * metresPerDegree
            let dWest = GreatCircle.wrapped(longitude - box.west).magnitude
            let dEast = GreatCircle.wrapped(longitude - box.east).magnitude
            let west = dWest <= 90 ? dWest * lateral : toPole
            let east = dEast <= 90 ? dEast * lateral : toPole
            bound = max(bound, min(west, east))
        }
        return bound
    }
}
