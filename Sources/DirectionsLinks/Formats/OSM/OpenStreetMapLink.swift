// SPDX-License-Identifier: Apache-2.0
/// openstreetmap.org directions links (``hosts``; the path must be `/directions`):
/// `https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376`
/// and the text form `…/directions?from=&to=-33.8568%2C151.2153`.
///
/// Source: openstreetmap-website `app/assets/javascripts/index/directions.js` and its engines
/// (`index/directions/fossgis_osrm.js`, `fossgis_valhalla.js`, `graphhopper.js`).
///
/// - Query form-encoded. `route=<lat>,<lon>;<lat>,<lon>`: **latitude first** (unlike OSRM's API).
///   Decoded first (the site writes `%2C`, `%3B`), then split on `;` and `,`. First point the source,
///   last the destination, any between waypoints; an empty first point is the current location.
/// - `from=`, `to=`: the site's input fields. Without `route` they are the endpoints (empty or absent
///   `from` or a current-location literal → **current location**, OsmAnd #17708; `lat,lon` → a
///   coordinate; else an address). With `route`, non-coordinate texts become the points' labels.
/// - `engine` fixes the mode (``modeVocabulary``); an unknown one is an `ignored-value` repair (no mode).
/// - The fragment `#map=<zoom>/<lat>/<lon>` is a viewport. The marker link
///   `https://www.openstreetmap.org/?mlat=<lat>&mlon=<lon>#map=…` (path `/`) is a destination point.
/// - Unknown parameters are ignored; a likely typo of a known one is a `likely-typo` repair.
/// - Errors: `missing-destination` (no `route` and no `to`), `invalid-parameter` (a `route` with one
///   point), coordinate errors naming `route`, `from` or `to`; `not-a-directions-link` for other paths.
enum OpenStreetMapLink: DirectionsLinkFormat {
    static let schema = ParameterSchema(format: "OpenStreetMap directions link", typos: .closestByLength, [
        .single("from", "the start field's text: an address, 'lat,lon' or a current-location word"),
        .single("to", "the destination field's text"),
        .single("route", "'lat,lon;lat,lon' points, latitude first: start, waypoints, destination"),
        .single("engine", "the routing engine, which fixes the mode"),
        .ignored("mlat", "the marker's latitude (marker links)"), .ignored("mlon", "the marker's longitude (marker links)"),
        .ignored("lat", "the map's centre latitude (legacy permalinks)"), .ignored("lon", "the map's centre longitude (legacy permalinks)"),
        .ignored("zoom", "the map's zoom (legacy permalinks)"), .ignored("m", "a short link's marker flag"),
        .ignored("layers", "the map layers shown"),
    ])

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        // Byte equality: no non-ASCII text is canonically equivalent to these.
        let path = link.bytes.path
        if path.isEmpty || path.equals("/") { return try page(link, &context) }
        if path.hasPrefix("/go/") { return try shortLink(link, code: path.dropFirst(4), &context) }
        guard path.equals("/directions") || path.equals("/directions/") else {
            throw DirectionsURLError(.notADirectionsLink, "path",
                "'\(DirectionsURLParser.shorten(path.string))' is not OpenStreetMap's directions page; directions links use /directions?route=lat,lon;lat,lon")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let slots = schema.slots(query)
        let parser = context.parser
        let from = try slots.single("from")
        let to = try slots.single("to")
        let ends: (source: Endpoint, destination: Endpoint, waypoints: [Endpoint])
        if let route = try slots.single("route"), !AppleGoogleLinkText.isBlankValue(route) {
            ends = try points(route, fromLabel: label(from, parser), toLabel: label(to, parser))
        } else {
            guard let to, !AppleGoogleLinkText.isBlankValue(to) else {
                throw OSMLinkBytes.missing(schema, query, ["to", "route"], "to=<place or latitude,longitude> or route=<lat>,<lon>;<lat>,<lon>")
            }
            ends = (try from?.endpoint(parser, parameter: "from", source: true) ?? .currentLocation, try to.endpoint(parser, parameter: "to"), [])
        }
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        let engine = try slots.single("engine")
        let (index, blank) = engine?.withValue { v in (OSMLinkBytes.index(of: v.trimmed, in: modeVocabulary), v.trimmed.isEmpty) } ?? (nil, true)
        if let engine, index == nil, !blank {
            let shown = DirectionsURLParser.shorten(engine.withValue { $0.trimmed.string })
            try context.repair(.ignoredValue, "engine '\(shown)' is not an OpenStreetMap routing engine; the mode is left unset (engines: "
                + modeVocabulary.map(\.value).joined(separator: ", ") + ")", parameter: "engine")
        }
        let word = index.map { modeVocabulary[$0] }
        return DirectionsRequest(
            source: ends.source, destination: ends.destination, waypoints: ends.waypoints, mode: word?.mode, transportType: word?.transportType)
    }

