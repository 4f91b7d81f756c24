/// Text from outside routingctl (a link, a file name, a manifest, the daemon's messages) made safe
/// to print in routingctl's human-readable output.
///
/// A directions link may carry any character percent-encoded: `%1B%5B31m` is the terminal escape
/// that turns the text red, `%0A` a newline that would forge an extra line of output. Every C0
/// control (U+0000–U+001F), DEL (U+007F) and C1 control (U+0080–U+009F) is therefore written
/// visibly: `\n`, `\r` and `\t` for those three, `\xHH` (the code point in hexadecimal) for the
/// others, so `ESC[31m` prints as `\x1B[31m`. Everything else, including a backslash, is kept as is.
/// JSON output needs none of this (the writer escapes control characters), and `open --dry-run`
/// quotes for the shell instead (``ShellQuote``).
enum TerminalText {
    /// `text` with its control characters written visibly.
    static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += visible(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// How a control character (``isControl(_:)``) is written: `\n`, `\r`, `\t`, else `\xHH`, the
    /// code point in hexadecimal; with `utf8Bytes`, a C1 control is written as the `\xHH` of each of
    /// its UTF-8 bytes instead (what a shell's `$'…'` needs, see ``ShellQuote``).
    static func visible(_ scalar: Unicode.Scalar, utf8Bytes: Bool = false) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            if utf8Bytes && scalar.value >= 0x80 {
                return String(scalar).utf8.map { "\\x" + hex($0) }.joined()
            }
            return "\\x" + hex(scalar.value)
        }
    }

    /// Two or more uppercase hexadecimal digits.
    private static func hex(_ value: some BinaryInteger) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// `escaped(text)`, or `fallback` for nil.
    static func escaped(_ text: String?, or fallback: String) -> String {
        text.map { escaped($0) } ?? fallback
    }

    /// A C0 control, DEL or a C1 control.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
