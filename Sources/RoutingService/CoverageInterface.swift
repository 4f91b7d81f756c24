// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON
import Varlink

/// `org.routingd.Coverage`: validate a coverage document sent by a client, and ask whether a routing
/// app's coverage contains a point.
public enum CoverageInterface {
    /// The interface description in varlink IDL.
    public static let description = """
        # Routing-app coverage files: one GeoJSON MultiPolygon of [longitude, latitude] positions
        # (RFC 7946), checked against Apple's rules for routing-app coverage files. Every rule id is
        # described in docs/coverage-rules.md.
        interface org.routingd.Coverage

        # A finding in a document. line and column are 1-based; columns count characters.
        # rule is a stable id; hint says how to fix it.
        type Diagnostic (
          severity: (error, warning, note),
          rule: string,
          message: string,
          hint: string,
          line: int,
          column: int
        )

        # A populated place of the GeoNames gazetteer (15,000 people or more). latitude and
        # longitude in WGS84 degrees; distance (metres, to the area's boundary) only for the
        # nearest place of an area that covers none.
        type Place (
          name: string,
          countryCode: string,
          latitude: float,
          longitude: float,
          population: int,
          distance: ?float
        )

        # What a valid document covers, as routingctl validate prints it: boundingBox is
        # [west, south, east, north] in degrees, squareKilometres the area (on a sphere),
        # placeCount the populated places covered, largestPlaces at most 3 of them, largest first,
        # nearestPlace the nearest one when it covers none, summary the same as one line.
        type Area (
          boundingBox: []float,
          squareKilometres: float,
          placeCount: int,
          largestPlaces: []Place,
          nearestPlace: ?Place,
          summary: string
        )

        # Validates a coverage document (the file's text). name is echoed back, for clients that
        # validate several documents. profile is "apple" (the default: Apple's coverage rules) or
        # "geojson" (RFC 7946 plus OGC validity: holes, Polygon, Feature and FeatureCollection
        # allowed). valid is false when any diagnostic is an error; area is given when valid.
        method Validate(document: string, name: ?string, profile: ?string) -> (name: ?string, valid: bool, diagnostics: []Diagnostic, area: ?Area)

        # Whether the coverage of the routing app appId (as in org.routingd.Directions.ListApps)
        # contains the point latitude, longitude (WGS84 degrees). A point on the boundary counts as
        # inside, as for eligibility. A stale app answers with its last good version.
        method Contains(appId: string, latitude: float, longitude: float) -> (contains: bool)

        # No app has this id, or the app has never loaded (message says why).
        error NoSuchApp (appId: string, message: string)

        # latitude is outside -90...90 or longitude outside -180...180 degrees; parameter names it.
        error InvalidLocation (parameter: string, message: string)
        """

    /// The interface. `Validate` is a pure function of the document; `Contains` reads `daemon`'s
    /// registry (one snapshot per call). `Validate` is a blocking method: a document of megabytes
    /// takes long to validate, so a server runs it off its event loop (``BlockingCalls``).
    /// - Parameter log: where each call's outcome goes at debug level (`--verbose`).
    public static func make(daemon: RoutingDaemon? = nil, log: Log? = nil) -> VarlinkInterface {
        VarlinkInterface(description: description, methods: [
            "Contains": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let appID = try call.string("appId")
                let latitude = try call.number("latitude")
                let longitude = try call.number("longitude")
                let coordinate: Coordinate
                do throws(Coordinate.RangeError) {
                    coordinate = try Coordinate.validated(latitude: latitude, longitude: longitude)
                } catch {
                    let (parameter, message) = switch error {
                    case .latitudeOutOfRange(let v): ("latitude", "latitude \(JSON.format(v)) is outside -90...90 degrees")
                    case .longitudeOutOfRange(let v): ("longitude", "longitude \(JSON.format(v)) is outside -180...180 degrees")
                    }
                    throw VarlinkError(
                        name: "org.routingd.Coverage.InvalidLocation",
                        parameters: ["parameter": .string(parameter), "message": .string(message)])
                }
                guard let entry = daemon?.registry[appID] else {
                    throw VarlinkError(
                        name: "org.routingd.Coverage.NoSuchApp",
                        parameters: ["appId": .string(appID), "message": .string("no routing app has the id '\(OneLine.escaped(appID))'")])
                }
                guard let app = entry.app else {
                    throw VarlinkError(
                        name: "org.routingd.Coverage.NoSuchApp",
                        parameters: [
                            "appId": .string(appID),
                            "message": .string(OneLine.escaped("app \(appID) is not loaded: \(entry.lastError ?? "invalid")")),
                        ])
                }
                let contains = app.coverage.contains(coordinate)
                log?.debug("Contains \(appID) \(JSON.format(latitude)), \(JSON.format(longitude)): \(contains)")
                return ["contains": .bool(contains)]
            },
            "Validate": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let document = try call.string("document")
                let name = call.parameters["name"]
                if let name, !name.isNull, name.stringValue == nil { throw .invalidParameter("name") }
                var profile = ValidationProfile.apple
                if let value = call.parameters["profile"], !value.isNull {
                    guard let text = value.stringValue, let chosen = ValidationProfile(rawValue: text) else {
                        throw .invalidParameter("profile")
                    }
                    profile = chosen
                }
                let validation = CoverageValidator.validate(Array(document.utf8), profile: profile)
                defer { MemoryAtRest.release() }  // the gazetteer is not needed again until the next one
                log?.debug("Validate \(name?.stringValue ?? "(unnamed)"): \(validation.isValid ? "valid" : "invalid"), \(validation.diagnostics.count) diagnostics")
                var reply: JSONObject = [
                    "name": name ?? .null,
                    "valid": .bool(validation.isValid),
                    "diagnostics": .array(validation.diagnostics.map { WireFormat.encode($0) }),
                ]
                // The same description as `routingctl validate --json` prints.
                if let coverage = validation.coverage {
                    reply["area"] = WireFormat.encode(AreaDescription.describe(coverage))
                }
                return reply
            },
        ], blocking: ["Validate"])
    }
}
