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

    /// `isKnown(query.key(of: p))`, without building the key.
    private static func isKnown(_ query: QueryBytes, _ p: QueryBytes.Parameter) -> Bool {
        query.isKey(p, "startcoord") || query.isKey(p, "startname") || query.isKey(p, "startaddress")
            || query.isKey(p, "endcoord") || query.isKey(p, "endname") || query.isKey(p, "endaddress")
            || query.isKey(p, "arrival_time") || query.isKey(p, "arriveby")
    }

    private static func end(
        _ query: QueryBytes, parser: DirectionsURLParser, source: Bool
    ) throws(DirectionsURLError) -> Endpoint? {
        // The keys as literals: no string building on the success path.
        let coord = try source
            ? query.single("startcoord", format: formatName) : query.single("endcoord", format: formatName)
        let name = try source
            ? query.single("startname", format: formatName) : query.single("endname", format: formatName)
        let address = try source
            ? query.single("startaddress", format: formatName) : query.single("endaddress", format: formatName)
        let hasName = name.map { p in p.withValue { !$0.isBlank } } ?? false
        let hasAddress = address.map { p in p.withValue { !$0.isBlank } } ?? false
        if let coord,
           let c = try coord.withValue({ (value: ByteText) throws(DirectionsURLError) -> Coordinate? in
               let text = value.trimmed
               if text.isEmpty { return nil }
               return try CoordinateText.parsePair(text, parameter: source ? "startcoord" : "endcoord")
           }) {
            let label = hasName ? name.map(trimmedValue) : hasAddress ? address.map(trimmedValue) : nil
            return .coordinate(c, label: label)
        }
        let text: QueryBytes.Parameter
        let parameter: String
        if hasAddress, let address {
            text = address
            parameter = source ? "startaddress" : "endaddress"
        } else if hasName, let name {
            text = name
            parameter = source ? "startname" : "endname"
        } else {
            return nil
        }
        return try text.withValue { (value: ByteText) throws(DirectionsURLError) -> Endpoint in
            source ? try parser.sourceEndpoint(value, parameter: parameter) : try parser.stopEndpoint(value, parameter: parameter)
        }
    }

    /// The decoded value of `p`, trimmed.
    private static func trimmedValue(_ p: QueryBytes.Parameter) -> String {
        p.withValue { $0.trimmed.string }
    }
}

extension CitymapperLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .citymapper }
    static var schemes: [String] { ["citymapper"] }
    static var hosts: [String] { ["citymapper.com", "www.citymapper.com"] }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        // No non-ASCII text lowercases to (or is canonically equivalent to) these ASCII paths: comparing
        // the bytes ignoring ASCII case is exact.
        let path = link.bytes.path
        let ok = link.scheme == "citymapper"
            ? (link.host == "directions" && (path.isEmpty || path.equals("/")))
                || (link.host.isEmpty && (path.equalsIgnoringCase("directions") || path.equalsIgnoringCase("//directions")))
            : (path.equalsIgnoringCase("/directions") || path.equalsIgnoringCase("/directions/"))
        guard ok else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Citymapper link is not a directions link; use https://citymapper.com/directions?endcoord=<lat>,<lon>",
                parameter: "path")
        }
        let query = try QueryBytes(link.bytes.query, plusAsSpace: true)
        // Only needed when the end is missing or not a coordinate: not built on the usual path.
        func endHint() -> String? {
            DirectionsURLParser.typoHint(in: query, for: "endcoord", known: known, aliases: destinationAliases)
        }
        guard let destination = try end(query, parser: context.parser, source: false) else {
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
        var allKnown = true
        for p in query.parameters where !isKnown(query, p) {
            allKnown = false
            break
        }
        if !allKnown {
            if !query.contains("startcoord"),
               let hint = DirectionsURLParser.typoHint(in: query, for: "startcoord", known: known, aliases: []) {
                try context.repair(.likelyTypo, hint + " (ignored)", parameter: "startcoord")
            }
            if !query.contains("arrival_time"),
               let hint = DirectionsURLParser.typoHint(in: query, for: "arrival_time", known: known, aliases: []) {
                try context.repair(.likelyTypo, hint + " (ignored)", parameter: "arrival_time")
            }
        }
        let source = try end(query, parser: context.parser, source: true) ?? .currentLocation
        let arrival = try query.single("arrival_time", format: formatName).map(trimmedValue)
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
