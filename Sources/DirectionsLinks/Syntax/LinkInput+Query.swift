// SPDX-License-Identifier: Apache-2.0
extension LinkInput {
    /// A URL query split over the bytes of the link being parsed, every parameter kept in order (repeated
    /// `daddr`/`waypoint` parameters are ordered stops); valid only during the parse. The raw query (no `?`, no
    /// `#fragment`) is split on `&`, each piece at its first `=` (none: an empty value); empty pieces are
    /// skipped. Names and values are percent-decoded once, as UTF-8, when read; with `plusAsSpace` (Apple,
    /// Google, the `q` of `geo:`) a raw `+` is a space, `%2B` always a `+` (why `URLComponents` is not used).
    /// Names match ignoring case.
    struct Query {
        /// One `name=value` pair: the name and value before percent-decoding (the raw value is needed
        /// where `+` is sometimes literal, e.g. Plus Codes).
        struct Parameter {
            let rawName: LinkInput
            let rawValue: LinkInput
            fileprivate let flags: UInt8
            /// -1 when the key is the raw name, ASCII-lowercased; else its index in ``LinkInput.Query/decodedKeys``.
            fileprivate let keyIndex: Int32

            /// Whether the piece had an `=` at all; whether the value changes when decoded (an escape, or
            /// a `+` that becomes a space).
            @inline(__always) var hasEquals: Bool { flags & Flags.hasEquals != 0 }
            @inline(__always) var valueNeedsDecoding: Bool { flags & Flags.valueNeedsDecoding != 0 }

            /// The decoded value (escapes and UTF-8 were checked when the query was split).
            var value: String {
                if flags & Flags.valueNeedsDecoding == 0 { return rawValue.string }
                return PercentDecoding.decodeChecked(rawValue, plusAsSpace: flags & Flags.plusAsSpace != 0)
            }

            /// Calls `body` with the decoded value's bytes (decoded into a temporary buffer: no `String`).
            @inline(__always)
            func withValue<R, E: Error>(_ body: (LinkInput) throws(E) -> R) throws(E) -> R {
                if flags & Flags.valueNeedsDecoding == 0 { return try body(rawValue) }
                return try rawValue.withDecoded(plusAsSpace: flags & Flags.plusAsSpace != 0, body)
            }

            /// The `lookup` index of this value, decoded and trimmed, in a format's mode vocabulary; nil for
            /// an empty value when `emptyIsUnset`.
            /// - Throws: `unknown-mode` naming `parameter` (default `name`): `'NAME=VALUE' ` + `notA`.
            @inline(__always)
            func modeWord(
                name: String, parameter: String? = nil, emptyIsUnset: Bool, notA: String, _ lookup: (LinkInput) -> Int?
            ) throws(DirectionsURLError) -> Int? {
                let found = withValue { (decoded: LinkInput) -> (index: Int?, empty: Bool) in
                    let value = decoded.trimmed
                    if emptyIsUnset && value.isEmpty { return (nil, true) }
                    return (lookup(value), false)
                }
                if found.empty { return nil }
                guard let index = found.index else {
                    throw DirectionsURLError(.unknownMode, parameter ?? name, "'\(name)=\(DirectionsURLParser.shorten(value))' " + notA)
                }
                return index
            }

            /// The `latitude,longitude` pair (`CoordinateText.parsePair`) of the trimmed decoded value; nil when empty.
            /// - Throws: the errors of `parsePair`, naming `parameter`.
            func trimmedPair(parameter: String) throws(DirectionsURLError) -> Coordinate? {
                try withValue { (value: LinkInput) throws(DirectionsURLError) -> Coordinate? in
                    let text = value.trimmed
                    return text.isEmpty ? nil : try CoordinateText.parsePair(text, parameter: parameter)
                }
            }

            var name: String {
                // A failure is not reached: the name was checked when the query was split.
                if flags & Flags.namePlain == 0,
                    case .success(let text)? = PercentDecoding.decode(rawName, plusAsSpace: flags & Flags.plusAsSpace != 0) { return text }
                return rawName.string
            }
        }

        /// `valueNeedsDecoding`: the value has an escape or a `+` that becomes a space; `namePlain`:
        /// the name is ASCII without escapes (or `+` when `plusAsSpace`), so its key is its bytes lowercased.
        fileprivate enum Flags {
            static let hasEquals: UInt8 = 1
            static let valueNeedsDecoding: UInt8 = 4
            static let plusAsSpace: UInt8 = 8
            static let namePlain: UInt8 = 16
        }

        private(set) var parameters: [Parameter] = []
        /// The keys of the parameters whose names are not plain (escaped, non-ASCII, or with a `+`).
        private var decodedKeys: [String] = []

        init() {}

