/// Waze deep links (Google, "Waze deep links", https://developers.google.com/waze/deeplinks):
/// `https://waze.com/ul?ll=<lat>%2C<lon>&navigate=yes&zoom=17`, also on `www.waze.com` and
/// `ul.waze.com`, and the app scheme `waze://?…` (`waze://ul?…`).
///
/// - Live Map directions (Waze's web planner, what Waze share links now open; seen in public code and
///   in geoshare's tests): `https://www.waze.com/[<locale>/]live-map/directions?to=ll.<lat>%2C<lon>&from=ll.<lat>%2C<lon>&navigate=yes`.
///   `to` is required; without `from` the route starts at the current location; a `place.<id>` end
///   needs Waze's servers → `unresolvable-offline`.
/// - Parameters: `ll` = the destination, `latitude,longitude` (WGS84 degrees, latitude first; the
///   vendor example encodes the comma as `%2C`, which is normal syntax here); `q` = search text, read
///   as an address destination when there is no `ll` (with `ll`, the coordinate wins and `q` is not
///   used: a label must never replace coordinates); `favorite=home|work` names a saved place that
///   only the user's Waze account knows → `unresolvable-offline`; `navigate=yes` → ``DirectionsRequest/navigate``
///   (`no` or absent → false); `zoom`, `z`, `utm_source` are view or tracking data and are ignored,
///   as is every unknown parameter.
/// - Query decoding: form-encoded (`+` is a space, `%2B` a literal plus), each value decoded once.
/// - Current location: the `ul` deep link has no origin parameter; it always starts at the device's
///   location (IntentKit #41: "directions can only route from current location"), so its source is
///   ``Endpoint/currentLocation``. Only Live Map links name a start (`from`).
/// - Mode: Waze has no mode word and routes by car only, so every parsed request has mode Car
///   (``modeVocabulary`` is empty; the builder notes any other mode as omitted).
/// - Repairs: none of the syntax. A likely typo of `ll` next to a usable `q`, or of `navigate`, is a
///   `likely-typo` warning (an error when strict); a typo of `ll` with nothing else left is named in
///   the `missing-destination` error.
enum WazeLink {
    static let formatName = "Waze link"
    static let known: Set<String> = ["ll", "q", "favorite", "navigate", "zoom", "z", "utm_source", "utm_medium", "utm_campaign"]
    static let destinationAliases: Set<String> = ["lat", "latlng", "latlon", "loc", "dest", "destination", "daddr", "to", "coords", "l"]

    static func parseQuery(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try QueryString(link.query, plusAsSpace: true)
        let navigate = try navigateFlag(query)
        if !query.contains("navigate"),
           let hint = DirectionsURLParser.typoHint(in: query, for: "navigate", known: known, aliases: ["nav", "navigation"]) {
            try context.repair(.likelyTypo, hint + " (ignored: the link only shows the route)", parameter: "navigate")
        }
        if let ll = try AppLinkBytes.single(query, "ll", format: formatName), case let text = AppLinkBytes.trimmedValue(ll), !text.isEmpty {
            let c: Coordinate
            if let quick = AppLinkBytes.quickPair(text) { c = quick } else { c = try CoordinateText.parsePair(text, parameter: "ll") }
            return DirectionsRequest(
                source: .currentLocation, destination: .coordinate(c, label: nil), mode: .car, navigate: navigate)
        }
        if let fav = try AppLinkBytes.single(query, "favorite", format: formatName) {
            throw DirectionsURLError(
                code: .unresolvableOffline,
                message: "'favorite=\(DirectionsURLParser.shorten(fav.value))' is a place saved in the user's Waze account, which routingd cannot look up; give ll=latitude,longitude or q=<address>",
                parameter: "favorite")
        }
        let hint = DirectionsURLParser.typoHint(in: query, for: "ll", known: known, aliases: destinationAliases)
        if let q = try AppLinkBytes.single(query, "q", format: formatName), !DirectionsURLParser.trimmed(q.value).isEmpty {
            if let hint {
                try context.repair(.likelyTypo, hint + " (the link searches for q instead)", parameter: "ll")
            }
            let text = DirectionsURLParser.trimmed(q.value)
            if let c = try CoordinateText.classify(text, parameter: "q") {
                return DirectionsRequest(source: .currentLocation, destination: .coordinate(c, label: nil), mode: .car, navigate: navigate)
            }
            return DirectionsRequest(source: .currentLocation, destination: .address(text), mode: .car, navigate: navigate)
        }
        throw DirectionsURLError(
            code: .missingDestination,
            message: "this \(formatName) has no destination" + (hint.map { "; \($0)" } ?? "; add ll=<latitude>,<longitude> or q=<address>"),
            parameter: "ll")
    }

