// SPDX-License-Identifier: Apache-2.0
/// `Substring` helpers for the `Character` paths (non-ASCII text): separators and prefixes are found
/// by UTF-8 byte, never by `Character` (which would take U+037E for `;` and miss a `;` that a
/// combining mark follows).
extension LinkInput {
    /// Whether `s`'s UTF-8 starts with the bytes of the ASCII `prefix`.
    @inline(__always)
    static func hasPrefix<S: StringProtocol>(_ s: S, _ prefix: StaticString) -> Bool {
        withBytes(of: prefix) { p in s.utf8.starts(with: p) }
    }

    /// `s.lowercased()`, without Unicode case mapping (and without a copy) for ASCII text.
    static func lowercased<S: StringProtocol>(_ s: S) -> String {
        var upper = false
        for b in s.utf8 {
            if b >= 0x80 { return s.lowercased() }
            if b &- 65 < 26 { upper = true }
        }
        guard upper else { return String(s) }
        return string(capacity: s.utf8.count) { out in
            var i = 0
            for b in s.utf8 where i < out.count {
                out[i] = lower(b)
                i += 1
            }
            return i
        }
    }

    /// Calls `body` with each piece of `value` between commas (empty pieces left out), trimmed
    /// (`Character.isWhitespace`) and lowercased; a piece may be empty after trimming.
    static func forEachCommaWord(
        _ value: String, _ body: (Substring) throws(DirectionsURLError) -> Void
    ) throws(DirectionsURLError) {
        for piece in split(Substring(value), UInt8(ascii: ","), omittingEmpty: true) {
            try body(Substring(lowercased(trimmed(piece))))
        }
    }

    /// The pieces of `s` between `separator` bytes (`split(separator:maxSplits:omittingEmptySubsequences:)` by byte).
    static func split(
        _ s: Substring, _ separator: UInt8, maxSplits: Int = Int.max, omittingEmpty: Bool = false
    ) -> [Substring] {
        var result: [Substring] = []
        let span = s.utf8.span
        let n = span.count
        let utf8 = s.utf8
        @inline(__always) func piece(_ from: Int, _ to: Int) -> Substring {
            s[utf8.index(s.startIndex, offsetBy: from)..<utf8.index(s.startIndex, offsetBy: to)]
        }
        var start = 0
        var i = 0
        while i < n {
            if span[i] == separator && result.count < maxSplits {
                if !(omittingEmpty && start == i) { result.append(piece(start, i)) }
                start = i &+ 1
            }
            i &+= 1
        }
        if !(omittingEmpty && start == n) { result.append(piece(start, n)) }
        return result
    }
}

extension Substring {
    /// The pieces between `separator` bytes, as `split(separator:omittingEmptySubsequences: false)`
    /// (`"a,,b"` gives `a`, ``, `b`; `""` one empty piece).
    package func pieces(separatedBy separator: UInt8) -> [Substring] { LinkInput.split(self, separator) }
}
