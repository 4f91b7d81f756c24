/// Citymapper directions links (Citymapper, "Launch Citymapper for directions",
/// https://citymapper.com/tools/1053/launch-citymapper-for-directions):
/// `https://citymapper.com/directions?startcoord=&startname=&startaddress=&endcoord=&endname=&endaddress=&arrival_time=`
/// and the app scheme `citymapper://directions?…` with the same parameters.
///
/// - Parameters: `endcoord` / `startcoord` = `latitude,longitude` (WGS84 degrees, latitude first;
///   Citymapper's own examples encode the comma as `%2C`, which is normal syntax); `endname` /
///   `startname` = the place's display name; `endaddress` / `startaddress` = its street address;
///   `arrival_time` = ISO 8601 text, kept verbatim (after decoding) in ``DirectionsRequest/arrivalDate``.
///   Unknown parameters (`arriveby`, deprecated) are ignored.
/// - An end with a coordinate is `.coordinate(c, label: endname ?? endaddress)`; without one it is
///   `.address(endaddress ?? endname)` (routingd does not geocode). No end at all → `missing-destination`.
/// - Current location: no start parameter → the user's current location (vendor: "If no start is
///   given, the user's current location is used"); a start address that is a current-location literal
///   is the current location too.
/// - Query decoding: form-encoded (`+` is a space, `%2B` a literal plus), each value decoded once.
/// - Mode: Citymapper plans public-transport journeys; every parsed request has transport type
///   Transit and no single mode (``modeVocabulary`` is empty: there is no mode parameter).
/// - Repairs: none of the syntax. A likely typo of `endcoord` next to a usable end, or of
///   `startcoord` or `arrival_time`, is a `likely-typo` warning (an error when strict).
enum CitymapperLink {
    static let formatName = "Citymapper link"
    static let known: Set<String> = [
        "startcoord", "startname", "startaddress", "endcoord", "endname", "endaddress", "arrival_time", "arriveby",
    ]
    static let destinationAliases: Set<String> = ["dest", "destination", "daddr", "to", "end", "endcoords", "end_coord", "ll"]

    /// `known.contains(key)`, by string comparison instead of hashing.
    static func isKnown(_ key: String) -> Bool {
        switch key {
        case "startcoord", "startname", "startaddress", "endcoord", "endname", "endaddress", "arrival_time", "arriveby": true
        default: false
        }
    }

    private static func end(
        _ prefix: String, _ query: QueryString, parser: DirectionsURLParser, source: Bool
    ) throws(DirectionsURLError) -> Endpoint? {
        // The keys as literals: no string building on the success path.
        let (coordKey, nameKey, addressKey) = source ? ("startcoord", "startname", "startaddress") : ("endcoord", "endname", "endaddress")
        let coord = try AppLinkBytes.single(query, coordKey, format: formatName)
        let name = try AppLinkBytes.single(query, nameKey, format: formatName).map { DirectionsURLParser.trimmed($0.value) }
            .flatMap { $0.isEmpty ? nil : $0 }
        let address = try AppLinkBytes.single(query, addressKey, format: formatName).map { DirectionsURLParser.trimmed($0.value) }
            .flatMap { $0.isEmpty ? nil : $0 }
        if let coord, case let text = AppLinkBytes.trimmedValue(coord), !text.isEmpty {
            let c: Coordinate
            if let quick = AppLinkBytes.quickPair(text) { c = quick } else { c = try CoordinateText.parsePair(text, parameter: coordKey) }
            return .coordinate(c, label: name ?? address)
        }
        guard let text = address ?? name else { return nil }
        let parameter = prefix + (address != nil ? "address" : "name")
        return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
    }
}

