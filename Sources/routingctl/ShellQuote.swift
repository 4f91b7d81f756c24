// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Writes an argv as one line a POSIX shell would split back into exactly the same elements, for
/// `routingctl open --dry-run`.
///
/// An element made only of `A–Z a–z 0–9 _ @ % + = : , . / -` is written bare; any other element is
/// put in single quotes, a `'` inside being written `'\''`. An element holding a control character
/// (a newline, a tab, …) is written in the `$'…'` form (POSIX.1-2024, bash, zsh, ksh) with `\n`,
/// `\t`, `\r`, `\\`, `\'` and `\xHH` (``OneLine``), so the line stays one line. The empty element is `''`.
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
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                default:
                    if isControl(scalar) {
                        // \n, \t, \r, \xHH; a C1 control as its UTF-8 bytes.
                        out += OneLine.visible(scalar, utf8Bytes: true)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "'"
        }
        // By scalar: a `'` that a combining mark follows still ends the quote for the shell.
        var out = "'"
        for scalar in element.unicodeScalars {
            if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }

    private static func isBare(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "@", "%", "+", "=", ":", ",", ".", "/", "-": true
        default: false
        }
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool { OneLine.isControl(s) }
}
