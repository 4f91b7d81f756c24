// SPDX-License-Identifier: Apache-2.0
/// Citymapper directions links (Citymapper, "Launch Citymapper for directions",
/// https://citymapper.com/tools/1053/launch-citymapper-for-directions):
/// `https://citymapper.com/directions?startcoord=&startname=&startaddress=&endcoord=&endname=&endaddress=&arrival_time=`
/// and the app scheme `citymapper://directions?…` with the same parameters.
///
/// - `endcoord` / `startcoord` = `latitude,longitude` (comma often `%2C`); `arrival_time` kept verbatim in
///   ``DirectionsRequest/arrivalDate``. Unknown parameters (`arriveby`) are ignored.
/// - An end is `.coordinate(c, label: endname ?? endaddress)`, or without a coordinate
///   `.address(endaddress ?? endname)`. No end → `missing-destination`.
/// - Current location: no start ("If no start is given, the user's current location is used"), or a
///   current-location literal as start address.
/// - Query form-encoded (`+` a space). Mode: none; transport type Transit. Repairs: none of the syntax; a
///   likely typo of `endcoord` next to a usable end, or of `startcoord` or `arrival_time`, is `likely-typo`.
enum CitymapperLink {
    static let formatName = "Citymapper link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("startcoord", "the start, 'lat,lon'; no start: the current location"),
        .single("startname", "the start's name"), .single("startaddress", "the start's street address"),
        .single("endcoord", aliases: ["dest", "destination", "daddr", "to", "end", "endcoords", "end_coord", "ll"], "the end, 'lat,lon'"),
        .single("endname", "the end's name"), .single("endaddress", "the end's street address"),
        .single("arrival_time", "the arrival time, ISO 8601, kept verbatim"), .ignored("arriveby", "deprecated"),
    ])

    /// The start (`source`) or the end, nil when it has no parameter with a value.
    private static func end(_ keys: ParameterSchema.Slots, parser: DirectionsURLParser, source: Bool) throws(DirectionsURLError) -> Endpoint? {
        let coord = try keys.single(source ? "startcoord" : "endcoord")
        let name = try keys.single(source ? "startname" : "endname")
        let address = try keys.single(source ? "startaddress" : "endaddress")
        if let coord, let c = try coord.trimmedPair(parameter: source ? "startcoord" : "endcoord") {
            return .coordinate(c, label: name?.trimmedValue ?? address?.trimmedValue)
        }
        for (p, field) in [(address, "address"), (name, "name")] {
            let parameter = (source ? "start" : "end") + field
            if let endpoint = try p.withValue({ (value: LinkInput) throws(DirectionsURLError) -> Endpoint? in
                if value.isBlank { return nil }
                return try parser.stopEndpoint(value, parameter: parameter, source: source)
            }) { return endpoint }
        }
        return nil
    }
}

extension CitymapperLink: DirectionsLinkFormat {
    static var schemes: [String] { ["citymapper"] }
    static var hosts: [String] { ["citymapper.com", "www.citymapper.com"] }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/directions?endcoord=LAT,LON&endname=…` (from the current location)",
                "https://citymapper.com/directions?endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London"),
            LinkForm(.route, "`/directions?startcoord=LAT,LON&startname=…&endaddress=…`",
                "https://citymapper.com/directions?startcoord=51.5033,-0.1196&startname=London+Eye&endaddress=221B+Baker+Street%2C+London"),
            LinkForm(.route, "`citymapper://directions?…` (the same parameters)", "citymapper://directions?endcoord=51.5007,-0.1246&endname=Big+Ben"),
        ]
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = link.bytes.path
        let ok = link.scheme == "citymapper"
            ? (link.host == "directions" && (path.isEmpty || path.equals("/")))
                || (link.host.isEmpty && (path.equalsIgnoringCase("directions") || path.equalsIgnoringCase("//directions")))
            : (path.equalsIgnoringCase("/directions") || path.equalsIgnoringCase("/directions/"))
        guard ok else {
            throw DirectionsURLError(
                .notADirectionsLink, "path", "this Citymapper link is not a directions link; use https://citymapper.com/directions?endcoord=<lat>,<lon>")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        guard let destination = try end(keys, parser: context.parser, source: false) else {
            throw schema.missing("end", "endcoord", in: query, add: "endcoord=<latitude>,<longitude> or endaddress=<address>")
        }
        if destination.coordinate == nil, let hint = schema.hint(in: query, for: "endcoord") {
            try context.repair(.likelyTypo, hint, parameter: "endcoord")
        }
        for name in ["startcoord", "arrival_time"] where keys.hasUnknown && !keys.contains(name) {
            if let hint = schema.hint(in: query, for: name) { try context.repair(.likelyTypo, hint + " (ignored)", parameter: name) }
        }
        let source = try end(keys, parser: context.parser, source: true) ?? .currentLocation
        return DirectionsRequest(source: source, destination: destination, transportType: .transit, arrivalDate: try keys.single("arrival_time")?.trimmedValue)
    }

    static var format: LinkFormat { .citymapper }
    static var modeVocabulary: [ModeWord] { [] }

    /// `https://citymapper.com/directions?startcoord=…&startname=…&startaddress=…&endcoord=…&endname=…&endaddress=…&arrival_time=…`,
    /// percent-encoded (space `%20`, comma `%2C`).
    /// - Throws: `cannot-express` when the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var link = try TransitPlannerLink(request, app: "Citymapper")
        func coordinate(_ prefix: String, _ c: Coordinate, _ label: String?) -> [(String, String)] {
            [(prefix + "coord", LinkWriting.encode(LinkWriting.pair(c)))] + (label.map { [(prefix + "name", LinkWriting.encode($0))] } ?? [])
        }
        func address(_ prefix: String, _ text: String) -> [(String, String)] { [(prefix + "address", LinkWriting.encode(text))] }
        link.write(request.source, "start", field: "source", coordinate: coordinate, address: address)
        link.write(request.destination, "end", field: "destination", coordinate: coordinate, address: address)
        if let arrival = request.arrivalDate { link.pairs.append(("arrival_time", LinkWriting.encode(arrival))) }
        link.omitUncarried(request, ends: "a start and an end", plans: "transit journeys")
        if request.departureDate != nil { link.omitted.append("departure date: Citymapper links carry only an arrival time") }
        return BuiltLink(url: "https://citymapper.com/directions?" + LinkWriting.query(link.pairs), format: .citymapper, omitted: link.omitted)
    }
}
