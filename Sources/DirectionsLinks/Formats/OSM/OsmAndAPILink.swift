// SPDX-License-Identifier: Apache-2.0
/// OsmAnd's Android API navigate intent:
/// `osmand.api://navigate?start_lat=&start_lon=&start_name=&dest_lat=&dest_lon=&dest_name=&profile=`
/// (OsmAnd API demo, osmand-api-demo #40; the names and coordinates are separate parameters).
///
/// - The query is decoded as Android's `Uri.getQueryParameter` does: percent-escapes once, `+` a space.
/// - `dest_lat`, `dest_lon` (required, decimal degrees) and `dest_name` (the label).
/// - `start_lat`, `start_lon`, `start_name`: the start; when both numbers are absent the start is the
///   **current location**. Only one of the two is `invalid-parameter`.
/// - `profile`: the OsmAnd profile keys of ``OsmAndLink/profiles``; `default` has no routing and leaves
///   the mode unset; unknown → `ignored-value` repair.
/// - Other commands (`osmand.api://show_gpx`, …) are `not-a-directions-link`; unknown parameters
///   (`force`, `locations_permission`) are ignored, a likely typo is a `likely-typo` repair.
enum OsmAndAPILink {
    static let formatName = "OsmAnd API link"
    static let known: Set<String> = [
        "start_lat", "start_lon", "start_name", "dest_lat", "dest_lon", "dest_name", "profile", "force",
        "locations_permission",
    ]

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard link.host == "navigate" else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'osmand.api://\(DirectionsURLParser.shorten(link.host))' is not OsmAnd's navigate command; use osmand.api://navigate?dest_lat=&dest_lon=",
                parameter: "host")
        }
        let query = try QueryBytes(link.bytes.query, plusAsSpace: true)
        let slots = QuerySlots(query, slot: slot)
        guard let destLat = try slots.single(Slot.destLat, "dest_lat", query, format: formatName),
              let destLon = try slots.single(Slot.destLon, "dest_lon", query, format: formatName) else {
            let hint = OSMLinkBytes.likelyTypoParameter(in: query, for: ["dest_lat", "dest_lon"], known: known)
            let missing = slots.contains(Slot.destLat) ? "dest_lon" : "dest_lat"
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no '\(missing)'"
                    + (hint.map { "; found '\($0.found)': did you mean '\($0.expected)'?" } ?? "; add dest_lat=<latitude>&dest_lon=<longitude>"),
                parameter: missing)
        }
        let destination = Endpoint.coordinate(
            try OsmAndLink.coordinate(destLat, destLon, latitudeName: "dest_lat", longitudeName: "dest_lon"),
            label: try slots.single(Slot.destName, "dest_name", query, format: formatName).flatMap(OSMLinkBytes.nonEmptyValue))
        let source: Endpoint
        let startLat = try slots.single(Slot.startLat, "start_lat", query, format: formatName)
        let startLon = try slots.single(Slot.startLon, "start_lon", query, format: formatName)
        switch (startLat, startLon) {
        case (nil, nil):
            source = .currentLocation
        case (let lat?, let lon?):
            source = .coordinate(
                try OsmAndLink.coordinate(lat, lon, latitudeName: "start_lat", longitudeName: "start_lon"),
                label: try slots.single(Slot.startName, "start_name", query, format: formatName).flatMap(OSMLinkBytes.nonEmptyValue))
        default:
            let missing = startLat == nil ? "start_lat" : "start_lon"
            throw DirectionsURLError(
                code: .invalidParameter,
                message: "the start has only one coordinate; add '\(missing)', or leave out both to start at the current location",
                parameter: missing)
        }
        if slots.hasUnknown { try OSMLinkBytes.warnLikelyTypos(query, known: known, format: formatName, &context) }
        let (mode, transport) = try OsmAndLink.profile(try slots.single(Slot.profile, "profile", query, format: formatName), &context)
        return DirectionsRequest(source: source, destination: destination, mode: mode, transportType: transport)
    }

    /// The ``QuerySlots`` of the parameters read.
    private enum Slot {
        static let destLat = 0, destLon = 1, destName = 2, startLat = 3, startLon = 4, startName = 5, profile = 6
    }

    /// The ``Slot`` of `p`; -1 for the other known keys, -2 for unknown ones (`known` is the same list).
    /// A plain name (ASCII, no escape, no `+`) is picked by its byte count and compared once or twice.
    @inline(__always)
    private static func slot(_ query: QueryBytes, _ p: QueryBytes.Parameter) -> Int {
        guard query.isPlain(p) else { return slotByKey(query, p) }
        let n = p.rawName
        switch n.count {
        case 5:
            if n.equalsIgnoringCase("force" as StaticString) { return -1 }
            return -2
        case 7:
            if n.equalsIgnoringCase("profile" as StaticString) { return Slot.profile }
            return -2
        case 8:
            if NameWords.equal(n, 0x74616C5F74736564, 0x74616C5F74736564) { return Slot.destLat }
            if NameWords.equal(n, 0x6E6F6C5F74736564, 0x6E6F6C5F74736564) { return Slot.destLon }
            return -2
        case 9:
            if NameWords.equal(n, 0x6D616E5F74736564, 0x656D616E5F747365) { return Slot.destName }
            if NameWords.equal(n, 0x616C5F7472617473, 0x74616C5F74726174) { return Slot.startLat }
            if NameWords.equal(n, 0x6F6C5F7472617473, 0x6E6F6C5F74726174) { return Slot.startLon }
            return -2
        case 10:
            if NameWords.equal(n, 0x616E5F7472617473, 0x656D616E5F747261) { return Slot.startName }
            return -2
        case 20:
            if NameWords.equal(n, 0x6E6F697461636F6C, 0x73696D7265705F73, 0x6E6F697373696D72) { return -1 }
            return -2
        default: return -2
        }
    }

    /// ``slot(_:_:)`` of a name that is not plain, by its decoded key.
    private static func slotByKey(_ query: QueryBytes, _ p: QueryBytes.Parameter) -> Int {
        @inline(__always) func key(_ k: StaticString) -> Bool { query.isKey(p, k) }
        if key("dest_lat") { return Slot.destLat }
        if key("dest_lon") { return Slot.destLon }
        if key("dest_name") { return Slot.destName }
        if key("start_lat") { return Slot.startLat }
        if key("start_lon") { return Slot.startLon }
        if key("start_name") { return Slot.startName }
        if key("profile") { return Slot.profile }
        if key("force") || key("locations_permission") { return -1 }
        return -2
    }
}

extension OsmAndAPILink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .osmAndAPI }
    static var schemes: [String] { ["osmand.api"] }
}

extension OsmAndAPILink: DirectionsLinkBuilding {
    static var format: LinkFormat { .osmAndAPI }
    static var modeVocabulary: [ModeWord] { OsmAndLink.profiles }

    /// Writes `osmand.api://navigate?start_lat=&start_lon=&start_name=&dest_lat=&dest_lon=&dest_name=&profile=`
    /// in that order; the start parameters are left out for the current location, names when there is
    /// no label (names are form-encoded).
    /// - Throws: `cannot-express` when the destination is not a coordinate or the source is an address.
    /// - Returns: `omitted` lists waypoints, modes OsmAnd has no profile for, avoidances, place ids,
    ///   navigate and times.
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
