// SPDX-License-Identifier: Apache-2.0
/// Yandex Maps route links (Yandex, "Launch web version of Yandex Maps",
/// https://yandex.com/dev/yandex-apps-launch-maps/doc/en/concepts/yandexmaps-web):
/// `https://yandex.ru/maps/?rtext=<lat>,<lon>~<lat>,<lon>[~…]&rtt=auto|mt|pd|bc`, on the hosts
/// `yandex.ru`, `yandex.com`, `yandex.by`, `yandex.kz`, `yandex.ua`, `yandex.uz`, `yandex.com.tr`
/// (with or without `www.`, also `maps.yandex.*`), path `/maps/` or `/maps/<region-id>/<city>/`; and the
/// app scheme `yandexmaps://maps.yandex.ru/?rtext=…&rtt=…`.
///
/// - `rtext`: route points separated by `~` (first = start, last = destination), each `latitude,longitude`
///   (**latitude first** here) or address text. Split on raw `~`, then each point decoded once (`+` is
///   a space; `%2C` is a comma, `%7E` stays data).
/// - Current location: an empty first point (`rtext=~55.75,37.62`) or a current-location literal. An
///   empty last point, or a single point → `missing-destination`.
/// - `rtt`: `auto` → Car, `mt` → transport type Transit, `pd` → Pedestrian, `bc` → Bike (web only);
///   any case; others → `unknown-mode`.
/// - `ll`, `pt`, `spn`, `z`, `l` (viewport, placemarks, **longitude first**) are never endpoints (B33);
///   with no `rtext` → `not-a-directions-link`. Unknown parameters are ignored.
/// - Yandex Navigator (Yandex, "Launch Yandex Navigator", https://yandex.com/dev/yandex-apps-launch/navigator/):
///   `yandexnavi://build_route_on_map?lat_from=&lon_from=&lat_to=&lon_to=&lat_via_0=&lon_via_0=…`:
///   no `from` → the current location; waypoints in N order; mode Car. Read only (the builder writes
///   the web form).
/// - Repairs: none; no typo guesses (names are short), but a near miss of a missing `rtext` (`rtxt`)
///   is named in the `missing-destination` error.
enum YandexMapsLink {
    static let formatName = "Yandex Maps link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single(
            "rtext", aliases: ["route", "rtxt", "r_text", "rtex", "daddr", "destination", "to", "dest"],
            "route points, '~'-separated: start, waypoints, destination"),
        .single("rtt", "the route type, which fixes the mode"),
        .ignored("ll", "the viewport's centre, longitude first"), .ignored("pt", "placemarks, longitude first"),
        .ignored("z", "a zoom"), .ignored("spn", "the viewport's span"), .ignored("l", "map layers"),
        .ignored("text"), .ignored("mode"), .ignored("whatshere"), .ignored("ol"), .ignored("oid"), .ignored("ruri"),
        .ignored("sll"), .ignored("sspn"), .ignored("panorama"), .ignored("si"), .ignored("from"),
        .ignored("utm_source"), .ignored("utm_medium"), .ignored("source"),
    ])
    static let countryDomains: Set<String> = ["ru", "com", "by", "kz", "ua", "uz", "com.tr", "az", "com.am", "com.ge", "co.il", "ee", "lt", "lv", "md", "tj", "tm", "fr"]
    static let navigatorFormatName = "Yandex Navigator link"

    /// The route of the raw query `raw` (`rtext`, `rtt`), read from the link's bytes.
    static func parseQuery(_ raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try LinkInput.Query(raw, plusAsSpace: true)
        let keys = schema.slots(query)
        guard let rtext = try keys.single("rtext") else {
            let hint = schema.hint(in: query, for: "rtext")
            if let hint {
                throw DirectionsURLError(code: .missingDestination, message: "this \(formatName) has no 'rtext'; \(hint)", parameter: "rtext")
            }
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this \(formatName) shows a map (ll, pt and z are the viewport, longitude first), not a route; routes use rtext=<lat>,<lon>~<lat>,<lon>",
                parameter: "rtext")
        }
        // The points between raw `~`s: by byte for ASCII text; by `Character` otherwise.
        let value = rtext.rawValue
        if value.isASCII {
            return try route(
                value.pieces(separatedBy: UInt8(ascii: "~")), twoOrMore: value.contains(UInt8(ascii: "~")), query, keys, context.parser)
        }
        let pieces = value.splitPieces(separatedBy: UInt8(ascii: "~"))
        return try route(pieces, twoOrMore: pieces.count >= 2, query, keys, context.parser)
    }

    /// The request of the raw `rtext` points `pieces` (whether there are two or more) and `rtt`.
    private static func route(
        _ pieces: some Sequence<LinkInput>, twoOrMore: Bool, _ query: LinkInput.Query, _ keys: ParameterSchema.Slots,
        _ parser: DirectionsURLParser
    ) throws(DirectionsURLError) -> DirectionsRequest {
        guard twoOrMore else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "'rtext' has one point and no '~'; write rtext=<from>~<to>, or rtext=~<lat>,<lon> to start at the current location",
                parameter: "rtext")
        }
        return try RoutePoints.request(pieces) { (piece, role) throws(DirectionsURLError) -> Endpoint in
            // (Escapes were checked with the whole value; a piece cut at a raw `~` decodes alike.)
            try piece.withDecoded(plusAsSpace: true) { (text: LinkInput) throws(DirectionsURLError) -> Endpoint in
                if role == .source { return try parser.sourceEndpoint(text, parameter: "rtext") }
                if role == .destination && text.isBlank {
                    throw DirectionsURLError(
                        code: .missingDestination,
                        message: "the last point of 'rtext' is empty; give the destination after the last '~'",
                        parameter: "rtext")
                }
                return try parser.stopEndpoint(text, parameter: "rtext")
            }
        } mode: { () throws(DirectionsURLError) -> ModeWord? in
            guard let m = try keys.single("rtt"),
                let word = try m.modeWord(
                    name: "rtt", emptyIsUnset: true, notA: "is not a Yandex Maps route type; use auto, mt, pd or bc", modeWord)
            else { return nil }
            return modeVocabulary[word]
        }
    }

    /// The index in ``modeVocabulary`` of the word `value` spells ignoring case.
    private static func modeWord(_ value: LinkInput) -> Int? {
        // ASCII text (the usual): by length, then the bytes ignoring ASCII case.
        if value.count <= 4, value.isASCII {
            if value.count == 2 {
                if value.equalsIgnoringCase("mt") { return 1 }
                if value.equalsIgnoringCase("pd") { return 2 }
                if value.equalsIgnoringCase("bc") { return 3 }
                return nil
            }
            return value.equalsIgnoringCase("auto") ? 0 : nil
        }
        if value.lowercasedEquals("auto") { return 0 }
        if value.lowercasedEquals("mt") { return 1 }
        if value.lowercasedEquals("pd") { return 2 }
        if value.lowercasedEquals("bc") { return 3 }
        return nil
    }

    /// `yandexnavi://build_route_on_map?lat_to=&lon_to=…`.
    static func parseNavigator(_ link: LinkInput.Parts) throws(DirectionsURLError) -> DirectionsRequest {
        guard link.host == "build_route_on_map" || (!link.hasAuthority && link.bytes.path.equals("build_route_on_map")) else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Yandex Navigator link is not a route; routes are yandexnavi://build_route_on_map?lat_to=…&lon_to=…",
                parameter: "host")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        guard let to = try navigatorPoint(
            try query.single("lat_to", format: navigatorFormatName), try query.single("lon_to", format: navigatorFormatName), suffix: "to")
        else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this Yandex Navigator link has no destination; add lat_to=…&lon_to=…",
                parameter: "lat_to")
        }
        var waypoints: [Endpoint] = []
        if hasViaParameter(query) {
            var n = 0
            while n < 100 {
                let suffix = "via_\(n)"
                let lat = try single(query, "lat_" + suffix, format: navigatorFormatName)
                let lon = try single(query, "lon_" + suffix, format: navigatorFormatName)
                guard let via = try navigatorPoint(lat, lon, suffix: suffix) else { break }
                waypoints.append(.coordinate(via, label: nil))
                n += 1
            }
        }
        let from = try navigatorPoint(
            try query.single("lat_from", format: navigatorFormatName), try query.single("lon_from", format: navigatorFormatName),
            suffix: "from")
        return DirectionsRequest(
            source: from.map { .coordinate($0, label: nil) } ?? .currentLocation,
            destination: .coordinate(to, label: nil), waypoints: waypoints, mode: .car)
    }

    /// Whether a parameter's key may start with `lat_via_` or `lon_via_` (else no waypoints).
    private static func hasViaParameter(_ query: LinkInput.Query) -> Bool {
        for p in query.parameters {
            let name = p.rawName
            if name.hasPrefixIgnoringCase("lat_via_") || name.hasPrefixIgnoringCase("lon_via_") { return true }
            if !name.isASCII || name.contains(UInt8(ascii: "%")) || name.contains(UInt8(ascii: "+")) {
                let key = query.key(of: p)
                if key.hasPrefix("lat_via_") || key.hasPrefix("lon_via_") { return true }
            }
        }
        return false
    }

    /// The only parameter called `key` (lowercase), or nil; `duplicate-parameter` when repeated.
    private static func single(_ query: LinkInput.Query, _ key: String, format: String) throws(DirectionsURLError) -> LinkInput.Query.Parameter? {
        guard let i = query.firstIndex(of: key) else { return nil }
        var count = 0
        for p in query.parameters where query.isKey(p, key) { count &+= 1 }
        if count > 1 { throw query.duplicate(key, count: count, format: format) }
        return query.parameters[i]
    }

    /// The point of `lat_<suffix>` and `lon_<suffix>`, or nil when both are absent or blank.
    private static func navigatorPoint(
        _ latP: LinkInput.Query.Parameter?, _ lonP: LinkInput.Query.Parameter?, suffix: String
    ) throws(DirectionsURLError) -> Coordinate? {
        try withValue(latP) { (lat: LinkInput) throws(DirectionsURLError) -> Coordinate? in
            try withValue(lonP) { (lon: LinkInput) throws(DirectionsURLError) -> Coordinate? in
                try navigatorPoint(lat.trimmed, lon.trimmed, suffix: suffix)
            }
        }
    }

    /// The point of the trimmed decoded `lat` and `lon`.
    private static func navigatorPoint(_ lat: LinkInput, _ lon: LinkInput, suffix: String) throws(DirectionsURLError) -> Coordinate? {
        if lat.isEmpty && lon.isEmpty { return nil }
        // (A ',' byte is a comma, in non-ASCII text too.)
        guard !lat.isEmpty, !lon.isEmpty, !lat.contains(UInt8(ascii: ",")), !lon.contains(UInt8(ascii: ",")) else {
            throw navigatorMalformed(latEmpty: lat.isEmpty, lonEmpty: lon.isEmpty, suffix: suffix)
        }
        if let la = lat.decimal, let lo = lon.decimal, let c = try? Coordinate.validated(latitude: la, longitude: lo) { return c }
        return try CoordinateText.parsePair(Substring(lat.string + "," + lon.string), parameter: "lat_" + suffix)
    }

    private static func navigatorMalformed(latEmpty: Bool, lonEmpty: Bool, suffix: String) -> DirectionsURLError {
        let missing = latEmpty ? "lat_" + suffix : "lon_" + suffix
        return DirectionsURLError(
            code: .malformedNumber,
            message: "give both lat_\(suffix) and lon_\(suffix) as decimal degrees ('.' as the decimal separator)",
            parameter: latEmpty || lonEmpty ? missing : "lat_" + suffix)
    }

    /// `/maps`, `/maps/`, `/maps/<digits>/<slug>[/]`.
    /// By byte, in non-ASCII text too, without building the parts.
    static func isMapsPath(_ span: LinkInput) -> Bool {
        let n = span.count
        // parts[0] is empty: the path starts with '/'.
        guard n >= 1, span[0] == UInt8(ascii: "/") else { return false }
        // parts[1] is "maps", any case.
        var j = 1
        while j < n && span[j] != UInt8(ascii: "/") { j &+= 1 }
        guard j == 5, span.slice(1, 5).equalsIgnoringCase("maps" as StaticString) else { return false }
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

extension YandexMapsLink: DirectionsLinkFormat {
    static var schemes: [String] { ["yandexmaps", "yandexnavi"] }

    static func handles(host: String) -> Bool {
        // Every handled host starts with "www.", "maps." or "yandex.".
        guard let f = host.utf8.first, f == UInt8(ascii: "w") || f == UInt8(ascii: "m") || f == UInt8(ascii: "y") else { return false }
        let ascii: Bool? = LinkInput.withBytes(of: host) { h in
            return h.isASCII ? handlesASCII(host: h) : nil
        }
        if let ascii { return ascii }
        var h = Substring(host)
        if h.hasPrefix("www.") { h = h.dropFirst(4) } else if h.hasPrefix("maps.") { h = h.dropFirst(5) }
        guard h.hasPrefix("yandex.") else { return false }
        return countryDomains.contains(String(h.dropFirst(7)))
    }

    /// ``handles(host:)`` for an ASCII host, by byte, without building a String or hashing.
    private static func handlesASCII(host: LinkInput) -> Bool {
        var h = host
        if h.hasPrefix("www.") { h = h.dropFirst(4) } else if h.hasPrefix("maps.") { h = h.dropFirst(5) }
        guard h.hasPrefix("yandex.") else { return false }
        let d = h.dropFirst(7)
        return d.equals("ru") || d.equals("com") || d.equals("by") || d.equals("kz") || d.equals("ua") || d.equals("uz")
            || d.equals("com.tr") || d.equals("az") || d.equals("com.am") || d.equals("com.ge") || d.equals("co.il")
            || d.equals("ee") || d.equals("lt") || d.equals("lv") || d.equals("md") || d.equals("tj") || d.equals("tm")
            || d.equals("fr")
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "yandexnavi" {
            return try parseNavigator(link)
        }
        let path = link.bytes.path
        if link.scheme == "yandexmaps" {
            guard path.isEmpty || path.equals("/") else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'yandexmaps:' route links are yandexmaps://maps.yandex.ru/?rtext=…; '\(DirectionsURLParser.shorten(path.string))' is another action",
                    parameter: "path")
            }
            return try parseQuery(link.bytes.query, &context)
        }
        guard isMapsPath(path) || (LinkInput.hasPrefix(link.host, "maps.") && (path.isEmpty || path.equals("/"))) else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'\(DirectionsURLParser.shorten(path.string))' is not Yandex Maps; route links are https://yandex.ru/maps/?rtext=…",
                parameter: "path")
        }
        return try parseQuery(link.bytes.query, &context)
    }
}


/// Calls `body` with `p`'s decoded value, or with no bytes when `p` is nil.
fileprivate func withValue<R>(
    _ p: LinkInput.Query.Parameter?, _ body: (LinkInput) throws(DirectionsURLError) -> R
) throws(DirectionsURLError) -> R {
    guard let p else { return try body(.empty) }
    return try p.withValue(body)
}


extension YandexMapsLink {
    static var format: LinkFormat { .yandex }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("rtt", "auto", mode: .car),
        ModeWord("rtt", "mt", mode: nil, transportType: .transit),
        ModeWord("rtt", "pd", mode: .pedestrian),
        ModeWord("rtt", "bc", mode: .bike),
    ]

    /// `https://yandex.ru/maps/?rtext=<lat>%2C<lon>~…&rtt=<word>`: points percent-encoded (`,` as
    /// `%2C`, `~` as `%7E`), an empty first point for the current location.
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
