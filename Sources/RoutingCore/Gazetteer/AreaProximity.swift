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
    /// False when the search stopped at its work budget (files with millions of edges): `place` and
    /// `distance` are then the best found, an upper bound of the true distance.
    var isExhaustive: Bool

    /// Work units (place–edge and place–polygon tests) one search may spend.
    static let workBudget = 3_000_000

    /// The place nearest to the boundary of `coverage`, or nil when the coverage has no finite position.
    ///
    /// Method: an upper bound from the nearest places to up to 64 evenly spaced vertices, then, polygon
    /// by polygon, only the places of the grid cells within that distance of the polygon's bounding box,
    /// pruned by a rigorous lower bound (``GreatCircle/lowerBoundAngle(from:to:)``) before any edge is
    /// measured, and edges pruned by their latitude range.
    static func nearest(to coverage: Coverage) -> AreaProximity? {
        let index = Gazetteer.index
        let rings = coverage.polygons.map(\.ring).filter { ring in
            !ring.isEmpty && ring.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite }
        }
        let vertexCount = rings.reduce(0) { $0 + $1.count }
        guard vertexCount > 0 else { return nil }

        // 1. Upper bound from sampled vertices.
        var bestIndex = -1
        var best = Double.infinity
        let stride = max(1, vertexCount / 64)
        var position = 0
        for ring in rings {
            for vertex in ring {
                defer { position += 1 }
                guard position % stride == 0, let (i, angle) = index.nearest(to: vertex) else { continue }
                let d = angle * GreatCircle.earthRadius
                if d < best || (d == best && i < bestIndex) { best = d; bestIndex = i }
            }
        }
        guard bestIndex >= 0 else { return nil }

        // 2. Refine polygon by polygon.
        var work = 0
        var exhaustive = true
        polygons: for ring in rings {
            let box = BoundingBox(enclosing: ring)
            var candidates: [Int] = []
            index.forEachPlace(near: box, radius: best / GreatCircle.earthRadius) { candidates.append($0) }
            work += candidates.count
            for i in candidates {
                if work > workBudget { exhaustive = false; break polygons }
                let place = index.places[i].coordinate
                let lower = GreatCircle.lowerBoundAngle(from: place, to: box) * GreatCircle.earthRadius
                if lower > best { continue }
                let latitudeSlack = best / GreatCircle.earthRadius / GreatCircle.radiansPerDegree
                var a = ring[0]
                for vertex in ring.dropFirst() {
                    let b = vertex
                    defer { a = b }
                    work += 1
                    if min(a.latitude, b.latitude) - place.latitude > latitudeSlack
                        || place.latitude - max(a.latitude, b.latitude) > latitudeSlack
                    {
                        continue
                    }
                    let d = GreatCircle.distance(from: place, toSegment: a, b)
                    if d < best || (d == best && i < bestIndex) { best = d; bestIndex = i }
                }
                if ring.count == 1 {
                    let d = GreatCircle.distance(place, ring[0])
                    if d < best || (d == best && i < bestIndex) { best = d; bestIndex = i }
                }
            }
        }
        return AreaProximity(place: index.places[bestIndex], distance: best, isExhaustive: exhaustive)
    }
}
