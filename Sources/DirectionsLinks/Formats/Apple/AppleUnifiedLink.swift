// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Apple unified Maps URLs (iOS 18.4, macOS 15.4, watchOS 11.4+; Apple, "Adopting unified Maps
    /// URLs", developer.apple.com/documentation/mapkit/unified-map-urls), directions and place forms.
    ///
    /// `https://maps.apple.com/directions?source=&destination=&waypoint=&mode=&avoid=` (also under
    /// `maps://…/directions?…`). Query, form-encoded (`+` is a space, `%2B` a literal `+`):
    /// - `destination` (required, at most once): `latitude,longitude` becomes a coordinate, other text
    ///   an address. `source` (at most once): absent, empty or a current-location literal → current location.
    /// - `waypoint`: repeatable, in travel order.
    /// - `source-place-id`, `destination-place-id`: kept verbatim in ``Endpoint/placeID``.
    ///   `waypoint-place-id`: each belongs to the `waypoint` it directly follows if all do, else they
    ///   pair in order. A place id with no endpoint is an `ignored-value` repair.
    /// - `mode`: `driving` → Car, `walking` → Pedestrian, `transit` → transport type Transit, `cycling`
    ///   → Bike; any other word → `unknown-mode`.
    /// - `avoid`: decoded, then split on `,`: `tolls`, `highways` → ``RouteAvoidance``; `busy-roads`,
    ///   `stairs` and unknown words → `ignored-value` repair.
    /// - `transit-preferences` and `start` are accepted and not used (not a mode; no delay field).
    /// - A misspelling of an absent `source`, `waypoint`, `mode` or `avoid` (`mdoe=walking`) is a
    ///   `likely-typo` repair and is ignored; a misspelt `destination` is `missing-destination`.
    ///
    /// Place form `https://maps.apple.com/place?coordinate=lat,lon&name=&address=&place-id=`: a
    /// destination-only request, the coordinate labelled with `name` (else `address`), or without it
    /// the `address` (else `name`) text; with the place id. A place id alone: `unresolvable-offline`.
    ///
    /// Building writes source, source-place-id, destination, destination-place-id, (waypoint,
    /// waypoint-place-id)…, mode, avoid. Labels of coordinates, `ferries`, `navigate` and times are omitted.
    enum AppleUnifiedLink {
        static let formatName = "Apple Maps directions link"
        /// The directions form's parameters (Apple's unified Maps URLs reference).
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
            .single("source", "the source: an address, a coordinate or a place name; absent: the current location"),
            .single("source-place-id", "the source's place id, kept verbatim"),
            .single(
                "destination", aliases: ["daddr", "dest", "to", "end", "destination-name", "target"],
                "the destination: an address, `latitude,longitude` or a place name"),
            .single("destination-place-id", "the destination's place id, kept verbatim"),
            .repeatable("waypoint", "a stop, in travel order"),
            .repeatable("waypoint-place-id", "a waypoint's place id, after its waypoint or in order"),
            .single("mode", "driving, walking, transit or cycling"),
            .single("avoid", "tolls, highways (busy-roads, stairs: ignored), comma-separated"),
            .ignored("transit-preferences", "bus, subway, commuter, ferry: not a directions mode"),
            .ignored("start", "a departure delay: the request has no field for it"),
        ])

        /// The place form's parameters (`map`, `span`, `center` and others are view-only and ignored).
        static let placeSchema = ParameterSchema(format: "Apple Maps place link", typos: .firstWithinTwo, [
            .single("coordinate", "the place, `latitude,longitude`"),
            .single("name", "the place's name: the coordinate's label, or the text without a coordinate"),
            .single("address", "the place's address: the label when there is no name"),
            .single("place-id", "the place id, kept verbatim"),
        ])

        /// Parameters worth a typo warning when absent.
        static let optional: [String] = ["source", "waypoint", "mode", "avoid"]
        /// ``modeVocabulary`` with its byte table.
        static let modeWords = AppleGoogleLinkText.ModeWords(modeVocabulary)

        /// Parses the query of a `/directions` link (the bytes after `?`).
        static func parse(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try LinkInput.Query(raw, plusAsSpace: true)
            // One pass finds every parameter this format reads (instead of one look-up each).
            let slots = schema.slots(query)
            let parameters = query.parameters
            guard let destinationParameter = try slots.single("destination"),
                !AppleGoogleLinkText.isBlankValue(destinationParameter)
            else {
                throw DirectionsURLParser.missingDestination(
                    present: slots.contains("destination"), format: formatName,
                    hint: schema.hint(in: query, for: "destination"))
            }
            let parser = context.parser
            var destination = try destinationParameter.endpoint(parser, parameter: "destination")
            try schema.warnAbsentTypos(optional, slots, &context)
            var source = Endpoint.currentLocation
            if let s = try slots.single("source") {
                source = try s.endpoint(parser, parameter: "source", source: true)
            }
            // A place id belongs to its endpoint; the current location has none (a repair).
            func attach(_ key: String, to endpoint: inout Endpoint, _ why: String) throws(DirectionsURLError) {
                guard let id = try slots.single(key)?.trimmedValue else { return }
                if case .currentLocation = endpoint {
                    try context.repair(.ignoredValue, "'\(key)' " + why, parameter: key)
                } else {
                    endpoint = endpoint.withPlaceID(id)
                }
            }
            try attach("source-place-id", to: &source, "needs a 'source'; the route starts at the current location")
            try attach("destination-place-id", to: &destination, "cannot name the current location; leave it out")
            var waypoints: [Endpoint] = []
            // Each waypoint-place-id with the index of the waypoint right before it (-1: none).
            var ids: [(id: String, after: Int)] = []
            var previousWasWaypoint = false
            for p in parameters {
                if query.isKey(p, "waypoint" as StaticString) {
                    waypoints.append(try p.endpoint(parser, parameter: "waypoint"))
                    previousWasWaypoint = true
                    continue
                }
                if query.isKey(p, "waypoint-place-id" as StaticString) {
                    ids.append((p.value, previousWasWaypoint ? waypoints.count - 1 : -1))
                }
                previousWasWaypoint = false
            }
            if !ids.isEmpty {
                let interleaved = ids.allSatisfy { $0.after >= 0 }
                for (k, (id, after)) in ids.enumerated() {
                    let target = interleaved ? after : k
                    let trimmedID = DirectionsURLParser.trimmed(id)
                    if trimmedID.isEmpty { continue }
                    if target >= 0 && target < waypoints.count && waypoints[target] != .currentLocation && waypoints[target].placeID == nil {
                        waypoints[target] = waypoints[target].withPlaceID(trimmedID)
                    } else {
                        try context.repair(
                            .ignoredValue,
                            "'waypoint-place-id=\(DirectionsURLParser.shorten(id))' has no waypoint to belong to; write it right after its 'waypoint'",
                            parameter: "waypoint-place-id")
                    }
                }
            }
            // A blank mode is no mode.
            var word: ModeWord? = nil
            if let m = try slots.single("mode"), !m.withValue({ $0.isBlank }) {
                word = m.withValue { AppleGoogleLinkText.word($0, in: modeWords) }
                if word == nil {
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'mode=\(m.value)' is not an Apple Maps travel mode; use " + AppleGoogleLinkText.list(modeVocabulary),
                        parameter: "mode")
                }
            }
            var avoid: Set<RouteAvoidance> = []
            if let a = try slots.single("avoid") {
                // Pieces between commas (empty ones left out), trimmed and lowercased (Unicode rules for non-ASCII).
                try LinkInput.forEachCommaWord(a.value) { word throws(DirectionsURLError) in
                    switch word {
                    case "": return
                    case "tolls": avoid.insert(.tolls)
                    case "highways": avoid.insert(.highways)
                    default: try ignoredAvoid(word, &context)
                    }
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: word?.mode, transportType: word?.transportType,
                avoid: avoid)
        }

        /// The repair for an `avoid` word (lowercase, trimmed) other than `tolls` and `highways`.
        private static func ignoredAvoid(_ word: Substring, _ context: inout ParseContext) throws(DirectionsURLError) {
            switch word {
            case "busy-roads", "stairs":
                try context.repair(
                    .ignoredValue, "'avoid=\(word)' has no meaning in a MapKit route request and is ignored; tolls and highways are used",
                    parameter: "avoid")
            default:
                try context.repair(
                    .ignoredValue,
                    "'avoid=\(DirectionsURLParser.shorten(String(word)))' is not an Apple Maps avoid value and is ignored; use tolls, highways, busy-roads or stairs",
                    parameter: "avoid")
            }
        }

        /// Parses the query of a `/place` link as a destination-only request (see the type's notes).
        static func parsePlace(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let slots = placeSchema.slots(try LinkInput.Query(raw, plusAsSpace: true))
            let name = try slots.single("name")?.trimmedValue
            let address = try slots.single("address")?.trimmedValue
            let id = try slots.single("place-id")?.trimmedValue
            if let c = try slots.single("coordinate") {
                // nil: blank, as if absent.
                let coordinate = try c.withValue { (v: LinkInput) throws(DirectionsURLError) -> Coordinate? in
                    let t = v.trimmed
                    return t.isEmpty ? nil : try CoordinateText.parsePair(t, parameter: "coordinate")
                }
                if let coordinate {
                    return DirectionsRequest(destination: .coordinate(coordinate, label: name ?? address, placeID: id))
                }
            }
            if let t = address ?? name {
                return DirectionsRequest(destination: .address(t, placeID: id))
            }
            if id != nil {
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "this Apple Maps place link names the place only by 'place-id', which needs an online look-up; add coordinate=<latitude,longitude> or address=…",
                    parameter: "place-id")
            }
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this Apple Maps place link has no 'coordinate', 'address' or 'name'; add coordinate=<latitude,longitude>",
                parameter: "coordinate")
        }
    }
}

