// SPDX-License-Identifier: Apache-2.0
/// One end (or a stop) of a directions request, as MapKit's `MKMapItem` is for `MKDirectionsRequest`.
/// An address is never geocoded by routingd, so its coverage is undetermined.
public enum Endpoint: Hashable, Sendable {
    /// A coordinate with an optional label (a place name from the link, never a query), a verbatim place
    /// id, and how sure the link is of the point (``Precision``).
    case coordinate(Coordinate, label: String?, placeID: String? = nil, precision: Precision = .exact)
    /// The device's current location (Apple: `isCurrentLocation`), resolved by the daemon, not the link.
    case currentLocation
    /// An address or free-text query, verbatim after percent-decoding, with an opaque place id (never resolved).
    case address(String, placeID: String? = nil)

    /// A coordinate endpoint without a label.
    public static func at(latitude: Double, longitude: Double, label: String? = nil) -> Endpoint {
        .coordinate(Coordinate(latitude: latitude, longitude: longitude), label: label)
    }

    /// How a coordinate endpoint was obtained from its link (wire field `precision`).
    public enum Precision: String, Hashable, Sendable, CaseIterable {
        /// The place itself: a marker, a pin, a place's own coordinates or a route point.
        case exact
        /// Only the centre of the map view a link showed (OpenStreetMap `#map=`, Google `@lat,lon,zoom`):
        /// the place the person meant may be anywhere on that map.
        case approximate
    }

    /// The wire name of this kind: `coordinate`, `currentLocation` or `address`.
    public var kind: String {
        switch self {
        case .coordinate: "coordinate"
        case .currentLocation: "currentLocation"
        case .address: "address"
        }
    }

    public var coordinate: Coordinate? {
        if case .coordinate(let c, _, _, _) = self { return c }
        return nil
    }

    /// How sure a coordinate endpoint is; nil for the current location and addresses.
    public var precision: Precision? {
        if case .coordinate(_, _, _, let precision) = self { return precision }
        return nil
    }

    /// The label of a coordinate, or the text of an address.
    public var name: String? {
        switch self {
        case .coordinate(_, let label, _, _): label
        case .currentLocation: nil
        case .address(let text, _): text
        }
    }

    /// The opaque place id, when the link carried one.
    public var placeID: String? {
        switch self {
        case .coordinate(_, _, let id, _), .address(_, let id): id
        case .currentLocation: nil
        }
    }
}
