// SPDX-License-Identifier: Apache-2.0
/// Organic Maps and MAPS.ME API links: routes `om://route?sll=&saddr=&dll=&daddr=&type=` and points
/// `om://map?ll=&n=`, under the schemes `om`, `mapswithme`, `mapsme`, `mwm` and on `omaps.app`. Any
/// other first segment there (`om://w4CNuoeWlv/Name`, `https://omaps.app/<lat>,<lon>`) is a short
/// point link, handed to ``Ge0Link``; `v2/dir` and `v2/nav` go to ``OrganicMapsRouteV2``. CoMaps's
/// host `comaps.at` is read exactly as `omaps.app` (its share links carry the same ge0 codes); no
/// CoMaps-only scheme is read (none verified).
///
/// Sources: Organic Maps `map/mwm_url.cpp`, `map/map_tests/mwm_url_tests.cpp`; url-processor `public/test.html`.
///
/// The query is decoded once, `+` a space (`url::UrlDecode`); names match ignoring case; unknown
/// parameters (`v`, `appname`, `backurl`) are ignored.
///
/// **Route** (`route`): `sll=<lat>,<lon>` (source), `saddr=<name>` (its label, not an address),
/// `dll=<lat>,<lon>` (destination), `daddr=<name>`, `type=vehicle|pedestrian|bicycle|transit` (any
/// case; ``modeVocabulary``). An empty name is no label. `dll` is required (`missing-destination`);
/// `sll` given twice is `duplicate-parameter`. Organic Maps rejects a route without all four
/// parameters in the order sll, saddr, dll, daddr, or without `type`; routingd reads it with a repair
/// (no `sll`: the current location; no `type`: no mode). An unknown `type` is `unknown-mode`.
///
/// **Point** (`map`): `ll=<lat>,<lon>` with an optional following `n=<name>`: the destination, from the
/// current location. More than one `ll` is a repair: the first is used. `z` is a zoom (ignored).
enum OrganicMapsLink: DirectionsLinkFormat {
    static let routeKeys = ["sll", "saddr", "dll", "daddr"]
    /// The first four slots are ``routeKeys``, in order.
    static let schema = ParameterSchema(format: "Organic Maps link", typos: .closestByLength, [
        .single("sll", "the start, 'lat,lon'; absent: the current location"),
        .single("saddr", "the start's name"),
        .single("dll", "the destination, 'lat,lon'"),
        .single("daddr", "the destination's name"),
        .single("type", "the route type, which fixes the mode"),
        .repeatable("ll", "a map link's point; the first is the destination"),
        .repeatable("n", "the name of the point before it"),
        .ignored("v", "the API version"), .ignored("appname"), .ignored("backurl"), .ignored("z", "a zoom"),
        .ignored("id"), .ignored("s"), .ignored("cll"), .ignored("balloonaction"),
    ])

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let http = link.scheme == "http" || link.scheme == "https"
        guard http || link.hasAuthority else {
            throw DirectionsURLError(.malformedURL, "host", "'\(link.scheme):' must be followed by '//'; write \(link.scheme)://route?sll=…")
        }
        // The method is the path's first segment (by byte, in non-ASCII text too).
        let path = OSMLinkBytes.path(of: link, http: http)
        let end = path.firstOffset(of: UInt8(ascii: "/")) ?? path.count
        let method = path.prefix(end)
        func query() throws(DirectionsURLError) -> LinkInput.Query { try LinkInput.Query(link.bytes.query, plusAsSpace: true) }
        if method.equals("v2") {
            let v2 = path.suffix(from: end)
            let action = v2.last == UInt8(ascii: "/") ? v2.dropLast() : v2
            guard action.equals("/nav") || action.equals("/dir") else {
                throw DirectionsURLError(.notADirectionsLink, "path",
                    "'v2\(DirectionsURLParser.shorten(v2.string))' is not an Organic Maps route action; use v2/dir or v2/nav")
            }
            return try OrganicMapsRouteV2.parse(try query(), nav: action.equals("/nav"), &context)
        }
        if method.equals("route") { return try route(try query(), &context) }
        if method.equals("map") { return try point(try query(), &context) }
        guard http || link.scheme == "om" else {
            throw DirectionsURLError(.notADirectionsLink, "host",
                "'\(link.scheme)://\(DirectionsURLParser.shorten(method.string))' is not a route or map link; "
                    + "use \(link.scheme)://route?sll=…&dll=…&type=…")
        }
        return try Ge0Link.parse(path: path, clearCoordinates: http, &context)
    }

    private static func route(_ query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let slots = schema.slots(query)
        guard let dll = try slots.single("dll"), !AppleGoogleLinkText.isBlankValue(dll) else {
            throw OSMLinkBytes.missing(schema, query, ["dll"], "dll=<latitude>,<longitude>&daddr=<name>")
        }
        let destination = Endpoint.coordinate(try OsmAndLink.pair(dll, parameter: "dll"), label: try slots.single("daddr")?.nonEmptyValue)
        var source = Endpoint.currentLocation
        if let sll = try slots.single("sll") {
            source = .coordinate(try OsmAndLink.pair(sll, parameter: "sll"), label: try slots.single("saddr")?.nonEmptyValue)
        }
        // The slots of the route keys in URL order: exactly 0, 1, 2, 3 (sll, saddr, dll, daddr) is right.
        let order = query.parameters.map { schema.slot(of: $0, in: query) }.filter { $0 >= 0 && $0 < routeKeys.count }
        if order != [0, 1, 2, 3] {
            try context.repair(
                .repairedSyntax,
                "Organic Maps needs sll, saddr, dll and daddr, each once and in this order (names may be empty)"
                    + (query.contains("sll") ? "" : "; without sll the route starts at the current location"),
                parameter: order.count < 4 ? routeKeys.enumerated().first { !order.contains($0.offset) }?.element : "sll")
        }
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        guard let type = try slots.single("type") else {
            try context.repair(.repairedSyntax,
                "Organic Maps rejects a route without 'type'; add type=vehicle, pedestrian, bicycle or transit (the mode is left unset)", parameter: "type")
            return DirectionsRequest(source: source, destination: destination)
        }
        let word = try type.modeWord(
            name: "type", emptyIsUnset: false, notA: "is not an Organic Maps route type; use vehicle, pedestrian, bicycle or transit"
        ) { value in OSMLinkBytes.index(of: value, in: typeWords) }.map { typeWords[$0] }
        return DirectionsRequest(source: source, destination: destination, mode: word?.mode, transportType: word?.transportType)
    }

    private static func point(_ query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let i = query.firstIndex(of: "ll") else {
            throw DirectionsURLError(.missingDestination, "ll", "this \(schema.format) has no point; add ll=<latitude>,<longitude>")
        }
        let count = query.count("ll")
        if count > 1 { try context.repair(.ignoredValue, "this map link has \(count) points; the first is the destination", parameter: "ll") }
        let c = try OsmAndLink.pair(query.parameters[i], parameter: "ll")
        // The name is the `n` after the first `ll`, before any other `ll`.
        let next = query.parameters[(i + 1)...].first { query.isKey($0, "ll") || query.isKey($0, "n") }
        let label = next.flatMap { query.isKey($0, "n") ? $0.nonEmptyValue : nil }
        try schema.warnLikelyTypos(query, &context)
        return DirectionsRequest(destination: .coordinate(c, label: label))
    }

    static var schemes: [String] { ["om", "mapswithme", "mapsme", "mwm"] }
    /// CoMaps (a fork of Organic Maps) shares the same links on `comaps.at` (ge0 codes, as GeoShare's tests show).
    static var hosts: [String] { ["omaps.app", "www.omaps.app", "comaps.at", "www.comaps.at"] }
    static var format: LinkFormat { .organicMaps }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`om://route?sll=LAT,LON&saddr=NAME&dll=LAT,LON&daddr=NAME&type=…`",
                "om://route?sll=41.4036,2.1744&saddr=Sagrada+Familia&dll=41.3917,2.1649&daddr=Casa+Batllo&type=pedestrian"),
            LinkForm(.route, "`https://omaps.app/route?…` (also `comaps.at`)",
                "https://comaps.at/route?sll=41.4036,2.1744&saddr=Sagrada+Familia&dll=41.3917,2.1649&daddr=Casa+Batllo&type=vehicle"),
            LinkForm(.route, "`om://v2/dir?destination=LAT,LON&…`", "om://v2/dir?origin=41.4036,2.1744&destination=41.3917,2.1649&destination_name=Casa+Batllo&mode=walk"),
            LinkForm(.place, "`om://map?ll=LAT,LON&n=NAME`", "om://map?ll=41.3917,2.1649&n=Casa+Batllo"),
        ]
    }

    /// The legacy route `type` values (Organic Maps `map/mwm_url.cpp`).
    static let typeWords: [ModeWord] = [
        ModeWord("type", "vehicle", mode: .car),
        ModeWord("type", "pedestrian", mode: .pedestrian),
        ModeWord("type", "bicycle", mode: .bike),
        ModeWord("type", "transit", mode: nil, transportType: .transit),
    ]

    /// Both vocabularies: legacy `type` and v2 `mode` (``OrganicMapsRouteV2/modeWords``).
    static var modeVocabulary: [ModeWord] { typeWords + OrganicMapsRouteV2.modeWords }

    /// Writes the legacy two-point link, which every version reads, when it can (a coordinate start, no stops,
    /// no avoidances, a mode with a `type` word), else the v2 link. The choice depends only on what the link
    /// carries, so parse-then-build is stable (`navigate` from a coordinate start is only `omitted`).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var unused: [String] = []
        let typed = LinkWriting.modeWord(for: request, in: typeWords, format: "Organic Maps", omitted: &unused) != nil
        guard request.source.coordinate != nil, request.waypoints.isEmpty, request.avoid.isEmpty, typed else {
            return try OrganicMapsRouteV2.build(request)
        }
        return try buildLegacy(request)
    }

    /// Writes `om://route?sll=lat,lon&saddr=<name>&dll=lat,lon&daddr=<name>&type=<type>`, every
    /// parameter always (Organic Maps rejects the route otherwise; no mode gets `type=vehicle`, noted).
    /// - Throws: `cannot-express` when the source or the destination is not a coordinate.
    static func buildLegacy(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        guard case .coordinate(let start, let startLabel, _, _) = request.source else {
            throw LinkBuildError.cannot(
                "source", "an Organic Maps route link needs the start's coordinates; for a trip from the current location use geo or ge0")
        }
        guard case .coordinate(let end, let endLabel, _, _) = request.destination else {
            throw LinkBuildError.cannot("destination", "an Organic Maps route link needs the destination's coordinates")
        }
        var omitted: [String] = []
        let word = LinkWriting.modeWord(for: request, in: typeWords, format: "Organic Maps", omitted: &omitted)
        if word == nil && request.mode == nil && request.transportType == nil {
            omitted.append("mode: unspecified, but Organic Maps needs a type; vehicle written")
        }
        let pairs: [(String, String)] = [
            ("sll", LinkWriting.pair(start)), ("saddr", LinkWriting.formValue(startLabel ?? "")),
            ("dll", LinkWriting.pair(end)), ("daddr", LinkWriting.formValue(endLabel ?? "")), ("type", word?.value ?? "vehicle"),
        ]
        omitted += OmittedFields.lines(request, format: "Organic Maps", waypoints: false, mode: true, avoid: false)
        return BuiltLink(url: "om://route?" + LinkWriting.query(pairs), format: .organicMaps, omitted: omitted)
    }
}
