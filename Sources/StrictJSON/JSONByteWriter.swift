// SPDX-License-Identifier: Apache-2.0
/// Writes compact JSON text straight into a byte buffer, member by member, for a message whose
/// shape the caller knows: no ``JSON`` values or ``JSONObject``s are built, and no member name is
/// looked up. The text is byte for byte what ``JSON/serializedBytes(extraCapacity:)`` writes for the
/// same members in the same order (it is the writer behind ``JSON/serializedBytes(extraCapacity:)`` too).
///
/// Separators are implied: ``member(_:)`` and ``element()`` write a comma unless the previous byte
/// opens an object or array, which in compact text is true exactly for the first member or element.
/// The caller keeps objects and arrays balanced and gives each member name once per object.
public struct JSONByteWriter {
    /// The text in one buffer written through a pointer: each member, string or number is one
    /// capacity check and a copy, where appending to an `[UInt8]` checked uniqueness and capacity
    /// byte by byte (about 190 instructions a member name).
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// A copy with room for `capacity` bytes (at least `count`).
        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: max(capacity, count))
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }
    }

    private var storage: Storage

    /// The text written so far (UTF-8).
    public var bytes: [UInt8] {
        get { bytes(reserving: 0) }
        set {
            storage = Storage(capacity: newValue.count + 64)
            append(newValue)
        }
    }

    /// ``bytes`` with room for `extra` more bytes reserved (a message terminator), so appending
    /// them does not copy the text again.
    public func bytes(reserving extra: Int) -> [UInt8] {
        let count = storage.count, base = storage.base
        return [UInt8](unsafeUninitializedCapacity: count + extra) { buffer, initialized in
            buffer.baseAddress?.update(from: base, count: count)
            initialized = count
        }
    }

    /// A writer appending to `bytes` (which may already hold a prefix), with `capacity` reserved.
    public init(bytes: [UInt8] = [], capacity: Int = 256) {
        storage = Storage(capacity: max(capacity, bytes.count))
        append(bytes)
    }

    /// A pointer to room for `extra` more bytes after the text (the buffer grown, and copied
    /// first when another writer shares it). Write there, then add to `storage.count`.
    @inline(__always)
    private mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) || storage.capacity &- storage.count < extra { grow(extra) }
        return storage.base + storage.count
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let needed = storage.count + extra
        let capacity = storage.capacity >= needed ? storage.capacity : max(storage.capacity * 2, needed)
        storage = storage.copy(capacity: capacity)
    }

    private mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress, source.count > 0 else { return }
            room(source.count).update(from: from, count: source.count)
            storage.count += source.count
        }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        room(1).pointee = byte
        storage.count += 1
    }

    @inline(__always)
    private mutating func append(_ literal: StaticString) {
        // room(_:) first: it may replace `storage`, which `storage.count +=` would read before.
        let p = room(literal.utf8CodeUnitCount)
        storage.count += JSON.copy(literal, to: p)
    }

    /// True unless the last byte opens an object or array (or nothing is written): then the next
    /// member or element is not the first.
    @inline(__always)
    private var needsSeparator: Bool {
        guard storage.count > 0 else { return false }
        let last = storage.base[storage.count - 1]
        return last != UInt8(ascii: "{") && last != UInt8(ascii: "[")
    }

    /// Starts a member: a comma when it is not the object's first, then `"name":`. `name` is
    /// written as it is, so it must need no escape (an ASCII identifier, as every IDL name is).
    @inline(__always)
    public mutating func member(_ name: StaticString) {
        let comma = needsSeparator
        let length = name.utf8CodeUnitCount
        let p = room(length + 4)
        var at = 0
        if comma {
            p[0] = UInt8(ascii: ",")
            at = 1
        }
        p[at] = UInt8(ascii: "\"")
        (p + at + 1).update(from: name.utf8Start, count: length)
        p[at + 1 + length] = UInt8(ascii: "\"")
        p[at + 2 + length] = UInt8(ascii: ":")
        storage.count += at + 3 + length
    }

    /// Starts an array element: a comma when it is not the array's first.
    @inline(__always)
    public mutating func element() {
        if needsSeparator { append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() { append(UInt8(ascii: "{")) }
    public mutating func endObject() { append(UInt8(ascii: "}")) }
    public mutating func beginArray() { append(UInt8(ascii: "[")) }
    public mutating func endArray() { append(UInt8(ascii: "]")) }

    /// A string, escaped as ``JSON/serialized()`` escapes it.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { source in
            // At most 6 bytes a byte (`\u00XX`) and the quotes.
            let p = room(source.count * 6 + 2)
            p[0] = UInt8(ascii: "\"")
            var at = 1
            var runStart = 0
            for i in 0..<source.count where JSON.needsEscape(source[i]) {
                if i > runStart {
                    (p + at).update(from: source.baseAddress! + runStart, count: i - runStart)
                    at += i - runStart
                }
                at += JSON.writeEscape(source[i], into: p + at)
                runStart = i + 1
            }
            if source.count > runStart {
                (p + at).update(from: source.baseAddress! + runStart, count: source.count - runStart)
                at += source.count - runStart
            }
            p[at] = UInt8(ascii: "\"")
            storage.count += at + 1
        }
    }

    /// A number, in ``JSON/serialized()``'s form (`3`, `51.500652`, `null` when not finite).
    public mutating func number(_ d: Double) {
        let p = room(JSON.maximumNumberLength)
        storage.count += JSON.writeNumber(d, into: p)
    }

    /// An integer, as ``number(_:)`` writes `Double(n)`.
    public mutating func number(_ n: Int) { number(Double(n)) }

    public mutating func bool(_ b: Bool) { append(b ? "true" : "false") }

    public mutating func null() { append("null") }

    /// One byte as it is: framing around the JSON text (a closing brace, a NUL terminator).
    public mutating func raw(_ byte: UInt8) { append(byte) }

    /// A value already written as compact JSON text (``JSON/serializedBytes(extraCapacity:)``),
    /// copied as it is.
    public mutating func text(_ json: [UInt8]) { append(json) }

    /// Any ``JSON`` value, as ``JSON/serialized()`` writes it.
    public mutating func value(_ json: JSON) { json.write(to: &self, indent: nil, level: 0) }
}
