// SPDX-License-Identifier: Apache-2.0
// The only file of the link code that touches unsafe pointers. Why: a parse slices the link hundreds
// of times, and a pointer and count has no retain/release per slice; word scans load 8 unaligned
// bytes; a `~Escapable` `Span` cannot be stored in the arrays of ``LinkInput/Query``. Sound because a
// `LinkInput` is made only by the `withBytes` functions below, and no parse returns one.

/// A run of the UTF-8 bytes of the link being parsed (a pointer and a count, no reference count), valid only
/// during the `withBytes` call that pinned them. Indices are byte offsets (0 ..< ``count``). Every delimiter a
/// format splits on is ASCII, which never occurs inside a multi-byte sequence, so a slice cut at one is valid
/// UTF-8. Unicode-dependent helpers (trimming, case) take a byte fast path for ASCII, else the standard
/// library's `Character` rules.
struct LinkInput: Sequence {
    fileprivate let buffer: UnsafeBufferPointer<UInt8>

    /// Bytes pinned by the caller for as long as the value is used (only this file and the tests).
    @inline(__always) init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    static var empty: LinkInput { LinkInput(UnsafeBufferPointer(start: nil, count: 0)) }

    @inline(__always) var count: Int { buffer.count }
    @inline(__always) var isEmpty: Bool { buffer.isEmpty }
    @inline(__always) subscript(i: Int) -> UInt8 { buffer[i] }
    @inline(__always) var first: UInt8? { buffer.isEmpty ? nil : buffer[0] }
    @inline(__always) var last: UInt8? { buffer.isEmpty ? nil : buffer[buffer.count &- 1] }

    @inline(__always) func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator { buffer.makeIterator() }
    @inline(__always) var underestimatedCount: Int { buffer.count }

    /// Bytes `from ..< to` (offsets are clamped to the text).
    @inline(__always)
    func slice(_ from: Int, _ to: Int) -> LinkInput {
        let a = Swift.min(Swift.max(from, 0), count)
        let b = Swift.min(Swift.max(to, a), count)
        guard let base = buffer.baseAddress else { return self }
        return LinkInput(UnsafeBufferPointer(start: base + a, count: b &- a))
    }

    /// The bytes as a `String` (short texts are stored inline: no allocation).
    @inline(__always) var string: String { String(decoding: buffer, as: UTF8.self) }

    /// The 8 bytes of `bytes` from `offset` (the caller checks `offset + 8 <= bytes.count`), first byte lowest.
    @inline(__always)
    static func word(_ bytes: LinkInput, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawBufferPointer(bytes.buffer).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Calls `body` with the UTF-8 bytes of `text` (a `String`, `StaticString` or byte array), pinned
    /// for the call (no copy for native strings).
    @inline(__always)
    static func withBytes<R>(of text: String, _ body: (LinkInput) -> R) -> R {
        var text = text
        return text.withUTF8 { body(LinkInput($0)) }
    }

    /// ``withBytes(of:_:)-(String,_)`` for a `body` that throws (apart: the `Result` copies the value).
    @inline(__always)
    static func withBytesThrowing<R, E: Error>(of text: String, _ body: (LinkInput) throws(E) -> R) throws(E) -> R {
        var text = text
        let result: Result<R, E> = text.withUTF8 { buffer in
            do throws(E) { return .success(try body(LinkInput(buffer))) } catch { return .failure(error) }
        }
        return try result.get()
    }

    @inline(__always)
    static func withBytes<R>(of literal: StaticString, _ body: (LinkInput) -> R) -> R {
        literal.withUTF8Buffer { body(LinkInput($0)) }
    }

    @inline(__always)
    static func withBytes<R>(of array: [UInt8], _ body: (LinkInput) -> R) -> R {
        array.withUnsafeBufferPointer { body(LinkInput($0)) }
    }

    /// A temporary buffer to write bytes into (``withScratch(capacity:_:)``), valid during that call.
    struct Scratch {
        fileprivate let buffer: UnsafeMutableBufferPointer<UInt8>

        @inline(__always) var count: Int { buffer.count }
        @inline(__always)
        subscript(i: Int) -> UInt8 {
            get { buffer[i] }
            nonmutating set { buffer[i] = newValue }
        }

        /// The first `n` bytes written, to read (valid while the scratch is).
        @inline(__always)
        func prefix(_ n: Int) -> LinkInput { LinkInput(UnsafeBufferPointer(rebasing: buffer[0..<Swift.min(Swift.max(n, 0), buffer.count)])) }
    }

    /// A temporary buffer of `capacity` bytes (on the stack when small).
    @inline(__always)
    static func withScratch<R, E: Error>(capacity: Int, _ body: (Scratch) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(capacity, 1)) { out in
            do throws(E) { return .success(try body(Scratch(buffer: out))) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// A `String` of at most `capacity` bytes written by `write`, which returns how many it wrote
    /// (the `String` repairs invalid UTF-8, as `String(decoding:as:)` does).
    @inline(__always)
    static func string(capacity: Int, _ write: (Scratch) -> Int) -> String {
        String(unsafeUninitializedCapacity: capacity) { write(Scratch(buffer: $0)) }
    }
}
