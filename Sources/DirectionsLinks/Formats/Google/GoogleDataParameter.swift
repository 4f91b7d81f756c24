// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// The undocumented `data=` path segment of Google Maps web links (`/maps/dir/…/data=!4m…`,
    /// `/maps/place/…/data=!3m1!4b1!4m5!3m4!…!8m2!3d<lat>!4d<lon>`), read only for coordinates.
    ///
    /// The blob is `!`-separated tokens `<field number><type letter><value>`; an `m` token opens a
    /// group of the next `<value>` tokens (counted flat). Layout from reverse engineering
    /// (google-maps-data-parameter-parser; geoshare#111):
    /// - Directions: a `4m` group whose first token is a `4m` group holds one `1m` group per stop, in
    ///   order, with `!1d<longitude>!2d<latitude>` — **longitude first**. A stop may have none (`!1m0`).
    /// - Place pins: `!3d<latitude>!4d<longitude>`.
    /// Truncated groups end at the end. Bad or out-of-range values are absent, never clamped.
    /// `!3e<n>` (travel mode) is not read: its codes are not verified.
    struct GoogleDataParameter {
        /// One token, by byte offsets into ``text`` (no Substring is made until a value is read).
        struct Token {
            var field: Int
            /// The type letter's byte; 0 when the type is not one ASCII character.
            var kind: UInt8
            /// The value's UTF-8 offsets in ``text``.
            var start: Int
            var end: Int
            /// `Int(value)` when it is a number ≥ 0, else -1 (read for group counts).
            var count: Int
        }

        /// The decoded blob.
        var text: Substring
        var tokens: [Token]

        /// Splits `blob` (the text after `data=`, raw; `!` may also arrive as `%21`).
        init(_ blob: Substring) {
            let text = LinkInput.contains(blob, UInt8(ascii: "%"))
                ? Substring((try? PercentDecoding.decode(blob, plusAsSpace: false, parameter: "data")) ?? "") : blob
            if LinkInput.isASCII(text) {
                self.tokens = LinkInput.withBytes(of: text) { Self.asciiTokens($0) }
                self.text = text
                return
            }
            var tokens: [Token] = []
            let utf8 = text.utf8
            for piece in text.pieces(separatedBy: UInt8(ascii: "!")) where !piece.isEmpty {
                guard let kindIndex = piece.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
                    let field = Int(piece[..<kindIndex])
                else { continue }
                let kind = piece[kindIndex]
                let value = piece[piece.index(after: kindIndex)...]
                tokens.append(
                    Token(
                        field: field, kind: kind.utf8.count == 1 ? kind.utf8.first ?? 0 : 0,
                        start: utf8.distance(from: utf8.startIndex, to: value.startIndex),
                        end: utf8.distance(from: utf8.startIndex, to: piece.endIndex),
                        count: Int(value).map { $0 >= 0 ? $0 : -1 } ?? -1))
            }
            self.tokens = tokens
            self.text = text
        }

        /// The tokens of ASCII text: pieces between `!`s, each `<digits><letter><value>`; a piece
        /// without digits, with an overflowing field number or without a letter is skipped.
        private static func asciiTokens(_ buffer: LinkInput) -> [Token] {
            var tokens: [Token] = []
            // At most one token per piece: one allocation.
            var pieces = 1
            for b in buffer where b == UInt8(ascii: "!") { pieces += 1 }
            tokens.reserveCapacity(pieces)
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
                tokens.append(
                    Token(
                        field: field, kind: buffer[j], start: j + 1, end: pieceEnd,
                        count: count(buffer.slice(j + 1, pieceEnd))))
            }
            return tokens
        }

        /// `Int(value)` of ASCII bytes when it is a number ≥ 0 (`-0` is 0), else -1.
        fileprivate static func count(_ bytes: LinkInput) -> Int {
            var i = 0
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                negative = first == UInt8(ascii: "-")
                i = 1
            }
            guard i < bytes.count else { return -1 }
            var n = 0
            while i < bytes.count {
                let b = bytes[i]
                guard b >= 48 && b <= 57 else { return -1 }
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int(b - 48))
                if o1 || o2 { return -1 }
                n = a
                i += 1
            }
            return negative && n != 0 ? -1 : n
        }

        /// The value of `token` as text.
        func value(_ token: Token) -> Substring {
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: token.start)
            return text[start..<utf8.index(start, offsetBy: token.end - token.start)]
        }

        private func end(_ index: Int) -> Int {
            let t = tokens[index]
            guard t.kind == UInt8(ascii: "m"), t.count >= 0 else { return index + 1 }
            let n = t.count
            return min(tokens.count, index + 1 + min(n, tokens.count))
        }

        /// Each stop of the directions group in order: its coordinate, or nil. Nil without a directions group.
        var stops: [Coordinate?]? {
            var i = 0
            while i + 1 < tokens.count {
                if tokens[i].field == 4 && tokens[i].kind == UInt8(ascii: "m") && tokens[i + 1].field == 4 && tokens[i + 1].kind == UInt8(ascii: "m") {
                    let list = i + 1
                    var result: [Coordinate?] = []
                    var j = list + 1
                    let listEnd = end(list)
                    while j < listEnd {
                        let childEnd = max(j + 1, end(j))
                        if tokens[j].field == 1 && tokens[j].kind == UInt8(ascii: "m") {
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
                if tokens[i].field == 3 && tokens[i].kind == UInt8(ascii: "d") && tokens[i + 1].field == 4
                    && tokens[i + 1].kind == UInt8(ascii: "d"),
                    let c = coordinate(latitude: value(tokens[i]), longitude: value(tokens[i + 1]))
                {
                    return c
                }
                i += 1
            }
            return nil
        }

        private func pair(from start: Int, to end: Int, latitude: Int, longitude: Int) -> Coordinate? {
            var lat = -1
            var lon = -1
            var k = start
            while k < end {
                if tokens[k].kind == UInt8(ascii: "d") {
                    if tokens[k].field == latitude { lat = k }
                    if tokens[k].field == longitude { lon = k }
                }
                k += 1
            }
            guard lat >= 0, lon >= 0 else { return nil }
            return coordinate(latitude: value(tokens[lat]), longitude: value(tokens[lon]))
        }

        private func coordinate(latitude: Substring, longitude: Substring) -> Coordinate? {
            guard let lat = CoordinateText.decimal(latitude), let lon = CoordinateText.decimal(longitude) else { return nil }
            return try? Coordinate.validated(latitude: lat, longitude: lon)
        }
    }
}

// MARK: - The blob as bytes of the link

extension DirectionsURLParser.GoogleDataParameter {
    /// One token of an ASCII blob, as a slice of its bytes.
    struct ByteToken {
        var field: Int
        /// The type letter's byte.
        var kind: UInt8
        /// The value's bytes.
        var value: LinkInput
        /// `Int(value)` when it is a number ≥ 0, else -1; read for `m` tokens only (-1 for the others).
        var count: Int

        @inline(__always) func `is`(_ field: Int, _ kind: UInt8) -> Bool { self.field == field && self.kind == kind }
    }

    /// The tokens of ASCII blob text in order, without storing them (as ``asciiTokens(_:)`` splits).
    struct ByteTokens: IteratorProtocol, Sequence {
        let text: LinkInput
        private var i = 0

        init(_ text: LinkInput) { self.text = text }

        mutating func next() -> ByteToken? {
            // One pass per piece: its field digits, its type byte, then its value up to the next `!`.
            let bytes = text
            let end = bytes.count
            while i < end {
                let start = i
                var j = start
                var field = 0
                var overflow = false
                while j < end {
                    let digit = bytes[j] &- 48
                    if digit > 9 { break }
                    let (m, o1) = field.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(Int(digit))
                    overflow = overflow || o1 || o2
                    field = a
                    j &+= 1
                }
                // The piece needs digits, no overflow, and a type byte before its end.
                let valid = j > start && !overflow && j < end && bytes[j] != UInt8(ascii: "!")
                var k = valid ? j &+ 1 : j
                while k < end && bytes[k] != UInt8(ascii: "!") { k &+= 1 }
                i = k &+ 1
                guard valid else { continue }
                let kind = bytes[j]
                let value = text.slice(j &+ 1, k)
                return ByteToken(
                    field: field, kind: kind, value: value,
                    count: kind == UInt8(ascii: "m") ? DirectionsURLParser.GoogleDataParameter.count(value) : -1)
            }
            return nil
        }
    }

    /// Reads a raw blob (after `data=`) as ASCII tokens of its decoded bytes (`ascii`), or by the
    /// `Substring` reading (`other`) when the raw or decoded blob is not ASCII.
    @inline(__always)
    static func read<R>(
        _ blob: LinkInput, ascii: (ByteTokens) -> R, other: (DirectionsURLParser.GoogleDataParameter) -> R
    ) -> R {
        guard blob.isASCII else { return other(DirectionsURLParser.GoogleDataParameter(blob.substring)) }
        switch PercentDecoding.check(blob, plusAsSpace: false) {
        case .plain:
            return ascii(ByteTokens(blob))
        case .failure:
            // As the Substring reading: an undecodable blob is empty.
            return ascii(ByteTokens(.empty))
        case .needsDecoding:
            return blob.withDecoded(plusAsSpace: false) { decoded in
                decoded.isASCII ? ascii(ByteTokens(decoded)) : other(DirectionsURLParser.GoogleDataParameter(blob.substring))
            }
        }
    }

    /// The first place pin `!3d<lat>!4d<lon>` of a raw blob, or nil (``pin`` of `GoogleDataParameter(blob)`).
    static func pin(_ blob: LinkInput) -> Coordinate? {
        read(blob, ascii: { tokens in
            var tokens = tokens
            var previous: ByteToken? = nil
            while let t = tokens.next() {
                if let p = previous, p.is(3, UInt8(ascii: "d")), t.is(4, UInt8(ascii: "d")),
                    let c = coordinate(latitude: p.value, longitude: t.value)
                {
                    return c
                }
                previous = t
            }
            return nil
        }, other: { $0.pin })
    }

    /// The stops of the directions group of a raw blob: their number (nil without the group); the first
    /// `out.capacity` stops' coordinates are written to `out`.
    static func stops(_ blob: LinkInput, into out: inout StopCoordinates) -> Int? {
        read(blob, ascii: { tokens -> Int? in
            var tokens = tokens
            var previousIs4m = false
            var list: ByteToken? = nil
            while let t = tokens.next() {
                let is4m = t.is(4, UInt8(ascii: "m"))
                if previousIs4m && is4m {
                    list = t
                    break
                }
                previousIs4m = is4m
            }
            guard let list else { return nil }
            // Tokens are counted flat; a child group may run past the list's end, ending it too.
            var remaining = list.count >= 0 ? list.count : 0
            var n = 0
            while remaining > 0, let child = tokens.next() {
                remaining &-= 1
                var inside = child.kind == UInt8(ascii: "m") && child.count >= 0 ? child.count : 0
                let isStop = child.is(1, UInt8(ascii: "m"))
                var latitude: LinkInput? = nil
                var longitude: LinkInput? = nil
                while inside > 0, let t = tokens.next() {
                    inside &-= 1
                    remaining &-= 1
                    if isStop && t.kind == UInt8(ascii: "d") {
                        if t.field == 2 { latitude = t.value }
                        if t.field == 1 { longitude = t.value }
                    }
                }
                if isStop {
                    if n < out.capacity {
                        if let latitude, let longitude {
                            out[n] = coordinate(latitude: latitude, longitude: longitude)
                        } else {
                            out[n] = nil
                        }
                    }
                    n &+= 1
                }
            }
            return n
        }, other: { parameter -> Int? in
            guard let stops = parameter.stops else { return nil }
            for (i, c) in stops.enumerated() where i < out.capacity { out[i] = c }
            return stops.count
        })
    }

    /// The blob's coordinates of a path's stops: the first four inline, the others in an array.
    struct StopCoordinates {
        /// How many stops the path has (entries beyond it are not kept).
        let capacity: Int
        private var inline: (Coordinate?, Coordinate?, Coordinate?, Coordinate?) = (nil, nil, nil, nil)
        private var more: [Coordinate?] = []

        init(capacity: Int) { self.capacity = capacity }

        subscript(i: Int) -> Coordinate? {
            get {
                switch i {
                case 0: return inline.0
                case 1: return inline.1
                case 2: return inline.2
                case 3: return inline.3
                default: return i &- 4 < more.count ? more[i &- 4] : nil
                }
            }
            set {
                switch i {
                case 0: inline.0 = newValue
                case 1: inline.1 = newValue
                case 2: inline.2 = newValue
                case 3: inline.3 = newValue
                default:
                    while more.count <= i &- 4 { more.append(nil) }
                    more[i &- 4] = newValue
                }
            }
        }
    }

    private static func coordinate(latitude: LinkInput, longitude: LinkInput) -> Coordinate? {
        guard let lat = latitude.decimal, let lon = longitude.decimal else { return nil }
        return try? Coordinate.validated(latitude: lat, longitude: lon)
    }
}
