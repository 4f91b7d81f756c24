// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// Why a JSON `Request` (varlink `DecideApps`/`BuildLink`, `routingctl link JSON-REQUEST`) was refused.
///
/// Sent as `org.routingd.Directions.InvalidRequest(field, message)`; routingctl prints it the same way.
public struct InvalidRequest: Error, Hashable, Sendable, CustomStringConvertible {
    /// The member at fault as a path from the request: `destination.latitude`, `waypoints[1].kind`,
    /// `mode`, `avoid[0]`, or `request` for the whole value.
    public var field: String
    /// One line: what is wrong and what to write instead.
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = OneLine.escaped(message)  // one line: it may quote the client's text
    }

    public var description: String { "\(field): \(message)" }
}

extension WireFormat {
    /// Reads a `Request` object as ``encode(_:)-(DirectionsRequest)`` writes it, strictly.
    ///
    /// Members (see the varlink IDL in ``DirectionsInterface``):
    /// - `destination` (required) and `source`: an `Endpoint`; `source` defaults to the current location.
    /// - `waypoints`: `[]Endpoint`, default empty.
    /// - `mode`: one of Apple's twelve `MKDirectionsMode…` names without the prefix (`Car`,
    ///   `StreetCar`, …) or null; `transportType`: `Automobile`, `Walking`, `Transit`, `Cycling` or
    ///   null. When both are given they must agree (`Bus` is `Transit`); a mode alone implies its type.
    /// - `avoid`: `[]string` of `tolls`, `highways`, `ferries` (each once), default empty.
    /// - `navigate`: bool, default false. `departureDate`, `arrivalDate`: string or null, kept verbatim.
    ///
    /// An `Endpoint` is `{"kind":"coordinate","latitude":…,"longitude":…,"label"?,"placeID"?,"precision"?}`
    /// (WGS84 degrees, latitude −90…90, longitude −180…180, never clamped),
    /// `{"kind":"currentLocation"}` or `{"kind":"address","text":…,"placeID"?}` (text not blank).
    /// Optional members may be null. Unknown members, members of another kind and wrong JSON types
    /// are refused, so a typo such as `"lattitude"` is never silently dropped.
    /// - Throws: ``InvalidRequest`` naming the member path and saying what to write instead.
    public static func decodeRequest(_ json: JSON) throws(InvalidRequest) -> DirectionsRequest {
        let object = try RequestReader.object(json, field: "request")
        try RequestReader.onlyKnown(
            object,
            ["source", "destination", "waypoints", "mode", "transportType", "avoid", "navigate", "departureDate", "arrivalDate"],
            field: nil)
        guard let destinationJSON = object["destination"], !destinationJSON.isNull else {
            throw InvalidRequest(
                field: "destination",
                message: "a request needs a destination, e.g. {\"kind\":\"coordinate\",\"latitude\":48.8584,\"longitude\":2.2945}")
        }
        let destination = try RequestReader.endpoint(destinationJSON, field: "destination")
        let source: Endpoint
        if let s = object["source"], !s.isNull {
            source = try RequestReader.endpoint(s, field: "source")
        } else {
            source = .currentLocation
        }
        var waypoints: [Endpoint] = []
        if let w = object["waypoints"], !w.isNull {
            guard let array = w.arrayValue else {
                throw InvalidRequest(field: "waypoints", message: "must be an array of endpoints, not \(w.typeName)")
            }
            for (i, element) in array.enumerated() {
                waypoints.append(try RequestReader.endpoint(element, field: "waypoints[\(i)]"))
            }
        }
        let mode: DirectionsMode?
        if let text = try RequestReader.optionalString(object, "mode", field: "mode") {
            guard let m = DirectionsMode(rawValue: text) else {
                throw InvalidRequest(
                    field: "mode",
                    message: "'\(text)' is not a directions mode; use one of "
                        + DirectionsMode.allCases.map(\.rawValue).joined(separator: ", ") + " or null")
            }
            mode = m
        } else {
            mode = nil
        }
        var transportType: TransportType? = nil
        if let text = try RequestReader.optionalString(object, "transportType", field: "transportType") {
            guard let t = TransportType(rawValue: text) else {
                throw InvalidRequest(
                    field: "transportType",
                    message: "'\(text)' is not a transport type; use one of "
                        + TransportType.allCases.map(\.rawValue).joined(separator: ", ") + " or null")
            }
            transportType = t
        }
        if let mode, let transportType, mode.transportType != transportType {
            let expected = mode.transportType.map { "'\($0.rawValue)'" } ?? "null"
            throw InvalidRequest(
                field: "transportType",
                message: "'\(transportType.rawValue)' contradicts mode '\(mode.rawValue)', whose transport type is \(expected); give \(expected) or leave transportType out")
        }
        var avoid: Set<RouteAvoidance> = []
        if let a = object["avoid"], !a.isNull {
            guard let array = a.arrayValue else {
                throw InvalidRequest(field: "avoid", message: "must be an array such as [\"tolls\"], not \(a.typeName)")
            }
            for (i, element) in array.enumerated() {
                guard let text = element.stringValue, let value = RouteAvoidance(rawValue: text) else {
                    throw InvalidRequest(
                        field: "avoid[\(i)]",
                        message: "\(element.serialized()) is not something a route can avoid; use "
                            + RouteAvoidance.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                }
                guard avoid.insert(value).inserted else {
                    throw InvalidRequest(field: "avoid[\(i)]", message: "\"\(text)\" is listed twice; give it once")
                }
            }
        }
        var navigate = false
        if let n = object["navigate"], !n.isNull {
            guard let b = n.boolValue else {
                throw InvalidRequest(field: "navigate", message: "must be true or false, not \(n.typeName)")
            }
            navigate = b
        }
        let departure = try RequestReader.optionalString(object, "departureDate", field: "departureDate")
        let arrival = try RequestReader.optionalString(object, "arrivalDate", field: "arrivalDate")
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: mode,
            transportType: mode == nil ? transportType : mode?.transportType, avoid: avoid, navigate: navigate,
            departureDate: departure, arrivalDate: arrival)
    }
}

