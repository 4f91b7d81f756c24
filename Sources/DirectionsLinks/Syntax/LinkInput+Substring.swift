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

    /// The pieces of `s` between `separator` bytes (`split(separator:maxSplits:omittingEmptySubsequences:)` by byte).
    static func split(_ s: Substring, _ separator: UInt8, maxSplits: Int = Int.max, omittingEmpty: Bool = false) -> [Substring] {
        let utf8 = s.utf8
        var result: [Substring] = []
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            if utf8[i] == separator && result.count < maxSplits {
                if !(omittingEmpty && start == i) { result.append(s[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if !(omittingEmpty && start == utf8.endIndex) { result.append(s[start...]) }
        return result
    }
}

extension Substring {
    /// The pieces between `separator` bytes, as `split(separator:omittingEmptySubsequences: false)`
    /// (`"a,,b"` gives `a`, ``, `b`; `""` one empty piece).
    package func pieces(separatedBy separator: UInt8) -> [Substring] { LinkInput.split(self, separator) }
}
