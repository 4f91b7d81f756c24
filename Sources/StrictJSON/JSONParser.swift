// SPDX-License-Identifier: Apache-2.0
/// A strict JSON parser (RFC 8259 with I-JSON, RFC 7493) that records where every value starts.
///
/// It rejects, with the exact line and column: comments, trailing commas, `NaN`/`Infinity`, numbers
/// outside the RFC 8259 grammar or beyond binary64, duplicate member names, invalid UTF-8 and UTF-16
/// input, lone surrogate escapes, control characters in strings, and nesting deeper than ``maxDepth``.
/// A leading UTF-8 byte order mark is skipped and reported in ``JSONDocument/hadByteOrderMark``.
///
/// Numbers are converted with the standard library's correctly rounded decimal-to-binary conversion.
/// Foundation's `JSONSerialization`/`JSONDecoder` accept several of these inputs silently, so this
/// parser is used everywhere instead.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int

    public init(maxDepth: Int = 128) {
        self.maxDepth = maxDepth
    }

    /// Parses one JSON text.
    /// - Throws: ``JSONSyntaxError`` for the first problem found.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONDocument {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONDocument in
            var scanner = Scanner(bytes: buffer, maxDepth: maxDepth)
            let (root, bom) = try scanner.document()
            let source = SourceText(bytes: array, lineStarts: scanner.lineStarts, multibyte: scanner.multibyte)
            return JSONDocument(root: root, hadByteOrderMark: bom, source: source)
        }
    }

    /// Parses one JSON text given as a string.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try parse(Array(text.utf8))
    }
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Elements of the arrays being parsed, innermost last (see `array`).
    var pending: [JSONNode] = []
    /// Elements of the arrays of numbers only being parsed (positions), innermost last.
    var pendingNumbers: [JSONNumber] = []
    let maxDepth: Int
    var index = 0
    var depth = 0
    // Position tracking: the current line, where it starts, and a cache for column counting.
    var line = 1
    var lineStart = 0
    var columnCacheOffset = 0
    var columnCacheColumn = 1
    // For the document's SourceText: every line start, and every multi-byte scalar with the running
    // count of continuation bytes (LF and non-ASCII bytes only occur in whitespace and strings, where
    // the scanner sees them anyway).
    var lineStarts: [UInt32] = []
    var multibyte: [(offset: UInt32, continuations: UInt32)] = []
    var continuations: UInt32 = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: positions

    mutating func location(at offset: Int) -> SourceLocation {
        // An offset on an earlier line (a trailing comma seen before the newlines that follow it):
        // count its line back from the current one, so line and column name the same byte.
        if offset < lineStart {
            var earlierLine = line
            var start = lineStart
            while offset < start {
                earlierLine -= 1
                start -= 1  // the LF that ended the earlier line
                while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            }
            var column = 1
            for i in start..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
            return SourceLocation(line: earlierLine, column: column, offset: offset)
        }
        // Offsets are asked for in increasing order within a line, so count scalars incrementally.
        if columnCacheOffset < lineStart || columnCacheOffset > offset {
            columnCacheOffset = lineStart
            columnCacheColumn = 1
        }
        var i = columnCacheOffset
        var column = columnCacheColumn
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnCacheOffset = offset
        columnCacheColumn = column
        return SourceLocation(line: line, column: column, offset: offset)
    }


    mutating func fail(_ rule: JSONSyntaxError.Rule, _ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(rule: rule, message: message, location: location(at: offset ?? index))
    }

    // MARK: document

    mutating func document() throws(JSONSyntaxError) -> (root: JSONNode, hadByteOrderMark: Bool) {
        try checkEncodingPrefix()
        var bom = false
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bom = true
            index = 3
            columnCacheOffset = 3
            columnCacheColumn = 2
            continuations = 2
            multibyte.append((0, 2))
        }
        try skipWhitespace()
        guard index < bytes.count else {
            throw fail(.empty, "no JSON value: the text is empty")
        }
        let root = try value()
        try skipWhitespace()
        if index < bytes.count {
            throw fail(.trailingContent, "unexpected \(describe(at: index)) after the JSON value; a JSON text holds exactly one value")
        }
        return (root, bom)
    }

    mutating func checkEncodingPrefix() throws(JSONSyntaxError) {
        let n = bytes.count
        if n >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw fail(.invalidEncoding, "the text is UTF-16 (it starts with a UTF-16 byte order mark); JSON must be UTF-8 (RFC 8259 §8.1)", at: 0)
        }
        if n >= 2, (bytes[0] == 0 && bytes[1] != 0) || (bytes[0] != 0 && bytes[1] == 0) {
            throw fail(.invalidEncoding, "the text looks like UTF-16 or UTF-32 (NUL bytes between characters); JSON must be UTF-8 (RFC 8259 §8.1)", at: 0)
        }
    }

    // MARK: whitespace and comments

    /// Skips whitespace; most calls find none (compact files), so that case returns at once.
    @inline(__always)
    mutating func skipWhitespace() throws(JSONSyntaxError) {
        if index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: "/") { return }
        try skipWhitespaceRun()
    }

    mutating func skipWhitespaceRun() throws(JSONSyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                lineStarts.append(UInt32(clamping: index))
            case UInt8(ascii: "/"):
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") {
                    throw fail(.comment, "comments are not allowed in JSON; delete the comment")
                }
                return
            default:
                return
            }
        }
    }

    // MARK: values

    mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw fail(.syntax, "unexpected end of input; expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(start)
        case UInt8(ascii: "["): return try array(start)
        case UInt8(ascii: "\""): return JSONNode(offset: start, value: .string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(offset: start, value: .bool(true))
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(offset: start, value: .bool(false))
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(offset: start, value: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return try number(start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            let word = identifier()
            if word == "NaN" || word == "Infinity" {
                throw fail(.nonFiniteNumber, "\(word) is not a JSON number (RFC 8259 §6); use a finite number", at: start)
            }
            throw fail(.syntax, "unexpected '\(word)'; expected a value\(Self.caseHint(word))", at: start)
        case UInt8(ascii: "'"):
            throw fail(.invalidString, "strings must use double quotes, not single quotes")
        default:
            // `True`, `FALSE`: a literal in another case gets the hint.
            let word = isIdentifierByte(bytes[index]) ? identifier() : ""
            if !Self.caseHint(word).isEmpty {
                throw fail(.syntax, "unexpected '\(word)'; expected a value\(Self.caseHint(word))", at: start)
            }
            throw fail(.syntax, "unexpected \(describe(at: index)); expected a value")
        }
    }

    mutating func identifier() -> String {
        var end = index
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }

    /// ` (true, false and null are lower case)` when `word` is one of them in another case (`True`,
    /// `NULL`), else empty: the hint is for that mistake only, not for any word.
    static func caseHint(_ word: String) -> String {
        ["true", "false", "null"].contains(word.lowercased()) ? " (true, false and null are lower case)" : ""
    }

    func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = index
        let w = Array(word.utf8)
        let count = w.count
        let matches = start + count <= bytes.count && (0..<count).allSatisfy { bytes[start + $0] == w[$0] }
        if !matches || (start + count < bytes.count && isIdentifierByte(bytes[start + count])) {
            let got = identifier()
            throw fail(.syntax, "unexpected '\(got.isEmpty ? word : got)'; expected a value\(Self.caseHint(got))", at: start)
        }
        index += count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw fail(.tooDeep, "nesting deeper than \(maxDepth) levels")
        }
    }

    mutating func array(_ start: Int) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONNode(offset: start, value: .array([]))
        }
        // Elements are gathered on a stack shared by all arrays (nested arrays finish first), so each
        // array is allocated once, at its exact size, instead of growing by doubling.
        let base = pending.count
        let numberBase = pendingNumbers.count
        // Numbers go to their own stack until something else comes: then they become nodes.
        var allNumbers = true
        while true {
            try skipWhitespace()
            if allNumbers, index < bytes.count, bytes[index] == UInt8(ascii: "-") || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
                let offset = index
                let (value, decimals) = try scanNumber()
                pendingNumbers.append(JSONNumber(value: value, offset: offset, decimals: decimals))
            } else {
                if allNumbers {
                    allNumbers = false
                    for number in pendingNumbers[numberBase...] { pending.append(number.node) }
                    pendingNumbers.removeSubrange(numberBase...)
                }
                pending.append(try value())
            }
            try skipWhitespace()
            guard index < bytes.count else {
                throw fail(.syntax, "unexpected end of input; the array opened at \(location(at: start)) is not closed with ']'")
            }
            let b = bytes[index]
            if b == UInt8(ascii: ",") {
                let comma = index
                index += 1
                try skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw fail(.trailingComma, "trailing comma before ']'; delete the comma", at: comma)
                }
                continue
            }
            if b == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                // An array of numbers only (a position) is stored packed, with nothing to release
                // per element.
                if allNumbers {
                    let numbers = Array(pendingNumbers[numberBase...])
                    pendingNumbers.removeSubrange(numberBase...)
                    return JSONNode(offset: start, value: .numbers(numbers))
                }
                let elements = Array(pending[base...])
                pending.removeSubrange(base...)
                return JSONNode(offset: start, value: .array(elements))
            }
            throw fail(.syntax, "unexpected \(describe(at: index)) in an array; expected ',' or ']'")
        }
    }

    mutating func object(_ start: Int) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        // Names compare by code unit (RFC 8259 §8.3), not as `String`s (canonical equivalence would
        // make "a;" and "a\u037E" one name).
        var seen: [MemberName: Int] = [:]
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONNode(offset: start, value: .object(members))
        }
        while true {
            try skipWhitespace()
            guard index < bytes.count else {
                throw fail(.syntax, "unexpected end of input; the object opened at \(location(at: start)) is not closed with '}'")
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "'") {
                    throw fail(.invalidString, "member names must use double quotes, not single quotes")
                }
                throw fail(.syntax, "unexpected \(describe(at: index)); expected a member name in double quotes")
            }
            let nameOffset = index
            let name = try string()
            if let first = seen[MemberName(name)] {
                throw fail(.duplicateMember, "duplicate member name \(JSON.quoted(name)) (first at \(location(at: first))); names must be unique (I-JSON, RFC 7493 §2.3)", at: nameOffset)
            }
            seen[MemberName(name)] = nameOffset
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail(.syntax, "expected ':' after the member name \(JSON.quoted(name))")
            }
            index += 1
            try skipWhitespace()
            let member = try value()
            members.append(JSONNode.Member(name: name, nameOffset: nameOffset, value: member))
            try skipWhitespace()
            guard index < bytes.count else {
                throw fail(.syntax, "unexpected end of input; the object opened at \(location(at: start)) is not closed with '}'")
            }
            let b = bytes[index]
            if b == UInt8(ascii: ",") {
                let comma = index
                index += 1
                try skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw fail(.trailingComma, "trailing comma before '}'; delete the comma", at: comma)
                }
                continue
            }
            if b == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return JSONNode(offset: start, value: .object(members))
            }
            throw fail(.syntax, "unexpected \(describe(at: index)) in an object; expected ',' or '}'")
        }
    }

    // MARK: numbers

    mutating func number(_ start: Int) throws(JSONSyntaxError) -> JSONNode {
        JSONNode(offset: start, value: .number(try scanNumber().value))
    }

    /// Scans the number at `index`: its correctly rounded value and how many decimals its literal
    /// carries (fraction digits minus the exponent, at least 0; see ``JSONNumber/decimals``).
    mutating func scanNumber() throws(JSONSyntaxError) -> (value: Double, decimals: Int) {
        let begin = index
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "+") {
            throw fail(.malformedNumber, "a JSON number cannot start with '+'; delete the plus sign")
        }
        if bytes[index] == UInt8(ascii: ".") {
            throw fail(.malformedNumber, "a JSON number cannot start with '.'; write a 0 before the decimal point")
        }
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                throw fail(.nonFiniteNumber, "-Infinity is not a JSON number (RFC 8259 §6); use a finite number", at: begin)
            }
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail(.malformedNumber, "expected a digit after '-'")
        }
        // The significand's digits are gathered while scanning, for Clinger's fast path below.
        var significand: UInt64 = 0
        var significantDigits = 0
        var scale = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw fail(.malformedNumber, "a JSON number cannot have a leading zero", at: begin)
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
                throw fail(.malformedNumber, "hexadecimal numbers are not JSON", at: begin)
            }
        } else {
            _ = gatherDigits(&significand, &significantDigits)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail(.malformedNumber, "expected a digit after the decimal point")
            }
            scale -= gatherDigits(&significand, &significantDigits)
        }
        var hasExponent = false
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail(.malformedNumber, "expected a digit in the exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                exponent = min(exponent * 10 + Int(bytes[index] &- 0x30), 10_000)
                index += 1
            }
            if negative { exponent = -exponent }
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw fail(.malformedNumber, "unexpected \(describe(at: index)) in a number")
        }
        // The literal is not kept (the tree stores the offset; SourceText reads it back when needed).
        func literal() -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<index]), as: UTF8.self) }
        // Clinger's fast path: a significand of at most 15 digits and a power of ten within 22 are
        // both exact doubles, so one IEEE 754 division gives the correctly rounded result. Anything
        // else goes to strtod through Double(_:), which is correctly rounded too.
        var fast: Double?
        if !hasExponent, significantDigits <= 15, scale >= -22 {
            let magnitude = scale < 0 ? Double(significand) / powersOfTen[-scale] : Double(significand)
            fast = bytes[begin] == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        guard let value = fast ?? Double(literal()), value.isFinite else {
            throw fail(.numberOutOfRange, "the number \(literal()) is too large for an IEEE 754 double (I-JSON, RFC 7493 §2.2)", at: begin)
        }
        // `scale` is minus the number of fraction digits.
        return (value, max(0, -scale - exponent))
    }

    /// Moves past the run of digits at `index`, gathering them into `significand` (at most 15
    /// significant digits; `significantDigits` counts them all, leading zeros excluded). Returns how
    /// many digits there were. Works on local copies so that the loop stays in registers.
    @inline(__always)
    mutating func gatherDigits(_ significand: inout UInt64, _ significantDigits: inout Int) -> Int {
        let b = bytes
        let start = index
        var i = start
        var s = significand
        var n = significantDigits
        while i < b.count {
            let digit = b[i] &- 0x30
            if digit > 9 { break }
            if s != 0 || digit != 0 { n += 1 }
            if n <= 15 { s = s &* 10 &+ UInt64(digit) }
            i += 1
        }
        index = i
        significand = s
        significantDigits = n
        return i - start
    }

    // MARK: strings

    mutating func string() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ s: inout String.UnicodeScalarView, _ from: Int, _ to: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
            if to > from {
                s.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else {
                throw fail(.invalidString, "unterminated string; add the closing '\"'", at: open)
            }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                if scalars.isEmpty {
                    // No escape (the usual string): one decoding, no scalar-by-scalar appends.
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                flushRun(&scalars, runStart, index, bytes)
                index += 1
                return String(scalars)
            }
            if b == UInt8(ascii: "\\") {
                flushRun(&scalars, runStart, index, bytes)
                scalars.append(try escape())
                runStart = index
                continue
            }
            if b < 0x20 {
                if b == 0x0A {
                    throw fail(.invalidString, "unterminated string: a line break inside a string must be written \\n", at: index)
                }
                throw fail(.invalidString, "control character U+\(hex(UInt32(b), 4)) inside a string must be escaped")
            }
            if b < 0x80 {
                index += 1
                continue
            }
            try utf8Sequence()
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `index` (RFC 3629) and moves past it.
    mutating func utf8Sequence() throws(JSONSyntaxError) {
        let b0 = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default:
            throw fail(.invalidEncoding, "byte 0x\(hex(UInt32(b0), 2)) is not valid UTF-8; save the file as UTF-8")
        }
        for k in 1..<length {
            let i = index + k
            let lo = k == 1 ? lower : 0x80
            let hi = k == 1 ? upper : 0xBF
            guard i < bytes.count, bytes[i] >= lo, bytes[i] <= hi else {
                throw fail(.invalidEncoding, "invalid UTF-8 sequence starting with byte 0x\(hex(UInt32(b0), 2)); save the file as UTF-8")
            }
        }
        multibyte.append((UInt32(clamping: index), continuations &+ UInt32(length - 1)))
        continuations &+= UInt32(length - 1)
        index += length
    }

    mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail(.invalidString, "unterminated escape sequence", at: start) }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4(start)
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail(.invalidEncoding, "lone high surrogate \\u\(hex(high, 4)) is not allowed (I-JSON, RFC 7493 §2.1)", at: start)
                }
                let secondStart = index
                index += 2
                let low = try hex4(secondStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail(.invalidEncoding, "high surrogate \\u\(hex(high, 4)) is not followed by a low surrogate", at: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            if (0xDC00...0xDFFF).contains(high) {
                throw fail(.invalidEncoding, "lone low surrogate \\u\(hex(high, 4)) is not allowed (I-JSON, RFC 7493 §2.1)", at: start)
            }
            return Unicode.Scalar(high)!
        default:
            throw fail(.invalidString, "invalid escape sequence '\\\(describeByte(c))'", at: start)
        }
    }

    mutating func hex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail(.invalidString, "\\u needs four hexadecimal digits", at: escapeStart) }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail(.invalidString, "\\u needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: descriptions

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        if b >= 0x80 { return "byte 0x\(hex(UInt32(b), 2))" }
        return "'\(describeByte(b))'"
    }

    func describeByte(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return String(UnicodeScalar(b)) }
        return "U+\(hex(UInt32(b), 4))"
    }
}

func hex(_ value: UInt32, _ width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// 10⁰ … 10²², every one exactly representable as a double.
private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// A member name hashed and compared by its UTF-8 bytes (RFC 8259 §8.3), not by `String` equality.
struct MemberName: Hashable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (a: MemberName, b: MemberName) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
