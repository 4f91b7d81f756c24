// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google Maps for iOS URL scheme (Google, "Google Maps URL Scheme for iOS",
    /// developers.google.com/maps/documentation/urls/ios-urlscheme):
    /// `comgooglemaps://?saddr=&daddr=&directionsmode=`, also `comgooglemaps-x-callback://?…`.
    /// `comgooglemapsurl://<web link without scheme>` is parsed as that `https://` link.
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `saddr`: "If the value is left blank, then the user's current location will be used"; absent,
    ///   blank or a current-location literal → current location.
    /// - `daddr`: the destination. Stops may chain with ` to:` (not in the iOS guide; works in
    ///   Google's apps, phonegap-launch-navigator #169); stops are read by `GoogleStopText`.
    /// - `directionsmode`: `driving` → Car, `transit` → transport type Transit, `bicycling` → Bike,
    ///   `walking` → Pedestrian; another word → `unknown-mode`.
    /// - Repairs: a raw space in a value (`repaired-syntax`); a misspelling of an absent `saddr` or
    ///   `directionsmode` (`likely-typo`, ignored).
    /// - Without `daddr`, `q` (a search) is read as the destination; `center`, `zoom`, `views`,
    ///   `mapmode` are view-only, and a link with only those is `not-a-directions-link`.
    ///
    /// Building writes `comgooglemaps://?saddr=&daddr=A+to:B&directionsmode=`. Labels of coordinates
    /// (`Label@lat,lon` is not in the iOS guide), place ids, avoidances, `navigate` and times are `omitted` lines.
    enum ComGoogleMapsLink {
        static let formatName = "Google Maps app link"
        /// The parameters of the Google Maps app's URL scheme (Google, "Google Maps URL Scheme for iOS").
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, GoogleLegacyLink.routeParameters + [
            .single("directionsmode", "driving, transit, bicycling or walking"),
            .repeatable("q", "a search: the destination when there is no daddr (the last counts)"),
            .ignored("center", "the map centre"), .ignored("zoom", "the zoom"), .ignored("views", "map layers"),
            .ignored("mapmode", "standard or streetview"), .ignored("x-success", "the x-callback return link"),
            .ignored("x-source", "the calling app's name"), .ignored("x-error", "the x-callback error link"),
        ])
        /// Optional parameters whose misspellings are `likely-typo` repairs.
        static let typoOptional = ["saddr", "directionsmode"]

        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            if link.scheme == "comgooglemapsurl" {
                var inner = link.bytes.rest
                if inner.hasPrefix("//") {
                    inner = inner.dropFirst(2)
                }
                guard !inner.isEmpty else {
                    throw DirectionsURLError(
                        code: .malformedURL, message: "comgooglemapsurl:// must be followed by a Google Maps link without its scheme",
                        parameter: "url")
                }
                let wrapped = "https://" + inner.string
                return try context.parser.parseNested(Substring(wrapped), &context)
            }
            if link.hasAuthority && !link.host.isEmpty {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'\(link.scheme)://\(link.host)' is not a Google Maps app link; write \(link.scheme)://?daddr=…",
                    parameter: "host")
            }
            let raw = link.bytes.query
            let query = try LinkInput.Query(raw, plusAsSpace: true)
            // One pass sorts the parameters by name; every look-up below is one read.
            let keys = schema.slots(query)
            try GoogleMapsLink.rawSpaces(query, raw: raw, &context)
            let parser = context.parser
            let destination: Endpoint
            var waypoints: [Endpoint] = []
            if let stops = try GoogleLegacyLink.stops(keys, parser: parser) {
                destination = stops.destination
                waypoints = stops.waypoints
            } else if let q = keys.last("q"), !q.withValue({ $0.isBlank }) {
                destination = try GoogleStopText.endpoint(of: q, parameter: "q", source: false, parser: parser)
            } else {
                let hint = schema.hint(in: query, for: "daddr")
                if hint != nil || keys.contains("saddr") || keys.contains("directionsmode") {
                    throw GoogleLegacyLink.missingDaddr(formatName, hint: hint)
                }
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this \(formatName) shows a map, not directions; directions need daddr=<address or latitude,longitude>",
                    parameter: "daddr")
            }
            try schema.warnAbsentTypos(typoOptional, keys, &context)
            let source = try GoogleStopText.endpoint(of: try keys.single("saddr"), parameter: "saddr", source: true, parser: parser)
            let (mode, transport) = try GoogleQueryRules.mode(
                try keys.single("directionsmode"), "directionsmode", modeWords, what: "a Google Maps app travel mode")
            return DirectionsRequest(source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport)
        }
    }
}

extension DirectionsURLParser.ComGoogleMapsLink: DirectionsLinkFormat {
    static var schemes: [String] { ["comgooglemaps", "comgooglemaps-x-callback", "comgooglemapsurl"] }
}

extension DirectionsURLParser.ComGoogleMapsLink {
    static var format: LinkFormat { .comGoogleMaps }

    /// iOS URL scheme `directionsmode` words.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("directionsmode", "driving", mode: .car),
        ModeWord("directionsmode", "transit", mode: nil, transportType: .transit),
        ModeWord("directionsmode", "bicycling", mode: .bike),
        ModeWord("directionsmode", "walking", mode: .pedestrian),
    ]
    static let modeWords = AppleGoogleLinkText.ModeWords(modeVocabulary)

    /// `comgooglemaps://?saddr=…&daddr=A+to:B&directionsmode=…`.
    /// - Throws: `cannot-express` for an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "comgooglemaps"
        try AppleGoogleLinkText.requireDestination(request, format: name)
        var omitted: [String] = []
        var pairs = try DirectionsURLParser.GoogleLegacyLink.stopPairs(request, format: name, labels: false, omitted: &omitted)
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted) {
            pairs.append(("directionsmode", word.value))
        }
        AppleGoogleLinkText.extras(request, format: name, avoid: [], navigate: false, omitted: &omitted)
        return BuiltLink(url: "comgooglemaps://?" + LinkWriting.query(pairs), format: format, omitted: omitted)
    }
}
