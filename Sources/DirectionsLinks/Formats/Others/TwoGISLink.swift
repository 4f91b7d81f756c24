// SPDX-License-Identifier: Apache-2.0
/// 2GIS route links. 2GIS publishes no link reference; these forms are the ones public code writes
/// and parses (`https://2gis.ru/spb/directions/tab/bus/points/%7C30.2115%2C59.9419%3B5348660212664017`,
/// `dgis://2gis.ru/routeSearch/rsType/car/to/37.6488,55.7601`):
///
/// - `https://2gis.<tld>/[<city>/]directions/[tab/<type>/]points/<points>` (also under `dgis://2gis.ru/…`):
///   `<points>` is one segment, **decoded first, then split** on `|` into points, each on `;` (a 2GIS
///   object id follows, kept nowhere) and `,`. First point the start, last the destination, any
///   between waypoints. An empty first point (`points/|37.62,55.75`) is the current location.
/// - `[dgis://2gis.ru|https://2gis.<tld>]/routeSearch/rsType/<type>/[from/<point>/]to/<point>`: the
///   app form; no `from` → current location.
/// - Coordinates are **longitude,latitude**; out of range is an error, never swapped or wrapped. `+` is literal.
/// - Types (`tab`, `rsType`): ``modeVocabulary`` (`scooter`: kick scooter), any case; others → `unknown-mode`.
///   In a route the query (`m=<lon>,<lat>/<zoom>`, the viewport) is ignored. Repairs: none.
///
/// Places and map views (as GeoShare reads them, `UrbiUriInput.kt`, github.com/jakubvalenta/geoshare):
/// - `https://2gis.<tld>/<city>/geo/<id>/<lon>,<lat>` and `…/geo/<lon>%2C<lat>`: a place (the first
///   `<lon>,<lat>` segment after `geo`, decoded); `/geo/<id>` alone → `unresolvable-offline`.
/// - `/center/<lon>,<lat>/zoom/<z>` (the older path form; Organic Maps' geo parser reads it), else `?m=<lon>,<lat>/<zoom>`,
///   with no place and no route: a map view (approximate, `viewport-as-destination`);
///   not beside a search (`/search/…`) or an organisation (`/firm/<id>`): `not-a-directions-link`.
/// - `https://share.api.2gis.ru/getimage?center=<lon>,<lat>&zoom=&title=`: the static image 2GIS makes of a
///   shared place. Nothing in the link says a marker sits at `center`, so it is read as a **map view** (approximate,
///   with the warning), labelled with `title`.
/// - Sister hosts (``hosts``): Urbi, `maps.urbi.ae` and the `urbi`/`urbi-<cc>` domains, read as 2GIS;
///   the app scheme takes the same paths: `dgis://2gis.ru/geo/<lon>,<lat>` is what public code writes for a pin
///   (Flutter `map_launcher`, Capacitor launchers), `dgis://2gis.ru/routeSearch/to/<lon>,<lat>/go` for a route.
enum TwoGISLink {
    static let formatName = "2GIS route link"

    /// The word of ``modeVocabulary`` that `text` spells ignoring case.
    private static func modeWord(_ text: LinkInput) throws(DirectionsURLError) -> ModeWord {
        if let i = modeVocabulary.index(ofWord: text) { return modeVocabulary[i] }
        throw DirectionsURLError(.unknownMode, "tab", "'\(text.shown)' is not a 2GIS route type; use car, bus, pedestrian, taxi, bicycle or scooter")
    }

