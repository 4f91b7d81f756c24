extension DirectionsURLParser {
    /// Google's path-style directions, `https://www.google.com/maps/dir/A/B/C/@lat,lon,15z/data=!4m…`
    /// (undocumented: not in Google's Maps URLs guide; forms from OsmAnd #14066 and #17708, geoshare #111
    /// and public tests, see `directions-urls.md` §2c).
    ///
    /// - Stops are the path segments after `/maps/dir/`, in travel order: the first is the source, the
    ///   last the destination, those between waypoints. Stop segments end at the first segment that
    ///   starts with `@` (the viewport), `data=` (the blob) or `am=`; a trailing empty segment is dropped.
    /// - Each segment is percent-decoded once, with `+` as a space (Google writes spaces as `+` here);
    ///   `%2B` stays a literal `+`, `%2F` a literal `/` (segments are split on the raw `/` first).
    /// - An empty first segment (`/maps/dir//B`) or a current-location literal (`Current+Location`,
    ///   `Ma+position`) is the current location. An empty later stop is `invalid-parameter`.
    /// - A segment `lat,lon` is a coordinate (WGS84 degrees, latitude first); other text is an address,
    ///   unless the `data=` blob lists exactly as many stops as the path: then a stop whose blob entry
    ///   has `!1d<lon>!2d<lat>` becomes that coordinate, labelled with its segment text
    ///   (`GoogleDataParameter`). When the counts differ the blob is not used.
    /// - `@lat,lon,15z` (or `…,642m`, fractional zoom) is the viewport and never a stop; the blob's travel
    ///   mode is not read, so the mode is unspecified. The query (`?entry=ttu`) is ignored.
    /// - One stop only names no destination: `missing-destination`.
    enum GooglePathLink {
        static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let after = AppleGoogleLinkText.Bytes.dropFirstASCII(link.path, "/maps/dir/".utf8.count)
            var rawStops: [Substring] = []
            var blob: Substring? = nil
            var ended = false
            for segment in AppleGoogleLinkText.Bytes.split(after, UInt8(ascii: "/")) {
                if AppleGoogleLinkText.Bytes.hasPrefix(segment, "data=") {
                    blob = segment.dropFirst(5)
                    ended = true
                } else if AppleGoogleLinkText.Bytes.hasPrefix(segment, "@") || AppleGoogleLinkText.Bytes.hasPrefix(segment, "am=") {
                    ended = true
                } else if !ended {
                    rawStops.append(segment)
                }
            }
            if rawStops.count > 1, rawStops.last?.isEmpty == true { rawStops.removeLast() }
            guard rawStops.count >= 2 else {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "this Google directions path names only \(rawStops.isEmpty ? "no stop" : "a start"); write /maps/dir/<start>/<destination> (an empty start is the current location)",
                    parameter: "path")
            }
            let coordinates = blob.flatMap { GoogleDataParameter($0).stops }
            let useBlob = coordinates?.count == rawStops.count
            let parser = context.parser
            var stops: [Endpoint] = []
            for (i, raw) in rawStops.enumerated() {
                let text = try QueryString.decode(raw, plusAsSpace: true, parameter: "path", what: "segment")
                var endpoint = i == 0
                    ? try parser.sourceEndpoint(text, parameter: "path")
                    : try parser.stopEndpoint(text, parameter: "path")
                if useBlob, case .address(let name, _) = endpoint, let c = coordinates?[i] ?? nil {
                    endpoint = .coordinate(c, label: name)
                }
                stops.append(endpoint)
            }
            let source = stops.removeFirst()
            let destination = stops.removeLast()
            return DirectionsRequest(source: source, destination: destination, waypoints: stops)
        }
    }
}
