// SPDX-License-Identifier: Apache-2.0
/// The bytes of a parsed JSON text, with what is needed to turn a byte offset into a
/// ``SourceLocation`` and to read a number's literal back: the start of every line and the place of
/// every multi-byte UTF-8 scalar.
///
/// A parse tree stores one 32-bit byte offset per value (``JSONNode/offset``), not a line, column
/// and literal per value: a million-position coverage file has three million values, and only the
/// few that a finding names need their line and column. ``location(at:)`` recomputes them in
/// O(log n) with two binary searches.
///
/// Immutable after ``JSONParser`` builds it, so it is shared between threads freely.
public final class SourceText: Sendable {
    /// The text as parsed (a leading UTF-8 byte order mark included).
    public let bytes: [UInt8]
    /// The offset of the first byte of every line after the first (the byte after each LF).
    let lineStarts: [UInt32]
    /// Every multi-byte scalar in the text, by increasing offset: its first byte's offset and the
    /// number of continuation bytes up to and including it (so a column is the byte distance from
    /// the line's start minus the continuation bytes in between).
    let multibyte: [(offset: UInt32, continuations: UInt32)]

    init(bytes: [UInt8], lineStarts: [UInt32], multibyte: [(offset: UInt32, continuations: UInt32)]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.multibyte = multibyte
    }

    /// Indexes any UTF-8 text (for texts not built by ``JSONParser``). Bytes that are not valid
    /// UTF-8 count as continuation bytes when they look like one (`10xxxxxx`), as the parser's own
    /// column count does.
    public convenience init(_ bytes: [UInt8]) {
        var lineStarts: [UInt32] = []
        var multibyte: [(offset: UInt32, continuations: UInt32)] = []
        var continuations: UInt32 = 0
        var lead = -1
        for (i, b) in bytes.enumerated() {
            if b == 0x0A { lineStarts.append(UInt32(clamping: i + 1)) }
            if b & 0xC0 == 0x80 {
                continuations &+= 1
                if lead >= 0, multibyte.last?.offset == UInt32(clamping: lead) {
                    multibyte[multibyte.count - 1].continuations = continuations
                } else {
                    multibyte.append((UInt32(clamping: max(lead, i)), continuations))
                }
            } else {
                lead = i
            }
        }
        self.init(bytes: bytes, lineStarts: lineStarts, multibyte: multibyte)
    }

    /// The line and column of the byte at `offset` (clamped to the text), columns counted in
    /// Unicode scalars as ``SourceLocation`` documents.
    public func location(at offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        // Lines: the number of line starts at or before the offset.
        var low = 0, high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if Int(lineStarts[mid]) <= offset { low = mid + 1 } else { high = mid }
        }
        let lineStart = low == 0 ? 0 : Int(lineStarts[low - 1])
        let column = offset - lineStart + 1 - (continuationsBefore(offset) - continuationsBefore(lineStart))
        return SourceLocation(line: low + 1, column: column, offset: offset)
    }

    /// Continuation bytes of the multi-byte scalars that start before `offset`.
    private func continuationsBefore(_ offset: Int) -> Int {
        var low = 0, high = multibyte.count
        while low < high {
            let mid = (low + high) / 2
            if Int(multibyte[mid].offset) < offset { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? 0 : Int(multibyte[low - 1].continuations)
    }

    /// The number literal starting at `offset` exactly as written (`-0.1250`, `1e-3`), or nil when
    /// no number starts there.
    public func numberLiteral(at offset: Int) -> String? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let end = numberEnd(from: offset)
        guard end > offset else { return nil }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The number of decimals the number literal at `offset` carries: 3 for `-0.125`, 4 for
    /// `1.25e-2`, 0 for `12` or `1e3`. Reads the bytes; builds no string.
    public func decimals(ofNumberAt offset: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var i = offset
            let n = b.count
            if i < n, b[i] == UInt8(ascii: "-") { i += 1 }
            while i < n, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            var fraction = 0
            if i < n, b[i] == UInt8(ascii: ".") {
                i += 1
                while i < n, b[i] >= 0x30, b[i] <= 0x39 { fraction += 1; i += 1 }
            }
            guard i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") else { return fraction }
            i += 1
            var negative = false
            if i < n, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { negative = b[i] == UInt8(ascii: "-"); i += 1 }
            var exponent = 0
            while i < n, b[i] >= 0x30, b[i] <= 0x39 {
                exponent = min(exponent * 10 + Int(b[i] - 0x30), 10_000)
                i += 1
            }
            return max(0, fraction + (negative ? exponent : -exponent))
        }
    }

    /// The end of the number literal at `offset` (the offset itself when none starts there).
    private func numberEnd(from offset: Int) -> Int {
        var end = offset
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return end
            }
        }
        return end
    }
}

extension SourceText {
    /// The text of a number node as written in this source (`-0.1276000` stays so); for a number
    /// built in code (``JSONNode/noOffset``) its shortest form, ``JSON/format(_:)``. Other values:
    /// their compact text (``JSONNode/compactText(source:)``).
    public func literal(of node: JSONNode) -> String {
        if case .number(let value) = node.value {
            guard node.offset != JSONNode.noOffset, let text = numberLiteral(at: node.offset) else { return JSON.format(value) }
            return text
        }
        return node.compactText(source: self)
    }
}
