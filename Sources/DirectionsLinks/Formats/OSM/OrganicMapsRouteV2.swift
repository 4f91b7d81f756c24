// SPDX-License-Identifier: Apache-2.0
/// Organic Maps route links v2: `om://v2/dir?origin=&destination=&waypoints=a|b&mode=` (preview) and
/// `om://v2/nav?…` (navigation), also `https://omaps.app/v2/dir?…`; reached through ``OrganicMapsLink``.
///
/// Source: Organic Maps `docs/API.md` ("Route links v2") and `map/mwm_url.cpp`.
///
/// - Values are decoded once (`+` a space); a repeated parameter uses its last value (as Organic
///   Maps); `mode` and `travelmode` are the same parameter.
/// - `destination=lat,lon` (required, latitude first), `destination_name` (its label).
/// - `origin=lat,lon` with `origin_name`; absent, `currentLocation` or `current-location` is the
///   **current location**. `/v2/nav` and `dir_action=navigate` start at the current position and set
///   ``DirectionsRequest/navigate``; an `origin` there is dropped with an `ignored-value` repair.
/// - `waypoints=lat,lon|lat,lon`: decoded, then split on `|` (`%7C` splits too, as documented); items
///   trimmed, empty slots skipped; over 100 stops is `invalid-parameter`. `waypoint_names` aligns with the slots.
/// - `mode`/`travelmode`: a word of ``modeWords`` (any case); other words (`cycling` too) are `unknown-mode`.
/// - `avoid=tolls,highways,ferries` (`,` or `|` between) become the avoidances, other values
///   `ignored-value` repairs. `origin_heading` must be 0–360 (`invalid-parameter`).
/// - Callbacks, `optimize`, `ref_name`, `api`, `ref` and unknown parameters are ignored.
enum OrganicMapsRouteV2 {
    /// Every parameter may repeat: the last one is read, as Organic Maps does.
    static let schema = ParameterSchema(format: "Organic Maps v2 route link", typos: .closestByLength, [
        .repeatable("destination", "the destination, 'lat,lon'"),
        .repeatable("destination_name", "the destination's name"),
        .repeatable("origin", "the start, 'lat,lon'; empty or currentLocation: the current location"),
        .repeatable("origin_name", "the start's name"),
        .repeatable("origin_heading", "the start's heading, degrees 0-360 clockwise from north"),
        .repeatable("waypoints", "stops, 'lat,lon|lat,lon'"),
        .repeatable("waypoint_names", "the stops' names, '|'-separated, aligned with waypoints"),
        .repeatable("mode", "the travel mode (the last of mode and travelmode)"),
        .repeatable("travelmode", "the travel mode, Google's name"),
        .repeatable("dir_action", "navigate: start guidance"),
        .repeatable("avoid", "tolls, highways, ferries; ',' or '|'-separated"),
        .ignored("origin_callback"), .ignored("destination_callback"), .ignored("waypoint_callbacks"),
        .ignored("api"), .ignored("optimize"), .ignored("ref"), .ignored("ref_name"), .ignored("callback"),
        .ignored("callback_label"),
    ])

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
    static func parse(_ query: LinkInput.Query, nav: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let destinationParameter = query.last("destination"), !destinationParameter.withValue({ $0.isBlank }) else {
            throw OSMLinkBytes.missing(schema, query, ["destination"], "destination=<latitude>,<longitude>")
        }
        let destination = Endpoint.coordinate(
            try OsmAndLink.pair(destinationParameter, parameter: "destination"), label: query.last("destination_name")?.nonEmptyValue)
        let navigate = nav || query.last("dir_action").map { $0.withValue { OSMLinkBytes.lowerEquals($0.trimmed, "navigate") } } == true
        var source = Endpoint.currentLocation
        if let origin = query.last("origin") {
            source = try origin.withValue { (v: LinkInput) throws(DirectionsURLError) -> Endpoint in
                let text = v.trimmed
                if text.isEmpty || text.equals("currentLocation") || text.equals("current-location") { return .currentLocation }
                guard !navigate else {
                    try context.repair(.ignoredValue, "Organic Maps navigation always starts at the current position; "
                        + "'origin=\(DirectionsURLParser.shorten(text.string))' is ignored (use /v2/dir without dir_action to preview from it)",
                        parameter: "origin")
                    return .currentLocation
                }
                return .coordinate(try CoordinateText.parsePair(text, parameter: "origin"), label: query.last("origin_name")?.nonEmptyValue)
            }
        }
        var waypoints: [Endpoint] = []
        if let list = query.last("waypoints") {
            let names = query.last("waypoint_names")
            waypoints = try list.withValue { (l: LinkInput) throws(DirectionsURLError) -> [Endpoint] in
                guard let names else { return try stops(l, names: nil) }
                return try names.withValue { (n: LinkInput) throws(DirectionsURLError) -> [Endpoint] in try stops(l, names: n) }
            }
        }
        if let heading = query.last("origin_heading"), !heading.withValue({ v in v.trimmed.decimal.map { (0...360).contains($0) } == true }) {
            throw DirectionsURLError(.invalidParameter, "origin_heading",
                "'origin_heading=\(DirectionsURLParser.shorten(heading.value))' must be degrees from 0 to 360, clockwise from north")
        }
        var word: ModeWord? = nil
        if let m = query.parameters.last(where: { query.isKey($0, "mode") || query.isKey($0, "travelmode") }) {
            word = try m.modeWord(
                name: m.name, parameter: query.key(of: m), emptyIsUnset: false,
                notA: "is not an Organic Maps mode; use drive, walk, bike or transit"
            ) { value in OSMLinkBytes.index(of: value, in: modeWords) }.map { modeWords[$0] }
        }
        var avoid: Set<RouteAvoidance> = []
        try query.last("avoid")?.withValue { (value: LinkInput) throws(DirectionsURLError) in
            for piece in value.pieces(separatedBy: UInt8(ascii: ",")) {
                for item in piece.pieces(separatedBy: UInt8(ascii: "|")) where !item.trimmed.isEmpty {
                    let v = item.trimmed
                    if let hit = RouteAvoidance.allCases.first(where: { v.equalsIgnoringCase($0.rawValue) }) {
                        avoid.insert(hit)
                    } else {
                        let shown = DirectionsURLParser.shorten(v.lowercasedASCII)
                        try context.repair(.ignoredValue, "avoid '\(shown)' has no meaning here; use tolls, highways or ferries", parameter: "avoid")
                    }
                }
            }
        }
        try schema.warnLikelyTypos(query, &context)
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: word?.mode, transportType: word?.transportType,
            avoid: avoid, navigate: navigate)
    }

    /// The stops of a decoded `waypoints` list (split by byte, in non-ASCII text too), labelled by the
    /// slots of the decoded `waypoint_names`.
    private static func stops(_ list: LinkInput, names: LinkInput?) throws(DirectionsURLError) -> [Endpoint] {
        var waypoints: [Endpoint] = []
        var nameSlots = names?.pieces(separatedBy: UInt8(ascii: "|"))
        for slot in list.pieces(separatedBy: UInt8(ascii: "|")) {
            let name = nameSlots?.next()?.trimmed ?? .empty
            let text = slot.trimmed
            if text.isEmpty { continue }
            waypoints.append(.coordinate(try CoordinateText.parsePair(text, parameter: "waypoints"), label: name.isEmpty ? nil : name.string))
            if waypoints.count > maxWaypoints {
                throw DirectionsURLError(.invalidParameter, "waypoints",
                    "'waypoints' has more than \(maxWaypoints) stops; Organic Maps accepts at most \(maxWaypoints)")
            }
        }
        return waypoints
    }

    /// Writes `om://v2/dir?…` (`om://v2/nav?…` when navigating from the current location), parameters
    /// in the order origin, origin_name, destination, destination_name, waypoints, waypoint_names,
    /// mode, avoid; names form-encoded, `|` raw.
    /// - Throws: `cannot-express` when the source, the destination or a stop is not a coordinate (the
    ///   source may also be the current location).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let (start, end, endLabel) = try OSMLinkBytes.coordinateEnds(
            request, "Organic Maps route links need", start: "the start's coordinates or the current location")
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        if let (c, label) = start {
            pairs.append(("origin", LinkWriting.pair(c)))
            if let label, !label.isEmpty { pairs.append(("origin_name", LinkWriting.formValue(label))) }
            if request.navigate { omitted.append("navigate: Organic Maps navigation always starts at the current position; a preview is written") }
        }
        pairs.append(("destination", LinkWriting.pair(end)))
        if let endLabel, !endLabel.isEmpty { pairs.append(("destination_name", LinkWriting.formValue(endLabel))) }
        if request.destination.placeID != nil { omitted.append("destination place id: Organic Maps has no place ids") }
        if !request.waypoints.isEmpty {
            var stops: [String] = []
            var names: [String] = []
            for (i, w) in request.waypoints.enumerated() {
                guard case .coordinate(let c, let label, _, _) = w else {
                    throw LinkBuildError.cannot("waypoints[\(i)]", "Organic Maps route links need every stop's coordinates")
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
        if !request.avoid.isEmpty { pairs.append(("avoid", request.avoid.sorted().map(\.rawValue).joined(separator: ","))) }
        omitted += OmittedFields.lines(
            request, format: "Organic Maps", waypoints: true, mode: true, avoid: true, navigate: true, destinationPlaceID: true)
        let nav = start == nil && request.navigate
        return BuiltLink(url: (nav ? "om://v2/nav?" : "om://v2/dir?") + LinkWriting.query(pairs), format: .organicMaps, omitted: omitted)
    }

    /// A stop's name as a form value, trimmed (as it is read back; noted when that changes it), or nil
    /// (noted) when it holds `|`, which `waypoint_names` cannot carry.
    private static func name(_ label: String, _ field: String, _ omitted: inout [String]) -> String? {
        if label.utf8.contains(UInt8(ascii: "|")) {
            omitted.append("\(field) label: Organic Maps v2 names cannot contain '|'")
            return nil
        }
        let trimmed = DirectionsURLParser.trimmed(label)
        if trimmed != label { omitted.append("\(field) label: Organic Maps v2 trims stop names; written without the surrounding spaces") }
        return LinkWriting.formValue(trimmed)
    }
}
