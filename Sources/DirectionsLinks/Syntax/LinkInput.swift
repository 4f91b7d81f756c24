// SPDX-License-Identifier: Apache-2.0
/// Reading a ``LinkInput``: slicing, searching, comparing, trimming, decoding.
extension LinkInput {
    /// The first `n` bytes; the bytes from offset `i`; without the first or last `n` bytes (offsets clamped).
    @inline(__always) func prefix(_ n: Int) -> LinkInput { slice(0, n) }
    @inline(__always) func suffix(from i: Int) -> LinkInput { slice(i, count) }
    @inline(__always) func dropFirst(_ n: Int = 1) -> LinkInput { slice(n, count) }
    @inline(__always) func dropLast(_ n: Int = 1) -> LinkInput { slice(0, count &- n) }

    @inline(__always)
    func split(at byte: UInt8) -> (before: LinkInput, after: LinkInput)? {
        guard let i = firstOffset(of: byte) else { return nil }
        return (slice(0, i), slice(i &+ 1, count))
    }

    /// The offset of the first `byte` (or `a` or `b`) at or after `from`, or nil.
    @inline(__always)
    func firstOffset(of byte: UInt8, from: Int = 0) -> Int? {
        let i = LinkInput.firstOffset(of: byte, in: self, from: from, to: count)
        return i < count ? i : nil
    }

    @inline(__always)
    func firstOffset(of a: UInt8, or b: UInt8, from: Int = 0) -> Int? {
        let i = LinkInput.firstOffset(of: a, or: b, in: self, from: from, to: count)
        return i < count ? i : nil
    }

    @inline(__always) func lastOffset(of byte: UInt8) -> Int? { (0..<count).reversed().first { self[$0] == byte } }

    /// Whether `byte` occurs.
    @inline(__always) func contains(_ byte: UInt8) -> Bool { firstOffset(of: byte) != nil }

    var isASCII: Bool { reduce(0) { $0 | $1 } < 0x80 }

    /// The pieces between `separator`s, without allocating (`"a,,b"` gives `a`, ``, `b`; empty text one empty piece).
    @inline(__always) func pieces(separatedBy separator: UInt8) -> Pieces { Pieces(text: self, separator: separator) }

    struct Pieces: IteratorProtocol, Sequence {
        let text: LinkInput
        let separator: UInt8
        var start = 0
        var done = false

        mutating func next() -> LinkInput? {
            if done { return nil }
            let end = LinkInput.firstOffset(of: separator, in: text, from: start, to: text.count)
            let piece = text.slice(start, end)
            if end >= text.count { done = true } else { start = end &+ 1 }
            return piece
        }
    }

    /// The pieces between `separator` bytes (a `Character` split takes U+037E for `;`), empty ones out if `omittingEmpty`.
    func splitPieces(separatedBy separator: UInt8, omittingEmpty: Bool = false) -> [LinkInput] {
        let all = Array(pieces(separatedBy: separator))
        return omittingEmpty ? all.filter { !$0.isEmpty } : all
    }

    /// Whether the text is, starts or ends with `literal`, exactly or ignoring ASCII case (then `literal` is lowercase).
    @inline(__always) func equals(_ literal: StaticString) -> Bool { matches(literal, .whole, ignoringCase: false) }
    @inline(__always) func equalsIgnoringCase(_ literal: StaticString) -> Bool { matches(literal, .whole, ignoringCase: true) }
    @inline(__always) func hasPrefix(_ literal: StaticString) -> Bool { matches(literal, .prefix, ignoringCase: false) }
    @inline(__always) func hasPrefixIgnoringCase(_ literal: StaticString) -> Bool { matches(literal, .prefix, ignoringCase: true) }
    @inline(__always) func hasSuffix(_ literal: StaticString) -> Bool { matches(literal, .suffix, ignoringCase: false) }
    @inline(__always) func hasSuffixIgnoringCase(_ literal: StaticString) -> Bool { matches(literal, .suffix, ignoringCase: true) }

    private enum Anchor { case whole, prefix, suffix }

    @inline(__always)
    private func matches(_ literal: StaticString, _ anchor: Anchor, ignoringCase: Bool) -> Bool {
        LinkInput.withBytes(of: literal) { l in
            guard anchor == .whole ? l.count == count : l.count <= count else { return false }
            return matches(l, at: anchor == .suffix ? count &- l.count : 0, ignoringCase: ignoringCase)
        }
    }

    /// Whether the bytes from `offset` are those of `l` (which fits), ignoring ASCII case with `ignoringCase`.
    @inline(__always)
    private func matches(_ l: LinkInput, at offset: Int, ignoringCase: Bool) -> Bool {
        var i = 0
        while i < l.count {
            let b = self[offset &+ i]
            if ignoringCase ? !LinkInput.equalIgnoringCase(b, l[i]) : b != l[i] { return false }
            i &+= 1
        }
        return true
    }

