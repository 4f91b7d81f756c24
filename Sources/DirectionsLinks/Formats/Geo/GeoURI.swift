// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// `geo:` URIs: RFC 5870 with the Android extensions (Android "Common intents", Maps;
    /// Google Assistant's `geo.offline:` variant is read the same way).
    ///
    /// **RFC 5870** (§3.3 ABNF): `geo:<lat>,<lon>[,<alt>][;crs=<label>][;u=<metres>][;<name>[=<value>]]…`.
    /// - Coordinates are WGS84 degrees, latitude first; the altitude (metres) is checked and dropped.
    ///   `-0` is 0. Out-of-range values are errors, never clamped or wrapped (§3.4.2). At ±90 any
    ///   longitude is accepted and kept (§3.4.2); 180 and -180 (§3.4.5) are each kept as written.
    /// - Parameter names and the `crs` value are case-insensitive (§3.3). `crs` other than `wgs84` →
    ///   `unsupported-crs`. `u` (uncertainty, metres, ≥ 0) is checked and dropped. `crs` and `u` may
    ///   appear once each (`duplicate-parameter`); a `crs` not first, or a `u` after another
    ///   parameter, is a repair (§3.3). Other parameters are decoded, checked and ignored; a value
    ///   outside `p-unreserved / unreserved / pct-encoded` is a repair.
    ///
    /// **Android query** (`?q=…&z=…`, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `q=lat,lon(label)`: the coordinates in `q` win over the path and over the label; the label is
    ///   display-only and never searched. A label may also follow the zoom (`&z=19(Name)`, OsmAnd style).
    /// - `q=<text>`: with path `0,0` (Android's "no coordinates" placeholder) the destination is the
    ///   address; with other path coordinates it is those coordinates labelled with the text. A Plus Code
    ///   (`849VCWC8+R9`) keeps its literal `+`.
    /// - `0,0` is a placeholder only when `q` is non-empty; plain `geo:0,0` and `geo:0,0?q=` are Null Island.
    /// - `z` (zoom, a viewport) and every other query parameter are ignored.
    ///
    /// **Current location**: the source is always the current location; the mode is unset.
    ///
    /// **Repairs** (a warning when lenient, the error with `strict`): percent-escapes in the coordinates
    /// (`geo:-22.9519%2C-43.2105`); spaces after the comma; a space *instead of* the comma
    /// (`geo:-22.95 -43.21` reads as -22.95,-43.21, signs kept); a leading `+` on a number; a `(label)`
    /// after the path coordinates; `&` instead of `?` before the query (`geo:1,2&z=12`); `geo:0:0?q=…`
    /// and `geo:?q=…` (no usable path: `q` is used); the parameter-order and value-syntax rules above;
    /// an empty `;` parameter (`geo:90,-22.5;`, `;;`: RFC 5870's `pname` needs a character) is ignored,
    /// the repair naming `parameters`. A parameter with an empty name before `=` (`;=x`) is
    /// `invalid-parameter` naming `parameters`.
    ///
    /// **Errors**: `geo://…` and `geo:/…` (`malformed-url`: slash-separated numbers could be
    /// zoom/lat/lon, so nothing is guessed); out-of-range values; malformed numbers, including decimal
    /// commas (`geo:41,90, 12,45` is never 41/90); `geo:12:34` without `q`; no coordinates and no `q`
    /// (`missing-destination`).
    ///
    /// Sources: RFC 5870 §3.3, §3.4; Android developer guide "Common intents" (Maps); Organic Maps
    /// `ge0/geo_url_parser.cpp` tests for the `0,0` and label rules.
    enum GeoURI {
        /// The Android query's parameters; every other one is ignored (no typo guesses).
        static let schema = ParameterSchema(format: "geo: URI", typos: .firstWithinTwo, [
            .single("q", "the destination: `lat,lon(label)`, or text (an address, a Plus Code) at path 0,0"),
            .single("z", "the zoom (a viewport), read only for an OsmAnd-style label: `z=19(Name)`"),
        ])

        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let all = link.bytes.rest
            // Whether the text is ASCII, its first '#', and the first '?', '&', ';' before it.
            let marks = ByteMarks(all)
            // The usual `geo:lat,lon` (ASCII, no query, parameters or fragment, a plain pair) is
            // read at once; anything else goes on below, which gives the same answer for it.
            if marks.hash == all.count, marks.question == all.count, marks.ampersand == all.count,
               marks.semicolon == all.count, let plain = plainPair(all) {
                return DirectionsRequest(source: .currentLocation, destination: .coordinate(plain, label: nil))
            }
            let rest = all.prefix(marks.hash)
            if rest.first == UInt8(ascii: "/") {
                throw DirectionsURLError(
                    code: .malformedURL,
                    message: "'geo:\(DirectionsURLParser.shorten(rest.string))' is not RFC 5870: write geo:<latitude>,<longitude> without slashes (slash-separated numbers are ambiguous, so they are not guessed)",
                    parameter: "coordinates")
            }
            // Split path and query: at '?', or (a repair) at an '&' that comes before any ';'.
            var path = rest
            var rawQuery = LinkInput.empty
            var semi: Int? = nil
            if marks.question < marks.hash {
                path = rest.prefix(marks.question)
                rawQuery = rest.suffix(from: marks.question &+ 1)
                if marks.semicolon < marks.question { semi = marks.semicolon }
            } else if marks.ampersand < marks.hash, marks.ampersand < marks.semicolon {
                try context.repair(
                    .repairedSyntax,
                    "the geo: URI has '&' where its query starts; write '?' before the first query parameter (geo:lat,lon?z=…)",
                    parameter: "query")
                path = rest.prefix(marks.ampersand)
                rawQuery = rest.suffix(from: marks.ampersand &+ 1)
            } else if marks.semicolon < marks.hash {
                semi = marks.semicolon
            }
            let query = schema.slots(try LinkInput.Query(rawQuery, plusAsSpace: true))

            // Path: coordinates, then ;parameters.
            var coordinateText = path
            if let semi {
                coordinateText = path.prefix(semi)
                try checkParameters(path.suffix(from: semi &+ 1), &context)
            }
            var pathLabel: String? = nil
            if coordinateText.last == UInt8(ascii: ")"), let open = coordinateText.firstOffset(of: UInt8(ascii: "(")) {
                // The last byte is ')', so `open` is before it.
                let inside = coordinateText.slice(open &+ 1, coordinateText.count &- 1)
                pathLabel = nonEmpty(try inside.decoded(plusAsSpace: false, parameter: "coordinates"))
                coordinateText = coordinateText.prefix(open)
                try context.repair(
                    .repairedSyntax,
                    "a '(label)' after the geo: coordinates is not RFC 5870; put it in the query: geo:0,0?q=lat,lon(label)",
                    parameter: "coordinates")
            }
            if coordinateText.contains(UInt8(ascii: "%")) {
                try context.repair(
                    .repairedSyntax,
                    "the geo: coordinates are percent-encoded ('\(DirectionsURLParser.shorten(coordinateText.string))'); RFC 5870 §3.3 writes them plainly: geo:lat,lon",
                    parameter: "coordinates")
            // Checks the escapes and the UTF-8; `withDecoded` then decodes.
                _ = try coordinateText.decoded(plusAsSpace: false, parameter: "coordinates")
            }
            return try coordinateText.withDecoded(plusAsSpace: false) { (decoded: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
                try withQ(decoded, query, pathLabel, &context)
            }
        }

        /// Reads `q` (decoded, trimmed; a leading Plus Code keeps its `+`) and goes on with ``finish``.
        private static func withQ(
            _ decoded: LinkInput, _ query: ParameterSchema.Slots, _ pathLabel: String?, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            guard let q = try query.single("q") else {
                return try finish(decoded, qText: nil, query, pathLabel, &context)
            }
            let raw = q.rawValue
            if let plus = raw.firstOffset(of: UInt8(ascii: "+")), let end = plusCodeEnd(raw, plus: plus) {
                // Checked by LinkInput.Query: the decode cannot fail.
                let text = raw.prefix(end).string + (try raw.suffix(from: end).decoded(plusAsSpace: true, parameter: "q"))
                return try withByteText(text) { (t: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
                    let trimmed = t.trimmed
                    return try finish(decoded, qText: trimmed.isEmpty ? nil : trimmed, query, pathLabel, &context)
                }
            }
            return try q.withValue { (v: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
                let trimmed = v.trimmed
                return try finish(decoded, qText: trimmed.isEmpty ? nil : trimmed, query, pathLabel, &context)
            }
        }

        /// The path coordinates (decoded, `decoded`), `q` and `z` into the request.
        private static func finish(
            _ decoded: LinkInput, qText: LinkInput?, _ query: ParameterSchema.Slots, _ pathLabel: String?, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let z = try query.single("z")
            let pathCoordinate: Coordinate?  // nil: placeholder (empty or 0:0) usable only with q
            let trimmedPath = decoded.trimmed
            if let plain = plainPair(decoded) {
                // The usual `lat,lon`: not empty, no ':', nothing to repair.
                pathCoordinate = plain
            } else if trimmedPath.isEmpty, qText != nil {
                try context.repair(
                    .repairedSyntax,
                    "the geo: URI has no coordinates before '?q='; RFC 5870 needs them: write geo:0,0?q=…",
                    parameter: "coordinates")
                pathCoordinate = nil
            } else if qText != nil, isColonZeros(trimmedPath) {
                try context.repair(
                    .repairedSyntax,
                    "'geo:\(trimmedPath.string)' separates the placeholder with ':'; write geo:0,0?q=… (q is used)",
                    parameter: "coordinates")
                pathCoordinate = nil
            } else if trimmedPath.isEmpty {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "the geo: URI has no coordinates and no q; write geo:<latitude>,<longitude>",
                    parameter: "coordinates")
            } else if hasColonNotComma(trimmedPath) {
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "'\(trimmedPath.string)' in the geo: URI uses ':' between the numbers; RFC 5870 separates latitude and longitude with ','",
                    parameter: "coordinates")
            } else {
                pathCoordinate = try pathPair(decoded, &context)
            }

            let destination: Endpoint
            if let qText {
                if let (coordinate, label) = try coordinateWithLabel(qText) {
                    destination = .coordinate(coordinate, label: label ?? pathLabel ?? zLabel(z))
                } else if let pathCoordinate, pathCoordinate != Coordinate(latitude: 0, longitude: 0) {
                    destination = .coordinate(pathCoordinate, label: qText.string)
                } else {
                    destination = .address(qText.string)
                }
            } else if let pathCoordinate {
                destination = .coordinate(pathCoordinate, label: pathLabel ?? zLabel(z))
            } else {
                throw DirectionsURLError(
                    code: .missingDestination, message: "the geo: URI has no coordinates; write geo:<latitude>,<longitude>",
                    parameter: "coordinates")
            }
            return DirectionsRequest(source: .currentLocation, destination: destination)
        }

        /// Byte offsets of the first `#`, and of the first `?`, `&` and `;` before it (the length when
        /// none), and whether every byte is ASCII.
        private struct ByteMarks {
            var hash: Int
            var question: Int
            var ampersand: Int
            var semicolon: Int
            var ascii = true

            init(_ s: LinkInput) {
                let count = s.count
                let bytes = s
                ascii = s.isASCII
                // The first '?' or '#'; after a '?' only the '#' that ends the query matters.
                (question, hash) = LinkInput.queryAndFragment(in: bytes, from: 0, to: count)
                // The '&' and ';' before it; an '&' after a ';' is not used.
                let end = min(question, hash)
                semicolon = LinkInput.firstOffset(of: UInt8(ascii: ";"), in: bytes, from: 0, to: end)
                ampersand = LinkInput.firstOffset(of: UInt8(ascii: "&"), in: bytes, from: 0, to: min(end, semicolon))
                if semicolon == end { semicolon = count }
                if ampersand >= min(end, semicolon) { ampersand = count }
            }
        }

        /// `lat,lon` as two plain decimals `-?DIGITS[.DIGITS]` around one comma, in range: what
        /// `CoordinateText.parsePair`/`classify` return for it (the same exact fast path); nil sends
        /// the caller to the full path.
        private static func plainPair(_ text: LinkInput) -> Coordinate? {
            let bytes = text
            let n = bytes.count
            // `CoordinateText.readDecimal` also takes a `+`, which is not plain here.
            guard n > 0, bytes[0] != UInt8(ascii: "+") else { return nil }
            var i = 0
            guard case .value(let latitude) = CoordinateText.readDecimal(bytes, &i),
                i < n, bytes[i] == UInt8(ascii: ","), i &+ 1 < n, bytes[i &+ 1] != UInt8(ascii: "+")
            else { return nil }
            i &+= 1
            guard case .value(let longitude) = CoordinateText.readDecimal(bytes, &i), i == n else { return nil }
            return Coordinate.ifValid(latitude: latitude, longitude: longitude)
        }

        /// Calls `body` with the UTF-8 of `text` (for the rare texts built during a parse).
        private static func withByteText<R>(
            _ text: String, _ body: (LinkInput) throws(DirectionsURLError) -> R
        ) throws(DirectionsURLError) -> R {
            try LinkInput.withBytesThrowing(of: text, body)
        }

        /// Whether the text holds a `:` byte and no `,` byte.
        private static func hasColonNotComma(_ text: LinkInput) -> Bool {
            text.contains(UInt8(ascii: ":")) && !text.contains(UInt8(ascii: ","))
        }

        /// `0:0`, `0.0:0.0`: a producer's broken placeholder (see ``isColonZeros(_:)-(String)``).
        private static func isColonZeros(_ text: LinkInput) -> Bool {
            guard let (a, b) = text.split(at: UInt8(ascii: ":")), !b.contains(UInt8(ascii: ":")) else { return false }
            return a.decimal == 0 && b.decimal == 0
        }

        /// The path pair, with the whitespace and `+` repairs (``pathPair(_:_:)-(String,_)`` of bytes).
        private static func pathPair(_ text: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> Coordinate {
            let (other, plus) = scanPair(text)
            if other {
                guard text.isASCII else { return try pathPair(text.string, &context) }
                var spaces = false
                for b in text where LinkInput.isASCIIWhitespace(b) {
                    spaces = true
                    break
                }
                if spaces {
                    if text.contains(UInt8(ascii: ",")) {
                        try context.repair(
                            .repairedSyntax,
                            "the geo: coordinates contain spaces ('\(DirectionsURLParser.shorten(text.string))'); write geo:lat,lon without spaces",
                            parameter: "coordinates")
                    } else if let (first, second) = twoWords(text), first.decimal != nil, second.decimal != nil {
                        try context.repair(
                            .repairedSyntax,
                            "'\(DirectionsURLParser.shorten(text.string))' separates latitude and longitude with a space; RFC 5870 needs a comma: geo:\(first.string),\(second.string)",
                            parameter: "coordinates")
                        return try withByteText(first.string + "," + second.string) { (body: LinkInput) throws(DirectionsURLError) -> Coordinate in
                            try pair(body, plus: plus, &context)
                        }
                    }
                }
            }
            return try pair(text, plus: plus, &context)
        }

        /// The two words of ASCII text split at whitespace (empty words dropped), or nil for another count.
        private static func twoWords(_ text: LinkInput) -> (LinkInput, LinkInput)? {
            var words: (LinkInput, LinkInput) = (.empty, .empty)
            var n = 0
            var i = 0
            while i < text.count {
                while i < text.count, LinkInput.isASCIIWhitespace(text[i]) { i &+= 1 }
                if i == text.count { break }
                var end = i
                while end < text.count, !LinkInput.isASCIIWhitespace(text[end]) { end &+= 1 }
                switch n {
                case 0: words.0 = text.slice(i, end)
                case 1: words.1 = text.slice(i, end)
                default: return nil
                }
                n &+= 1
                i = end
            }
            return n == 2 ? words : nil
        }

        /// The pair of ASCII `body`, and the repair for a number starting with `+`.
        private static func pair(_ body: LinkInput, plus: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> Coordinate {
            let coordinate = try CoordinateText.parsePair(body, parameter: "coordinates", allowAltitude: true)
            // Without a '+' byte no number can start with '+' (the repaired body holds the same bytes).
            if plus {
                for piece in body.pieces(separatedBy: UInt8(ascii: ",")) {
                    var j = 0
                    while j < piece.count, LinkInput.isASCIIWhitespace(piece[j]) { j &+= 1 }
                    if j < piece.count, piece[j] == UInt8(ascii: "+") {
                        try context.repair(
                            .repairedSyntax,
                            "a number in the geo: coordinates starts with '+'; RFC 5870 numbers have only an optional '-'",
                            parameter: "coordinates")
                        break
                    }
                }
            }
            return coordinate
        }

        /// ``checkParameters(_:ascii:_:)`` of ASCII bytes.
        private static func checkParameters(_ text: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) {
            var seenCRS = false
            var seenU = false
            var index = 0
            var sawOther = false
            for piece in text.pieces(separatedBy: UInt8(ascii: ";")) {
                if piece.isEmpty {
                    try context.repair(
                        .repairedSyntax,
                        "the geo: URI has an empty ';' parameter; RFC 5870 parameters are ;name or ;name=value (the empty one is ignored)",
                        parameter: "parameters")
                    continue
                }
                defer { index += 1 }
                let eq = piece.firstOffset(of: UInt8(ascii: "="))
                let rawName = eq.map { piece.prefix($0) } ?? piece
                let rawValue = eq.map { piece.suffix(from: $0 &+ 1) } ?? LinkInput.empty
                // A non-ASCII name is lowercased by Unicode: `;\u{212A}=1` (Kelvin sign) is `k`.
                let unicodeName: String? = rawName.isASCII ? nil : rawName.string.lowercased()
                var validName = !rawName.isEmpty
                if let unicodeName {
                    validName = unicodeName.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
                } else {
                    for b in rawName where !(isAlphanumeric(b) || b == UInt8(ascii: "-")) {
                        validName = false
                        break
                    }
                }
                guard validName else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: rawName.isEmpty
                            ? "';\(DirectionsURLParser.shorten(piece.string))' has no parameter name; geo: URI parameters are ;name=value with letters, digits and '-' in the name"
                            : "';\(DirectionsURLParser.shorten(piece.string))' is not a geo: URI parameter; parameters are ;name=value with letters, digits and '-' in the name",
                        parameter: rawName.isEmpty ? "parameters" : rawName.string)
                }
                if rawValue.contains(UInt8(ascii: "%")) {
                    _ = try rawValue.decoded(plusAsSpace: false, parameter: (unicodeName ?? rawName.lowercasedASCII))
                }
                if eq != nil, rawValue.isEmpty || !allPValue(rawValue) {
                    let name = (unicodeName ?? rawName.lowercasedASCII)
                    try context.repair(
                        .repairedSyntax,
                        "the value of ';\(name)=' is empty or has characters RFC 5870 does not allow there; percent-encode them",
                        parameter: name)
                }
                let isCRS = equalsLower(rawName, "crs")
                let isU = !isCRS && equalsLower(rawName, "u")
                if isCRS || isU {
                    let name = isCRS ? "crs" : "u"
                    if isCRS ? seenCRS : seenU {
                        throw DirectionsURLError(
                            code: .duplicateParameter,
                            message: "';\(name)=' appears more than once; RFC 5870 allows it once",
                            parameter: name)
                    }
                    if isCRS { seenCRS = true } else { seenU = true }
                    let inOrder = isCRS ? index == 0 : !sawOther
                    if !inOrder {
                        try context.repair(
                            .repairedSyntax,
                            isCRS
                                ? "';crs=' must be the first parameter after the coordinates (RFC 5870 §3.3)"
                                : "';u=' must come right after the coordinates or ';crs=', before other parameters (RFC 5870 §3.3)",
                            parameter: name)
                    }
                    try rawValue.withDecoded(plusAsSpace: false) { (value: LinkInput) throws(DirectionsURLError) in
                        try checkCRSOrU(value, isCRS: isCRS)
                    }
                } else {
                    sawOther = true
                }
            }
        }

        /// The value of `crs` (only `wgs84`) or of `u` (a number ≥ 0), decoded.
        private static func checkCRSOrU(_ value: LinkInput, isCRS: Bool) throws(DirectionsURLError) {
            if isCRS {
                let wgs84 = value.isASCII ? equalsLower(value, "wgs84") : value.string.lowercased() == "wgs84"
                if !wgs84 {
                    throw DirectionsURLError(
                        code: .unsupportedCRS,
                        message: "crs '\(DirectionsURLParser.shorten(value.string))' is not supported; only wgs84 (the RFC 5870 default) is, so give WGS84 coordinates and drop ;crs",
                        parameter: "crs")
                }
                return
            }
            guard let u = value.decimal else {
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "';u=\(DirectionsURLParser.shorten(value.string))' is not a number; the uncertainty is a distance in metres such as u=40",
                    parameter: "u")
            }
            if u < 0 {
                throw DirectionsURLError(
                    code: .invalidParameter,
                    message: "';u=\(value.string)' is negative; the uncertainty is a distance in metres, 0 or more",
                    parameter: "u")
            }
        }

        /// Whether every byte is an RFC 5870 `pvalue` byte.
        private static func allPValue(_ text: LinkInput) -> Bool {
            var i = 0
            while i < text.count {
                let b = text[i]
                // Letters and digits first (the usual value), then the other pvalue bytes.
                if !(b &- UInt8(ascii: "0") < 10 || (b | 0x20) &- UInt8(ascii: "a") < 26 || isPValue(b)) { return false }
                i &+= 1
            }
            return true
        }

        /// Whether ASCII `text` equals the lowercase `literal` ignoring ASCII case.
        @inline(__always)
        private static func equalsLower(_ text: LinkInput, _ literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount
            guard text.count == n else { return false }
            return LinkInput.withBytes(of: literal) { word in
                var i = 0
                while i < n {
                    if LinkInput.lower(text[i]) != word[i] { return false }
                    i &+= 1
                }
                return true
            }
        }

        /// Where the Plus Code (`849VCWC8+R9`) that starts `raw` ends (byte offset), or nil: 2–8 code
        /// characters (even count, `0` padding allowed), the `+` at `plus`, 0–3 code characters, then
        /// the end or a non-alphanumeric. Non-ASCII text is read by `Character` from the `+` (a
        /// combining mark joins the character before it; `é` or `中` ends no code).
        private static func plusCodeEnd(_ raw: LinkInput, plus: Int) -> Int? {
            guard plus >= 2, plus <= 8, plus % 2 == 0 else { return nil }
            var i = 0
            while i < plus {
                let b = raw[i]
                guard isOLCByte(b) || b == UInt8(ascii: "0") else { return nil }
                i &+= 1
            }
            guard raw.isASCII else {
                let text = Substring(raw.string)
                var end = text.index(after: text.utf8.index(text.startIndex, offsetBy: plus))
                var n = 0
                while end < text.endIndex, isOLC(text[end]) {
                    end = text.index(after: end)
                    n += 1
                }
                guard n <= 3 else { return nil }
                if end < text.endIndex, text[end].isLetter || text[end].isNumber { return nil }
                return text.utf8.distance(from: text.startIndex, to: end)
            }
            var end = plus &+ 1
            var n = 0
            while end < raw.count, isOLCByte(raw[end]) {
                end &+= 1
                n &+= 1
            }
            guard n <= 3 else { return nil }
            if end == raw.count { return end }
            return isAlphanumeric(raw[end]) ? nil : end
        }

        /// ``coordinateWithLabel(_:)-(String)`` of decoded, trimmed bytes.
        private static func coordinateWithLabel(_ text: LinkInput) throws(DirectionsURLError) -> (Coordinate, String?)? {
            guard text.isASCII else { return try coordinateWithLabel(text.string) }
            var body = text
            var label: String? = nil
            if body.last == UInt8(ascii: ")"), let open = body.firstOffset(of: UInt8(ascii: "(")) {
                let candidate = body.prefix(open)
                // A plain pair is number-like, and classify reads it as plainPair does.
                let plain = plainPair(candidate)
                if plain != nil || CoordinateText.isNumberLike(candidate) {
                    let inside = body.slice(open &+ 1, body.count &- 1).trimmed
                    label = inside.isEmpty ? nil : inside.string
                    if let plain { return (plain, label) }
                    body = candidate
                }
            } else if let plain = plainPair(body) {
                return (plain, nil)
            }
            guard let coordinate = try CoordinateText.classify(body, parameter: "q") else { return nil }
            return (coordinate, label)
        }

        /// OsmAnd-style `z=19(Name)`: the label after the zoom (``labelSuffix(_:)`` of the decoded value).
        private static func zLabel(_ z: LinkInput.Query.Parameter?) -> String? {
            guard let z else { return nil }
            return z.withValue { (v: LinkInput) -> String? in
                guard v.isASCII else { return labelSuffix(v.string) }
                guard v.last == UInt8(ascii: ")"), let open = v.firstOffset(of: UInt8(ascii: "(")) else { return nil }
                let inside = v.slice(open &+ 1, v.count &- 1).trimmed
                return inside.isEmpty ? nil : inside.string
            }
        }

        // MARK: - Private

        private static func isASCII(_ s: Substring) -> Bool { LinkInput.isASCII(s) }

        private static func find(_ s: Substring, _ byte: UInt8, _ ascii: Bool) -> Substring.Index? {
            LinkInput.firstIndex(of: byte, in: s)
        }

        /// Whether the last byte is `)`.
        private static func hasClosingParenthesis(_ s: Substring, _ ascii: Bool) -> Bool {
            s.utf8.last == UInt8(ascii: ")")
        }

        /// The path pair, with the whitespace and `+` repairs.
        private static func pathPair(_ text: String, _ context: inout ParseContext) throws(DirectionsURLError) -> Coordinate {
            var body = Substring(text)
            // A byte scan first: Character.isWhitespace is costly and plain-ASCII coordinates are the norm.
            let (spaceOrOther, plus) = LinkInput.withBytes(of: text) { scanPair($0) }
            if spaceOrOther, text.contains(where: \.isWhitespace) {
                if LinkInput.contains(Substring(text), UInt8(ascii: ",")) {
                    try context.repair(
                        .repairedSyntax,
                        "the geo: coordinates contain spaces ('\(DirectionsURLParser.shorten(text))'); write geo:lat,lon without spaces",
                        parameter: "coordinates")
                } else {
                    let words = text.split(whereSeparator: \.isWhitespace)
                    if words.count == 2, CoordinateText.decimal(words[0]) != nil, CoordinateText.decimal(words[1]) != nil {
                        try context.repair(
                            .repairedSyntax,
                            "'\(DirectionsURLParser.shorten(text))' separates latitude and longitude with a space; RFC 5870 needs a comma: geo:\(words[0]),\(words[1])",
                            parameter: "coordinates")
                        body = Substring(words[0] + "," + words[1])
                    }
                }
            }
            let coordinate = try CoordinateText.parsePair(body, parameter: "coordinates", allowAltitude: true)
            // Without a '+' byte no number can start with '+' (the repaired body holds the same bytes).
            if plus,
               body.pieces(separatedBy: UInt8(ascii: ",")).contains(where: { $0.drop(while: \.isWhitespace).utf8.first == UInt8(ascii: "+") }) {
                try context.repair(
                    .repairedSyntax,
                    "a number in the geo: coordinates starts with '+'; RFC 5870 numbers have only an optional '-'",
                    parameter: "coordinates")
            }
            return coordinate
        }

        /// Whether `bytes` have a byte that is a space, a control or not ASCII, and whether they have a `+`.
        private static func scanPair(_ bytes: LinkInput) -> (spaceOrOther: Bool, plus: Bool) {
            var other = false
            var plus = false
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b <= 0x20 || b >= 0x80 { other = true }
                if b == UInt8(ascii: "+") { plus = true }
                i &+= 1
            }
            return (other, plus)
        }

        /// RFC 5870 `pvalue` bytes: `p-unreserved` (`[ ] : & + $`), `unreserved`, and `%` (checked by decoding).
        private static func isPValue(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "$"),
                 UInt8(ascii: "%"):
                return true
            default:
                return isAlphanumeric(b)
            }
        }

        private static func isOLC(_ c: Character) -> Bool {
            "23456789CFGHJMPQRVWXcfghjmpqrvwx".contains(c)
        }

        private static func isOLCByte(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "2")...UInt8(ascii: "9"): true
            case UInt8(ascii: "C"), UInt8(ascii: "F"), UInt8(ascii: "G"), UInt8(ascii: "H"), UInt8(ascii: "J"), UInt8(ascii: "M"),
                 UInt8(ascii: "P"), UInt8(ascii: "Q"), UInt8(ascii: "R"), UInt8(ascii: "V"), UInt8(ascii: "W"), UInt8(ascii: "X"):
                true
            case UInt8(ascii: "c"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "h"), UInt8(ascii: "j"), UInt8(ascii: "m"),
                 UInt8(ascii: "p"), UInt8(ascii: "q"), UInt8(ascii: "r"), UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "x"):
                true
            default: false
            }
        }

        private static func isAlphanumeric(_ a: UInt8) -> Bool {
            (48...57).contains(a) || (65...90).contains(a) || (97...122).contains(a)
        }

        /// `lat,lon` or `lat,lon(label)` / `lat,lon (label)`; nil when the text is an address.
        private static func coordinateWithLabel(_ text: String) throws(DirectionsURLError) -> (Coordinate, String?)? {
            var body = Substring(text)
            let ascii = isASCII(body)
            var label: String? = nil
            if hasClosingParenthesis(body, ascii), let open = find(body, UInt8(ascii: "("), ascii) {
                let candidate = body[..<open]
                if CoordinateText.isNumberLike(candidate) {
                    label = nonEmpty(String(body[body.utf8.index(after: open)..<body.utf8.index(before: body.endIndex)]))
                    body = candidate
                }
            }
            guard let coordinate = try CoordinateText.classify(body.startIndex == text.startIndex && body.endIndex == text.endIndex ? text : String(body), parameter: "q") else { return nil }
            return (coordinate, label)
        }

        /// OsmAnd-style `z=19(Name)`: the label after the zoom.
        private static func labelSuffix(_ value: String) -> String? {
            let v = Substring(value)
            let ascii = isASCII(v)
            guard hasClosingParenthesis(v, ascii), let open = find(v, UInt8(ascii: "("), ascii) else { return nil }
            return nonEmpty(String(v[v.utf8.index(after: open)..<v.utf8.index(before: v.endIndex)]))
        }

        private static func nonEmpty(_ s: String) -> String? {
            let t = DirectionsURLParser.trimmed(s)
            return t.isEmpty ? nil : t
        }
    }
}

