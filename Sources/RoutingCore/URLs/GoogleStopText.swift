extension DirectionsURLParser {
    /// How Google's free-text stops are read in its undocumented and app forms (legacy `saddr`/`daddr`,
    /// `comgooglemaps://`, `?q=`, `google.navigation:q=`), beyond the documented `latitude,longitude`
    /// or address text (`CoordinateText`):
    /// - `address@lat,lon`: the coordinates win and the text before the last `@` becomes the label
    ///   (OsmAnd's tests, `daddr=Bahnhofplatz+3,+7000+Chur@46.853582,9.529903`). `@` followed by
    ///   anything but a pair leaves the text an address.
    /// - `loc:lat,lon` and `loc:lat,lon (Name)`: a coordinate, with the text in parentheses as its label.
    /// - `lat,lon (Name)`: the same without `loc:`; the parenthesised text is never part of a number.
    /// - Hemisphere letters `N34.99393,W106.61568` (also `34.99N,106.61W`): `S` and `W` are negative;
    ///   the numbers then carry no sign.
    /// Coordinates are WGS84 degrees, latitude first; ranges are checked, never clamped.
    enum GoogleStopText {
        /// Reads one stop. A source that is blank or a current-location literal is the current location;
        /// a blank stop is `invalid-parameter` (callers check the destination first).
        /// - Throws: coordinate errors naming `parameter` (`malformed-number`, range errors).
        static func endpoint(
            _ raw: String, parameter: String, source: Bool, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> Endpoint {
            // Fast path: without '@', '(' or ':', and unless the text is a hemisphere pair (digits,
            // '.', ',', spaces, signs and one or two of N S E W), the text is a plain stop.
            var marker = false
            var letters = 0
            var other = false
            for b in raw.utf8 {
                switch b {
                case UInt8(ascii: "@"), UInt8(ascii: "("), UInt8(ascii: ":"): marker = true
                case UInt8(ascii: "N"), UInt8(ascii: "S"), UInt8(ascii: "E"), UInt8(ascii: "W"),
                    UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "w"):
                    letters += 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: " "),
                    UInt8(ascii: "+"), UInt8(ascii: "-"):
                    continue
                default: other = true
                }
            }
            let special = marker || (!other && letters > 0 && letters <= 2)
            if !special {
                return source ? try parser.sourceEndpoint(raw, parameter: parameter) : try parser.stopEndpoint(raw, parameter: parameter)
            }
            let text = DirectionsURLParser.trimmed(raw)
            if text.isEmpty || parser.currentLocationLiterals.matches(text) {
                return source ? try parser.sourceEndpoint(text, parameter: parameter) : try parser.stopEndpoint(text, parameter: parameter)
            }
            // ASCII text (the usual case) is searched byte by byte: there every byte is its own
            // Character, so the byte positions are the Character positions.
            let ascii = AppleGoogleLinkText.Bytes.isASCII(text)
            if let at = ascii ? text.utf8.lastIndex(of: UInt8(ascii: "@")) : text.lastIndex(of: "@") {
                let pair = text[(ascii ? text.utf8.index(after: at) : text.index(after: at))...]
                if let numbers = CoordinateText.numbers(pair), numbers.count == 2 {
                    let c = try CoordinateText.parsePair(pair, parameter: parameter)
                    let label = DirectionsURLParser.trimmed(String(text[..<at]))
                    return .coordinate(c, label: label.isEmpty ? nil : label)
                }
            }
            var body = Substring(text)
            var marked = false
            let isLoc: Bool
            if ascii {
                isLoc = body.utf8.count >= 4
                    && AppleGoogleLinkText.Bytes.equalsIgnoringCase(body[..<body.utf8.index(body.startIndex, offsetBy: 4)], "loc:") == true
            } else {
                isLoc = body.prefix(4).lowercased() == "loc:"
            }
            if isLoc {
                body = body.dropFirst(4)
                marked = true
            }
            var label: String? = nil
            let closed = ascii ? body.utf8.last == UInt8(ascii: ")") : body.hasSuffix(")")
            if closed, let open = ascii ? body.utf8.firstIndex(of: UInt8(ascii: "(")) : body.firstIndex(of: "(") {
                let before = ascii ? AppleGoogleLinkText.Bytes.trimmedASCII(body[..<open]) ?? trim(body[..<open]) : trim(body[..<open])
                if CoordinateText.numbers(before)?.count == 2 || hemisphereParts(before) != nil {
                    let insideRange = ascii
                        ? body.utf8.index(after: open)..<body.utf8.index(before: body.endIndex)
                        : body.index(after: open)..<body.index(before: body.endIndex)
                    let inside = DirectionsURLParser.trimmed(String(body[insideRange]))
                    label = inside.isEmpty ? nil : inside
                    body = before
                    marked = true
                }
            }
            if let c = try hemisphere(body, parameter: parameter) { return .coordinate(c, label: label) }
            if marked {
                let pair = ascii ? AppleGoogleLinkText.Bytes.trimmedASCII(body) ?? trim(body) : trim(body)
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
            let parts = AppleGoogleLinkText.Bytes.split(text, UInt8(ascii: ","))
            guard parts.count == 2 else { return nil }
            // Fast rejection for ASCII text: each trimmed part must start or end with an ASCII letter,
            // and the first such letter must be one of its hemispheres (as `signed` below decides).
            func possible(_ piece: Substring, _ letters: StaticString) -> Bool {
                guard let p = AppleGoogleLinkText.Bytes.trimmedASCII(piece) else { return true }
                guard let first = p.utf8.first, let last = p.utf8.last else { return false }
                func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
                let letter = isLetter(first) ? first : isLetter(last) ? last : nil
                guard let letter else { return false }
                let upper = letter & ~0x20
                return upper == letters.utf8Start[0] || upper == letters.utf8Start[1]
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
