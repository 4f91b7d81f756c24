// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// How Google's free-text stops are read in its undocumented and app forms (`saddr`/`daddr`,
    /// `comgooglemaps://`, `?q=`, `google.navigation:q=`), beyond `latitude,longitude` or an address:
    /// - `address@lat,lon`: the coordinates win, the text before the last `@` is the label (OsmAnd's
    ///   tests); `@` and anything but a pair leaves an address.
    /// - `loc:lat,lon` and `loc:lat,lon (Name)`: a coordinate, with the text in parentheses as its label.
    /// - `lat,lon (Name)`: the same without `loc:`; the parenthesised text is never part of a number.
    /// - Hemisphere letters `N34.99393,W106.61568` (also `34.99N,106.61W`): `S`, `W` negative, unsigned
    ///   numbers. Ranges are checked, never clamped.
    enum GoogleStopText {
        /// Whether a stop needs Google's stop reading: a marker (`@`, `(`, `:`) or a hemisphere pair;
        /// any other text is a plain stop.
        static func needsStopReading(_ bytes: LinkInput) -> Bool {
            // A marker decides at once: looked for eight bytes at a time.
            let n = bytes.count
            var i = 0
            while i &+ 8 <= n {
                let w = LinkInput.word(bytes, i)
                if LinkInput.matches(w, UInt8(ascii: "@")) | LinkInput.matches(w, UInt8(ascii: "(")) | LinkInput.matches(w, UInt8(ascii: ":")) != 0 {
                    return true
                }
                i &+= 8
            }
            while i < n {
                let b = bytes[i]
                if b == UInt8(ascii: "@") || b == UInt8(ascii: "(") || b == UInt8(ascii: ":") { return true }
                i &+= 1
            }
            // Without a marker, only a hemisphere pair: the first other byte ends it.
            var letters = 0
            for b in bytes {
                switch b {
                case UInt8(ascii: "N"), UInt8(ascii: "S"), UInt8(ascii: "E"), UInt8(ascii: "W"),
                    UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "w"):
                    letters &+= 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: " "),
                    UInt8(ascii: "+"), UInt8(ascii: "-"):
                    continue
                default: return false
                }
            }
            return letters > 0 && letters <= 2
        }

        /// Reads one stop: a blank or current-location source is the current location; a blank stop is
        /// `invalid-parameter`.
        /// - Throws: coordinate errors naming `parameter` (`malformed-number`, range errors).
        static func endpoint(
            _ raw: String, parameter: String, source: Bool, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> Endpoint {
            let special = LinkInput.withBytes(of: raw) { needsStopReading($0) }
            if !special {
                return source ? try parser.sourceEndpoint(raw, parameter: parameter) : try parser.stopEndpoint(raw, parameter: parameter)
            }
            let text = DirectionsURLParser.trimmed(raw)
            if text.isEmpty || parser.currentLocationLiterals.matches(text) {
                return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
            }
            // Delimiters are found by byte (in non-ASCII text too: never by `Character`).
            let ascii = LinkInput.isASCII(text)
            if let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) {
                let pair = text[text.utf8.index(after: at)...]
                if let numbers = CoordinateText.numbers(pair), numbers.count == 2 {
                    let c = try CoordinateText.parsePair(pair, parameter: parameter)
                    let label = DirectionsURLParser.trimmed(String(text[..<at]))
                    return .coordinate(c, label: label.isEmpty ? nil : label)
                }
            }
            var body = Substring(text)
            var marked = false
            if LinkInput.hasPrefixIgnoringCase(body, "loc:") {
                body = body.dropFirst(4)
                marked = true
            }
            var label: String? = nil
            if body.utf8.last == UInt8(ascii: ")"), let open = body.utf8.firstIndex(of: UInt8(ascii: "(")) {
                let before = ascii ? LinkInput.trimmedASCII(body[..<open]) ?? trim(body[..<open]) : trim(body[..<open])
                if CoordinateText.numbers(before)?.count == 2 || hemisphereParts(before) != nil {
                    let insideRange = body.utf8.index(after: open)..<body.utf8.index(before: body.endIndex)
                    let inside = DirectionsURLParser.trimmed(String(body[insideRange]))
                    label = inside.isEmpty ? nil : inside
                    body = before
                    marked = true
                }
            }
            if let c = try hemisphere(body, parameter: parameter) { return .coordinate(c, label: label) }
            if marked {
                let pair = ascii ? LinkInput.trimmedASCII(body) ?? trim(body) : trim(body)
                return .coordinate(try CoordinateText.parsePair(pair, parameter: parameter), label: label)
            }
            return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
        }

        /// `N34.99,W106.61` as a coordinate, nil when the text is not in hemisphere form.
        static func hemisphere(_ text: Substring, parameter: String) throws(DirectionsURLError) -> Coordinate? {
            guard let (lat, lon) = hemisphereParts(text) else { return nil }
            return try CoordinateText.parsePair(Substring(lat + "," + lon), parameter: parameter)
        }

        /// The signed decimal texts of a hemisphere pair, or nil.
        private static func hemisphereParts(_ text: Substring) -> (String, String)? {
            let parts = LinkInput.split(text, UInt8(ascii: ","))
            guard parts.count == 2 else { return nil }
            // Fast rejection for ASCII: each trimmed part must start or end with one of its hemisphere letters.
            func possible(_ piece: Substring, _ letters: StaticString) -> Bool {
                guard let p = LinkInput.trimmedASCII(piece) else { return true }
                guard let first = p.utf8.first, let last = p.utf8.last else { return false }
                func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
                let letter = isLetter(first) ? first : isLetter(last) ? last : nil
                guard let letter else { return false }
                let upper = letter & ~0x20
                return LinkInput.withBytes(of: letters) { upper == $0[0] || upper == $0[1] }
            }
            guard possible(parts[0], "NS"), possible(parts[1], "EW") else { return nil }
            func signed(_ piece: Substring, _ positive: Character, _ negative: Character) -> String? {
                let p = trim(piece)
                guard let first = p.first, let last = p.last else { return nil }
                let letter: Character
                let number: Substring
                if first.isLetter { letter = first; number = trim(p.dropFirst()) }
                else if last.isLetter { letter = last; number = trim(p.dropLast()) }
                else { return nil }
                let upper = Character(letter.uppercased())
                guard upper == positive || upper == negative,
                    let f = number.first, f != "+", f != "-", CoordinateText.decimal(number) != nil
                else { return nil }
                return (upper == negative ? "-" : "") + number
            }
            guard let lat = signed(parts[0], "N", "S"), let lon = signed(parts[1], "E", "W") else { return nil }
            return (lat, lon)
        }

        private static func trim(_ s: Substring) -> Substring {
            var s = s
            while let f = s.first, f.isWhitespace { s.removeFirst() }
            while let l = s.last, l.isWhitespace { s.removeLast() }
            return s
        }
    }
}

