extension DirectionsURLParser {
    /// Google Maps URLs, directions action (Google, "Get started with Maps URLs",
    /// developers.google.com/maps/documentation/urls/get-started):
    /// `https://www.google.com/maps/dir/?api=1&origin=&destination=&waypoints=a%7Cb&travelmode=`.
    /// This type is also the family for every Google web link: it dispatches by host and path to
    /// `GooglePathLink` (`/maps/dir/A/B/…`), `GooglePlaceLink` (`/maps/place/…`, `?q=`, `/maps/search/?api=1`)
    /// and `GoogleLegacyLink` (`?saddr=&daddr=`).
    ///
    /// Hosts: `google.com`, `www.google.com`, `maps.google.com` and the same on Google's country domains
    /// (`google.co.uk`, `www.google.de`, `maps.google.fr`, `google.com.au`; see ``isGoogleHost(_:)``).
    /// Short links `goo.gl/maps/…` and `maps.app.goo.gl/…` hide the link behind an HTTP redirect:
    /// `unresolvable-offline`. A link naming a place only by feature id (`ftid=`, `cid=`): `unresolvable-offline`.
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `api=1` required ("If api=1 is NOT present in the URL, all parameters are ignored"); another
    ///   value is `invalid-parameter`.
    /// - `destination` (required), `origin` (absent, empty or a current-location literal → current
    ///   location): place name, address or `latitude,longitude` (WGS84 degrees, latitude first).
    /// - `origin_place_id`, `destination_place_id`: kept in ``Endpoint/placeID``.
    /// - `waypoints`: one value listing stops separated by `|`. Google asks for `%7C`, so the value is
    ///   decoded first and then split on `|` (a `|` inside an address cannot be written). A raw `|` is
    ///   accepted as a `repaired-syntax` repair. `waypoint_place_ids`: `|`-separated, paired with the
    ///   waypoints in order when the counts match, else an `ignored-value` repair.
    /// - `travelmode`: `driving` → Car, `walking` → Pedestrian, `bicycling` → Bike, `transit` → transport
    ///   type Transit (no single mode), `two-wheeler` → Other (motorcycles and scooters are neither Car
    ///   nor Bike, and Apple's twelve modes have no motorbike). Another word → `unknown-mode`.
    /// - `dir_action=navigate` → ``DirectionsRequest/navigate``; another value → `invalid-parameter`.
    /// - `avoid`: decoded, then split on `,`: `tolls`, `highways`, `ferries`; another word → `ignored-value`.
    /// - A raw space in any value is a `repaired-syntax` repair (write `+` or `%20`).
    /// - A misspelling of an absent `origin`, `waypoints`, `travelmode`, `dir_action` or `avoid`
    ///   (`travelmod=walking`) is a `likely-typo` repair and is ignored; a misspelt `destination` is
    ///   `missing-destination` naming the typo.
    ///
    /// Building writes `https://www.google.com/maps/dir/?api=1&origin=&origin_place_id=&destination=`
    /// `&destination_place_id=&travelmode=&waypoints=&waypoint_place_ids=&avoid=&dir_action=navigate`
    /// in that order. Labels of coordinates and times cannot be carried; waypoint place ids only when
    /// every waypoint has one.
    enum GoogleMapsLink {
        static let formatName = "Google Maps directions link"
        static let known: Set<String> = [
            "api", "origin", "origin_place_id", "destination", "destination_place_id", "travelmode",
            "dir_action", "waypoints", "waypoint_place_ids", "avoid",
        ]
        static let destinationAliases: Set<String> = ["daddr", "dest", "to", "end", "destination_name", "query"]

        /// Whether `host` is a Google Maps host: `google.<tld>`, `www.google.<tld>` or
        /// `maps.google.<tld>`, where `<tld>` is `com`, a two-letter country code, or `co.` / `com.`
        /// followed by one (`google.co.uk`, `google.com.br`). Lookalikes (`google.com.evil.net`,
        /// `evilgoogle.com`) do not match.
        static func isGoogleHost(_ host: String) -> Bool {
            var h = Substring(host)
            if h.hasPrefix("www.") { h = h.dropFirst(4) } else if h.hasPrefix("maps.") { h = h.dropFirst(5) }
            guard h.hasPrefix("google.") else { return false }
            let labels = h.dropFirst(7).split(separator: ".", omittingEmptySubsequences: false)
            func country(_ s: Substring) -> Bool { s.utf8.count == 2 && s.utf8.allSatisfy { $0 >= 97 && $0 <= 122 } }
            switch labels.count {
            case 1: return labels[0] == "com" || country(labels[0])
            case 2: return (labels[0] == "co" || labels[0] == "com") && country(labels[1])
            default: return false
            }
        }

