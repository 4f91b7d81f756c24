/// Yandex Maps route links (Yandex, "Launch web version of Yandex Maps",
/// https://yandex.com/dev/yandex-apps-launch-maps/doc/en/concepts/yandexmaps-web):
/// `https://yandex.ru/maps/?rtext=<lat>,<lon>~<lat>,<lon>[~…]&rtt=auto|mt|pd|bc`, on the hosts
/// `yandex.ru`, `yandex.com`, `yandex.by`, `yandex.kz`, `yandex.ua`, `yandex.uz`, `yandex.com.tr`
/// (with or without `www.`, also `maps.yandex.*`), path `/maps/` or `/maps/<region-id>/<city>/`; and the
/// app scheme `yandexmaps://maps.yandex.ru/?rtext=…&rtt=…`.
///
/// - `rtext`: route points separated by `~`, first = start, last = destination, the ones between =
///   waypoints. A point is `latitude,longitude` (WGS84 degrees, **latitude first** here) or address
///   text. The raw value is split on the raw `~` first, then each point is percent-decoded once (form
///   encoding: `+` is a space), so `%2C` inside a point is its comma and `%7E` stays data.
/// - Current location: an empty first point (`rtext=~55.75,37.62`), or a first point that is a
///   current-location literal. An empty last point, or a single point without `~`, leaves no
///   destination → `missing-destination`.
/// - `rtt`: `auto` → Car, `mt` → transport type Transit (no single mode), `pd` → Pedestrian, `bc` →
///   Bike (web only, per the vendor's web page); matched ignoring case; others → `unknown-mode`.
/// - `ll`, `pt`, `spn`, `z`, `l` are the viewport and placemarks, written **longitude,latitude**
///   ("longitude is set first"); they are never endpoints (B33). A link with them but no `rtext` is
///   `not-a-directions-link`. Unknown parameters are ignored.
/// - Yandex Navigator (Yandex, "Launch Yandex Navigator", https://yandex.com/dev/yandex-apps-launch/navigator/):
///   `yandexnavi://build_route_on_map?lat_from=&lon_from=&lat_to=&lon_to=&lat_via_0=&lon_via_0=…` —
///   separate latitude and longitude numbers, no `from` → the current location, waypoints
///   `lat_via_N`/`lon_via_N` in N order. Navigator is a car navigator, so the mode is Car. Read only:
///   the builder writes the web form, which Navigator users can open too.
/// - Repairs: none. Parameter names are short (`rtt`, `ll`), so no typo guesses are made; a missing
///   `rtext` next to a near miss (`rtxt`) is named in the `missing-destination` error.
enum YandexMapsLink {
    static let formatName = "Yandex Maps link"
    static let known: Set<String> = ["rtext", "rtt", "ll", "pt", "z", "spn", "l", "text", "mode", "whatshere", "ol", "oid", "ruri", "sll", "sspn", "panorama", "si", "from", "utm_source", "utm_medium", "source"]
    static let rtextAliases: Set<String> = ["route", "rtxt", "r_text", "rtex", "daddr", "destination", "to", "dest"]
    static let countryDomains: Set<String> = ["ru", "com", "by", "kz", "ua", "uz", "com.tr", "az", "com.am", "com.ge", "co.il", "ee", "lt", "lv", "md", "tj", "tm", "fr"]

