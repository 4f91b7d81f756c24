// SPDX-License-Identifier: Apache-2.0
extension Coverage {
    /// The distance in metres from `point` to the nearest edge of the coverage's rings, exterior
    /// rings and holes alike, whether the point is inside or outside; nil when no edge lies within
    /// `limit` metres.
    ///
    /// Edges are the straight (longitude, latitude) segments of RFC 7946 §3.1.1; the distance to
    /// each is ``GreatCircle/distance(from:toSegment:_:)`` (spherical Earth, radius 6 371 008.8 m,
    /// within a fraction of a percent for edges up to a few hundred kilometres). An edge shared by
    /// two adjacent polygons counts as boundary too, so near such an edge the answer is a lower
    /// bound of the distance to the edge of the union: a caller that warns "near the boundary"
    /// warns a little too often there, never too rarely.
    ///
    /// Cost: linear in the number of edges, with edges further than `limit` in latitude skipped
    /// without trigonometry, and nothing at all when the bounding box is further than `limit`.
    /// Non-finite coordinates give nil.
    public func boundaryDistance(from point: Coordinate, within limit: Double = .infinity) -> Double? {
        guard point.latitude.isFinite, point.longitude.isFinite, !polygons.isEmpty, !(limit < 0) else { return nil }
        if limit.isFinite, GreatCircle.lowerBoundAngle(from: point, to: boundingBox) * GreatCircle.earthRadius > limit {
            return nil
        }
        // Moving d metres changes the latitude by at most d/R radians: a cheap filter per edge.
        let latitudeReach = limit.isFinite ? limit / GreatCircle.earthRadius / GreatCircle.radiansPerDegree : .infinity
        let cosLatitude = Trigonometry.cos(point.latitude * GreatCircle.radiansPerDegree)
        var best = limit.isFinite ? GreatCircle.haversine(distance: limit) : 1.0
        var found = false
        for polygon in polygons {
            for ring in polygon.rings where ring.count >= 2 {
                var a = ring[0]
                for index in 1..<ring.count {
                    let b = ring[index]
                    defer { a = b }
                    if min(a.latitude, b.latitude) - point.latitude > latitudeReach
                        || point.latitude - max(a.latitude, b.latitude) > latitudeReach
                    {
                        continue
                    }
                    let h = GreatCircle.haversine(from: point, cosLatitude: cosLatitude, toSegment: a, b)
                    if h <= best {
                        best = h
                        found = true
                    }
                }
            }
        }
        return found ? GreatCircle.distance(haversine: best) : nil
    }
}
