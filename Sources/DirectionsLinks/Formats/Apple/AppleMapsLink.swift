// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Apple Map Links, the legacy form: `https://maps.apple.com/?saddr=&daddr=&dirflg=` (Apple, "Map
    /// Links" reference, developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/MapLinks).
    /// Also the family of every Apple link, sending `/directions` and `/place` to ``AppleUnifiedLink``.
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`; names any case):
    /// - `saddr` (at most once): absent (Apple: the starting point is "here"), empty or a current-location
    ///   literal → current location.
    /// - `daddr` (required): the destination; repeated `daddr`s are ordered stops (real links, not in
    ///   Apple's table). Values: `latitude,longitude` or address text (`CoordinateText`).
    /// - `dirflg` (at most once): ``modeVocabulary``; empty → no mode; another value → `ignored-value`
    ///   repair (Apple: Maps ignores it).
    /// - `ll`, `q`, `address`, `near`, `sll`, `z`, `spn`, `sspn`, `t`: view and search only beside
    ///   `daddr`. Without `daddr`, `saddr` and `dirflg` they name one place, the destination from the
    ///   current location (``place(_:_:)``): a pin, a searched address, or a map view's approximate centre.
    /// - Repairs: a misspelling of an absent `saddr` or `dirflg` (`dirflag=w`) is `likely-typo`, ignored;
    ///   of `daddr`, `missing-destination` naming it.
    ///
    /// Hosts and schemes: `maps.apple.com` at `/` and `/maps`; `maps:?…`, `maps://?…`,
    /// `maps://maps.apple.com/…`, nested `maps://https://maps.apple.com/maps?…`. `maps:` without `?`
    /// (`maps:q=Coffee`, GNOME Maps' search) is `not-a-directions-link`; `maps.apple/p/…` and
    /// `maps.apple.com/p/…` short links are `unresolvable-offline` (``ShortLink``).
    enum AppleMapsLink: DirectionsLinkFormat {
        static let formatName = "Apple Maps link"
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
            .single("saddr", "the source: an address or `latitude,longitude`; absent or empty: the current location"),
            .repeatable(
                "daddr", aliases: ["addr", "dadr", "daadr", "dadd", "daddress", "dest", "destination", "to", "end", "dst"],
                "the destination; repeated, the stops in order and the last is the destination"),
            .single("dirflg", "d (car), w (walking) or r (transit)"),
            .ignored("ll", "the map centre"), .ignored("q", "a search"), .ignored("address", "an address to show"),
            .ignored("near", "a search location"), .ignored("sll", "a search centre"), .ignored("z", "the zoom"),
            .ignored("t", "the map type"), .ignored("spn", "the span"), .ignored("sspn", "the search span"),
            .ignored("center", "the map centre (unified URLs)"), .ignored("span", "the span (unified URLs)"),
            .ignored("auid", "Apple's place id in shared links"), .ignored("lsp", "shared links' provider"),
            .ignored("_ext", "shared links' extension data"),
        ])

        /// Parses the query of a legacy Apple link (the bytes after `?`).
        static func parse(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .appleMaps
            let query = try LinkInput.Query(raw, plusAsSpace: true)
            let slots = schema.slots(query)
            let saddr = try slots.single("saddr")
            guard let destinationParameter = slots.last("daddr") else {
                if let hint = schema.hint(in: query, for: "daddr") { throw AppleGoogleLinkText.missingDaddr(formatName, hint: hint) }
                if saddr == nil && !query.contains("dirflg" as StaticString), let other = query.parameters.first {
                    if let request = try place(slots, &context) { return request }
                    throw DirectionsURLError(
                        .notADirectionsLink, "daddr",
                        "this \(formatName) shows a map or a search ('\(other.name)'), not directions; directions need 'daddr'")
                }
                throw AppleGoogleLinkText.missingDaddr(formatName, hint: nil)
            }
            if AppleGoogleLinkText.isBlankValue(destinationParameter) { throw AppleGoogleLinkText.emptyDaddr }
            let parser = context.parser
            var stops: [Endpoint] = []
            try slots.forEach("daddr") { (p) throws(DirectionsURLError) in
                stops.append(try p.endpoint(parser, parameter: "daddr"))
            }
            let destination = stops.removeLast()
            try schema.warnAbsentTypos(["saddr", "dirflg"], slots, &context)
            let source = try saddr?.endpoint(parser, parameter: "saddr", source: true) ?? .currentLocation
            var word: ModeWord? = nil
            if let flag = try slots.single("dirflg"), !flag.withValue({ $0.isBlank }) {
                word = flag.withValue { AppleGoogleLinkText.word($0, in: modeVocabulary) }
                if word == nil {
                    try context.repair(
                        .ignoredValue,
                        "'dirflg=\(flag.value)' is not an Apple travel mode and Apple Maps ignores it; use "
                            + AppleGoogleLinkText.list(modeVocabulary) + " or leave it out",
                        parameter: "dirflg")
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: stops, mode: word?.mode, transportType: word?.transportType)
        }

        /// A query without `daddr`, `saddr` or `dirflg` as a destination from the current location (Apple,
        /// "Map Links": `q` is a search, or the label of the point `ll` or `address` gives):
        /// 1. `q=LAT,LON`: a pin there, exact.
        /// 2. `ll=LAT,LON` with a `q` or `address` text: a pin at `ll` labelled with `q`, else `address`.
        /// 3. `q=TEXT` (with or without `sll`/`near`, search hints) or `address=TEXT`: an address destination,
        ///    the text Maps would search for (`q` first).
        /// 4. Only `ll`, `sll` or `center` (`LAT,LON`): a map view, ``ParseContext/mapViewDestination(_:view:parameter:)``.
        /// Returns nil when none applies (the caller's `not-a-directions-link`).
        /// - Throws: the coordinate errors of `q`, `ll`, `sll`, `center`; `viewport-as-destination` in strict mode.
        static func place(_ slots: ParameterSchema.Slots, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest? {
            let parser = context.parser
            let q = slots.last("q")
            let qText = q?.trimmedValue
            if let q, qText != nil, case .coordinate(let c, _, _, _) = try q.withValue({ (v: LinkInput) throws(DirectionsURLError) -> Endpoint in
                try parser.place(v.trimmed, parameter: "q")
            }) {
                return DirectionsRequest(destination: .coordinate(c, label: nil))
            }
            let addressText = slots.last("address")?.trimmedValue
            let ll = slots.last("ll")
            if let ll, let c = try ll.trimmedPair(parameter: "ll"), let label = qText ?? addressText {
                return DirectionsRequest(destination: .coordinate(c, label: label))
            }
            if let text = qText ?? addressText { return DirectionsRequest(destination: .address(text)) }
            for name in ["ll", "sll", "center"] {
                guard let p = slots.last(name), let c = try p.trimmedPair(parameter: name) else { continue }
                if name == "center" { context.format = .appleUnified }  // `center` is the unified URLs' map view
                return DirectionsRequest(destination: try context.mapViewDestination(c, view: "\(name)=\(p.value)", parameter: name))
            }
            return nil
        }

        /// Dispatches an Apple link by path: legacy at `/` or `/maps`, unified at `/directions` and
        /// `/place`; another path is `not-a-directions-link`, `fix` saying what to write instead.
        static func parseApplePath(
            _ link: LinkInput.Parts, _ context: inout ParseContext, fix: String
        ) throws(DirectionsURLError) -> DirectionsRequest {
            // Only the Kelvin sign lowercases to an ASCII letter (`k`): bytes decide. One trailing '/' is allowed.
            let path = link.bytes.path
            let p = path.last == UInt8(ascii: "/") ? path.dropLast() : path
            if p.isEmpty || p.equalsIgnoringCase("/maps" as StaticString) { return try parse(query: link.bytes.query, &context) }
            if p.equalsIgnoringCase("/directions" as StaticString) { return try AppleUnifiedLink.parse(query: link.bytes.query, &context) }
            if p.equalsIgnoringCase("/place" as StaticString) { return try AppleUnifiedLink.parsePlace(query: link.bytes.query, &context) }
            if p.equalsIgnoringCase("/search" as StaticString) { return try AppleUnifiedLink.parseSearch(query: link.bytes.query, &context) }
            if p.hasPrefixIgnoringCase("/p/") { throw ShortLink.error(service: "Apple Maps", host: link.host.isEmpty ? "maps.apple.com" : link.host) }
            throw DirectionsURLError(
                .notADirectionsLink, "path", "'\(path.string)' in a \(link.scheme): link to Apple Maps is not a directions path; \(fix)")
        }

        static var format: LinkFormat { .appleMaps }
        static var schemes: [String] { ["maps"] }
        static var hosts: [String] { ["maps.apple.com", "maps.apple"] }

        /// Dispatches a web link by host and path, a `maps:` link by what follows (see the type's notes).
        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            // The link starts with its scheme, so its bytes tell without comparing Strings.
            guard link.bytes.link.hasPrefixIgnoringCase("maps:") else {
                if link.host.utf8.count == 10 && link.host == "maps.apple" { throw ShortLink.error(service: "Apple Maps", host: "maps.apple") }
                return try parseApplePath(link, &context, fix: "use /directions?destination=… or /?daddr=…")
            }
            let rest = link.bytes.rest
            if rest.hasPrefix("//") {
                let inner = rest.dropFirst(2)
                // A nested web link: `maps://http:…` or `maps://https:…`, ASCII case ignored.
                if let colon = inner.firstOffset(of: UInt8(ascii: ":")),
                    inner.prefix(colon).equalsIgnoringCase("https" as StaticString) || inner.prefix(colon).equalsIgnoringCase("http" as StaticString)
                {
                    return try context.parser.parseNested(inner, &context)
                }
                guard link.host.isEmpty || link.host == "maps.apple.com" else {
                    throw DirectionsURLError(
                        .notADirectionsLink, "host",
                        "'maps://\(link.host)' is not an Apple Maps link; write maps://?daddr=… or https://maps.apple.com/?daddr=…")
                }
                return try parseApplePath(link, &context, fix: "write maps://?daddr=…")
            }
            if rest.hasPrefix("?") { return try parse(query: link.bytes.query, &context) }
            if rest.hasPrefixIgnoringCase("q=") {
                throw DirectionsURLError(
                    .notADirectionsLink, "q",
                    "'maps:q=…' is a GNOME Maps search link (maps:q=<query>), not an Apple directions link; directions need maps:?daddr=…")
            }
            throw DirectionsURLError(
                .notADirectionsLink, "scheme", "a 'maps:' link without '?' uses GNOME Maps' search grammar, not Apple's; write maps:?saddr=…&daddr=…")
        }

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`/?saddr=…&daddr=…&dirflg=…`", "https://maps.apple.com/?saddr=Gare+de+Lyon,+Paris&daddr=48.8606,2.3376&dirflg=w"),
                LinkForm(.route, "`/?daddr=…&daddr=…` (stops)", "https://maps.apple.com/?daddr=48.8530,2.3499&daddr=48.8606,2.3376"),
                LinkForm(.route, "`maps://?daddr=…`, `maps:?saddr=…&daddr=…`", "maps://?daddr=Rue+de+Rivoli+99,+Paris&dirflg=d"),
                LinkForm(.place, "`/?ll=LAT,LON&q=NAME` (a pin named `q`)", "https://maps.apple.com/?ll=48.8606,2.3376&q=Mus%C3%A9e+du+Louvre"),
                LinkForm(.place, "`/?address=TEXT&ll=LAT,LON` (the address's pin)",
                    "https://maps.apple.com/?address=Place+du+Parvis+Notre-Dame,+Paris&ll=48.8530,2.3499"),
                LinkForm(.place, "`/?q=LAT,LON`, `/maps/?q=LAT,LON` (a pin)", "https://maps.apple.com/maps/?q=48.8462,2.3464"),
                LinkForm(.place, "`maps://?q=LAT,LON`, `maps:?ll=LAT,LON&q=NAME`", "maps://?ll=48.8738,2.2950&q=Arc+de+Triomphe"),
                LinkForm(.place, "`/?q=TEXT` (a search: an address)", "https://maps.apple.com/?q=Jardin+du+Luxembourg,+Paris"),
                LinkForm(.place, "`/?q=TEXT&sll=LAT,LON` (a search near a point: an address)", "https://maps.apple.com/?q=Boulangerie&sll=48.8462,2.3464&z=14"),
                LinkForm(.place, "`/?address=TEXT` (an address)", "https://maps.apple.com/?address=5+Avenue+Anatole+France,+Paris"),
                LinkForm(.mapView, "`/?ll=LAT,LON` (only a map view)", "https://maps.apple.com/?ll=48.8566,2.3522&z=13&t=m"),
                LinkForm(.mapView, "`/?sll=LAT,LON` (only a search area)", "https://maps.apple.com/?sll=48.8566,2.3522&z=12"),
            ]
        }

        static let modeVocabulary: [ModeWord] = [
            ModeWord("dirflg", "d", mode: .car),
            ModeWord("dirflg", "w", mode: .pedestrian),
            ModeWord("dirflg", "r", mode: nil, transportType: .transit),
        ]

        /// `https://maps.apple.com/?saddr=…&daddr=<stop>…&daddr=<destination>&dirflg=…` (no saddr for the
        /// current location); labels, place ids, cycling, avoidances, `navigate` and times are omitted.
        /// - Throws: `cannot-express` for an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "Apple Maps legacy"
            return try AppleGoogleLinkText.build(request, format, name: name, prefix: "https://maps.apple.com/?", avoid: [], navigate: false) {
                (omitted) throws(LinkBuildError) in
                var pairs: [(String, String)] = []
                func add(_ endpoint: Endpoint, _ field: String, _ parameter: String, source: Bool = false) throws(LinkBuildError) {
                    let t = try AppleGoogleLinkText.written(endpoint, field: field, format: name, source: source, placeIDs: false, omitted: &omitted)
                    if let t { pairs.append((parameter, LinkWriting.formValue(t.text))) }
                }
                try add(request.source, "source", "saddr", source: true)
                for (i, w) in request.waypoints.enumerated() { try add(w, "waypoints[\(i)]", "daddr") }
                try add(request.destination, "destination", "daddr")
                return pairs + AppleGoogleLinkText.modePair(request, modeVocabulary, name, &omitted)
            }
        }
    }
}
