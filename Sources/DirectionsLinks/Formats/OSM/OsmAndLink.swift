// SPDX-License-Identifier: Apache-2.0
/// OsmAnd web and iOS links, the query form-encoded (`+` is a space):
/// - `https://osmand.net/map/navigate?start=lat%2Clon&end=lat%2Clon&profile=car&params=car,avoid_toll#15/lat/lon`
///   (OsmAnd #25585), and the web app's `https://osmand.net/map/?start=…&finish=…&profile=…#16/lat/lon`
///   (OsmAnd #19422: `finish` and `end` are both read);
/// - points (the destination only): `https://osmand.net/go?lat=&lon=&z=`, the web map's marker
///   `https://osmand.net/map?pin=lat,lon#z/lat/lon` and OsmAnd for iOS `osmandmaps://navigate?lat=&lon=&z=&title=`
///   (OsmAnd-iOS #447); `osmandmaps://navigate?start=&end=&profile=` reads like the web link.
///
/// - `start`, `end`/`finish`: `lat,lon`, **latitude first**, comma raw or `%2C` (decoded, then split).
///   No addresses: anything else is `malformed-number`. An absent or empty `start` is the **current
///   location**. `end` and `finish` with different values → `duplicate-parameter`.
/// - `profile`: OsmAnd's application-mode keys (``OsmAndLink/profiles``; OsmAnd `ApplicationMode.java`).
///   `default` ("browse map", no routing) leaves the mode unset; another word is an `ignored-value` repair.
/// - `params`: comma-separated routing options; `avoid_toll`, `avoid_motorway` and `avoid_ferries` become
///   the avoidances tolls, highways and ferries; other options (`short_way`, the profile name) are ignored.
/// - The fragment `#zoom/lat/lon` is the viewport; `z` is a zoom. Only in `https://osmand.net/map#zoom/lat/lon`
///   with no pin and no route is the view's centre the destination: approximate, with a `viewport-as-destination`
///   warning (strict: the error). A pin or a `go` point is an exact place.
/// - Unknown parameters are ignored; a likely typo of a known one is a `likely-typo` repair.
enum OsmAndLink: DirectionsLinkFormat {
    static let schema = ParameterSchema(format: "OsmAnd link", typos: .closestByLength, [
        .single("end", "the destination, 'lat,lon'"),
        .single("finish", "the destination as the web app writes it"),
        .single("start", "the start, 'lat,lon'; absent or empty: the current location"),
        .single("profile", "the OsmAnd profile, which fixes the mode"),
        .single("params", "routing options, comma-separated; avoid_* are avoidances"),
        .single("lat", "a point's latitude (go and navigate links)"),
        .single("lon", "a point's longitude"),
        .single("title", "a point's name (iOS)"),
        .single("name", "a point's name"),
        .single("pin", "the web map's marker, 'lat,lon'"),
        .ignored("z", "a zoom"),
    ])

    /// OsmAnd's profile keys, written in `profile=` by both OsmAnd builders. `truck` is a car;
    /// `motorcycle`, `moped`, `boat` (own boat) and `ski` have no Apple mode (Other).
    static let profiles: [ModeWord] = [
        ModeWord("profile", "car", mode: .car),
        ModeWord("profile", "truck", mode: .car, preferred: false),
        ModeWord("profile", "bicycle", mode: .bike),
        ModeWord("profile", "pedestrian", mode: .pedestrian),
        ModeWord("profile", "public_transport", mode: nil, transportType: .transit),
        ModeWord("profile", "train", mode: .train),
        ModeWord("profile", "aircraft", mode: .plane),
        ModeWord("profile", "motorcycle", mode: .other),
        ModeWord("profile", "moped", mode: .other, preferred: false),
        ModeWord("profile", "boat", mode: .other, preferred: false),
        ModeWord("profile", "ski", mode: .other, preferred: false),
    ]

