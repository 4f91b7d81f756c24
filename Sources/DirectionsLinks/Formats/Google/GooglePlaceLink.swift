// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google place and query links, read as a destination-only request from the current location:
    /// - `https://www.google.com/maps/place/<Name>/@lat,lon,17z/data=…!3d<lat>!4d<lon>` (undocumented):
    ///   the name (decoded once, `+` a space) labels the blob's pin; without a pin, a `lat,lon` name is
    ///   that coordinate, other text an address (the name is the place; the `@` view's centre is often
    ///   offset from it by the side panel, so it is never used). With several pins, the last is the place's.
    /// - `?q=` on `/maps` (and `/` of `maps.google.<tld>`), read by `GoogleStopText`; the last `q` counts.
    /// - `https://www.google.com/maps/search/?api=1&query=…&query_place_id=…` (Google Maps URLs guide,
    ///   "Search"): `query` as `q`, the place id kept in ``Endpoint/placeID``; `/maps/search/<text>/…`.
    /// - Map views (approximate, `viewport-as-destination`): `/maps/@LAT,LON,Zz` (also after `/maps/place/` or
    ///   `/maps/search/` with no name and no pin),
    ///   `/maps/@?api=1&map_action=map&center=LAT,LON`, `/maps?ll=LAT,LON` alone.
    enum GooglePlaceLink {
        static var forms: [LinkForm] {
            [
                LinkForm(.place, "`/maps/place/NAME/@VIEW/data=…!3d<lat>!4d<lon>` (the last pin)",
                    "https://www.google.com/maps/place/Mus%C3%A9e+d'Orsay/@48.8601,2.3240,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8599614!4d2.3265614"),
                LinkForm(.place, "`/maps/place/NAME/@VIEW` (no pin: the name as an address)",
                    "https://www.google.com/maps/place/Panth%C3%A9on,+Paris/@48.8462,2.3440,17z"),
                LinkForm(.place, "`/maps/place/LAT,LON/@VIEW`", "https://www.google.com/maps/place/48.8462,2.3464/@48.8462,2.3464,17z"),
                LinkForm(.place, "`/maps/search/LAT,LON`", "https://www.google.com/maps/search/48.8530,+2.3499"),
                LinkForm(.place, "`/maps/search/TEXT` (a search: an address)", "https://www.google.fr/maps/search/Sainte-Chapelle,+Paris/@48.85,2.34,15z"),
                LinkForm(.place, "`/maps/search/?api=1&query=LAT,LON`", "https://www.google.com/maps/search/?api=1&query=48.8738%2C2.2950"),
                LinkForm(.place, "`/maps/search/?api=1&query=TEXT&query_place_id=…` (an address)",
                    "https://www.google.com/maps/search/?api=1&query=Arc+de+Triomphe&query_place_id=ChIJ_our_own_id"),
                LinkForm(.place, "`/maps?q=LAT,LON`", "https://www.google.com/maps?q=48.8584,2.2945&z=16"),
                LinkForm(.place, "`?q=loc:LAT,LON (NAME)`, `?q=NAME@LAT,LON`", "https://maps.google.com/?q=loc:48.8584,2.2945+(Tour+Eiffel)"),
                LinkForm(.place, "`/maps?q=TEXT` (a search: an address)", "https://maps.google.de/maps?q=Brandenburger+Tor,+Berlin"),
                LinkForm(.mapView, "`/maps/@LAT,LON,ZOOMz`", "https://www.google.com/maps/@48.8566,2.3522,14z"),
                LinkForm(.mapView, "`/maps/place/@LAT,LON,ZOOMz` (no name, no pin)", "https://www.google.com/maps/place/@48.8566,2.3522,15z/data=!3m1!1e3"),
                LinkForm(.mapView, "`/maps/@?api=1&map_action=map&center=LAT,LON&zoom=…`",
                    "https://www.google.com/maps/@?api=1&map_action=map&center=48.8566%2C2.3522&zoom=13"),
                LinkForm(.mapView, "`/maps?ll=LAT,LON` (legacy map view)", "https://maps.google.com/maps?ll=48.8566,2.3522&z=12"),
            ]
        }

        static let searchSchema = ParameterSchema(format: "Google Maps search link", typos: .firstWithinTwo, [
            .ignored("api", "1"),
            .single("query", "the place: text or `latitude,longitude`"),
            .single("query_place_id", "the place id, kept verbatim"),
        ])

        static func parse(path link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googlePlace
            let after = link.bytes.path.dropFirst(12)
            let first = after.prefix(after.firstOffset(of: UInt8(ascii: "/")) ?? after.count)
            let blob = after.pieces(separatedBy: UInt8(ascii: "/")).first { $0.hasPrefix("data=") }?.dropFirst(5)
            let pin = blob.flatMap { GoogleDataParameter.pin($0) }
            // No name and no pin, only the `@` view: a map view.
            if pin == nil, first.hasPrefix("@"), let request = try mapView(first.dropFirst(), &context) { return request }
            let parser = context.parser
            let destination = try first.withCheckedDecoded("path", what: "segment", plusAsSpace: true) {
                (name) throws(DirectionsURLError) -> Endpoint in
                let trimmedName = name.trimmed
                // A `LAT,LON` name is the place's coordinates, not its name: no label.
                if let pin { return .coordinate(pin, label: trimmedName.isEmpty || CoordinateText.isNumberLike(trimmedName) ? nil : trimmedName.string) }
                guard !trimmedName.isEmpty, !trimmedName.hasPrefix("@") else {
                    throw DirectionsURLError(
                        .missingDestination, "path",
                        "this Google place link has neither a place name nor a !3d<lat>!4d<lon> pin; the @ viewport is not a place")
                }
                return try GoogleStopText.endpoint(name, parameter: "path", source: false, parser: parser)
            }
            return DirectionsRequest(destination: destination)
        }

        /// A `/maps/search/<TEXT or LAT,LON>/…` link (no `api=1`, as Google's own search pages write it):
        /// the first segment (decoded once, `+` a space) read by `GoogleStopText`: a coordinate is a pin,
        /// exact; text an address (the search). The `@` viewport and `data=` that may follow are unused.
        /// - Throws: `missing-destination` for an empty segment; coordinate errors naming `path`.
        static func parse(searchPath link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googlePlace
            let after = link.bytes.path.dropFirst(13)
            let first = after.prefix(after.firstOffset(of: UInt8(ascii: "/")) ?? after.count)
            if first.hasPrefix("@"), let request = try mapView(first.dropFirst(), &context) { return request }
            let parser = context.parser
            let destination = try first.withCheckedDecoded("path", what: "segment", plusAsSpace: true) {
                (text) throws(DirectionsURLError) -> Endpoint in
                guard !text.trimmed.isEmpty, !text.trimmed.hasPrefix("@") else {
                    throw DirectionsURLError(
                        .missingDestination, "path", "this Google search link names nothing to search for; write /maps/search/<place or latitude,longitude>")
                }
                return try GoogleStopText.endpoint(text, parameter: "path", source: false, parser: parser)
            }
            return DirectionsRequest(destination: destination)
        }

        /// A map view `/maps/@LAT,LON,ZOOMz` (also `,500m`, then `/data=…`): its centre as an approximate
        /// destination (``ParseContext/mapViewDestination(_:view:parameter:)``); nil when the segment
        /// does not start with two decimal numbers (the caller's `not-a-directions-link`).
        /// - Throws: range errors naming `path`; `viewport-as-destination` in strict mode.
        static func parse(viewPath link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest? {
            let after = link.bytes.path.dropFirst(7)
            return try mapView(after.prefix(after.firstOffset(of: UInt8(ascii: "/")) ?? after.count), &context)
        }

        /// The map view of a raw `LAT,LON,ZOOMz` segment (after its `@`), or nil when it does not start with two decimals.
        /// - Throws: range errors naming `path`; `viewport-as-destination` in strict mode.
        static func mapView(_ view: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest? {
            guard let (lat, rest) = view.split(at: UInt8(ascii: ",")) else { return nil }
            let lon = rest.prefix(rest.firstOffset(of: UInt8(ascii: ",")) ?? rest.count)
            guard lat.decimal != nil, lon.decimal != nil else { return nil }
            context.format = .googlePlace
            let c = try CoordinateText.parsePair(view.prefix(lat.count &+ 1 &+ lon.count), parameter: "path")
            return DirectionsRequest(destination: try context.mapViewDestination(c, view: "@" + view.string, parameter: "path"))
        }

        /// The map action's parameters (Google Maps URLs guide, "Display a map" and "Display a Street View panorama").
        static let mapSchema = ParameterSchema(format: "Google Maps map link", typos: .firstWithinTwo, [
            .ignored("api", "1"),
            .single("map_action", "map or pano"),
            .single("center", "the map centre, `latitude,longitude`"),
            .single("viewpoint", "the Street View camera position, `latitude,longitude`"),
            .ignored("zoom"), .ignored("basemap"), .ignored("layer"), .ignored("pano"), .ignored("heading"),
            .ignored("pitch"), .ignored("fov"),
        ])

        /// A `/maps/@?api=1&map_action=map&center=LAT,LON&zoom=` link (or `map_action=pano&viewpoint=`): a
        /// map view, its `center` (or `viewpoint`) an approximate destination.
        /// - Throws: `not-a-directions-link` without either (Google then centres on the user); coordinate
        ///   errors; `viewport-as-destination` in strict mode.
        static func parse(mapAction query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googlePlace
            let keys = mapSchema.slots(query)
            for name in ["center", "viewpoint"] {
                guard let p = try keys.single(name), let c = try p.trimmedPair(parameter: name) else { continue }
                return DirectionsRequest(destination: try context.mapViewDestination(c, view: "\(name)=\(p.value)", parameter: name))
            }
            throw DirectionsURLError(
                .notADirectionsLink, "center",
                "this Google map link has no 'center', so it shows the user's own location; add center=<latitude,longitude>")
        }

        /// A `/maps/search/?api=1` link: `family` its sorted parameters, `raw` the query.
        static func parse(
            search family: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googlePlace
            let keys = family.reading(as: searchSchema)
            try GoogleMapsLink.rawSpaces(keys, raw: raw, &context)
            guard let q = try keys.single("query"), !q.withValue({ $0.isBlank }) else {
                throw DirectionsURLError(
                    .missingDestination, "query", "this Google Maps search link has no 'query'; add query=<place or latitude,longitude>")
            }
            let destination = try GoogleStopText.endpoint(of: q, parameter: "query", source: false, parser: context.parser)
            let id = try keys.single("query_place_id")?.trimmedValue
            return DirectionsRequest(destination: destination == .currentLocation ? destination : destination.withPlaceID(id))
        }
    }
}

extension DirectionsURLParser.GooglePlaceLink: DirectionsLinkFormat {
    static var format: LinkFormat { .googlePlace }
    /// A place link carries no travel mode.
    static var modeVocabulary: [ModeWord] { [] }

    /// Read by its family's type (``DirectionsURLParser/GoogleMapsLink``), which claims Google's hosts.
    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        try DirectionsURLParser.GoogleMapsLink.parse(link, &context)
    }

    /// Google's documented search URL for one place: `https://www.google.com/maps/search/?api=1&query=LAT,LON`
    /// for a coordinate, `query=TEXT` for an address, with `query_place_id`. Coordinates' labels (Google
    /// would search for the text, not the point), waypoints, modes, avoidances, `navigate` and times are omitted.
    /// - Throws: `cannot-express` for a source other than the current location, or an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "Google Maps search"
        try BuiltCoordinates.requireSourceHere(
            request, "a Google Maps search link names one place, reached from the current location; use the google or google-path format for a route from elsewhere")
        return try AppleGoogleLinkText.build(
            request, format, name: name, prefix: "https://www.google.com/maps/search/?", avoid: [], navigate: false
        ) { (omitted) throws(LinkBuildError) in
            if !request.waypoints.isEmpty {
                omitted.append("waypoints: a \(name) link names one place (\(request.waypoints.count) stop(s) dropped)")
            }
            var pairs: [(String, String)] = [("api", "1")]
            if let (text, id) = try AppleGoogleLinkText.written(
                request.destination, field: "destination", format: name, placeIDs: true, omitted: &omitted, googleStops: true)
            {
                pairs.append(("query", LinkWriting.formValue(text)))
                if let id, request.destination != .currentLocation {
                    if DirectionsURLParser.trimmed(id) == id && !id.isEmpty {
                        pairs.append(("query_place_id", LinkWriting.formValue(id)))
                    } else {
                        omitted.append("destination place id: '\(id)' is blank or has surrounding spaces")
                    }
                }
            }
            _ = AppleGoogleLinkText.modePair(request, [], name, &omitted)
            return pairs
        }
    }
}
