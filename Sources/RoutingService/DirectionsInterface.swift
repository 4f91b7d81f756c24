import RoutingCore
import StrictJSON
import Varlink

/// `org.routingd.Directions`: resolve directions links against routing apps, and the current location.
public enum DirectionsInterface {
    /// The interface description in varlink IDL (varlink.org/Interface-Definition), served by
    /// `org.varlink.service.GetInterfaceDescription`.
    public static let description = """
        # Directions requests from links, checked against routing apps' coverage.
        #
        # Coordinates are WGS84 degrees, latitude first. An app is eligible when it serves the
        # request's mode and the source, every waypoint and the destination lie in its coverage
        # (boundary included), as Maps decides for routing apps on iOS.
        interface org.routingd.Directions

        # One end or stop of a route. kind says which other fields are set:
        # coordinate: latitude, longitude and maybe label; currentLocation: none; address: text.
        type Endpoint (
          kind: (coordinate, currentLocation, address),
          latitude: ?float,
          longitude: ?float,
          label: ?string,
          text: ?string
        )

        # A parsed directions request. mode is an MKDirectionsApplicationSupportedModes name
        # (Car, Pedestrian, Bus, Train, Subway, StreetCar, Ferry, Bike, Plane, RideShare, Taxi,
        # Other) or null; transportType is an MKDirectionsTransportType name (Automobile, Walking,
        # Transit, Cycling) or null.
        type Request (
          source: Endpoint,
          destination: Endpoint,
          waypoints: []Endpoint,
          mode: ?string,
          transportType: ?string
        )

        # Why an app is not, or not yet, eligible. endpoint is source, waypoint[N] or destination,
        # absent for a reason about the mode. rule is outside-coverage, mode-not-supported,
        # current-location-unknown or address-unresolved.
        type Reason (
          endpoint: ?string,
          rule: string,
          message: string
        )

        # One app's verdict: eligible is true, false, or null when undetermined (the current
        # location is unknown, or an endpoint is an address that was not geocoded).
        type Verdict (
          id: string,
          eligible: ?bool,
          reasons: []Reason
        )

        # A position in WGS84 degrees.
        type Location (
          latitude: float,
          longitude: float
        )

        # A bounding box in degrees.
        type BoundingBox (
          west: float,
          south: float,
          east: float,
          north: float
        )

        # A routing app: one coverage file. An invalid file serves no request; errors says why.
        # area is in square metres.
        type App (
          id: string,
          path: string,
          state: (valid, invalid),
          modes: []string,
          polygons: int,
          boundingBox: ?BoundingBox,
          area: ?float,
          errors: []string,
          warnings: []string
        )

        # Parses a directions link (Apple Maps, Google Maps, geo:) and decides every valid app.
        # Eligible apps come first, then undetermined, then ineligible.
        method Resolve(url: string) -> (request: Request, apps: []Verdict)

        # Every coverage file in the registry, valid or not, by id.
        method ListApps() -> (apps: []App)

        # The current location used for currentLocation endpoints; null when unknown.
        method GetCurrentLocation() -> (location: ?Location)

        # Sets the current location (latitude -90..90, longitude -180..180 degrees).
        method SetCurrentLocation(latitude: float, longitude: float) -> ()

        # Forgets the current location; verdicts that need it become null.
        method ClearCurrentLocation() -> ()

        # The link could not be parsed. code is a stable id such as missing-destination,
        # latitude-out-of-range or unknown-scheme; parameter names the URL parameter at fault.
        error InvalidURL (code: string, message: string, parameter: ?string)

        # A location parameter is not a valid WGS84 coordinate.
        error InvalidLocation (parameter: string, message: string)
        """

    /// The interface, bound to `daemon`'s state.
    public static func make(_ daemon: RoutingDaemon) -> VarlinkInterface {
        let methods: [String: VarlinkMethodHandler] = [
            "Resolve": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let url = try call.string("url")
                do throws(DirectionsURLError) {
                    let (request, verdicts) = try daemon.resolve(url)
                    daemon.log?.debug("Resolve \(url): " + verdicts.map { "\($0.appID)=\($0.eligible.map(String.init) ?? "null")" }.joined(separator: " "))
                    return WireFormat.resolveReply(request: request, verdicts: verdicts)
                } catch {
                    daemon.log?.debug("Resolve \(url): \(error)")
                    throw VarlinkError(name: "org.routingd.Directions.InvalidURL", parameters: WireFormat.encode(error))
                }
            },
            "ListApps": { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in
                ["apps": .array(daemon.registry.entries.map { WireFormat.encode($0) })]
            },
            "GetCurrentLocation": { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in
                ["location": daemon.currentLocation.map { WireFormat.encode($0) } ?? JSON.null]
            },
            "SetCurrentLocation": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let latitude = try call.number("latitude")
                let longitude = try call.number("longitude")
                do throws(Coordinate.RangeError) {
                    daemon.currentLocation = try Coordinate.validated(latitude: latitude, longitude: longitude)
                    daemon.log?.debug("current location set to \(JSON.format(latitude)), \(JSON.format(longitude))")
                } catch {
                    let (parameter, message) = switch error {
                    case .latitudeOutOfRange(let v): ("latitude", "latitude \(JSON.format(v)) is outside -90...90 degrees")
                    case .longitudeOutOfRange(let v): ("longitude", "longitude \(JSON.format(v)) is outside -180...180 degrees")
                    }
                    throw VarlinkError(
                        name: "org.routingd.Directions.InvalidLocation",
                        parameters: ["parameter": .string(parameter), "message": .string(message)])
                }
                return [:]
            },
            "ClearCurrentLocation": { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in
                daemon.currentLocation = nil
                daemon.log?.debug("current location cleared")
                return [:]
            },
        ]
        return VarlinkInterface(description: description, methods: methods)
    }
}

extension VarlinkCall {
    /// The string parameter `name`, or `InvalidParameter(name)` when it is missing or not a string.
    func string(_ name: String) throws(VarlinkError) -> String {
        guard let value = parameters[name]?.stringValue else { throw .invalidParameter(name) }
        return value
    }

    /// The number parameter `name`, or `InvalidParameter(name)` when it is missing or not a number.
    func number(_ name: String) throws(VarlinkError) -> Double {
        guard let value = parameters[name]?.doubleValue else { throw .invalidParameter(name) }
        return value
    }
}
