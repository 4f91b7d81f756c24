// SPDX-License-Identifier: Apache-2.0
/// Great-circle distances on a spherical Earth, for "how far is the nearest place" answers.
///
/// Model: a sphere of radius ``earthRadius`` = 6 371 008.8 m (IUGG mean radius, the same as the
/// coverage area computation); distances are in metres and differ from WGS 84 ellipsoidal distances by
/// up to about 0.5 %, which is fine for describing areas, not for surveying.
enum GreatCircle {
    /// IUGG mean Earth radius R₁ in metres.
    static let earthRadius: Double = 6_371_008.8

    static let radiansPerDegree: Double = .pi / 180

    /// Great-circle distance in metres between two coordinates (haversine formula, degrees in).
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        earthRadius * angle(a, b)
    }

    /// Central angle in radians between two coordinates given in degrees.
    static func angle(_ a: Coordinate, _ b: Coordinate) -> Double {
        let phi1 = a.latitude * radiansPerDegree, phi2 = b.latitude * radiansPerDegree
        let dPhi = phi2 - phi1
        let dLambda = (b.longitude - a.longitude) * radiansPerDegree
        let s1 = Trigonometry.sin(dPhi / 2), s2 = Trigonometry.sin(dLambda / 2)
        let h = s1 * s1 + Trigonometry.cos(phi1) * Trigonometry.cos(phi2) * s2 * s2
        return 2 * Trigonometry.asin(min(1, h).squareRoot())
    }

    /// The point on the unit sphere for a coordinate in degrees.
    static func unitVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        let phi = c.latitude * radiansPerDegree, lambda = c.longitude * radiansPerDegree
        let cosPhi = Trigonometry.cos(phi)
        return (cosPhi * Trigonometry.cos(lambda), cosPhi * Trigonometry.sin(lambda), Trigonometry.sin(phi))
    }

    /// Central angle in radians for a chord of the unit sphere.
    static func angle(chord: Double) -> Double { 2 * Trigonometry.asin(chord / 2) }

    /// Chord of the unit sphere for a central angle in radians (≤ π).
    static func chord(angle: Double) -> Double { 2 * Trigonometry.sin(min(angle, .pi) / 2) }

    /// Distance in metres from `point` to the segment `a`–`b`, where the segment is the straight line
    /// in (longitude, latitude) that RFC 7946 §3.1.1 defines.
    ///
    /// The closest point of the segment is found in an equirectangular projection centred on `point`
    /// (x = Δlongitude·cos latitude, y = Δlatitude), and the great-circle distance to that point of the
    /// segment is returned: always the true distance to a point of the segment (so never less than
    /// the true minimum), and within a fraction of a percent of the minimum for segments shorter than a
    /// few hundred kilometres. Longitude differences are taken the short way round, so a point at 179.9°
    /// is near a segment at −179.9°.
    static func distance(from point: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> Double {
        let cosLatitude = Trigonometry.cos(point.latitude * radiansPerDegree)
        return distance(haversine: haversine(from: point, cosLatitude: cosLatitude, toSegment: a, b))
    }

    /// The haversine h = sin²(θ/2) of the central angle θ from `point` (whose |cos latitude| is given)
    /// to the point of segment `a`–`b` described in ``distance(from:toSegment:_:)``. h grows with the
    /// distance, so comparisons need no arcsine.
    @inline(__always)
    static func haversine(from point: Coordinate, cosLatitude k: Double, toSegment a: Coordinate, _ b: Coordinate) -> Double {
        let ax = wrapped(a.longitude - point.longitude) * k
        let ay = a.latitude - point.latitude
        let dx = (b.longitude - a.longitude) * k
        let dy = b.latitude - a.latitude
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = min(1, max(0, -(ax * dx + ay * dy) / lengthSquared))
        }
        let latitude = a.latitude + t * dy
        let longitudeDifference = wrapped(a.longitude + t * (b.longitude - a.longitude) - point.longitude)
        let s1 = Trigonometry.sin((latitude - point.latitude) * radiansPerDegree / 2)
        let s2 = Trigonometry.sin(longitudeDifference * radiansPerDegree / 2)
        return min(1, s1 * s1 + k * Trigonometry.cos(latitude * radiansPerDegree) * s2 * s2)
    }

    /// The haversine h = sin²(θ/2) for a distance in metres.
    static func haversine(distance: Double) -> Double {
        let s = Trigonometry.sin(min(distance / earthRadius, .pi) / 2)
        return s * s
    }

    /// Metres for a haversine h = sin²(θ/2).
    static func distance(haversine h: Double) -> Double {
        2 * earthRadius * Trigonometry.asin(min(1, max(0, h)).squareRoot())
    }

    /// A longitude difference in degrees brought into -180...180.
    static func wrapped(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees <= 180 { return degrees }
        if degrees > 180 && degrees <= 540 { return degrees - 360 }
        if degrees < -180 && degrees >= -540 { return degrees + 360 }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// A lower bound, in radians, of the central angle from a point (degrees) to every point of the
    /// longitude/latitude box: the larger of the latitude gap and the angular distance to the great
    /// circles through the box's bounding meridians. Zero when the point is inside the box.
    static func lowerBoundAngle(from point: Coordinate, to box: BoundingBox) -> Double {
        let latitudeGap: Double
        if point.latitude < box.south {
            latitudeGap = box.south - point.latitude
        } else if point.latitude > box.north {
            latitudeGap = point.latitude - box.north
        } else {
            latitudeGap = 0
        }
        var bound = latitudeGap * radiansPerDegree
        if box.east - box.west < 360, !(point.longitude >= box.west && point.longitude <= box.east) {
            let cosPhi = Trigonometry.cos(point.latitude * radiansPerDegree).magnitude
            let toWest = (cosPhi * Trigonometry.sin(wrapped(point.longitude - box.west) * radiansPerDegree)).magnitude
            let toEast = (cosPhi * Trigonometry.sin(wrapped(point.longitude - box.east) * radiansPerDegree)).magnitude
            // Outside the lune between the two meridians, every path into the box crosses one of the
            // half-meridians, and is at least as long as the distance to that meridian's great circle.
            let west = Trigonometry.asin(min(1, toWest))
            let east = Trigonometry.asin(min(1, toEast))
            bound = max(bound, min(west, east))
        }
        return bound
    }
}
