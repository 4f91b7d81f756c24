// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// How longitude/latitude become pixels: a projection suited to the extent, scaled to fit the map.
///
/// - Small areas (at most 20° of latitude and 30° of longitude, between 70°S and 70°N): an
///   equirectangular projection whose x is scaled by cos(φ₀) at the extent's middle latitude φ₀, so
///   shapes and distances near φ₀ are true (the usual choice for a city or a region).
/// - Everything else: Web Mercator (EPSG:3857, the projection of web maps), latitudes clamped to
///   ±85.05113° where it ends.
///
/// Both projections draw meridians and parallels as straight lines, and straight (longitude,
/// latitude) edges of coverage files (RFC 7946 §3.1.1) as straight lines for meridians and parallels.
struct MapProjection: Sendable {
    enum Kind: Sendable, Equatable {
        /// x = λ·cos(φ₀), y = φ, in degrees.
        case equirectangular(cosine: Double, latitude: Double)
        /// x = λ, y = ln tan(π/4 + φ/2), in radians.
        case webMercator
    }

    static let mercatorLimit = 85.051_128_779_806_59
    /// Metres per degree of a great circle on the sphere of radius 6,371,008.8 m (IUGG mean radius).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    let kind: Kind
    /// Pixels per projected unit.
    let scale: Double
    /// Projected x at the left edge and y at the top edge of the map area.
    let originX: Double
    let originY: Double
    /// The map area on the drawing, in pixels.
    let left: Double
    let top: Double
    let width: Double
    let height: Double

    /// The projection for `box` (degrees, not empty), fitted into a map area of `width` pixels and a
    /// height between 0.45 and 1.0 times that, chosen from the box's shape; the box is centred, and
    /// the side with room to spare shows more around it.
    static func fitted(to box: BoundingBox, width: Double, left: Double, top: Double) -> MapProjection {
        let latitudeSpan = box.north - box.south
        let longitudeSpan = box.east - box.west
        let middle = (box.north + box.south) / 2
        let kind: Kind
        if latitudeSpan <= 20, longitudeSpan <= 30, box.south >= -70, box.north <= 70 {
            kind = .equirectangular(cosine: MapMath.cos(middle * Double.pi / 180), latitude: middle)
        } else {
            kind = .webMercator
        }
        let raw = { (c: Coordinate) in Self.project(c, kind) }
        let a = raw(Coordinate(latitude: box.south, longitude: box.west))
        let b = raw(Coordinate(latitude: box.north, longitude: box.east))
        let spanX = max(b.x - a.x, 1e-9), spanY = max(b.y - a.y, 1e-9)
        let height = min(max(width * spanY / spanX, width * 0.45), width)
        let scale = min(width / spanX, height / spanY)
        let centreX = (a.x + b.x) / 2, centreY = (a.y + b.y) / 2
        return MapProjection(
            kind: kind, scale: scale, originX: centreX - width / 2 / scale, originY: centreY + height / 2 / scale,
            left: left, top: top, width: width, height: height)
    }

    /// Projected (x, y) with y growing northwards.
    static func project(_ c: Coordinate, _ kind: Kind) -> (x: Double, y: Double) {
        switch kind {
        case .equirectangular(let cosine, _):
            return (c.longitude * cosine, c.latitude)
        case .webMercator:
            let latitude = min(max(c.latitude, -mercatorLimit), mercatorLimit)
            let phi = latitude * Double.pi / 180
            return (c.longitude * Double.pi / 180, MapMath.log(MapMath.tan(Double.pi / 4 + phi / 2)))
        }
    }

    /// The pixel of a position (not clamped to the map area).
    func pixel(_ c: Coordinate) -> PixelPoint {
        let p = Self.project(c, kind)
        return PixelPoint(x: left + (p.x - originX) * scale, y: top + (originY - p.y) * scale)
    }

    /// The position at a pixel.
    func coordinate(_ p: PixelPoint) -> Coordinate {
        let x = originX + (p.x - left) / scale
        let y = originY - (p.y - top) / scale
        switch kind {
        case .equirectangular(let cosine, _):
            return Coordinate(latitude: y, longitude: x / cosine)
        case .webMercator:
            let phi = 2 * MapMath.atan(MapMath.exp(y)) - Double.pi / 2
            return Coordinate(latitude: phi * 180 / Double.pi, longitude: x * 180 / Double.pi)
        }
    }

    /// The longitude/latitude box the map area shows (latitudes clamped to ±90).
    var visibleBox: BoundingBox {
        let northWest = coordinate(PixelPoint(x: left, y: top))
        let southEast = coordinate(PixelPoint(x: left + width, y: top + height))
        return BoundingBox(
            west: northWest.longitude, south: max(-90, southEast.latitude),
            east: southEast.longitude, north: min(90, northWest.latitude))
    }

    /// Metres on the ground per pixel along a parallel at `latitude` (spherical Earth).
    func metresPerPixel(atLatitude latitude: Double) -> Double {
        switch kind {
        case .equirectangular:
            // One projected unit is one degree of latitude, or 1/cos φ₀ degrees of longitude at φ₀.
            return Self.metresPerDegree / scale
        case .webMercator:
            return Self.metresPerDegree * 180 / Double.pi * MapMath.cos(latitude * Double.pi / 180) / scale
        }
    }

    /// "equirectangular, true at 51.5°N" or "Web Mercator", for the legend.
    var name: String {
        switch kind {
        case .equirectangular(_, let latitude):
            return "equirectangular, scaled by cos \(Degrees.latitude(latitude, decimals: 1))"
        case .webMercator:
            return "Web Mercator"
        }
    }
}

/// Degree labels: `51.5°N`, `0.25°W`, `0°`.
enum Degrees {
    static func latitude(_ value: Double, decimals: Int) -> String {
        label(value, decimals: decimals, positive: "N", negative: "S")
    }

    static func longitude(_ value: Double, decimals: Int) -> String {
        var v = value
        if v > 180 { v -= 360 } else if v < -180 { v += 360 }
        return label(v, decimals: decimals, positive: "E", negative: "W")
    }

    private static func label(_ value: Double, decimals: Int, positive: String, negative: String) -> String {
        let text = SVGWriter.number(value.magnitude, decimals: decimals)
        if text == "0" { return "0°" }
        return text + "°" + (value > 0 ? positive : negative)
    }
}
