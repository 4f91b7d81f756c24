// SPDX-License-Identifier: Apache-2.0
/// Moovit trip-planning links: `moovit://directions?dest_lat=&dest_lon=&dest_name=&orig_lat=&orig_lon=&orig_name=&date=&auto_run=&partner_id=`
/// (Moovit's deep-link page as summarised by protocol-launcher,
/// https://zhensherlock.github.io/protocol-launcher/apps/moovit; the vendor page is not public).
///
/// - `dest_lat`, `dest_lon`: the destination as two numbers; `dest_name` its label (without
///   coordinates, an address text). Same for `orig_*`. No `orig_*` → the current location.
/// - `date`: ISO 8601 departure time, kept verbatim in ``DirectionsRequest/departureDate``. Others are ignored.
/// - Query form-encoded as Android's `Uri.getQueryParameter` (`+` a space). Mode: none; transport type Transit.
/// - Errors: only one of `dest_lat`/`dest_lon` → `malformed-number` naming the missing one; nothing
///   for the destination → `missing-destination`.
/// - Repairs: none; a near miss of `dest_lat` is named in the `missing-destination` error.
enum MoovitLink {
    static let formatName = "Moovit link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("dest_lat", aliases: ["lat", "latitude", "to_lat", "destination_lat"], "the destination's latitude"),
        .single("dest_lon", "the destination's longitude"), .single("dest_name", "the destination's name; alone, an address Moovit searches"),
        .single("orig_lat", "the start's latitude; no orig_*: the current location"), .single("orig_lon", "the start's longitude"),
        .single("orig_name", "the start's name"), .single("date", "the departure time, ISO 8601, kept verbatim"),
        .ignored("auto_run"), .ignored("partner_id"),
    ])

    /// The origin (`source`) or the destination: the point of `*_lat` and `*_lon` (decoded, trimmed;
    /// both or neither) labelled `*_name`, else `*_name` alone; nil when all are absent or blank.
    private static func end(_ keys: ParameterSchema.Slots, _ parser: DirectionsURLParser, source: Bool) throws(DirectionsURLError) -> Endpoint? {
        let (latP, lonP) = (try keys.single(source ? "orig_lat" : "dest_lat"), try keys.single(source ? "orig_lon" : "dest_lon"))
        let nameP = try keys.single(source ? "orig_name" : "dest_name")
        let coordinate = try latP.withValue { (lat: LinkInput) throws(DirectionsURLError) -> Coordinate? in
            try lonP.withValue { (lon: LinkInput) throws(DirectionsURLError) -> Coordinate? in
                let (lat, lon, prefix) = (lat.trimmed, lon.trimmed, source ? "orig" : "dest")
                if lat.isEmpty != lon.isEmpty {
                    let missing = prefix + (lat.isEmpty ? "_lat" : "_lon")
                    throw DirectionsURLError(.malformedNumber, missing, "'\(missing)' is missing; give both \(prefix)_lat and \(prefix)_lon in decimal degrees")
                }
                if lat.isEmpty { return nil }
                guard !lat.contains(UInt8(ascii: ",")), !lon.contains(UInt8(ascii: ",")) else {
                    throw DirectionsURLError(.malformedNumber, prefix + "_lat",
                        "'\(prefix)_lat=\(lat.shown)&\(prefix)_lon=\(lon.shown)' are not decimal degrees; use '.' as the decimal separator")
                }
                return try (lat.string + "," + lon.string).coordinatePair(parameter: prefix + "_lat")
            }
        }
        if let coordinate { return .coordinate(coordinate, label: nameP?.trimmedValue) }
        return try nameP.withValue { (value: LinkInput) throws(DirectionsURLError) -> Endpoint? in
            let name = value.trimmed
            if name.isEmpty { return nil }
            return source ? try parser.stopEndpoint(name, parameter: "orig_name", source: true) : .address(name.string)
        }
    }
}

extension MoovitLink: DirectionsLinkFormat {
    static var schemes: [String] { ["moovit"] }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`moovit://directions?dest_lat=LAT&dest_lon=LON&dest_name=…` (from the current location)",
                "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&dest_name=Times%20Square"),
            LinkForm(.route, "`moovit://directions?…&orig_lat=LAT&orig_lon=LON&orig_name=…&date=…`",
                "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&orig_lat=40.7527&orig_lon=-73.9772&orig_name=Grand%20Central"),
        ]
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard link.host == "directions" || (!link.hasAuthority && link.bytes.path.equalsIgnoringCase("directions")) else {
            throw DirectionsURLError(.notADirectionsLink, "host", "this Moovit link is not a trip plan; use moovit://directions?dest_lat=…&dest_lon=…")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        guard let destination = try end(keys, context.parser, source: false) else {
            throw schema.missing("destination", "dest_lat", in: query, add: "dest_lat=…&dest_lon=… (or dest_name=…)")
        }
        let source = try end(keys, context.parser, source: true) ?? .currentLocation
        return DirectionsRequest(source: source, destination: destination, transportType: .transit, departureDate: try keys.single("date")?.trimmedValue)
    }

    static var format: LinkFormat { .moovit }
    static var modeVocabulary: [ModeWord] { [] }

    /// `moovit://directions?dest_lat=…&dest_lon=…&dest_name=…&orig_lat=…&orig_lon=…&orig_name=…&date=…`; an address as a name.
    /// - Throws: `cannot-express` when the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var link = try TransitPlannerLink(request, app: "Moovit")
        func coordinate(_ prefix: String, _ c: Coordinate, _ label: String?) -> [(String, String)] {
            var pairs = [(prefix + "_lat", LinkWriting.degrees(c.latitude)), (prefix + "_lon", LinkWriting.degrees(c.longitude))]
            if let label, !label.isEmpty { pairs.append((prefix + "_name", LinkWriting.encode(label))) }
            return pairs
        }
        func address(_ prefix: String, _ text: String) -> [(String, String)] { [(prefix + "_name", LinkWriting.encode(text))] }
        link.write(request.destination, "dest", field: "destination", coordinate: coordinate, address: address)
        link.write(request.source, "orig", field: "source", coordinate: coordinate, address: address)
        if let date = request.departureDate { link.pairs.append(("date", LinkWriting.encode(date))) }
        link.omitUncarried(request, ends: "an origin and a destination", plans: "transit trips")
        if request.arrivalDate != nil { link.omitted.append("arrival date: Moovit links carry only a departure date") }
        return BuiltLink(url: "moovit://directions?" + LinkWriting.query(link.pairs), format: .moovit, omitted: link.omitted)
    }
}