        /// Splits `raw`.
        /// - Throws: `malformed-url` naming the parameter when a `%` escape is malformed or decodes to invalid UTF-8.
        init(_ raw: LinkInput, plusAsSpace: Bool) throws(DirectionsURLError) {
            if raw.isEmpty { return }
            let n = raw.count
            parameters.reserveCapacity(8)
            // One pass, eight bytes at a time, visiting only `&`, `=`, `%`, `+` and non-ASCII bytes.
            var piece = Piece(start: 0)
            var i = 0
            while i < n {
                var word: UInt64 = 0
                if i &+ 8 <= n {
                    word = LinkInput.word(raw, i)
                } else {
                    var k = n &- 1
                    while k >= i {
                        word = word << 8 | UInt64(raw[k])
                        k &-= 1
                    }
                }
                // Zero bytes above those read match no mark.
                var marks = LinkInput.matches(word, UInt8(ascii: "&")) | LinkInput.matches(word, UInt8(ascii: "="))
                    | LinkInput.matches(word, UInt8(ascii: "%")) | LinkInput.matches(word, UInt8(ascii: "+"))
                    | (word & 0x8080_8080_8080_8080)
                while marks != 0 {
                    let k = i &+ marks.trailingZeroBitCount >> 3
                    marks &= marks &- 1
                    switch raw[k] {
                    case UInt8(ascii: "&"):
                        try append(raw, piece, end: k, plusAsSpace: plusAsSpace)
                        piece = Piece(start: k &+ 1)
                    case UInt8(ascii: "="):
                        if piece.equals < 0 { piece.equals = k }
                    case UInt8(ascii: "%"):
                        if piece.equals < 0 {
                            piece.namePlain = false
                        } else if Self.isLowEscape(raw, k) {
                            // A valid escape below `%80` (ASCII): no full check needed.
                            piece.valueEscape = true
                        } else {
                            piece.valuePercent = true
                        }
                    case UInt8(ascii: "+"):
                        if plusAsSpace {
                            if piece.equals < 0 { piece.namePlain = false } else { piece.valuePlus = true }
                        }
                    default:  // a byte ≥ 0x80
                        if piece.equals < 0 { piece.namePlain = false }
                    }
                }
                i &+= 8
            }
            try append(raw, piece, end: n, plusAsSpace: plusAsSpace)
        }

        /// Whether `bytes[k]` (a `%`) starts a valid escape below `%80` (not inlined: keeps the loop small).
        @inline(never)
        private static func isLowEscape(_ bytes: LinkInput, _ k: Int) -> Bool {
            guard k &+ 2 < bytes.count && bytes[k &+ 1] &- UInt8(ascii: "0") < 8 else { return false }
            let b = bytes[k &+ 2]
            return b &- UInt8(ascii: "0") < 10 || (b | 0x20) &- UInt8(ascii: "a") < 6
        }

        /// What the scan learnt about a piece: its first `=` (or -1); whether its name has no escape, non-ASCII
        /// byte or `+` read as a space; whether its value has an escape that is malformed or ≥ `%80` (left to
        /// the full check), a valid escape below `%80`, or a `+` read as a space.
        private struct Piece {
            var start: Int
            var equals = -1
            var namePlain = true
            var valuePercent = false
            var valueEscape = false
            var valuePlus = false
        }

        /// Adds the piece `piece.start ..< end` of `raw` (nothing when empty), checking its escapes and UTF-8.
        private mutating func append(_ raw: LinkInput, _ piece: Piece, end: Int, plusAsSpace: Bool) throws(DirectionsURLError) {
            if end == piece.start { return }
            let equals = piece.equals >= 0 ? piece.equals : end
            let name = raw.slice(piece.start, equals)
            let value = equals < end ? raw.slice(equals &+ 1, end) : raw.slice(end, end)
            // `undefined`, `null`, `NaN` (any case): what a script wrote for a missing value; the parameter is absent.
            if Self.mayBePlaceholder(value), Self.isPlaceholder(value), Self.notePlaceholder(name, value) { return }
            var flags: UInt8 = equals < end ? Flags.hasEquals : 0
            if plusAsSpace { flags |= Flags.plusAsSpace }
            var keyIndex: Int32 = -1
            if piece.namePlain {
                flags |= Flags.namePlain
            } else {
                let decodedName: String
                switch PercentDecoding.decode(name, plusAsSpace: plusAsSpace) {
                case nil: decodedName = name.string
                case .success(let text)?: decodedName = text
                case .failure(let failure)?:
                    throw PercentDecoding.decodingError(failure, parameter: name.isEmpty ? "query" : name.string, what: "name")
                }
                keyIndex = Int32(decodedKeys.count)
                decodedKeys.append(LinkInput.lowercased(decodedName))
            }
            if piece.valuePercent {
                switch PercentDecoding.check(value, plusAsSpace: plusAsSpace) {
                case .plain: break
                case .needsDecoding: flags |= Flags.valueNeedsDecoding
                case .failure(let failure):
                    let shown = Parameter(rawName: name, rawValue: value, flags: flags, keyIndex: keyIndex).name
                    throw PercentDecoding.decodingError(failure, parameter: shown.isEmpty ? "query" : shown, what: "value")
                }
            } else if piece.valuePlus || piece.valueEscape {
                flags |= Flags.valueNeedsDecoding
            }
            parameters.append(Parameter(rawName: name, rawValue: value, flags: flags, keyIndex: keyIndex))
        }

