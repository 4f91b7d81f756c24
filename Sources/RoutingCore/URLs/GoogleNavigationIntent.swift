extension DirectionsURLParser {
    /// Google Maps for Android navigation intent (Google, "Google Maps Intents for Android",
    /// developers.google.com/maps/documentation/urls/android-intents, "Launch turn-by-turn navigation"):
    /// `google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf`.
    ///
    /// - The parameters follow `google.navigation:` directly (a leading `?` or `//` is tolerated);
    ///   form-encoded: `+` is a space, `%2B` a literal `+`.
    /// - `q` (required): "a street address" or `latitude,longitude` (WGS84 degrees, latitude first);
    ///   stop text is read by `GoogleStopText` (`Name@lat,lon`, `loc:`, hemisphere letters).
    /// - "Directions are always given from the user's current location": the source is always the
    ///   current location, and the intent starts guidance, so ``DirectionsRequest/navigate`` is true.
    ///   The intent has no waypoints.
    /// - `mode`: `d` driving (Google's default when absent) → Car, `b` bicycling → Bike, `l`
    ///   two-wheeler → Other (as Google's `two-wheeler`), `w` walking → Pedestrian; another value →
    ///   `unknown-mode`. Absent → no mode.
    /// - `avoid`: letters `t` (tolls), `h` (highways), `f` (ferries), combinable (`avoid=tf`); another
    ///   letter → `ignored-value` repair. A misspelling of an absent `mode` or `avoid` is a
    ///   `likely-typo` repair; a raw space in a value is `repaired-syntax`.
    ///
    /// Building writes `google.navigation:q=…&mode=…&avoid=…`. A source other than the current location
    /// cannot be expressed and is a `cannot-express` error (field `source`): the intent would start
    /// elsewhere. Waypoints, labels, place ids, transit, a request that does not ask to navigate, and
    /// times are `omitted` lines.
    enum GoogleNavigationIntent {
        static let formatName = "google.navigation intent"
        static let known: Set<String> = ["q", "mode", "avoid"]

        static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            var raw = link.rest
            if AppleGoogleLinkText.Bytes.isASCII(raw) {
                if let hash = raw.utf8.firstIndex(of: UInt8(ascii: "#")) { raw = raw[..<hash] }
            } else if let hash = raw.firstIndex(of: "#") {
                raw = raw[..<hash]
            }
            if AppleGoogleLinkText.Bytes.hasPrefix(raw, "//") { raw = raw.dropFirst(2) }
            if AppleGoogleLinkText.Bytes.hasPrefix(raw, "?") { raw = raw.dropFirst() }
            let query = try QueryString(raw, plusAsSpace: true)
            try GoogleMapsLink.rawSpaces(query, &context)
            guard let q = try AppleGoogleLinkText.single(query, "q", format: formatName), case let value = q.value,
                !AppleGoogleLinkText.Bytes.isBlank(value)
            else {
                let hint = DirectionsURLParser.typoHint(in: query, for: "q", known: ["mode", "avoid"], aliases: ["ll", "daddr", "destination"])
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "this \(formatName) has no destination" + (hint.map { "; \($0)" } ?? "; add q=<address or latitude,longitude>"),
                    parameter: "q")
            }
            let destination = try GoogleStopText.endpoint(value, parameter: "q", source: false, parser: context.parser)
            try AppleGoogleLinkText.typoWarnings(query, optional: ["mode", "avoid"], known: known, &context)
            let (mode, transport) = try AppleGoogleLinkText.mode(
                query, "mode", in: modeVocabulary, format: formatName, what: "a Google navigation mode")
            var avoid: Set<RouteAvoidance> = []
            if let a = try AppleGoogleLinkText.single(query, "avoid", format: formatName) {
                let letters = AppleGoogleLinkText.Bytes.lowercased(DirectionsURLParser.trimmed(a.value))
                // Fast path: ASCII letters one byte each (a CR LF pair is one Character, so not with CR).
                if AppleGoogleLinkText.Bytes.isASCII(letters) && !letters.utf8.contains(13) {
                    for letter in letters.utf8 {
                        switch letter {
                        case UInt8(ascii: "t"): avoid.insert(.tolls)
                        case UInt8(ascii: "h"): avoid.insert(.highways)
                        case UInt8(ascii: "f"): avoid.insert(.ferries)
                        default:
                            try context.repair(
                                .ignoredValue, "'\(Character(Unicode.Scalar(letter)))' in 'avoid=\(a.value)' is not t, h or f and is ignored",
                                parameter: "avoid")
                        }
                    }
                    return DirectionsRequest(destination: destination, mode: mode, transportType: transport, avoid: avoid, navigate: true)
                }
                for letter in letters {
                    switch letter {
                    case "t": avoid.insert(.tolls)
                    case "h": avoid.insert(.highways)
                    case "f": avoid.insert(.ferries)
                    default:
                        try context.repair(
                            .ignoredValue, "'\(letter)' in 'avoid=\(a.value)' is not t, h or f and is ignored", parameter: "avoid")
                    }
                }
            }
            return DirectionsRequest(destination: destination, mode: mode, transportType: transport, avoid: avoid, navigate: true)
        }
    }
}

extension DirectionsURLParser.GoogleNavigationIntent: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .googleNavigation }
    static var schemes: [String] { ["google.navigation"] }
}

extension DirectionsURLParser.GoogleNavigationIntent: DirectionsLinkBuilding {
    static var format: LinkFormat { .googleNavigation }

    /// Android navigation `mode`: `d`, `b`, `l` (two-wheeler), `w`.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("mode", "d", mode: .car),
        ModeWord("mode", "b", mode: .bike),
        ModeWord("mode", "l", mode: .other),
        ModeWord("mode", "w", mode: .pedestrian),
    ]

    /// `google.navigation:q=…&mode=…&avoid=…`.
    /// - Throws: `cannot-express` for a source that is not the current location (field `source`) or an
    ///   empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "google.navigation"
        guard request.source == .currentLocation else {
            throw LinkBuildError(
                code: .cannotExpress,
                message: "google.navigation always starts at the current location; use the google or google-legacy format for a route from elsewhere",
                field: "source")
        }
        try AppleGoogleLinkText.requireDestination(request, format: name)
        var omitted: [String] = []
        if !request.waypoints.isEmpty {
            omitted.append("waypoints: google.navigation routes to one destination (\(request.waypoints.count) stop(s) dropped)")
        }
        typealias Legacy = DirectionsURLParser.GoogleLegacyLink
        let q = try Legacy.stopText(request.destination, field: "destination", format: name, source: false, labels: false, omitted: &omitted) ?? ""
        var pairs: [(String, String)] = [("q", Legacy.value(q))]
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted) {
            pairs.append(("mode", word.value))
        }
        var letters = ""
        if request.avoid.contains(.tolls) { letters += "t" }
        if request.avoid.contains(.highways) { letters += "h" }
        if request.avoid.contains(.ferries) { letters += "f" }
        if !letters.isEmpty { pairs.append(("avoid", letters)) }
        if !request.navigate { omitted.append("navigate: google.navigation always starts guidance") }
        AppleGoogleLinkText.extras(request, format: name, avoid: Set(RouteAvoidance.allCases), navigate: true, omitted: &omitted)
        return BuiltLink(url: "google.navigation:" + LinkWriting.query(pairs), format: format, omitted: omitted)
    }
}
