// SPDX-License-Identifier: Apache-2.0
/// `String` helpers for the `Character` paths: by UTF-8 byte, never by `Character` (which would take
/// U+037E for `;` and miss a `;` that a combining mark follows).
extension LinkInput {
    /// Whether `s`'s UTF-8 starts with the bytes of the ASCII `prefix`.
    @inline(__always)
    static func hasPrefix<S: StringProtocol>(_ s: S, _ prefix: StaticString) -> Bool {
        withBytes(of: prefix) { p in s.utf8.starts(with: p) }
    }

    /// `s.lowercased()`, without Unicode case mapping (and without a copy) for ASCII text.
    static func lowercased(_ s: String) -> String {
        withBytes(of: s) { b in b.isASCII ? (b.isLowercaseASCII ? s : b.lowercasedASCII) : s.lowercased() }
    }
}

extension Substring {
    /// The pieces between `separator` bytes, as `split(separator:omittingEmptySubsequences: false)`
    /// (`"a,,b"` gives `a`, ``, `b`; `""` one empty piece).
    package func pieces(separatedBy separator: UInt8) -> [Substring] {
        utf8.split(separator: separator, omittingEmptySubsequences: false).map { Substring($0) }
    }
}
