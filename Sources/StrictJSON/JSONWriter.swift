// SPDX-License-Identifier: Apache-2.0
/// Serialises ``JSON`` values as RFC 8259 text in UTF-8.
///
/// Numbers are written in the shortest form that reads back to the same double; integral values
/// below 2^53 are written without a fraction (`3`, not `3.0`). Non-finite numbers, which JSON cannot
/// represent, are written as `null`. Strings escape `"`, `\` and control characters; other characters
/// are written as UTF-8.
///
/// The text is built as bytes in one growing buffer: the varlink wire wants bytes, and copying a
/// string's UTF-8 runs costs far less than appending it one Unicode scalar at a time.
extension JSON {
    /// Compact text, no whitespace: the form used on the varlink wire.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// ``serialized()`` as UTF-8 bytes, with `extraCapacity` spare bytes reserved at the end (for a
    /// message terminator, say) so appending them does not copy the text again.
    public func serializedBytes(extraCapacity: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + extraCapacity)
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Text with two-space indentation and one member or element per line, for people.
    public func prettyPrinted() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: 2, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    func write(to out: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: b ? "true".utf8 : "false".utf8)
        case .number(let d): JSON.writeNumber(d, to: &out)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, indent, level + 1)
                element.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.count == 0 { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, indent, level + 1)
                JSON.writeString(member.name, to: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int?, _ level: Int) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// The JSON text for a number.
    public static func format(_ d: Double) -> String {
        var out: [UInt8] = []
        writeNumber(d, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else { out.append(contentsOf: "null".utf8); return }
        if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            // Integral: the digits, without the String an Int64's description would build.
            var magnitude = UInt64(abs(d))
            if d < 0 { out.append(UInt8(ascii: "-")) }
            if magnitude == 0 { out.append(UInt8(ascii: "0")); return }
            var digits: (UInt64, UInt64) = (0, 0)  // up to 16 digits, least significant first
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                while magnitude > 0 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                }
                for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
            }
            return
        }
        out.append(contentsOf: d.description.utf8)
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Copy runs of bytes that need no escape at once; only ", \ and controls break a run.
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                switch byte {
                case 0x22: out.append(contentsOf: #"\""#.utf8)
                case 0x5C: out.append(contentsOf: #"\\"#.utf8)
                case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                case 0x09: out.append(contentsOf: #"\t"#.utf8)
                case 0x08: out.append(contentsOf: #"\b"#.utf8)
                case 0x0C: out.append(contentsOf: #"\f"#.utf8)
                default: out.append(contentsOf: ("\\u" + hex(UInt32(byte), 4)).utf8)
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSON {
    /// ``writeString(_:to:)`` for text built as a `String` (``JSONNode/compactText(source:)``, ``quoted(_:)``).
    static func writeString(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        writeString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}
