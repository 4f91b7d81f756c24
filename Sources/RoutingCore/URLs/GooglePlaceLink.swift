extension DirectionsURLParser {
    /// Google place and query links, read as a destination-only request from the current location:
    /// - `https://www.google.com/maps/place/<Name>/@lat,lon,17z/data=…!3d<lat>!4d<lon>` (undocumented;
    ///   `directions-urls.md` §2c): the name segment is decoded once with `+` as a space. The pin
    ///   `!3d!4d` in `data=` (`GoogleDataParameter`) gives the coordinate, labelled with the name; a
    ///   name that is itself `lat,lon` is that coordinate; otherwise the name is an address. The
    ///   viewport `@lat,lon,17z` is never used.
    /// - `?q=` on `/maps` (and on `/` of `maps.google.<tld>`), form-encoded: `loc:lat,lon (Name)`,
    ///   `lat,lon`, hemisphere letters `N34.99,W106.61`, `Name@lat,lon`, or an address (see
    ///   `GoogleStopText`). The last `q` counts. A viewport `ll`/`z` is never used.
    /// - `https://www.google.com/maps/search/?api=1&query=…&query_place_id=…` (Google Maps URLs guide,
    ///   "Search"): `query` as above, the place id kept in ``Endpoint/placeID``.
    enum GooglePlaceLink {
        static func parse(path link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let segments = AppleGoogleLinkText.Bytes.split(AppleGoogleLinkText.Bytes.dropFirstASCII(link.path, "/maps/place/".utf8.count), UInt8(ascii: "/"))
            let name = try QueryString.decode(segments.first ?? "", plusAsSpace: true, parameter: "path", what: "segment")
            let blob = segments.first(where: { AppleGoogleLinkText.Bytes.hasPrefix($0, "data=") }).map { $0.dropFirst(5) }
            let pin = blob.flatMap { GoogleDataParameter($0).pin }
            let trimmedName = DirectionsURLParser.trimmed(name)
            if let pin { return DirectionsRequest(destination: .coordinate(pin, label: trimmedName.isEmpty ? nil : trimmedName)) }
            guard !trimmedName.isEmpty, !AppleGoogleLinkText.Bytes.hasPrefix(trimmedName, "@") else {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "this Google place link has neither a place name nor a !3d<lat>!4d<lon> pin; the @ viewport is not a place",
                    parameter: "path")
            }
            return DirectionsRequest(
                destination: try GoogleStopText.endpoint(name, parameter: "path", source: false, parser: context.parser))
        }

        static func parse(q query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            try GoogleMapsLink.rawSpaces(query, &context)
            let q = AppleGoogleLinkText.last(query, "q")?.value ?? ""
            return DirectionsRequest(destination: try GoogleStopText.endpoint(q, parameter: "q", source: false, parser: context.parser))
        }

        static func parse(search query: QueryString, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            try GoogleMapsLink.rawSpaces(query, &context)
            guard let q = try AppleGoogleLinkText.single(query, "query", format: "Google Maps search link"), case let value = q.value,
                !AppleGoogleLinkText.Bytes.isBlank(value)
            else {
                throw DirectionsURLError(
                    code: .missingDestination, message: "this Google Maps search link has no 'query'; add query=<place or latitude,longitude>",
                    parameter: "query")
            }
            var destination = try GoogleStopText.endpoint(value, parameter: "query", source: false, parser: context.parser)
            if let id = try AppleGoogleLinkText.single(query, "query_place_id", format: "Google Maps search link"),
                !DirectionsURLParser.trimmed(id.value).isEmpty, destination != .currentLocation
            {
                destination = destination.withPlaceID(DirectionsURLParser.trimmed(id.value))
            }
            return DirectionsRequest(destination: destination)
        }
    }
}