// MARK: - Bytes

extension DirectionsURLParser.GoogleStopText {
    /// ``endpoint(_:parameter:source:parser:)-(String,_,_,_)`` of decoded bytes: plain stops go to the
    /// byte endpoints, ASCII with a marker byte by byte, non-ASCII with a marker by `String`.
    static func endpoint(
        _ raw: LinkInput, parameter: String, source: Bool, parser: DirectionsURLParser
    ) throws(DirectionsURLError) -> Endpoint {
        let special = needsStopReading(raw)
        if !special {
            return source ? try parser.sourceEndpoint(raw, parameter: parameter) : try parser.stopEndpoint(raw, parameter: parameter)
        }
        guard raw.isASCII else { return try endpoint(raw.string, parameter: parameter, source: source, parser: parser) }
        let text = raw.trimmed
        if text.isEmpty || parser.currentLocationLiterals.matches(text) {
            return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
        }
        if let at = text.lastOffset(of: UInt8(ascii: "@")) {
            let pair = text.suffix(from: at &+ 1)
            if isDecimalPair(pair) {
                let c = try CoordinateText.parsePair(pair, parameter: parameter)
                let label = text.prefix(at).trimmed
                return .coordinate(c, label: label.isEmpty ? nil : label.string)
            }
        }
        var body = text
        var marked = false
        if body.hasPrefixIgnoringCase("loc:") {
            body = body.dropFirst(4)
            marked = true
        }
        var label: String? = nil
        if body.last == UInt8(ascii: ")"), let open = body.firstOffset(of: UInt8(ascii: "(")) {
            let before = body.prefix(open).trimmed
            if isDecimalPair(before) || hemisphereParts(before) != nil {
                let inside = body.slice(open &+ 1, body.count &- 1).trimmed
                label = inside.isEmpty ? nil : inside.string
                body = before
                marked = true
            }
        }
        if let c = try hemisphere(body, parameter: parameter) { return .coordinate(c, label: label) }
        if marked {
            return .coordinate(try CoordinateText.parsePair(body.trimmed, parameter: parameter), label: label)
        }
        return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
    }

