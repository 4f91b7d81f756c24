/// Organic Maps and MAPS.ME API links: routes `om://route?sll=&saddr=&dll=&daddr=&type=` and points
/// `om://map?ll=&n=`, under the schemes `om`, `mapswithme`, `mapsme`, `mwm` and on the web host
/// `omaps.app` (`https://omaps.app/route?…`). This type owns the `om` scheme and the `omaps.app` host:
/// any other first segment there (`om://w4CNuoeWlv/Name`, `https://omaps.app/<code>/<name>`, clear
/// coordinates `https://omaps.app/<lat>,<lon>`) is a short point link and is handed to ``Ge0Link``.
///
/// Sources: Organic Maps `map/mwm_url.cpp` and `map/map_tests/mwm_url_tests.cpp`; the url-processor
/// test page (`public/test.html`).
///
/// The query is decoded once, `+` a space (Organic's `url::UrlDecode`). Parameter names are matched
/// ignoring case. Unknown parameters (`v`, `appname`, `backurl`, `ignoreThisParam`) are ignored.
///
/// **Route** (`route`): `sll=<lat>,<lon>` (source, latitude first), `saddr=<name>` (its label — a name
/// here, not an address as in Apple or Google links), `dll=<lat>,<lon>` (destination), `daddr=<name>`,
/// `type=vehicle|pedestrian|bicycle|transit` (case-insensitive; table in ``modeVocabulary``).
/// - An empty name is no label.
/// - `dll` is required (`missing-destination`); `sll` given twice is `duplicate-parameter`.
/// - Organic Maps rejects a route whose four parameters are not all present in the order sll, saddr,
///   dll, daddr, or that has no `type`. routingd reads such a link leniently with a repair (a warning,
///   an error with `strict`): a missing `sll` is then the current location and a missing `type`
///   leaves the mode unset. An unknown `type` is `unknown-mode` (Organic Maps rejects it too).
///
/// **Route v2** (`v2/dir`, `v2/nav`): read by ``OrganicMapsRouteV2``.
///
/// **Point** (`map`): `ll=<lat>,<lon>` with an optional following `n=<name>`: the destination, from the
/// current location. More than one `ll` is a repair: the first is used. `z` is a zoom (ignored).
enum OrganicMapsLink {
    static let formatName = "Organic Maps link"
    static let routeKeys = ["sll", "saddr", "dll", "daddr"]
    static let known: Set<String> = [
        "sll", "saddr", "dll", "daddr", "type", "v", "appname", "backurl", "ll", "n", "z", "id", "s", "cll",
        "balloonaction",
    ]

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let method: Substring
        let rawQuery: Substring
        if link.scheme == "http" || link.scheme == "https" {
            let path = link.path.dropFirst()
            let end = AppLinkBytes.find(path, UInt8(ascii: "/"), ascii: AppLinkBytes.isASCII(path)) ?? path.endIndex
            method = path[..<end]
            rawQuery = link.query
            if method == "v2" { return try v2(path[end...], rawQuery, &context) }
            if method != "route" && method != "map" {
                return try Ge0Link.parse(path: path, clearCoordinates: true, &context)
            }
        } else {
            guard link.hasAuthority else {
                throw DirectionsURLError(
                    code: .malformedURL,
                    message: "'\(link.scheme):' must be followed by '//'; write \(link.scheme)://route?sll=…",
                    parameter: "host")
            }
            let rest: Substring
            let end: Substring.Index
            if AppLinkBytes.isASCII(link.rest) {
                // By byte: each byte is one Character ("\r\n" holds no '/', '?' or '#').
                let all = link.rest
                let utf8 = all.utf8
                rest = all[(utf8.count >= 2 ? utf8.index(all.startIndex, offsetBy: 2) : all.endIndex)...]
                var i = rest.utf8.startIndex
                while i < utf8.endIndex {
                    let b = utf8[i]
                    if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
                    i = utf8.index(after: i)
                }
                end = i
            } else {
                rest = link.rest.dropFirst(2)
                end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            }
            method = rest[..<end]
            rawQuery = link.query
            if method == "v2" {
                let tail = rest[end...]
                return try v2(tail[..<(tail.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? tail.endIndex)], rawQuery, &context)
            }
            if method != "route" && method != "map" {
                guard link.scheme == "om" else {
                    throw DirectionsURLError(
                        code: .notADirectionsLink,
                        message: "'\(link.scheme)://\(DirectionsURLParser.shorten(String(method)))' is not a route or map link; use \(link.scheme)://route?sll=…&dll=…&type=…",
                        parameter: "host")
                }
                return try Ge0Link.parse(link, &context)
            }
        }
        let query = try QueryString(rawQuery, plusAsSpace: true)
        return method == "route" ? try route(query, &context) : try point(query, &context)
    }

    /// `/v2/dir` and `/v2/nav` (`path` is what follows `v2`).
    private static func v2(_ path: Substring, _ rawQuery: Substring, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let action = path.hasSuffix("/") ? path.dropLast() : path
        guard action == "/dir" || action == "/nav" else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'v2\(DirectionsURLParser.shorten(String(path)))' is not an Organic Maps route action; use v2/dir or v2/nav",
                parameter: "path")
        }
        return try OrganicMapsRouteV2.parse(try QueryString(rawQuery, plusAsSpace: true), nav: action == "/nav", &context)
    }

    private static func route(_ query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let dll = try AppLinkBytes.single(query, "dll", format: formatName), !AppLinkBytes.trimmedValue(dll).isEmpty else {
            let hint = DirectionsURLParser.likelyTypoParameter(in: query, for: ["dll"], known: known)
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no destination"
                    + (hint.map { "; found '\($0.found)': did you mean '\($0.expected)'?" } ?? "; add dll=<latitude>,<longitude>&daddr=<name>"),
                parameter: "dll")
        }
        let destination = Endpoint.coordinate(
            try OsmAndLink.pair(dll, parameter: "dll"),
            label: try name(query, "daddr"))
        var source = Endpoint.currentLocation
        if let sll = try AppLinkBytes.single(query, "sll", format: formatName) {
            source = .coordinate(try OsmAndLink.pair(sll, parameter: "sll"), label: try name(query, "saddr"))
        }
        if !inRouteOrder(query) {
            let order = query.parameters.map(\.key).filter { routeKeys.contains($0) }
            try context.repair(
                .repairedSyntax,
                "Organic Maps needs sll, saddr, dll and daddr, each once and in this order (names may be empty)"
                    + (query.contains("sll") ? "" : "; without sll the route starts at the current location"),
                parameter: order.count < 4 ? routeKeys.first(where: { !order.contains($0) }) : "sll")
        }
        try AppLinkBytes.warnLikelyTypos(query, known: known, isKnown: isKnown, format: formatName, &context)
        var mode: DirectionsMode? = nil
        var transport: TransportType? = nil
        if let type = try AppLinkBytes.single(query, "type", format: formatName) {
            let value = AppLinkBytes.trimmedValue(type)
            guard let word = typeWords.first(where: { AppLinkBytes.lowerEquals(value, $0.value) }) else {
                throw DirectionsURLError(
                    code: .unknownMode,
                    message: "'type=\(DirectionsURLParser.shorten(type.value))' is not an Organic Maps route type; use vehicle, pedestrian, bicycle or transit",
                    parameter: "type")
            }
            mode = word.mode
            transport = word.transportType
        } else {
            try context.repair(
                .repairedSyntax,
                "Organic Maps rejects a route without 'type'; add type=vehicle, pedestrian, bicycle or transit (the mode is left unset)",
                parameter: "type")
        }
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport)
    }

    private static func point(_ query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let lls = query.all("ll")
        guard let first = lls.first else {
            throw DirectionsURLError(
                code: .missingDestination, message: "this \(formatName) has no point; add ll=<latitude>,<longitude>",
                parameter: "ll")
        }
        if lls.count > 1 {
            try context.repair(
                .ignoredValue, "this map link has \(lls.count) points; the first is the destination", parameter: "ll")
        }
        let c = try CoordinateText.parsePair(Substring(first.value), parameter: "ll")
        // The name is the `n` right after the first `ll`.
        var label: String? = nil
        if let i = query.parameters.firstIndex(where: { $0.key == "ll" }) {
            for p in query.parameters[(i + 1)...] {
                if p.key == "ll" { break }
                if p.key == "n" { label = p.value.isEmpty ? nil : p.value; break }
            }
        }
        try AppLinkBytes.warnLikelyTypos(query, known: known, isKnown: isKnown, format: formatName, &context)
        return DirectionsRequest(destination: .coordinate(c, label: label))
    }

    /// Whether the route keys appear exactly as `sll, saddr, dll, daddr` (each once, in this order),
    /// without building the list of keys.
    private static func inRouteOrder(_ query: QueryString) -> Bool {
        var next = 0
        for p in query.parameters {
            guard let i = routeKeyIndex(p.key) else { continue }
            guard i == next else { return false }
            next += 1
        }
        return next == routeKeys.count
    }

    /// `routeKeys.firstIndex(of: key)`.
    private static func routeKeyIndex(_ key: String) -> Int? {
        switch key {
        case "sll": 0
        case "saddr": 1
        case "dll": 2
        case "daddr": 3
        default: nil
        }
    }

    /// `known.contains(key)`, without hashing.
    private static func isKnown(_ key: String) -> Bool {
        switch key {
        case "sll", "saddr", "dll", "daddr", "type", "v", "appname", "backurl", "ll", "n", "z", "id", "s", "cll",
             "balloonaction": true
        default: false
        }
    }

    private static func name(_ query: QueryString, _ key: String) throws(DirectionsURLError) -> String? {
        guard let p = try AppLinkBytes.single(query, key, format: formatName) else { return nil }
        let value = p.value
        return value.isEmpty ? nil : value
    }
}

