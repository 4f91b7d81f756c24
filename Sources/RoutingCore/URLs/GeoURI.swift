extension DirectionsURLParser {
    /// `geo:` URIs: RFC 5870 with the Android extensions (Android "Common intents", Maps).
    ///
    /// RFC 5870 (§3.3 ABNF): `geo:<lat>,<lon>[,<alt>][;crs=<label>][;u=<metres>][;<name>[=<value>]]…`.
    /// - Coordinates are WGS84 degrees, latitude first; the altitude (metres) is checked and dropped.
    ///   `-0` is 0 (§3.3). Latitude outside -90...90 or longitude outside -180...180 is an error, never
    ///   clamped or wrapped (§3.4.2 "MUST be considered invalid"); at latitude ±90 any longitude is
    ///   accepted and kept as given.
    /// - Parameter names and the `crs` value are case-insensitive (§3.3). `crs` other than `wgs84` →
    ///   `unsupported-crs`; `u` (uncertainty, metres) must be a non-negative number. `crs` and `u` may
    ///   appear once each (order is not enforced); other parameters are checked for well-formed
    ///   percent-escapes and ignored.
    /// - Lenient, because real producers do it: a percent-encoded comma (`geo:-22.9519%2C-43.2105`),
    ///   spaces after the comma, a leading `+`, a `(label)` after the path coordinates, and `&` instead
    ///   of `?` before the query (`geo:1,2&z=12`).
    ///
    /// Android query (`?q=…&z=…`, form-encoded: `+` is a space):
    /// - `q=lat,lon(label)`: the coordinates in `q` win over the path and over the label (the label is
    ///   display-only and never searched). The label may be followed by `&z=`.
    /// - `q=<text>`: an address. With path `0,0` (Android's "no coordinates" placeholder) the
    ///   destination is the address; with other path coordinates it is those coordinates labelled with
    ///   the text. A Plus Code (`849VCWC8+R9`) keeps its literal `+`.
    /// - `0,0` is a placeholder only when `q` is non-empty; plain `geo:0,0` is Null Island.
    /// - `z` (zoom) and all other query parameters are ignored.
    /// - Repair: `geo:0:0?q=…` (a producer wrote `:`), and `geo:?q=…` (no path) use `q`.
    ///
    /// Rejected: `geo://…` (slashes are not RFC 5870 and `a/b/c` could be zoom/lat/lon: no guessing),
    /// a space as separator (`geo:-22.95 -43.21`), anything else that is not a number pair.
    /// The source is always the current location and the mode is unset.
    enum GeoURI {
        static func parse(_ rest: Substring, parser: DirectionsURLParser) throws(DirectionsURLError) -> DirectionsRequest {
            var rest = rest
            if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
            if rest.hasPrefix("//") || rest.hasPrefix("/") {
                throw DirectionsURLError(
                    code: .malformedURL,
                    message: "'geo:\(DirectionsURLParser.shorten(String(rest)))' is not RFC 5870: write geo:<latitude>,<longitude> without slashes (slash-separated numbers are ambiguous, so they are not guessed)",
                    parameter: "coordinates")
            }
            // Split path and query: at '?', or leniently at an '&' that comes before any ';'.
            var path = rest
            var rawQuery: Substring? = nil
            if let q = rest.firstIndex(of: "?") {
                path = rest[..<q]
                rawQuery = rest[rest.index(after: q)...]
            } else if let amp = rest.firstIndex(of: "&"), rest.firstIndex(of: ";").map({ amp < $0 }) ?? true {
                path = rest[..<amp]
                rawQuery = rest[rest.index(after: amp)...]
            }
            let query = try QueryString(rawQuery ?? "", plusAsSpace: true)

            // Path: coordinates, then ;parameters.
            let pieces = path.split(separator: ";", omittingEmptySubsequences: false)
            var coordinateText = pieces[0]
            try checkParameters(pieces.dropFirst())
            var pathLabel: String? = nil
            if coordinateText.hasSuffix(")"), let open = coordinateText.firstIndex(of: "(") {
                let inside = coordinateText[coordinateText.index(after: open)..<coordinateText.index(before: coordinateText.endIndex)]
                pathLabel = nonEmpty(try QueryString.decode(inside, plusAsSpace: true, parameter: "coordinates"))
                coordinateText = coordinateText[..<open]
            }
            let decodedCoordinates = try QueryString.decode(coordinateText, plusAsSpace: true, parameter: "coordinates")
            let qText = try decodedQ(query)
            let zLabel = try query.single("z", format: "geo: URI").flatMap { labelSuffix($0.value) }

            let pathCoordinate: Coordinate?  // nil: placeholder (empty or 0:0) usable only with q
            let trimmedPath = DirectionsURLParser.trimmed(decodedCoordinates)
            if trimmedPath.isEmpty, qText != nil {
                pathCoordinate = nil
            } else if isColonZeros(trimmedPath), qText != nil {
                pathCoordinate = nil
            } else if trimmedPath.isEmpty {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "the geo: URI has no coordinates and no q; write geo:<latitude>,<longitude>",
                    parameter: "coordinates")
            } else if trimmedPath.contains(":") && !trimmedPath.contains(",") {
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "'\(trimmedPath)' in the geo: URI uses ':' between the numbers; RFC 5870 separates latitude and longitude with ','",
                    parameter: "coordinates")
            } else {
                pathCoordinate = try CoordinateText.parsePair(Substring(decodedCoordinates), parameter: "coordinates", allowAltitude: true)
            }

            let destination: Endpoint
            if let qText {
                let isPlaceholder = pathCoordinate == nil || pathCoordinate == Coordinate(latitude: 0, longitude: 0)
                if let (coordinate, label) = try coordinateWithLabel(qText) {
                    destination = .coordinate(coordinate, label: label ?? pathLabel ?? zLabel)
                } else if isPlaceholder {
                    destination = .address(qText)
                } else {
                    destination = .coordinate(pathCoordinate!, label: qText)
                }
            } else {
                destination = .coordinate(pathCoordinate!, label: pathLabel ?? zLabel)
            }
            return DirectionsRequest(source: .currentLocation, destination: destination)
        }

        // MARK: - Private

        /// `;crs=`, `;u=` and other parameters (RFC 5870 §3.3, §3.4.1, §3.4.3).
        private static func checkParameters(_ pieces: ArraySlice<Substring>) throws(DirectionsURLError) {
            var seen: Set<String> = []
            for piece in pieces {
                let eq = piece.firstIndex(of: "=")
                let rawName = eq.map { piece[..<$0] } ?? piece
                let rawValue = eq.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
                let name = rawName.lowercased()
                guard !name.isEmpty, name.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "';\(piece)' is not a geo: URI parameter; parameters are ;name=value with letters, digits and '-' in the name",
                        parameter: String(rawName))
                }
                let value = try QueryString.decode(rawValue, plusAsSpace: false, parameter: name)
                if name == "crs" || name == "u" {
                    if seen.contains(name) {
                        throw DirectionsURLError(
                            code: .duplicateParameter,
                            message: "';\(name)=' appears more than once; RFC 5870 allows it once",
                            parameter: name)
                    }
                    seen.insert(name)
                }
                if name == "crs" && value.lowercased() != "wgs84" {
                    throw DirectionsURLError(
                        code: .unsupportedCRS,
                        message: "crs '\(value)' is not supported; only wgs84 (the RFC 5870 default) is, so give WGS84 coordinates and drop ;crs",
                        parameter: "crs")
                }
                if name == "u" {
                    guard let u = CoordinateText.decimal(Substring(value)) else {
                        throw DirectionsURLError(
                            code: .malformedNumber,
                            message: "';u=\(value)' is not a number; the uncertainty is a distance in metres such as u=40",
                            parameter: "u")
                    }
                    if u < 0 {
                        throw DirectionsURLError(
                            code: .invalidParameter,
                            message: "';u=\(value)' is negative; the uncertainty is a distance in metres, 0 or more",
                            parameter: "u")
                    }
                }
            }
        }

        /// The decoded, trimmed `q`, or nil when absent or blank. A leading Plus Code keeps its `+`.
        private static func decodedQ(_ query: QueryString) throws(DirectionsURLError) -> String? {
            guard let q = try query.single("q", format: "geo: URI") else { return nil }
            let raw = q.rawValue
            var text: String
            if let plus = raw.firstIndex(of: "+"), isPlusCode(raw, plus: plus) {
                var end = raw.index(after: plus)
                while end < raw.endIndex, isOLC(raw[end]) { end = raw.index(after: end) }
                text = String(raw[..<end])
                    + (try QueryString.decode(raw[end...], plusAsSpace: true, parameter: "q"))
            } else {
                text = q.value
            }
            text = DirectionsURLParser.trimmed(text)
            return text.isEmpty ? nil : text
        }

        /// `849VCWC8+R9` at the start of the raw value: 2–8 code characters (even count, `0` padding
        /// allowed), `+`, 0–3 code characters, then the end or a non-alphanumeric character.
        private static func isPlusCode(_ raw: Substring, plus: Substring.Index) -> Bool {
            let prefix = raw[..<plus]
            guard (2...8).contains(prefix.count), prefix.count % 2 == 0,
                  prefix.allSatisfy({ isOLC($0) || $0 == "0" }) else { return false }
            var end = raw.index(after: plus)
            var n = 0
            while end < raw.endIndex, isOLC(raw[end]) { end = raw.index(after: end); n += 1 }
            guard n <= 3 else { return false }
            if end == raw.endIndex { return true }
            return !(raw[end].isLetter || raw[end].isNumber)
        }

        private static func isOLC(_ c: Character) -> Bool {
            "23456789CFGHJMPQRVWXcfghjmpqrvwx".contains(c)
        }

        private static func isAlphanumeric(_ a: UInt8) -> Bool {
            (48...57).contains(a) || (65...90).contains(a) || (97...122).contains(a)
        }

        /// `lat,lon` or `lat,lon(label)` / `lat,lon (label)`; nil when the text is an address.
        private static func coordinateWithLabel(_ text: String) throws(DirectionsURLError) -> (Coordinate, String?)? {
            var body = Substring(text)
            var label: String? = nil
            if body.hasSuffix(")"), let open = body.firstIndex(of: "(") {
                let candidate = body[..<open]
                if CoordinateText.isNumberLike(candidate) {
                    label = nonEmpty(String(body[body.index(after: open)..<body.index(before: body.endIndex)]))
                    body = candidate
                }
            }
            guard let coordinate = try CoordinateText.classify(String(body), parameter: "q") else { return nil }
            return (coordinate, label)
        }

        /// OsmAnd-style `z=19(Name)`: the label after the zoom.
        private static func labelSuffix(_ value: String) -> String? {
            guard value.hasSuffix(")"), let open = value.firstIndex(of: "(") else { return nil }
            return nonEmpty(String(value[value.index(after: open)..<value.index(before: value.endIndex)]))
        }

        /// `0:0`, `0.0:0.0`: a producer's broken placeholder.
        private static func isColonZeros(_ text: String) -> Bool {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { CoordinateText.decimal($0) == 0 }
        }

        private static func nonEmpty(_ s: String) -> String? {
            let t = DirectionsURLParser.trimmed(s)
            return t.isEmpty ? nil : t
        }
    }
}

extension DirectionsURLParser.GeoURI: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .geo }
    static var schemes: [String] { ["geo"] }
    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        try parse(link.rest, parser: context.parser)
    }
}