    @inline(__always) func equals(_ other: LinkInput) -> Bool { other.count == count && matches(other, at: 0, ignoringCase: false) }

    @_disfavoredOverload
    func equalsIgnoringCase(_ lowercase: String) -> Bool {
        LinkInput.withBytes(of: lowercase) { l in l.count == count && matches(l, at: 0, ignoringCase: true) }
    }

    /// Whether `string.lowercased() == lower` (lowercase ASCII); by byte for ASCII text (the Kelvin sign lowercases to `k`).
    func lowercasedEquals(_ lower: StaticString) -> Bool {
        equalsIgnoringCase(lower) || (!isASCII && string.lowercased() == String(describing: lower))
    }

    /// The bytes as a `Substring` (for the rare paths that need `Character` semantics).
    var substring: Substring { Substring(string) }

    /// The text with ASCII uppercase letters lowered (other bytes unchanged).
    var lowercasedASCII: String {
        LinkInput.string(capacity: count) { out in
            var i = 0
            while i < count && i < out.count {
                out[i] = LinkInput.lower(self[i])
                i &+= 1
            }
            return i
        }
    }

    var isLowercaseASCII: Bool { !contains { $0 &- 65 < 26 } }

    /// Without leading and trailing whitespace, as `Character.isWhitespace` decides.
    @inline(__always)
    var trimmed: LinkInput {
        // The usual value: both ends visible ASCII (0x21–0x7E), so neither end can be trimmed.
        let n = count
        if n > 0 && self[0] &- 0x21 < 0x5E && self[n &- 1] &- 0x21 < 0x5E { return self }
        guard isASCII else {
            // By `Character`s: a non-ASCII scalar may be whitespace or join an ASCII one.
            let text = string
            var s = text[...]
            while let f = s.first, f.isWhitespace { s.removeFirst() }
            while let l = s.last, l.isWhitespace { s.removeLast() }
            return slice(text.utf8.distance(from: text.startIndex, to: s.startIndex), text.utf8.distance(from: text.startIndex, to: s.endIndex))
        }
        var a = 0
        var b = n
        while a < b && LinkInput.isASCIIWhitespace(self[a]) { a &+= 1 }
        while b > a && LinkInput.isASCIIWhitespace(self[b &- 1]) { b &-= 1 }
        return slice(a, b)
    }

    @inline(__always) var isBlank: Bool { trimmed.isEmpty }

    /// RFC 3986 §2.1 percent-decoding, once, to UTF-8 text; `plusAsSpace` (form encoding) makes a raw `+` a space.
    /// - Throws: `malformed-url` naming `parameter` on a malformed escape or invalid decoded UTF-8.
    func decoded(plusAsSpace: Bool, parameter: String, what: String = "value") throws(DirectionsURLError) -> String {
        try (PercentDecoding.decode(self, plusAsSpace: plusAsSpace) ?? .success(string))
            .mapError { PercentDecoding.decodingError($0, parameter: parameter, what: what) }.get()
    }

    /// Calls `body` with the percent-decoded bytes, whose escapes and UTF-8 were checked (``LinkInput.Query``,
    /// ``PercentDecoding/check(_:plusAsSpace:)``; an unchecked malformed escape is kept as written).
    @inline(__always)
    func withDecoded<R, E: Error>(plusAsSpace: Bool, _ body: (LinkInput) throws(E) -> R) throws(E) -> R {
        let n = count
        let first = plusAsSpace
            ? LinkInput.firstOffset(of: UInt8(ascii: "%"), or: UInt8(ascii: "+"), in: self, from: 0, to: n)
            : LinkInput.firstOffset(of: UInt8(ascii: "%"), in: self, from: 0, to: n)
        if first == n { return try body(self) }
        return try LinkInput.withScratch(capacity: n) { (out: Scratch) throws(E) -> R in
            try body(out.prefix(PercentDecoding.writeDecoded(self, into: out, plusAsSpace: plusAsSpace)))
        }
    }

    /// ``withDecoded(plusAsSpace:_:)`` after ``PercentDecoding/check(_:plusAsSpace:)`` of the escapes and UTF-8.
    /// - Throws: `malformed-url` naming `parameter` (its `what`) when the check fails; else what `body` throws.
    func withCheckedDecoded<R>(
        _ parameter: String, what: String = "value", plusAsSpace: Bool = false, _ body: (LinkInput) throws(DirectionsURLError) -> R
    ) throws(DirectionsURLError) -> R {
        if case .failure(let failure) = PercentDecoding.check(self, plusAsSpace: plusAsSpace) {
            throw PercentDecoding.decodingError(failure, parameter: parameter, what: what)
        }
        return try withDecoded(plusAsSpace: plusAsSpace, body)
    }

