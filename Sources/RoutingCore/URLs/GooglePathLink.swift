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
            guard let after = tail(link.bytes.path, dropping: 10) else {
                return try parseCharacters(path: link.bytes.path.substring, &context)
            }
            // One pass finds the stop segments (the first ones, up to the first @, data= or am=) and
            // the blob (the last data= segment): no array of segments.
            var stopCount = 0
            var stopsEnd = 0
            var lastEmpty = false
            var blob: ByteText? = nil
            var ended = false
            var offset = 0
            for segment in after.pieces(separatedBy: UInt8(ascii: "/")) {
                if hasPrefix(segment, "data=") {
                    blob = segment.dropFirst(5)
                    ended = true
                } else if hasPrefix(segment, "@") || hasPrefix(segment, "am=") {
                    ended = true
                } else if !ended {
                    stopCount &+= 1
                    lastEmpty = segment.isEmpty
                    stopsEnd = offset &+ segment.count
                }
                offset &+= segment.count &+ 1
            }
            if stopCount > 1 && lastEmpty { stopCount &-= 1 }
            guard stopCount >= 2 else {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "this Google directions path names only \(stopCount == 0 ? "no stop" : "a start"); write /maps/dir/<start>/<destination> (an empty start is the current location)",
                    parameter: "path")
            }
            let stopText = after.prefix(stopsEnd)
            let parser = context.parser
            // The blob's coordinates per stop; used only when it lists as many stops as the path.
            var coordinates = GoogleDataParameter.StopCoordinates(capacity: stopCount)
            let useBlob = blob.flatMap { GoogleDataParameter.stops($0, into: &coordinates) } == stopCount
            var source = Endpoint.currentLocation
            var destination = Endpoint.currentLocation
            var waypoints: [Endpoint] = []
            if stopCount > 2 { waypoints.reserveCapacity(stopCount &- 2) }
            var i = 0
            for raw in stopText.pieces(separatedBy: UInt8(ascii: "/")) {
                if i == stopCount { break }
                var endpoint = try decoded(raw, parameter: "path", what: "segment") { (text) throws(DirectionsURLError) in
                    i == 0
                        ? try parser.sourceEndpoint(text, parameter: "path")
                        : try parser.stopEndpoint(text, parameter: "path")
                }
                if useBlob, case .address(let name, _) = endpoint, let c = coordinates[i] {
                    endpoint = .coordinate(c, label: name)
                }
                if i == 0 {
                    source = endpoint
                } else if i == stopCount &- 1 {
                    destination = endpoint
                } else {
                    waypoints.append(endpoint)
                }
                i &+= 1
            }
            return DirectionsRequest(source: source, destination: destination, waypoints: waypoints)
        }

        /// The `Substring` reading of the path (`path` as the old `link.path`), for the rare paths whose
        /// non-ASCII text next to a `/` may join it into a larger `Character` (see ``tail(_:dropping:)``).
        static func parseCharacters(path: Substring, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let after = AppleGoogleLinkText.Bytes.dropFirstASCII(path, "/maps/dir/".utf8.count)
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

// MARK: - Byte helpers shared by the Google path and place parsers

extension DirectionsURLParser.GooglePathLink {
    /// The path after its first `n` bytes (`/maps/dir/`, `/maps/place/`), when slicing bytes gives
    /// what the `Substring` reading gives: the first `n` bytes are ASCII, the next is not a non-ASCII
    /// scalar that could join the `/` before it, and no `/` of the rest touches a non-ASCII byte (a
    /// combining mark after a `/`, or a prepended mark before it, makes it part of a larger
    /// `Character`, which the `Substring` split does not split on). Nil otherwise (rare).
    static func tail(_ path: ByteText, dropping n: Int) -> ByteText? {
        guard path.count >= n else { return nil }
        var i = 0
        while i < n {
            if path[i] >= 0x80 { return nil }
            i &+= 1
        }
        if n < path.count && path[n] >= 0x80 { return nil }
        let rest = path.suffix(from: n)
        if !rest.isASCII && separatorTouchesNonASCII(rest, UInt8(ascii: "/")) { return nil }
        return rest
    }

    /// Whether some `separator` byte of `text` has a non-ASCII byte just before or after it.
    static func separatorTouchesNonASCII(_ text: ByteText, _ separator: UInt8) -> Bool {
        var i = 0
        let n = text.count
        while i < n {
            if text[i] == separator && ((i > 0 && text[i &- 1] >= 0x80) || (i &+ 1 < n && text[i &+ 1] >= 0x80)) { return true }
            i &+= 1
        }
        return false
    }

    /// `text.hasPrefix(literal)` by `Character`s (`AppleGoogleLinkText.Bytes.hasPrefix`) for an ASCII
    /// literal: the bytes match and the next byte is ASCII (or the end); a non-ASCII next byte may join
    /// the literal's last character, so that case asks `String` (rare).
    @inline(__always)
    static func hasPrefix(_ text: ByteText, _ literal: StaticString) -> Bool {
        guard text.hasPrefix(literal) else { return false }
        let n = literal.utf8CodeUnitCount
        if n >= text.count || text[n] < 0x80 { return true }
        return text.string.hasPrefix(literal.description)
    }

    /// Calls `body` with the percent-decoded bytes of `raw` (`+` as a space), without building a
    /// `String`.
    /// - Throws: the `malformed-url` error of `QueryString.decode(raw, plusAsSpace: true, parameter:what:)`.
    @inline(__always)
    static func decoded<R>(
        _ raw: ByteText, parameter: String, what: String, _ body: (ByteText) throws(DirectionsURLError) -> R
    ) throws(DirectionsURLError) -> R {
        switch PercentDecoding.check(raw.bytes, plusAsSpace: true) {
        case .plain: return try body(raw)
        case .needsDecoding: return try raw.withDecoded(plusAsSpace: true, body)
        case .failure(let failure): throw QueryString.decodingError(failure, parameter: parameter, what: what)
        }
    }
}
