// SPDX-License-Identifier: Apache-2.0
/// OsmAnd's Android API navigate intent:
/// `osmand.api://navigate?start_lat=&start_lon=&start_name=&dest_lat=&dest_lon=&dest_name=&profile=`
/// (OsmAnd API demo, osmand-api-demo #40; the names and coordinates are separate parameters).
///
/// - The query is decoded as Android's `Uri.getQueryParameter` does: percent-escapes once, `+` a space.
/// - `dest_lat`, `dest_lon` (required, decimal degrees) and `dest_name` (the label).
/// - `start_lat`, `start_lon`, `start_name`: the start; when both numbers are absent the start is the
///   **current location**. Only one of the two is `invalid-parameter`.
/// - `profile`: as ``OsmAndLink/profiles``; `default` leaves the mode unset; unknown → `ignored-value`.
/// - Other commands (`osmand.api://show_gpx`, …) are `not-a-directions-link`; unknown parameters
///   (`force`, `locations_permission`) are ignored, a likely typo is a `likely-typo` repair.
enum OsmAndAPILink: DirectionsLinkFormat {
    static let schema = ParameterSchema(format: "OsmAnd API link", typos: .closestByLength, [
        .single("dest_lat", "the destination's latitude"),
        .single("dest_lon", "the destination's longitude"),
        .single("dest_name", "the destination's name"),
        .single("start_lat", "the start's latitude; with start_lon absent too: the current location"),
        .single("start_lon", "the start's longitude"),
        .single("start_name", "the start's name"),
        .single("profile", "the OsmAnd profile, which fixes the mode"),
        .ignored("force"), .ignored("locations_permission"),
    ])

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard link.host == "navigate" else {
            throw DirectionsURLError(.notADirectionsLink, "host",
                "'osmand.api://\(DirectionsURLParser.shorten(link.host))' is not OsmAnd's navigate command; use osmand.api://navigate?dest_lat=&dest_lon=")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let slots = schema.slots(query)
        guard let destLat = try slots.single("dest_lat"), let destLon = try slots.single("dest_lon") else {
            let missing = slots.contains("dest_lat") ? "dest_lon" : "dest_lat"
            throw OSMLinkBytes.missing(
                schema, query, ["dest_lat", "dest_lon"], "dest_lat=<latitude>&dest_lon=<longitude>", what: "'\(missing)'", parameter: missing)
        }
        let destination = Endpoint.coordinate(
            try OsmAndLink.coordinate(destLat, destLon, prefix: "dest_"), label: try slots.single("dest_name")?.nonEmptyValue)
        var source = Endpoint.currentLocation
        let startLat = try slots.single("start_lat")
        let startLon = try slots.single("start_lon")
        if let lat = startLat, let lon = startLon {
            source = .coordinate(try OsmAndLink.coordinate(lat, lon, prefix: "start_"), label: try slots.single("start_name")?.nonEmptyValue)
        } else if startLat != nil || startLon != nil {
            let missing = startLat == nil ? "start_lat" : "start_lon"
            throw DirectionsURLError(.invalidParameter, missing,
                "the start has only one coordinate; add '\(missing)', or leave out both to start at the current location")
        }
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        let (mode, transport) = try OsmAndLink.profile(try slots.single("profile"), &context)
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport)
    }

    static var schemes: [String] { ["osmand.api"] }
    static var format: LinkFormat { .osmAndAPI }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`osmand.api://navigate?dest_lat=LAT&dest_lon=LON&dest_name=NAME&profile=…`",
                "osmand.api://navigate?start_lat=41.4036&start_lon=2.1744&dest_lat=41.3917&dest_lon=2.1649&dest_name=Casa+Batllo&profile=pedestrian"),
        ]
    }
    static var modeVocabulary: [ModeWord] { OsmAndLink.profiles }

    /// Writes `osmand.api://navigate?start_lat=&start_lon=&start_name=&dest_lat=&dest_lon=&dest_name=&profile=`
    /// in that order, without the start for the current location or names without a label; `omitted` lists the rest.
    /// - Throws: `cannot-express` when the destination is not a coordinate or the source is an address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        let (start, end, endLabel) = try OSMLinkBytes.coordinateEnds(
            request, "OsmAnd's API needs", start: "the start's coordinates (or the current location)")
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        if let (c, label) = start {
            pairs += [("start_lat", LinkWriting.degrees(c.latitude)), ("start_lon", LinkWriting.degrees(c.longitude))]
            if let label, !label.isEmpty { pairs.append(("start_name", LinkWriting.formValue(label))) }
        }
        pairs += [("dest_lat", LinkWriting.degrees(end.latitude)), ("dest_lon", LinkWriting.degrees(end.longitude))]
        if let endLabel, !endLabel.isEmpty { pairs.append(("dest_name", LinkWriting.formValue(endLabel))) }
        if request.destination.placeID != nil { omitted.append("destination place id: OsmAnd has no place ids") }
        if let word = LinkWriting.modeWord(for: request, in: OsmAndLink.profiles, format: "OsmAnd", omitted: &omitted) {
            pairs.append(("profile", word.value))
        }
        omitted += OmittedFields.lines(request, format: "OsmAnd's API", waypoints: false, mode: true, avoid: false, destinationPlaceID: true)
        return BuiltLink(url: "osmand.api://navigate?" + LinkWriting.query(pairs), format: .osmAndAPI, omitted: omitted)
    }
}