    /// The `params` options that are avoidances.
    static let avoidOptions: [(String, RouteAvoidance)] = [("avoid_toll", .tolls), ("avoid_motorway", .highways), ("avoid_ferries", .ferries)]

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let slots = schema.slots(query)
        let routeLike = slots.contains("start") || slots.contains("end") || slots.contains("finish")
        if link.scheme == "osmandmaps" {
            guard link.host == "navigate" || link.host.isEmpty else {
                throw DirectionsURLError(.notADirectionsLink, "host",
                    "'osmandmaps://\(DirectionsURLParser.shorten(link.host))' is not OsmAnd's navigate link; use osmandmaps://navigate?lat=&lon=")
            }
            return routeLike ? try route(query, slots, &context) : try point(query, &context)
        }
        // Byte equality (no non-ASCII text is canonically equivalent to these); a trailing '/' is allowed.
        let path = link.bytes.path
        let page = path.last == UInt8(ascii: "/") ? path.dropLast() : path
        if page.equals("/map/navigate") || (page.equals("/map") && routeLike) { return try route(query, slots, &context) }
        if page.equals("/go") { return try point(query, &context) }
        if page.equals("/map"), let pin = try query.single("pin", format: schema.format) {
            try schema.warnLikelyTypos(query, &context)
            return DirectionsRequest(destination: .coordinate(try pair(pin, parameter: "pin"), label: nil))
        }
        if page.equals("/map"), let fragment = link.bytes.fragment, !fragment.isEmpty {
            // The web map's view `#zoom/lat/lon` alone: its centre, approximately.
            guard let centre = try OSMMapView.centre(fragment, parameter: "map") else {
                throw DirectionsURLError(.malformedNumber, "map",
                    "the map view '#\(fragment.shown)' is not zoom/latitude/longitude such as #15/52.3924/6.3116")
            }
            if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
            return DirectionsRequest(destination: try context.mapViewDestination(centre, view: "#" + fragment.shown, parameter: "map"))
        }
        throw DirectionsURLError(.notADirectionsLink, "path",
            "'\(DirectionsURLParser.shorten(path.string))' on osmand.net is not a route link; routes use /map/navigate?start=lat,lon&end=lat,lon")
    }

    private static func route(
        _ query: LinkInput.Query, _ slots: ParameterSchema.Slots, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest {
        let end = try slots.single("end")
        let finish = try slots.single("finish")
        // Different trimmed values as `String`s (canonical equivalence).
        if let end, let finish, end.withValue({ x in finish.withValue { y in x.trimmed.string != y.trimmed.string } }) {
            throw DirectionsURLError(.duplicateParameter, "finish", "'end' and 'finish' give different destinations; give one of them")
        }
        guard let target = end ?? finish, !AppleGoogleLinkText.isBlankValue(target) else {
            throw OSMLinkBytes.missing(schema, query, ["end", "finish"], "end=<latitude>,<longitude>")
        }
        let destination = Endpoint.coordinate(try pair(target, parameter: end != nil ? "end" : "finish"), label: nil)
        var source = Endpoint.currentLocation
        if let start = try slots.single("start"), !AppleGoogleLinkText.isBlankValue(start) {
            source = .coordinate(try pair(start, parameter: "start"), label: nil)
        }
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        let (mode, transport) = try profile(try slots.single("profile"), &context)
        var avoid: Set<RouteAvoidance> = []
        try slots.single("params")?.withValue { value in
            for option in value.pieces(separatedBy: UInt8(ascii: ",")) {
                let o = option.trimmed
                if let hit = avoidOptions.first(where: { OSMLinkBytes.lowerEquals(o, $0.0) }) { avoid.insert(hit.1) }
            }
        }
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport, avoid: avoid)
    }

    /// `lat`, `lon`, optional `title` (iOS) or `name`.
    private static func point(_ query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let lat = try query.single("lat", format: schema.format), let lon = try query.single("lon", format: schema.format) else {
            throw DirectionsURLError(.missingDestination, query.contains("lat") ? "lon" : "lat",
                "this \(schema.format) has no point; add lat=<latitude>&lon=<longitude> (or start= and end= for a route)")
        }
        let c = try coordinate(lat, lon, prefix: "")
        try schema.warnLikelyTypos(query, &context)
        // An empty `title` is no label, and `name` is then not read.
        var p = try query.single("title", format: schema.format)
        if p == nil { p = try query.single("name", format: schema.format) }
        return DirectionsRequest(destination: .coordinate(c, label: p?.trimmedValue))
    }

    /// The mode of the `profile` parameter `p` (nil: absent; empty or `default`: no mode).
    static func profile(_ p: LinkInput.Query.Parameter?, _ context: inout ParseContext) throws(DirectionsURLError) -> (DirectionsMode?, TransportType?) {
        guard let p else { return (nil, nil) }
        // -1: no mode; nil: not a profile.
        let index: Int? = p.withValue { (v: LinkInput) -> Int? in
            let value = v.trimmed
            return value.isEmpty || OSMLinkBytes.lowerEquals(value, "default") ? -1 : OSMLinkBytes.index(of: value, in: profiles)
        }
        if let index { return index < 0 ? (nil, nil) : (profiles[index].mode, profiles[index].transportType) }
        try context.repair(.ignoredValue, "profile '\(DirectionsURLParser.shorten(p.value))' is not an OsmAnd profile; the mode is left unset "
            + "(profiles: default, " + profiles.map(\.value).joined(separator: ", ") + ")", parameter: "profile")
        return (nil, nil)
    }

    /// `CoordinateText.parsePair` of the decoded value of `p`; throws its errors, naming `parameter`.
    static func pair(_ p: LinkInput.Query.Parameter, parameter: String) throws(DirectionsURLError) -> Coordinate {
        try p.withValue { (v: LinkInput) throws(DirectionsURLError) -> Coordinate in try CoordinateText.parsePair(v, parameter: parameter) }
    }

    /// A coordinate from the decimal parameters `<prefix>lat` and `<prefix>lon` (decoded, trimmed).
    /// - Throws: `malformed-number` or a range error naming the parameter at fault.
    static func coordinate(
        _ lat: LinkInput.Query.Parameter, _ lon: LinkInput.Query.Parameter, prefix: String
    ) throws(DirectionsURLError) -> Coordinate {
        try lat.withValue { (la: LinkInput) throws(DirectionsURLError) -> Coordinate in
            try lon.withValue { (lo: LinkInput) throws(DirectionsURLError) -> Coordinate in
                let lat = la.trimmed
                let lon = lo.trimmed
                guard let latitude = lat.decimal else { throw notDecimal(lat, prefix + "lat", "latitude such as 48.8584") }
                guard let longitude = lon.decimal else { throw notDecimal(lon, prefix + "lon", "longitude such as 2.2945") }
                do throws(Coordinate.RangeError) {
                    return try Coordinate.validated(latitude: latitude, longitude: longitude)
                } catch .latitudeOutOfRange {
                    throw DirectionsURLError(.latitudeOutOfRange, prefix + "lat",
                        "latitude \(lat.string) in '\(prefix)lat' is outside -90...90 degrees; give WGS84 degrees")
                } catch {
                    throw DirectionsURLError(.longitudeOutOfRange, prefix + "lon",
                        "longitude \(lon.string) in '\(prefix)lon' is outside -180...180 degrees and is not wrapped")
                }
            }
        }
    }

    private static func notDecimal(_ text: LinkInput, _ name: String, _ example: String) -> DirectionsURLError {
        DirectionsURLError(.malformedNumber, name, "'\(DirectionsURLParser.shorten(text.string))' in '\(name)' is not a decimal \(example)")
    }

    static var schemes: [String] { ["osmandmaps"] }
    static var hosts: [String] { ["osmand.net", "www.osmand.net"] }
    static var format: LinkFormat { .osmAnd }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/map/navigate?start=LAT,LON&end=LAT,LON&profile=…`",
                "https://osmand.net/map/navigate?start=52.3731%2C4.8922&end=52.3600%2C4.8852&profile=bicycle#15/52.37/4.89"),
            LinkForm(.route, "`/map/?start=LAT,LON&finish=LAT,LON&profile=…` (the web map)",
                "https://osmand.net/map/?start=52.3731,4.8922&finish=52.3600,4.8852&profile=pedestrian#14/52.37/4.89"),
            LinkForm(.route, "`osmandmaps://navigate?lat=LAT&lon=LON&title=NAME` (iOS)", "osmandmaps://navigate?lat=52.3600&lon=4.8852&z=16&title=Rijksmuseum"),
            LinkForm(.place, "`/go?lat=LAT&lon=LON&z=Z` (a point; `name=` its label)", "https://osmand.net/go?lat=52.3600&lon=4.8852&z=16&name=Rijksmuseum"),
            LinkForm(.place, "`/map?pin=LAT,LON#Z/LAT/LON` (a pin)", "https://osmand.net/map?pin=52.3600,4.8852#16/52.3600/4.8852"),
            LinkForm(.mapView, "`/map#Z/LAT/LON`", "https://osmand.net/map/#16/52.3600/4.8852"),
        ]
    }
    static var modeVocabulary: [ModeWord] { profiles }

    /// Writes `https://osmand.net/map/navigate?start=lat%2Clon&end=lat%2Clon&profile=…&params=…` (no `start` for the
    /// current location; `params` only for avoidances); `omitted` lists labels, waypoints, place ids and the rest.
    /// - Throws: `cannot-express` when the destination is not a coordinate, or the source is an address.
    ///
    /// A labelled point from the current location with no mode and no avoidances is written as the point link
    /// `https://osmand.net/go?lat=<lat>&lon=<lon>&z=16&name=<label>`, which keeps the label the route link cannot
    /// (only when the label reads back unchanged: not empty, no surrounding whitespace).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        let (start, end, endLabel) = try OSMLinkBytes.coordinateEnds(
            request, "OsmAnd links need", start: "the start's coordinates (or the current location)")
        if start == nil, request.mode == nil, request.transportType == nil, request.avoid.isEmpty,
           let endLabel, !endLabel.isEmpty, DirectionsURLParser.trimmed(endLabel) == endLabel {
            var omitted: [String] = []
            if request.destination.placeID != nil { omitted.append("destination place id: OsmAnd has no place ids") }
            omitted += OmittedFields.lines(request, format: "OsmAnd", waypoints: false, mode: false, avoid: false, destinationPlaceID: true)
            let pairs = [
                ("lat", LinkWriting.degrees(end.latitude)), ("lon", LinkWriting.degrees(end.longitude)), ("z", "16"),
                ("name", LinkWriting.formValue(endLabel)),
            ]
            return BuiltLink(url: "https://osmand.net/go?" + LinkWriting.query(pairs), format: .osmAnd, omitted: omitted)
        }
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        if let (c, label) = start {
            pairs.append(("start", LinkWriting.encode(LinkWriting.pair(c))))
            if label != nil { omitted.append("source label: OsmAnd route links have no names") }
        }
        pairs.append(("end", LinkWriting.encode(LinkWriting.pair(end))))
        if endLabel != nil { omitted.append("destination label: OsmAnd route links have no names") }
        if request.destination.placeID != nil { omitted.append("destination place id: OsmAnd has no place ids") }
        let word = LinkWriting.modeWord(for: request, in: profiles, format: "OsmAnd", omitted: &omitted)
        if let word { pairs.append(("profile", word.value)) }
        let avoid = avoidOptions.filter { request.avoid.contains($0.1) }.map(\.0)
        if !avoid.isEmpty { pairs.append(("params", ((word.map { [$0.value] } ?? []) + avoid).joined(separator: ","))) }
        omitted += OmittedFields.lines(request, format: "OsmAnd", waypoints: false, mode: true, avoid: true, destinationPlaceID: true)
        return BuiltLink(url: "https://osmand.net/map/navigate?" + LinkWriting.query(pairs), format: .osmAnd, omitted: omitted)
    }
}