    /// `<lon>,<lat>` → coordinate: two decimals, each trimmed, around one comma.
    static func lonLat(_ text: LinkInput, parameter: String) throws(DirectionsURLError) -> Coordinate {
        guard let (lonText, latText) = text.split(at: UInt8(ascii: ",")), !latText.contains(UInt8(ascii: ",")),
              let lon = lonText.trimmed.decimal, let lat = latText.trimmed.decimal
        else {
            throw DirectionsURLError(.malformedNumber, parameter,
                "'\(text.shown)' in '\(parameter)' is not a <longitude>,<latitude> pair (2GIS writes longitude first, '.' as the decimal separator)")
        }
        do {
            return try Coordinate.validated(latitude: lat, longitude: lon)
        } catch .latitudeOutOfRange {
            throw DirectionsURLError(
                .latitudeOutOfRange, parameter, "latitude \(latText.trimmed) in '\(parameter)' is outside -90...90 degrees; 2GIS writes <longitude>,<latitude>")
        } catch {
            throw DirectionsURLError(
                .longitudeOutOfRange, parameter, "longitude \(lonText.trimmed) in '\(parameter)' is outside -180...180 degrees and is not wrapped")
        }
    }
}

extension TwoGISLink: DirectionsLinkFormat {
    static var schemes: [String] { ["dgis"] }
    /// Urbi, 2GIS's name in the Gulf states (GeoShare `UrbiUriInput.kt`), and the static-image service of shared places.
    static var hosts: [String] {
        ["maps.urbi.ae", "urbi.bh", "urbi.qa", "urbi-bh.com", "urbi-eg.com", "urbi-kw.com", "urbi-om.com", "urbi-qa.com", "urbi-sa.com",
         "share.api.2gis.ru"]
    }

