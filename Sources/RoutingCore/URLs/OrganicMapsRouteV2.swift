/// Organic Maps route links v2: `om://v2/dir?origin=&destination=&waypoints=a|b&mode=` (preview) and
/// `om://v2/nav?…` (start navigation), also `https://omaps.app/v2/dir?…`. Reached through
/// ``OrganicMapsLink``, which owns the `om` scheme and the `omaps.app` host; the format is
/// `organic-maps`.
///
/// Source: Organic Maps `docs/API.md` ("Route links v2") and `map/mwm_url.cpp`.
///
/// - Query values are decoded once (`+` is a space, `%2B` a literal `+`); a repeated parameter uses
///   its last value, as Organic Maps does; `mode` and `travelmode` are the same parameter.
/// - `destination=lat,lon` (required, latitude first), `destination_name` (its label).
/// - `origin=lat,lon` with `origin_name`; absent, `currentLocation` or `current-location` is the
///   **current location**. `/v2/nav` and `dir_action=navigate` always start at the current position and
///   set ``DirectionsRequest/navigate``; an explicit `origin` there is accepted and ignored by Organic
///   Maps, so routingd drops it with an `ignored-value` repair.
/// - `waypoints=lat,lon|lat,lon`: the list is decoded first and then split on `|` (so `%7C` splits
///   too, as the vendor documents); items are trimmed and empty slots skipped. `waypoint_names` is
///   aligned with the slots of `waypoints` (empty slots included). More than 100 stops is
///   `invalid-parameter`.
/// - `mode`/`travelmode`: `drive`, `driving`, `car`, `vehicle` → Car; `walk`, `walking`, `pedestrian` →
///   Pedestrian; `bike`, `bicycling`, `bicycle` → Bike; `transit` → transport type Transit. Anything else
///   (including `cycling`) is `unknown-mode`, as Organic Maps rejects it. Without a mode the request
///   names none (the app then drives).
/// - `avoid=tolls,highways,ferries` (accepted by Organic Maps, not applied yet) becomes the avoidances;
///   other values are `ignored-value` repairs. `origin_heading` must be 0–360 (`invalid-parameter`).
/// - Callbacks, `optimize`, `ref_name`, `api`, `ref` and unknown parameters are ignored.
enum OrganicMapsRouteV2 {
    static let formatName = "Organic Maps v2 route link"
    static let known: Set<String> = [
        "origin", "origin_name", "origin_callback", "origin_heading", "destination", "destination_name",
        "destination_callback", "waypoints", "waypoint_names", "waypoint_callbacks", "api", "mode", "travelmode",
        "dir_action", "optimize", "ref", "ref_name", "callback", "callback_label", "avoid",
    ]

    /// The `mode` words; the first word of each meaning is the one written.
    static let modeWords: [ModeWord] = [
        ModeWord("mode", "drive", mode: .car),
        ModeWord("mode", "driving", mode: .car, preferred: false),
        ModeWord("mode", "car", mode: .car, preferred: false),
        ModeWord("mode", "vehicle", mode: .car, preferred: false),
        ModeWord("mode", "walk", mode: .pedestrian),
        ModeWord("mode", "walking", mode: .pedestrian, preferred: false),
        ModeWord("mode", "pedestrian", mode: .pedestrian, preferred: false),
        ModeWord("mode", "bike", mode: .bike),
        ModeWord("mode", "bicycling", mode: .bike, preferred: false),
        ModeWord("mode", "bicycle", mode: .bike, preferred: false),
        ModeWord("mode", "transit", mode: nil, transportType: .transit),
    ]

    static let maxWaypoints = 100

