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
/// - `m`: `d` → Car, `w` → Pedestrian, `pt` → transport type Transit, `b` → Bike, `cs` (car sharing)
///   → RideShare, `t` → Taxi; others → `unknown-mode`.
///   wego path modes: `drive`, `walk`, `publicTransport`, `bicycle`, `mix` (no mode).
/// - `a` (comma-separated): `tollroad` → tolls, `motorway` → highways, `boatFerry` and `railFerry` →
///   ferries; `tunnel` and `dirtRoad` have no MapKit meaning → `ignored-value` repair; anything else →
///   `invalid-parameter`. `z`, `t` (map type), `ref` are view or referrer data and ignored.
enum HereLink {
    static let formatName = "HERE route link"

    static func parseWaypoints(
        _ segments: ArraySlice<Substring>, plusAsSpace: Bool, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> (Endpoint, [Endpoint], Endpoint) {
        guard segments.count >= 2 else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "a HERE route needs two or more waypoints (the first is the start); write /r/mylocation/<lat>,<lon>",
                parameter: "path")
        }
        var points: [Endpoint] = []
        points.reserveCapacity(segments.count)
        for segment in segments {
            points.append(try waypoint(segment, plusAsSpace: plusAsSpace, &context))
        }
        let destination = points.removeLast()
        let source = points.removeFirst()
        return (source, points, destination)
    }

    private static func waypoint(_ raw: Substring, plusAsSpace: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> Endpoint {
        if raw.isEmpty {
            throw DirectionsURLError(code: .invalidParameter, message: "the route has an empty waypoint ('//'); remove the extra '/'", parameter: "path")
        }
        if LinkInput.lowerEquals(raw, "mylocation") { return .currentLocation }
        if LinkInput.hasPrefix(raw, "s-") {
            throw DirectionsURLError(
                code: .unresolvableOffline,
                message: "'\(DirectionsURLParser.shorten(String(raw)))' is a HERE place sharing id, which only HERE's servers can resolve; write <lat>,<lon>[,title] instead",
                parameter: "path")
        }
        // Latitude, longitude and the title (commas and all), without an array.
        guard let (latText, lonText, titleText) = LinkInput.splitThree(raw, UInt8(ascii: ",")) else {
            let decoded = try PercentDecoding.decode(raw, plusAsSpace: plusAsSpace, parameter: "path")
            if LinkInput.contains(Substring(decoded), UInt8(ascii: ",")), let c = try? CoordinateText.parsePair(Substring(decoded), parameter: "path") {
                try context.repair(.repairedSyntax, "the waypoint '\(raw)' encodes its comma as %2C; write it as <lat>,<lon>", parameter: "path")
                return .coordinate(c, label: nil)
            }
            if context.parser.currentLocationLiterals.matches(decoded), !DirectionsURLParser.trimmed(decoded).isEmpty {
                return .currentLocation
            }
            if plusAsSpace && CoordinateText.isNumberLike(Substring(decoded)) == false && !decoded.isEmpty {
                return .address(DirectionsURLParser.trimmed(decoded))
            }
            throw DirectionsURLError(
                code: .malformedNumber,
                message: "the waypoint '\(DirectionsURLParser.shorten(decoded))' is not '<latitude>,<longitude>[,title]' or 'mylocation'",
                parameter: "path")
        }
        // Without '%' (and with '+' literal) decoding gives the text back: no String is built.
        let lat = try LinkInput.decoded(latText, parameter: "path")
        let lon = try LinkInput.decoded(lonText, parameter: "path")
        if plusAsSpace, CoordinateText.decimal(LinkInput.trimmed(lat)) == nil {
            // wego segments may be addresses ("Munich,Hauptstraße+12").
            let text = try PercentDecoding.decode(raw, plusAsSpace: true, parameter: "path")
            if let c = try CoordinateText.classify(text, parameter: "path") { return .coordinate(c, label: nil) }
            return .address(DirectionsURLParser.trimmed(text))
        }
        let c: Coordinate
        if let quick = LinkInput.quickPair(lat, lon) {
            c = quick
        } else {
            c = try CoordinateText.parsePair(Substring(String(lat) + "," + String(lon)), parameter: "path")
        }
        var label: String? = nil
        if let titleText {
            let t = try PercentDecoding.decode(titleText, plusAsSpace: plusAsSpace, parameter: "path")
            label = t.isEmpty ? nil : t
        }
        return .coordinate(c, label: label)
    }

    /// The query options of every HERE link (the points are in the path or `waypoint0`…).
    static let optionSchema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("m", "the routing mode"),
        .single("a", "what to avoid, comma-separated"),
    ])

    static func options(_ query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) -> (DirectionsMode?, TransportType?, Set<RouteAvoidance>) {
        var mode: DirectionsMode? = nil
        var transport: TransportType? = nil
        let keys = optionSchema.slots(query)
        if let m = try keys.single("m") {
            // No non-ASCII text lowercases to an ASCII mode word: byte comparison ignoring ASCII case is exact.
            let index = try m.modeWord(
                name: "m", emptyIsUnset: true, notA: "is not a HERE routing mode; use d, w, pt, b, cs or t"
            ) { value in
                let i = modeIndex(value)
                return i < 0 ? nil : i
            }
            if let index {
                mode = modeVocabulary[index].mode
                transport = modeVocabulary[index].transportType
            }
        }
        var avoid: Set<RouteAvoidance> = []
        if let a = try keys.single("a") {
            try a.withValue { (value: LinkInput) throws(DirectionsURLError) in
                // Non-ASCII text is split at ',' bytes and lowercased as a String.
                guard value.isASCII else {
                    for piece in LinkInput.split(value.substring, UInt8(ascii: ","), omittingEmpty: true) {
                        try avoidance(DirectionsURLParser.trimmed(String(piece)), &avoid, &context)
                    }
                    return
                }
                for piece in value.pieces(separatedBy: UInt8(ascii: ",")) where !piece.isEmpty {
                    let v = piece.trimmed
                    if v.isEmpty { continue }
                    if v.equalsIgnoringCase("tollroad") { avoid.insert(.tolls) }
                    else if v.equalsIgnoringCase("motorway") { avoid.insert(.highways) }
                    else if v.equalsIgnoringCase("boatferry") || v.equalsIgnoringCase("railferry") { avoid.insert(.ferries) }
                    else { try avoidance(v.string, &avoid, &context) }
                }
            }
        }
        return (mode, transport, avoid)
    }

    /// The index in ``modeVocabulary`` of the `m` word `value` (any ASCII case), or -1.
    private static func modeIndex(_ value: LinkInput) -> Int {
        switch value.count {
        case 1:
            switch LinkInput.lower(value[0]) {
            case UInt8(ascii: "d"): return 0
            case UInt8(ascii: "w"): return 1
            case UInt8(ascii: "b"): return 3
            case UInt8(ascii: "t"): return 5
            default: return -1
            }
        case 2:
            let a = LinkInput.lower(value[0])
            let b = LinkInput.lower(value[1])
            if a == UInt8(ascii: "p") && b == UInt8(ascii: "t") { return 2 }
            if a == UInt8(ascii: "c") && b == UInt8(ascii: "s") { return 4 }
            return -1
        default:
            return -1
        }
    }

    /// Adds the `a` value `v` (trimmed) to `avoid`, or records or throws why it cannot be.
    private static func avoidance(
        _ v: String, _ avoid: inout Set<RouteAvoidance>, _ context: inout ParseContext
    ) throws(DirectionsURLError) {
        switch v.lowercased() {
        case "": break
        case "tollroad": avoid.insert(.tolls)
        case "motorway": avoid.insert(.highways)
        case "boatferry", "railferry": avoid.insert(.ferries)
        case "tunnel", "dirtroad":
            try context.repair(.ignoredValue, "'a=\(v)' has no MapKit meaning and is ignored", parameter: "a")
        default:
            throw DirectionsURLError(
                code: .invalidParameter,
                message: "'\(DirectionsURLParser.shorten(v))' in 'a' is not a HERE avoid value; use tunnel, motorway, boatFerry, tollroad, dirtRoad or railFerry",
                parameter: "a")
        }
    }

    static let wegoModes: [String: (DirectionsMode?, TransportType?)] = [
        "mix": (nil, nil), "drive": (.car, .automobile), "walk": (.pedestrian, .walking),
        "publictransport": (nil, .transit), "bicycle": (.bike, .cycling),
    ]
}

