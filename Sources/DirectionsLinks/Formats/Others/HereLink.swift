// SPDX-License-Identifier: Apache-2.0
/// HERE WeGo route links (HERE Deeplinking API, "Sharing a Route",
/// https://developer.here.com/documentation/deeplink-web/topics/share-route.html):
/// `https://share.here.com/r/<waypoint>/<waypoint>[/…]?m=<mode>&a=<avoid,…>`; also the app scheme seen
/// in the wild, `here-route://<waypoint>/<waypoint>?m=d` (WunderLINQ NavAppHelper), and
/// `https://wego.here.com/directions/<mode>/<waypoint>/<waypoint>` (seen, not documented).
///
/// - Waypoints are path segments: the first is the departure, the last the destination (HERE). Each
///   is `latitude,longitude[,title]` (the title is everything after the second comma), or
///   `mylocation` (any case) or a current-location literal as **any** waypoint. A place sharing id
///   (`s-…`) → `unresolvable-offline`. Fewer than two waypoints → `missing-destination`.
/// - Decoding: the raw path is split on raw `/` and the first two raw `,`, then each piece is decoded
///   once (`%2F`, `%2C` in a title stay data). `+` is literal, except in `wego.here.com` segments.
///   Repair: an encoded comma in a coordinate (`52.5%2C13.4`), `repaired-syntax`.
/// - `m`: ``modeVocabulary`` (`cs` is car sharing); others → `unknown-mode`. wego path modes:
///   ``wegoModes`` (`mix`: no mode).
/// - `a` (comma-separated): `tollroad` → tolls, `motorway` → highways, `boatFerry` and `railFerry` →
///   ferries; `tunnel` and `dirtRoad` have no MapKit meaning → `ignored-value` repair; anything else →
///   `invalid-parameter`. `z`, `t` (map type), `ref` are view or referrer data and ignored.
///
/// Places and map views (forms read as GeoShare reads them, `HereWeGoUriInput.kt` and its tests,
/// github.com/jakubvalenta/geoshare; HERE "Sharing a Location"):
/// - `https://share.here.com/l/<lat>,<lon>[,<title>]` (also on wego.here.com): a place, the title its label.
/// - `https://share.here.com/p/<letter>-<base64>` and `https://wego.here.com/p/…`: a place code, decoded offline;
///   `e-` codes hold JSON (`{"latitude":-38.14749,"longitude":145.14347,…}`), `s-` codes `;`-separated
///   `key=value` pairs (`c=postal-area;lat=50.10957;lon=14.44122;n=Praha+7;h=…`, `n` the name, form-encoded).
///   A code without coordinates → `unresolvable-offline`. The `map=` next to it is a view; the place wins.
/// - `https://wego.here.com/?map=<lat>,<lon>,<zoom>[,<type>]`: a map view only, its centre an approximate destination
///   (`viewport-as-destination`; strict: the error).
/// - `here-place:` is not read: no source shows HERE writing it.
enum HereLink {
    static let formatName = "HERE route link"

