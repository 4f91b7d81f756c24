// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// How routingd's values look on the wire (varlink replies and `routingctl --json`).
///
/// One encoder per value, shared by the daemon and by `routingctl --offline`, so both print the same
/// JSON for the same request. Coordinates are WGS84 degrees; absent optional members are omitted
/// except where the interface promises an explicit null (`mode`, `transportType`, `eligible`).
public enum WireFormat {
    /// `{"kind":"coordinate","latitude":…,"longitude":…,"label"?:…,"placeID"?:…,"precision":…}`, `{"kind":"currentLocation"}`
    /// or `{"kind":"address","text":…}`.
    public static func encode(_ endpoint: Endpoint) -> JSON {
        var object: JSONObject = ["kind": .string(endpoint.kind)]
        switch endpoint {
        case .coordinate(let c, let label, let placeID, let precision):
            object["latitude"] = .number(c.latitude)
            object["longitude"] = .number(c.longitude)
            if let label { object["label"] = .string(label) }
            if let placeID { object["placeID"] = .string(placeID) }
            object["precision"] = .string(precision.rawValue)
        case .currentLocation:
            break
        case .address(let text, let placeID):
            object["text"] = .string(text)
            if let placeID { object["placeID"] = .string(placeID) }
        }
        return .object(object)
    }

    /// `{"source":E,"destination":E,"waypoints":[E],"mode":M,"transportType":T,"avoid":[A],
    /// "navigate":B,"departureDate"?:D,"arrivalDate"?:D}`. `avoid` is sorted (tolls, highways,
    /// ferries); the dates are omitted when the request has none.
    public static func encode(_ request: DirectionsRequest) -> JSON {
        var object: JSONObject = [
            "source": encode(request.source),
            "destination": encode(request.destination),
            "waypoints": .array(request.waypoints.map(encode)),
            "mode": request.mode.map { .string($0.rawValue) } ?? .null,
            "transportType": request.transportType.map { .string($0.rawValue) } ?? .null,
            "avoid": .array(request.avoid.sorted().map { .string($0.rawValue) }),
            "navigate": .bool(request.navigate),
        ]
        if let date = request.departureDate { object["departureDate"] = .string(date) }
        if let date = request.arrivalDate { object["arrivalDate"] = .string(date) }
        return .object(object)
    }

    /// `{"code":…,"message":…,"parameter"?:…}`: a repair made while parsing a link leniently.
    public static func encode(_ warning: DirectionsURLWarning) -> JSON {
        var object: JSONObject = ["code": .string(warning.code.rawValue), "message": .string(warning.message)]
        if let parameter = warning.parameter { object["parameter"] = .string(parameter) }
        return .object(object)
    }

    /// `{"id":…,"eligible":true|false|null,"reasons":[{"endpoint"?,"rule","message"}]}`.
    public static func encode(_ verdict: AppVerdict) -> JSON {
        [
            "id": .string(verdict.appID),
            "eligible": verdict.eligible.map(JSON.bool) ?? .null,
            "reasons": .array(verdict.reasons.map { reason in
                var object: JSONObject = [:]
                if let role = reason.role { object["endpoint"] = .string(role.description) }
                object["rule"] = .string(reason.rule.rawValue)
                object["message"] = .string(reason.message)
                return .object(object)
            }),
        ]
    }

    /// The `apps` and `ineligible` members of a `Resolve` or `DecideApps` reply, from verdicts in
    /// ``Eligibility`` order. `ineligible` counts the verdicts that rule their app out; `apps` lists
    /// the eligible and undetermined ones (their reasons included) and, with `explain`, the ruled-out
    /// ones too, so a reply's size follows the answer rather than the number of apps. `unlisted`
    /// counts ruled-out apps whose verdicts were not even made (``RoutingDaemon/decide(_:currentLocation:explain:)``);
    /// it is added to `ineligible`.
    public static func verdictMembers(_ verdicts: [AppVerdict], explain: Bool, unlisted: Int = 0) -> (apps: JSON, ineligible: JSON) {
        var listed: [JSON] = []
        var ineligible = unlisted
        for verdict in verdicts {
            if verdict.eligible == false {
                ineligible += 1
                if !explain { continue }
            }
            listed.append(encode(verdict))
        }
        return (.array(listed), .number(Double(ineligible)))
    }

    /// " (N more ruled out)" for a debug log line listing only the apps not ruled out; "" for 0.
    static func unlistedNote(_ unlisted: Int) -> String {
        unlisted == 0 ? "" : " (\(unlisted) more ruled out)"
    }

    /// The `DecideApps` reply: `{"request":…,"apps":[…],"ineligible":N}` (``verdictMembers(_:explain:)``).
    public static func resolveReply(
        request: DirectionsRequest, verdicts: [AppVerdict], explain: Bool = false, unlisted: Int = 0
    ) -> JSONObject {
        let (apps, ineligible) = verdictMembers(verdicts, explain: explain, unlisted: unlisted)
        return ["request": encode(request), "apps": apps, "ineligible": ineligible]
    }

