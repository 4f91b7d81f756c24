// SPDX-License-Identifier: Apache-2.0
/// Windows Maps / Bing Maps route links (Microsoft, "Launch the Windows Maps app",
/// https://learn.microsoft.com/en-us/windows/uwp/launch-resume/launch-maps-app, `bingmaps:` parameter
/// reference), plus the same `rtp` on `https://www.bing.com/maps?…` (also `bing.com`, `/maps/default.aspx`).
///
/// - `rtp=<waypoint>~<waypoint>`: each point is `pos.<lat>_<lon>[_<title>]` or `adr.<address>`, split
///   on raw `~` then raw `_`, each piece decoded once (`%7E`, `%5F` stay data). A title's `_` is
///   double-encoded as `%255F` (Microsoft), so a decoded `%5F` becomes `_`. Microsoft's ABNF has two
///   points; `bing.com/maps` also draws middle points, read as waypoints.
/// - Current location: `rtp=~B` (empty first point, "the current location is prefilled"), an empty
///   `adr.`, or a current-location literal. `rtp=A~` → `missing-destination`.
/// - `mode`: ``modeVocabulary``, any case; else `unknown-mode`. View settings and unknown parameters are ignored.
/// - `ms-drive-to:?destination.latitude=&destination.longitude=&destination.name=` and `ms-walk-to:`:
///   guidance (``DirectionsRequest/navigate``) from the current location, mode Car or Pedestrian.
/// - `+` is literal under `bingmaps:` and `ms-*-to:` (ABNF `whereval`), a space on `bing.com/maps`
///   (form-encoded). Raw spaces (in Microsoft's examples) are accepted, not repaired.
/// - Repairs: none; every accepted spelling is documented by Microsoft or written by bing.com.
enum BingMapsLink {
    static let formatName = "Bing Maps link"
    /// The `bingmaps:` and `bing.com/maps` parameters (the ignored ones are never typos).
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("rtp", aliases: ["route", "rte", "rpt", "rtp1", "directions", "dest", "destination", "to"],
                "the route points, `~` between them: `pos.<lat>_<lon>[_<title>]` or `adr.<address>`"),
        .single("mode", "d (driving), w (walking) or t (transit), any case"),
        .ignored("cp", "the map centre"), .ignored("lvl", "the zoom level"), .ignored("bb", "the bounding box"), .ignored("sty", "the map style"),
        .ignored("trfc", "show traffic"), .ignored("where", "a search"), .ignored("q", "a search"), .ignored("collection", "a collection of points"),
        .ignored("rad", "a search radius"), .ignored("pit", "the pitch"), .ignored("hdg", "the heading"), .ignored("ss", "Streetside"),
        .ignored("form", "the referring form"), .ignored("v", "the version"), .ignored("style", "the map style"), .ignored("rtop", "route options"),
        .ignored("where1", "a search"), .ignored("sp", "points of interest"),
    ])
    /// The parameters of `ms-drive-to:` and `ms-walk-to:` (no typo guesses: a missing one is named).
    static let driveToSchema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("destination.latitude", "the destination's latitude, decimal degrees"),
        .single("destination.longitude", "the destination's longitude, decimal degrees"), .single("destination.name", "the destination's label"),
    ])

    /// One raw `rtp` point (escapes checked with the query): `adr.` or `pos.`, the first four `Character`s lowercased.
    private static func point(
        _ raw: LinkInput, role: RoutePoints.Role, plusAsSpace: Bool, _ parser: DirectionsURLParser
    ) throws(DirectionsURLError) -> Endpoint {
        if raw.isEmpty {
            if role == .source { return .currentLocation }
            throw DirectionsURLError(.invalidParameter, "rtp", "'rtp' has an empty point between two '~'; remove the extra '~'")
        }
        // A combining mark after the '.' makes the fourth Character another one.
        let mark = raw.count > 4 && raw[4] >= 0x80 && raw.string.prefix(4).unicodeScalars.count != 4
        if !mark, raw.prefix(4).equalsIgnoringCase("adr." as StaticString) {
            return try raw.dropFirst(4).withDecoded(plusAsSpace: plusAsSpace) { (text: LinkInput) throws(DirectionsURLError) -> Endpoint in
                if role == .source { return try parser.stopEndpoint(text, parameter: "rtp", source: true) }
                if text.isBlank { throw DirectionsURLError(.invalidParameter, "rtp", "an 'adr.' point in 'rtp' is empty; give an address after 'adr.'") }
                return .address(text.trimmed.string)
            }
        }
        if !mark, raw.prefix(4).equalsIgnoringCase("pos." as StaticString) { return try position(raw.dropFirst(4), plusAsSpace: plusAsSpace) }
        throw DirectionsURLError(.invalidParameter, "rtp", "'\(raw.shown)' in 'rtp' is not a route point; write pos.<lat>_<lon>[_<title>] or adr.<address>")
    }

    /// `<lat>_<lon>[_<title>]` after `pos.`, raw.
    private static func position(_ text: LinkInput, plusAsSpace: Bool) throws(DirectionsURLError) -> Endpoint {
        guard let (latText, rest) = text.split(at: UInt8(ascii: "_")) else {
            throw DirectionsURLError(.malformedNumber, "rtp", "'pos.\(text.shown)' in 'rtp' is not '<latitude>_<longitude>'; separate them with '_'")
        }
        let (lonText, titleText): (LinkInput, LinkInput?) = rest.split(at: UInt8(ascii: "_")).map { ($0.before, $0.after) } ?? (rest, nil)
        let c = try latText.withDecoded(plusAsSpace: false) { (lat: LinkInput) throws(DirectionsURLError) -> Coordinate in
            try lonText.withDecoded(plusAsSpace: false) { (lon: LinkInput) throws(DirectionsURLError) -> Coordinate in
                // (`decimal` refuses a ',' as it refuses any byte but digits, one '.' and a sign.)
                guard let la = lat.decimal, let lo = lon.decimal else {
                    throw DirectionsURLError(.malformedNumber, "rtp",
                        "'\(lat.shown)_\(lon.shown)' in 'rtp' is not '<latitude>_<longitude>' in decimal degrees (use '.' as the decimal separator)")
                }
                // In range: the coordinate itself; out of range: the text round trip builds the error.
                do {
                    return try Coordinate.validated(latitude: la, longitude: lo)
                } catch {
                    return try (LinkWriting.degrees(la) + "," + LinkWriting.degrees(lo)).coordinatePair(parameter: "rtp")
                }
            }
        }
        let title = titleText?.withDecoded(plusAsSpace: plusAsSpace) { (t: LinkInput) -> String? in t.isEmpty ? nil : replacingEncodedUnderscore(t) }
        return .coordinate(c, label: title ?? nil)
    }

    /// The decoded title `t` with `%5F` (any case) → `_`, Microsoft's second decoding, by `Character`s.
    private static func replacingEncodedUnderscore(_ t: LinkInput) -> String {
        guard t.contains(UInt8(ascii: "%")) else { return t.string }
        let pieces = t.string.split(separator: "%", omittingEmptySubsequences: false)
        return pieces.dropFirst().reduce(String(pieces[0])) { out, piece in
            out + (piece.prefix(2).uppercased() == "5F" ? "_" + piece.dropFirst(2) : "%" + piece)
        }
    }

    /// `ms-drive-to:` / `ms-walk-to:` (`walk`): guidance from the current location to a coordinate.
    static func parseDriveTo(_ link: LinkInput.Parts, walk: Bool) throws(DirectionsURLError) -> DirectionsRequest {
        let slots = driveToSchema.slots(try LinkInput.Query(link.bytes.query, plusAsSpace: false))
        let (lat, lon) = ("destination.latitude", "destination.longitude")
        let (latP, lonP, nameP) = (try slots.single(lat), try slots.single(lon), try slots.single("destination.name"))
        let latBlank = latP?.withValue { $0.isBlank } ?? true
        guard let latP, let lonP, !latBlank, !lonP.withValue({ $0.isBlank }) else {
            throw DirectionsURLError(.missingDestination, latBlank ? lat : lon, "this ms-\(walk ? "walk" : "drive")-to: link needs \(lat) and \(lon)")
        }
        func degrees(_ p: LinkInput.Query.Parameter, _ name: String) throws(DirectionsURLError) -> Double {
            if let value = p.withValue({ $0.trimmed.decimal }) { return value }
            throw DirectionsURLError(.malformedNumber, name, "'\(name)=\(DirectionsURLParser.shorten(p.value))' is not a decimal number of degrees")
        }
        let (la, lo) = (try degrees(latP, lat), try degrees(lonP, lon))
        let c: Coordinate
        do {
            c = try Coordinate.validated(latitude: la, longitude: lo)
        } catch .latitudeOutOfRange {
            throw DirectionsURLError(.latitudeOutOfRange, lat, "\(lat) \(latP.value) is outside -90...90 degrees")
        } catch {
            throw DirectionsURLError(.longitudeOutOfRange, lon, "\(lon) \(lonP.value) is outside -180...180 degrees and is not wrapped")
        }
        return DirectionsRequest(destination: .coordinate(c, label: nameP?.trimmedValue), mode: walk ? .pedestrian : .car, navigate: true)
    }
}

