// SPDX-License-Identifier: Apache-2.0
/// Serialises ``JSON`` values as RFC 8259 text in UTF-8.
///
/// Numbers are written in the shortest form that reads back to the same double; integral values
/// below 2^53 are written without a fraction (`3`, not `3.0`). Non-finite numbers, which JSON cannot
/// represent, are written as `null`. Strings escape `"`, `\` and control characters; other characters
/// are written as UTF-8.
extension JSON {
    /// Compact text, no whitespace: the form used on the varlink wire.
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Text with two-space indentation and one member or element per line, for people.
    public func prettyPrinted() -> String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSON.format(d)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                element.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let object):
            if object.count == 0 { out += "{}"; return }
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                JSON.writeString(member.name, to: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// The JSON text for a number.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            return String(Int64(d))
        }
        return d.description
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex(scalar.value, 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
