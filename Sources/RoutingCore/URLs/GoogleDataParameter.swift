extension DirectionsURLParser {
    /// The undocumented `data=` path segment of Google Maps web links (`/maps/dir/…/data=!4m…`,
    /// `/maps/place/…/data=!3m1!4b1!4m5!3m4!…!8m2!3d<lat>!4d<lon>`), read only for coordinates.
    ///
    /// The blob is a list of `!`-separated tokens `<field number><type letter><value>`; a token of type
    /// `m` opens a group holding the next `<value>` tokens (counted flat, nested groups included). The
    /// layout is known from reverse engineering only (google-maps-data-parameter-parser; geoshare#111):
    /// - Directions: a `4m` group whose first token is another `4m` group holds one `1m` group per stop,
    ///   in travel order; a stop's coordinates are `!1d<longitude>!2d<latitude>` inside it — **longitude
    ///   first**, the opposite of the path text. A stop without coordinates has none (e.g. `!1m0`).
    /// - Place pins: `!3d<latitude>!4d<longitude>` (latitude first).
    /// Group counts that run past the end (truncated blobs) end at the end. Values that are not C-locale
    /// decimals or are out of range are treated as absent, never clamped. `!3e<n>` (travel mode) is not
    /// read: its codes are not verified.
    struct GoogleDataParameter {
        struct Token {
            var field: Int
            var kind: Character
            var value: Substring
        }

        var tokens: [Token]

        /// Splits `blob` (the text after `data=`, raw; `!` may also arrive as `%21`).
        init(_ blob: Substring) {
            var tokens: [Token] = []
            let text = AppleGoogleLinkText.Bytes.contains(blob, UInt8(ascii: "%"))
                ? Substring((try? QueryString.decode(blob, plusAsSpace: false, parameter: "data")) ?? "") : blob
            if AppleGoogleLinkText.Bytes.isASCII(text) {
                self.tokens = Self.asciiTokens(text)
                return
            }
            for piece in text.split(separator: "!") {
                guard let kindIndex = piece.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
                    let field = Int(piece[..<kindIndex])
                else { continue }
                tokens.append(Token(field: field, kind: piece[kindIndex], value: piece[piece.index(after: kindIndex)...]))
            }
            self.tokens = tokens
        }

        /// The tokens of ASCII `text`, byte by byte: the same as the `Character` split for ASCII text.
        private static func asciiTokens(_ text: Substring) -> [Token] {
            if let tokens = text.utf8.withContiguousStorageIfAvailable({ buffer -> [Token] in
                var tokens: [Token] = []
                let base = text.utf8.startIndex
                var i = 0
                let end = buffer.count
                while i < end {
                    var pieceEnd = i
                    while pieceEnd < end && buffer[pieceEnd] != UInt8(ascii: "!") { pieceEnd += 1 }
                    defer { i = pieceEnd + 1 }
                    var j = i
                    var field = 0
                    var overflow = false
                    while j < pieceEnd, buffer[j] >= 48 && buffer[j] <= 57 {
                        let (m, o1) = field.multipliedReportingOverflow(by: 10)
                        let (a, o2) = m.addingReportingOverflow(Int(buffer[j] - 48))
                        overflow = overflow || o1 || o2
                        field = a
                        j += 1
                    }
                    guard j < pieceEnd, j > i, !overflow else { continue }
                    let valueStart = text.utf8.index(base, offsetBy: j + 1)
                    let valueEnd = text.utf8.index(base, offsetBy: pieceEnd)
                    tokens.append(Token(field: field, kind: Character(Unicode.Scalar(buffer[j])), value: text[valueStart..<valueEnd]))
                }
                return tokens
            }) {
                return tokens
            }
            var tokens: [Token] = []
            let utf8 = text.utf8
            var i = utf8.startIndex
            let end = utf8.endIndex
            while i < end {
                // One piece: from i to the next '!' (empty pieces are skipped).
                let pieceEnd = utf8[i...].firstIndex(of: UInt8(ascii: "!")) ?? end
                defer { i = pieceEnd < end ? utf8.index(after: pieceEnd) : end }
                var j = i
                var field = 0
                var digits = 0
                var overflow = false
                while j < pieceEnd, case let b = utf8[j], b >= 48 && b <= 57 {
                    let (m, o1) = field.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(Int(b - 48))
                    overflow = overflow || o1 || o2
                    field = a
                    digits += 1
                    j = utf8.index(after: j)
                }
                // `Int(piece[..<kindIndex])` fails on no digits or overflow; no kind at the end.
                guard j < pieceEnd, digits > 0, !overflow else { continue }
                let kind = Character(Unicode.Scalar(utf8[j]))
                tokens.append(Token(field: field, kind: kind, value: text[utf8.index(after: j)..<pieceEnd]))
            }
            return tokens
        }

        /// The index just past the group that starts at `index`.
        private func end(_ index: Int) -> Int {
            let t = tokens[index]
            guard t.kind == "m", let n = Int(t.value), n >= 0 else { return index + 1 }
            return min(tokens.count, index + 1 + min(n, tokens.count))
        }

        /// One entry per stop of the directions group, in order: its coordinate, or nil when the stop
        /// carries none. Nil when the blob has no directions group.
        var stops: [Coordinate?]? {
            var i = 0
            while i + 1 < tokens.count {
                if tokens[i].field == 4 && tokens[i].kind == "m" && tokens[i + 1].field == 4 && tokens[i + 1].kind == "m" {
                    let list = i + 1
                    var result: [Coordinate?] = []
                    var j = list + 1
                    let listEnd = end(list)
                    while j < listEnd {
                        let childEnd = max(j + 1, end(j))
                        if tokens[j].field == 1 && tokens[j].kind == "m" {
                            result.append(pair(from: j + 1, to: childEnd, latitude: 2, longitude: 1))
                        }
                        j = childEnd
                    }
                    return result
                }
                i += 1
            }
            return nil
        }

        /// The first place pin `!3d<lat>!4d<lon>`, or nil.
        var pin: Coordinate? {
            var i = 0
            while i + 1 < tokens.count {
                if tokens[i].field == 3 && tokens[i].kind == "d" && tokens[i + 1].field == 4 && tokens[i + 1].kind == "d",
                    let c = coordinate(latitude: tokens[i].value, longitude: tokens[i + 1].value)
                {
                    return c
                }
                i += 1
            }
            return nil
        }

        private func pair(from start: Int, to end: Int, latitude: Int, longitude: Int) -> Coordinate? {
            var lat: Substring? = nil
            var lon: Substring? = nil
            var k = start
            while k < end {
                if tokens[k].kind == "d" {
                    if tokens[k].field == latitude { lat = tokens[k].value }
                    if tokens[k].field == longitude { lon = tokens[k].value }
                }
                k += 1
            }
            guard let lat, let lon else { return nil }
            return coordinate(latitude: lat, longitude: lon)
        }

        private func coordinate(latitude: Substring, longitude: Substring) -> Coordinate? {
            guard let lat = CoordinateText.decimal(latitude), let lon = CoordinateText.decimal(longitude) else { return nil }
            return try? Coordinate.validated(latitude: lat, longitude: lon)
        }
    }
}
