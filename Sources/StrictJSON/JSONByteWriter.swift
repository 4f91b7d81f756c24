// SPDX-License-Identifier: Apache-2.0
/// Writes compact JSON text straight into a byte buffer, member by member, for a message whose
/// shape the caller knows: no ``JSON`` values or ``JSONObject``s are built, and no member name is
/// looked up. The text is byte for byte what ``JSON/serializedBytes(extraCapacity:)`` writes for the
/// same members in the same order: the same number forms (``JSON/writeNumber(_:to:)``) and escapes.
///
/// Separators are implied: ``member(_:)`` and ``element()`` write a comma unless the previous byte
/// opens an object or array, which in compact text is true exactly for the first member or element.
/// The caller keeps objects and arrays balanced and gives each member name once per object.
public struct JSONByteWriter {
    /// The text written so far (UTF-8).
    public var bytes: [UInt8]

    /// A writer appending to `bytes` (which may already hold a prefix), with `capacity` reserved.
    public init(bytes: [UInt8] = [], capacity: Int = 256) {
        self.bytes = bytes
        self.bytes.reserveCapacity(capacity)
    }

    /// Starts a member: a comma when it is not the object's first, then `"name":`. `name` is
    /// written as it is, so it must need no escape (an ASCII identifier, as every IDL name is).
    @inline(__always)
    public mutating func member(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts an array element: a comma when it is not the array's first.
    @inline(__always)
    public mutating func element() { separate() }

    @inline(__always)
    private mutating func separate() {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            bytes.append(UInt8(ascii: ","))
        }
    }

    public mutating func beginObject() { bytes.append(UInt8(ascii: "{")) }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { bytes.append(UInt8(ascii: "[")) }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")) }

    /// A string, escaped as ``JSON/serialized()`` escapes it.
    public mutating func string(_ s: String) { JSON.writeString(s, to: &bytes) }

    /// A number, in ``JSON/serialized()``'s form (`3`, `51.500652`, `null` when not finite).
    public mutating func number(_ d: Double) { JSON.writeNumber(d, to: &bytes) }

    /// An integer, as ``number(_:)`` writes `Double(n)`.
    public mutating func number(_ n: Int) { JSON.writeNumber(Double(n), to: &bytes) }

    public mutating func bool(_ b: Bool) { bytes.append(contentsOf: b ? "true".utf8 : "false".utf8) }

    public mutating func null() { bytes.append(contentsOf: "null".utf8) }

    /// A value already written as compact JSON text (``JSON/serializedBytes(extraCapacity:)``),
    /// copied as it is.
    public mutating func text(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Any ``JSON`` value, as ``JSON/serialized()`` writes it.
    public mutating func value(_ json: JSON) { json.write(to: &bytes) }
}

extension JSON {
    /// Appends this value's compact text to `out` (``serialized()``).
    func write(to out: inout [UInt8]) { write(to: &out, indent: nil, level: 0) }
}
