/// Writes an argv as one line a POSIX shell would split back into exactly the same elements, for
/// `routingctl open --dry-run`.
///
/// An element made only of `A–Z a–z 0–9 _ @ % + = : , . / -` is written bare; any other element is
/// put in single quotes, a `'` inside being written `'\''`. An element holding a control character
/// (a newline, a tab, …) is written in the `$'…'` form (POSIX.1-2024, bash, zsh, ksh) with `\n`,
/// `\t`, `\r`, `\\`, `\'` and `\xHH`, so the line stays one line. The empty element is `''`.
enum ShellQuote {
    static func line(_ argv: [String]) -> String {
        argv.map(quote).joined(separator: " ")
    }

    static func quote(_ element: String) -> String {
        if element.isEmpty { return "''" }
        if element.unicodeScalars.allSatisfy(isBare) { return element }
        if element.unicodeScalars.contains(where: isControl) {
            var out = "$'"
            for scalar in element.unicodeScalars {
                switch scalar {
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                default:
                    if isControl(scalar) {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        if scalar.value < 0x80 {
                            out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                        } else {
                            // C1 controls: write their UTF-8 bytes.
                            for byte in String(scalar).utf8 { out += "\\x" + String(byte, radix: 16, uppercase: true) }
                        }
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "'"
        }
        return "'" + element.replacing("'", with: "'\\''") + "'"
    }

    private static func isBare(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "@", "%", "+", "=", ":", ",", ".", "/", "-": true
        default: false
        }
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool { TerminalText.isControl(s) }
}