extension HereLink: DirectionsLinkFormat {
    static var schemes: [String] { ["here-route"] }
    static var hosts: [String] { ["share.here.com", "wego.here.com"] }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        if let request = try asciiRoute(link, query, &context) { return request }
        return try characterRoute(link, query, &context)
    }

    /// The request of the waypoints read, with `m` and `a` of `query`, or the mode of a wego path.
    @inline(__always)
    private static func request(
        source: Endpoint, waypoints: [Endpoint], destination: Endpoint, wegoMode: (DirectionsMode?, TransportType?)?,
        _ query: LinkInput.Query, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest {
        var (mode, transport, avoid) = try options(query, &context)
        if let wegoMode, mode == nil, transport == nil { (mode, transport) = wegoMode }
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport, avoid: avoid)
    }

    /// ``characterRoute(_:_:_:)`` over the bytes, or nil when the split text is not ASCII.
    private static func asciiRoute(
        _ link: LinkInput.Parts, _ query: LinkInput.Query, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest? {
        /// The segments after the route's prefix, separated by '/'; nil for none.
        let segments: LinkInput?
        var plusAsSpace = false
        var wegoMode: (DirectionsMode?, TransportType?)? = nil
        if link.scheme == "here-route" {
            let rest = link.bytes.rest
            let cut = rest.firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "#")) ?? rest.count
            let body = rest.prefix(cut)
            // A combining mark after the '?' or '#' would make it another Character.
            guard body.isASCII, cut &+ 1 >= rest.count || rest[cut &+ 1] < 0x80 else { return nil }
            guard body.hasPrefix("//") else {
                throw DirectionsURLError(code: .malformedURL, message: "write here-route://<waypoint>/<waypoint>", parameter: "path")
            }
            segments = body.dropFirst(2)
        } else if link.host == "wego.here.com" {
            let path = link.bytes.path
            guard path.isASCII else { return nil }
            // `/directions/<mode>/<waypoint>/…`: pieces 1 and 2 of the path, then the rest.
            var mode: (DirectionsMode?, TransportType?)? = nil
            var rest: LinkInput? = nil
            if let (_, afterFirst) = path.split(at: UInt8(ascii: "/")), let (word, afterSecond) = afterFirst.split(at: UInt8(ascii: "/")),
               word.equalsIgnoringCase("directions") {
                let modeWord: LinkInput
                if let (before, after) = afterSecond.split(at: UInt8(ascii: "/")) {
                    modeWord = before
                    rest = after
                } else {
                    modeWord = afterSecond
                }
                mode = Self.wegoMode(named: modeWord)
            }
            guard let mode else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this wego.here.com link is not a route; routes are /directions/<mode>/<from>/<to>",
                    parameter: "path")
            }
            wegoMode = mode
            plusAsSpace = true
            segments = rest
        } else {
            let path = link.bytes.path
            guard path.isASCII else { return nil }
            // `/r/<waypoint>/…`: piece 1 of the path, then the rest.
            var word = LinkInput.empty
            var rest: LinkInput? = nil
            var found = false
            if let (_, afterFirst) = path.split(at: UInt8(ascii: "/")) {
                found = true
                if let (before, after) = afterFirst.split(at: UInt8(ascii: "/")) {
                    word = before
                    rest = after
                } else {
                    word = afterFirst
                }
            }
            guard found, word.equalsIgnoringCase("r") else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this share.here.com link is not a route; routes are https://share.here.com/r/<from>/<to>",
                    parameter: "path")
            }
            segments = rest
        }
        var text = segments ?? .empty
        var count = segments == nil ? 0 : text.count(of: UInt8(ascii: "/")) &+ 1
        // An empty last segment (a trailing '/') is dropped.
        if count > 1, text.last == UInt8(ascii: "/") {
            text = text.dropLast()
            count &-= 1
        }
        guard count >= 2 else { throw tooFewWaypoints }
        var source = Endpoint.currentLocation
        var destination = Endpoint.currentLocation
        var waypoints: [Endpoint] = []
        if count > 2 { waypoints.reserveCapacity(count &- 2) }
        var i = 0
        for segment in text.pieces(separatedBy: UInt8(ascii: "/")) {
            let point = try waypoint(segment, plusAsSpace: plusAsSpace, &context)
            if i == 0 {
                source = point
            } else if i == count &- 1 {
                destination = point
            } else {
                waypoints.append(point)
            }
            i &+= 1
        }
        return try request(source: source, waypoints: waypoints, destination: destination, wegoMode: wegoMode, query, &context)
    }

    /// The meaning of a wego path mode (`drive`, …), or nil.
    private static func wegoMode(named word: LinkInput) -> (DirectionsMode?, TransportType?)? {
        if word.equalsIgnoringCase("mix") { return (nil, nil) }
        if word.equalsIgnoringCase("drive") { return (.car, .automobile) }
        if word.equalsIgnoringCase("walk") { return (.pedestrian, .walking) }
        if word.equalsIgnoringCase("publictransport") { return (nil, .transit) }
        if word.equalsIgnoringCase("bicycle") { return (.bike, .cycling) }
        return nil
    }

    /// The error of a route with fewer than two waypoints.
    private static var tooFewWaypoints: DirectionsURLError {
        DirectionsURLError(
            code: .missingDestination,
            message: "a HERE route needs two or more waypoints (the first is the start); write /r/mylocation/<lat>,<lon>",
            parameter: "path")
    }

    /// One ASCII waypoint segment, raw.
    private static func waypoint(_ raw: LinkInput, plusAsSpace: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> Endpoint {
        // Latitude, longitude and the title (commas and all); without a comma, the text way.
        guard let (latText, afterLat) = raw.split(at: UInt8(ascii: ",")),
              !raw.isEmpty, !raw.equalsIgnoringCase("mylocation"), !raw.hasPrefix("s-")
        else {
            return try waypoint(raw.substring, plusAsSpace: plusAsSpace, &context)
        }
        let lonText: LinkInput
        let titleText: LinkInput?
        if let (before, after) = afterLat.split(at: UInt8(ascii: ",")) {
            lonText = before
            titleText = after
        } else {
            lonText = afterLat
            titleText = nil
        }
        // Without '%' (and with '+' literal) decoding gives the text back.
        let point = try withDecodedPath(latText) { (lat: LinkInput) throws(DirectionsURLError) -> Point in
            try withDecodedPath(lonText) { (lon: LinkInput) throws(DirectionsURLError) -> Point in
                if plusAsSpace, lat.trimmed.decimal == nil {
                    // wego segments may be addresses ("Munich,Hauptstraße+12").
                    let text = try PercentDecoding.decode(raw.substring, plusAsSpace: true, parameter: "path")
                    if let c = try CoordinateText.classify(text, parameter: "path") { return .done(.coordinate(c, label: nil)) }
                    return .done(.address(DirectionsURLParser.trimmed(text)))
                }
                if let la = lat.decimal, let lo = lon.decimal, let c = Coordinate.ifValid(latitude: la, longitude: lo) {
                    return .pair(c)
                }
                return .pair(try CoordinateText.parsePair(Substring(lat.string + "," + lon.string), parameter: "path"))
            }
        }
        switch point {
        case .done(let endpoint):
            return endpoint
        case .pair(let c):
            var label: String? = nil
            if let titleText {
                let t = try titleText.decoded(plusAsSpace: plusAsSpace, parameter: "path")
                label = t.isEmpty ? nil : t
            }
            return .coordinate(c, label: label)
        }
    }

    /// A waypoint read, or its coordinate still waiting for the title.
    private enum Point {
        case done(Endpoint)
        case pair(Coordinate)
    }

    /// The segments of a link whose split text is not ASCII, by `Character`s as ever.
    private static func characterRoute(
        _ link: LinkInput.Parts, _ query: LinkInput.Query, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> DirectionsRequest {
        var segments: ArraySlice<Substring>
        var plusAsSpace = false
        var wegoMode: (DirectionsMode?, TransportType?)? = nil
        if link.scheme == "here-route" {
            // The first waypoint sits where a host would be; read the raw text so titles keep their case.
            var body = link.rest
            if let q = LinkInput.firstIndex(of: UInt8(ascii: "?"), or: UInt8(ascii: "#"), in: body) { body = body[..<q] }
            guard LinkInput.hasPrefix(body, "//") else {
                throw DirectionsURLError(code: .malformedURL, message: "write here-route://<waypoint>/<waypoint>", parameter: "path")
            }
            segments = LinkInput.split(body.dropFirst(2), UInt8(ascii: "/"))[...]
        } else if link.host == "wego.here.com" {
            let parts = LinkInput.split(link.path, UInt8(ascii: "/"))
            guard parts.count >= 3, LinkInput.lowerEquals(parts[1], "directions"), let m = wegoModes[parts[2].lowercased()] else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this wego.here.com link is not a route; routes are /directions/<mode>/<from>/<to>",
                    parameter: "path")
            }
            wegoMode = m
            plusAsSpace = true
            segments = parts.dropFirst(3)
        } else {
            let parts = LinkInput.split(link.path, UInt8(ascii: "/"))
            guard parts.count >= 2, LinkInput.lowerEquals(parts[1], "r") else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this share.here.com link is not a route; routes are https://share.here.com/r/<from>/<to>",
                    parameter: "path")
            }
            segments = parts.dropFirst(2)
        }
        if let last = segments.last, last.isEmpty, segments.count > 1 { segments.removeLast() }
        let (source, waypoints, destination) = try parseWaypoints(segments, plusAsSpace: plusAsSpace, &context)
        return try request(source: source, waypoints: waypoints, destination: destination, wegoMode: wegoMode, query, &context)
    }
}