    /// One raw waypoint segment (split at raw `,`, then each piece decoded).
    private static func waypoint(_ raw: LinkInput, plusAsSpace: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> Endpoint {
        if raw.isEmpty { throw DirectionsURLError(.invalidParameter, "path", "the route has an empty waypoint ('//'); remove the extra '/'") }
        if raw.equalsIgnoringCase("mylocation") { return .currentLocation }
        if raw.hasPrefix("s-") {
            throw DirectionsURLError(.unresolvableOffline, "path",
                "'\(raw.shown)' is a HERE place sharing id, which only HERE's servers can resolve; write <lat>,<lon>[,title] instead")
        }
        guard let (latText, afterLat) = raw.split(at: UInt8(ascii: ",")) else {
            return try LinkInput.withBytesThrowing(of: try raw.decoded(plusAsSpace: plusAsSpace, parameter: "path")) { (text) throws(DirectionsURLError) in
                if text.contains(UInt8(ascii: ",")), let c = try? CoordinateText.parsePair(text, parameter: "path") {
                    try context.repair(.repairedSyntax, "the waypoint '\(raw)' encodes its comma as %2C; write it as <lat>,<lon>", parameter: "path")
                    return .coordinate(c, label: nil)
                }
                if context.parser.currentLocationLiterals.matches(text), !text.isBlank { return .currentLocation }
                if plusAsSpace && !CoordinateText.isNumberLike(text) && !text.isEmpty { return .address(text.trimmed.string) }
                throw DirectionsURLError(.malformedNumber, "path", "the waypoint '\(text.shown)' is not '<latitude>,<longitude>[,title]' or 'mylocation'")
            }
        }
        let (lonText, titleText): (LinkInput, LinkInput?) = afterLat.split(at: UInt8(ascii: ",")).map { ($0.before, $0.after) } ?? (afterLat, nil)
        let (lat, lon) = (try latText.decoded(plusAsSpace: false, parameter: "path"), try lonText.decoded(plusAsSpace: false, parameter: "path"))
        if plusAsSpace, LinkInput.withBytes(of: lat, { $0.trimmed.decimal }) == nil {
            // wego segments may be addresses ("Munich,Hauptstraße+12").
            return try LinkInput.withBytesThrowing(of: try raw.decoded(plusAsSpace: true, parameter: "path")) { (text) throws(DirectionsURLError) in
                try CoordinateText.classify(text, parameter: "path").map { .coordinate($0, label: nil) } ?? .address(text.trimmed.string)
            }
        }
        let c = try (lat + "," + lon).coordinatePair(parameter: "path")
        let title = try titleText?.decoded(plusAsSpace: plusAsSpace, parameter: "path")
        return .coordinate(c, label: title?.isEmpty == false ? title : nil)
    }

    /// The place and map-view forms (nil for any other path): `/l/<lat>,<lon>[,<title>]`, `/p/<letter>-<base64>`
    /// (a place code decoded offline), and wego's bare `/?map=<lat>,<lon>,<zoom>[,<type>]` (a map view).
    private static func place(
        _ parts: [LinkInput], _ query: LinkInput.Query, wego: Bool, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest? {
        if parts.count >= 3, parts[1].equals("l") {
            guard case .coordinate(let c, let label, _, _) = try waypoint(parts[2], plusAsSpace: false, &context) else {
                throw DirectionsURLError(.malformedNumber, "path", "a HERE location link is /l/<latitude>,<longitude>[,title]")
            }
            return DirectionsRequest(destination: .coordinate(c, label: label))
        }
        if parts.count >= 3, parts[1].equals("p") { return DirectionsRequest(destination: try placeCode(parts[2])) }
        if wego, parts.count <= 2, parts.allSatisfy(\.isEmpty), let map = try query.single("map", format: formatName) {
            let centre = try map.withValue { (v: LinkInput) throws(DirectionsURLError) in try PlaceLinkReading.leadingPair(v, lonFirst: false, parameter: "map") }
            return DirectionsRequest(destination: try context.mapViewDestination(centre, view: "map=" + DirectionsURLParser.shorten(map.value), parameter: "map"))
        }
        return nil
    }

    /// A `/p/` place code: one letter, `-`, then base64 of either JSON (`{"latitude":…,"longitude":…}`,
    /// `e-` codes) or `;`-separated `key=value` pairs (`lat`, `lon`, `n` the name, form-encoded; `s-` codes).
    /// - Throws: `invalid-parameter` when the code is not base64; `unresolvable-offline` when it holds no coordinates.
    private static func placeCode(_ segment: LinkInput) throws(DirectionsURLError) -> Endpoint {
        guard segment.count > 2, segment[1] == UInt8(ascii: "-"), let bytes = PlaceLinkReading.base64(segment.dropFirst(2)) else {
            throw DirectionsURLError(.invalidParameter, "path", "'\(segment.shown)' is not a HERE place code (<letter>-<base64>)")
        }
        var (lat, lon, name): (Double?, Double?, String?) = (nil, nil, nil)
        if bytes.first == UInt8(ascii: "{") {
            (lat, lon) = (PlaceLinkReading.jsonNumber(bytes, key: "latitude"), PlaceLinkReading.jsonNumber(bytes, key: "longitude"))
        } else {
            try LinkInput.withBytesThrowing(of: String(decoding: bytes, as: UTF8.self)) { (text: LinkInput) throws(DirectionsURLError) in
                for piece in text.pieces(separatedBy: UInt8(ascii: ";")) {
                    guard let (key, value) = piece.split(at: UInt8(ascii: "=")) else { continue }
                    if key.equals("lat") { lat = value.trimmed.decimal }
                    else if key.equals("lon") { lon = value.trimmed.decimal }
                    else if key.equals("n") { name = try value.decoded(plusAsSpace: true, parameter: "path", what: "place name") }
                }
            }
        }
        guard let lat, let lon else {
            throw DirectionsURLError(.unresolvableOffline, "path", "the HERE place code '\(segment.shown)' holds no coordinates; only HERE's servers can resolve it")
        }
        guard let c = try? Coordinate.validated(latitude: lat, longitude: lon) else {
            throw DirectionsURLError(lat.magnitude <= 90 ? .longitudeOutOfRange : .latitudeOutOfRange, "path",
                "the HERE place code holds \(lat),\(lon), which is not a WGS84 coordinate")
        }
        return .coordinate(c, label: name.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The query options of every HERE link (the points are in the path).
    static let optionSchema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("m", "the routing mode"), .single("a", "what to avoid, comma-separated"),
    ])

    /// The wego path modes, by their lowercased word.
    static let wegoModes: [String: (DirectionsMode?, TransportType?)] = [
        "mix": (nil, nil), "drive": (.car, .automobile), "walk": (.pedestrian, .walking), "publictransport": (nil, .transit), "bicycle": (.bike, .cycling),
    ]
}

extension HereLink: DirectionsLinkFormat {
    static var schemes: [String] { ["here-route"] }
    static var hosts: [String] { ["share.here.com", "wego.here.com"] }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        var (segments, plusAsSpace, wegoMode): ([LinkInput], Bool, (DirectionsMode?, TransportType?)?) = ([], false, nil)
        if link.scheme == "here-route" {
            // The first waypoint sits where a host would be: read the raw text so titles keep their case.
            let rest = link.bytes.rest
            let body = rest.prefix(rest.firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "#")) ?? rest.count)
            guard body.hasPrefix("//") else { throw DirectionsURLError(.malformedURL, "path", "write here-route://<waypoint>/<waypoint>") }
            // Two Characters dropped: a combining mark after "//" goes with the second '/'.
            let start = body.count > 2 && body[2] >= 0x80 ? body.string.utf8.count - body.string.dropFirst(2).utf8.count : 2
            segments = body.dropFirst(start).splitPieces(separatedBy: UInt8(ascii: "/"))
        } else {
            // `/directions/<mode>/<waypoint>/…` on wego.here.com, `/r/<waypoint>/…` on share.here.com.
            let wego = link.host == "wego.here.com"
            let parts = link.bytes.path.splitPieces(separatedBy: UInt8(ascii: "/"))
            if let place = try place(parts, query, wego: wego, &context) { return place }
            wegoMode = wego && parts.count >= 3 ? wegoModes[parts[2].string.lowercased()] : nil
            guard parts.count >= 2, parts[1].equalsIgnoringCase(wego ? "directions" : "r"), !wego || wegoMode != nil else {
                throw DirectionsURLError(.notADirectionsLink, "path", wego
                    ? "this wego.here.com link is not a route, a place (/p/…) or a map view (?map=…); routes are /directions/<mode>/<from>/<to>"
                    : "this share.here.com link is not a route or a place; routes are https://share.here.com/r/<from>/<to>, places /l/<lat>,<lon>")
            }
            plusAsSpace = wego
            segments = Array(parts.dropFirst(wego ? 3 : 2))
        }
        if segments.count > 1, segments[segments.count - 1].isEmpty { segments.removeLast() }
        guard segments.count >= 2 else {
            throw DirectionsURLError(
                .missingDestination, "path", "a HERE route needs two or more waypoints (the first is the start); write /r/mylocation/<lat>,<lon>")
        }
        let points = try segments.map { (segment) throws(DirectionsURLError) in try waypoint(segment, plusAsSpace: plusAsSpace, &context) }
        let keys = optionSchema.slots(query)
        let word = try modeVocabulary.word(of: keys.single("m"), name: "m", notA: "is not a HERE routing mode; use d, w, pt, b, cs or t")
        var avoid: Set<RouteAvoidance> = []
        try keys.single("a")?.withValue { (value: LinkInput) throws(DirectionsURLError) in
            for piece in value.pieces(separatedBy: UInt8(ascii: ",")) {
                let v = piece.trimmed.string
                switch v.lowercased() {
                case "": break
                case "tollroad": avoid.insert(.tolls)
                case "motorway": avoid.insert(.highways)
                case "boatferry", "railferry": avoid.insert(.ferries)
                case "tunnel", "dirtroad": try context.repair(.ignoredValue, "'a=\(v)' has no MapKit meaning and is ignored", parameter: "a")
                default:
                    throw DirectionsURLError(.invalidParameter, "a", "'\(DirectionsURLParser.shorten(v))' in 'a' is not a HERE avoid value; "
                        + "use tunnel, motorway, boatFerry, tollroad, dirtRoad or railFerry")
                }
            }
        }
        // Every word has a mode or a transport type; without one, the wego path's mode.
        let (mode, transport) = word.map { ($0.mode, $0.transportType) } ?? wegoMode ?? (nil, nil)
        return DirectionsRequest(source: points[0], destination: points[points.count - 1], waypoints: Array(points.dropFirst().dropLast()),
                                 mode: mode, transportType: transport, avoid: avoid)
    }

    static var format: LinkFormat { .here }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`share.here.com/r/LAT,LON[,TITLE]/LAT,LON[,TITLE]?m=…`",
                "https://share.here.com/r/52.5163,13.3777,Brandenburg%20Gate/52.5186,13.3762?m=w"),
            LinkForm(.route, "`here-route://mylocation/LAT,LON[,TITLE]`", "here-route://mylocation/52.5186,13.3762,Reichstag?m=d"),
            LinkForm(.route, "`wego.here.com/directions/MODE/FROM/TO`", "https://wego.here.com/directions/walk/mylocation/52.5186,13.3762"),
            LinkForm(.place, "`share.here.com/l/LAT,LON[,TITLE]`", "https://share.here.com/l/52.5163,13.3777,Brandenburg%20Gate?z=16"),
            LinkForm(.place, "`share.here.com/p/s-BASE64` (`lat=…;lon=…;n=NAME`)",
                "https://share.here.com/p/s-Yz1zaWdodDtsYXQ9NTIuNTE2Mztsb249MTMuMzc3NztuPUJyYW5kZW5idXJnZXIrVG9y"),
            LinkForm(.place, "`wego.here.com/p/e-BASE64` (JSON `latitude`, `longitude`)",
                "https://wego.here.com/p/e-eyJsYXRpdHVkZSI6NTIuNTE4NiwibG9uZ2l0dWRlIjoxMy4zNzYyfQ==?map=52.5186,13.3762,15,normal"),
            LinkForm(.mapView, "`wego.here.com/?map=LAT,LON,ZOOM[,TYPE]`", "https://wego.here.com/?map=52.5163,13.3777,15,normal"),
        ]
    }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("m", "d", mode: .car), ModeWord("m", "w", mode: .pedestrian), ModeWord("m", "pt", mode: nil, transportType: .transit),
        ModeWord("m", "b", mode: .bike), ModeWord("m", "cs", mode: .rideShare), ModeWord("m", "t", mode: .taxi),
    ]

    /// `https://share.here.com/r/<wp>/<wp>?m=<word>&a=<avoid>`: `mylocation` or `<lat>,<lon>[,<title>]`
    /// (title percent-encoded, commas and slashes too); `a` in the order `tollroad`, `motorway`, ferries.
    /// - Throws: `cannot-express` when the source or destination is an address (HERE route links need
    ///   coordinates); an address waypoint is left out and listed in `omitted`.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, _ field: String) throws(LinkBuildError) -> String? {
            switch e {
            case .currentLocation: return "mylocation"
            case .coordinate(let c, let label, let id, _):
                if id != nil { omitted.append("\(field) place id: HERE route links carry none") }
                return LinkWriting.pair(c) + (label.flatMap { $0.isEmpty ? nil : "," + LinkWriting.encode($0) } ?? "")
            case .address:
                if field == "source" || field == "destination" {
                    throw LinkBuildError(code: .cannotExpress, message: "HERE route links need coordinates or mylocation, not an address", field: field)
                }
                omitted.append("\(field): an address, which HERE route links cannot carry")
                return nil
            }
        }
        let segments = try request.points(text)
        var pairs = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "HERE", omitted: &omitted).map { [("m", $0.value)] } ?? []
        let avoid = request.avoid.sorted().flatMap { $0 == .tolls ? ["tollroad"] : $0 == .highways ? ["motorway"] : ["boatFerry", "railFerry"] }
        if !avoid.isEmpty { pairs.append(("a", avoid.joined(separator: ","))) }
        omitted += OmittedFields.uncarried(request, navigate: "HERE share links cannot start guidance", avoid: nil, dates: "HERE share links")
        var url = "https://share.here.com/r/" + segments.joined(separator: "/")
        if !pairs.isEmpty { url += "?" + LinkWriting.query(pairs) }
        return BuiltLink(url: url, format: .here, omitted: omitted)
    }
}
