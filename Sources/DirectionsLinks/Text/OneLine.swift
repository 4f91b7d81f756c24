// SPDX-License-Identifier: Apache-2.0
/// Text from outside input (a link, a file name, a manifest value) made safe for a one-line message, warning
/// or log line. A link may carry any character percent-encoded (`%1B%5B31m` turns a terminal red, `%0A` forges
/// a log line), so every C0 control, DEL, C1 control and U+2028/U+2029 is written visibly: `\n`, `\r`, `\t`,
/// `\xHH` up to U+00FF, `\uHHHH` above (`ESC[31m` reads `\x1B[31m`). Everything else, a backslash included,
/// is kept. Only messages are escaped; JSON values keep the exact text. Pure.
public enum OneLine {
    /// `text` with its line-breaking and control characters written visibly (see the type).
    public static func escaped(_ text: some StringProtocol) -> String { escaped(String(text)) }

    /// `escaped(_:)` over a `String`'s bytes, not `StringProtocol` witnesses: about 100 times faster (log lines at start).
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += visible(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The generic `needsEscaping(_:)` for a `String`, over its bytes.
    public static func needsEscaping(_ text: String) -> Bool { needsEscaping(utf8: text.utf8) }

    /// `escaped(text)`, or `fallback` for nil.
    public static func escaped(_ text: String?, or fallback: String) -> String { text.map { escaped($0) } ?? fallback }

    /// How a character that ``isControl(_:)`` is written: `\n`, `\r`, `\t`, else `\xHH` up to U+00FF,
    /// `\uHHHH` above; with `utf8Bytes`, `\xHH` per UTF-8 byte above U+007F (for a shell's `$'…'`).
    public static func visible(_ scalar: Unicode.Scalar, utf8Bytes: Bool = false) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            if utf8Bytes && scalar.value >= 0x80 {
                return String(scalar).utf8.map { "\\x" + hex($0, digits: 2) }.joined()
            }
            return scalar.value > 0xFF ? "\\u" + hex(scalar.value, digits: 4) : "\\x" + hex(scalar.value, digits: 2)
        }
    }

    /// A C0 control, DEL, a C1 control, or U+2028/U+2029: the characters that break a line or drive a terminal.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether some character of `text` is one ``isControl(_:)`` names, decided on the UTF-8 bytes: a
    /// byte below 0x20, 0x7F, `C2 80…9F` (C1) or `E2 80 A8/A9` (U+2028/U+2029).
    public static func needsEscaping(_ text: some StringProtocol) -> Bool { needsEscaping(utf8: text.utf8) }

    /// Inlined into each overload, so each runs over its own UTF-8 view without generic dispatch.
    @inline(__always)
    private static func needsEscaping(utf8: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for b in utf8 {
            if b < 0x20 || b == 0x7F { return true }
            if previous == 0xC2 && b >= 0x80 && b <= 0x9F { return true }
            if beforePrevious == 0xE2 && previous == 0x80 && (b == 0xA8 || b == 0xA9) { return true }
            beforePrevious = previous
            previous = b
        }
        return false
    }

    /// At least `digits` uppercase hexadecimal digits.
    static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count < digits ? String(repeating: "0", count: digits - text.count) + text : text
    }
}