/// Calls `body` with `raw` percent-decoded (`+` literal), throwing `malformed-url` naming `path`.
@inline(__always)
fileprivate func withDecodedPath<R>(
    _ raw: LinkInput, _ body: (LinkInput) throws(DirectionsURLError) -> R
) throws(DirectionsURLError) -> R {
    switch PercentDecoding.check(raw, plusAsSpace: false) {
    case .plain: return try body(raw)
    case .needsDecoding: return try raw.withDecoded(plusAsSpace: false, body)
    case .failure(let failure): throw PercentDecoding.decodingError(failure, parameter: "path", what: "value")
    }
}

extension HereLink {
    static var format: LinkFormat { .here }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("m", "d", mode: .car),
        ModeWord("m", "w", mode: .pedestrian),
        ModeWord("m", "pt", mode: nil, transportType: .transit),
        ModeWord("m", "b", mode: .bike),
        ModeWord("m", "cs", mode: .rideShare),
        ModeWord("m", "t", mode: .taxi),
    ]

    /// `https://share.here.com/r/<wp>/<wp>?m=<word>&a=<avoid>`: `mylocation` or `<lat>,<lon>[,<title>]`
    /// (title percent-encoded, commas and slashes too); `a` in the order `tollroad`, `motorway`, ferries.
    /// - Throws: `cannot-express` when the source or destination is an address (HERE route links need
    ///   coordinates); an address waypoint is left out and listed in `omitted`.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, field: String) throws(LinkBuildError) -> String? {
            switch e {
            case .currentLocation: return "mylocation"
            case .coordinate(let c, let label, let id):
                if id != nil { omitted.append("\(field) place id: HERE route links carry none") }
                var s = LinkWriting.pair(c)
                if let label, !label.isEmpty { s += "," + LinkWriting.encode(label) }
                return s
            case .address:
                if field == "source" || field == "destination" {
                    throw LinkBuildError(code: .cannotExpress, message: "HERE route links need coordinates or mylocation, not an address", field: field)
                }
                omitted.append("\(field): an address, which HERE route links cannot carry")
                return nil
            }
        }
        var segments: [String] = []
        if let s = try text(request.source, field: "source") { segments.append(s) }
        for (i, w) in request.waypoints.enumerated() {
            if let s = try text(w, field: "waypoints[\(i)]") { segments.append(s) }
        }
        if let s = try text(request.destination, field: "destination") { segments.append(s) }
        var pairs: [(String, String)] = []
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "HERE", omitted: &omitted) {
            pairs.append(("m", word.value))
        }
        var avoid: [String] = []
        for a in request.avoid.sorted() {
            switch a {
            case .tolls: avoid.append("tollroad")
            case .highways: avoid.append("motorway")
            case .ferries: avoid += ["boatFerry", "railFerry"]
            }
        }
        if !avoid.isEmpty { pairs.append(("a", avoid.joined(separator: ","))) }
        if request.navigate { omitted.append("navigate: HERE share links cannot start guidance") }
        if request.departureDate != nil { omitted.append("departure date: HERE share links carry none") }
        if request.arrivalDate != nil { omitted.append("arrival date: HERE share links carry none") }
        var url = "https://share.here.com/r/" + segments.joined(separator: "/")
        if !pairs.isEmpty { url += "?" + LinkWriting.query(pairs) }
        return BuiltLink(url: url, format: .here, omitted: omitted)
    }
}
