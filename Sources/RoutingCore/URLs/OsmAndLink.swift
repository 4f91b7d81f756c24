/// OsmAnd web and iOS links:
/// - `https://osmand.net/map/navigate?start=lat%2Clon&end=lat%2Clon&profile=car&params=car,avoid_toll#15/lat/lon`
///   (OsmAnd #25585), and the web app's `https://osmand.net/map/?start=…&finish=…&profile=…#16/lat/lon`
///   (OsmAnd #19422: the web app writes `finish`, the Android parser read only `end`; both are read);
/// - `https://osmand.net/go?lat=&lon=&z=` and the web map's marker `https://osmand.net/map?pin=lat,lon#z/lat/lon`
///   (points: destination only);
/// - OsmAnd for iOS `osmandmaps://navigate?lat=&lon=&z=&title=` (destination only, OsmAnd-iOS #447), and
///   `osmandmaps://navigate?start=&end=&profile=` read like the web link.
///
/// - Hosts `osmand.net`, `www.osmand.net`; scheme `osmandmaps`. The query is form-encoded (`+` is a space).
/// - `start`, `end`/`finish`: `lat,lon`, **latitude first**, comma raw or `%2C` (each value is decoded
///   once, then split). No addresses: anything else is `malformed-number`. An absent or empty `start` is
///   the **current location**. `end` and `finish` with different values → `duplicate-parameter`.
/// - `profile`: OsmAnd's application-mode keys (``OsmAndLink/profiles``; source: OsmAnd
///   `ApplicationMode.java`). `default` ("browse map", no routing) leaves the mode unset; an unknown
///   profile is an `ignored-value` repair.
/// - `params`: comma-separated routing options; `avoid_toll`, `avoid_motorway` and `avoid_ferries` become
///   the avoidances tolls, highways and ferries; other options (`short_way`, the profile name) are ignored.
/// - The fragment `#zoom/lat/lon` is the viewport, never an endpoint; `z` is a zoom.
/// - Unknown parameters are ignored; a likely typo of a known one is a `likely-typo` repair.
enum OsmAndLink {
    static let formatName = "OsmAnd link"
    static let known: Set<String> = ["start", "end", "finish", "profile", "params", "lat", "lon", "z", "title", "name", "pin"]