    /// A C-locale decimal `[+-]?DIGITS[.DIGITS]`, or nil: ``CoordinateText/readDecimal(_:_:)``, else (over
    /// 19 digits, above 2^53) `Double(String)`, which reads plain decimal digits exactly as `strtod`.
    var decimal: Double? {
        var bare = false
        guard let value = decimal(bare: &bare) else { return nil }
        // `.5` during a parse: a repair (``CoordinateText/noteBare(_:parameter:)``).
        if bare && !CoordinateText.noteBare(self, parameter: nil) { return nil }
        return value
    }

    /// ``decimal``, also reading `.5` (setting `bare`) for a caller that notes the repair itself.
    func decimal(bare: inout Bool) -> Double? {
        var i = 0
        let read = CoordinateText.readDecimal(self, &i, bare: &bare)
        guard i == count else { return nil }
        switch read {
        case .invalid: return nil
        case .value(let value): return value
        case .slow:
            // A valid decimal, so not empty; the first byte is a digit or the sign.
            let negative = self[0] == UInt8(ascii: "-")
            guard let magnitude = Double(dropFirst(negative || self[0] == UInt8(ascii: "+") ? 1 : 0).string) else { return nil }
            return negative ? -magnitude : magnitude
        }
    }

    // Scanning UTF-8 bytes, word at a time.

    /// The high bit of each byte of `word` that equals `byte` (exact: no carry crosses a byte).
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let v = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let t = ((v & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | v
        return ~t & 0x8080_8080_8080_8080
    }

    /// The offset of the first byte of `bytes[from..<to]` that `byte` takes, or `to`; 8 bytes a step while `word` finds none.
    @inline(__always)
    private static func firstOffset(in bytes: LinkInput, from: Int, to: Int, _ word: (UInt64) -> UInt64, _ byte: (UInt8) -> Bool) -> Int {
        var i = Swift.max(from, 0)
        let to = Swift.min(to, bytes.count)
        while i &+ 8 <= to {
            let m = word(LinkInput.word(bytes, i))
            if m != 0 { return i &+ m.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < to {
            if byte(bytes[i]) { return i }
            i &+= 1
        }
        return to
    }

    /// The offset of the first `a` (or `b`, or `c`) in `bytes[from..<to]`, or `to`.
    @inline(__always)
    static func firstOffset(of a: UInt8, in bytes: LinkInput, from: Int, to: Int) -> Int {
        firstOffset(in: bytes, from: from, to: to, { matches($0, a) }, { $0 == a })
    }

    @inline(__always)
    static func firstOffset(of a: UInt8, or b: UInt8, in bytes: LinkInput, from: Int, to: Int) -> Int {
        firstOffset(in: bytes, from: from, to: to, { matches($0, a) | matches($0, b) }, { $0 == a || $0 == b })
    }

    @inline(__always)
    static func firstOffset(of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: LinkInput, from: Int, to: Int) -> Int {
        firstOffset(in: bytes, from: from, to: to, { matches($0, a) | matches($0, b) | matches($0, c) }, { $0 == a || $0 == b || $0 == c })
    }

    /// Where the query and fragment of `bytes[from..<to]` start (RFC 3986 §3.4, §3.5): `question` is
    /// the first `?` before any `#`, `hash` the first `#` after it; `to` when absent.
    @inline(__always)
    static func queryAndFragment(in bytes: LinkInput, from: Int, to: Int) -> (question: Int, hash: Int) {
        let first = firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "#"), in: bytes, from: from, to: to)
        if first < to && bytes[first] == UInt8(ascii: "?") {
            return (first, firstOffset(of: UInt8(ascii: "#"), in: bytes, from: first &+ 1, to: to))
        }
        return (to, first)
    }

    @inline(__always)
    static func count(of a: UInt8, in bytes: LinkInput) -> Int {
        var i = 0
        var n = 0
        let to = bytes.count
        while i &+ 8 <= to {
            n &+= matches(word(bytes, i), a).nonzeroBitCount
            i &+= 8
        }
        while i < to {
            if bytes[i] == a { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// Whether `b` equals `lowercase` (a lowercase ASCII byte) ignoring ASCII case.
    @inline(__always)
    static func equalIgnoringCase(_ b: UInt8, _ lowercase: UInt8) -> Bool {
        b == lowercase || (b | 0x20 == lowercase && lowercase &- 97 < 26)
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    /// Whether `b` is ASCII whitespace as `Character.isWhitespace` sees it (tab, LF, VT, FF, CR, space).
    @inline(__always) static func isASCIIWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
}

extension LinkInput: CustomStringConvertible {
    var description: String { string }
}