    /// The main page: a marker (`?mlat=&mlon=`, a place), else the legacy permalink `?lat=&lon=&zoom=`
    /// or the fragment `#map=Z/LAT/LON` (map views: approximate, `viewport-as-destination`).
    private static func page(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let slots = schema.slots(query)
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        if let lat = try query.single("mlat", format: schema.format), let lon = try query.single("mlon", format: schema.format) {
            return DirectionsRequest(destination: .coordinate(try OsmAndLink.coordinate(lat, lon, prefix: "m"), label: nil))
        }
        if let lat = try query.single("lat", format: schema.format), let lon = try query.single("lon", format: schema.format) {
            let centre = try OsmAndLink.coordinate(lat, lon, prefix: "")
            let view = "?lat=" + lat.value + "&lon=" + lon.value
            return DirectionsRequest(destination: try context.mapViewDestination(centre, view: DirectionsURLParser.shorten(view), parameter: "lat"))
        }
        if let map = OSMMapView.mapPiece(of: link.bytes.fragment) {
            guard let centre = try OSMMapView.centre(map, parameter: "map") else {
                throw DirectionsURLError(.malformedNumber, "map", "the map view '#map=\(map.shown)' is not zoom/latitude/longitude such as #map=17/48.8584/2.2945")
            }
            return DirectionsRequest(destination: try context.mapViewDestination(centre, view: "#map=" + map.shown, parameter: "map"))
        }
        // A misspelt marker (`mlta=`) is the likely cause: say so rather than "no marker".
        if let hint = schema.hint(in: query, for: "mlat") ?? schema.hint(in: query, for: "mlon") {
            throw DirectionsURLError(.missingDestination, "mlat", "this OpenStreetMap link has no complete marker (mlat and mlon); " + hint)
        }
        throw DirectionsURLError(.notADirectionsLink, "path",
            "this OpenStreetMap page has no marker, map view or route; directions links use /directions?route=lat,lon;lat,lon")
    }

    /// `/go/<code>`: a short link (``OSMMapView/decodeShortCode(_:)``); with `?m` (the site's marker
    /// flag) a place, else a map view.
    /// - Throws: `malformed-url` naming `code` for a code that is not one.
    private static func shortLink(
        _ link: LinkInput.Parts, code: LinkInput, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest {
        guard let c = OSMMapView.decodeShortCode(code) else {
            throw DirectionsURLError(.malformedURL, "code", "'\(code.shown)' is not an OpenStreetMap short code: "
                + "1 to 20 characters of A-Z, a-z, 0-9, '_', '~' (or '@'), then any '-' or '='")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        if query.contains("m") { return DirectionsRequest(destination: .coordinate(c, label: nil)) }
        return DirectionsRequest(destination: try context.mapViewDestination(c, view: "/go/" + code.shown, parameter: "code"))
    }

    /// The points of a non-blank `route` (decoded): source, destination and the waypoints between.
    private static func points(
        _ route: LinkInput.Query.Parameter, fromLabel: String?, toLabel: String?
    ) throws(DirectionsURLError) -> (Endpoint, Endpoint, [Endpoint]) {
        try route.withValue { (text: LinkInput) throws(DirectionsURLError) -> (Endpoint, Endpoint, [Endpoint]) in
            // Split by byte in non-ASCII text too: U+037E GREEK QUESTION MARK is no `;` here.
            let semicolon = UInt8(ascii: ";")
            guard let firstSemicolon = text.firstOffset(of: semicolon) else {
                throw DirectionsURLError(.invalidParameter, "route", "'route' has one point; write route=<lat>,<lon>;<lat>,<lon> (start;destination)")
            }
            let lastSemicolon = text.lastOffset(of: semicolon) ?? firstSemicolon
            let first = text.prefix(firstSemicolon).trimmed
            let source: Endpoint = first.isEmpty ? .currentLocation : .coordinate(try CoordinateText.parsePair(first, parameter: "route"), label: fromLabel)
            var waypoints: [Endpoint] = []
            if lastSemicolon > firstSemicolon {
                for middle in text.slice(firstSemicolon &+ 1, lastSemicolon).pieces(separatedBy: semicolon) {
                    waypoints.append(.coordinate(try CoordinateText.parsePair(middle, parameter: "route"), label: nil))
                }
            }
            let last = text.suffix(from: lastSemicolon &+ 1)
            guard !last.isBlank else {
                throw DirectionsURLError(.missingDestination, "route", "the last point of 'route' is empty; write route=<lat>,<lon>;<lat>,<lon>")
            }
            return (source, .coordinate(try CoordinateText.parsePair(last, parameter: "route"), label: toLabel), waypoints)
        }
    }

    /// A `from`/`to` text used as a label next to `route`: nil when empty, a current-location literal or coordinates.
    private static func label(_ p: LinkInput.Query.Parameter?, _ parser: DirectionsURLParser) -> String? {
        p?.withValue { (text: LinkInput) -> String? in
            let t = text.trimmed
            return t.isEmpty || CoordinateText.isNumberLike(t) || parser.currentLocationLiterals.matches(t) ? nil : t.string
        }
    }

    static var hosts: [String] { ["openstreetmap.org", "www.openstreetmap.org", "osm.org", "www.osm.org"] }
    static var format: LinkFormat { .openStreetMap }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/directions?engine=…&route=LAT,LON;LAT,LON`",
                "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376"),
            LinkForm(.route, "`/directions?from=…&to=…`", "https://www.openstreetmap.org/directions?from=&to=48.8606%2C2.3376"),
            LinkForm(.place, "`/?mlat=LAT&mlon=LON` (a marker)", "https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945"),
            LinkForm(.place, "`/go/CODE?m` (a short link with a marker)", "https://osm.org/go/0BOdUs9e--?m"),
            LinkForm(.mapView, "`/#map=Z/LAT/LON`", "https://www.openstreetmap.org/#map=16/51.5007/-0.1246"),
            LinkForm(.mapView, "`/?lat=LAT&lon=LON&zoom=Z` (legacy permalink)", "https://www.openstreetmap.org/?lat=51.5007&lon=-0.1246&zoom=16"),
            LinkForm(.mapView, "`/go/CODE` (a short link)", "https://osm.org/go/0BOdUs9e--"),
        ]
    }

