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
        var out = JSONByteWriter()
        write(to: &out, indent: nil, level: 0)
        return out.bytes(reserving: extraCapacity)
    }

    /// Text with two-space indentation and one member or element per line, for people.
    public func prettyPrinted() -> String {
        var out = JSONByteWriter()
        write(to: &out, indent: 2, level: 0)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes the value through the one byte writer the typed replies use (``JSONByteWriter``);
    /// punctuation and indentation as raw bytes, since the writer's implied separators assume
    /// compact text.
    func write(to out: inout JSONByteWriter, indent: Int?, level: Int) {
        switch self {
        case .null: out.null()
        case .bool(let b): out.bool(b)
        case .number(let d): out.number(d)
        case .string(let s): out.string(s)
        case .array(let elements):
            out.raw(UInt8(ascii: "["))
            if elements.isEmpty {
                out.raw(UInt8(ascii: "]"))
                return
            }
            var first = true
            for element in elements {
                if !first { out.raw(UInt8(ascii: ",")) }
                first = false
                newline(&out, indent, level + 1)
                element.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.raw(UInt8(ascii: "]"))
        case .object(let object):
            out.raw(UInt8(ascii: "{"))
            if object.count == 0 {
                out.raw(UInt8(ascii: "}"))
                return
            }
            var first = true
            for member in object.members {
                if !first { out.raw(UInt8(ascii: ",")) }
                first = false
                newline(&out, indent, level + 1)
                out.string(member.name)
                out.raw(UInt8(ascii: ":"))
                if indent != nil { out.raw(UInt8(ascii: " ")) }
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.raw(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout JSONByteWriter, _ indent: Int?, _ level: Int) {
        guard let indent else { return }
        out.raw(UInt8(ascii: "\n"))
        for _ in 0..<(indent * level) { out.raw(UInt8(ascii: " ")) }
    }

    /// The JSON text for a number.
    public static func format(_ d: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumNumberLength) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writeNumber(d, into: buffer.baseAddress!)]), as: UTF8.self)
        }
    }

    /// Longest text ``writeNumber(_:into:)`` writes (`-2.2250738585072014e-308` is 24 bytes).
    static let maximumNumberLength = 32

    /// Writes `d`'s text at `p`, which has room for ``maximumNumberLength`` bytes, and returns how
    /// many bytes it wrote: the digits of an integral value below 2^53, `null` for a non-finite
    /// one, else Swift's shortest round-trip form.
    static func writeNumber(_ d: Double, into p: UnsafeMutablePointer<UInt8>) -> Int {
        guard d.isFinite else { return copy("null", to: p) }
        if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            // Integral: the digits, without the String an Int64's description would build.
            var magnitude = UInt64(abs(d))
            var sign = 0
            if d < 0 {
                p[0] = UInt8(ascii: "-")
                sign = 1
            }
            if magnitude == 0 {
                p[sign] = UInt8(ascii: "0")
                return sign + 1
            }
            var digits = 0
            var rest = magnitude
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            var at = sign + digits
            while magnitude > 0 {
                at -= 1
                p[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return sign + digits
        }
        var text = d.description
        return text.withUTF8 { utf8 in
            precondition(utf8.count <= maximumNumberLength, "a double's description is longer than expected")
            p.update(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    /// Copies an ASCII literal to `p`; returns its length.
    @inline(__always)
    static func copy(_ literal: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return literal.utf8CodeUnitCount
    }

    /// Whether a string byte is written escaped: `"`, `\`, the controls and DEL.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// Writes the escape of `byte` (one that ``needsEscape(_:)``) at `p`, which has room for 6
    /// bytes: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX` (upper-case hex). Returns its length.
    static func writeEscape(_ byte: UInt8, into p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: "\\")
        let short: UInt8
        switch byte {
        case 0x22: short = UInt8(ascii: "\"")
        case 0x5C: short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            let digits: StaticString = "0123456789ABCDEF"
            p[1] = UInt8(ascii: "u")
            p[2] = UInt8(ascii: "0")
            p[3] = UInt8(ascii: "0")
            p[4] = digits.utf8Start[Int(byte >> 4)]
            p[5] = digits.utf8Start[Int(byte & 0x0F)]
            return 6
        }
        p[1] = short
        return 2
    }
}

extension JSON {
    /// `s` quoted and escaped as ``JSONByteWriter/string(_:)`` writes it, appended to text built as a
    /// `String` (``JSONNode/compactText(source:)``, ``quoted(_:)``).
    static func writeString(_ s: String, to out: inout String) {
        var writer = JSONByteWriter(capacity: s.utf8.count + 2)
        writer.string(s)
        out += String(decoding: writer.bytes, as: UTF8.self)
    }
}
