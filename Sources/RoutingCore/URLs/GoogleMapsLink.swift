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
        static let knownWords = GoogleQueryRules.KnownWords([
            "api", "origin", "origin_place_id", "destination", "destination_place_id", "travelmode",
            "dir_action", "waypoints", "waypoint_place_ids", "avoid",
        ])
        static var known: Set<String> { knownWords.set }
        static let destinationAliases: Set<String> = ["daddr", "dest", "to", "end", "destination_name", "query"]
        /// Optional parameters whose misspellings are `likely-typo` repairs.
        static let typoOptional = ["origin", "waypoints", "travelmode", "dir_action", "avoid"]

        /// Whether `host` is a Google Maps host: `google.<tld>`, `www.google.<tld>` or
        /// `maps.google.<tld>`, where `<tld>` is `com`, a two-letter country code, or `co.` / `com.`
        /// followed by one (`google.co.uk`, `google.com.br`). Lookalikes (`google.com.evil.net`,
        /// `evilgoogle.com`) do not match.
        static func isGoogleHost(_ host: String) -> Bool {
            // Every Google host contains the bytes `google.`: any other host is refused without
            // slicing (other families' hosts are asked here first).
            var bytesOfHost = host
            let mayBeGoogle = bytesOfHost.withUTF8 { bytes -> Bool in
                let needle: StaticString = "google."
                return needle.withUTF8Buffer { n in
                    guard bytes.count >= n.count else { return false }
                    var i = 0
                    while i &+ n.count <= bytes.count {
                        var j = 0
                        while j < n.count && bytes[i &+ j] == n[j] { j &+= 1 }
                        if j == n.count { return true }
                        i &+= 1
                    }
                    return false
                }
            }
            guard mayBeGoogle else { return false }
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
            let rawPath = link.bytes.path
            let asciiPath = rawPath.isASCII
            if link.host == "goo.gl" || link.host == "maps.app.goo.gl" {
                if link.host == "goo.gl" && !(asciiPath ? rawPath.hasPrefixIgnoringCase("/maps") : rawPath.string.lowercased().hasPrefix("/maps")) {
                    throw DirectionsURLError(
                        code: .notADirectionsLink, message: "this goo.gl link is not a Google Maps link (those start goo.gl/maps/)",
                        parameter: "path")
                }
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "\(link.host) short links hide the real link behind an HTTP redirect; open it once and pass the google.com/maps link it leads to",
                    parameter: "host")
            }
            // The path and place forms are told apart without lowercasing their (long) paths; a
            // non-ASCII path is lowercased by `Character`s, as `String` does.
            let loweredPath: String? = asciiPath ? nil : rawPath.string.lowercased()
            let isDirPath = loweredPath.map { $0.hasPrefix("/maps/dir/") && $0.utf8.count > 10 }
                ?? (rawPath.hasPrefixIgnoringCase("/maps/dir/") && rawPath.count > 10)
            if isDirPath {
                context.format = .googlePath
                return try GooglePathLink.parse(link, &context)
            }
            if loweredPath.map({ $0.hasPrefix("/maps/place/") }) ?? rawPath.hasPrefixIgnoringCase("/maps/place/") {
                context.format = .googlePlace
                return try GooglePlaceLink.parse(path: link, &context)
            }
            /// Whether the lowercased path is `literal` (lowercase ASCII).
            func pathIs(_ literal: StaticString) -> Bool {
                if let loweredPath { return loweredPath == literal.description }
                return rawPath.equalsIgnoringCase(literal)
            }
            let query = try QueryBytes(link.bytes.query, plusAsSpace: true)
            if let api = try query.single("api", format: formatName) {
                guard api.withValue({ $0.trimmed.equals("1") }) else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'api=\(api.value)' is not valid; Google Maps URLs require api=1", parameter: "api")
                }
                if pathIs("/maps/dir") || pathIs("/maps/dir/") {
                    return try parse(query: query, &context)
                }
                if pathIs("/maps/search") || pathIs("/maps/search/") {
                    context.format = .googlePlace
                    return try GooglePlaceLink.parse(search: query, &context)
                }
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'\(rawPath.string)' is not the directions action; directions links use /maps/dir/?api=1&destination=…",
                    parameter: "path")
            }
            let onLegacyPath = pathIs("/maps") || pathIs("/maps/") || (AppleGoogleLinkText.Bytes.hasPrefix(link.host, "maps.") && (rawPath.isEmpty || pathIs("/")))
            if onLegacyPath {
                var legacy = false
                for p in query.parameters
                where query.isKey(p, "saddr") || query.isKey(p, "daddr") || query.isKey(p, "dirflg") || query.isKey(p, "dirflag") {
                    legacy = true
                    break
                }
                if legacy {
                    context.format = .googleLegacy
                    return try GoogleLegacyLink.parse(query: query, &context)
                }
                if let q = query.last("q"), !q.withValue({ $0.isBlank }) {
                    context.format = .googlePlace
                    return try GooglePlaceLink.parse(q: query, &context)
                }
                if let hint = DirectionsURLParser.typoHint(
                    in: query, for: "daddr", known: GoogleLegacyLink.known, aliases: GoogleLegacyLink.daddrAliases),
                    !query.contains("destination"), !query.contains("origin")
                {
                    throw DirectionsURLError(
                        code: .missingDestination, message: "this Google Maps legacy link has no 'daddr' (the destination); \(hint)",
                        parameter: "daddr")
                }
            }
            for feature in query.parameters where query.isKey(feature, "ftid") || query.isKey(feature, "cid") {
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "this Google link names the place only by '\(feature.name)', a Google feature id that needs an online look-up; share a link with coordinates or an address",
                    parameter: feature.name)
            }
            if query.contains("destination") || query.contains("origin") || query.contains("travelmode") || query.contains("waypoints") {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "Google ignores every parameter of a Maps URL without api=1; add api=1", parameter: "api")
            }
            let atPath = loweredPath.map { $0.hasPrefix("/maps/@") } ?? rawPath.hasPrefixIgnoringCase("/maps/@")
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Google link shows a map or a search, not directions; use https://www.google.com/maps/dir/?api=1&destination=…",
                parameter: atPath ? "path" : "api")
        }

        /// Parses the query of an `api=1` directions link.
        static func parse(query: QueryBytes, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let parser = context.parser
            try rawSpaces(query, &context)
            guard let destinationParameter = try query.single("destination", format: formatName),
                !destinationParameter.withValue({ $0.isBlank })
            else {
                throw GoogleQueryRules.missingDestination(query, format: formatName, known: known, aliases: destinationAliases)
            }
            var destination = try destinationParameter.withValue { (v) throws(DirectionsURLError) in
                try parser.stopEndpoint(v, parameter: "destination")
            }
            try GoogleQueryRules.typoWarnings(query, optional: typoOptional, known: knownWords, &context)
            var source: Endpoint
            if let origin = try query.single("origin", format: formatName) {
                source = try origin.withValue { (v) throws(DirectionsURLError) in try parser.sourceEndpoint(v, parameter: "origin") }
            } else {
                source = .currentLocation
            }
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
            if let w = try query.single("waypoints", format: formatName), !w.withValue({ $0.isBlank }) {
                if GoogleQueryRules.containsCharacter(w.rawValue, UInt8(ascii: "|")) {
                    try context.repair(
                        .repairedSyntax, "'waypoints' separates stops with a raw '|'; Google requires it encoded as %7C",
                        parameter: "waypoints")
                }
                try w.withValue { (value) throws(DirectionsURLError) in
                    if GoogleQueryRules.separatorsAreCharacters(value, UInt8(ascii: "|")) {
                        waypoints.reserveCapacity(value.count(of: UInt8(ascii: "|")) &+ 1)
                        for piece in value.pieces(separatedBy: UInt8(ascii: "|")) {
                            waypoints.append(try parser.stopEndpoint(piece, parameter: "waypoints"))
                        }
                    } else {
                        for piece in AppleGoogleLinkText.Bytes.split(Substring(value.string), UInt8(ascii: "|")) {
                            waypoints.append(try parser.stopEndpoint(String(piece), parameter: "waypoints"))
                        }
                    }
                }
            }
            if let ids = try query.single("waypoint_place_ids", format: formatName), !ids.withValue({ $0.isBlank }) {
                let matched: Int? = ids.withValue { (value) -> Int? in
                    if GoogleQueryRules.separatorsAreCharacters(value, UInt8(ascii: "|")) {
                        let count = value.count(of: UInt8(ascii: "|")) &+ 1
                        guard count == waypoints.count else { return count }
                        var i = 0
                        for piece in value.pieces(separatedBy: UInt8(ascii: "|")) {
                            let id = piece.trimmed
                            if !id.isEmpty && waypoints[i] != .currentLocation { waypoints[i] = waypoints[i].withPlaceID(id.string) }
                            i &+= 1
                        }
                        return nil
                    }
                    let pieces = AppleGoogleLinkText.Bytes.split(Substring(value.string), UInt8(ascii: "|")).map { DirectionsURLParser.trimmed(String($0)) }
                    guard pieces.count == waypoints.count else { return pieces.count }
                    for (i, id) in pieces.enumerated() where !id.isEmpty && waypoints[i] != .currentLocation {
                        waypoints[i] = waypoints[i].withPlaceID(id)
                    }
                    return nil
                }
                if let count = matched {
                    try context.repair(
                        .ignoredValue,
                        "'waypoint_place_ids' lists \(count) ids for \(waypoints.count) waypoints and is ignored; give one id per waypoint, separated by %7C",
                        parameter: "waypoint_place_ids")
                }
            }
            let (mode, transport) = try GoogleQueryRules.mode(
                query, "travelmode", in: modeTable, format: formatName, what: "a Google Maps travel mode")
            var navigate = false
            if let action = try query.single("dir_action", format: formatName) {
                // nil: neither empty nor `navigate`.
                let navigating: Bool? = action.withValue { (v) -> Bool? in
                    let t = v.trimmed
                    if t.isEmpty { return false }
                    if t.isASCII { return t.equalsIgnoringCase("navigate") ? true : nil }
                    return t.string.lowercased() == "navigate" ? true : nil
                }
                guard let navigating else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'dir_action=\(action.value)' is not valid; the only value is navigate", parameter: "dir_action")
                }
                navigate = navigating
            }
            var avoid: Set<RouteAvoidance> = []
            if let a = try query.single("avoid", format: formatName) {
                try a.withValue { (value) throws(DirectionsURLError) in
                    if value.isASCII {
                        for piece in value.pieces(separatedBy: UInt8(ascii: ",")) where !piece.isEmpty {
                            let word = piece.trimmed
                            if word.isEmpty { continue }
                            if word.equalsIgnoringCase("tolls") { avoid.insert(.tolls) }
                            else if word.equalsIgnoringCase("highways") { avoid.insert(.highways) }
                            else if word.equalsIgnoringCase("ferries") { avoid.insert(.ferries) }
                            else { try unknownAvoid(word.lowercasedASCII, &context) }
                        }
                        return
                    }
                    try AppleGoogleLinkText.Bytes.forEachCommaWord(value.string) { word throws(DirectionsURLError) in
                        if word.isEmpty { return }
                        if let value = RouteAvoidance(rawValue: String(word)) {
                            avoid.insert(value)
                        } else {
                            try unknownAvoid(String(word), &context)
                        }
                    }
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport,
                avoid: avoid, navigate: navigate)
        }

        /// The `ignored-value` repair for an `avoid` word Google does not define.
        private static func unknownAvoid(_ word: String, _ context: inout ParseContext) throws(DirectionsURLError) {
            try context.repair(
                .ignoredValue,
                "'avoid=\(DirectionsURLParser.shorten(word))' is not a Google avoid value and is ignored; use tolls, highways or ferries",
                parameter: "avoid")
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

        /// ``rawSpaces(_:_:)-(QueryString,_)`` of a ``QueryBytes``.
        static func rawSpaces(_ query: QueryBytes, _ context: inout ParseContext) throws(DirectionsURLError) {
            for p in query.parameters where GoogleQueryRules.containsCharacter(p.rawValue, UInt8(ascii: " ")) {
                // A piece with an empty name (`=a b`) is reported as `query`, as QueryString does.
                let name = p.name.isEmpty ? "query" : p.name
                try context.repair(
                    .repairedSyntax, "the value of '\(name)' holds a raw space; write it as + or %20", parameter: name)
            }
        }

        /// The trimmed value of the single parameter `key` when not blank.
        private static func nonEmpty(_ query: QueryBytes, _ key: StaticString) throws(DirectionsURLError) -> String? {
            guard let p = try query.single(key, format: formatName) else { return nil }
            return p.withValue { v -> String? in
                let t = v.trimmed
                return t.isEmpty ? nil : t.string
            }
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
    /// ``modeVocabulary`` for the byte comparisons.
    static let modeTable = DirectionsURLParser.GoogleQueryRules.ModeTable(
        modeVocabulary, ["driving", "walking", "bicycling", "transit", "two-wheeler"])

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

// MARK: - Query rules of the Google formats, over bytes

extension DirectionsURLParser {
    /// `QueryBytes` versions of the `AppleGoogleLinkText` query rules the Google parsers
    /// (`GoogleMapsLink`, `GoogleLegacyLink`, `ComGoogleMapsLink`) use: the same results, errors and
    /// repairs, without building a `String` unless a value, a repair or an error needs one.
    enum GoogleQueryRules {
        /// `DirectionsURLParser.requiredDestination`'s `missing-destination` error, for a query whose
        /// single `destination` is absent or blank.
        static func missingDestination(
            _ query: QueryBytes, format: String, known: Set<String>, aliases: Set<String>
        ) -> DirectionsURLError {
            let hint = DirectionsURLParser.typoHint(in: query, for: "destination", known: known, aliases: aliases)
            return DirectionsURLError(
                code: .missingDestination,
                message: query.contains("destination")
                    ? "'destination' is empty; give an address, place name or 'latitude,longitude'"
                    : "this \(format) has no 'destination'" + (hint.map { "; \($0)" } ?? "; add destination=<address or latitude,longitude>"),
                parameter: "destination")
        }

        /// `AppleGoogleLinkText.typoWarnings` of a ``QueryBytes``.
        static func typoWarnings(
            _ query: QueryBytes, optional: [String], known: KnownWords, _ context: inout ParseContext
        ) throws(DirectionsURLError) {
            // Fast path: no parameter can be a suspect (shorter than 3 or known), so no hint can be found.
            guard hasSuspect(query, known: known.set, knownWords: known.words) else { return }
            for expected in optional where !query.contains(expected) {
                if let hint = DirectionsURLParser.typoHint(in: query, for: expected, known: known.set, aliases: []) {
                    try context.repair(.likelyTypo, hint + " It was ignored.", parameter: expected)
                }
            }
        }

        /// Whether some parameter's key is 3 bytes or longer and not in `known` (`knownWords` are the
        /// same lowercase words, compared without building the key).
        private static func hasSuspect(_ query: QueryBytes, known: Set<String>, knownWords: [StaticString]) -> Bool {
            for p in query.parameters {
                let raw = p.rawName
                var plain = true
                for b in raw.bytes where b >= 0x80 || b == UInt8(ascii: "%") || b == UInt8(ascii: "+") {
                    plain = false
                    break
                }
                if plain {
                    // The key is the name with ASCII uppercase lowered: compare without building it.
                    if raw.count < 3 { continue }
                    var isKnown = false
                    for k in knownWords where k.utf8CodeUnitCount == raw.count && raw.equalsIgnoringCase(k) {
                        isKnown = true
                        break
                    }
                    if !isKnown { return true }
                } else {
                    let key = query.key(of: p)
                    if key.utf8.count >= 3 && !AppleGoogleLinkText.isKnown(key, known) { return true }
                }
            }
            return false
        }

        /// A format's known parameters: the `Set` the typo hints read, and the same words as
        /// `StaticString`s for the byte comparisons of the fast path.
        struct KnownWords {
            let words: [StaticString]
            let set: Set<String>
            init(_ words: [StaticString]) {
                self.words = words
                set = Set(words.map(\.description))
            }
        }

        /// A mode vocabulary with its words as `StaticString`s (`exact` when they are the
        /// vocabulary's words, in order, lowercase ASCII; otherwise the `String` words decide).
        struct ModeTable {
            let vocabulary: [ModeWord]
            let words: [StaticString]
            let exact: Bool
            init(_ vocabulary: [ModeWord], _ words: [StaticString]) {
                self.vocabulary = vocabulary
                self.words = words
                var exact = words.count == vocabulary.count
                if exact {
                    for i in words.indices {
                        let w = words[i].description
                        if w != vocabulary[i].value || w.utf8.contains(where: { $0 >= 0x80 || ($0 >= 65 && $0 <= 90) }) { exact = false }
                    }
                }
                self.exact = exact
            }
        }

        /// `AppleGoogleLinkText.mode` of a ``QueryBytes``: the mode named by the single parameter
        /// `name` (lowercase), (nil, nil) when absent or blank.
        /// - Throws: `duplicate-parameter`; `unknown-mode` naming `name`.
        static func mode(
            _ query: QueryBytes, _ name: StaticString, in table: ModeTable, format: String, what: String
        ) throws(DirectionsURLError) -> (DirectionsMode?, TransportType?) {
            let vocabulary = table.vocabulary
            guard let m = try query.single(name, format: format) else { return (nil, nil) }
            // -2: blank; -1: no word; nil: not ASCII once trimmed (Unicode case mapping decides).
            let index: Int? = m.withValue { v -> Int? in
                let t = v.trimmed
                if t.isEmpty { return -2 }
                guard t.isASCII, table.exact else { return nil }
                for i in table.words.indices where table.words[i].utf8CodeUnitCount == t.count && t.equalsIgnoringCase(table.words[i]) {
                    return i
                }
                return -1
            }
            let word: ModeWord?
            switch index {
            case .some(-2): return (nil, nil)
            case let i? where i >= 0: word = vocabulary[i]
            case .some(-1): word = nil
            default: word = AppleGoogleLinkText.word(m.value, in: vocabulary)
            }
            guard let word else {
                throw DirectionsURLError(
                    code: .unknownMode,
                    message: "'\(name)=\(m.value)' is not \(what); use " + AppleGoogleLinkText.list(vocabulary),
                    parameter: name.description)
            }
            return AppleGoogleLinkText.meaning(word)
        }

        /// Whether `text` holds `byte` (ASCII, not a control) as a whole `Character`: a byte next to
        /// a non-ASCII scalar may be joined to it (a combining mark after it), so that case asks `String`.
        static func containsCharacter(_ text: ByteText, _ byte: UInt8) -> Bool {
            guard text.contains(byte) else { return false }
            return text.isASCII || text.string.contains(Character(Unicode.Scalar(byte)))
        }

        /// Whether every `separator` (ASCII, not a control) in `text` is a whole `Character`, so that
        /// splitting the bytes gives the pieces splitting by `Character`s gives: true when each has
        /// ASCII bytes (or the ends) on both sides, since only a non-ASCII scalar can join an ASCII
        /// one (a prepended mark before it, a combining mark after it).
        static func separatorsAreCharacters(_ text: ByteText, _ separator: UInt8) -> Bool {
            var i = 0
            while let s = text.firstOffset(of: separator, from: i) {
                if s > 0 && text[s &- 1] >= 0x80 { return false }
                if s &+ 1 < text.count && text[s &+ 1] >= 0x80 { return false }
                i = s &+ 1
            }
            return true
        }
    }
}