extension DirectionsURLParser.GeoURI: DirectionsLinkFormat {
    static var schemes: [String] { ["geo", "geo.offline"] }
}

extension DirectionsURLParser.GeoURI {
    static var format: LinkFormat { .geo }
    /// `geo:` has no travel mode.
    static var modeVocabulary: [ModeWord] { [] }

    /// Writes the destination as a `geo:` URI:
    /// - a coordinate: `geo:lat,lon`; with a label, `geo:lat,lon?q=lat,lon(label)` (the Android form that
    ///   shows a labelled pin; the label is percent-encoded, space as `%20`);
    /// - an address: `geo:0,0?q=<address>` (percent-encoded, space as `%20`, `+` as `%2B`; Android's
    ///   guide writes `1st%20%26%20Pike%2C%20Seattle`).
    /// - Throws: `cannot-express` when the destination is the current location, or the source is not
    ///   (a `geo:` URI always starts where the device is).
    /// - Returns: the link; `omitted` lists waypoints, the mode, avoidances, place ids, navigate and times.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        try BuiltCoordinates.requireSourceHere(
            request,
            "a geo: URI names only a destination and always starts at the current location; use osm, organic-maps or google for a route from elsewhere")
        var omitted: [String] = []
        let url: String
        switch request.destination {
        case .currentLocation:
            throw LinkBuildError(
                code: .cannotExpress, message: "a geo: URI cannot point at the current location", field: "destination")
        case .coordinate(let c, let label, let placeID):
            let pair = LinkWriting.pair(c)
            if let label, !label.isEmpty {
                url = "geo:" + pair + "?q=" + pair + "(" + LinkWriting.encode(label) + ")"
            } else {
                url = "geo:" + pair
            }
            if placeID != nil { omitted.append("destination place id: geo: has no place ids") }
        case .address(let text, let placeID):
            // %20, not `+`: the reader keeps a `+` after a Plus Code-like word (`GV4C+XV`) in the code.
            url = "geo:0,0?q=" + LinkWriting.encode(text)
            if placeID != nil { omitted.append("destination place id: geo: has no place ids") }
        }
        omitted += OmittedFields.lines(request, format: "geo:", waypoints: false, mode: false, avoid: false)
        return BuiltLink(url: url, format: .geo, omitted: omitted)
    }
}
