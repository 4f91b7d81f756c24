// SPDX-License-Identifier: Apache-2.0
/// `Substring` helpers for the `Character` paths (non-ASCII text): separators and prefixes are found
/// by UTF-8 byte, never by `Character` (which would take U+037E for `;` and miss a `;` that a
/// combining mark follows).
extension LinkInput {
    /// Whether every code unit of `s` is ASCII.
    @inline(__always)
    static func isASCII<S: StringProtocol>(_ s: S) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { buffer in
            var all: UInt8 = 0
            for b in buffer { all |= b }
            return all < 0x80
        } ?? s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `s`'s UTF-8 starts with the bytes of the ASCII `prefix`.
    @inline(__always)
    static func hasPrefix<S: StringProtocol>(_ s: S, _ prefix: StaticString) -> Bool {
        withBytes(of: prefix) { p in
            let utf8 = s.utf8
            var i = utf8.startIndex
            for b in p {
                guard i < utf8.endIndex, utf8[i] == b else { return false }
                i = utf8.index(after: i)
            }
            return true
        }
    }

    /// Whether `s`'s UTF-8 holds the ASCII `byte`.
    @inline(__always)
    static func contains<S: StringProtocol>(_ s: S, _ byte: UInt8) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { buffer in
            for b in buffer where b == byte { return true }
            return false
        } ?? s.utf8.contains(byte)
    }

    /// `s.lowercased()`, without Unicode case mapping (and without a copy) for ASCII text.
    static func lowercased<S: StringProtocol>(_ s: S) -> String {
        var upper = false
        for b in s.utf8 {
            if b >= 0x80 { return s.lowercased() }
            if b >= 65 && b <= 90 { upper = true }
        }
        guard upper else { return String(s) }
        let count = s.utf8.count
        return string(capacity: count) { out in
            var i = 0
            for b in s.utf8 where i < out.count {
                out[i] = b >= 65 && b <= 90 ? b | 0x20 : b
                i += 1
            }
            return i
        }
    }

    /// `value.split(separator: ",")` (empty pieces left out), each piece trimmed and lowercased; pieces
    /// may be empty after trimming.
    static func commaWords(_ value: String) -> [Substring] {
        let whole = Substring(value)
        guard isASCII(whole) else {
            return split(whole, UInt8(ascii: ","), omittingEmpty: true).map { Substring(DirectionsURLParser.trimmed(String($0)).lowercased()) }
        }
        // ASCII: lowercase once (no copy when already lowercase), then slice.
        return split(Substring(lowercased(whole)), UInt8(ascii: ","), omittingEmpty: true).map { trimmedASCII($0) ?? $0 }
    }

    /// Calls `body` with each word of ``commaWords(_:)`` in order (no arrays for ASCII text).
    static func forEachCommaWord(
        _ value: String, _ body: (Substring) throws(DirectionsURLError) -> Void
    ) throws(DirectionsURLError) {
        guard isASCII(value) else {
            for word in commaWords(value) { try body(word) }
            return
        }
        // ASCII: lowercase once (no copy when already lowercase), then slice between commas.
        let lower = Substring(lowercased(value))
        let utf8 = lower.utf8
        var start = utf8.startIndex
        var i = start
        while true {
            let atEnd = i == utf8.endIndex
            if atEnd || utf8[i] == UInt8(ascii: ",") {
                if i > start {
                    let piece = lower[start..<i]
                    try body(trimmedASCII(piece) ?? piece)
                }
                if atEnd { break }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
    }

    /// `DirectionsURLParser.trimmed(String(s))` as a Substring, for ASCII `s` (nil otherwise).
    static func trimmedASCII(_ s: Substring) -> Substring? {
        guard isASCII(s) else { return nil }
        // ASCII whitespace (Character.isWhitespace): tab, LF, VT, FF, CR and space.
        func white(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        let utf8 = s.utf8
        var lo = utf8.startIndex, hi = utf8.endIndex
        while lo < hi, white(utf8[lo]) { lo = utf8.index(after: lo) }
        while lo < hi, white(utf8[utf8.index(before: hi)]) { hi = utf8.index(before: hi) }
        return s[lo..<hi]
    }

    /// The byte offset of the first `byte` in `s`'s UTF-8, or nil.
    @inline(__always)
    static func offset(of byte: UInt8, in s: Substring) -> Int? {
        let span = s.utf8.span
        var i = 0
        while i < span.count {
            if span[i] == byte { return i }
            i &+= 1
        }
        return nil
    }

    /// The pieces of `s` between `separator` bytes (`split(separator:maxSplits:omittingEmptySubsequences:)` by byte).
    static func split(
        _ s: Substring, _ separator: UInt8, maxSplits: Int = Int.max, omittingEmpty: Bool = false
    ) -> [Substring] {
        var result: [Substring] = []
        let span = s.utf8.span
        let n = span.count
        // One allocation: count the pieces first.
        var separators = 0
        var k = 0
        while k < n {
            if span[k] == separator { separators &+= 1 }
            k &+= 1
        }
        result.reserveCapacity(Swift.min(separators, maxSplits) &+ 1)
        let utf8 = s.utf8
        let base = s.startIndex
        @inline(__always) func piece(_ from: Int, _ to: Int) -> Substring {
            s[utf8.index(base, offsetBy: from)..<utf8.index(base, offsetBy: to)]
        }
        var start = 0
        var splits = 0
        var i = 0
        while i < n {
            if span[i] == separator && splits < maxSplits {
                if !(omittingEmpty && start == i) {
                    result.append(piece(start, i))
                    splits += 1
                }
                start = i &+ 1
            }
            i &+= 1
        }
        if !(omittingEmpty && start == n) { result.append(piece(start, n)) }
        return result
    }

    /// `s.lowercased() == lower`, for a lowercase ASCII `lower`.
    static func lowerEquals(_ s: Substring, _ lower: StaticString) -> Bool {
        guard lower.hasPointerRepresentation else { return s.lowercased() == String(describing: lower) }
        let bytes = s.utf8.span
        let count = lower.utf8CodeUnitCount
        return withBytes(of: lower) { word in
            // Non-ASCII text goes to `lowercased()` (a non-ASCII letter may lowercase to ASCII).
            if bytes.count == count {
                var i = 0
                while i < count {
                    let b = bytes[i]
                    if b >= 0x80 { return s.lowercased() == String(describing: lower) }
                    if Self.lower(b) != word[i] { break }
                    i &+= 1
                }
                if i == count { return true }
            }
            return isASCII(s) ? false : s.lowercased() == String(describing: lower)
        }
    }

    /// `s.lowercased() == lower`, for an ASCII `lower` (a format's mode word).
    static func lowerEquals(_ s: Substring, _ lower: String) -> Bool {
        let bytes = s.utf8.span
        let word = lower.utf8.span
        if bytes.count == word.count {
            var i = 0
            while i < word.count {
                let b = bytes[i]
                if b >= 0x80 { return s.lowercased() == lower }
                if Self.lower(b) != word[i] { break }
                i &+= 1
            }
            if i == word.count { return true }
        }
        return isASCII(s) ? false : s.lowercased() == lower
    }

    /// `s.lowercased().hasPrefix(lower)` for a lowercase ASCII `lower`, with a `Character` boundary
    /// after it; nil when the first `lower.count + 1` bytes are not ASCII (the caller's slow path).
    static func lowerPrefix(_ s: Substring, _ lower: StaticString) -> Bool? {
        guard lower.hasPointerRepresentation else { return nil }
        let utf8 = s.utf8
        let count = lower.utf8CodeUnitCount
        return withBytes(of: lower) { base in
            var i = utf8.startIndex
            var j = 0
            var matches = true
            while j <= count {
                guard i < utf8.endIndex else { return j == count ? matches : false }
                let b = utf8[i]
                if b >= 0x80 { return nil }
                if j < count {
                    let l = b >= 65 && b <= 90 ? b | 0x20 : b
                    if l != base[j] { matches = false }
                }
                j += 1
                i = utf8.index(after: i)
            }
            return matches
        }
    }

    /// `CoordinateText.decimal(text)`: a C-locale `[+-]?\d+(\.\d+)?`, or nil.
    static func decimal(_ text: Substring) -> Double? {
        DirectionsURLParser.CoordinateText.decimal(text)
    }

    /// A decimal `lat` and `lon` (exactly `[+-]?\d+(\.\d+)?`) in range: what
    /// `CoordinateText.parsePair(lat + "," + lon)` returns; nil for that slower path.
    static func quickPair(_ lat: Substring, _ lon: Substring) -> Coordinate? {
        guard let la = decimal(lat), let lo = decimal(lon) else { return nil }
        return Coordinate.ifValid(latitude: la, longitude: lo)
    }

    /// `lat,lon` as two plain decimals around one comma, in range: what `CoordinateText.parsePair(text)`
    /// returns; nil for the caller's `parsePair`.
    static func quickPair(_ text: Substring) -> Coordinate? {
        guard let (la, lo) = decimals(text) else { return nil }
        return Coordinate.ifValid(latitude: la, longitude: lo)
    }

    /// The two numbers of `<decimal>,<decimal>` (around the first comma), or nil.
    static func decimals(_ text: Substring) -> (Double, Double)? {
        typealias CoordinateText = DirectionsURLParser.CoordinateText
        // The usual short decimals in one pass over the bytes, without slicing the text.
        let quick: (Double, Double)?? = LinkInput.withBytes(of: text) { bytes -> (Double, Double)?? in
            var i = 0
            guard case .value(let a) = CoordinateText.readDecimal(bytes, &i) else { return .none }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return .none }
            i &+= 1
            guard case .value(let b) = CoordinateText.readDecimal(bytes, &i), i == bytes.count else { return .none }
            return .some((a, b))
        }
        if let quick { return quick }
        guard let comma = offset(of: UInt8(ascii: ","), in: text) else { return nil }
        let index = text.utf8.index(text.startIndex, offsetBy: comma)
        guard let a = decimal(text[..<index]), let b = decimal(text[text.utf8.index(after: index)...]) else { return nil }
        return (a, b)
    }
}

extension Substring {
    /// The pieces between `separator` bytes, as `split(separator:omittingEmptySubsequences: false)`
    /// (`"a,,b"` gives `a`, ``, `b`; `""` one empty piece).
    package func pieces(separatedBy separator: UInt8) -> [Substring] { LinkInput.split(self, separator) }
}
