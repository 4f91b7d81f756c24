// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google Maps for Android navigation intent (Google, "Google Maps Intents for Android",
    /// developers.google.com/maps/documentation/urls/android-intents, "Launch turn-by-turn navigation"):
    /// `google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf`.
    ///
    /// - Parameters follow `google.navigation:` directly (a leading `?` or `//` is tolerated),
    ///   form-encoded. `q` (required): an address or `latitude,longitude`, read by `GoogleStopText`.
    /// - "Directions are always given from the user's current location": the source is the current
    ///   location and ``DirectionsRequest/navigate`` is true. No waypoints.
    /// - `mode`: ``modeVocabulary``; another value → `unknown-mode`. `avoid`: ``avoidLetters``,
    ///   combinable (`avoid=tf`); another letter → `ignored-value`.
    /// - Repairs: `q=LAT+LON` or `q=LAT LON` (two decimal numbers with points, `+` or spaces between:
    ///   `repaired-syntax`, read as `LAT,LON`); a raw space in a value (`repaired-syntax`); a misspelling of an absent `mode` or
    ///   `avoid` (`likely-typo`).
    enum GoogleNavigationIntent: DirectionsLinkFormat {
        static let formatName = "google.navigation intent"
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
            .single("q", aliases: ["ll", "daddr", "destination"], "the destination: an address or `latitude,longitude`"),
            .single("mode", "d (driving), b (bicycling), l (two-wheeler) or w (walking)"),
            .single("avoid", "letters t (tolls), h (highways), f (ferries), combined"),
        ])

        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            var raw = link.bytes.rest
            // Delimiters are found by byte, in non-ASCII text too.
            if let hash = raw.firstOffset(of: UInt8(ascii: "#")) { raw = raw.prefix(hash) }
            if raw.hasPrefix("//") { raw = raw.dropFirst(2) }
            if raw.hasPrefix("?") { raw = raw.dropFirst() }
            let keys = schema.slots(try LinkInput.Query(raw, plusAsSpace: true))
            try GoogleMapsLink.rawSpaces(keys, raw: raw, &context)
            guard let q = try keys.single("q"), !q.withValue({ $0.isBlank }) else {
                throw schema.missing("destination", "q", in: keys.query, add: "q=<address or latitude,longitude>")
            }
            let destination: Endpoint
            if let c = try q.withValue({ (v) throws(DirectionsURLError) in try spacedPair(v) }) {
                try context.repair(
                    .repairedSyntax, "'q=\(q.value)' separates latitude and longitude with '+' or a space; Google requires a comma: q=LAT,LON",
                    parameter: "q")
                destination = .coordinate(c, label: nil)
            } else {
                destination = try GoogleStopText.endpoint(of: q, parameter: "q", source: false, parser: context.parser)
            }
            try schema.warnAbsentTypos(["mode", "avoid"], keys, &context)
            let word = try AppleGoogleLinkText.mode(try keys.single("mode"), "mode", modeVocabulary, what: "a Google navigation mode")
            var avoid: Set<RouteAvoidance> = []
            if let value = try keys.single("avoid")?.value {
                // By `Character`, lowercased (Unicode case mapping).
                for letter in DirectionsURLParser.trimmed(value).lowercased() {
                    guard let a = avoidLetters.first(where: { $0.letter == letter }) else {
                        try context.repair(.ignoredValue, "'\(letter)' in 'avoid=\(value)' is not t, h or f and is ignored", parameter: "avoid")
                        continue
                    }
                    avoid.insert(a.avoid)
                }
            }
            return DirectionsRequest(destination: destination, mode: word?.mode, transportType: word?.transportType, avoid: avoid, navigate: true)
        }

        /// `LAT LON` (decoded: `+` or spaces between them): two decimal numbers, each with a decimal point,
        /// and nothing else (no comma): the pair, ranges checked; nil for any other text (`10 Downing`).
        /// - Throws: range errors naming `q`.
        static func spacedPair(_ value: LinkInput) throws(DirectionsURLError) -> Coordinate? {
            let t = value.trimmed
            guard let space = t.firstOffset(of: UInt8(ascii: " ")) else { return nil }
            let a = t.prefix(space)
            let b = t.suffix(from: space).trimmed
            guard !b.contains(UInt8(ascii: " ")), a.contains(UInt8(ascii: ".")), b.contains(UInt8(ascii: ".")),
                let latitude = a.decimal, let longitude = b.decimal
            else { return nil }
            do {
                return try Coordinate.validated(latitude: latitude, longitude: longitude)
            } catch {
                return try LinkInput.withBytesThrowing(of: a.string + "," + b.string) { (bytes) throws(DirectionsURLError) in
                    try CoordinateText.parsePair(bytes, parameter: "q")
                }
            }
        }

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`google.navigation:q=LAT,LON&mode=…` (from the current location)", "google.navigation:q=48.8606,2.3376&mode=w"),
                LinkForm(.route, "`google.navigation:q=TEXT&avoid=…`", "google.navigation:q=Tour+Eiffel,+Paris&avoid=tf"),
            ]
        }

        static var format: LinkFormat { .googleNavigation }
        static var schemes: [String] { ["google.navigation"] }

        static let avoidLetters: [(avoid: RouteAvoidance, letter: Character)] = [(.tolls, "t"), (.highways, "h"), (.ferries, "f")]

        static let modeVocabulary: [ModeWord] = [
            ModeWord("mode", "d", mode: .car),
            ModeWord("mode", "b", mode: .bike),
            ModeWord("mode", "l", mode: .other),
            ModeWord("mode", "w", mode: .pedestrian),
        ]

        /// `google.navigation:q=…&mode=…&avoid=…`; waypoints, labels, place ids, transit, no `navigate`,
        /// and times are omitted.
        /// - Throws: `cannot-express` for a source that is not the current location or an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "google.navigation"
            try BuiltCoordinates.requireSourceHere(
                request, "google.navigation always starts at the current location; use the google or google-legacy format for a route from elsewhere")
            return try AppleGoogleLinkText.build(
                request, format, name: name, prefix: "google.navigation:", avoid: GoogleMapsLink.avoidable, navigate: true
            ) { (omitted) throws(LinkBuildError) in
                if !request.waypoints.isEmpty {
                    omitted.append("waypoints: google.navigation routes to one destination (\(request.waypoints.count) stop(s) dropped)")
                }
                let q = try GoogleLegacyLink.stopText(request.destination, "destination", format: name, labels: false, omitted: &omitted) ?? ""
                var pairs = [("q", GoogleLegacyLink.value(q))] + AppleGoogleLinkText.modePair(request, modeVocabulary, name, &omitted)
                let letters = String(avoidLetters.filter { request.avoid.contains($0.avoid) }.map(\.letter))
                if !letters.isEmpty { pairs.append(("avoid", letters)) }
                if !request.navigate { omitted.append("navigate: google.navigation always starts guidance") }
                return pairs
            }
        }
    }
}