    /// OsmAnd's profile keys and their meaning. Written in `profile=` by both OsmAnd builders.
    /// `truck` is a car profile; `motorcycle` and `moped` are two-wheelers (no Apple mode: Other);
    /// `boat` (own boat, not a ferry line) and `ski` have no Apple mode either (Other).
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
    static let avoidOptions: [(String, RouteAvoidance)] = [
        ("avoid_toll", .tolls), ("avoid_motorway", .highways), ("avoid_ferries", .ferries),
    ]

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try QueryString(link.query, plusAsSpace: true)
        let path = link.path
        let routeLike = query.contains("start") || query.contains("end") || query.contains("finish")
        if link.scheme == "osmandmaps" {
            guard link.host == "navigate" || link.host.isEmpty else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'osmandmaps://\(DirectionsURLParser.shorten(link.host))' is not OsmAnd's navigate link; use osmandmaps://navigate?lat=&lon=",
                    parameter: "host")
            }
            return routeLike ? try route(query, &context) : try point(query, &context)
        }
        switch path {
        case "/map/navigate", "/map/navigate/":
            return try route(query, &context)
        case "/map" where routeLike, "/map/" where routeLike:
            return try route(query, &context)
        case "/go", "/go/":
            return try point(query, &context)
        case "/map" where query.contains("pin"), "/map/" where query.contains("pin"):
            let pin = try AppLinkBytes.single(query, "pin", format: formatName)!
            try AppLinkBytes.warnLikelyTypos(query, known: known, isKnown: isKnown, format: formatName, &context)
            return DirectionsRequest(destination: .coordinate(try CoordinateText.parsePair(Substring(pin.value), parameter: "pin"), label: nil))
        default:
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'\(DirectionsURLParser.shorten(String(path)))' on osmand.net is not a route link; routes use /map/navigate?start=lat,lon&end=lat,lon",
                parameter: "path")
        }
    }

    /// `start`, `end`/`finish`, `profile`, `params`.
    private static func route(_ query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let end = try AppLinkBytes.single(query, "end", format: formatName)
        let finish = try AppLinkBytes.single(query, "finish", format: formatName)
        if let end, let finish, AppLinkBytes.trimmedValue(end) != AppLinkBytes.trimmedValue(finish) {
            throw DirectionsURLError(
                code: .duplicateParameter,
                message: "'end' and 'finish' give different destinations; give one of them",
                parameter: "finish")
        }
        guard let target = end ?? finish, !AppLinkBytes.trimmedValue(target).isEmpty else {
            let hint = DirectionsURLParser.likelyTypoParameter(in: query, for: ["end", "finish"], known: known)
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no destination"
                    + (hint.map { "; found '\($0.found)': did you mean '\($0.expected)'?" } ?? "; add end=<latitude>,<longitude>"),
                parameter: "end")
        }
        let destination = Endpoint.coordinate(try pair(target, parameter: target.key), label: nil)
        var source = Endpoint.currentLocation
        if let start = try AppLinkBytes.single(query, "start", format: formatName), !AppLinkBytes.trimmedValue(start).isEmpty {
            source = .coordinate(try pair(start, parameter: "start"), label: nil)
        }
        try AppLinkBytes.warnLikelyTypos(query, known: known, isKnown: isKnown, format: formatName, &context)
        let (mode, transport) = try profile(query, format: formatName, &context)
        var avoid: Set<RouteAvoidance> = []
        if let params = try AppLinkBytes.single(query, "params", format: formatName) {
            for option in params.value.split(separator: ",") {
                let o = DirectionsURLParser.trimmed(String(option)).lowercased()
                if let hit = avoidOptions.first(where: { $0.0 == o }) { avoid.insert(hit.1) }
            }
        }
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport, avoid: avoid)
    }

    /// `lat`, `lon`, optional `title` (iOS) or `name`.
    private static func point(_ query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let lat = try AppLinkBytes.single(query, "lat", format: formatName), let lon = try AppLinkBytes.single(query, "lon", format: formatName) else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no point; add lat=<latitude>&lon=<longitude> (or start= and end= for a route)",
                parameter: query.contains("lat") ? "lon" : "lat")
        }
        let c = try OsmAndLink.coordinate(lat, lon, latitudeName: "lat", longitudeName: "lon")
        try AppLinkBytes.warnLikelyTypos(query, known: known, isKnown: isKnown, format: formatName, &context)
        var title = try AppLinkBytes.single(query, "title", format: formatName).map { DirectionsURLParser.trimmed($0.value) }
        if title == nil { title = try AppLinkBytes.single(query, "name", format: formatName).map { DirectionsURLParser.trimmed($0.value) } }
        return DirectionsRequest(destination: .coordinate(c, label: title?.isEmpty == false ? title : nil))
    }

    /// The mode of `profile` (shared with `osmand.api://`).
    static func profile(
        _ query: QueryString, format: String, _ context: inout ParseContext
    ) throws(DirectionsURLError) -> (DirectionsMode?, TransportType?) {
        guard let p = try AppLinkBytes.single(query, "profile", format: format) else { return (nil, nil) }
        let value = AppLinkBytes.trimmedValue(p)
        if value.isEmpty || AppLinkBytes.lowerEquals(value, "default") { return (nil, nil) }
        if let word = profiles.first(where: { AppLinkBytes.lowerEquals(value, $0.value) }) { return (word.mode, word.transportType) }
        try context.repair(
            .ignoredValue,
            "profile '\(DirectionsURLParser.shorten(p.value))' is not an OsmAnd profile; the mode is left unset (profiles: default, "
                + profiles.map(\.value).joined(separator: ", ") + ")",
            parameter: "profile")
        return (nil, nil)
    }

    /// A coordinate from two separate decimal parameters.
    /// - Throws: `malformed-number` or the range errors, naming the parameter at fault.
    /// `CoordinateText.parsePair(Substring(p.value), parameter:)`, without decoding or copying a plain
    /// pair.
    static func pair(_ p: QueryString.Parameter, parameter: String) throws(DirectionsURLError) -> Coordinate {
        if let raw = AppLinkBytes.plainValue(p), let c = AppLinkBytes.quickPair(raw) { return c }
        return try CoordinateText.parsePair(Substring(p.value), parameter: parameter)
    }

    /// `known.contains(key)`, without hashing.
    private static func isKnown(_ key: String) -> Bool {
        switch key {
        case "start", "end", "finish", "profile", "params", "lat", "lon", "z", "title", "name", "pin": true
        default: false
        }
    }

    /// ``coordinate(_:_:latitudeName:longitudeName:)`` of the two parameters' values, without
    /// decoding or copying plain decimals.
    static func coordinate(
        _ lat: QueryString.Parameter, _ lon: QueryString.Parameter, latitudeName: String, longitudeName: String
    ) throws(DirectionsURLError) -> Coordinate {
        if let la = AppLinkBytes.plainTrimmedValue(lat), let lo = AppLinkBytes.plainTrimmedValue(lon),
           let c = AppLinkBytes.quickPair(la, lo) {
            return c
        }
        return try coordinate(lat.value, lon.value, latitudeName: latitudeName, longitudeName: longitudeName)
    }

    static func coordinate(
        _ latText: String, _ lonText: String, latitudeName: String, longitudeName: String
    ) throws(DirectionsURLError) -> Coordinate {
        let lat = DirectionsURLParser.trimmed(latText)
        let lon = DirectionsURLParser.trimmed(lonText)
        guard let latitude = CoordinateText.decimal(Substring(lat)) else {
            throw DirectionsURLError(
                code: .malformedNumber,
                message: "'\(DirectionsURLParser.shorten(lat))' in '\(latitudeName)' is not a decimal latitude such as 48.8584",
                parameter: latitudeName)
        }
        guard let longitude = CoordinateText.decimal(Substring(lon)) else {
            throw DirectionsURLError(
                code: .malformedNumber,
                message: "'\(DirectionsURLParser.shorten(lon))' in '\(longitudeName)' is not a decimal longitude such as 2.2945",
                parameter: longitudeName)
        }
        do {
            return try Coordinate.validated(latitude: latitude, longitude: longitude)
        } catch {
            switch error {
            case .latitudeOutOfRange:
                throw DirectionsURLError(
                    code: .latitudeOutOfRange,
                    message: "latitude \(lat) in '\(latitudeName)' is outside -90...90 degrees; give WGS84 degrees",
                    parameter: latitudeName)
            case .longitudeOutOfRange:
                throw DirectionsURLError(
                    code: .longitudeOutOfRange,
                    message: "longitude \(lon) in '\(longitudeName)' is outside -180...180 degrees and is not wrapped",
                    parameter: longitudeName)
            }
        }
    }
}

