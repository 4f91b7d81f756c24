// SPDX-License-Identifier: Apache-2.0
/// A position on the WGS84 ellipsoid, in degrees, latitude first (as MapKit and RFC 5870 `geo:`).
/// GeoJSON positions are [longitude, latitude] (RFC 7946 §3.1.1): use ``init(geoJSONPosition:_:)``.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of the prime meridian, -180...180.
    public var longitude: Double

    /// Creates a coordinate without range checks. Use ``validated(latitude:longitude:)`` for input.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from a GeoJSON position `[longitude, latitude]` (RFC 7946 §3.1.1).
    public init(geoJSONPosition longitude: Double, _ latitude: Double) {
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Why a pair of numbers is not a coordinate: the value not finite or outside -90...90 / -180...180 degrees.
    public enum RangeError: Error, Equatable, Sendable { case latitudeOutOfRange(Double), longitudeOutOfRange(Double) }

    /// A coordinate when both values are finite and in range (RFC 5870 §3.4.2: values outside these ranges
    /// "MUST be considered invalid"), never clamped or wrapped; negative zero becomes zero.
    /// - Throws: ``RangeError`` naming the offending value.
    public static func validated(latitude: Double, longitude: Double) throws(RangeError) -> Coordinate {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    /// ``validated(latitude:longitude:)`` without the error (a NaN is neither within 90 nor within 180).
    @inline(__always)
    static func ifValid(latitude: Double, longitude: Double) -> Coordinate? {
        guard latitude.magnitude <= 90, longitude.magnitude <= 180 else { return nil }
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    public var description: String { "\(latitude),\(longitude)" }
}
