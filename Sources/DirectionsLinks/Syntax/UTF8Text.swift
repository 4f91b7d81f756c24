// SPDX-License-Identifier: Apache-2.0
/// Byte-level text helpers for the link parsers' hot paths.
///
/// Every delimiter of a link (`:`, `/`, `?`, `&`, `=`, `,`, `;`, `#`, `~`, `!`, …) is ASCII, so an index
/// found by scanning UTF-8 code units is a valid `Substring` index, and slicing with it keeps sharing
/// the link's storage. These helpers scan the contiguous UTF-8 bytes of native strings (every link
/// received as a Swift `String` is native) and fall back to the `utf8` view otherwise; no grapheme
/// breaking, no allocation. All are bounds-checked: nothing here trusts the input.
package enum UTF8Text {
    // MARK: Word-at-a-time scans (8 bytes per step; every load is inside the buffer)

    /// A mask with the high bit of each byte of `word` that equals `byte` set, and no other bit
    /// (exact: no carry crosses a byte).
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let v = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let t = ((v & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | v
        return ~t & 0x8080_8080_8080_8080
    }

    /// The 8 bytes of `bytes` from `offset` (the caller checks `offset + 8 <= bytes.count`), first
    /// byte lowest.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The offset of the first `a` in `bytes[from..<to]`, or `to`.
    @inline(__always)
    static func firstOffset(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = max(from, 0)
        let to = min(to, bytes.count)
        while i &+ 8 <= to {
            let m = matches(word(bytes, i), a)
            if m != 0 { return i &+ m.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < to {
            if bytes[i] == a { return i }
            i &+= 1
        }
        return to
    }

    /// The offset of the first `a` or `b` in `bytes[from..<to]`, or `to`.
    @inline(__always)
    static func firstOffset(of a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = max(from, 0)
        let to = min(to, bytes.count)
        while i &+ 8 <= to {
            let w = word(bytes, i)
            let m = matches(w, a) | matches(w, b)
            if m != 0 { return i &+ m.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < to {
            let c = bytes[i]
            if c == a || c == b { return i }
            i &+= 1
        }
        return to
    }

    /// Where the query and the fragment of the URL text `bytes[from..<to]` start (RFC 3986 §3.4,
    /// §3.5): `question` is the offset of the first `?` before any `#`, or `to`; `hash` is the offset
    /// of the first `#` (after the `?` when there is one), or `to`. One scan for `?` or `#`, then one
    /// for the `#` that ends the query.
    @inline(__always)
    static func queryAndFragment(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (question: Int, hash: Int) {
        let first = firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "#"), in: bytes, from: from, to: to)
        if first < to && bytes[first] == UInt8(ascii: "?") {
            return (first, firstOffset(of: UInt8(ascii: "#"), in: bytes, from: first &+ 1, to: to))
        }
        return (to, first)
    }

    /// The offset of the first `a`, `b` or `c` in `bytes[from..<to]`, or `to`.
    @inline(__always)
    static func firstOffset(of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = max(from, 0)
        let to = min(to, bytes.count)
        while i &+ 8 <= to {
            let w = word(bytes, i)
            let m = matches(w, a) | matches(w, b) | matches(w, c)
            if m != 0 { return i &+ m.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < to {
            let x = bytes[i]
            if x == a || x == b || x == c { return i }
            i &+= 1
        }
        return to
    }

    /// How many bytes of `bytes` are `a`.
    @inline(__always)
    static func count(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        var n = 0
        let to = bytes.count
        while i &+ 8 <= to {
            n &+= matches(word(bytes, i), a).nonzeroBitCount
            i &+= 8
        }
        while i < to {
            if bytes[i] == a { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// The index of the first `byte` in `s`, or nil. `byte` should be ASCII (a lone UTF-8 code unit
    /// ≥ 0x80 is never a character boundary).
    @inline(__always)
    static func firstIndex(of byte: UInt8, in s: Substring) -> String.Index? {
        var s = s
        let offset: Int? = s.withUTF8 { buffer in
            var i = 0
            let n = buffer.count
            while i < n {
                if buffer[i] == byte { return i }
                i &+= 1
            }
            return nil
        }
        guard let offset else { return nil }
        return s.utf8.index(s.startIndex, offsetBy: offset)
    }

    /// The index of the first `byte` in `s`, or nil.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in s: String) -> String.Index? {
        firstIndex(of: byte, in: s[...])
    }

    /// The index of the first byte of `s` that is `a` or `b`, or nil.
    @inline(__always)
    static func firstIndex(of a: UInt8, or b: UInt8, in s: Substring) -> String.Index? {
        var s = s
        let offset: Int? = s.withUTF8 { buffer in
            var i = 0
            let n = buffer.count
            while i < n {
                let c = buffer[i]
                if c == a || c == b { return i }
                i &+= 1
            }
            return nil
        }
        guard let offset else { return nil }
        return s.utf8.index(s.startIndex, offsetBy: offset)
    }

    /// Calls `body` with the contiguous UTF-8 bytes of `s` (no copy for native strings).
    @inline(__always)
    static func withBytes<R>(_ s: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var s = s
        return s.withUTF8(body)
    }

    /// Whether `s` contains `byte`.
    @inline(__always)
    static func contains(_ byte: UInt8, in s: Substring) -> Bool {
        firstIndex(of: byte, in: s) != nil
    }

    /// The part of `s` after the first `byte` and the part before it, or nil when `byte` is absent.
    @inline(__always)
    static func split(_ s: Substring, at byte: UInt8) -> (before: Substring, after: Substring)? {
        guard let i = firstIndex(of: byte, in: s) else { return nil }
        return (s[..<i], s[s.utf8.index(after: i)...])
    }

    /// The pieces of `s` between `separator` bytes, like `split(separator:omittingEmptySubsequences:
    /// false)` on `Character`s but by byte (so `"a,,b"` gives `a`, ``, `b` and `""` gives one empty
    /// piece).
    package static func pieces(of s: Substring, separatedBy separator: UInt8) -> [Substring] {
        var result: [Substring] = []
        var rest = s
        while let i = firstIndex(of: separator, in: rest) {
            result.append(rest[..<i])
            rest = rest[rest.utf8.index(after: i)...]
        }
        result.append(rest)
        return result
    }

    /// Whether `s` starts with the bytes of `prefix` exactly (like `hasPrefix` on ASCII text,
    /// without grapheme breaking).
    @inline(__always)
    static func hasPrefix(_ s: Substring, _ prefix: String) -> Bool {
        let a = s.utf8, b = prefix.utf8
        var i = a.startIndex
        for y in b {
            guard i < a.endIndex, a[i] == y else { return false }
            i = a.index(after: i)
        }
        return true
    }

    /// A `String` of `bytes`, which are valid UTF-8 (sliced from a `String` at ASCII delimiters):
    /// one copy, then the standard library's validation (short texts are inline, no allocation).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            out.initialize(fromContentsOf: bytes)
        }
    }

    /// Whether `b` equals `lowercase` (a byte of a lowercase ASCII word) ignoring ASCII case: one
    /// compare when `b` is already lowercase, the usual case.
    @inline(__always)
    static func equalIgnoringCase(_ b: UInt8, _ lowercase: UInt8) -> Bool {
        b == lowercase || (b | 0x20 == lowercase && lowercase &- 97 < 26)
    }

    /// `b` with ASCII `A`–`Z` lowercased.
    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    /// Whether `s` is ASCII without uppercase letters (so lowercasing it changes nothing).
    @inline(__always)
    static func isLowercaseASCII(_ s: Substring) -> Bool {
        withBytes(s) { bytes in
            for b in bytes where b >= 0x80 || b &- 65 < 26 { return false }
            return true
        }
    }

    /// `s` lowercased: ASCII without Unicode case mapping and without a copy of the bytes when
    /// nothing changes; other text by `lowercased()` (Unicode), as before.
    static func lowercased(_ s: Substring) -> String {
        let lowered: String?? = withBytes(s) { bytes -> String?? in
            var upper = false
            for b in bytes {
                if b >= 0x80 { return .some(nil) }
                if b &- 65 < 26 { upper = true }
            }
            guard upper else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var i = 0
                while i < bytes.count && i < out.count {
                    out[i] = lower(bytes[i])
                    i &+= 1
                }
                return i
            }
        }
        switch lowered {
        case .some(.some(let text)): return text
        case .some(.none): return s.lowercased()
        case .none: return String(s)
        }
    }

    /// Whether `b` is ASCII whitespace as `Character.isWhitespace` sees it (tab, LF, VT, FF, CR, space).
    @inline(__always)
    static func isASCIIWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// `s` without leading and trailing whitespace (`Character.isWhitespace`, Unicode included),
    /// checking bytes first: ASCII ends need no grapheme breaking.
    static func trimmed(_ s: Substring) -> Substring {
        let utf8 = s.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isASCIIWhitespace(utf8[start]) { start = utf8.index(after: start) }
        while start < end {
            let before = utf8.index(before: end)
            guard isASCIIWhitespace(utf8[before]) else { break }
            end = before
        }
        let r = s[start..<end]
        // A non-ASCII end may be Unicode whitespace (U+00A0, U+3000, …) or a scalar that joins the
        // ASCII whitespace next to it into one grapheme (a combining mark after, a prepend before):
        // then trim by Characters exactly as `Character.isWhitespace` sees them.
        if let f = r.utf8.first, let l = r.utf8.last, f < 0x80, l < 0x80 { return r }
        if r.isEmpty { return r }
        var c = s
        while let f = c.first, f.isWhitespace { c.removeFirst() }
        while let l = c.last, l.isWhitespace { c.removeLast() }
        return c
    }
}
