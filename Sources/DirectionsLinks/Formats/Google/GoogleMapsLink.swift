// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google Maps URLs, directions action (Google, "Get started with Maps URLs",
    /// developers.google.com/maps/documentation/urls/get-started):
    /// `https://www.google.com/maps/dir/?api=1&origin=&destination=&waypoints=a%7Cb&travelmode=`.
    /// Also the family of every Google web link (``handles(host:)``): dispatches to `GooglePathLink`
    /// (`/maps/dir/A/B/…`), `GooglePlaceLink` (`/maps/place/…`, `?q=`, `/maps/search/?api=1`) and
    /// `GoogleLegacyLink` (`?saddr=`); map views (`/maps/@LAT,LON,Zz`, `/maps/@?api=1&map_action=map&center=`,
    /// `/maps?ll=`) to `GooglePlaceLink`. Short links `goo.gl/maps/…`, `maps.app.goo.gl/…`, `share.google/…`,
    /// `g.co/kgs/…` (an HTTP redirect: ``ShortLink``) and feature ids (`ftid=`, `cid=`) are `unresolvable-offline`.
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `api=1` required (without it Google ignores every parameter); another value is `invalid-parameter`.
    /// - `destination` (required), `origin` (absent, empty or a current-location literal → current
    ///   location): place name, address or `latitude,longitude` (WGS84 degrees, latitude first).
    ///   `origin_place_id`, `destination_place_id`: kept in ``Endpoint/placeID``.
    /// - `waypoints`: `|`-separated (`%7C`, decoded then split; a raw `|` is `repaired-syntax`);
    ///   `waypoint_place_ids` pair with them when the counts match, else `ignored-value`.
    /// - `travelmode`: ``modeVocabulary`` (`two-wheeler` → Other); another word → `unknown-mode`.
    /// - `dir_action=navigate` → ``DirectionsRequest/navigate``; another value → `invalid-parameter`.
    /// - `avoid`: comma-separated `tolls`, `highways`, `ferries`; another word → `ignored-value`.
    /// - Repairs: a raw space in a value (`repaired-syntax`); a misspelt absent optional parameter
    ///   (`likely-typo`, ignored). A misspelt `destination` is `missing-destination` naming the typo.
    enum GoogleMapsLink: DirectionsLinkFormat {
        static let formatName = "Google Maps directions link"
        static let avoidable = Set(RouteAvoidance.allCases)
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
            .single("api", "must be 1"),
            .single("origin", "the source: an address, a place name or `latitude,longitude`; absent: the current location"),
            .single("origin_place_id", "the source's place id, kept verbatim"),
            .single(
                "destination", aliases: ["daddr", "dest", "to", "end", "destination_name", "query"],
                "the destination: an address, a place name or `latitude,longitude`"),
            .single("destination_place_id", "the destination's place id, kept verbatim"),
            .single("travelmode", "driving, walking, bicycling, transit or two-wheeler"),
            .single("dir_action", "navigate: start guidance"),
            .single("waypoints", "the stops, separated by `|` (%7C)"),
            .single("waypoint_place_ids", "one place id per waypoint, separated by `|`"),
            .single("avoid", "tolls, highways, ferries, comma-separated"),
        ])

        /// Every query name of a Google Maps web link (`api=1`, legacy, search): the query is sorted once.
        static let family = ParameterSchema(
            family: "Google Maps link", [schema, GoogleLegacyLink.schema, GooglePlaceLink.searchSchema])

        /// Whether `host` is `google.<tld>`, `www.google.<tld>` or `maps.google.<tld>`, `<tld>` being `com`,
        /// a two-letter country code, or `co.`/`com.` and one (`google.co.uk`); not `google.com.evil.net`.
        static var hostPatterns: [String] { ["[www.|maps.]google.<com|country|co.country|com.country>"] }
        static func handles(host: String) -> Bool {
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
        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let rawPath = link.bytes.path
            switch link.host {
            case "goo.gl":
                guard rawPath.hasPrefixIgnoringCase("/maps") else {
                    throw DirectionsURLError(.notADirectionsLink, "path", "this goo.gl link is not a Google Maps link (those start goo.gl/maps/)")
                }
                throw ShortLink.error(service: "Google Maps", host: "goo.gl")
            case "maps.app.goo.gl", "share.google": throw ShortLink.error(service: "Google Maps", host: link.host)
            case "g.co":
                guard rawPath.hasPrefixIgnoringCase("/kgs/") || rawPath.hasPrefixIgnoringCase("/maps/") else {
                    throw DirectionsURLError(
                        .notADirectionsLink, "path", "this g.co link is not a Google Maps link (those start g.co/kgs/ or g.co/maps/)")
                }
                throw ShortLink.error(service: "Google Maps", host: "g.co")
            default: break
            }
            if rawPath.hasPrefixIgnoringCase("/maps/dir/") && rawPath.count > 10 { return try GooglePathLink.parse(link, &context) }
            if rawPath.hasPrefixIgnoringCase("/maps/place/") { return try GooglePlaceLink.parse(path: link, &context) }
            if rawPath.hasPrefixIgnoringCase("/maps/search/") && rawPath.count > 13 { return try GooglePlaceLink.parse(searchPath: link, &context) }
            if rawPath.hasPrefixIgnoringCase("/maps/@") && rawPath.count > 7 && !rawPath.hasPrefix("/maps/@/"),
                let request = try GooglePlaceLink.parse(viewPath: link, &context)
            {
                return request
            }
            func pathIs(_ literal: StaticString) -> Bool { rawPath.equalsIgnoringCase(literal) }
            let raw = link.bytes.query
            let query = try LinkInput.Query(raw, plusAsSpace: true)
            let keys = family.slots(query)
            func has(_ names: String...) -> Bool { names.contains { keys.contains($0) } }
            if let api = try keys.reading(as: schema).single("api") {
                guard api.withValue({ $0.trimmed.equals("1") }) else {
                    throw DirectionsURLError(.invalidParameter, "api", "'api=\(api.value)' is not valid; Google Maps URLs require api=1")
                }
                if pathIs("/maps/dir") || pathIs("/maps/dir/") { return try parse(keys, raw: raw, &context) }
                if pathIs("/maps/search") || pathIs("/maps/search/") { return try GooglePlaceLink.parse(search: keys, raw: raw, &context) }
                if pathIs("/maps/@") || pathIs("/maps/@/") { return try GooglePlaceLink.parse(mapAction: query, &context) }
                throw DirectionsURLError(
                    .notADirectionsLink, "path",
                    "'\(rawPath.string)' is not the directions action; directions links use /maps/dir/?api=1&destination=…")
            }
            if pathIs("/maps") || pathIs("/maps/") || (LinkInput.hasPrefix(link.host, "maps.") && (rawPath.isEmpty || pathIs("/"))) {
                if has("saddr", "daddr", "dirflg", "dirflag") { return try GoogleLegacyLink.parse(keys, raw: raw, &context) }
                if let q = keys.last("q"), !q.withValue({ $0.isBlank }) {
                    context.format = .googlePlace
                    try rawSpaces(keys, raw: raw, &context)
                    return DirectionsRequest(destination: try GoogleStopText.endpoint(of: q, parameter: "q", source: false, parser: context.parser))
                }
                if let hint = GoogleLegacyLink.schema.hint(in: query, for: "daddr"), !has("destination", "origin") {
                    throw AppleGoogleLinkText.missingDaddr(GoogleLegacyLink.formatName, hint: hint)
                }
                // The legacy map view: only `ll` (no place, no search) is its centre.
                if !has("destination", "origin", "ftid", "cid", "q"), let ll = keys.last("ll"), let c = try ll.trimmedPair(parameter: "ll") {
                    context.format = .googlePlace
                    return DirectionsRequest(destination: try context.mapViewDestination(c, view: "ll=\(ll.value)", parameter: "ll"))
                }
            }
            if let feature = query.parameters.first(where: { query.isKey($0, "ftid") || query.isKey($0, "cid") }) {
                throw DirectionsURLError(
                    .unresolvableOffline, feature.name,
                    "this Google link names the place only by '\(feature.name)', a Google feature id that needs an online look-up; "
                        + "share a link with coordinates or an address")
            }
            if has("destination", "origin", "travelmode", "waypoints") {
                throw DirectionsURLError(.notADirectionsLink, "api", "Google ignores every parameter of a Maps URL without api=1; add api=1")
            }
            throw DirectionsURLError(
                .notADirectionsLink, rawPath.hasPrefixIgnoringCase("/maps/@") ? "path" : "api",
                "this Google link shows a map or a search, not directions; use https://www.google.com/maps/dir/?api=1&destination=…")
        }

        /// Parses an `api=1` directions link: `family` its sorted parameters, `raw` the query.
        static func parse(
            _ family: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let keys = family.reading(as: schema)
            let parser = context.parser
            try rawSpaces(keys, raw: raw, &context)
            let (source, destination) = try AppleGoogleLinkText.endpoints(
                keys, schema, source: ("origin", "origin_place_id", "needs an 'origin'; the route starts at the current location"),
                destinationID: "destination_place_id", typos: ["origin", "waypoints", "travelmode", "dir_action", "avoid"], &context)
            var waypoints: [Endpoint] = []
            if let w = try keys.single("waypoints") {
                try w.withValue { (value) throws(DirectionsURLError) in
                    if value.isBlank { return }
                    if w.rawValue.contains(UInt8(ascii: "|")) {
                        try context.repair(
                            .repairedSyntax, "'waypoints' separates stops with a raw '|'; Google requires it encoded as %7C", parameter: "waypoints")
                    }
                    for piece in value.pieces(separatedBy: UInt8(ascii: "|")) {
                        waypoints.append(try parser.stopEndpoint(piece, parameter: "waypoints"))
                    }
                }
            }
            if let p = try keys.single("waypoint_place_ids"),
                let ids = p.withValue({ $0.isBlank ? nil : $0.pieces(separatedBy: UInt8(ascii: "|")).map { $0.trimmed.string } })
            {
                if ids.count == waypoints.count {
                    for (i, id) in ids.enumerated() where !id.isEmpty && waypoints[i] != .currentLocation {
                        waypoints[i] = waypoints[i].withPlaceID(id)
                    }
                } else {
                    try context.repair(
                        .ignoredValue,
                        "'waypoint_place_ids' lists \(ids.count) ids for \(waypoints.count) waypoints and is ignored; give one id per waypoint, separated by %7C",
                        parameter: "waypoint_place_ids")
                }
            }
            let word = try AppleGoogleLinkText.mode(try keys.single("travelmode"), "travelmode", modeVocabulary, what: "a Google Maps travel mode")
            var navigate = false
            if let action = try keys.single("dir_action"), !action.withValue({ $0.isBlank }) {
                guard action.withValue({ $0.trimmed.lowercasedEquals("navigate") }) else {
                    throw DirectionsURLError(.invalidParameter, "dir_action", "'dir_action=\(action.value)' is not valid; the only value is navigate")
                }
                navigate = true
            }
            let avoid = try AppleGoogleLinkText.avoidances(try keys.single("avoid"), known: avoidable, &context) {
                "'avoid=\(DirectionsURLParser.shorten($0))' is not a Google avoid value and is ignored; use tolls, highways or ferries"
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: word?.mode, transportType: word?.transportType,
                avoid: avoid, navigate: navigate)
        }

        /// One `repaired-syntax` repair per parameter of `keys` whose raw value (in `raw`, the query) holds a space.
        static func rawSpaces(_ keys: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) {
            guard raw.contains(UInt8(ascii: " ")) else { return }
            for p in keys.query.parameters where p.rawValue.contains(UInt8(ascii: " ")) {
                let name = p.name.isEmpty ? "query" : p.name
                try context.repair(.repairedSyntax, "the value of '\(name)' holds a raw space; write it as + or %20", parameter: name)
            }
        }

        static var format: LinkFormat { .google }
        static var hosts: [String] { ["google.com", "www.google.com", "maps.google.com", "goo.gl", "maps.app.goo.gl", "share.google", "g.co"] }

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`/maps/dir/?api=1&origin=…&destination=…&waypoints=…&travelmode=…`",
                    "https://www.google.com/maps/dir/?api=1&origin=Gare+de+Lyon&destination=48.8606%2C2.3376&waypoints=48.8530%2C2.3499&travelmode=walking"),
                LinkForm(.route, "`/maps/dir/?api=1&destination=…&dir_action=navigate`",
                    "https://www.google.co.uk/maps/dir/?api=1&destination=51.5007%2C-0.1246&dir_action=navigate"),
            ]
        }

        static let modeVocabulary: [ModeWord] = [
            ModeWord("travelmode", "driving", mode: .car),
            ModeWord("travelmode", "walking", mode: .pedestrian),
            ModeWord("travelmode", "bicycling", mode: .bike),
            ModeWord("travelmode", "transit", mode: nil, transportType: .transit),
            ModeWord("travelmode", "two-wheeler", mode: .other),
        ]

        /// `https://www.google.com/maps/dir/?api=1&origin=&origin_place_id=&destination=&destination_place_id=`
        /// `&travelmode=&waypoints=&waypoint_place_ids=&avoid=&dir_action=navigate`; labels of coordinates
        /// and times are omitted, waypoint place ids unless every waypoint has one.
        /// - Throws: `cannot-express` for an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "Google Maps"
            let prefix = "https://www.google.com/maps/dir/?"
            return try AppleGoogleLinkText.build(request, format, name: name, prefix: prefix, avoid: avoidable, navigate: true) {
                (omitted) throws(LinkBuildError) in
                var pairs: [(String, String)] = [("api", "1")]
                func text(
                    _ endpoint: Endpoint, _ field: String, source: Bool = false, waypoint: Bool = false
                ) throws(LinkBuildError) -> (text: String, placeID: String?)? {
                    try AppleGoogleLinkText.written(
                        endpoint, field: field, format: name, source: source, placeIDs: true, omitted: &omitted
                    ) { t, omitted in
                        // By byte, as the reader splits (a `|` a combining mark follows is still one).
                        guard waypoint && t.utf8.contains(UInt8(ascii: "|")) else { return nil }
                        omitted.append("\(field): '|' cannot be written inside a Google waypoint; written as a space")
                        // Trimmed, as the reader trims: a `|` at an end (`M|`) would be a space there.
                        return DirectionsURLParser.trimmed(String(String.UnicodeScalarView(t.unicodeScalars.map { $0 == "|" ? " " : $0 })))
                    }
                }
                for (endpoint, field, key) in [(request.source, "source", "origin"), (request.destination, "destination", "destination")] {
                    guard let (t, id) = try text(endpoint, field, source: field == "source") else { continue }
                    pairs.append((key, LinkWriting.formValue(t)))
                    if let id { pairs.append((key + "_place_id", LinkWriting.formValue(id))) }
                }
                pairs += AppleGoogleLinkText.modePair(request, modeVocabulary, name, &omitted)
                var stops: [(text: String, placeID: String?)] = []
                for (i, w) in request.waypoints.enumerated() {
                    if let stop = try text(w, "waypoints[\(i)]", waypoint: true) { stops.append(stop) }
                }
                if !stops.isEmpty { pairs.append(("waypoints", LinkWriting.formValue(stops.map(\.text).joined(separator: "|")))) }
                let present = stops.compactMap(\.placeID)
                if !stops.isEmpty && present.count == stops.count && present.allSatisfy({ !$0.utf8.contains(UInt8(ascii: "|")) }) {
                    pairs.append(("waypoint_place_ids", LinkWriting.formValue(present.joined(separator: "|"))))
                } else if !present.isEmpty {
                    omitted.append("waypoint place ids: Google links carry them only when every waypoint has one")
                }
                let avoid = request.avoid.sorted()
                if !avoid.isEmpty { pairs.append(("avoid", avoid.map(\.rawValue).joined(separator: ","))) }
                if request.navigate { pairs.append(("dir_action", "navigate")) }
                return pairs
            }
        }
    }
}