extension OsmAndLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .osmAnd }
    static var schemes: [String] { ["osmandmaps"] }
    static var hosts: [String] { ["osmand.net", "www.osmand.net"] }
}

extension OsmAndLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .osmAnd }
    static var modeVocabulary: [ModeWord] { profiles }

    /// Writes `https://osmand.net/map/navigate?start=lat%2Clon&end=lat%2Clon&profile=…&params=…`
    /// (`start` left out for the current location; `params` only for avoidances, led by the profile).
    /// - Throws: `cannot-express` when the destination is not a coordinate, or the source is an address
    ///   (OsmAnd links carry coordinates only).
    /// - Returns: `omitted` lists labels, waypoints, modes OsmAnd has no profile for, place ids,
    ///   navigate and times.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var omitted: [String] = []
        guard case .coordinate(let end, let endLabel, let endPlace) = request.destination else {
            throw LinkBuildError(
                code: .cannotExpress, message: "OsmAnd links need the destination's coordinates", field: "destination")
        }
        var pairs: [(String, String)] = []
        switch request.source {
        case .currentLocation: break
        case .address:
            throw LinkBuildError(
                code: .cannotExpress, message: "OsmAnd links need the start's coordinates (or the current location)", field: "source")
        case .coordinate(let start, let label, _):
            pairs.append(("start", LinkWriting.encode(LinkWriting.pair(start))))
            if label != nil { omitted.append("source label: OsmAnd route links have no names") }
        }
        pairs.append(("end", LinkWriting.encode(LinkWriting.pair(end))))
        if endLabel != nil { omitted.append("destination label: OsmAnd route links have no names") }
        if endPlace != nil { omitted.append("destination place id: OsmAnd has no place ids") }
        let word = LinkWriting.modeWord(for: request, in: profiles, format: "OsmAnd", omitted: &omitted)
        if let word { pairs.append(("profile", word.value)) }
        let avoid = avoidOptions.filter { request.avoid.contains($0.1) }.map(\.0)
        if !avoid.isEmpty {
            pairs.append(("params", ((word.map { [$0.value] } ?? []) + avoid).joined(separator: ",")))
        }
        omitted += OmittedFields.lines(request, format: "OsmAnd", waypoints: false, mode: true, avoid: true)
        return BuiltLink(url: "https://osmand.net/map/navigate?" + LinkWriting.query(pairs), format: .osmAnd, omitted: omitted)
    }
}