        /// Dispatches a Google web link (see the type's notes).
        static func dispatch(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            if link.host == "goo.gl" || link.host == "maps.app.goo.gl" {
                if link.host == "goo.gl" && !link.path.lowercased().hasPrefix("/maps") {
                    throw DirectionsURLError(
                        code: .notADirectionsLink, message: "this goo.gl link is not a Google Maps link (those start goo.gl/maps/)",
                        parameter: "path")
                }
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "\(link.host) short links hide the real link behind an HTTP redirect; open it once and pass the google.com/maps link it leads to",
                    parameter: "host")
            }
            // The path and place forms are told apart without lowercasing their (long) paths.
            let asciiPath = AppleGoogleLinkText.Bytes.isASCII(link.path)
            if asciiPath
                ? AppleGoogleLinkText.Bytes.hasPrefixIgnoringCase(link.path, "/maps/dir/") && link.path.utf8.count > 10
                : link.path.lowercased().hasPrefix("/maps/dir/") && link.path.lowercased().utf8.count > 10
            {
                context.format = .googlePath
                return try GooglePathLink.parse(link, &context)
            }
            if asciiPath
                ? AppleGoogleLinkText.Bytes.hasPrefixIgnoringCase(link.path, "/maps/place/")
                : link.path.lowercased().hasPrefix("/maps/place/")
            {
                context.format = .googlePlace
                return try GooglePlaceLink.parse(path: link, &context)
            }
            let path = AppleGoogleLinkText.Bytes.lowercasedSubstring(link.path)
            let query = try QueryString(link.query, plusAsSpace: true)
            if AppleGoogleLinkText.has(query, "api") {
                let api = try AppleGoogleLinkText.single(query, "api", format: formatName)
                guard let api, DirectionsURLParser.trimmed(api.value) == "1" else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'api=\(api?.value ?? "")' is not valid; Google Maps URLs require api=1", parameter: "api")
                }
                switch path {
                case "/maps/dir", "/maps/dir/":
                    return try parse(query: query, &context)
                case "/maps/search", "/maps/search/":
                    context.format = .googlePlace
                    return try GooglePlaceLink.parse(search: query, &context)
                default:
                    throw DirectionsURLError(
                        code: .notADirectionsLink,
                        message: "'\(link.path)' is not the directions action; directions links use /maps/dir/?api=1&destination=…",
                        parameter: "path")
                }
            }
            let onLegacyPath = path == "/maps" || path == "/maps/" || (AppleGoogleLinkText.Bytes.hasPrefix(link.host, "maps.") && (path.isEmpty || path == "/"))
            let legacy = AppleGoogleLinkText.has(query, "saddr") || AppleGoogleLinkText.has(query, "daddr") || AppleGoogleLinkText.has(query, "dirflg") || AppleGoogleLinkText.has(query, "dirflag")
            if onLegacyPath && legacy {
                context.format = .googleLegacy
                return try GoogleLegacyLink.parse(query: query, &context)
            }
            if onLegacyPath, let q = AppleGoogleLinkText.last(query, "q"), !DirectionsURLParser.trimmed(q.value).isEmpty {
                context.format = .googlePlace
                return try GooglePlaceLink.parse(q: query, &context)
            }
            if onLegacyPath,
                let hint = DirectionsURLParser.typoHint(
                    in: query, for: "daddr", known: GoogleLegacyLink.known, aliases: GoogleLegacyLink.daddrAliases),
                !AppleGoogleLinkText.has(query, "destination"), !AppleGoogleLinkText.has(query, "origin")
            {
                throw DirectionsURLError(
                    code: .missingDestination, message: "this Google Maps legacy link has no 'daddr' (the destination); \(hint)",
                    parameter: "daddr")
            }
            if let feature = query.parameters.first(where: { $0.key == "ftid" || $0.key == "cid" }) {
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "this Google link names the place only by '\(feature.name)', a Google feature id that needs an online look-up; share a link with coordinates or an address",
                    parameter: feature.name)
            }
            if AppleGoogleLinkText.has(query, "destination") || AppleGoogleLinkText.has(query, "origin") || AppleGoogleLinkText.has(query, "travelmode") || AppleGoogleLinkText.has(query, "waypoints") {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "Google ignores every parameter of a Maps URL without api=1; add api=1", parameter: "api")
            }
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Google link shows a map or a search, not directions; use https://www.google.com/maps/dir/?api=1&destination=…",
                parameter: path.hasPrefix("/maps/@") ? "path" : "api")
        }

        /// Parses the query of an `api=1` directions link.
        static func parse(query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let parser = context.parser
            try rawSpaces(query, &context)
            let destinationValue = try AppleGoogleLinkText.requiredDestination(
                query, format: formatName, known: known, aliases: destinationAliases)
            var destination = try parser.stopEndpoint(destinationValue, parameter: "destination")
            try AppleGoogleLinkText.typoWarnings(
                query, optional: ["origin", "waypoints", "travelmode", "dir_action", "avoid"], known: known, &context)
            var source = try parser.sourceEndpoint(try AppleGoogleLinkText.single(query, "origin", format: formatName)?.value, parameter: "origin")
            if let id = try nonEmpty(query, "origin_place_id") {
                if source == .currentLocation {
                    try context.repair(.ignoredValue, "'origin_place_id' needs an 'origin'; the route starts at the current location", parameter: "origin_place_id")
                } else {
                    source = source.withPlaceID(id)
                }
            }
            if let id = try nonEmpty(query, "destination_place_id") {
                if destination == .currentLocation {
                    try context.repair(.ignoredValue, "'destination_place_id' cannot name the current location; leave it out", parameter: "destination_place_id")
                } else {
                    destination = destination.withPlaceID(id)
                }
            }
            var waypoints: [Endpoint] = []
            if let w = try AppleGoogleLinkText.single(query, "waypoints", format: formatName), case let value = w.value,
                !AppleGoogleLinkText.Bytes.isBlank(value)
            {
                if AppleGoogleLinkText.Bytes.contains(w.rawValue, UInt8(ascii: "|")) {
                    try context.repair(
                        .repairedSyntax, "'waypoints' separates stops with a raw '|'; Google requires it encoded as %7C",
                        parameter: "waypoints")
                }
                for piece in AppleGoogleLinkText.Bytes.split(Substring(value), UInt8(ascii: "|")) {
                    waypoints.append(try parser.stopEndpoint(String(piece), parameter: "waypoints"))
                }
            }
            if let ids = try AppleGoogleLinkText.single(query, "waypoint_place_ids", format: formatName), case let value = ids.value,
                !AppleGoogleLinkText.Bytes.isBlank(value)
            {
                let pieces = AppleGoogleLinkText.Bytes.split(Substring(value), UInt8(ascii: "|")).map { DirectionsURLParser.trimmed(String($0)) }
                if pieces.count == waypoints.count {
                    for (i, id) in pieces.enumerated() where !id.isEmpty && waypoints[i] != .currentLocation {
                        waypoints[i] = waypoints[i].withPlaceID(id)
                    }
                } else {
                    try context.repair(
                        .ignoredValue,
                        "'waypoint_place_ids' lists \(pieces.count) ids for \(waypoints.count) waypoints and is ignored; give one id per waypoint, separated by %7C",
                        parameter: "waypoint_place_ids")
                }
            }
            let (mode, transport) = try AppleGoogleLinkText.mode(
                query, "travelmode", in: modeVocabulary, format: formatName, what: "a Google Maps travel mode")
            var navigate = false
            if let action = try AppleGoogleLinkText.single(query, "dir_action", format: formatName) {
                let value = AppleGoogleLinkText.Bytes.lowercased(DirectionsURLParser.trimmed(action.value))
                guard value.isEmpty || value == "navigate" else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'dir_action=\(action.value)' is not valid; the only value is navigate", parameter: "dir_action")
                }
                navigate = value == "navigate"
            }
            var avoid: Set<RouteAvoidance> = []
            if let a = try AppleGoogleLinkText.single(query, "avoid", format: formatName) {
                try AppleGoogleLinkText.Bytes.forEachCommaWord(a.value) { word throws(DirectionsURLError) in
                    if word.isEmpty { return }
                    if let value = RouteAvoidance(rawValue: String(word)) {
                        avoid.insert(value)
                    } else {
                        try context.repair(
                            .ignoredValue,
                            "'avoid=\(DirectionsURLParser.shorten(String(word)))' is not a Google avoid value and is ignored; use tolls, highways or ferries",
                            parameter: "avoid")
                    }
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport,
                avoid: avoid, navigate: navigate)
        }

        /// One `repaired-syntax` repair for each parameter whose raw value holds a space (a link
        /// pasted from text; Google wants `+` or `%20`).
        static func rawSpaces(_ query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) {
            for p in query.parameters where AppleGoogleLinkText.Bytes.contains(p.rawValue, UInt8(ascii: " ")) {
                // A piece with an empty name (`=a b`) is reported as `query`, as QueryString does.
                let name = p.name.isEmpty ? "query" : p.name
                try context.repair(
                    .repairedSyntax, "the value of '\(name)' holds a raw space; write it as + or %20", parameter: name)
            }
        }

        private static func nonEmpty(_ query: QueryString, _ key: String) throws(DirectionsURLError) -> String? {
            guard let p = try AppleGoogleLinkText.single(query, key, format: formatName) else { return nil }
            let t = DirectionsURLParser.trimmed(p.value)
            return t.isEmpty ? nil : t
        }
    }
}