    /// Parses the query of `/v2/dir` (`navigate` false) or `/v2/nav` (`navigate` true).
    static func parse(_ query: QueryString, nav: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        func last(_ key: String) -> QueryString.Parameter? { query.parameters.last { $0.key == key } }
        func name(_ key: String) -> String? {
            guard let v = last(key)?.value, !v.isEmpty else { return nil }
            return v
        }
        guard let destinationText = last("destination")?.value, !DirectionsURLParser.trimmed(destinationText).isEmpty else {
            let hint = DirectionsURLParser.likelyTypoParameter(in: query, for: ["destination"], known: known)
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no destination"
                    + (hint.map { "; found '\($0.found)': did you mean '\($0.expected)'?" } ?? "; add destination=<latitude>,<longitude>"),
                parameter: "destination")
        }
        let destination = Endpoint.coordinate(
            try CoordinateText.parsePair(Substring(destinationText), parameter: "destination"), label: name("destination_name"))

        let navigate = nav || last("dir_action").map { DirectionsURLParser.trimmed($0.value).lowercased() == "navigate" } == true
        var source = Endpoint.currentLocation
        if let origin = last("origin") {
            let text = DirectionsURLParser.trimmed(origin.value)
            if text.isEmpty || text == "currentLocation" || text == "current-location" {
                source = .currentLocation
            } else if navigate {
                try context.repair(
                    .ignoredValue,
                    "Organic Maps navigation always starts at the current position; 'origin=\(DirectionsURLParser.shorten(text))' is ignored (use /v2/dir without dir_action to preview from it)",
                    parameter: "origin")
            } else {
                source = .coordinate(try CoordinateText.parsePair(Substring(text), parameter: "origin"), label: name("origin_name"))
            }
        }