extension CitymapperLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .citymapper }
    static var schemes: [String] { ["citymapper"] }
    static var hosts: [String] { ["citymapper.com", "www.citymapper.com"] }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = AppLinkBytes.lowercased(link.path)
        let ok = link.scheme == "citymapper"
            ? (link.host == "directions" && (path.isEmpty || path == "/")) || (link.host.isEmpty && (path == "directions" || path == "//directions"))
            : (path == "/directions" || path == "/directions/")
        guard ok else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Citymapper link is not a directions link; use https://citymapper.com/directions?endcoord=<lat>,<lon>",
                parameter: "path")
        }
        let query = try QueryString(link.query, plusAsSpace: true)
        // Only needed when the end is missing or not a coordinate: not built on the usual path.
        func endHint() -> String? {
            DirectionsURLParser.typoHint(in: query, for: "endcoord", known: known, aliases: destinationAliases)
        }
        guard let destination = try end("end", query, parser: context.parser, source: false) else {
            let hint = endHint()
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no end" + (hint.map { "; \($0)" } ?? "; add endcoord=<latitude>,<longitude> or endaddress=<address>"),
                parameter: "endcoord")
        }
        if destination.coordinate == nil, let hint = endHint() {
            try context.repair(.likelyTypo, hint, parameter: "endcoord")
        }
        // typoHint only names a parameter outside `known`; with none, skip the look-ups.
        let allKnown = query.parameters.allSatisfy { isKnown($0.key) }
        for expected in ["startcoord", "arrival_time"] where !allKnown && !query.contains(expected) {
            if let hint = DirectionsURLParser.typoHint(in: query, for: expected, known: known, aliases: []) {
                try context.repair(.likelyTypo, hint + " (ignored)", parameter: expected)
            }
        }
        let source = try end("start", query, parser: context.parser, source: true) ?? .currentLocation
        let arrival = try AppLinkBytes.single(query, "arrival_time", format: formatName).map { DirectionsURLParser.trimmed($0.value) }
        return DirectionsRequest(
            source: source, destination: destination, transportType: .transit,
            arrivalDate: arrival.flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension CitymapperLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .citymapper }
    /// Citymapper has no mode parameter: it plans transit journeys.
    static var modeVocabulary: [ModeWord] { [] }

    /// `https://citymapper.com/directions?startcoord=…&startname=…&startaddress=…&endcoord=…&endname=…&endaddress=…&arrival_time=…`,
    /// parameters in that order, values percent-encoded (space as `%20`, comma in a pair as `%2C`).
    /// - Throws: `cannot-express` when the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        func write(_ e: Endpoint, _ prefix: String, field: String) {
            switch e {
            case .currentLocation: break
            case .coordinate(let c, let label, let id):
                pairs.append((prefix + "coord", LinkWriting.encode(LinkWriting.pair(c))))
                if let label { pairs.append((prefix + "name", LinkWriting.encode(label))) }
                if id != nil { omitted.append("\(field) place id: Citymapper links carry none") }
            case .address(let text, let id):
                pairs.append((prefix + "address", LinkWriting.encode(text)))
                if id != nil { omitted.append("\(field) place id: Citymapper links carry none") }
            }
        }
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a Citymapper link cannot end at the current location", field: "destination")
        }
        write(request.source, "start", field: "source")
        write(request.destination, "end", field: "destination")
        if let arrival = request.arrivalDate { pairs.append(("arrival_time", LinkWriting.encode(arrival))) }
        if !request.waypoints.isEmpty { omitted.append("waypoints: Citymapper links have a start and an end only") }
        if let mode = request.mode {
            omitted.append("mode \(mode.rawValue): Citymapper plans transit journeys and has no mode parameter")
        } else if request.transportType != .transit {
            omitted.append("transport type \(request.transportType?.rawValue ?? "(any)"): Citymapper always plans transit")
        }
        if request.navigate { omitted.append("navigate: Citymapper links cannot start guidance") }
        if !request.avoid.isEmpty { omitted.append("avoid: Citymapper links carry no road options") }
        if request.departureDate != nil { omitted.append("departure date: Citymapper links carry only an arrival time") }
        return BuiltLink(url: "https://citymapper.com/directions?" + LinkWriting.query(pairs), format: .citymapper, omitted: omitted)
    }
}
