// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// A lean decoder for the usual varlink message: JSON straight to ``JSON`` values, without the
/// parse tree, source positions and number literals that ``JSONParser`` keeps for its diagnostics.
///
/// It accepts only a conservative subset of JSON: strings of printable ASCII without escapes,
/// numbers in the RFC 8259 grammar that are finite doubles, `true`, `false`, `null`, objects
/// without duplicate member names and arrays, nested at most ``maxDepth`` deep, with JSON
/// whitespace. For anything else (an escape, a byte outside printable ASCII in a string, a syntax
/// error, a duplicate name, a byte order mark) it answers nil, and the caller parses the message
/// with ``JSONParser``, which gives the same value for every text this accepts (numbers are
/// correctly rounded by both) and the error for the others.
enum MessageJSON {
    /// Deeper nesting is left to ``JSONParser`` (which allows 64 for a message).
    static let maxDepth = 32

    /// The value of `bytes` (one JSON text, no NUL), or nil when the text is outside the subset.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSON? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard let value = scanner.value() else { return nil }
        scanner.skipWhitespace()
        // Not `index == count ? value : nil`: JSON is ExpressibleByNilLiteral, so that nil is .null.
        guard scanner.index == bytes.count else { return nil }
        return value
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() -> JSON? {
            switch current {
            case UInt8(ascii: "{")?: return object()
            case UInt8(ascii: "[")?: return array()
            case UInt8(ascii: "\"")?: return string().map(JSON.string)
            case UInt8(ascii: "t")?: return literal("true", .bool(true))
            case UInt8(ascii: "f")?: return literal("false", .bool(false))
            case UInt8(ascii: "n")?: return literal("null", .null)
            case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return number()
            default: return nil
            }
        }

        mutating func object() -> JSON? {
            depth += 1
            guard depth <= MessageJSON.maxDepth else { return nil }
            defer { depth -= 1 }
            index += 1
            var object = JSONObject()
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                guard current == UInt8(ascii: "\""), let name = string() else { return nil }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                guard let member = value() else { return nil }
                // A duplicate name is an error for JSONParser (I-JSON): let it say so.
                guard object.appendNew(name, member) else { return nil }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ",")?:
                    index += 1
                    skipWhitespace()
                case UInt8(ascii: "}")?:
                    index += 1
                    return .object(object)
                default:
                    return nil
                }
            }
        }

        mutating func array() -> JSON? {
            depth += 1
            guard depth <= MessageJSON.maxDepth else { return nil }
            defer { depth -= 1 }
            index += 1
            var elements: [JSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ",")?:
                    index += 1
                    skipWhitespace()
                case UInt8(ascii: "]")?:
                    index += 1
                    return .array(elements)
                default:
                    return nil
                }
            }
        }

        /// A string of printable ASCII (0x20–0x7E) without escapes; nil for anything else.
        mutating func string() -> String? {
            let start = index + 1
            var end = start
            while end < bytes.count {
                let b = bytes[end]
                if b == UInt8(ascii: "\"") {
                    index = end + 1
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                }
                guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
                end += 1
            }
            return nil
        }

        mutating func literal(_ word: StaticString, _ value: JSON) -> JSON? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return nil }
            index += count
            if let next = current, Self.isIdentifierByte(next) { return nil }
            return value
        }

        static func isIdentifierByte(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }

        static func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, not followed by a letter, digit, `_`
        /// or `.`, and finite; nil otherwise.
        mutating func number() -> JSON? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard Self.isDigit(current) else { return nil }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                while Self.isDigit(current) { index += 1 }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard Self.isDigit(current) else { return nil }
                while Self.isDigit(current) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard Self.isDigit(current) else { return nil }
                while Self.isDigit(current) { index += 1 }
            }
            if let next = current, Self.isIdentifierByte(next) || next == UInt8(ascii: ".") { return nil }
            // Double(_:) is strtod: correctly rounded, as JSONParser's conversion is.
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(literal), value.isFinite else { return nil }
            return .number(value)
        }
    }
}
