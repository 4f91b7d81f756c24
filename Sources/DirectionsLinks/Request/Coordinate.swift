// SPDX-License-Identifier: Apache-2.0
/// A position on the WGS84 ellipsoid, in degrees.
///
/// Latitude comes first here, as in MapKit's `CLLocationCoordinate2D` and in RFC 5870 `geo:` URIs.
/// GeoJSON positions use the opposite order, [longitude, latitude] (RFC 7946 §3.1.1); convert with
/// ``init(geoJSONPosition:)`` rather than by hand.
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

    /// Why a pair of numbers is not a coordinate.
    public enum RangeError: Error, Equatable, Sendable {
        /// The latitude is not a finite number in -90...90 degrees.
        case latitudeOutOfRange(Double)
        /// The longitude is not a finite number in -180...180 degrees.
        case longitudeOutOfRange(Double)
    }

    /// Returns a coordinate when both values are finite and in range (RFC 5870 §3.4.2: values outside
    /// these ranges "MUST be considered invalid"). Negative zero becomes zero. Nothing is clamped or wrapped.
    /// - Throws: ``RangeError`` naming the offending value.
    public static func validated(latitude: Double, longitude: Double) throws(RangeError) -> Coordinate {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    /// ``validated(latitude:longitude:)`` without the error: the coordinate (negative zero made zero),
    /// or nil when a value is not finite or out of range (a NaN is neither within 90 nor within 180).
    @inline(__always)
    static func ifValid(latitude: Double, longitude: Double) -> Coordinate? {
        guard latitude.magnitude <= 90, longitude.magnitude <= 180 else { return nil }
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    public var description: String { "\(latitude),\(longitude)" }
}