extension Endpoint {
    /// The same endpoint with `id` as its place id (the current location has none).
    func withPlaceID(_ id: String?) -> Endpoint {
        switch self {
        case .coordinate(let c, let label, _): .coordinate(c, label: label, placeID: id)
        case .address(let text, _): .address(text, placeID: id)
        case .currentLocation: .currentLocation
        }
    }
}

extension DirectionsURLParser.AppleUnifiedLink: DirectionsLinkFormat {
    static var format: LinkFormat { .appleUnified }

    /// Read by its family's type, which dispatches `/directions` and `/place` here.
    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        try DirectionsURLParser.AppleMapsLink.parse(link, &context)
    }

    /// Unified Maps URLs `mode`: `driving`, `walking`, `transit`, `cycling`.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("mode", "driving", mode: .car),
        ModeWord("mode", "walking", mode: .pedestrian),
        ModeWord("mode", "transit", mode: nil, transportType: .transit),
        ModeWord("mode", "cycling", mode: .bike),
    ]

    /// `https://maps.apple.com/directions?source=…&destination=…&waypoint=…&mode=…&avoid=…`.
    /// - Throws: `cannot-express` for an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "Apple Maps"
        try AppleGoogleLinkText.requireDestination(request, format: name)
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        func add(_ endpoint: Endpoint, _ field: String, _ parameter: String, source: Bool) throws(LinkBuildError) {
            let expected = AppleGoogleLinkText.carried(endpoint, field: field, format: name, labels: false, placeIDs: true, omitted: &omitted)
            if source && expected == .currentLocation { return }
            let text = AppleGoogleLinkText.text(expected)
            let checker = AppleGoogleLinkText.checker
            let read = source ? try? checker.sourceEndpoint(text, parameter: parameter) : try? checker.stopEndpoint(text, parameter: parameter)
            guard try AppleGoogleLinkText.readable(text, field: field, read: read, omitted: &omitted) else { return }
            AppleGoogleLinkText.verify(text, field: field, expected: expected.withPlaceID(nil), read: read, omitted: &omitted)
            pairs.append((parameter, LinkWriting.formValue(text)))
            if let id = expected.placeID {
                if DirectionsURLParser.trimmed(id) == id && !id.isEmpty {
                    pairs.append((parameter + "-place-id", LinkWriting.formValue(id)))
                } else {
                    omitted.append("\(field) place id: '\(id)' is blank or has surrounding spaces")
                }
            }
        }
        try add(request.source, "source", "source", source: true)
        try add(request.destination, "destination", "destination", source: false)
        for (i, w) in request.waypoints.enumerated() { try add(w, "waypoints[\(i)]", "waypoint", source: false) }
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted) {
            pairs.append(("mode", word.value))
        }
        let avoid = request.avoid.sorted().filter { $0 != .ferries }
        if !avoid.isEmpty { pairs.append(("avoid", avoid.map(\.rawValue).joined(separator: ","))) }
        AppleGoogleLinkText.extras(request, format: name, avoid: [.tolls, .highways], navigate: false, omitted: &omitted)
        return BuiltLink(url: "https://maps.apple.com/directions?" + LinkWriting.query(pairs), format: format, omitted: omitted)
    }
}
