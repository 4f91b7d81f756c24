/// A request for directions, modelled on MapKit's `MKDirectionsRequest`: where from, where to, the
/// ordered stops between, and how to travel.
///
/// As on iOS, a request whose link gives no source starts at the current location
/// (Apple Map Links: "If you don't specify a value for saddr, the starting point is 'here'").
public struct DirectionsRequest: Hashable, Sendable {
    /// Where the route starts.
    public var source: Endpoint
    /// Where the route ends.
    public var destination: Endpoint
    /// Stops between source and destination, in travel order.
    public var waypoints: [Endpoint]
    /// The directions mode, or nil when the link does not name one (MapKit's "any").
    public var mode: DirectionsMode?
    /// The transport type. It follows ``mode`` when a mode is set; a link may name only a transport
    /// type (for example "transit") and leave the mode nil.
    public var transportType: TransportType?
    /// Road features the route should avoid (MapKit's `tollPreference` / `highwayPreference`,
    /// Apple and Google `avoid=`). Empty when the link says nothing.
    ///
    /// Stored as a bit set (``RouteAvoidance/bit``), so copying a request copies no extra reference;
    /// reading a non-empty value builds the set.
    public var avoid: Set<RouteAvoidance> {
        get {
            if avoidBits == 0 { return [] }
            var set = Set<RouteAvoidance>(minimumCapacity: 3)
            for a in RouteAvoidance.allCases where avoidBits & a.bit != 0 { set.insert(a) }
            return set
        }
        set { avoidBits = RouteAvoidance.bits(of: newValue) }
    }
    /// ``avoid`` as bits.
    private var avoidBits: UInt8
    /// Whether the link asks to start turn-by-turn guidance at once (Google `dir_action=navigate`,
    /// Waze `navigate=yes`) rather than show a route preview.
    public var navigate: Bool
    /// The wanted departure time, as ISO 8601 text exactly as the link gave it (MapKit's
    /// `departureDate`); routingd does not interpret it.
    public var departureDate: String?
    /// The wanted arrival time, as ISO 8601 text exactly as the link gave it (MapKit's `arrivalDate`,
    /// Citymapper `arrival_time`).
    public var arrivalDate: String?

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
        self.source = source
        self.destination = destination
        self.waypoints = waypoints
        self.mode = mode
        self.transportType = transportType ?? mode?.transportType
        self.avoidBits = RouteAvoidance.bits(of: avoid)
        self.navigate = navigate
        self.departureDate = departureDate
        self.arrivalDate = arrivalDate
    }

    /// Every endpoint in travel order, each with its role: source, waypoints, destination.
    public var endpoints: [(role: EndpointRole, endpoint: Endpoint)] {
        [(EndpointRole.source, source)]
            + waypoints.enumerated().map { (EndpointRole.waypoint($0.offset), $0.element) }
            + [(EndpointRole.destination, destination)]
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

/// A road feature a route should avoid. MapKit has `tollPreference` and `highwayPreference`; Apple's
/// unified links and Google's links also say `ferries`. Other vendor values (Apple `busy-roads`,
/// `stairs`; HERE `tunnel`, `dirtRoad`) have no MapKit meaning and are ignored with a warning.
public enum RouteAvoidance: String, CaseIterable, Hashable, Sendable, Comparable {
    case tolls
    case highways
    case ferries

    public static func < (a: RouteAvoidance, b: RouteAvoidance) -> Bool {
        a.order < b.order
    }

    /// This feature's bit in ``DirectionsRequest``'s storage.
    var bit: UInt8 { 1 << UInt8(order) }

    /// The bits of `set`.
    static func bits(of set: Set<RouteAvoidance>) -> UInt8 {
        if set.isEmpty { return 0 }
        var bits: UInt8 = 0
        for a in set { bits |= a.bit }
        return bits
    }

    /// The position in ``allCases`` (declaration order), without building the array.
    private var order: Int {
        switch self {
        case .tolls: 0
        case .highways: 1
        case .ferries: 2
        }
    }
}