        /// Two byte tests before ``isPlaceholder(_:)``: 3, 4 or 9 bytes starting with `n` or `u` in any case.
        @inline(__always)
        static func mayBePlaceholder(_ value: LinkInput) -> Bool {
            let n = value.count
            guard n == 3 || n == 4 || n == 9 else { return false }
            let first = value[0] | 0x20
            return first == UInt8(ascii: "n") || first == UInt8(ascii: "u")
        }

        /// Whether a raw value is a JavaScript placeholder: `undefined`, `null` or `NaN`, in any case.
        static func isPlaceholder(_ value: LinkInput) -> Bool {
            value.equalsIgnoringCase("undefined") || value.equalsIgnoringCase("null") || value.equalsIgnoringCase("nan")
        }

        /// Notes the placeholder repair (an `ignored-value` warning; strict: the error); false outside a parse.
        @inline(never)
        private static func notePlaceholder(_ name: LinkInput, _ value: LinkInput) -> Bool {
            // The name is not checked yet: shown raw when it does not decode.
            var shown = name.string
            if case .success(let text)? = PercentDecoding.decode(name, plusAsSpace: false) { shown = text }
            return LinkRepairLog.note(.ignoredValue, shown.isEmpty ? "query" : shown,
                "'\(DirectionsURLParser.shorten(shown))=\(value)' holds a JavaScript placeholder, not a value; the parameter "
                    + "was taken as absent; leave it out of the link")
        }

        /// The look-up key of `p`: its decoded name, lowercased (names match in any case).
        func key(of p: Parameter) -> String {
            p.keyIndex >= 0 ? decodedKeys[Int(p.keyIndex)] : p.rawName.lowercasedASCII
        }

        /// Whether `p`'s key is its raw name ASCII-lowercased (then both have the same byte count).
        @inline(__always) func isPlain(_ p: Parameter) -> Bool { p.keyIndex < 0 }

        /// Whether `p` is called `key` (lowercase) in any case.
        @inline(__always)
        func isKey(_ p: Parameter, _ key: StaticString) -> Bool {
            if p.keyIndex < 0 { return p.rawName.equalsIgnoringCase(key) }
            return LinkInput.withBytes(of: decodedKeys[Int(p.keyIndex)]) { k in LinkInput.withBytes(of: key) { k.equals($0) } }
        }

        @_disfavoredOverload
        func isKey(_ p: Parameter, _ key: String) -> Bool {
            if p.keyIndex < 0 { return p.rawName.equalsIgnoringCase(key) }
            return decodedKeys[Int(p.keyIndex)] == key
        }

        /// The index of the first parameter called `key` (lowercase) at or after `from`, or nil.
        @inline(__always)
        func firstIndex(of key: StaticString, from: Int = 0) -> Int? {
            var i = from
            while i < parameters.count {
                if isKey(parameters[i], key) { return i }
                i &+= 1
            }
            return nil
        }

        @_disfavoredOverload func firstIndex(of key: String) -> Int? { parameters.firstIndex { isKey($0, key) } }

        /// The first or last parameter called `key`, or nil; whether there is one; how many there are.
        @inline(__always) func first(_ key: StaticString) -> Parameter? { firstIndex(of: key).map { parameters[$0] } }
        func last(_ key: StaticString) -> Parameter? { parameters.last { isKey($0, key) } }
        @inline(__always) func contains(_ key: StaticString) -> Bool { firstIndex(of: key) != nil }
        @_disfavoredOverload func contains(_ key: String) -> Bool { firstIndex(of: key) != nil }
        func count(_ key: StaticString) -> Int { all(key).count }

        /// The only parameter called `key`, or nil when absent.
        /// - Throws: `duplicate-parameter` naming `key` when it appears more than once.
        @inline(__always)
        func single(_ key: StaticString, format: String) throws(DirectionsURLError) -> Parameter? {
            guard let first = firstIndex(of: key) else { return nil }
            if firstIndex(of: key, from: first &+ 1) != nil { throw duplicate(key.description, count: count(key), format: format) }
            return parameters[first]
        }

        func duplicate(_ key: String, count: Int, format: String) -> DirectionsURLError {
            DirectionsURLError(.duplicateParameter, key, "'\(key)' appears \(count) times in this \(format); give it once")
        }

        /// Every parameter called `key`, in order; their decoded values.
        func all(_ key: StaticString) -> [Parameter] { parameters.filter { isKey($0, key) } }
        func values(_ key: StaticString) -> [String] { all(key).map(\.value) }
    }
}

extension Optional<LinkInput.Query.Parameter> {
    /// Calls `body` with the decoded value, or with no bytes when the parameter is absent.
    @inline(__always)
    func withValue<R, E: Error>(_ body: (LinkInput) throws(E) -> R) throws(E) -> R {
        guard let p = self else { return try body(.empty) }
        return try p.withValue(body)
    }
}
