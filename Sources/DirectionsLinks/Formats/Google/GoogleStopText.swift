// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// How Google's free-text stops are read in its undocumented and app forms (`saddr`/`daddr`,
    /// `comgooglemaps://`, `?q=`, `google.navigation:q=`), beyond `latitude,longitude` or an address:
    /// - `address@lat,lon`: the coordinates win, the text before the last `@` is the label (OsmAnd's
    ///   tests); `@` and anything but a pair leaves an address.
    /// - `loc:lat,lon` and `loc:lat,lon (Name)`: a coordinate, with the text in parentheses as its label.
    /// - `lat,lon (Name)`: the same without `loc:`; the parenthesised text is never part of a number.
    /// - Hemisphere letters `N34.99393,W106.61568` (also `34.99N,106.61W`): `S`, `W` negative, unsigned
    ///   numbers. Ranges are checked, never clamped. Delimiters are found by byte, trimming is by `Character`.
    enum GoogleStopText {
        /// Whether a stop has a marker (`@`, `(`, `:`) or a hemisphere pair; other text is a plain stop.
        static func needsStopReading(_ bytes: LinkInput) -> Bool {
            let n = bytes.count
            if LinkInput.firstOffset(of: UInt8(ascii: "@"), UInt8(ascii: "("), UInt8(ascii: ":"), in: bytes, from: 0, to: n) < n { return true }
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

        /// Reads one stop (decoded bytes): a blank or current-location source is the current location.
        /// - Throws: `invalid-parameter` for a blank stop; coordinate errors naming `parameter`.
        static func endpoint(
            _ raw: LinkInput, parameter: String, source: Bool, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> Endpoint {
            func plain(_ t: LinkInput) throws(DirectionsURLError) -> Endpoint { try parser.stopEndpoint(t, parameter: parameter, source: source) }
            guard needsStopReading(raw) else { return try plain(raw) }
            let text = raw.trimmed
            if text.isEmpty || parser.currentLocationLiterals.matches(text) { return try plain(text) }
            if let at = text.lastOffset(of: UInt8(ascii: "@")), isDecimalPair(text.suffix(from: at &+ 1)) {
                let c = try CoordinateText.parsePair(text.suffix(from: at &+ 1), parameter: parameter)
                let label = text.prefix(at).trimmed
                return .coordinate(c, label: label.isEmpty ? nil : label.string)
            }
            var body = text
            var marked = false
            if body.hasPrefixIgnoringCase("loc:") {
                // Four `Character`s: a mark after the `:` joins it.
                body = body.dropFirst(body.substring.prefix(4).utf8.count)
                marked = true
            }
            var label: String? = nil
            if body.last == UInt8(ascii: ")"), let open = body.firstOffset(of: UInt8(ascii: "(")) {
                let before = body.prefix(open).trimmed
                if isDecimalPair(before) || hemispherePair(before) != nil {
                    let inside = body.slice(open &+ 1, body.count &- 1).trimmed
                    label = inside.isEmpty ? nil : inside.string
                    body = before
                    marked = true
                }
            }
            if let pair = hemispherePair(body) {
                let c = try LinkInput.withBytesThrowing(of: pair) { (bytes) throws(DirectionsURLError) in
                    try CoordinateText.parsePair(bytes, parameter: parameter)
                }
                return .coordinate(c, label: label)
            }
            if marked { return .coordinate(try CoordinateText.parsePair(body.trimmed, parameter: parameter), label: label) }
            return try plain(text)
        }

        /// ``endpoint(_:parameter:source:parser:)`` of a parameter's decoded value (empty when absent).
        static func endpoint(
            of p: LinkInput.Query.Parameter?, parameter: String, source: Bool, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> Endpoint {
            try p.withValue { (v) throws(DirectionsURLError) in try endpoint(v, parameter: parameter, source: source, parser: parser) }
        }

        /// Whether `text` is two trimmed decimals around one comma (`CoordinateText.numbers(text)?.count == 2`).
        private static func isDecimalPair(_ text: LinkInput) -> Bool {
            guard let (a, b) = text.split(at: UInt8(ascii: ",")), !b.contains(UInt8(ascii: ",")) else { return false }
            // A probe: `decimal(bare:)` notes no `.5` repair (`decimal` would, for text that then
            // stays an address); CoordinateText.parsePair notes it when the pair is read.
            var bare = false
            return a.trimmed.decimal(bare: &bare) != nil && b.trimmed.decimal(bare: &bare) != nil
        }

        /// `N34.99,W106.61` as the pair `34.99,-106.61`; nil when the text is not in hemisphere form.
        private static func hemispherePair(_ text: LinkInput) -> String? {
            guard let (a, b) = text.split(at: UInt8(ascii: ",")), !b.contains(UInt8(ascii: ",")),
                let lat = signed(a, UInt8(ascii: "N"), UInt8(ascii: "S")), let lon = signed(b, UInt8(ascii: "E"), UInt8(ascii: "W"))
            else { return nil }
            return lat + "," + lon
        }

        /// One hemisphere piece (`N34.99`, `106.61W`) as a signed number (`-` for `negative`), or nil.
        /// The letter is the first `Character` when that is a letter, else the last; `ſ` (U+017F) is an
        /// `S`, as `Character.uppercased()` makes it (other non-ASCII letters leave no decimal).
        private static func signed(_ piece: LinkInput, _ positive: UInt8, _ negative: UInt8) -> String? {
            let p = piece.trimmed
            let n = p.count
            guard n > 0 else { return nil }
            /// The capital of the letter at `i` (its bytes `i..<i+length`), or nil.
            func letter(_ i: Int, _ length: Int) -> UInt8? {
                if length == 1 { return (p[i] | 0x20) &- 97 < 26 ? p[i] & ~0x20 : nil }
                return n >= 2 && p[i] == 0xC5 && p[i &+ 1] == 0xBF ? UInt8(ascii: "S") : nil
            }
            let upper: UInt8
            let number: LinkInput
            if let l = letter(0, 1) ?? letter(0, 2) {
                (upper, number) = (l, p.dropFirst(l == UInt8(ascii: "S") && p[0] == 0xC5 ? 2 : 1).trimmed)
            } else if let l = letter(n &- 1, 1) ?? (n >= 2 ? letter(n &- 2, 2) : nil) {
                (upper, number) = (l, p.dropLast(p[n &- 1] == 0xBF ? 2 : 1).trimmed)
            } else {
                return nil
            }
            guard upper == positive || upper == negative, let f = number.first, f != UInt8(ascii: "+"), f != UInt8(ascii: "-"),
                number.decimal != nil
            else { return nil }
            return (upper == negative ? "-" : "") + number.string
        }
    }
}