    /// `CoordinateText.numbers(text)?.count == 2` for ASCII text.
    private static func isDecimalPair(_ text: LinkInput) -> Bool {
        guard let (a, b) = text.split(at: UInt8(ascii: ",")), !b.contains(UInt8(ascii: ",")) else { return false }
        return a.trimmed.decimal != nil && b.trimmed.decimal != nil
    }

    /// ``hemisphere(_:parameter:)`` of ASCII bytes: the signed pair is written into a small buffer.
    private static func hemisphere(_ text: LinkInput, parameter: String) throws(DirectionsURLError) -> Coordinate? {
        guard let parts = hemisphereParts(text) else { return nil }
        let capacity = parts.lat.count &+ parts.lon.count &+ 3
        return try LinkInput.withScratch(capacity: capacity) { (out: LinkInput.Scratch) throws(DirectionsURLError) -> Coordinate in
            var k = 0
            func put(_ b: UInt8) {
                if k < out.count {
                    out[k] = b
                    k &+= 1
                }
            }
            if parts.latNegative { put(UInt8(ascii: "-")) }
            for b in parts.lat { put(b) }
            put(UInt8(ascii: ","))
            if parts.lonNegative { put(UInt8(ascii: "-")) }
            for b in parts.lon { put(b) }
            return try CoordinateText.parsePair(out.prefix(k), parameter: parameter)
        }
    }

    /// `hemisphereParts` of ASCII bytes: the unsigned numbers and whether each is negative (`S`, `W`).
    private static func hemisphereParts(
        _ text: LinkInput
    ) -> (lat: LinkInput, latNegative: Bool, lon: LinkInput, lonNegative: Bool)? {
        guard let (a, b) = text.split(at: UInt8(ascii: ",")), !b.contains(UInt8(ascii: ",")),
            let lat = signed(a, UInt8(ascii: "N"), UInt8(ascii: "S")),
            let lon = signed(b, UInt8(ascii: "E"), UInt8(ascii: "W"))
        else { return nil }
        return (lat.number, lat.negative, lon.number, lon.negative)
    }

    /// One hemisphere piece (`N34.99`, `106.61W`): its unsigned number and whether it is negative.
    private static func signed(_ piece: LinkInput, _ positive: UInt8, _ negative: UInt8) -> (number: LinkInput, negative: Bool)? {
        let p = piece.trimmed
        guard let first = p.first, let last = p.last else { return nil }
        @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }
        let letter: UInt8
        let number: LinkInput
        if isLetter(first) {
            letter = first
            number = p.dropFirst().trimmed
        } else if isLetter(last) {
            letter = last
            number = p.dropLast().trimmed
        } else {
            return nil
        }
        let upper = letter & ~0x20
        guard upper == positive || upper == negative, let f = number.first, f != UInt8(ascii: "+"), f != UInt8(ascii: "-"),
            number.decimal != nil
        else { return nil }
        return (number, upper == negative)
    }
}