/// The member-by-member checks behind ``WireFormat/decodeRequest(_:)``.
enum RequestReader {
    static func object(_ json: JSON, field: String) throws(InvalidRequest) -> JSONObject {
        guard let object = json.objectValue else {
            throw InvalidRequest(field: field, message: "must be a JSON object, not \(json.typeName)")
        }
        return object
    }

    static func path(_ parent: String?, _ name: String) -> String {
        parent.map { "\($0).\(name)" } ?? name
    }

    static func onlyKnown(_ object: JSONObject, _ known: [String], field: String?) throws(InvalidRequest) {
        for name in object.names where !known.contains(name) {
            throw InvalidRequest(
                field: path(field, name),
                message: "unknown member '\(name)'; known members here: " + known.joined(separator: ", "))
        }
    }

    static func optionalString(_ object: JSONObject, _ name: String, field: String) throws(InvalidRequest) -> String? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw InvalidRequest(field: field, message: "must be a string or null, not \(value.typeName)")
        }
        return text
    }

    static func endpoint(_ json: JSON, field: String) throws(InvalidRequest) -> Endpoint {
        let object = try Self.object(json, field: field)
        guard let kindJSON = object["kind"] else {
            throw InvalidRequest(
                field: path(field, "kind"),
                message: "an endpoint needs \"kind\": \"coordinate\", \"currentLocation\" or \"address\"")
        }
        guard let kind = kindJSON.stringValue else {
            throw InvalidRequest(field: path(field, "kind"), message: "must be a string, not \(kindJSON.typeName)")
        }
        switch kind {
        case "coordinate":
            try onlyKnown(object, ["kind", "latitude", "longitude", "label", "placeID", "precision"], field: field)
            let latitude = try number(object, "latitude", field: field)
            let longitude = try number(object, "longitude", field: field)
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate.validated(latitude: latitude, longitude: longitude)
            } catch {
                switch error {
                case .latitudeOutOfRange:
                    throw InvalidRequest(
                        field: path(field, "latitude"),
                        message: "\(JSON.format(latitude)) is outside -90...90 degrees (WGS84, never clamped)")
                case .longitudeOutOfRange:
                    throw InvalidRequest(
                        field: path(field, "longitude"),
                        message: "\(JSON.format(longitude)) is outside -180...180 degrees (WGS84, never wrapped)")
                }
            }
            let label = try optionalString(object, "label", field: path(field, "label"))
            let placeID = try optionalString(object, "placeID", field: path(field, "placeID"))
            var precision = Endpoint.Precision.exact
            if let word = try optionalString(object, "precision", field: path(field, "precision")) {
                guard let known = Endpoint.Precision(rawValue: word) else {
                    throw InvalidRequest(field: path(field, "precision"), message: "'\(OneLine.escaped(word))' is not a precision; use exact or approximate")
                }
                precision = known
            }
            return .coordinate(coordinate, label: label, placeID: placeID, precision: precision)
        case "currentLocation":
            try onlyKnown(object, ["kind"], field: field)
            return .currentLocation
        case "address":
            try onlyKnown(object, ["kind", "text", "placeID"], field: field)
            guard let text = try optionalString(object, "text", field: path(field, "text")),
                !text.allSatisfy(\.isWhitespace)
            else {
                throw InvalidRequest(field: path(field, "text"), message: "an address endpoint needs a non-blank \"text\"")
            }
            let placeID = try optionalString(object, "placeID", field: path(field, "placeID"))
            return .address(text, placeID: placeID)
        default:
            throw InvalidRequest(
                field: path(field, "kind"),
                message: "'\(kind)' is not an endpoint kind; use \"coordinate\", \"currentLocation\" or \"address\"")
        }
    }

    static func number(_ object: JSONObject, _ name: String, field: String) throws(InvalidRequest) -> Double {
        guard let value = object[name] else {
            throw InvalidRequest(field: path(field, name), message: "a coordinate endpoint needs \"\(name)\" in degrees")
        }
        guard let number = value.doubleValue else {
            throw InvalidRequest(field: path(field, name), message: "must be a number of degrees, not \(value.typeName)")
        }
        return number
    }
}