/// Helpers of the geo:, OpenStreetMap, OsmAnd, OsmAnd API, Organic Maps and ge0 parsers and builders.
enum OSMLinkBytes {
    /// `text.lowercased() == word` for a lowercase ASCII `word` (ASCII folding for ASCII text; a
    /// non-ASCII letter such as the Kelvin sign may lower to ASCII).
    static func lowerEquals(_ text: LinkInput, _ word: String) -> Bool {
        text.isASCII ? text.equalsIgnoringCase(word) : text.string.lowercased() == word
    }

    /// The index of the first of `words` that `text` equals as ``lowerEquals(_:_:)`` decides, or nil.
    static func index(of text: LinkInput, in words: [ModeWord]) -> Int? { words.firstIndex { lowerEquals(text, $0.value) } }

    /// `missing-destination` naming `parameter` (default `keys[0]`): "this <format> has no <what>", then
    /// the likely typo of one of `keys`, or else "add <add>".
    static func missing(
        _ schema: ParameterSchema, _ query: LinkInput.Query, _ keys: [String], _ add: String,
        what: String = "destination", parameter: String? = nil
    ) -> DirectionsURLError {
        let hint = schema.likelyTypo(in: query, for: Set(keys))
        return DirectionsURLError(
            .missingDestination, parameter ?? keys[0],
            "this \(schema.format) has no \(what)" + (hint.map { "; found '\($0.found)': did you mean '\($0.expected)'?" } ?? "; add " + add))
    }

