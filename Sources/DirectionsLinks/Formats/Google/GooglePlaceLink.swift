// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google place and query links, read as a destination-only request from the current location:
    /// - `https://www.google.com/maps/place/<Name>/@lat,lon,17z/data=…!3d<lat>!4d<lon>` (undocumented):
    ///   the name is decoded once (`+` a space); the blob's pin gives the coordinate, labelled with the
    ///   name; else a `lat,lon` name is that coordinate, other text an address. The viewport is unused.
    /// - `?q=` on `/maps` (and `/` of `maps.google.<tld>`), form-encoded, read by `GoogleStopText`;
    ///   the last `q` counts; `ll`/`z` are unused.
    /// - `https://www.google.com/maps/search/?api=1&query=…&query_place_id=…` (Google Maps URLs guide,
    ///   "Search"): `query` as above, the place id kept in ``Endpoint/placeID``.
    enum GooglePlaceLink {
        /// The parameters of a `/maps/search/?api=1` link.
        static let searchSchema = ParameterSchema(format: "Google Maps search link", typos: .firstWithinTwo, [
            .ignored("api", "1"),
            .single("query", "the place: text or `latitude,longitude`"),
            .single("query_place_id", "the place id, kept verbatim"),
        ])

        static func parse(path link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            typealias Path = GooglePathLink
            let after = Path.tail(link.bytes.path, dropping: 12)
            var first: LinkInput? = nil
            var blob: LinkInput? = nil
            for segment in after.pieces(separatedBy: UInt8(ascii: "/")) {
                if first == nil { first = segment }
                if Path.hasPrefix(segment, "data=") {
                    blob = segment.dropFirst(5)
                    break
                }
            }
            let parser = context.parser
            let pin = blob.flatMap { GoogleDataParameter.pin($0) }
            // The endpoint is made inside (a small value); the request once, outside.
            let destination = try Path.decoded(first ?? .empty, parameter: "path", what: "segment") { (name) throws(DirectionsURLError) -> Endpoint in
                let trimmedName = name.trimmed
                if let pin { return .coordinate(pin, label: trimmedName.isEmpty ? nil : trimmedName.string) }
                guard !trimmedName.isEmpty, !Path.hasPrefix(trimmedName, "@") else {
                    throw DirectionsURLError(
                        code: .missingDestination,
                        message: "this Google place link has neither a place name nor a !3d<lat>!4d<lon> pin; the @ viewport is not a place",
                        parameter: "path")
                }
                return try stopEndpoint(name, parameter: "path", parser: parser)
            }
            return DirectionsRequest(destination: destination)
        }

        /// A `?q=` link: `keys` its parameters sorted by ``GoogleMapsLink/family``, `raw` the query.
        static func parse(
            q query: LinkInput.Query, keys: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            try GoogleMapsLink.rawSpaces(query, raw: raw, &context)
            let parser = context.parser
            guard let q = keys.last("q") else {
                return DirectionsRequest(destination: try stopEndpoint(.empty, parameter: "q", parser: parser))
            }
            return DirectionsRequest(destination: try q.withValue { (text) throws(DirectionsURLError) in
                try stopEndpoint(text, parameter: "q", parser: parser)
            })
        }

        /// A `/maps/search/?api=1` link: `family` its sorted parameters, `raw` the query.
        static func parse(
            search query: LinkInput.Query, keys family: ParameterSchema.Slots, raw: LinkInput, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let keys = family.reading(as: searchSchema)
            try GoogleMapsLink.rawSpaces(query, raw: raw, &context)
            let parser = context.parser
            let q = try keys.single("query")
            guard let q, !q.withValue({ $0.isBlank }) else {
                throw DirectionsURLError(
                    code: .missingDestination, message: "this Google Maps search link has no 'query'; add query=<place or latitude,longitude>",
                    parameter: "query")
            }
            var destination = try q.withValue { (text) throws(DirectionsURLError) in
                try stopEndpoint(text, parameter: "query", parser: parser)
            }
            if let id = try keys.single("query_place_id"), destination != .currentLocation {
                let trimmed = id.withValue { $0.trimmed.isEmpty ? nil : $0.trimmed.string }
                if let trimmed { destination = destination.withPlaceID(trimmed) }
            }
            return DirectionsRequest(destination: destination)
        }
    }
}

// MARK: - Byte helpers for the Google query forms (also used by `GoogleNavigationIntent`)

extension DirectionsURLParser.GooglePlaceLink {
    /// A place link's stop: ``DirectionsURLParser/GoogleStopText/endpoint(_:parameter:source:parser:)-(LinkInput,_,_,_)``
    /// of decoded bytes, never as a source.
    static func stopEndpoint(
        _ text: LinkInput, parameter: String, parser: DirectionsURLParser
    ) throws(DirectionsURLError) -> Endpoint {
        try DirectionsURLParser.GoogleStopText.endpoint(text, parameter: parameter, source: false, parser: parser)
    }
}
