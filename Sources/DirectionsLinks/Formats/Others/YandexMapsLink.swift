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
/// - `ll`, `pt`, `spn`, `z`, `l` (viewport, placemarks, **longitude first**) are never route endpoints (B33).
/// - Without `rtext` (Yandex, "Launch web version of Yandex Maps": "Open map" `ll`, "Add placemark" `pt`,
///   "What's here?"; and as GeoShare reads them, `YandexMapsUriInput.kt`, github.com/jakubvalenta/geoshare): `whatshere[point]=<lon>,<lat>` (the "what's here" pin) is a place; else
///   `pt=<lon>,<lat>[,<style>]` with one marker is a place (several `~`-separated markers: `invalid-parameter`);
///   else `ll=<lon>,<lat>` alone is a map view (approximate, `viewport-as-destination`); with a search `text=`
///   → `not-a-directions-link` (the view does not locate the results). A place page
///   `/maps/org/<name>/<id>/` or `/maps/…/geo/…` without these → `unresolvable-offline`; else `not-a-directions-link`.
///   Unknown parameters are ignored.
/// - Yandex Navigator (Yandex, "Launch Yandex Navigator", https://yandex.com/dev/yandex-apps-launch/navigator/):
///   `yandexnavi://build_route_on_map?lat_from=&lon_from=&lat_to=&lon_to=&lat_via_0=&lon_via_0=…`:
///   no `from` → the current location; waypoints in N order; mode Car. Read only.
///   `yandexnavi://show_point_on_map?lat=&lon=&zoom=&no-balloon=&desc=` (Yandex, "URL format",
///   https://yandex.ru/dev/navigator/doc/ru/concepts/navigator-url-params) is a place, labelled by `desc`.
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
        .ignored("whatshere[point]", "the 'what's here' pin, longitude first: a place"), .ignored("whatshere[zoom]"),
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

    /// A place or map view without `rtext`, or nil: `whatshere[point]=<lon>,<lat>` (the "what's here" pin),
    /// else `pt=<lon>,<lat>[,<style>]` (one marker; several, `~`-separated, name no single place: an error),
    /// else `ll=<lon>,<lat>` (the map's centre: an approximate destination with `viewport-as-destination`).
    /// A search (`text=`) or a place page (`poi`) with only `ll` names something the view does not locate: nil (an error follows).
    private static func place(_ query: LinkInput.Query, poi: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest? {
        if let p = try query.single("whatshere[point]", format: formatName) {
            let c = try p.withValue { (v: LinkInput) throws(DirectionsURLError) in try PlaceLinkReading.leadingPair(v, lonFirst: true, parameter: "whatshere[point]") }
            return DirectionsRequest(destination: .coordinate(c, label: nil))
        }
        if let p = try query.single("pt", format: formatName) {
            let c = try p.withValue { (v: LinkInput) throws(DirectionsURLError) -> Coordinate in
                if v.contains(UInt8(ascii: "~")) {
                    throw DirectionsURLError(.invalidParameter, "pt", "'pt' marks several places ('~'), so the link names no single destination; "
                        + "keep one <longitude>,<latitude> marker")
                }
                return try PlaceLinkReading.leadingPair(v, lonFirst: true, parameter: "pt")
            }
            return DirectionsRequest(destination: .coordinate(c, label: nil))
        }
        if poi { return nil }
        if let text = query.first("text"), !text.rawValue.isBlank {
            throw DirectionsURLError(.notADirectionsLink, "text", "this Yandex Maps link searches for text, which names no single place "
                + "(ll is only the view); share the place (pt, whatshere) or a route (rtext)")
        }
        if let p = try query.single("ll", format: formatName) {
            let c = try p.withValue { (v: LinkInput) throws(DirectionsURLError) in try PlaceLinkReading.leadingPair(v, lonFirst: true, parameter: "ll") }
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "ll=" + DirectionsURLParser.shorten(p.value), parameter: "ll"))
        }
        return nil
    }

    /// `/maps/…/org/…` or `/maps/…/geo/…`: a Yandex organisation or place page (by id; no coordinates of its own).
    static func isPlacePagePath(_ path: LinkInput) -> Bool {
        let parts = path.splitPieces(separatedBy: UInt8(ascii: "/"), omittingEmpty: true)
        guard parts.count >= 2, parts[0].equalsIgnoringCase("maps") else { return false }
        return parts.dropFirst().contains { $0.equals("org") || $0.equals("geo") }
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
        if link.scheme == "yandexnavi", link.host == "show_point_on_map" || (!link.hasAuthority && link.bytes.path.equals("show_point_on_map")) {
            // A point shown on the map (a pin): the place, labelled by `desc`.
            let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
            guard let lat = try single(query, "lat"), let lon = try single(query, "lon") else {
                throw DirectionsURLError(.missingDestination, "lat", "this Yandex Navigator point has no lat and lon; write show_point_on_map?lat=…&lon=…")
            }
            let label = try single(query, "desc")?.withValue { $0.trimmed.isEmpty ? nil : $0.trimmed.string }
            return DirectionsRequest(destination: .coordinate(try OsmAndLink.coordinate(lat, lon, prefix: ""), label: label))
        }
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
        let poi = isPlacePagePath(path)
        guard link.scheme == "yandexmaps" || poi || isMapsPath(path) || (LinkInput.hasPrefix(link.host, "maps.") && root) else {
            throw DirectionsURLError(.notADirectionsLink, "path", "'\(path.shown)' is not Yandex Maps; route links are https://yandex.ru/maps/?rtext=…")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        guard let rtext = try keys.single("rtext") else {
            if schema.hint(in: query, for: "rtext") != nil { throw schema.missing("'rtext'", "rtext", in: query, add: "") }
            if let place = try place(query, poi: poi, &context) { return place }
            if poi {
                throw DirectionsURLError(.unresolvableOffline, "path", "'\(path.shown)' is a Yandex place page, which names the place by its "
                    + "Yandex id and carries no coordinates; only Yandex's servers can resolve it")
            }
            throw DirectionsURLError(.notADirectionsLink, "rtext",
                "this \(formatName) has no route (rtext), place (whatshere[point], pt) or map view (ll); routes use rtext=<lat>,<lon>~<lat>,<lon>")
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
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/maps/?rtext=LAT,LON~LAT,LON&rtt=…`", "https://yandex.ru/maps/?rtext=55.7539%2C37.6208~55.7520%2C37.6175&rtt=pd"),
            LinkForm(.route, "`/maps/?rtext=~LAT,LON` (from the current location)", "https://yandex.com/maps/?rtext=~55.7520%2C37.6175&rtt=auto"),
            LinkForm(.route, "`yandexnavi://build_route_on_map?lat_to=…&lon_to=…`", "yandexnavi://build_route_on_map?lat_to=55.7520&lon_to=37.6175"),
            LinkForm(.place, "`yandexnavi://show_point_on_map?lat=…&lon=…&desc=…`",
                "yandexnavi://show_point_on_map?lat=55.7520&lon=37.6175&zoom=16&no-balloon=0&desc=Red%20Square"),
            LinkForm(.place, "`/maps/?whatshere[point]=LON,LAT`",
                "https://yandex.ru/maps/213/moscow/?ll=37.6208%2C55.7539&mode=whatshere&whatshere%5Bpoint%5D=37.6175%2C55.7520&whatshere%5Bzoom%5D=17&z=17"),
            LinkForm(.place, "`/maps/?pt=LON,LAT[,STYLE]` (one marker)", "https://yandex.ru/maps/?pt=37.6175,55.7520,pm2rdm&z=16&l=map"),
            LinkForm(.mapView, "`/maps/?ll=LON,LAT&z=…`", "https://yandex.kz/maps/?ll=76.9458%2C43.2380&z=12"),
        ]
    }
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