extension OrganicMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .organicMaps }
    static var schemes: [String] { ["om", "mapswithme", "mapsme", "mwm"] }
    static var hosts: [String] { ["omaps.app", "www.omaps.app"] }
}

extension OrganicMapsLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .organicMaps }

    /// The legacy route `type` values (Organic Maps `map/mwm_url.cpp`).
    static let typeWords: [ModeWord] = [
        ModeWord("type", "vehicle", mode: .car),
        ModeWord("type", "pedestrian", mode: .pedestrian),
        ModeWord("type", "bicycle", mode: .bike),
        ModeWord("type", "transit", mode: nil, transportType: .transit),
    ]

    /// Both vocabularies: legacy `type` and v2 `mode` (``OrganicMapsRouteV2/modeWords``).
    static var modeVocabulary: [ModeWord] { typeWords + OrganicMapsRouteV2.modeWords }

    /// Writes the legacy two-point link when it can (a coordinate start, no stops, a mode or transport
    /// type it has a `type` word for, no avoidances), since every Organic Maps and MAPS.ME version
    /// reads it; otherwise the v2 link (``OrganicMapsRouteV2/build(_:)``), which also carries the
    /// current location, stops, avoidances and navigate.
    ///
    /// The choice depends only on what the link then carries, so that parsing a built link and building
    /// again gives the same text: `navigate` from a coordinate start is carried by neither form (v2
    /// navigation always starts at the current position), so it does not send the request to v2; it is
    /// listed in `omitted`.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var unused: [String] = []
        let typed = LinkWriting.modeWord(for: request, in: typeWords, format: "Organic Maps", omitted: &unused) != nil
        guard request.source.coordinate != nil, request.waypoints.isEmpty, request.avoid.isEmpty, typed else {
            return try OrganicMapsRouteV2.build(request)
        }
        return try buildLegacy(request)
    }

    /// Writes `om://route?sll=lat,lon&saddr=<name>&dll=lat,lon&daddr=<name>&type=<type>`; every parameter
    /// is always written because Organic Maps rejects the route otherwise (an endpoint without a label
    /// gets an empty name; a request without a mode gets `type=vehicle`, noted in `omitted`).
    /// - Throws: `cannot-express` when the source is not a coordinate (the route link has no current
    ///   location) or the destination is not a coordinate.
    static func buildLegacy(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        guard case .coordinate(let start, let startLabel, _) = request.source else {
            throw LinkBuildError(
                code: .cannotExpress,
                message: "an Organic Maps route link needs the start's coordinates; for a trip from the current location use geo or ge0",
                field: "source")
        }
        guard case .coordinate(let end, let endLabel, let endPlace) = request.destination else {
            throw LinkBuildError(
                code: .cannotExpress, message: "an Organic Maps route link needs the destination's coordinates", field: "destination")
        }
        var omitted: [String] = []
        let type: String
        if let word = LinkWriting.modeWord(for: request, in: typeWords, format: "Organic Maps", omitted: &omitted) {
            type = word.value
        } else {
            type = "vehicle"
            if request.mode == nil && request.transportType == nil {
                omitted.append("mode: unspecified, but Organic Maps needs a type; vehicle written")
            }
        }
        let pairs: [(String, String)] = [
            ("sll", LinkWriting.pair(start)), ("saddr", LinkWriting.formValue(startLabel ?? "")),
            ("dll", LinkWriting.pair(end)), ("daddr", LinkWriting.formValue(endLabel ?? "")),
            ("type", type),
        ]
        if endPlace != nil { omitted.append("destination place id: Organic Maps has no place ids") }
        omitted += OmittedFields.lines(request, format: "Organic Maps", waypoints: false, mode: true, avoid: false)
        return BuiltLink(url: "om://route?" + LinkWriting.query(pairs), format: .organicMaps, omitted: omitted)
    }
}
