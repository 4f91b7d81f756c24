// SPDX-License-Identifier: Apache-2.0
/// Compact JSON text for a parsed value, with every number written exactly as it was in the source.
extension JSONNode {
    /// The value as compact RFC 8259 text (no whitespace), numbers as their source literals.
    ///
    /// Unlike ``JSON/serialized()``, which formats the binary64 value, this keeps `-0.1276000`,
    /// `1e-3` or `180.0` exactly as written, so a rewritten file loses no precision and changes no
    /// digit. Strings are escaped as ``JSON`` does (`"`, `\` and control characters); member order is
    /// kept.
    /// `source` is the text the node was parsed from (numbers are read back from it at their
    /// offsets; a number built in code, ``JSONNode/noOffset``, is written as ``JSON/format(_:)``).
    public func compactText(source: SourceText) -> String {
        var out = ""
        writeCompact(to: &out, source: source)
        return out
    }

    /// Appends ``compactText(source:)`` to `out`.
    public func writeCompact(to out: inout String, source: SourceText) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number: out += source.literal(of: self)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.writeCompact(to: &out, source: source)
            }
            out += "]"
        case .numbers(let numbers):
            out += "["
            for (i, number) in numbers.enumerated() {
                if i > 0 { out += "," }
                out += source.numberLiteral(at: number.offset) ?? JSON.format(number.value)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(member.name, to: &out)
                out += ":"
                member.value.writeCompact(to: &out, source: source)
            }
            out += "}"
        }
    }
}

extension JSON {
    /// `s` as a JSON string literal, quoted and escaped as the writer does.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, to: &out)
        return out
    }
}