        var waypoints: [Endpoint] = []
        if let list = last("waypoints")?.value {
            let names = last("waypoint_names").map { $0.value.split(separator: "|", omittingEmptySubsequences: false) } ?? []
            for (i, slot) in list.split(separator: "|", omittingEmptySubsequences: false).enumerated() {
                let text = DirectionsURLParser.trimmed(String(slot))
                if text.isEmpty { continue }
                let label = i < names.count ? DirectionsURLParser.trimmed(String(names[i])) : ""
                waypoints.append(.coordinate(
                    try CoordinateText.parsePair(Substring(text), parameter: "waypoints"), label: label.isEmpty ? nil : label))
                if waypoints.count > maxWaypoints {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'waypoints' has more than \(maxWaypoints) stops; Organic Maps accepts at most \(maxWaypoints)",
                        parameter: "waypoints")
                }
            }
        }

        if let heading = last("origin_heading") {
            guard let h = CoordinateText.decimal(Substring(DirectionsURLParser.trimmed(heading.value))), (0...360).contains(h) else {
                throw DirectionsURLError(
                    code: .invalidParameter,
                    message: "'origin_heading=\(DirectionsURLParser.shorten(heading.value))' must be degrees from 0 to 360, clockwise from north",
                    parameter: "origin_heading")
            }
        }

        var mode: DirectionsMode? = nil
        var transport: TransportType? = nil
        if let m = query.parameters.last(where: { $0.key == "mode" || $0.key == "travelmode" }) {
            let value = DirectionsURLParser.trimmed(m.value).lowercased()
            guard let word = modeWords.first(where: { $0.value == value }) else {
                throw DirectionsURLError(
                    code: .unknownMode,
                    message: "'\(m.name)=\(DirectionsURLParser.shorten(m.value))' is not an Organic Maps mode; use drive, walk, bike or transit",
                    parameter: m.key)
            }
            mode = word.mode
            transport = word.transportType
        }

        var avoid: Set<RouteAvoidance> = []
        if let a = last("avoid") {
            for piece in a.value.split(whereSeparator: { $0 == "," || $0 == "|" }) {
                let v = DirectionsURLParser.trimmed(String(piece)).lowercased()
                if let hit = RouteAvoidance(rawValue: v) {
                    avoid.insert(hit)
                } else if !v.isEmpty {
                    try context.repair(
                        .ignoredValue, "avoid '\(DirectionsURLParser.shorten(v))' has no meaning here; use tolls, highways or ferries",
                        parameter: "avoid")
                }
            }
        }
        try DirectionsURLParser.warnLikelyTypos(in: query, known: known, format: formatName, &context)
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport,
            avoid: avoid, navigate: navigate)
    }

    /// Writes `om://v2/dir?…` (or `om://v2/nav?…` when the request navigates from the current location),
    /// parameters in the order origin, origin_name, destination, destination_name, waypoints,
    /// waypoint_names, mode, avoid; names are form-encoded, the `|` separators written raw.
    /// - Throws: `cannot-express` when the source, the destination or a stop is not a coordinate (the
    ///   source may also be the current location).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        guard case .coordinate(let end, let endLabel, let endPlace) = request.destination else {
            throw LinkBuildError(
                code: .cannotExpress, message: "Organic Maps route links need the destination's coordinates", field: "destination")
        }
        var nav = false
        switch request.source {
        case .currentLocation:
            nav = request.navigate
        case .address:
            throw LinkBuildError(
                code: .cannotExpress, message: "Organic Maps route links need the start's coordinates or the current location", field: "source")
        case .coordinate(let start, let label, _):
            pairs.append(("origin", LinkWriting.pair(start)))
            if let label, !label.isEmpty { pairs.append(("origin_name", LinkWriting.formValue(label))) }
            if request.navigate { omitted.append("navigate: Organic Maps navigation always starts at the current position; a preview is written") }
        }
        pairs.append(("destination", LinkWriting.pair(end)))
        if let endLabel, !endLabel.isEmpty { pairs.append(("destination_name", LinkWriting.formValue(endLabel))) }
        if endPlace != nil { omitted.append("destination place id: Organic Maps has no place ids") }
        if !request.waypoints.isEmpty {
            var stops: [String] = []
            var names: [String] = []
            for (i, w) in request.waypoints.enumerated() {
                guard case .coordinate(let c, let label, _) = w else {
                    throw LinkBuildError(
                        code: .cannotExpress, message: "Organic Maps route links need every stop's coordinates", field: "waypoints[\(i)]")
                }
                stops.append(LinkWriting.pair(c))
                names.append(label.flatMap { name($0, "waypoints[\(i)]", &omitted) } ?? "")
            }
            pairs.append(("waypoints", stops.joined(separator: "|")))
            if names.contains(where: { !$0.isEmpty }) {
                while names.last == "" { names.removeLast() }
                pairs.append(("waypoint_names", names.joined(separator: "|")))
            }
        }
        if let word = LinkWriting.modeWord(for: request, in: modeWords, format: "Organic Maps", omitted: &omitted) {
            pairs.append(("mode", word.value))
        }
        if !request.avoid.isEmpty {
            pairs.append(("avoid", request.avoid.sorted().map(\.rawValue).joined(separator: ",")))
        }
        omitted += OmittedFields.lines(
            request, format: "Organic Maps", waypoints: true, mode: true, avoid: true, navigate: true)
        return BuiltLink(
            url: (nav ? "om://v2/nav?" : "om://v2/dir?") + LinkWriting.query(pairs), format: .organicMaps, omitted: omitted)
    }

    /// A stop's name as a form value, or nil (with an `omitted` line) when it holds `|`, which v2 cannot
    /// carry in `waypoint_names` (a `%257C` would arrive as the text `%7C`).
    /// Stop names are read back trimmed, so a name is written trimmed (noted when that changes it).
    private static func name(_ label: String, _ field: String, _ omitted: inout [String]) -> String? {
        if label.contains("|") {
            omitted.append("\(field) label: Organic Maps v2 names cannot contain '|'")
            return nil
        }
        let trimmed = DirectionsURLParser.trimmed(label)
        if trimmed != label {
            omitted.append("\(field) label: Organic Maps v2 trims stop names; written without the surrounding spaces")
        }
        return LinkWriting.formValue(trimmed)
    }
}