    /// The `Resolve` reply: `{"request":…,"format":…,"warnings":[…],"apps":[…],"ineligible":N}`
    /// (``verdictMembers(_:explain:)``).
    public static func resolveReply(
        _ parsed: ParsedLink, verdicts: [AppVerdict], explain: Bool = false, unlisted: Int = 0
    ) -> JSONObject {
        let (apps, ineligible) = verdictMembers(verdicts, explain: explain, unlisted: unlisted)
        return [
            "request": encode(parsed.request),
            "format": .string(parsed.format.rawValue),
            "warnings": .array(parsed.warnings.map(encode)),
            "apps": apps,
            "ineligible": ineligible,
        ]
    }

    /// The `BuildLink` reply: `{"url":…,"omitted":[…]}`.
    public static func encode(_ link: BuiltLink) -> JSONObject {
        ["url": .string(link.url), "omitted": .array(link.omitted.map(JSON.string))]
    }

    /// `{"code":…,"message":…,"field":…}` for a request a format cannot carry; `field` is null when
    /// no single field is at fault.
    public static func encode(_ error: LinkBuildError) -> JSONObject {
        [
            "code": .string(error.code.rawValue),
            "message": .string(error.message),
            "field": error.field.map(JSON.string) ?? .null,
        ]
    }

    /// `{"code":…,"message":…,"parameter":…}` for a link that cannot be parsed; `parameter` is null
    /// when no single parameter is at fault.
    public static func encode(_ error: DirectionsURLError) -> JSONObject {
        [
            "code": .string(error.code.rawValue),
            "message": .string(error.message),
            "parameter": error.parameter.map(JSON.string) ?? .null,
        ]
    }

    /// `{"severity","rule","message","hint","line","column"}`; line and column are 1-based.
    public static func encode(_ diagnostic: Diagnostic) -> JSON {
        [
            "severity": .string(diagnostic.severity.rawValue),
            "rule": .string(diagnostic.rule),
            "message": .string(diagnostic.message),
            "hint": .string(diagnostic.hint),
            "line": .number(Double(diagnostic.location.line)),
            "column": .number(Double(diagnostic.location.column)),
        ]
    }

    /// `{"latitude":…,"longitude":…}` in degrees.
    public static func encode(_ coordinate: Coordinate) -> JSON {
        ["latitude": .number(coordinate.latitude), "longitude": .number(coordinate.longitude)]
    }

    /// One registry entry for `ListApps` (the `App` type of `org.routingd.Directions`).
    public static func encode(_ entry: AppRegistry.Entry) -> JSON {
        let app = entry.app
        var object: JSONObject = [
            "id": .string(entry.id),
            "name": .string(app?.name ?? entry.name ?? entry.id),
            "state": .string(entry.state.rawValue),
            "lastError": entry.lastError.map(JSON.string) ?? .null,
            "modes": .array(DirectionsMode.allCases.filter { app?.modes.contains($0) ?? false }.map { .string($0.rawValue) }),
            "priority": .number(Double(app?.priority ?? 0)),
            "manifest": entry.manifestPath.map(JSON.string) ?? .null,
            "coverage": entry.coveragePath.map(JSON.string) ?? .null,
            "exec": app?.exec.map { .array($0.map(JSON.string)) } ?? .null,
            "linkFormat": app?.linkFormat.map { .string($0.rawValue) } ?? .null,
            "polygons": .number(Double(app?.coverage.polygons.count ?? 0)),
            "boundingBox": .null,
            "area": .null,
        ]
        if let app {
            let box = app.coverage.boundingBox
            object["boundingBox"] = [
                "west": .number(box.west), "south": .number(box.south),
                "east": .number(box.east), "north": .number(box.north),
            ]
            object["area"] = .number(app.area.rounded())
        }
        object["errors"] = .array(entry.lines(.error).map(JSON.string))
        object["warnings"] = .array(entry.lines(.warning).map(JSON.string))
        return .object(object)
    }

    /// `FILE:LINE:COL: severity: message [rule]`, the GCC diagnostic format.
    public static func line(_ path: String, _ d: Diagnostic) -> String {
        "\(path):\(d.location.line):\(d.location.column): \(d.severity.rawValue): \(d.message) [\(d.rule)]"
    }

    /// `{"boundingBox":[west,south,east,north],"squareKilometres":…,"placeCount":…,
    /// "largestPlaces":[{"name","countryCode","latitude","longitude","population"}],
    /// "nearestPlace"?:{…,"distance":metres}}`: what a coverage covers (degrees; km²; metres).
    public static func encode(_ area: AreaDescription) -> JSON {
        func place(_ p: Place) -> JSONObject {
            [
                "name": .string(p.name), "countryCode": .string(p.countryCode),
                "latitude": .number(p.coordinate.latitude), "longitude": .number(p.coordinate.longitude),
                "population": .number(Double(p.population)),
            ]
        }
        let box = area.boundingBox
        var object: JSONObject = [
            "boundingBox": [.number(box.west), .number(box.south), .number(box.east), .number(box.north)],
            "squareKilometres": .number(area.areaSquareKilometres),
            "placeCount": .number(Double(area.placeCount)),
            "largestPlaces": .array(area.largestPlaces.map { .object(place($0)) }),
            "summary": .string(area.summary),
        ]
        if let nearest = area.nearestPlace, let distance = area.nearestDistance {
            var p = place(nearest)
            p["distance"] = .number(distance)
            object["nearestPlace"] = .object(p)
        }
        return .object(object)
    }
}
