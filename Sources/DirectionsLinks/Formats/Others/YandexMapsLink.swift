// SPDX-License-Identifier: Apache-2.0
/// Yandex Maps route links (Yandex, "Launch web version of Yandex Maps",
/// https://yandex.com/dev/yandex-apps-launch-maps/doc/en/concepts/yandexmaps-web):
/// `https://yandex.ru/maps/?rtext=<lat>,<lon>~<lat>,<lon>[~…]&rtt=auto|mt|pd|bc` on `[www.|maps.]yandex.<country>`
/// (``countryDomains``), path `/maps/` or `/maps/<region-id>/<city>/`; the app's `yandexmaps://maps.yandex.ru/?rtext=…&rtt=…`.
///
/// - `rtext`: route points separated by `~` (first = start, last = destination), each `latitude,longitude`
///   (**latitude first** here) or address text. Split on raw `~`, then each point decoded once (`+` a space).
/// - Current location: an empty first point (`rtext=~55.75,37.62`) or a current-location literal. An
///   empty last point, or a single point → `missing-destination`.
/// - `rtt`: ``modeVocabulary`` (`bc` web only), any case; others → `unknown-mode`.
/// - `ll`, `pt`, `spn`, `z`, `l` (viewport, placemarks, **longitude first**) are never endpoints (B33);
///   with no `rtext` → `not-a-directions-link`. Unknown parameters are ignored.
/// - Yandex Navigator (Yandex, "Launch Yandex Navigator", https://yandex.com/dev/yandex-apps-launch/navigator/):
///   `yandexnavi://build_route_on_map?lat_from=&lon_from=&lat_to=&lon_to=&lat_via_0=&lon_via_0=…`:
///   no `from` → the current location; waypoints in N order; mode Car. Read only.
/// - Repairs: none; no typo guesses (names are short), but a near miss of a missing `rtext` (`rtxt`)
///   is named in the `missing-destination` error.
enum YandexMapsLink {
    static let formatName = "Yandex Maps link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("rtext", aliases: ["route", "rtxt", "r_text", "rtex", "daddr", "destination", "to", "dest"],
                "route points, '~'-separated: start, waypoints, destination"),
        .single("rtt", "the route type, which fixes the mode"),
        .ignored("ll", "the viewport's centre, longitude first"), .ignored("pt", "placemarks, longitude first"), .ignored("z", "a zoom"),
        .ignored("spn", "the viewport's span"), .ignored("l", "map layers"), .ignored("text"), .ignored("mode"), .ignored("whatshere"),
        .ignored("ol"), .ignored("oid"), .ignored("ruri"), .ignored("sll"), .ignored("sspn"), .ignored("panorama"), .ignored("si"), .ignored("from"),
        .ignored("utm_source"), .ignored("utm_medium"), .ignored("source"),
    ])
    static let countryDomains: Set<String> = ["ru", "com", "by", "kz", "ua", "uz", "com.tr", "az", "com.am", "com.ge", "co.il", "ee", "lt", "lv", "md", "tj", "tm", "fr"]

    /// The point of `lat_<suffix>` and `lon_<suffix>` (decoded, trimmed), or nil when both are absent or blank.
    /// - Throws: `duplicate-parameter` when one is repeated; `malformed-number` when one is missing.
    private static func navigatorPoint(_ query: LinkInput.Query, _ suffix: String) throws(DirectionsURLError) -> Endpoint? {
        let (latP, lonP) = (try single(query, "lat_" + suffix), try single(query, "lon_" + suffix))
        return try latP.withValue { (lat: LinkInput) throws(DirectionsURLError) -> Endpoint? in
            try lonP.withValue { (lon: LinkInput) throws(DirectionsURLError) -> Endpoint? in
                let (lat, lon) = (lat.trimmed, lon.trimmed)
                if lat.isEmpty && lon.isEmpty { return nil }
                guard !lat.isEmpty, !lon.isEmpty, !lat.contains(UInt8(ascii: ",")), !lon.contains(UInt8(ascii: ",")) else {
                    throw DirectionsURLError(.malformedNumber, lon.isEmpty && !lat.isEmpty ? "lon_" + suffix : "lat_" + suffix,
                        "give both lat_\(suffix) and lon_\(suffix) as decimal degrees ('.' as the decimal separator)")
                }
                return .coordinate(try (lat.string + "," + lon.string).coordinatePair(parameter: "lat_" + suffix), label: nil)
            }
        }
    }

    /// The only parameter called `key` (lowercase), or nil; `duplicate-parameter` when repeated.
    private static func single(_ query: LinkInput.Query, _ key: String) throws(DirectionsURLError) -> LinkInput.Query.Parameter? {
        let all = query.parameters.filter { query.isKey($0, key) }
        if all.count > 1 { throw query.duplicate(key, count: all.count, format: "Yandex Navigator link") }
        return all.first
    }

    /// `/maps`, `/maps/`, `/maps/<digits>/<slug>[/]` (`maps` in any case), by byte.
    static func isMapsPath(_ path: LinkInput) -> Bool {
        let parts = path.splitPieces(separatedBy: UInt8(ascii: "/"))
        guard parts.count >= 2, parts[0].isEmpty, parts[1].equalsIgnoringCase("maps") else { return false }
        let rest = parts.dropFirst(2).filter { !$0.isEmpty }
        if rest.isEmpty { return parts.count <= 3 }
        return rest.count == 2 && parts.count <= 5 && rest[0].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }
}

extension YandexMapsLink: DirectionsLinkFormat {
    static var schemes: [String] { ["yandexmaps", "yandexnavi"] }