    static func parseQuery(_ raw: Substring, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try QueryString(raw, plusAsSpace: true)
        guard let rtext = try AppLinkBytes.single(query, "rtext", format: formatName) else {
            let hint = DirectionsURLParser.typoHint(in: query, for: "rtext", known: known, aliases: rtextAliases)
            if let hint {
                throw DirectionsURLError(code: .missingDestination, message: "this \(formatName) has no 'rtext'; \(hint)", parameter: "rtext")
            }
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this \(formatName) shows a map (ll, pt and z are the viewport, longitude first), not a route; routes use rtext=<lat>,<lon>~<lat>,<lon>",
                parameter: "rtext")
        }
        let pieces = AppLinkBytes.split(rtext.rawValue, UInt8(ascii: "~"))
        guard pieces.count >= 2 else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "'rtext' has one point and no '~'; write rtext=<from>~<to>, or rtext=~<lat>,<lon> to start at the current location",
                parameter: "rtext")
        }
        var points: [Endpoint] = []
        for (i, piece) in pieces.enumerated() {
            let text = try QueryString.decode(piece, plusAsSpace: true, parameter: "rtext")
            if i == 0 {
                points.append(try context.parser.sourceEndpoint(text, parameter: "rtext"))
            } else if i == pieces.count - 1 && DirectionsURLParser.trimmed(text).isEmpty {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "the last point of 'rtext' is empty; give the destination after the last '~'",
                    parameter: "rtext")
            } else {
                points.append(try context.parser.stopEndpoint(text, parameter: "rtext"))
            }
        }
        let destination = points.removeLast()
        let source = points.removeFirst()
        var mode: DirectionsMode? = nil
        var transport: TransportType? = nil
        if let m = try AppLinkBytes.single(query, "rtt", format: formatName) {
            let value = AppLinkBytes.trimmedValue(m)
            if !value.isEmpty {
                guard let word = modeVocabulary.first(where: { AppLinkBytes.lowerEquals(value, $0.value) }) else {
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'rtt=\(DirectionsURLParser.shorten(m.value))' is not a Yandex Maps route type; use auto, mt, pd or bc",
                        parameter: "rtt")
                }
                mode = word.mode
                transport = word.transportType
            }
        }
        return DirectionsRequest(source: source, destination: destination, waypoints: points, mode: mode, transportType: transport)
    }

    /// `yandexnavi://build_route_on_map?lat_to=&lon_to=…`.
    static func parseNavigator(_ link: LinkText) throws(DirectionsURLError) -> DirectionsRequest {
        guard link.host == "build_route_on_map" || (!link.hasAuthority && link.path == "build_route_on_map") else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Yandex Navigator link is not a route; routes are yandexnavi://build_route_on_map?lat_to=…&lon_to=…",
                parameter: "host")
        }
        let query = try QueryString(link.query, plusAsSpace: true)
        func point(_ suffix: String) throws(DirectionsURLError) -> Coordinate? {
            let lat = try AppLinkBytes.single(query, "lat_" + suffix, format: "Yandex Navigator link").map { DirectionsURLParser.trimmed($0.value) } ?? ""
            let lon = try AppLinkBytes.single(query, "lon_" + suffix, format: "Yandex Navigator link").map { DirectionsURLParser.trimmed($0.value) } ?? ""
            if lat.isEmpty && lon.isEmpty { return nil }
            guard !lat.isEmpty, !lon.isEmpty, !lat.contains(","), !lon.contains(",") else {
                let missing = lat.isEmpty ? "lat_" + suffix : "lon_" + suffix
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "give both lat_\(suffix) and lon_\(suffix) as decimal degrees ('.' as the decimal separator)",
                    parameter: lat.isEmpty || lon.isEmpty ? missing : "lat_" + suffix)
            }
            if let quick = AppLinkBytes.quickPair(Substring(lat), Substring(lon)) { return quick }
            return try CoordinateText.parsePair(Substring(lat + "," + lon), parameter: "lat_" + suffix)
        }
        guard let to = try point("to") else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this Yandex Navigator link has no destination; add lat_to=…&lon_to=…",
                parameter: "lat_to")
        }
        var waypoints: [Endpoint] = []
        var n = 0
        while n < 100, let via = try point("via_\(n)") {
            waypoints.append(.coordinate(via, label: nil))
            n += 1
        }
        let from = try point("from")
        return DirectionsRequest(
            source: from.map { .coordinate($0, label: nil) } ?? .currentLocation,
            destination: .coordinate(to, label: nil), waypoints: waypoints, mode: .car)
    }

    /// `/maps`, `/maps/`, `/maps/<digits>/<slug>[/]`.
    static func isMapsPath(_ path: Substring) -> Bool {
        if AppLinkBytes.isASCII(path) { return isMapsPathASCII(path) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "" "maps" [""] | "" "maps" id slug [""]
        guard parts.count >= 2, parts[0].isEmpty, parts[1].lowercased() == "maps" else { return false }
        let rest = parts.dropFirst(2).filter { !$0.isEmpty }
        if rest.isEmpty { return parts.count <= 3 }
        guard rest.count == 2, parts.count <= 5, rest[rest.startIndex].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return true
    }

    /// ``isMapsPath(_:)`` for ASCII text, by byte (each byte is one `Character`).
    /// The pieces between `/` (`parts`) are walked over the bytes without building them.
    private static func isMapsPathASCII(_ path: Substring) -> Bool {
        let span = path.utf8.span
        let n = span.count
        // parts[0] is empty: the path starts with '/'.
        guard n >= 1, span[0] == UInt8(ascii: "/") else { return false }
        // parts[1] is "maps", any case.
        var j = 1
        while j < n && span[j] != UInt8(ascii: "/") { j &+= 1 }
        guard j == 5, AppLinkBytes.lower(span[1]) == UInt8(ascii: "m"), AppLinkBytes.lower(span[2]) == UInt8(ascii: "a"),
              AppLinkBytes.lower(span[3]) == UInt8(ascii: "p"), AppLinkBytes.lower(span[4]) == UInt8(ascii: "s") else { return false }
        var parts = 2
        var rest = 0  // non-empty parts after "maps"
        var idIsDigits = true
        var start = j &+ 1
        while j < n {
            // The part from `start` to the next '/' or the end.
            var end = start
            while end < n && span[end] != UInt8(ascii: "/") { end &+= 1 }
            parts += 1
            if end > start {
                rest += 1
                if rest == 1 {
                    var k = start
                    while k < end {
                        if span[k] < UInt8(ascii: "0") || span[k] > UInt8(ascii: "9") { idIsDigits = false }
                        k &+= 1
                    }
                }
            }
            j = end
            start = end &+ 1
        }
        if rest == 0 { return parts <= 3 }
        return rest == 2 && parts <= 5 && idIsDigits
    }
}

