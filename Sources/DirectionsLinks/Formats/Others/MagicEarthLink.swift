// SPDX-License-Identifier: Apache-2.0
/// Magic Earth links: the app scheme `magicearth://?<action>&lat=<lat>&lon=<lon>[&name=<name>]` and the same
/// query on `https://magicearth.com/?…`. Sources: Magic Earth's developer page
/// (https://www.magicearth.com/developers/, archived 2025-06-09, as cited by GeoShare `MagicEarthUriInput.kt`,
/// github.com/jakubvalenta/geoshare, whose tests write `?show_on_map&lat=&lon=&name=`, `?get_directions&lat=&lon=`,
/// `?get_directions&q=`, `?open_search&q=`), and the Flutter `map_launcher` package (`MagicEarthBuilder`), which
/// writes the mode actions `drive_to`, `walk_to`, `bike_to`, `public_transport_to` (iOS alone, Android after `get_directions`).
///
/// - The action is a parameter without `=`: `show_on_map` (or none) with `lat`, `lon` → a **place** (label `name`,
///   form-encoded); `get_directions` and/or a mode action (``modeVocabulary``) → a **route** from the current
///   location to `lat`,`lon`, or to the address `q` (or `daddr`) when there are no coordinates.
/// - `lat`, `lon`: separate decimals, latitude and longitude. `z`, `zoom` are the view and ignored.
/// - `open_search&q=…` is a search for text, which names no single place → `not-a-directions-link`.
/// - Errors: `missing-destination` (no coordinates and no `q`); coordinate errors naming `lat` or `lon`.
enum MagicEarthLink {
    static let formatName = "Magic Earth link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("lat", "the point's latitude"), .single("lon", "the point's longitude"),
        .single("name", "the point's name"), .single("q", aliases: ["daddr"], "an address to search for or route to"),
        .ignored("z", "a zoom"), .ignored("zoom", "a zoom"),
        .ignored("show_on_map", "action: show the point"), .ignored("get_directions", "action: directions"),
        .ignored("open_search", "action: search for q"), .ignored("drive_to"), .ignored("walk_to"), .ignored("bike_to"),
        .ignored("public_transport_to"),
    ])
}

extension MagicEarthLink: DirectionsLinkFormat {
    static var schemes: [String] { ["magicearth"] }
    static var hosts: [String] { ["magicearth.com", "www.magicearth.com"] }
    static var format: LinkFormat { .magicEarth }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = link.bytes.path
        guard path.isEmpty || path.equals("/") else {
            throw DirectionsURLError(.notADirectionsLink, "path", "Magic Earth links are magicearth://?<action>&lat=…&lon=…; '\(path.shown)' is another page")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        var (directions, search, word): (Bool, Bool, ModeWord?) = (false, false, nil)
        for p in query.parameters where !p.hasEquals {
            if p.rawName.equalsIgnoringCase("get_directions") { directions = true }
            else if p.rawName.equalsIgnoringCase("open_search") { search = true }
            else if let i = modeVocabulary.index(ofWord: p.rawName) { word = modeVocabulary[i] }
        }
        let keys = schema.slots(query)
        if keys.hasUnknown { try schema.warnLikelyTypos(query, &context) }
        let route = directions || word != nil
        let lat = try keys.single("lat"), lon = try keys.single("lon")
        if lat != nil || lon != nil {
            guard let lat, let lon else {
                throw DirectionsURLError(.malformedNumber, lat == nil ? "lat" : "lon", "give both lat and lon as decimal degrees")
            }
            let c = try OsmAndLink.coordinate(lat, lon, prefix: "")
            let name = try keys.single("name")?.withValue { $0.trimmed.isEmpty ? nil : $0.trimmed.string }
            let destination = Endpoint.coordinate(c, label: name)
            return route ? DirectionsRequest(destination: destination, mode: word?.mode, transportType: word?.transportType)
                : DirectionsRequest(destination: destination)
        }
        if let q = try keys.single("q"), route {
            let destination = try q.withValue { (v: LinkInput) throws(DirectionsURLError) -> Endpoint? in
                if v.isBlank { return nil }
                return try context.parser.place(v.trimmed, parameter: "q")
            }
            if let destination { return DirectionsRequest(destination: destination, mode: word?.mode, transportType: word?.transportType) }
        }
        if search {
            throw DirectionsURLError(.notADirectionsLink, "q", "this Magic Earth link searches for text (open_search), which names no single place; "
                + "use get_directions&q=<address> or lat=…&lon=…")
        }
        throw schema.missing("destination", "lat", in: query, add: "lat=<latitude>&lon=<longitude>, or get_directions&q=<address>")
    }

    static let modeVocabulary: [ModeWord] = [
        ModeWord("action", "drive_to", mode: .car), ModeWord("action", "walk_to", mode: .pedestrian),
        ModeWord("action", "bike_to", mode: .bike), ModeWord("action", "public_transport_to", mode: nil, transportType: .transit),
    ]

    /// `magicearth://?get_directions[&<mode action>]&lat=<lat>&lon=<lon>`, or `…&q=<address>` (percent-encoded).
    /// The name is left out (listed in `omitted`): no source shows `get_directions` taking one.
    /// - Throws: `cannot-express` when the source is not the current location, or the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        try BuiltCoordinates.requireSourceHere(request, "Magic Earth links start at the current location")
        var omitted: [String] = []
        var url = "magicearth://?get_directions"
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Magic Earth", omitted: &omitted) { url += "&" + word.value }
        switch request.destination {
        case .currentLocation: throw LinkBuildError.cannot("destination", "a Magic Earth link cannot route to the current location")
        case .coordinate(let c, let label, _, _):
            url += "&lat=" + LinkWriting.degrees(c.latitude) + "&lon=" + LinkWriting.degrees(c.longitude)
            if label != nil { omitted.append("destination label: Magic Earth directions links carry no name") }
        case .address(let text, _): url += "&q=" + LinkWriting.encode(text)
        }
        if request.destination.placeID != nil { omitted.append("destination place id: Magic Earth links carry none") }
        if !request.waypoints.isEmpty { omitted.append("waypoints: Magic Earth links route to one destination") }
        omitted += OmittedFields.uncarried(
            request, navigate: "Magic Earth links do not say whether guidance starts", avoid: "Magic Earth links carry no road options",
            dates: "Magic Earth links")
        return BuiltLink(url: url, format: .magicEarth, omitted: omitted)
    }

    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`magicearth://?get_directions&lat=LAT&lon=LON`", "magicearth://?get_directions&lat=47.3769&lon=8.5417"),
            LinkForm(.route, "`magicearth://?get_directions&MODE&lat=LAT&lon=LON` (`drive_to`, `walk_to`, `bike_to`, `public_transport_to`)",
                "magicearth://?get_directions&walk_to&lat=47.3769&lon=8.5417"),
            LinkForm(.route, "`magicearth://?get_directions&q=ADDRESS`", "magicearth://?get_directions&q=Bahnhofstrasse%201%2C%20Z%C3%BCrich"),
            LinkForm(.place, "`magicearth://?show_on_map&lat=LAT&lon=LON&name=NAME`",
                "magicearth://?show_on_map&lat=47.3769&lon=8.5417&name=Z%C3%BCrich%20HB"),
            LinkForm(.place, "`https://magicearth.com/?show_on_map&lat=LAT&lon=LON&name=NAME`",
                "https://magicearth.com/?show_on_map&lat=47.3769&lon=8.5417&name=Zurich+HB&z=16"),
        ]
    }
}