extension DirectionsURLParser.GoogleMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .google }
    static var hosts: [String] { ["google.com", "www.google.com", "maps.google.com", "goo.gl", "maps.app.goo.gl"] }
    static func handles(host: String) -> Bool { isGoogleHost(host) }
    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        try dispatch(link, &context)
    }
}

extension DirectionsURLParser.GoogleMapsLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .google }

    /// Google Maps URLs `travelmode`: `driving`, `walking`, `bicycling`, `transit`, `two-wheeler`.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("travelmode", "driving", mode: .car),
        ModeWord("travelmode", "walking", mode: .pedestrian),
        ModeWord("travelmode", "bicycling", mode: .bike),
        ModeWord("travelmode", "transit", mode: nil, transportType: .transit),
        ModeWord("travelmode", "two-wheeler", mode: .other),
    ]

    /// `https://www.google.com/maps/dir/?api=1&…` (see the type's notes for the order).
    /// - Throws: `cannot-express` for an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "Google Maps"
        try AppleGoogleLinkText.requireDestination(request, format: name)
        var omitted: [String] = []
        var pairs: [(String, String)] = [("api", "1")]
        let checker = AppleGoogleLinkText.checker
        func text(_ endpoint: Endpoint, _ field: String, source: Bool, waypoint: Bool = false) throws(LinkBuildError) -> (String, String?)? {
            let expected = AppleGoogleLinkText.carried(endpoint, field: field, format: name, labels: false, placeIDs: true, omitted: &omitted)
            if source && expected == .currentLocation { return nil }
            var t = AppleGoogleLinkText.text(expected)
            let changed = waypoint && t.contains("|")
            if changed {
                omitted.append("\(field): '|' cannot be written inside a Google waypoint; written as a space")
                t = String(t.map { $0 == "|" ? " " : $0 })
            }
            let read = source ? try? checker.sourceEndpoint(t, parameter: field) : try? checker.stopEndpoint(t, parameter: field)
            guard try AppleGoogleLinkText.readable(t, field: field, read: read, omitted: &omitted) else { return nil }
            if changed { return (t, expected.placeID) }
            AppleGoogleLinkText.verify(t, field: field, expected: expected.withPlaceID(nil), read: read, omitted: &omitted)
            return (t, expected.placeID)
        }
        if let (t, id) = try text(request.source, "source", source: true) {
            pairs.append(("origin", LinkWriting.formValue(t)))
            if let id { pairs.append(("origin_place_id", LinkWriting.formValue(id))) }
        }
        if let (t, id) = try text(request.destination, "destination", source: false) {
            pairs.append(("destination", LinkWriting.formValue(t)))
            if let id { pairs.append(("destination_place_id", LinkWriting.formValue(id))) }
        }
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted) {
            pairs.append(("travelmode", word.value))
        }
        if !request.waypoints.isEmpty {
            var texts: [String] = []
            var ids: [String?] = []
            for (i, w) in request.waypoints.enumerated() {
                if let (t, id) = try text(w, "waypoints[\(i)]", source: false, waypoint: true) {
                    texts.append(t)
                    ids.append(id)
                }
            }
            if !texts.isEmpty { pairs.append(("waypoints", LinkWriting.formValue(texts.joined(separator: "|")))) }
            let present = ids.compactMap { $0 }
            if !ids.isEmpty && present.count == ids.count && present.allSatisfy({ !$0.contains("|") }) {
                pairs.append(("waypoint_place_ids", LinkWriting.formValue(present.joined(separator: "|"))))
            } else if !present.isEmpty {
                omitted.append("waypoint place ids: Google links carry them only when every waypoint has one")
            }
        }
        let avoid = request.avoid.sorted()
        if !avoid.isEmpty { pairs.append(("avoid", avoid.map(\.rawValue).joined(separator: ","))) }
        if request.navigate { pairs.append(("dir_action", "navigate")) }
        AppleGoogleLinkText.extras(request, format: name, avoid: Set(RouteAvoidance.allCases), navigate: true, omitted: &omitted)
        return BuiltLink(url: "https://www.google.com/maps/dir/?" + LinkWriting.query(pairs), format: format, omitted: omitted)
    }
}
