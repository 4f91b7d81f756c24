// SPDX-License-Identifier: Apache-2.0
/// Mapy.com (formerly Mapy.cz, Seznam) links, on ``hosts``. Sources: Mapy.cz, "URL Mapy.cz"
/// (https://developer.mapy.cz/dalsi-vyuziti-mapy-cz/url-mapy-cz/: `/fnc/v1/showmap`, `/fnc/v1/route`, coordinates
/// `lon,lat`), Mapy.cz REST "Routing API" (https://developer.mapy.cz/en/rest-api-mapy-cz/function/routing/: `start`,
/// `end`, `waypoints` up to 15, `routeType`), and GeoShare `MapyComUriInput.kt` (github.com/jakubvalenta/geoshare:
/// `?x=<lon>&y=<lat>&z=`, `?source=coor&id=<lon>,<lat>`).
///
/// - `/fnc/v1/route?start=<lon>,<lat>&end=<lon>,<lat>[&waypoints=<lon>,<lat>;…]&routeType=…`: a **route**; no
///   `start` → the current location; `routeType` ``modeVocabulary``, others → `unknown-mode`. **Longitude first.**
/// - `/fnc/v1/showmap?center=<lon>,<lat>&zoom=&marker=true`: with `marker=true` a **place**, else a **map view**.
/// - Any other page with `id=<lon>,<lat>` (`source=coor`, a pin on a coordinate): a **place**; another
///   `source` with an id (`source=firm&id=123`) → `unresolvable-offline`.
/// - `?x=<lon>&y=<lat>&z=`: a **map view** (approximate, `viewport-as-destination`; strict: the error).
/// - `/fnc/v1/search?query=` is a search for text → `not-a-directions-link`; so is a link with none of these, and a
///   planned route written as Mapy.com's point code `rc=…` (not read; its `x`, `y` are only the view).
/// - `/s/<code>` short links → `unresolvable-offline`.
enum MapyLink {
    static let formatName = "Mapy.com link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("start", "the route's start, lon,lat"), .single("end", "the route's destination, lon,lat"),
        .single("waypoints", "stops, lon,lat;lon,lat"), .single("routetype", "the route type, which fixes the mode"),
        .single("center", "the map's centre, lon,lat"), .single("marker", "whether a marker sits at the centre"),
        .single("x", "the map's centre longitude"), .single("y", "the map's centre latitude"),
        .single("id", "a pin's lon,lat (source=coor) or an object id"), .single("source", "what id names"),
        .ignored("zoom"), .ignored("z"), .ignored("mapset"), .ignored("navigate"), .ignored("l"), .ignored("query"), .ignored("q"),
        .ignored("rc"), .ignored("ds"), .ignored("lang"),
    ])

    /// `<lon>,<lat>` (trimmed decoded value of `p`).
    private static func point(_ p: LinkInput.Query.Parameter, _ name: String) throws(DirectionsURLError) -> Coordinate {
        try p.withValue { (v: LinkInput) throws(DirectionsURLError) in try TwoGISLink.lonLat(v.trimmed, parameter: name) }
    }
}