extension YandexMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .yandex }
    static var schemes: [String] { ["yandexmaps", "yandexnavi"] }

    static func handles(host: String) -> Bool {
        // Every handled host starts with "www.", "maps." or "yandex." (no Character starting with another byte does).
        guard let f = host.utf8.first, f == UInt8(ascii: "w") || f == UInt8(ascii: "m") || f == UInt8(ascii: "y") else { return false }
        if AppLinkBytes.isASCII(Substring(host)) { return handlesASCII(host: Substring(host)) }
        var h = Substring(host)
        if h.hasPrefix("www.") { h = h.dropFirst(4) } else if h.hasPrefix("maps.") { h = h.dropFirst(5) }
        guard h.hasPrefix("yandex.") else { return false }
        return countryDomains.contains(String(h.dropFirst(7)))
    }

    /// ``handles(host:)`` for an ASCII host, by byte, without building a String or hashing.
    private static func handlesASCII(host: Substring) -> Bool {
        var h = host
        if AppLinkBytes.hasPrefix(h, "www.") { h = AppLinkBytes.dropBytes(h, 4) }
        else if AppLinkBytes.hasPrefix(h, "maps.") { h = AppLinkBytes.dropBytes(h, 5) }
        guard AppLinkBytes.hasPrefix(h, "yandex.") else { return false }
        // A short String (inline, no allocation) compares by its raw bits.
        switch String(AppLinkBytes.dropBytes(h, 7)) {
        case "ru", "com", "by", "kz", "ua", "uz", "com.tr", "az", "com.am", "com.ge", "co.il", "ee", "lt", "lv", "md", "tj", "tm", "fr":
            return true
        default:
            return false
        }
    }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "yandexnavi" {
            return try parseNavigator(link)
        }
        if link.scheme == "yandexmaps" {
            guard link.path.isEmpty || link.path == "/" else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'yandexmaps:' route links are yandexmaps://maps.yandex.ru/?rtext=…; '\(DirectionsURLParser.shorten(String(link.path)))' is another action",
                    parameter: "path")
            }
            return try parseQuery(link.query, &context)
        }
        let mapsHost = AppLinkBytes.hasPrefix(Substring(link.host), "maps.")
        guard isMapsPath(link.path) || (mapsHost && (link.path.isEmpty || link.path == "/")) else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'\(DirectionsURLParser.shorten(String(link.path)))' is not Yandex Maps; route links are https://yandex.ru/maps/?rtext=…",
                parameter: "path")
        }
        return try parseQuery(link.query, &context)
    }
}

extension YandexMapsLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .yandex }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("rtt", "auto", mode: .car),
        ModeWord("rtt", "mt", mode: nil, transportType: .transit),
        ModeWord("rtt", "pd", mode: .pedestrian),
        ModeWord("rtt", "bc", mode: .bike),
    ]

    /// `https://yandex.ru/maps/?rtext=<lat>%2C<lon>~…~<lat>%2C<lon>&rtt=<word>`: points percent-encoded
    /// (comma `%2C`, `~` inside an address `%7E`), an empty first point for the current location.
    /// - Throws: `cannot-express` when the destination or a waypoint is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, field: String) throws(LinkBuildError) -> String {
            switch e {
            case .currentLocation:
                if field == "source" { return "" }
                throw LinkBuildError(code: .cannotExpress, message: "Yandex writes the current location only as an empty first point", field: field)
            case .coordinate(let c, let label, let id):
                if label != nil { omitted.append("\(field) label: Yandex route points carry no label") }
                if id != nil { omitted.append("\(field) place id: Yandex links carry none") }
                return LinkWriting.encode(LinkWriting.pair(c))
            case .address(let t, let id):
                if id != nil { omitted.append("\(field) place id: Yandex links carry none") }
                // `~` separates points: write it encoded so it stays data.
                var out = ""
                for ch in LinkWriting.encode(t) { if ch == "~" { out += "%7E" } else { out.append(ch) } }
                return out
            }
        }
        var points = [try text(request.source, field: "source")]
        for (i, w) in request.waypoints.enumerated() { points.append(try text(w, field: "waypoints[\(i)]")) }
        points.append(try text(request.destination, field: "destination"))
        var url = "https://yandex.ru/maps/?rtext=" + points.joined(separator: "~")
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Yandex Maps", omitted: &omitted) {
            url += "&rtt=" + word.value
        }
        if request.navigate { omitted.append("navigate: Yandex web links cannot start guidance") }
        if !request.avoid.isEmpty { omitted.append("avoid: Yandex links carry no road options") }
        if request.departureDate != nil { omitted.append("departure date: Yandex links carry none") }
        if request.arrivalDate != nil { omitted.append("arrival date: Yandex links carry none") }
        return BuiltLink(url: url, format: .yandex, omitted: omitted)
    }
}