    /// The `engine` values of openstreetmap.org (FOSSGIS OSRM and Valhalla servers, GraphHopper). The
    /// builder writes the OSRM engines; OpenStreetMap has no transit routing.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("engine", "fossgis_osrm_car", mode: .car),
        ModeWord("engine", "fossgis_osrm_bike", mode: .bike),
        ModeWord("engine", "fossgis_osrm_foot", mode: .pedestrian),
        ModeWord("engine", "fossgis_valhalla_car", mode: .car, preferred: false),
        ModeWord("engine", "fossgis_valhalla_bicycle", mode: .bike, preferred: false),
        ModeWord("engine", "fossgis_valhalla_foot", mode: .pedestrian, preferred: false),
        ModeWord("engine", "graphhopper_car", mode: .car, preferred: false),
        ModeWord("engine", "graphhopper_bicycle", mode: .bike, preferred: false),
        ModeWord("engine", "graphhopper_foot", mode: .pedestrian, preferred: false),
    ]

    /// Writes `https://www.openstreetmap.org/directions?engine=…&route=…&from=…&to=…` (each when needed): two
    /// coordinates → `route=lat%2Clon%3Blat%2Clon`, `from`/`to` labels; else `from`/`to` texts (empty: here).
    /// - Throws: `cannot-express` when the destination is the current location.
    /// - Returns: `omitted` lists waypoints, transit modes, avoidances, place ids, navigate and times.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "OpenStreetMap", omitted: &omitted) {
            pairs.append(("engine", word.value))
        }
        switch (request.source, request.destination) {
        case (_, .currentLocation):
            throw LinkBuildError.cannot("destination", "OpenStreetMap directions cannot end at the current location")
        case (.coordinate(let a, let aLabel, _, _), .coordinate(let b, let bLabel, _, _)):
            pairs.append(("route", LinkWriting.encode(LinkWriting.pair(a) + ";" + LinkWriting.pair(b))))
            if let aLabel = kept(aLabel, role: "source", omitted: &omitted) { pairs.append(("from", LinkWriting.formValue(aLabel))) }
            if let bLabel = kept(bLabel, role: "destination", omitted: &omitted) { pairs.append(("to", LinkWriting.formValue(bLabel))) }
        default:
            pairs.append(("from", LinkWriting.formValue(text(request.source, role: "source", omitted: &omitted))))
            pairs.append(("to", LinkWriting.formValue(text(request.destination, role: "destination", omitted: &omitted))))
        }
        omitted += OmittedFields.lines(request, format: "OpenStreetMap", waypoints: false, mode: true, avoid: false)
        return BuiltLink(
            url: "https://www.openstreetmap.org/directions?" + LinkWriting.query(pairs), format: .openStreetMap, omitted: omitted)
    }

    /// `label`, unless the reader would not take it for one (``label(_:_:)``); then nil, with an `omitted` line.
    private static func kept(_ label: String?, role: String, omitted: inout [String]) -> String? {
        guard let label else { return nil }
        let t = DirectionsURLParser.trimmed(label)
        guard !t.isEmpty, !CoordinateText.isNumberLike(Substring(t)), !CurrentLocationLiterals.default.matches(t) else {
            omitted.append(
                "\(role) label: '\(DirectionsURLParser.shorten(label))' would read back as a coordinate or the current location "
                    + "in an OpenStreetMap link; left out")
            return nil
        }
        return label
    }

    private static func text(_ e: Endpoint, role: String, omitted: inout [String]) -> String {
        switch e {
        case .currentLocation: return ""
        case .address(let t, _): return t
        case .coordinate(let c, let label, _, _):
            if label != nil { omitted.append("\(role) label: OpenStreetMap keeps a label only when both ends are coordinates") }
            return LinkWriting.pair(c)
        }
    }
}