    /// The place and map-view forms, or nil for a route (`routeSearch`, `directions`) or another path: a
    /// `/geo/` path's `<lon>,<lat>` segment (a place; a `/geo/<id>` without one → `unresolvable-offline`),
    /// `share.api.2gis.ru/getimage?center=<lon>,<lat>&title=` (a map view: the image's centre, labelled by `title`),
    /// else the query's `m=<lon>,<lat>/<zoom>` (a map view).
    private static func place(_ link: LinkInput.Parts, _ parts: [LinkInput], _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest? {
        if parts.contains(where: { $0.equalsIgnoringCase("routesearch") || $0.equalsIgnoringCase("directions") }) { return nil }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        if link.host == "share.api.2gis.ru" {
            guard let center = try query.single("center", format: formatName) else {
                throw DirectionsURLError(.notADirectionsLink, "center", "this share.api.2gis.ru link has no center=<lon>,<lat>")
            }
            let c = try center.withValue { (v: LinkInput) throws(DirectionsURLError) in try lonLat(v.trimmed, parameter: "center") }
            let view = try context.mapViewDestination(c, view: "center=" + DirectionsURLParser.shorten(center.value), parameter: "center")
            let title = try query.single("title", format: formatName)?.withValue { $0.trimmed.isEmpty ? nil : $0.trimmed.string }
            return DirectionsRequest(destination: .coordinate(c, label: title, precision: view.precision ?? .approximate))
        }
        if let g = parts.firstIndex(where: { $0.equalsIgnoringCase("geo") }) {
            for segment in parts[(g + 1)...] {
                let found = try segment.withCheckedDecoded("path") { (text: LinkInput) throws(DirectionsURLError) -> Coordinate? in
                    if !text.contains(UInt8(ascii: ",")) { return nil }
                    return try lonLat(text, parameter: "path")
                }
                if let found { return DirectionsRequest(destination: .coordinate(found, label: nil)) }
            }
            throw DirectionsURLError(.unresolvableOffline, "path",
                "this 2GIS place link names the place by its 2GIS id only; only 2GIS's servers can resolve it (a link with /geo/<id>/<lon>,<lat> can be read)")
        }
        // A search or an organisation page: the view does not locate what it names (the not-a-route error follows).
        if parts.contains(where: { $0.equalsIgnoringCase("search") || $0.equalsIgnoringCase("firm") }) { return nil }
        // `/center/<lon>,<lat>/zoom/<z>`: the older path form of the view (Organic Maps' geo parser reads it).
        if let i = parts.firstIndex(where: { $0.equalsIgnoringCase("center") }), i + 1 < parts.count {
            let c = try parts[i + 1].withCheckedDecoded("center") { (v: LinkInput) throws(DirectionsURLError) in try lonLat(v, parameter: "center") }
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "center/" + parts[i + 1].shown, parameter: "center"))
        }
        if let m = try query.single("m", format: formatName) {
            let c = try m.withValue { (v: LinkInput) throws(DirectionsURLError) -> Coordinate in
                let end = v.firstOffset(of: UInt8(ascii: "/")) ?? v.count
                return try lonLat(v.prefix(end), parameter: "m")
            }
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "m=" + DirectionsURLParser.shorten(m.value), parameter: "m"))
        }
        return nil
    }

    /// `[www.]2gis.<letters and dots>`; a non-ASCII host is never one.
    static var hostPatterns: [String] { ["[www.]2gis.<tld>"] }
    static func handles(host: String) -> Bool {
        guard let f = host.utf8.first, f == UInt8(ascii: "w") || f == UInt8(ascii: "2") else { return false }
        return LinkInput.withBytes(of: host) { host in
            let h = host.hasPrefix("www.") ? host.dropFirst(4) : host
            return h.hasPrefix("2gis.") && h.count > 5 && h.dropFirst(5).allSatisfy { ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 == UInt8(ascii: ".") }
        }
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "dgis", !handles(host: link.host) {
            throw DirectionsURLError(.notADirectionsLink, "host", "'dgis:' route links are dgis://2gis.ru/routeSearch/… or dgis://2gis.ru/directions/…")
        }
        let parts = link.bytes.path.splitPieces(separatedBy: UInt8(ascii: "/"), omittingEmpty: true)
        if let place = try place(link, parts, &context) { return place }
        if let r = parts.firstIndex(where: { $0.equalsIgnoringCase("routesearch") }) {
            var (word, from, to): (ModeWord?, Endpoint, Coordinate?) = (nil, .currentLocation, nil)
            for i in stride(from: r + 1, to: parts.endIndex - 1, by: 2) {
                let (key, value) = (parts[i], parts[i + 1])
                try value.withCheckedDecoded(key.string.lowercased()) { (value: LinkInput) throws(DirectionsURLError) in
                    if key.equalsIgnoringCase("rstype") {
                        word = try modeWord(value)
                    } else if key.equalsIgnoringCase("from") {
                        from = .coordinate(try lonLat(value, parameter: "from"), label: nil)
                    } else if key.equalsIgnoringCase("to") {
                        to = try lonLat(value, parameter: "to")
                    }
                }
            }
            guard let to else { throw DirectionsURLError(.missingDestination, "to", "this 2GIS routeSearch link has no 'to'; add /to/<lon>,<lat>") }
            return DirectionsRequest(source: from, destination: .coordinate(to, label: nil), mode: word?.mode, transportType: word?.transportType)
        }
        // What follows the first `directions`, which must be the first or second segment.
        guard let d = parts.firstIndex(where: { $0.equalsIgnoringCase("directions") }), d <= 1 else {
            throw DirectionsURLError(
                .notADirectionsLink, "path", "this 2GIS link is not a route; routes are https://2gis.ru/directions/points/<lon>,<lat>|<lon>,<lat>")
        }
        var rest = parts[(d + 1)...]
        var word: ModeWord? = nil
        if rest.count >= 2, rest[rest.startIndex].equalsIgnoringCase("tab") {
            word = try modeWord(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
        }
        guard rest.count >= 2, rest[rest.startIndex].equalsIgnoringCase("points") else {
            throw DirectionsURLError(
                .missingDestination, "points", "this 2GIS directions link has no points; write …/directions/points/<lon>,<lat>|<lon>,<lat>")
        }
        let points = rest[rest.startIndex + 1]
        return try points.withCheckedDecoded("points") { (decoded: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
            guard decoded.contains(UInt8(ascii: "|")) else {
                throw DirectionsURLError(
                    .missingDestination, "points", "'points' has one point; write <from>|<to>, or |<lon>,<lat> to start at the current location")
            }
            return try RoutePoints.request(decoded.pieces(separatedBy: UInt8(ascii: "|"))) { (piece, role) throws(DirectionsURLError) -> Endpoint in
                let text = piece.firstOffset(of: UInt8(ascii: ";")).map { piece.prefix($0) } ?? piece
                if text.isBlank && role == .source { return .currentLocation }
                guard !text.isBlank else {
                    throw DirectionsURLError(role == .destination ? .missingDestination : .invalidParameter, "points",
                        "a point of 'points' is empty; give <lon>,<lat> for every point after the first")
                }
                return .coordinate(try lonLat(text, parameter: "points"), label: nil)
            } mode: { () throws(DirectionsURLError) -> ModeWord? in word }
        }
    }

    static var format: LinkFormat { .twoGIS }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/CITY/directions/[tab/TYPE/]points/LON,LAT|LON,LAT`",
                "https://2gis.ru/moscow/directions/tab/car/points/37.6208%2C55.7539%7C37.6176%2C55.7558"),
            LinkForm(.route, "`/routeSearch/rsType/TYPE/[from/LON,LAT/]to/LON,LAT`", "dgis://2gis.ru/routeSearch/rsType/car/to/37.6176,55.7558"),
            LinkForm(.place, "`/CITY/geo/ID/LON,LAT`", "https://2gis.kz/almaty/geo/9430047375013218/76.9458,43.2380"),
            LinkForm(.place, "`dgis://2gis.ru/geo/LON,LAT`", "dgis://2gis.ru/geo/37.6176,55.7558"),
            LinkForm(.place, "`maps.urbi.ae/CITY/geo/LON%2CLAT`", "https://maps.urbi.ae/dubai/geo/55.2744%2C25.1972?m=55.2744%2C25.1972%2F17"),
            LinkForm(.mapView, "`/CITY?m=LON,LAT/ZOOM`", "https://2gis.ru/moscow?m=37.6208%2C55.7539%2F16"),
            LinkForm(.mapView, "`/CITY/center/LON,LAT/zoom/Z`", "https://2gis.ru/moscow/center/37.6208,55.7539/zoom/16"),
            LinkForm(.mapView, "`share.api.2gis.ru/getimage?center=LON,LAT&zoom=…&title=…`",
                "https://share.api.2gis.ru/getimage?city=moscow&zoom=17&center=37.6176%2C55.7558&title=Red%20Square"),
        ]
    }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("tab", "car", mode: .car), ModeWord("tab", "bus", mode: nil, transportType: .transit),
        ModeWord("tab", "pedestrian", mode: .pedestrian), ModeWord("tab", "taxi", mode: .taxi),
        ModeWord("tab", "bicycle", mode: .bike), ModeWord("tab", "scooter", mode: .other),
    ]

    /// `https://2gis.ru/directions/[tab/<type>/]points/<lon>%2C<lat>%7C…%7C<lon>%2C<lat>`; the current location as an empty first point.
    /// - Throws: `cannot-express` for an address source or destination, or a current-location destination (address waypoints are left out).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, _ field: String) throws(LinkBuildError) -> String? {
            switch e {
            case .currentLocation:
                if field == "source" { return "" }
                throw LinkBuildError(code: .cannotExpress, message: "2GIS writes the current location only as an empty first point", field: field)
            case .coordinate(let c, let label, let id, _):
                if label != nil { omitted.append("\(field) label: 2GIS points carry no label") }
                if id != nil { omitted.append("\(field) place id: 2GIS links carry none") }
                return LinkWriting.lonLat(c)
            case .address:
                if field == "source" || field == "destination" {
                    throw LinkBuildError(code: .cannotExpress, message: "2GIS route points are coordinates, not addresses", field: field)
                }
                omitted.append("\(field): an address, which 2GIS route points cannot carry")
                return nil
            }
        }
        let points = try request.points(text)
        let tab = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "2GIS", omitted: &omitted).map { "tab/" + $0.value + "/" } ?? ""
        let url = "https://2gis.ru/directions/" + tab + "points/" + LinkWriting.encode(points.joined(separator: "|"))
        omitted += OmittedFields.uncarried(
            request, navigate: "2GIS web links cannot start guidance", avoid: "2GIS links carry no road options", dates: "2GIS links")
        return BuiltLink(url: url, format: .twoGIS, omitted: omitted)
    }
}
