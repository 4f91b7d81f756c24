// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google place and query links, read as a destination-only request from the current location:
    /// - `https://www.google.com/maps/place/<Name>/@lat,lon,17z/data=…!3d<lat>!4d<lon>` (undocumented):
    ///   the name (decoded once, `+` a space) labels the blob's pin; without a pin, a `lat,lon` name is
    ///   that coordinate, other text an address. The viewport is unused.
    /// - `?q=` on `/maps` (and `/` of `maps.google.<tld>`), read by `GoogleStopText`; the last `q` counts.
    /// - `https://www.google.com/maps/search/?api=1&query=…&query_place_id=…` (Google Maps URLs guide,
    ///   "Search"): `query` as `q`, the place id kept in ``Endpoint/placeID``.
    enum GooglePlaceLink {
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
            let parser = context.parser
            let destination = try first.withCheckedDecoded("path", what: "segment", plusAsSpace: true) {
                (name) throws(DirectionsURLError) -> Endpoint in
                let trimmedName = name.trimmed
                if let pin { return .coordinate(pin, label: trimmedName.isEmpty ? nil : trimmedName.string) }
                guard !trimmedName.isEmpty, !trimmedName.hasPrefix("@") else {
                    throw DirectionsURLError(
                        .missingDestination, "path",
                        "this Google place link has neither a place name nor a !3d<lat>!4d<lon> pin; the @ viewport is not a place")
                }
                return try GoogleStopText.endpoint(name, parameter: "path", source: false, parser: parser)
            }
            return DirectionsRequest(destination: destination)
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