    /// The path after the host, without its first `/`, query or fragment: of an http(s) link, or of a
    /// link with an authority (`om://route?…` → `route`).
    static func path(of link: LinkInput.Parts, http: Bool) -> LinkInput {
        let rest = http ? link.bytes.path.dropFirst() : link.bytes.rest.dropFirst(2)
        return rest.prefix(rest.firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "#")) ?? rest.count)
    }

    /// The ends of a request for a link of coordinates: the start (nil: the current location) and the
    /// destination, each with its label.
    /// - Throws: `cannot-express`: "<needs> the destination's coordinates" naming `destination`, or
    ///   "<needs> <start>" naming `source` for an address.
    static func coordinateEnds(
        _ request: DirectionsRequest, _ needs: String, start: String
    ) throws(LinkBuildError) -> (start: (Coordinate, String?)?, end: Coordinate, endLabel: String?) {
        guard case .coordinate(let end, let endLabel, _, _) = request.destination else {
            throw LinkBuildError.cannot("destination", needs + " the destination's coordinates")
        }
        switch request.source {
        case .currentLocation: return (nil, end, endLabel)
        case .address: throw LinkBuildError.cannot("source", needs + " " + start)
        case .coordinate(let c, let label, _, _): return ((c, label), end, endLabel)
        }
    }
}
