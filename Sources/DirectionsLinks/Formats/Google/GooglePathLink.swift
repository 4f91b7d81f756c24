// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Google's path-style directions, `https://www.google.com/maps/dir/A/B/C/@lat,lon,15z/data=!4m…`
    /// (undocumented; from OsmAnd #14066 and #17708, geoshare #111, `directions-urls.md` §2c).
    ///
    /// - Stops are the path segments after `/maps/dir/` (split on raw `/`, then decoded once, `+` a
    ///   space), source first, up to the first segment starting `@` (the viewport), `data=` or `am=`;
    ///   a trailing empty segment is dropped. Fewer than two: `missing-destination`.
    /// - An empty first segment (`/maps/dir//B`) or a current-location literal is the current location;
    ///   an empty later stop is `invalid-parameter`.
    /// - A segment `lat,lon` is a coordinate, other text an address, unless the `data=` blob lists as
    ///   many stops as the path: then a blob `!1d<lon>!2d<lat>` makes that stop a coordinate labelled
    ///   with its text (`GoogleDataParameter`). No mode is read; the query (`?entry=ttu`) is ignored.
    enum GooglePathLink {
        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`/maps/dir/A/B/…/@VIEW`", "https://www.google.com/maps/dir/Gare+de+Lyon,+Paris/48.8606,2.3376/@48.85,2.35,14z"),
                LinkForm(.route, "`/maps/dir//B` (from the current location)", "https://www.google.com/maps/dir//Tour+Eiffel,+Paris"),
                LinkForm(.route, "`/maps/dir/ADDR/ADDR/data=…!1d<lon>!2d<lat>…` (each stop's coordinates)",
                    "https://www.google.com/maps/dir/Louvre/Tour+Eiffel/@48.86,2.31,14z/data=!4m8!4m7!1m2!1d2.3376!2d48.8606!1m2!1d2.2945!2d48.8584!3e2"),
            ]
        }

        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .googlePath
            let after = link.bytes.path.dropFirst(10)
            // One pass counts the stop segments (the first ones) and finds the blob (the last data= segment).
            var stopCount = 0
            var lastEmpty = false
            var blob: LinkInput? = nil
            var ended = false
            for segment in after.pieces(separatedBy: UInt8(ascii: "/")) {
                if segment.hasPrefix("data=") {
                    blob = segment.dropFirst(5)
                    ended = true
                } else if segment.hasPrefix("@") || segment.hasPrefix("am=") {
                    ended = true
                } else if !ended {
                    stopCount &+= 1
                    lastEmpty = segment.isEmpty
                }
            }
            if stopCount > 1 && lastEmpty { stopCount &-= 1 }
            guard stopCount >= 2 else {
                throw DirectionsURLError(
                    .missingDestination, "path",
                    "this Google directions path names only \(stopCount == 0 ? "no stop" : "a start"); "
                        + "write /maps/dir/<start>/<destination> (an empty start is the current location)")
            }
            let parser = context.parser
            let coordinates = blob.flatMap { GoogleDataParameter.stops($0) }.flatMap { $0.count == stopCount ? $0 : nil }
            var stops: [Endpoint] = []
            stops.reserveCapacity(stopCount)
            for raw in after.pieces(separatedBy: UInt8(ascii: "/")).prefix(stopCount) {
                let i = stops.count
                var endpoint = try raw.withCheckedDecoded("path", what: "segment", plusAsSpace: true) { (text) throws(DirectionsURLError) in
                    try parser.stopEndpoint(text, parameter: "path", source: i == 0)
                }
                if case .address(let name, _) = endpoint, let c = coordinates?[i] { endpoint = .coordinate(c, label: name) }
                stops.append(endpoint)
            }
            return DirectionsRequest(source: stops[0], destination: stops[stopCount &- 1], waypoints: Array(stops[1..<(stopCount &- 1)]))
        }
    }
}

extension DirectionsURLParser.GooglePathLink: DirectionsLinkFormat {
    static var format: LinkFormat { .googlePath }
    /// The path form's mode lives in the undocumented `data=` blob (`!3e…`), which is not read.
    static var modeVocabulary: [ModeWord] { [] }

    /// `https://www.google.com/maps/dir/<source>/<stop>…/<destination>`: each stop a path segment
    /// (`LAT,LON` or the address, percent-encoded, a space as `+`, `/`, `@` and `=` escaped so a stop
    /// never reads as the viewport or the blob); the current location as the source is an empty segment
    /// (`/maps/dir//B`). Labels of coordinates, place ids, modes, avoidances, `navigate` and times are omitted.
    /// - Throws: `cannot-express` for an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "Google Maps path"
        var segments: [String] = []
        let built = try AppleGoogleLinkText.build(request, format, name: name, prefix: "", avoid: [], navigate: false) {
            (omitted) throws(LinkBuildError) in
            func add(_ endpoint: Endpoint, _ field: String, source: Bool = false) throws(LinkBuildError) {
                let w = try AppleGoogleLinkText.written(endpoint, field: field, format: name, source: source, placeIDs: false, omitted: &omitted)
                if let w { segments.append(LinkWriting.encode(w.text, keep: ",", spaceAsPlus: true)) } else if source { segments.append("") }
            }
            try add(request.source, "source", source: true)
            for (i, w) in request.waypoints.enumerated() { try add(w, "waypoints[\(i)]") }
            try add(request.destination, "destination")
            _ = AppleGoogleLinkText.modePair(request, [], name, &omitted)
            return []
        }
        return BuiltLink(url: "https://www.google.com/maps/dir/" + segments.joined(separator: "/"), format: format, omitted: built.omitted)
    }
}
