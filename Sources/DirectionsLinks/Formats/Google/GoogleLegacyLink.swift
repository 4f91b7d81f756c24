// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google's legacy directions links, `https://maps.google.com/maps?saddr=&daddr=&dirflg=` (also
    /// `maps.google.<tld>/?…`, `www.google.<tld>/maps?…`). Undocumented; from OsmAnd's
    /// `GeoPointParserUtilTest` and app behaviour (`directions-urls.md` §2b).
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`), stops read by `GoogleStopText`:
    /// - `saddr` (at most once): absent, empty or a current-location literal → current location.
    /// - `daddr` (required): the destination. Stops chain inside one value with ` to:`
    ///   (`daddr=Manchester+to:London`: waypoint Manchester); repeated `daddr`s are also ordered stops.
    /// - `dirflg` (at most once; also `dirflag`): one mode letter (``modeVocabulary``), optionally with
    ///   the avoid letters `h` (highways) and `t` (tolls), e.g. `dirflg=dht`. Any other letter, or two
    ///   mode letters, → `unknown-mode`.
    /// - `f`, `hl`, `gl`, `ll`, `z`, `ie`, … are ignored; the viewport `ll` is never a stop.
    /// - Repairs: a raw space in a value (`repaired-syntax`); a misspelling of an absent `saddr` or
    ///   `dirflg` (`likely-typo`, ignored). A misspelt `daddr` with no `daddr` is `missing-destination`.
    enum GoogleLegacyLink: DirectionsLinkFormat {
        static let formatName = "Google Maps legacy link"
        static let routeParameters: [ParameterSchema.Parameter] = [
            .single("saddr", "the source; absent or empty: the current location"),
            .repeatable(
                "daddr", aliases: AppleMapsLink.schema.parameters[AppleMapsLink.schema.slot("daddr")].aliases,
                "the destination, stops chained with `+to:`; repeated, the stops in order"),
        ]
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, routeParameters + [
            .single("dirflg", "one mode letter (d, w, r, b) and avoid letters (h, t)"),
            .single("dirflag", "read as dirflg when there is no dirflg"),
            .ignored("ll", "the map centre"), .repeatable("q", "a search (a place link without daddr)"),
            .ignored("address"), .ignored("near"), .ignored("sll"), .ignored("z"), .ignored("t"), .ignored("spn"),
            .ignored("sspn"), .ignored("hl"), .ignored("gl"), .ignored("f"), .ignored("ie"), .ignored("oe"),
            .ignored("um"), .ignored("fb"), .ignored("sa"),
            .repeatable("ftid", "a Google feature id (needs an online look-up)"),
            .repeatable("cid", "a Google feature id (needs an online look-up)"),
            .ignored("mrt"), .ignored("directionsmode"), .ignored("output"),
        ])

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`/maps?saddr=…&daddr=…&dirflg=…`", "https://maps.google.com/maps?saddr=Gare+de+Lyon&daddr=48.8606,2.3376&dirflg=w"),
                LinkForm(.route, "`?daddr=A+to:B` (stops)", "https://maps.google.fr/?saddr=48.8462,2.3464&daddr=48.8530,2.3499+to:48.8606,2.3376"),
                LinkForm(.route, "`?daddr=NAME@LAT,LON`", "https://www.google.com/maps?daddr=Louvre@48.8606,2.3376&dirflg=d"),
            ]
        }

        /// Parses a legacy Google query: `family` sorted by ``GoogleMapsLink/family``, `raw` its bytes.
        static func parse(
            _ family: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googleLegacy
            let keys = family.reading(as: schema)
            try GoogleMapsLink.rawSpaces(keys, raw: raw, &context)
            let saddr = try keys.single("saddr")
            guard let stops = try stops(keys, parser: context.parser) else {
                throw AppleGoogleLinkText.missingDaddr(formatName, hint: schema.hint(in: keys.query, for: "daddr"))
            }
            try schema.warnAbsentTypos(["saddr", "dirflg"], keys, &context)
            let source = try GoogleStopText.endpoint(of: saddr, parameter: "saddr", source: true, parser: context.parser)
            var word: ModeWord? = nil
            var avoid: Set<RouteAvoidance> = []
            var flag = try keys.single("dirflg")
            if flag == nil { flag = try keys.single("dirflag") }
            if let flag {
                // By `Character`, lowercased (Unicode case mapping).
                for letter in LinkInput.lowercased(DirectionsURLParser.trimmed(flag.value)) {
                    switch letter {
                    case "h": avoid.insert(.highways)
                    case "t": avoid.insert(.tolls)
                    default:
                        let found = modeVocabulary.first(where: { $0.value == String(letter) })
                        guard found != nil, word == nil else {
                            throw DirectionsURLError(
                                .unknownMode, flag.name,
                                "'\(flag.name)=\(flag.value)' " + (found == nil
                                    ? "is not a Google travel mode; use d, w, r or b, optionally followed by h (avoid highways) and t (avoid tolls)"
                                    : "names more than one travel mode; give one of d, w, r or b"))
                        }
                        word = found
                    }
                }
            }
            return DirectionsRequest(
                source: source, destination: stops.destination, waypoints: stops.waypoints, mode: word?.mode,
                transportType: word?.transportType, avoid: avoid)
        }

        /// The stops of every `daddr` in order (read by ``GoogleStopText``); nil when there is no `daddr`.
        /// - Throws: `missing-destination` when the last stop is blank (checked first), else the first stop's error.
        static func stops(
            _ keys: ParameterSchema.Slots, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> (destination: Endpoint, waypoints: [Endpoint])? {
            guard let last = keys.last("daddr") else { return nil }
            var lastBlank = false
            last.withValue { forEachChainPiece($0) { lastBlank = $0.isBlank } }
            if lastBlank { throw AppleGoogleLinkText.emptyDaddr }
            var stops: [Endpoint] = []
            try keys.forEach("daddr") { (p) throws(DirectionsURLError) in
                try p.withValue { (value) throws(DirectionsURLError) in
                    try forEachChainPiece(value) { (piece) throws(DirectionsURLError) in
                        stops.append(try GoogleStopText.endpoint(piece, parameter: "daddr", source: false, parser: parser))
                    }
                }
            }
            let destination = stops.removeLast()
            return (destination, stops)
        }

        /// Calls `body` with each piece of Google's chaining `A to:B to:C` inside one decoded `daddr`
        /// (`+to:` is ` to:` once decoded), split by byte (a mark after `:` stays with the next piece).
        static func forEachChainPiece<E: Error>(_ value: LinkInput, _ body: (LinkInput) throws(E) -> Void) throws(E) {
            var start = 0
            var i = 0
            while let space = value.firstOffset(of: 0x20, from: i) {
                if space &+ 3 < value.count && value[space &+ 1] == UInt8(ascii: "t") && value[space &+ 2] == UInt8(ascii: "o")
                    && value[space &+ 3] == UInt8(ascii: ":")
                {
                    try body(value.slice(start, space))
                    start = space &+ 4
                    i = start
                } else {
                    i = space &+ 1
                }
            }
            try body(value.suffix(from: start))
        }

        /// ``forEachChainPiece(_:_:)`` of text.
        static func splitChain(_ value: String) -> [String] {
            var parts: [String] = []
            LinkInput.withBytes(of: value) { forEachChainPiece($0) { parts.append($0.string) } }
            return parts
        }

        /// One stop as the Google app writes it (`Label@lat,lon` when `labels`); a ` to:` inside is
        /// written ` to ` with an `omitted` line.
        static func stopText(
            _ endpoint: Endpoint, _ field: String, format: String, source: Bool = false, labels: Bool, omitted: inout [String]
        ) throws(LinkBuildError) -> String? {
            try AppleGoogleLinkText.written(
                endpoint, field: field, format: format, source: source, labels: labels, placeIDs: false, omitted: &omitted,
                rewrite: { text, omitted in
                    let parts = splitChain(text)  // by byte, as the reader splits
                    guard parts.count > 1 else { return nil }
                    omitted.append("\(field): ' to:' inside the text would split the stop; written as ' to '")
                    // Trimmed, as the reader trims: `A to:` (an empty part) would end in a space.
                    return DirectionsURLParser.trimmed(parts.joined(separator: " to "))
                }, googleStops: true)?.text
        }

        /// The `saddr` (unless the current location) and `daddr` (stops chained with ` to:`) pairs.
        static func stopPairs(
            _ request: DirectionsRequest, format: String, labels: Bool, omitted: inout [String]
        ) throws(LinkBuildError) -> [(String, String)] {
            let source = try stopText(request.source, "source", format: format, source: true, labels: labels, omitted: &omitted)
            var stops: [String] = []
            for (i, w) in request.waypoints.enumerated() {
                if let s = try stopText(w, "waypoints[\(i)]", format: format, labels: labels, omitted: &omitted) { stops.append(s) }
            }
            stops.append(try stopText(request.destination, "destination", format: format, labels: labels, omitted: &omitted) ?? "")
            return (source.map { [("saddr", value($0))] } ?? []) + [("daddr", value(stops.joined(separator: " to:")))]
        }

        /// A form-encoded value that keeps `,`, `:` and `@` readable.
        static func value(_ text: String) -> String { LinkWriting.encode(text, keep: ",:@", spaceAsPlus: true) }

        static var format: LinkFormat { .googleLegacy }

        /// Read by its family's type.
        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            try GoogleMapsLink.parse(link, &context)
        }

        /// Apple's `dirflg` letters `d`, `w`, `r` and `b` (bike); the avoid letters `h`, `t` are not modes.
        static let modeVocabulary = AppleMapsLink.modeVocabulary + [ModeWord("dirflg", "b", mode: .bike)]

        /// `https://maps.google.com/maps?saddr=…&daddr=A+to:B&dirflg=dht`, labels as `Label@lat,lon`; place
        /// ids, `ferries`, `navigate` and times are omitted.
        /// - Throws: `cannot-express` for an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "Google Maps legacy"
            return try AppleGoogleLinkText.build(
                request, format, name: name, prefix: "https://maps.google.com/maps?", avoid: [.tolls, .highways], navigate: false
            ) { (omitted) throws(LinkBuildError) in
                var pairs = try stopPairs(request, format: name, labels: true, omitted: &omitted)
                var flag = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted)?.value ?? ""
                if request.avoid.contains(.highways) { flag += "h" }
                if request.avoid.contains(.tolls) { flag += "t" }
                if !flag.isEmpty { pairs.append(("dirflg", flag)) }
                return pairs
            }
        }
    }
}