extension BingMapsLink: DirectionsLinkFormat {
    static var schemes: [String] { ["bingmaps", "ms-drive-to", "ms-walk-to"] }
    static var hosts: [String] { ["bing.com", "www.bing.com"] }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`bingmaps:?rtp=pos.LAT_LON_TITLE~adr.ADDRESS&mode=…`",
                "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w"),
            LinkForm(.route, "`bingmaps:?rtp=~pos.LAT_LON` (from the current location)", "bingmaps:?rtp=~pos.47.6205_-122.3493_Space%20Needle&mode=d"),
            LinkForm(.route, "`bing.com/maps?rtp=…`", "https://www.bing.com/maps?rtp=adr.~pos.38.6270_-90.1994_Gateway+Arch&mode=W"),
            LinkForm(.route, "`ms-drive-to:?destination.latitude=…&destination.longitude=…&destination.name=…`",
                "ms-drive-to:?destination.latitude=47.680504&destination.longitude=-122.328262&destination.name=Green%20Lake"),
            LinkForm(.route, "`ms-walk-to:?destination.latitude=…&destination.longitude=…`",
                "ms-walk-to:?destination.latitude=47.6205&destination.longitude=-122.3493"),
        ]
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "ms-drive-to" || link.scheme == "ms-walk-to" { return try parseDriveTo(link, walk: link.scheme == "ms-walk-to") }
        // bing.com/maps is form-encoded.
        let (web, path) = (link.scheme != "bingmaps", link.bytes.path)
        guard !web || path.equalsIgnoringCase("/maps") || path.equalsIgnoringCase("/maps/") || path.equalsIgnoringCase("/maps/default.aspx") else {
            throw DirectionsURLError(.notADirectionsLink, "path", "'\(path.shown)' is not Bing Maps; route links are https://www.bing.com/maps?rtp=…")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: web)
        let slots = schema.slots(query)
        guard let rtp = try slots.single("rtp"), !rtp.rawValue.isEmpty else {
            if schema.hint(in: query, for: "rtp") == nil, ["cp", "where", "q", "collection"].contains(where: slots.contains) {
                throw DirectionsURLError(.notADirectionsLink, "rtp", "this \(formatName) shows a map or a search, not a route; routes use rtp=<from>~<to>")
            }
            throw schema.missing("'rtp'", "rtp", in: query, add: "rtp=~pos.<lat>_<lon> or rtp=~adr.<address>")
        }
        let value = rtp.rawValue
        guard value.contains(UInt8(ascii: "~")) else {
            throw DirectionsURLError(
                .missingDestination, "rtp", "'rtp' has one point and no '~'; write rtp=<from>~<to>, or rtp=~<to> to start at the current location")
        }
        guard value.last != UInt8(ascii: "~") else {
            throw DirectionsURLError(
                .missingDestination, "rtp", "'rtp' ends with '~' and gives no destination; write rtp=<from>~pos.<lat>_<lon> or ~adr.<address>")
        }
        return try RoutePoints.request(value.pieces(separatedBy: UInt8(ascii: "~"))) { (piece, role) throws(DirectionsURLError) in
            try point(piece, role: role, plusAsSpace: web, context.parser)
        } mode: { () throws(DirectionsURLError) -> ModeWord? in
            try modeVocabulary.word(of: slots.single("mode"), name: "mode", notA: "is not a Windows Maps mode; use d (driving), w (walking) or t (transit)")
        }
    }

    static var format: LinkFormat { .bing }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("mode", "d", mode: .car), ModeWord("mode", "w", mode: .pedestrian), ModeWord("mode", "t", mode: nil, transportType: .transit),
    ]

    /// `bingmaps:?rtp=<from>~<to>&mode=d|w|t`, or `ms-drive-to:`/`ms-walk-to:` for guidance from the
    /// current location to a coordinate by car or on foot. Titles: `_` → `%255F`, `~` → `%7E`, space → `%20`.
    /// - Throws: `cannot-express` when the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let noRoadOptions = "Windows Maps links carry no road options"
        var omitted: [String] = []
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a Windows Maps route cannot end at the current location", field: "destination")
        }
        if request.navigate, request.source == .currentLocation, request.waypoints.isEmpty,
           request.mode == .car || request.mode == .pedestrian,
           case .coordinate(let c, let label, let id, _) = request.destination {
            if id != nil { omitted.append("destination place id: Windows Maps links carry none") }
            omitted += OmittedFields.uncarried(request, navigate: nil, avoid: noRoadOptions, dates: "Windows Maps links")
            var url = (request.mode == .car ? "ms-drive-to:?" : "ms-walk-to:?") + "destination.latitude=" + LinkWriting.degrees(c.latitude)
                + "&destination.longitude=" + LinkWriting.degrees(c.longitude)
            if let label { url += "&destination.name=" + LinkWriting.encode(label) }
            return BuiltLink(url: url, format: .bing, omitted: omitted)
        }
        func text(_ e: Endpoint, field: String) -> String {
            if e.placeID != nil { omitted.append("\(field) place id: Windows Maps links carry none") }
            switch e {
            case .currentLocation: return ""
            case .coordinate(let c, let label, _, _):
                let s = "pos." + LinkWriting.degrees(c.latitude) + "_" + LinkWriting.degrees(c.longitude)
                guard let label, !label.isEmpty else { return s }
                if !label.uppercased().contains("%5F") { return s + "_" + LinkWriting.encode(label).escaping("~", as: "%7E").escaping("_", as: "%255F") }
                omitted.append("\(field) label: it contains the text '%5F', which Windows Maps reads as '_'")
                return s
            case .address(let t, _): return "adr." + LinkWriting.encode(t).escaping("~", as: "%7E")
            }
        }
        var url = "bingmaps:?rtp=" + text(request.source, field: "source") + "~" + text(request.destination, field: "destination")
        if !request.waypoints.isEmpty { omitted.append("waypoints: a Windows Maps route has exactly two points") }
        url += LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Windows Maps", omitted: &omitted).map { "&mode=" + $0.value } ?? ""
        omitted += OmittedFields.uncarried(
            request, navigate: "only ms-drive-to:/ms-walk-to: from the current location to a coordinate start guidance",
            avoid: noRoadOptions, dates: "Windows Maps links")
        return BuiltLink(url: url, format: .bing, omitted: omitted)
    }
}
