// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// The undocumented `data=` path segment of Google Maps web links (`/maps/dir/…/data=!4m…`,
    /// `/maps/place/…/data=!3m1!4b1!4m5!3m4!…!8m2!3d<lat>!4d<lon>`), read only for coordinates.
    ///
    /// The blob (`!` may also arrive as `%21`; an undecodable blob is empty) is `!`-separated tokens
    /// `<field number><type><value>`; an `m` token opens a group of the next `<value>` tokens (counted
    /// flat; a truncated group ends at the end). Layout from reverse engineering
    /// (google-maps-data-parameter-parser; geoshare#111), bad or out-of-range values absent, never clamped:
    /// - Directions: a `4m` group whose first token is a `4m` group holds one `1m` group per stop, in
    ///   order, with `!1d<longitude>!2d<latitude>` — **longitude first**. A stop may have none (`!1m0`).
    /// - Place pins: `!3d<latitude>!4d<longitude>`; with several, the last is the place's. `!3e<n>` (travel mode) is not read: its codes are not verified.
    enum GoogleDataParameter {
        /// One token, as a slice of the decoded blob: `kind` the type's byte (0 when the type is not one
        /// ASCII character); `count` is `Int(value)` for an `m` token with a number ≥ 0, else -1.
        struct Token {
            var field: Int, kind: UInt8, value: LinkInput, count: Int
            func `is`(_ field: Int, _ kind: UInt8) -> Bool { self.field == field && self.kind == kind }
        }

        /// `<digits><type><value>`; the type is one `Character` (a mark may join a digit or the type).
        private static func token(_ piece: LinkInput) -> Token? {
            var j = 0
            var typeLength = 1
            if piece.isASCII {
                while j < piece.count && piece[j] &- 48 < 10 { j &+= 1 }
            } else {
                let s = piece.substring
                guard let k = s.firstIndex(where: { !$0.isASCII || !$0.isNumber }) else { return nil }
                j = s.utf8.distance(from: s.startIndex, to: k)
                typeLength = s[k].utf8.count
            }
            guard j > 0, j < piece.count else { return nil }
            let field = number(piece.prefix(j))
            guard field >= 0 else { return nil }
            let kind = typeLength == 1 ? piece[j] : 0
            let value = piece.suffix(from: j &+ typeLength)
            return Token(field: field, kind: kind, value: value, count: kind == UInt8(ascii: "m") ? number(value) : -1)
        }

        /// `Int(text)` when it is a number ≥ 0 (`-0` is 0), else -1.
        static func number(_ text: LinkInput) -> Int { Int(text.string).map { $0 >= 0 ? $0 : -1 } ?? -1 }

        /// Calls `body` with the tokens of a raw blob (percent-decoded once) in order; a piece without
        /// field digits, field number or type is skipped.
        private static func withTokens<R>(of blob: LinkInput, _ body: ([Token]) -> R) -> R {
            func read(_ text: LinkInput) -> R { body(text.pieces(separatedBy: UInt8(ascii: "!")).compactMap(token)) }
            switch PercentDecoding.check(blob, plusAsSpace: false) {
            case .plain: return read(blob)
            case .failure: return read(.empty)
            case .needsDecoding: return blob.withDecoded(plusAsSpace: false, read)
            }
        }

        /// The place pin of a raw blob: its LAST valid `!3d<lat>!4d<lon>` pair (an earlier one can be a
        /// nearby address or the searched area; the place's own comes last), or nil.
        static func pin(_ blob: LinkInput) -> Coordinate? {
            withTokens(of: blob) { t in
                for i in t.indices.dropFirst().reversed() where t[i &- 1].is(3, UInt8(ascii: "d")) && t[i].is(4, UInt8(ascii: "d")) {
                    if let c = coordinate(latitude: t[i &- 1].value, longitude: t[i].value) { return c }
                }
                return nil
            }
        }

        /// The coordinate (or nil) of each stop of the directions group of a raw blob; nil without one.
        static func stops(_ blob: LinkInput) -> [Coordinate?]? {
            withTokens(of: blob) { all -> [Coordinate?]? in
                // The list: the first `4m` token right after a `4m` token.
                guard let i = all.indices.dropFirst().first(where: { all[$0 &- 1].is(4, UInt8(ascii: "m")) && all[$0].is(4, UInt8(ascii: "m")) })
                else { return nil }
                var tokens = all[(i &+ 1)...].makeIterator()
                // Tokens are counted flat; a child group may run past the list's end, ending it too.
                var remaining = max(all[i].count, 0)
                var result: [Coordinate?] = []
                while remaining > 0, let child = tokens.next() {
                    remaining &-= 1
                    var inside = child.kind == UInt8(ascii: "m") ? max(child.count, 0) : 0
                    var latitude: LinkInput? = nil
                    var longitude: LinkInput? = nil
                    while inside > 0, let t = tokens.next() {
                        inside &-= 1
                        remaining &-= 1
                        if t.is(2, UInt8(ascii: "d")) { latitude = t.value }
                        if t.is(1, UInt8(ascii: "d")) { longitude = t.value }
                    }
                    if child.is(1, UInt8(ascii: "m")) {
                        result.append(latitude.flatMap { la in longitude.flatMap { coordinate(latitude: la, longitude: $0) } })
                    }
                }
                return result
            }
        }

        private static func coordinate(latitude: LinkInput, longitude: LinkInput) -> Coordinate? {
            guard let lat = latitude.decimal, let lon = longitude.decimal else { return nil }
            return try? Coordinate.validated(latitude: lat, longitude: lon)
        }
    }
}
