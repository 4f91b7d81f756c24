// SPDX-License-Identifier: Apache-2.0
/// One D-Bus value with its type (D-Bus Specification, "Type System"): the basic types this package
/// sends and reads, variants, arrays, dictionaries (`a{..}`) and structs.
public indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A Unix fd index as it appears in a message (type `h`); never sent by this package.
    case unixFD(Int32)
    case variant(DBusValue)
    /// `a<elementSignature>`; every element must have that signature.
    case array(elementSignature: String, [DBusValue])
    /// `a{<keySignature><valueSignature>}`; the key signature is one basic type.
    case dictionary(keySignature: String, valueSignature: String, [DBusDictionaryEntry])
    /// `(…)`
    case structure([DBusValue])

    /// The value's D-Bus type signature, such as `s`, `a{sv}` or `(tt)`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let items): "(" + items.map(\.signature).joined() + ")"
        }
    }

    /// An `a{sv}` dictionary (the usual D-Bus options or hints map).
    public static func stringVariantDictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .dictionary(
            keySignature: "s", valueSignature: "v",
            entries.map { DBusDictionaryEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// The value inside a variant (recursively), or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature (through variants), else nil.
    public var text: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    /// A `d` (through variants), else nil.
    public var doubleValue: Double? {
        if case .double(let d) = unwrapped { return d }
        return nil
    }

    /// Any unsigned integer type that fits in UInt64 (through variants), else nil.
    public var uint64Value: UInt64? {
        switch unwrapped {
        case .byte(let v): UInt64(v)
        case .uint16(let v): UInt64(v)
        case .uint32(let v): UInt64(v)
        case .uint64(let v): v
        default: nil
        }
    }

    /// The value for `key` in an `a{s…}` dictionary (through variants), else nil.
    public subscript(key: String) -> DBusValue? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        return entries.first { $0.key == .string(key) }?.value
    }
}

/// One entry of a D-Bus dictionary (`{kv}`).
public struct DBusDictionaryEntry: Equatable, Sendable {
    public var key: DBusValue
    public var value: DBusValue
    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