    /// `/live-map/directions?to=ll.<lat>,<lon>&from=ll.<lat>,<lon>`.
    static func parseLiveMap(_ link: LinkText) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try QueryString(link.query, plusAsSpace: true)
        let navigate = try navigateFlag(query)
        func end(_ key: String) throws(DirectionsURLError) -> Coordinate? {
            guard let p = try AppLinkBytes.single(query, key, format: "Waze Live Map link") else { return nil }
            let value = DirectionsURLParser.trimmed(p.value)
            if value.isEmpty { return nil }
            let lower = value.lowercased()
            if lower.hasPrefix("ll.") {
                return try CoordinateText.parsePair(Substring(value.dropFirst(3)), parameter: key)
            }
            if lower.hasPrefix("place.") {
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "'\(key)=\(DirectionsURLParser.shorten(value))' names a place by id, which only Waze's servers can resolve; write \(key)=ll.<latitude>,<longitude>",
                    parameter: key)
            }
            throw DirectionsURLError(
                code: .invalidParameter,
                message: "'\(key)=\(DirectionsURLParser.shorten(value))' is not a Live Map point; write \(key)=ll.<latitude>,<longitude>",
                parameter: key)
        }
        guard let to = try end("to") else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this Waze Live Map link has no 'to'; add to=ll.<latitude>,<longitude>",
                parameter: "to")
        }
        let from = try end("from")
        return DirectionsRequest(
            source: from.map { .coordinate($0, label: nil) } ?? .currentLocation,
            destination: .coordinate(to, label: nil), mode: .car, navigate: navigate)
    }

    private static func navigateFlag(_ query: QueryString) throws(DirectionsURLError) -> Bool {
        guard let p = try AppLinkBytes.single(query, "navigate", format: formatName) else { return false }
        let value = AppLinkBytes.trimmedValue(p)
        if AppLinkBytes.lowerEquals(value, "yes") || AppLinkBytes.lowerEquals(value, "true") || AppLinkBytes.lowerEquals(value, "1") {
            return true
        }
        if value.isEmpty || AppLinkBytes.lowerEquals(value, "no") || AppLinkBytes.lowerEquals(value, "false") || AppLinkBytes.lowerEquals(value, "0") {
            return false
        }
        throw DirectionsURLError(
            code: .invalidParameter,
            message: "'navigate=\(DirectionsURLParser.shorten(p.value))' is not valid; write navigate=yes to start guidance, or leave it out",
            parameter: "navigate")
    }
}

extension WazeLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .waze }
    static var schemes: [String] { ["waze"] }
    static var hosts: [String] { ["waze.com", "www.waze.com", "ul.waze.com"] }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = AppLinkBytes.lowercased(link.path)
        // (Both suffixes hold a '-', which no other Character is equal to: without one, skip them.)
        if link.scheme != "waze", AppLinkBytes.contains(link.path, UInt8(ascii: "-")),
           path.hasSuffix("/live-map/directions") || path.hasSuffix("/live-map/directions/") {
            let segments = path.split(separator: "/")
            if segments.count == 2 || (segments.count == 3 && segments[0].count <= 5) {
                return try parseLiveMap(link)
            }
        }
        let ok: Bool
        if link.scheme == "waze" {
            ok = (link.host.isEmpty || link.host == "ul") && (path.isEmpty || path == "/" || path == "/ul" || path == "/ul/")
        } else {
            ok = path == "/ul" || path == "/ul/" || (link.host == "ul.waze.com" && (path.isEmpty || path == "/"))
        }
        guard ok else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'\(DirectionsURLParser.shorten(String(link.path)))' is not a Waze deep link; directions links are https://waze.com/ul?ll=<lat>,<lon>&navigate=yes",
                parameter: "path")
        }
        return try parseQuery(link, &context)
    }
}

extension WazeLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .waze }
    /// Waze has no travel-mode parameter: it routes by car only.
    static var modeVocabulary: [ModeWord] { [] }

    /// `https://waze.com/ul?ll=<lat>%2C<lon>&navigate=yes`, or `?q=<address>` for an address; from a
    /// coordinate other than the current location, the Live Map form
    /// `https://www.waze.com/live-map/directions?to=ll.<lat>%2C<lon>&from=ll.<lat>%2C<lon>&navigate=yes`.
    /// - Throws: `cannot-express` when the source is an address, or a coordinate while the destination
    ///   is an address (Live Map takes coordinates only), or the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a Waze link cannot route to the current location", field: "destination")
        }
        if case .address = request.source {
            throw LinkBuildError(code: .cannotExpress, message: "Waze starts from the current location or, in Live Map links, from a coordinate; not from an address", field: "source")
        }
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        var base = "https://waze.com/ul?"
        if case .coordinate(let from, let fromLabel, let fromID) = request.source {
            guard case .coordinate(let to, let label, let id) = request.destination else {
                throw LinkBuildError(code: .cannotExpress, message: "Waze Live Map links, the only ones with a start, take a coordinate destination", field: "source")
            }
            base = "https://www.waze.com/live-map/directions?"
            pairs.append(("to", "ll." + LinkWriting.encode(LinkWriting.pair(to))))
            pairs.append(("from", "ll." + LinkWriting.encode(LinkWriting.pair(from))))
            if label != nil { omitted.append("destination label: Waze links carry no label") }
            if id != nil { omitted.append("destination place id: Waze links carry none") }
            if fromLabel != nil { omitted.append("source label: Waze links carry no label") }
            if fromID != nil { omitted.append("source place id: Waze links carry none") }
        } else {
            switch request.destination {
            case .currentLocation: break
            case .coordinate(let c, let label, let id):
                pairs.append(("ll", LinkWriting.encode(LinkWriting.pair(c))))
                if label != nil { omitted.append("destination label: Waze links carry no label") }
                if id != nil { omitted.append("destination place id: Waze links carry none") }
            case .address(let text, let id):
                pairs.append(("q", LinkWriting.encode(text)))
                if id != nil { omitted.append("destination place id: Waze links carry none") }
            }
        }
        if request.navigate { pairs.append(("navigate", "yes")) }
        if !request.waypoints.isEmpty { omitted.append("waypoints: Waze routes to one destination") }
        if request.mode != .car {
            omitted.append("mode \(request.mode?.rawValue ?? "(any)"): Waze always routes by car")
        }
        if !request.avoid.isEmpty { omitted.append("avoid: Waze links carry no route options") }
        if request.departureDate != nil { omitted.append("departure date: Waze links carry none") }
        if request.arrivalDate != nil { omitted.append("arrival date: Waze links carry none") }
        return BuiltLink(url: base + LinkWriting.query(pairs), format: .waze, omitted: omitted)
    }
}
