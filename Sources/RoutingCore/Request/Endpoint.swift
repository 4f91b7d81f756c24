/// One end (or a stop) of a directions request, as MapKit's `MKMapItem` is for `MKDirectionsRequest`.
///
/// An endpoint is one of three things:
/// - a coordinate (WGS84 degrees) with an optional display label;
/// - the symbolic *current location* (`MKMapItem.forCurrentLocation()`), which carries no coordinate:
///   the daemon substitutes its own current location when it checks coverage;
/// - an address or free-text query that has not been resolved to a coordinate. routingd never geocodes,
///   so coverage for such an endpoint is undetermined.
public enum Endpoint: Hashable, Sendable {
    /// A coordinate with an optional label (a place name carried by the link, never used as a query).
    case coordinate(Coordinate, label: String?)
    /// The device's current location (Apple: `isCurrentLocation`), resolved by the daemon, not the link.
    case currentLocation
    /// An address or free-text query, kept verbatim after percent-decoding.
    case address(String)

    /// A coordinate endpoint without a label.
    public static func at(latitude: Double, longitude: Double, label: String? = nil) -> Endpoint {
        .coordinate(Coordinate(latitude: latitude, longitude: longitude), label: label)
    }

    /// The wire name of this kind: `coordinate`, `currentLocation` or `address`.
    public var kind: String {
        switch self {
        case .coordinate: "coordinate"
        case .currentLocation: "currentLocation"
        case .address: "address"
        }
    }
}
