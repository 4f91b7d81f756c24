// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// The current location that stands in for a request's `currentLocation` endpoints. A request may
/// carry one (varlink `currentLocation`, e.g. from GeoClue2); it takes precedence over the daemon's
/// own (`routingctl location set`) for that request only.
public struct CurrentLocation: Hashable, Sendable {
    /// Whose location it is.
    public enum Origin: String, Hashable, Sendable {
        /// Given with the request, for that request only.
        case request
        /// The daemon's own, set with `SetCurrentLocation` (`routingctl location set`).
        case daemon
    }

    /// The point, WGS84 degrees.
    public var coordinate: Coordinate
    /// The radius of uncertainty in metres (GeoClue2's `Accuracy`, Core Location's
    /// `horizontalAccuracy`): finite and ≥ 0; nil when not said.
    public var accuracy: Double?
    /// Where it came from (`geoclue2`, `command-line`, …), one line; nil when not said.
    public var source: String?
    public var origin: Origin

    /// Creates a location without checks; use ``validated(latitude:longitude:accuracy:source:origin:)`` for input.
    public init(coordinate: Coordinate, accuracy: Double? = nil, source: String? = nil, origin: Origin) {
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.source = source.map { OneLine.escaped($0) }
        self.origin = origin
    }

    /// Why a location given as numbers is refused: the field at fault and what is wrong.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// `latitude`, `longitude`, `accuracy` or `source`.
        public var field: String
        public var message: String
        public var description: String { "\(field): \(message)" }
    }

    /// The longest `source` accepted, in UTF-8 bytes.
    public static let maximumSourceLength = 200

    /// A location from outside input: latitude −90…90, longitude −180…180 (finite, never clamped),
    /// accuracy finite and ≥ 0 metres, source 1…``maximumSourceLength`` bytes.
    /// - Throws: ``Problem`` naming the first field at fault.
    public static func validated(
        latitude: Double, longitude: Double, accuracy: Double? = nil, source: String? = nil, origin: Origin
    ) throws(Problem) -> CurrentLocation {
        guard let coordinate = Coordinate.ifValid(latitude: latitude, longitude: longitude) else {
            if latitude.magnitude <= 90 {
                throw Problem(field: "longitude", message: "longitude \(format(longitude)) is not a number in -180...180 degrees")
            }
            throw Problem(field: "latitude", message: "latitude \(format(latitude)) is not a number in -90...90 degrees")
        }
        if let accuracy, !(accuracy.isFinite && accuracy >= 0) {
            throw Problem(field: "accuracy", message: "accuracy \(format(accuracy)) is not a finite number of metres >= 0")
        }
        if let source {
            if source.isEmpty { throw Problem(field: "source", message: "source is empty; leave it out or say where the location came from (geoclue2, command-line)") }
            if source.utf8.count > maximumSourceLength {
                throw Problem(field: "source", message: "source is \(source.utf8.count) bytes long; at most \(maximumSourceLength)")
            }
        }
        return CurrentLocation(coordinate: coordinate, accuracy: accuracy.map { $0 + 0.0 }, source: source, origin: origin)
    }

    /// Which location this is, for reasons: "given with the request by geoclue2, ±800 m", "the daemon's, set by …".
    public var provenance: String {
        var text: String
        switch origin {
        case .request: text = "given with the request" + (source.map { " by \($0)" } ?? "")
        case .daemon: text = "the daemon's" + (source.map { ", set by \($0)" } ?? "")
        }
        if let accuracy { text += ", ±\(CurrentLocation.metres(accuracy)) m" }
        return text
    }

    /// Metres for people: whole metres, no fraction ("800", "12").
    package static func metres(_ value: Double) -> String { value.isFinite && value < 1e15 ? String(Int64(value.rounded())) : "\(value)" }

    private static func format(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "Infinity" : "-Infinity" }
        return JSON.format(v)
    }
}
