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
enum OsmAndAPILink {
    static let formatName = "OsmAnd API link"
    static let schema = ParameterSchema(format: formatName, typos: .closestByLength, [
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
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'osmand.api://\(DirectionsURLParser.shorten(link.host))' is not OsmAnd's navigate command; use osmand.api://navigate?dest_lat=&dest_lon=",
                parameter: "host")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let slots = schema.slots(query)
        guard let destLat = try slots.single("dest_lat"), let destLon = try slots.single("dest_lon") else {
            let missing = slots.contains("dest_lat") ? "dest_lon" : "dest_lat"
            throw OSMLinkBytes.missing(
                schema, query, ["dest_lat", "dest_lon"], "dest_lat=<latitude>&dest_lon=<longitude>", what: "'\(missing)'",
                parameter: missing)
        }
        let destination = Endpoint.coordinate(
            try OsmAndLink.coordinate(destLat, destLon, latitudeName: "dest_lat", longitudeName: "dest_lon"),
            label: try slots.single("dest_name")?.nonEmptyValue)
        let source: Endpoint
        let startLat = try slots.single("start_lat")
        let startLon = try slots.single("start_lon")
        switch (startLat, startLon) {
        case (nil, nil):
            source = .currentLocation
        case (let lat?, let lon?):
            source = .coordinate(
                try OsmAndLink.coordinate(lat, lon, latitudeName: "start_lat", longitudeName: "start_lon"),
                label: try slots.single("start_name")?.nonEmptyValue)
        default:
            let missing = startLat == nil ? "start_lat" : "start_lon"
            throw DirectionsURLError(
                code: .invalidParameter,
                message: "the start has only one coordinate; add '\(missing)', or leave out both to start at the current location",
                parameter: missing)
        }
        if slots.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        let (mode, transport) = try OsmAndLink.profile(try slots.single("profile"), &context)
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport)
    }
}

extension OsmAndAPILink: DirectionsLinkFormat {
    static var schemes: [String] { ["osmand.api"] }
}

extension OsmAndAPILink {
    static var format: LinkFormat { .osmAndAPI }
    static var modeVocabulary: [ModeWord] { OsmAndLink.profiles }

    /// Writes `osmand.api://navigate?start_lat=&start_lon=&start_name=&dest_lat=&dest_lon=&dest_name=&profile=`
    /// in that order, without the start for the current location or names without a label.
    /// - Throws: `cannot-express` when the destination is not a coordinate or the source is an address.
    /// - Returns: `omitted` lists waypoints, modes without a profile, avoidances, place ids, navigate, times.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        var omitted: [String] = []
        guard case .coordinate(let end, let endLabel, let endPlace) = request.destination else {
            throw LinkBuildError(
                code: .cannotExpress, message: "OsmAnd's API needs the destination's coordinates", field: "destination")
        }
        var pairs: [(String, String)] = []
        switch request.source {
        case .currentLocation: break
        case .address:
            throw LinkBuildError(
                code: .cannotExpress, message: "OsmAnd's API needs the start's coordinates (or the current location)", field: "source")
        case .coordinate(let start, let label, _):
            pairs.append(("start_lat", LinkWriting.degrees(start.latitude)))
            pairs.append(("start_lon", LinkWriting.degrees(start.longitude)))
            if let label, !label.isEmpty { pairs.append(("start_name", LinkWriting.formValue(label))) }
        }
        pairs.append(("dest_lat", LinkWriting.degrees(end.latitude)))
        pairs.append(("dest_lon", LinkWriting.degrees(end.longitude)))
        if let endLabel, !endLabel.isEmpty { pairs.append(("dest_name", LinkWriting.formValue(endLabel))) }
        if endPlace != nil { omitted.append("destination place id: OsmAnd has no place ids") }
        if let word = LinkWriting.modeWord(for: request, in: OsmAndLink.profiles, format: "OsmAnd", omitted: &omitted) {
            pairs.append(("profile", word.value))
        }
        omitted += OmittedFields.lines(request, format: "OsmAnd's API", waypoints: false, mode: true, avoid: false)
        return BuiltLink(url: "osmand.api://navigate?" + LinkWriting.query(pairs), format: .osmAndAPI, omitted: omitted)
    }
}
