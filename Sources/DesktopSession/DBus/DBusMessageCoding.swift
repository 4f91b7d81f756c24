// SPDX-License-Identifier: Apache-2.0
import CSDBus

/// Writes ``DBusValue``s into an sd-bus message and reads them back, with the non-variadic sd-bus
/// primitives (append_basic / open_container, peek_type / read_basic / enter_container).
enum DBusMessageCoding {
    private static func code(_ c: Character) -> CChar { CChar(bitPattern: c.asciiValue!) }

    static func append(_ value: DBusValue, to m: OpaquePointer) throws(DBusError) {
        func check(_ r: Int32) throws(DBusError) {
            if r < 0 { throw DBusError.errno(r, "building a D-Bus message (\(value.signature))") }
        }
        func basic<T>(_ type: Character, _ v: T) throws(DBusError) {
            var v = v
            try check(withUnsafePointer(to: &v) { csdbus_message_append_basic(m, code(type), $0) })
        }
        func text(_ type: Character, _ s: String) throws(DBusError) {
            // D-Bus strings cannot hold NUL; C would cut the string there without a word.
            if s.utf8.contains(0) {
                throw DBusError(name: DBusError.Name.invalidArgs, message: "a D-Bus string cannot contain NUL (U+0000)")
            }
            try check(s.withCString { csdbus_message_append_basic(m, code(type), $0) })
        }
        func container(_ type: Character, _ contents: String, _ body: () throws(DBusError) -> Void) throws(DBusError) {
            try check(contents.withCString { csdbus_message_open_container(m, code(type), $0) })
            try body()
            try check(csdbus_message_close_container(m))
        }
        switch value {
        case .byte(let v): try basic("y", v)
        case .boolean(let v): try basic("b", Int32(v ? 1 : 0))
        case .int16(let v): try basic("n", v)
        case .uint16(let v): try basic("q", v)
        case .int32(let v): try basic("i", v)
        case .uint32(let v): try basic("u", v)
        case .int64(let v): try basic("x", v)
        case .uint64(let v): try basic("t", v)
        case .double(let v): try basic("d", v)
        case .unixFD(let v): try basic("h", v)
        case .string(let s): try text("s", s)
        case .objectPath(let s): try text("o", s)
        case .signature(let s): try text("g", s)
        case .variant(let inner):
            try container("v", inner.signature) { () throws(DBusError) in try append(inner, to: m) }
        case .array(let element, let items):
            try container("a", element) { () throws(DBusError) in
                for item in items { try append(item, to: m) }
            }
        case .dictionary(let key, let valueType, let entries):
            try container("a", "{" + key + valueType + "}") { () throws(DBusError) in
                for entry in entries {
                    try container("e", key + valueType) { () throws(DBusError) in
                        try append(entry.key, to: m)
                        try append(entry.value, to: m)
                    }
                }
            }
        case .structure(let items):
            try container("r", items.map(\.signature).joined()) { () throws(DBusError) in
                for item in items { try append(item, to: m) }
            }
        }
    }

    /// Every value left in the message's current container.
    static func readAll(_ m: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while let value = try readNext(m) { values.append(value) }
        return values
    }

    /// The next value, or nil at the end of the current container.
    static func readNext(_ m: OpaquePointer) throws(DBusError) -> DBusValue? {
        func check(_ r: Int32) throws(DBusError) {
            if r < 0 { throw DBusError.errno(r, "reading a D-Bus message") }
        }
        var type: CChar = 0
        var contentsPointer: UnsafePointer<CChar>? = nil
        let r = csdbus_message_peek_type(m, &type, &contentsPointer)
        try check(r)
        if r == 0 { return nil }
        let contents = contentsPointer.map { String(cString: $0) } ?? ""
        func basic<T>(_ initial: T) throws(DBusError) -> T {
            var v = initial
            try check(csdbus_message_read_basic(m, type, &v))
            return v
        }
        func text() throws(DBusError) -> String {
            var p: UnsafePointer<CChar>? = nil
            try check(csdbus_message_read_basic(m, type, &p))
            return p.map { String(cString: $0) } ?? ""
        }
        func inside<T>(_ body: () throws(DBusError) -> T) throws(DBusError) -> T {
            try check(contents.withCString { csdbus_message_enter_container(m, type, $0) })
            let result = try body()
            try check(csdbus_message_exit_container(m))
            return result
        }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "y"): return .byte(try basic(UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(try basic(Int32(0)) != 0)
        case UInt8(ascii: "n"): return .int16(try basic(Int16(0)))
        case UInt8(ascii: "q"): return .uint16(try basic(UInt16(0)))
        case UInt8(ascii: "i"): return .int32(try basic(Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try basic(UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try basic(Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try basic(UInt64(0)))
        case UInt8(ascii: "d"): return .double(try basic(Double(0)))
        case UInt8(ascii: "h"): return .unixFD(try basic(Int32(0)))
        case UInt8(ascii: "s"): return .string(try text())
        case UInt8(ascii: "o"): return .objectPath(try text())
        case UInt8(ascii: "g"): return .signature(try text())
        case UInt8(ascii: "v"):
            let inner = try inside { () throws(DBusError) in try readNext(m) }
            guard let inner else { throw DBusError(name: "org.freedesktop.DBus.Error.InconsistentMessage", message: "an empty variant") }
            return .variant(inner)
        case UInt8(ascii: "r"):
            return .structure(try inside { () throws(DBusError) in try readAll(m) })
        case UInt8(ascii: "a"):
            if contents.utf8.first == UInt8(ascii: "{") {
                // "{kv…}": the key is one basic type (one byte), the value the rest.
                let inner = contents.utf8.dropFirst().dropLast()
                let key = String(decoding: inner.prefix(1), as: UTF8.self)
                let valueType = String(decoding: inner.dropFirst(), as: UTF8.self)
                let entries = try inside { () throws(DBusError) in try readAll(m) }
                return .dictionary(
                    keySignature: key, valueSignature: valueType,
                    try entries.map { (entry) throws(DBusError) in
                        guard case .structure(let pair) = entry, pair.count == 2 else {
                            throw DBusError(name: "org.freedesktop.DBus.Error.InconsistentMessage", message: "a bad dictionary entry")
                        }
                        return DBusDictionaryEntry(key: pair[0], value: pair[1])
                    })
            }
            return .array(elementSignature: contents, try inside { () throws(DBusError) in try readAll(m) })
        case UInt8(ascii: "e"):
            // A dictionary entry, read as a two-item structure (turned into an entry above).
            return .structure(try inside { () throws(DBusError) in try readAll(m) })
        default:
            throw DBusError(
                name: "org.freedesktop.DBus.Error.InconsistentMessage",
                message: "unsupported D-Bus type code \(UInt8(bitPattern: type))")
        }
    }
}
