// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google Maps for iOS URL scheme (Google, "Google Maps URL Scheme for iOS",
    /// developers.google.com/maps/documentation/urls/ios-urlscheme):
    /// `comgooglemaps://?saddr=&daddr=&directionsmode=`, also `comgooglemaps-x-callback://?…`;
    /// `comgooglemapsurl://<web link without scheme>` is read as that `https://` link.
    ///
    /// Parameters (query, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `saddr`: "If the value is left blank, then the user's current location will be used".
    /// - `daddr`: the destination; stops may chain with ` to:` (not in the iOS guide; works in Google's
    ///   apps, phonegap-launch-navigator #169), read by `GoogleStopText`. Without it, `q` (a search).
    /// - `directionsmode`: ``modeVocabulary``; another word → `unknown-mode`.
    /// - `q=LAT,LON` (or `loc:`, `Name@LAT,LON`) is a pin, exact; `q=TEXT` an address (the search).
    /// - `center` alone (with `zoom`, `views`, `mapmode`): a map view, its centre an approximate destination
    ///   with `viewport-as-destination` (strict: the error); a link without any of these is `not-a-directions-link`.
    /// - `comgooglemaps://maps?…` (a `maps` host) reads as `comgooglemaps://?…`.
    /// - Repairs as `GoogleLegacyLink`'s.
    enum ComGoogleMapsLink: DirectionsLinkFormat {
        static let formatName = "Google Maps app link"
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, GoogleLegacyLink.routeParameters + [
            .single("directionsmode", "driving, transit, bicycling or walking"),
            .repeatable("q", "a search: the destination when there is no daddr (the last counts)"),
            .ignored("center", "the map centre"), .ignored("zoom", "the zoom"), .ignored("views", "map layers"),
            .ignored("mapmode", "standard or streetview"), .ignored("x-success", "the x-callback return link"),
            .ignored("x-source", "the calling app's name"), .ignored("x-error", "the x-callback error link"),
        ])
        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            if link.scheme == "comgooglemapsurl" {
                var inner = link.bytes.rest
                if inner.hasPrefix("//") { inner = inner.dropFirst(2) }
                guard !inner.isEmpty else {
                    throw DirectionsURLError(.malformedURL, "url", "comgooglemapsurl:// must be followed by a Google Maps link without its scheme")
                }
                return try LinkInput.withBytesThrowing(of: "https://" + inner.string) { (b) throws(DirectionsURLError) in
                    try context.parser.parseNested(b, &context)
                }
            }
            // `comgooglemaps://maps?…` (a host `maps`, as some apps write it) reads as `comgooglemaps://?…`.
            if link.hasAuthority && !link.host.isEmpty && link.host != "maps" {
                throw DirectionsURLError(
                    .notADirectionsLink, "host", "'\(link.scheme)://\(link.host)' is not a Google Maps app link; write \(link.scheme)://?daddr=…")
            }
            let raw = link.bytes.query
            let keys = schema.slots(try LinkInput.Query(raw, plusAsSpace: true))
            try GoogleMapsLink.rawSpaces(keys, raw: raw, &context)
            let parser = context.parser
            var stops = try GoogleLegacyLink.stops(keys, parser: parser)
            if stops == nil, let q = keys.last("q"), !q.withValue({ $0.isBlank }) {
                stops = (try GoogleStopText.endpoint(of: q, parameter: "q", source: false, parser: parser), [])
            }
            guard let stops else {
                let hint = schema.hint(in: keys.query, for: "daddr")
                if hint != nil || keys.contains("saddr") || keys.contains("directionsmode") {
                    throw AppleGoogleLinkText.missingDaddr(formatName, hint: hint)
                }
                // Only a map view: its centre, approximately.
                if let p = keys.last("center"), let c = try p.trimmedPair(parameter: "center") {
                    return DirectionsRequest(destination: try context.mapViewDestination(c, view: "center=\(p.value)", parameter: "center"))
                }
                throw DirectionsURLError(
                    .notADirectionsLink, "daddr",
                    "this \(formatName) shows a map, not directions; directions need daddr=<address or latitude,longitude>")
            }
            try schema.warnAbsentTypos(["saddr", "directionsmode"], keys, &context)
            let source = try GoogleStopText.endpoint(of: try keys.single("saddr"), parameter: "saddr", source: true, parser: parser)
            let word = try AppleGoogleLinkText.mode(
                try keys.single("directionsmode"), "directionsmode", modeVocabulary, what: "a Google Maps app travel mode")
            return DirectionsRequest(
                source: source, destination: stops.destination, waypoints: stops.waypoints, mode: word?.mode, transportType: word?.transportType)
        }

        static var format: LinkFormat { .comGoogleMaps }
        static var schemes: [String] { ["comgooglemaps", "comgooglemaps-x-callback", "comgooglemapsurl"] }

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`comgooglemaps://?saddr=…&daddr=…&directionsmode=…`",
                    "comgooglemaps://?saddr=Gare+de+Lyon&daddr=48.8606,2.3376&directionsmode=walking"),
                LinkForm(.route, "`comgooglemaps-x-callback://?daddr=A+to:B&x-success=…`",
                    "comgooglemaps-x-callback://?daddr=48.8530,2.3499+to:48.8606,2.3376&x-success=ourapp://back&x-source=Ours"),
                LinkForm(.place, "`comgooglemaps://?q=LAT,LON`, `comgooglemaps://maps?q=…`", "comgooglemaps://maps?q=48.8584,2.2945&zoom=15"),
                LinkForm(.place, "`comgooglemaps://?q=NAME@LAT,LON`", "comgooglemaps://?q=Tour+Eiffel@48.8584,2.2945"),
                LinkForm(.place, "`comgooglemaps://?q=TEXT` (a search: an address)", "comgooglemaps://?q=Gare+Saint-Lazare,+Paris"),
                LinkForm(.mapView, "`comgooglemaps://?center=LAT,LON&zoom=…` (only a map view)", "comgooglemaps://?center=48.8566,2.3522&zoom=14"),
            ]
        }

        static let modeVocabulary: [ModeWord] = [
            ModeWord("directionsmode", "driving", mode: .car),
            ModeWord("directionsmode", "transit", mode: nil, transportType: .transit),
            ModeWord("directionsmode", "bicycling", mode: .bike),
            ModeWord("directionsmode", "walking", mode: .pedestrian),
        ]

        /// `comgooglemaps://?saddr=…&daddr=A+to:B&directionsmode=…`; labels of coordinates (`Label@lat,lon`
        /// is not in the iOS guide), place ids, avoidances, `navigate` and times are omitted.
        /// - Throws: `cannot-express` for an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "comgooglemaps"
            return try AppleGoogleLinkText.build(request, format, name: name, prefix: "comgooglemaps://?", avoid: [], navigate: false) {
                (omitted) throws(LinkBuildError) in
                try GoogleLegacyLink.stopPairs(request, format: name, labels: false, omitted: &omitted)
                    + AppleGoogleLinkText.modePair(request, modeVocabulary, name, &omitted)
            }
        }
    }
}
