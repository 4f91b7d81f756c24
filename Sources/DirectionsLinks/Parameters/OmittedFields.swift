// SPDX-License-Identifier: Apache-2.0
/// The `omitted` lines (`field: <format> cannot carry it`) a link builder reports for request fields
/// its format has no place for; labels (and a destination place id, with `destinationPlaceID`) are left to the builder.
enum OmittedFields {
    /// The lines of `format` (as shown to people: `geo:`), told whether it carries each field.
    static func lines(
        _ r: DirectionsRequest, format: String, waypoints: Bool, mode: Bool, avoid: Bool,
        navigate: Bool = false, times: Bool = false, sourcePlaceID: Bool = false, destinationPlaceID: Bool = false
    ) -> [String] {
        var out: [String] = []
        if !destinationPlaceID && r.destination.placeID != nil { out.append("destination place id: \(format) has no place ids") }
        if !waypoints && !r.waypoints.isEmpty {
            out.append("waypoints: \(format) routes from the start to one destination, \(r.waypoints.count) stop(s) dropped")
        }
        if !mode, let m = r.mode {
            out.append("mode \(m.rawValue): \(format) has no travel mode")
        } else if !mode, let t = r.transportType {
            out.append("transport type \(t.rawValue): \(format) has no travel mode")
        }
        if !avoid && !r.avoid.isEmpty {
            out.append("avoid " + r.avoid.sorted().map(\.rawValue).joined(separator: ",") + ": \(format) cannot say what to avoid")
        }
        if !navigate && r.navigate { out.append("navigate: \(format) cannot ask to start guidance") }
        if !times && r.departureDate != nil { out.append("departure date: \(format) has no departure time") }
        if !times && r.arrivalDate != nil { out.append("arrival date: \(format) has no arrival time") }
        if !sourcePlaceID && r.source.placeID != nil { out.append("source place id: \(format) has no place ids") }
        for (i, w) in r.waypoints.enumerated() where waypoints && w.placeID != nil {
            out.append("waypoints[\(i)] place id: \(format) has no place ids")
        }
        return out
    }

    /// The `navigate`, `avoid`, `departure date` and `arrival date` lines, in that order, of a format
    /// whose links carry none of them: `navigate` and `avoid` are the text after `navigate: ` and
    /// `avoid: ` (nil: the format carries it); `dates` names the links (`Yandex links`).
    static func uncarried(_ r: DirectionsRequest, navigate: String?, avoid: String?, dates: String) -> [String] {
        var out: [String] = []
        if r.navigate, let navigate { out.append("navigate: " + navigate) }
        if !r.avoid.isEmpty, let avoid { out.append("avoid: " + avoid) }
        if r.departureDate != nil { out.append("departure date: \(dates) carry none") }
        if r.arrivalDate != nil { out.append("arrival date: \(dates) carry none") }
        return out
    }
}

/// A transit planner's link (Citymapper, Moovit) being written: its query pairs, in order, and its `omitted` lines.
struct TransitPlannerLink {
    let app: String
    var pairs: [(String, String)] = []
    var omitted: [String] = []

    /// - Throws: `cannot-express` naming `destination` when it is the current location.
    init(_ request: DirectionsRequest, app: String) throws(LinkBuildError) {
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a \(app) link cannot end at the current location", field: "destination")
        }
        self.app = app
    }

    /// Adds the pairs of `e` (none for the current location) from `coordinate` or `address`; notes a place id.
    mutating func write(
        _ e: Endpoint, _ prefix: String, field: String,
        coordinate: (String, Coordinate, String?) -> [(String, String)], address: (String, String) -> [(String, String)]
    ) {
        switch e {
        case .currentLocation: return
        case .coordinate(let c, let label, _, _): pairs += coordinate(prefix, c, label)
        case .address(let text, _): pairs += address(prefix, text)
        }
        if e.placeID != nil { omitted.append("\(field) place id: \(app) links carry none") }
    }

    /// Adds the waypoints, mode, navigate and avoid lines; `ends`: what links hold, `plans`: what the app plans.
    mutating func omitUncarried(_ r: DirectionsRequest, ends: String, plans: String) {
        if !r.waypoints.isEmpty { omitted.append("waypoints: \(app) links have \(ends) only") }
        if let mode = r.mode {
            omitted.append("mode \(mode.rawValue): \(app) plans \(plans) and has no mode parameter")
        } else if r.transportType != .transit {
            omitted.append("transport type \(r.transportType?.rawValue ?? "unspecified"): \(app) always plans transit")
        }
        if r.navigate { omitted.append("navigate: \(app) links cannot start guidance") }
        if !r.avoid.isEmpty { omitted.append("avoid: \(app) links carry no road options") }
    }
}