extension MapyLink: DirectionsLinkFormat {
    static var hosts: [String] { ["mapy.com", "www.mapy.com", "en.mapy.com", "mapy.cz", "www.mapy.cz", "en.mapy.cz"] }
    static var format: LinkFormat { .mapy }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = link.bytes.path
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        if keys.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        if path.hasPrefix("/s/") {
            throw DirectionsURLError(.unresolvableOffline, "path", "'\(path.shown)' is a Mapy.com short link, which only Mapy.com's servers can expand; "
                + "share the place or route itself")
        }
        if let rc = try keys.single("rc"), !rc.rawValue.isBlank {
            // A planned route as Mapy.com's own point code: not read, and its map view must not stand in for it.
            throw DirectionsURLError(.notADirectionsLink, "rc", "Mapy.com route codes (rc=…) are not read; share the route as "
                + "https://mapy.com/fnc/v1/route?start=<lon>,<lat>&end=<lon>,<lat>")
        }
        if path.hasSuffixIgnoringCase("/fnc/v1/route") || path.hasSuffixIgnoringCase("/fnc/v1/route/") {
            guard let end = try keys.single("end"), !end.rawValue.isBlank else {
                throw schema.missing("destination", "end", in: query, add: "end=<longitude>,<latitude>")
            }
            var source = Endpoint.currentLocation
            if let start = try keys.single("start"), !start.rawValue.isBlank { source = .coordinate(try point(start, "start"), label: nil) }
            var waypoints: [Endpoint] = []
            if let w = try keys.single("waypoints") {
                try w.withValue { (v: LinkInput) throws(DirectionsURLError) in
                    for piece in v.pieces(separatedBy: UInt8(ascii: ";")) where !piece.isBlank {
                        waypoints.append(.coordinate(try TwoGISLink.lonLat(piece.trimmed, parameter: "waypoints"), label: nil))
                    }
                }
            }
            let word = try modeVocabulary.word(of: keys.single("routetype"), name: "routeType",
                notA: "is not a Mapy.com route type; use " + modeVocabulary.map(\.value).joined(separator: ", "))
            return DirectionsRequest(source: source, destination: .coordinate(try point(end, "end"), label: nil), waypoints: waypoints,
                                     mode: word?.mode, transportType: word?.transportType)
        }
        if path.hasSuffixIgnoringCase("/fnc/v1/showmap") || path.hasSuffixIgnoringCase("/fnc/v1/showmap/") {
            guard let center = try keys.single("center") else {
                throw DirectionsURLError(.notADirectionsLink, "center", "this Mapy.com showmap link has no center=<longitude>,<latitude>")
            }
            let c = try point(center, "center")
            let marker = try keys.single("marker")?.withValue { $0.trimmed.equalsIgnoringCase("true") || $0.trimmed.equals("1") } ?? false
            if marker { return DirectionsRequest(destination: .coordinate(c, label: nil)) }
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "center=" + DirectionsURLParser.shorten(center.value), parameter: "center"))
        }
        if let id = try keys.single("id"), !id.rawValue.isBlank {
            let sourceWord = try keys.single("source")?.value ?? ""
            if sourceWord.isEmpty || sourceWord.lowercased() == "coor" {
                return DirectionsRequest(destination: .coordinate(try point(id, "id"), label: nil))
            }
            throw DirectionsURLError(.unresolvableOffline, "id", "'source=\(DirectionsURLParser.shorten(sourceWord))&id=…' names a Mapy.com object by its id, "
                + "which only Mapy.com's servers can resolve; share a pin on a coordinate (source=coor) instead")
        }
        if let q = query.first("q") ?? query.first("query"), !q.rawValue.isBlank {
            throw DirectionsURLError(.notADirectionsLink, "q", "this Mapy.com link searches for text, which names no single place (x, y are only the view)")
        }
        if let x = try keys.single("x"), let y = try keys.single("y") {
            let c = try x.withValue { (xv: LinkInput) throws(DirectionsURLError) -> Coordinate in
                try y.withValue { (yv: LinkInput) throws(DirectionsURLError) -> Coordinate in
                    guard let lon = xv.trimmed.decimal else { throw DirectionsURLError(.malformedNumber, "x", "'x' is the map centre's longitude in decimal degrees") }
                    guard let lat = yv.trimmed.decimal else { throw DirectionsURLError(.malformedNumber, "y", "'y' is the map centre's latitude in decimal degrees") }
                    do throws(Coordinate.RangeError) {
                        return try Coordinate.validated(latitude: lat, longitude: lon)
                    } catch .latitudeOutOfRange {
                        throw DirectionsURLError(.latitudeOutOfRange, "y", "latitude \(yv.trimmed.string) in 'y' is outside -90...90 degrees")
                    } catch {
                        throw DirectionsURLError(.longitudeOutOfRange, "x", "longitude \(xv.trimmed.string) in 'x' is outside -180...180 degrees and is not wrapped")
                    }
                }
            }
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "x=\(DirectionsURLParser.shorten(x.value))&y=\(DirectionsURLParser.shorten(y.value))", parameter: "x"))
        }
        throw DirectionsURLError(.notADirectionsLink, "path", "this Mapy.com link has no route (/fnc/v1/route), pin (id=<lon>,<lat>) or map view (x=, y=)")
    }

    /// Mapy.com's `routeType` values (REST Routing API "Planning types"; the URL API takes the same).
    static let modeVocabulary: [ModeWord] = [
        ModeWord("routeType", "car_fast", mode: .car), ModeWord("routeType", "car_fast_traffic", mode: .car, preferred: false),
        ModeWord("routeType", "car_short", mode: .car, preferred: false), ModeWord("routeType", "foot_fast", mode: .pedestrian),
        ModeWord("routeType", "foot_hiking", mode: .pedestrian, preferred: false), ModeWord("routeType", "bike_road", mode: .bike),
        ModeWord("routeType", "bike_mountain", mode: .bike, preferred: false),
    ]

    /// `https://mapy.com/fnc/v1/route?start=<lon>,<lat>&end=<lon>,<lat>[&waypoints=<lon>,<lat>;…][&routeType=…]`; the
    /// current location as no `start`. Labels are left out (listed in `omitted`).
    /// - Throws: `cannot-express` for an address source or destination, or a current-location destination or waypoint
    ///   (an address waypoint is left out).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var omitted: [String] = []
        func text(_ e: Endpoint, _ field: String) throws(LinkBuildError) -> String? {
            switch e {
            case .currentLocation:
                if field == "source" { return nil }
                throw LinkBuildError.cannot(field, "Mapy.com writes the current location only as a missing start")
            case .coordinate(let c, let label, let id, _):
                if label != nil { omitted.append("\(field) label: Mapy.com route links carry no names") }
                if id != nil { omitted.append("\(field) place id: Mapy.com links carry none") }
                return LinkWriting.lonLat(c)
            case .address:
                if field == "source" || field == "destination" { throw LinkBuildError.cannot(field, "Mapy.com route links need coordinates, not an address") }
                omitted.append("\(field): an address, which Mapy.com route points cannot carry")
                return nil
            }
        }
        var pairs: [(String, String)] = []
        if let s = try text(request.source, "source") { pairs.append(("start", s)) }
        let end = try text(request.destination, "destination") ?? ""
        pairs.append(("end", end))
        var stops: [String] = []
        for (i, w) in request.waypoints.enumerated() { if let s = try text(w, "waypoints[\(i)]") { stops.append(s) } }
        if !stops.isEmpty { pairs.append(("waypoints", stops.joined(separator: ";"))) }
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Mapy.com", omitted: &omitted) { pairs.append(("routeType", word.value)) }
        omitted += OmittedFields.uncarried(
            request, navigate: "Mapy.com links do not start guidance", avoid: "Mapy.com route links carry no road options", dates: "Mapy.com links")
        return BuiltLink(url: "https://mapy.com/fnc/v1/route?" + LinkWriting.query(pairs), format: .mapy, omitted: omitted)
    }

    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/fnc/v1/route?start=LON,LAT&end=LON,LAT&waypoints=…&routeType=…`",
                "https://mapy.com/fnc/v1/route?start=14.4208,50.0875&end=14.4011,50.0901&routeType=foot_fast"),
            LinkForm(.route, "`/fnc/v1/route?end=LON,LAT` (from the current location)", "https://mapy.cz/fnc/v1/route?end=16.6068,49.1951&routeType=car_fast"),
            LinkForm(.place, "`/fnc/v1/showmap?center=LON,LAT&marker=true`", "https://mapy.com/fnc/v1/showmap?center=14.4011,50.0901&zoom=17&marker=true"),
            LinkForm(.place, "`?source=coor&id=LON,LAT` (a pin)", "https://mapy.com/en/zakladni?source=coor&id=14.4011%2C50.0901&x=14.4011&y=50.0901&z=17"),
            LinkForm(.mapView, "`/fnc/v1/showmap?center=LON,LAT&zoom=…`", "https://en.mapy.cz/fnc/v1/showmap?center=14.4208,50.0875&zoom=15"),
            LinkForm(.mapView, "`?x=LON&y=LAT&z=…`", "https://www.mapy.com/en/zakladni?x=14.4208&y=50.0875&z=15"),
        ]
    }
}
