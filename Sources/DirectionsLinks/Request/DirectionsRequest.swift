// SPDX-License-Identifier: Apache-2.0
/// A request for directions, modelled on MapKit's `MKDirectionsRequest`. As on iOS, a request whose link
/// gives no source starts at the current location (Apple Map Links: "If you don't specify a value
/// for saddr, the starting point is 'here'").
public struct DirectionsRequest: Hashable, Sendable {
    public var source: Endpoint
    public var destination: Endpoint
    /// Stops between source and destination, in travel order.
    public var waypoints: [Endpoint]
    /// The directions mode, or nil when the link does not name one (MapKit's "any").
    public var mode: DirectionsMode?
    /// The transport type: ``mode``'s when a mode is set; a link may name only a transport type ("transit").
    public var transportType: TransportType?
    /// Road features the route should avoid (MapKit's `tollPreference` / `highwayPreference`, `avoid=`);
    /// empty when the link says nothing. Stored as bits (``RouteAvoidance/bit``).
    public var avoid: Set<RouteAvoidance> {
        get {
            if avoidBits == 0 { return [] }
            var set = Set<RouteAvoidance>(minimumCapacity: 3)
            for a in RouteAvoidance.allCases where avoidBits & a.bit != 0 { set.insert(a) }
            return set
        }
        set { avoidBits = RouteAvoidance.bits(of: newValue) }
    }
    private var avoidBits: UInt8
    /// Whether to start guidance at once (Google `dir_action=navigate`, Waze `navigate=yes`), not show a preview.
    public var navigate: Bool
    /// The wanted departure time, ISO 8601 text exactly as the link gave it (MapKit's `departureDate`); not interpreted.
    public var departureDate: String?
    /// The wanted arrival time, as ISO 8601 text exactly as the link gave it (MapKit's `arrivalDate`, Citymapper `arrival_time`).
    public var arrivalDate: String?

    /// Every endpoint in travel order, each with its role: source, waypoints, destination.
    public var endpoints: [(role: EndpointRole, endpoint: Endpoint)] {
        [(EndpointRole.source, source)]
            + waypoints.enumerated().map { (EndpointRole.waypoint($0.offset), $0.element) }
            + [(EndpointRole.destination, destination)]
    }
}

// Initializers in an extension keep the memberwise one, which builds the request in place (one that
// assigns each property makes the optimiser build it twice and copy).
extension DirectionsRequest {
    /// A request from `source` (default: the current location) to `destination`; `transportType` defaults to the mode's.
    @inline(__always)
    public init(
        source: Endpoint = .currentLocation,
        destination: Endpoint,
        waypoints: [Endpoint] = [],
        mode: DirectionsMode? = nil,
        transportType: TransportType? = nil,
        avoid: Set<RouteAvoidance> = [],
        navigate: Bool = false,
        departureDate: String? = nil,
        arrivalDate: String? = nil
    ) {
        self.init(
            source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transportType,
            avoiding: RouteAvoidance.bits(of: avoid), navigate: navigate, departureDate: departureDate, arrivalDate: arrivalDate)
    }

    /// The same with the avoidances as ``RouteAvoidance/bit``s.
    @inline(__always)
    init(
        source: Endpoint = .currentLocation,
        destination: Endpoint,
        waypoints: [Endpoint] = [],
        mode: DirectionsMode? = nil,
        transportType: TransportType? = nil,
        avoiding avoidBits: UInt8,
        navigate: Bool = false,
        departureDate: String? = nil,
        arrivalDate: String? = nil
    ) {
        self.init(
            source: source, destination: destination, waypoints: waypoints, mode: mode,
            transportType: transportType ?? mode?.transportType, avoidBits: avoidBits, navigate: navigate,
            departureDate: departureDate, arrivalDate: arrivalDate)
    }
}

/// Where an endpoint sits in a request; used to name it in reasons and errors.
public enum EndpointRole: Hashable, Sendable, CustomStringConvertible {
    case source
    /// A waypoint, by zero-based index.
    case waypoint(Int)
    case destination

    /// `source`, `waypoint[0]`, `destination`.
    public var description: String {
        switch self {
        case .source: "source"
        case .waypoint(let i): "waypoint[\(i)]"
        case .destination: "destination"
        }
    }
}

/// A road feature a route should avoid (MapKit's tolls and highways, plus `ferries`). Other vendor
/// values (`busy-roads`, `stairs`, `tunnel`) are ignored with a warning.
public enum RouteAvoidance: String, CaseIterable, Hashable, Sendable, Comparable {
    case tolls
    case highways
    case ferries

    public static func < (a: RouteAvoidance, b: RouteAvoidance) -> Bool { a.bit < b.bit }

    /// This feature's bit in ``DirectionsRequest``'s storage, in declaration order.
    var bit: UInt8 {
        switch self {
        case .tolls: 1
        case .highways: 2
        case .ferries: 4
        }
    }

    static func bits(of set: Set<RouteAvoidance>) -> UInt8 { set.isEmpty ? 0 : set.reduce(0) { $0 | $1.bit } }
}