    /// `[www.|maps.]yandex.<country>`: prefixes by byte (a non-ASCII byte after one fails the next), the country as a `String`.
    static var hostPatterns: [String] { ["[www.|maps.]yandex.<country>"] }
    static func handles(host: String) -> Bool {
        guard let f = host.utf8.first, f == UInt8(ascii: "w") || f == UInt8(ascii: "m") || f == UInt8(ascii: "y") else { return false }
        return LinkInput.withBytes(of: host) { host in
            let h = host.hasPrefix("www.") ? host.dropFirst(4) : host.hasPrefix("maps.") ? host.dropFirst(5) : host
            return h.hasPrefix("yandex.") && countryDomains.contains(h.dropFirst(7).string)
        }
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "yandexnavi" {
            guard link.host == "build_route_on_map" || (!link.hasAuthority && link.bytes.path.equals("build_route_on_map")) else {
                throw DirectionsURLError(.notADirectionsLink, "host",
                    "this Yandex Navigator link is not a route; routes are yandexnavi://build_route_on_map?lat_to=…&lon_to=…")
            }
            let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
            guard let to = try navigatorPoint(query, "to") else {
                throw DirectionsURLError(.missingDestination, "lat_to", "this Yandex Navigator link has no destination; add lat_to=…&lon_to=…")
            }
            var waypoints: [Endpoint] = []
            while waypoints.count < 100, let via = try navigatorPoint(query, "via_\(waypoints.count)") { waypoints.append(via) }
            return DirectionsRequest(source: try navigatorPoint(query, "from") ?? .currentLocation, destination: to, waypoints: waypoints, mode: .car)
        }
        let path = link.bytes.path
        let root = path.isEmpty || path.equals("/")
        if link.scheme == "yandexmaps", !root {
            throw DirectionsURLError(
                .notADirectionsLink, "path", "'yandexmaps:' route links are yandexmaps://maps.yandex.ru/?rtext=…; '\(path.shown)' is another action")
        }
        guard link.scheme == "yandexmaps" || isMapsPath(path) || (LinkInput.hasPrefix(link.host, "maps.") && root) else {
            throw DirectionsURLError(.notADirectionsLink, "path", "'\(path.shown)' is not Yandex Maps; route links are https://yandex.ru/maps/?rtext=…")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        guard let rtext = try keys.single("rtext") else {
            if schema.hint(in: query, for: "rtext") != nil { throw schema.missing("'rtext'", "rtext", in: query, add: "") }
            throw DirectionsURLError(.notADirectionsLink, "rtext",
                "this \(formatName) shows a map (ll, pt and z are the viewport, longitude first), not a route; routes use rtext=<lat>,<lon>~<lat>,<lon>")
        }
        let value = rtext.rawValue
        guard value.contains(UInt8(ascii: "~")) else {
            throw DirectionsURLError(.missingDestination, "rtext",
                "'rtext' has one point and no '~'; write rtext=<from>~<to>, or rtext=~<lat>,<lon> to start at the current location")
        }
        return try RoutePoints.request(value.pieces(separatedBy: UInt8(ascii: "~"))) { (piece, role) throws(DirectionsURLError) -> Endpoint in
            // (Escapes were checked with the whole value; a piece cut at a raw `~` decodes alike.)
            try piece.withDecoded(plusAsSpace: true) { (text: LinkInput) throws(DirectionsURLError) -> Endpoint in
                if role == .source { return try context.parser.stopEndpoint(text, parameter: "rtext", source: true) }
                if role == .destination && text.isBlank {
                    throw DirectionsURLError(.missingDestination, "rtext", "the last point of 'rtext' is empty; give the destination after the last '~'")
                }
                return try context.parser.stopEndpoint(text, parameter: "rtext")
            }
        } mode: { () throws(DirectionsURLError) -> ModeWord? in
            try modeVocabulary.word(of: keys.single("rtt"), name: "rtt", notA: "is not a Yandex Maps route type; use auto, mt, pd or bc")
        }
    }

    static var format: LinkFormat { .yandex }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("rtt", "auto", mode: .car), ModeWord("rtt", "mt", mode: nil, transportType: .transit),
        ModeWord("rtt", "pd", mode: .pedestrian), ModeWord("rtt", "bc", mode: .bike),
    ]

    /// `https://yandex.ru/maps/?rtext=<lat>%2C<lon>~…&rtt=<word>`: points percent-encoded (`~` as `%7E`); the current
    /// location as an empty first point.
    /// - Throws: `cannot-express` when the destination or a waypoint is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, _ field: String) throws(LinkBuildError) -> String? {
            if case .coordinate(_, _?, _, _) = e { omitted.append("\(field) label: Yandex route points carry no label") }
            if e.placeID != nil { omitted.append("\(field) place id: Yandex links carry none") }
            switch e {
            case .currentLocation:
                if field == "source" { return "" }
                throw LinkBuildError(code: .cannotExpress, message: "Yandex writes the current location only as an empty first point", field: field)
            case .coordinate(let c, _, _, _): return LinkWriting.encode(LinkWriting.pair(c))
            case .address(let t, _): return LinkWriting.encode(t).escaping("~", as: "%7E")
            }
        }
        var url = "https://yandex.ru/maps/?rtext=" + (try request.points(text)).joined(separator: "~")
        url += LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Yandex Maps", omitted: &omitted).map { "&rtt=" + $0.value } ?? ""
        omitted += OmittedFields.uncarried(
            request, navigate: "Yandex web links cannot start guidance", avoid: "Yandex links carry no road options", dates: "Yandex links")
        return BuiltLink(url: url, format: .yandex, omitted: omitted)
    }
}
