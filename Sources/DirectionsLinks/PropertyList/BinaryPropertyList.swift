// SPDX-License-Identifier: Apache-2.0
/// A reader for Apple's binary property lists (`bplist00`), written for hostile input: every length,
/// offset and object reference is bounds-checked, arithmetic never overflows, reference cycles,
/// nesting deeper than ``maximumDepth`` and shared references expanding past ``maximumVisits`` objects
/// are rejected, and no input makes it trap, loop or run for long.
///
/// Layout (Apple's open-source CoreFoundation, `CFBinaryPList.c`, which documents the format in its
/// header comment):
/// - header: the 8 bytes `bplist00`;
/// - objects, each starting with a marker byte whose high nibble is the type and low nibble a size
///   (`0xF` = the size follows as an int object): `0x00` null, `0x08` false, `0x09` true, `0x1n` int
///   of 2^n bytes (big-endian; 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes only when the
///   value fits in 64 bits), `0x2n` real of 2^n bytes (4 or 8, IEEE 754 big-endian), `0x33` date
///   (8-byte real, seconds since 2001-01-01 00:00:00 UTC), `0x4n` data of n bytes, `0x5n` ASCII string
///   of n bytes, `0x6n` UTF-16BE string of n code units, `0x8n` UID of n+1 bytes, `0xAn` array of n
///   object references, `0xDn` dictionary of n key references then n value references;
/// - the offset table: one offset (of `offsetSize` bytes) per object;
/// - the 32-byte trailer: 6 unused bytes, `offsetSize`, `objectRefSize`, then 8-byte big-endian
///   `objectCount`, `topObject` and `offsetTableOffset`.
/// Sets (`0xCn`) and ordered sets are rejected as unsupported.
enum BinaryPropertyList {
    /// A decoded value.
    indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        /// An integer; 16-byte integers are accepted only when they fit in 64 bits.
        case int(Int64)
        case real(Double)
        /// Seconds since 2001-01-01 00:00:00 UTC (Core Foundation's absolute time).
        case date(Double)
        case data([UInt8])
        case string(String)
        case uid(UInt64)
        case array([Value])
        /// Keys (strings) in file order, each with the value at the same index.
        case dictionary(keys: [String], values: [Value])

        /// The value for the first `key` when this is a dictionary.
        subscript(key: String) -> Value? {
            if case .dictionary(let keys, let values) = self, let i = keys.firstIndex(of: key) { return values[i] }
            return nil
        }
    }

    /// Why bytes are not a binary property list this reader accepts. `message` says what and where.
    struct Failure: Error, Equatable, Sendable { var message: String }

    /// Deeper nesting than this is rejected (Apple's own files for this project nest 2 levels).
    static let maximumDepth = 64
    /// More objects than this are rejected (a directions request has a few dozen).
    static let maximumObjects = 1 << 20
    /// More decoded objects than this (counting every reach of a shared object) are rejected.
    static let maximumVisits = 100_000

    /// Decodes the top object of `bytes`.
    /// - Throws: ``Failure`` for a missing header, a bad trailer, any offset or length outside the
    ///   file, an unknown marker, invalid UTF-16, a non-string dictionary key, a reference cycle, or
    ///   nesting deeper than ``maximumDepth``.
    static func decode(_ bytes: [UInt8]) throws(Failure) -> Value {
        var reader = try Reader(bytes)
        return try reader.object(reader.topObject, depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let refSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTableOffset: Int
        /// Objects on the current decoding path (cycle detection).
        var onPath: [Bool]
        /// Objects decoded so far, each reach of a shared object counted: bounds the work of a small file.
        var visits = 0

        init(_ bytes: [UInt8]) throws(Failure) {
            self.bytes = bytes
            guard bytes.starts(with: Array("bplist".utf8)) else {
                throw Failure(message: "the file does not start with 'bplist00'; it is not a binary property list")
            }
            guard bytes.starts(with: Array("bplist00".utf8)) else {
                let version = String(decoding: bytes.dropFirst(6).prefix(2), as: UTF8.self)
                throw Failure(message: "the file is a binary property list of version '\(version)'; only bplist00 is supported")
            }
            guard bytes.count >= 8 + 32 else {
                throw Failure(message: "the file has \(bytes.count) bytes, fewer than a binary property list's header and trailer (40)")
            }
            let t = bytes.count - 32
            offsetSize = Int(bytes[t + 6])
            refSize = Int(bytes[t + 7])
            guard (1...8).contains(offsetSize) else { throw Failure(message: "the trailer's offset size \(offsetSize) is not 1...8 bytes") }
            guard (1...8).contains(refSize) else { throw Failure(message: "the trailer's object reference size \(refSize) is not 1...8 bytes") }
            let count = Self.uint(bytes, t + 8, 8)
            let top = Self.uint(bytes, t + 16, 8)
            let table = Self.uint(bytes, t + 24, 8)
            guard count >= 1, count <= UInt64(maximumObjects) else {
                throw Failure(message: "the trailer's object count \(count) is not 1...\(maximumObjects)")
            }
            guard top < count else { throw Failure(message: "the top object \(top) is not below the object count \(count)") }
            objectCount = Int(count)
            topObject = Int(top)
            // The table must lie between the header and the trailer.
            let (tableBytes, o1) = UInt64(offsetSize).multipliedReportingOverflow(by: count)
            let (tableEnd, o2) = table.addingReportingOverflow(tableBytes)
            guard !o1, !o2, table >= 8, tableEnd <= UInt64(t) else {
                throw Failure(message: "the offset table (at byte \(table), \(count) entries of \(offsetSize) bytes) lies outside the file")
            }
            offsetTableOffset = Int(table)
            onPath = Array(repeating: false, count: objectCount)
        }

        /// Big-endian unsigned integer of `size` (1...8) bytes at `at`; the caller has bounds-checked.
        static func uint(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(bytes[at + i]) }
            return v
        }

        /// `count` bytes at `at`, checked against the object area.
        func span(_ at: Int, _ count: Int, what: String) throws(Failure) -> ArraySlice<UInt8> {
            let (end, overflow) = at.addingReportingOverflow(count)
            guard count >= 0, !overflow, at >= 0, end <= offsetTableOffset else {
                throw Failure(message: "\(what) at byte \(at) needs \(count) bytes and runs past the object area (ends at \(offsetTableOffset))")
            }
            return bytes[at..<end]
        }

        /// The big-endian unsigned integer of the `size` (1...8) bytes at `at`, checked as ``span(_:_:what:)``.
        func uint(_ at: Int, _ size: Int, what: String) throws(Failure) -> UInt64 {
            Self.uint(bytes, try span(at, size, what: what).startIndex, size)
        }

        /// The size in a marker's low nibble, or the int object that follows for `0xF`.
        /// - Returns: the size and where the payload starts.
        func length(_ marker: UInt8, at: Int) throws(Failure) -> (Int, Int) {
            let low = Int(marker & 0x0F)
            if low != 0x0F { return (low, at + 1) }
            let intMarker = try span(at + 1, 1, what: "a length")[at + 1]
            guard intMarker & 0xF0 == 0x10 else {
                throw Failure(message: "the length after marker 0x\(String(marker, radix: 16)) at byte \(at) is not an integer")
            }
            let size = 1 << Int(intMarker & 0x0F)
            guard size <= 8 else { throw Failure(message: "the length at byte \(at + 1) is a \(size)-byte integer") }
            let v = try uint(at + 2, size, what: "a length")
            guard v <= UInt64(Int32.max) else { throw Failure(message: "the length \(v) at byte \(at + 1) is too large") }
            return (Int(v), at + 2 + size)
        }

        /// Reads `count` object references starting at `at`.
        func refs(_ at: Int, _ count: Int) throws(Failure) -> [Int] {
            let (total, o) = count.multipliedReportingOverflow(by: refSize)
            guard !o else { throw Failure(message: "a container at byte \(at) claims \(count) entries") }
            let body = try span(at, total, what: "a container's references")
            return try stride(from: body.startIndex, to: body.endIndex, by: refSize).map { (p) throws(Failure) in
                let r = Self.uint(bytes, p, refSize)
                guard r < UInt64(objectCount) else {
                    throw Failure(message: "object reference \(r) at byte \(p) is not below the object count \(objectCount)")
                }
                return Int(r)
            }
        }

        mutating func object(_ index: Int, depth: Int) throws(Failure) -> Value {
            guard depth <= maximumDepth else { throw Failure(message: "objects nest deeper than \(maximumDepth) levels") }
            visits += 1
            guard visits <= maximumVisits else {
                throw Failure(message: "the file expands to more than \(maximumVisits) objects through shared references")
            }
            // `index` is below the object count (checked by `init` and `refs`); its offset may be anything.
            let off = Self.uint(bytes, offsetTableOffset + index * offsetSize, offsetSize)
            guard off >= 8, off < UInt64(offsetTableOffset) else {
                throw Failure(message: "object \(index) has offset \(off), outside the object area 8..<\(offsetTableOffset)")
            }
            let at = Int(off)
            let marker = bytes[at]
            let size = 1 << Int(marker & 0x0F)
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x10...0x1F:
                guard size <= 16 else { throw Failure(message: "an integer at byte \(at) claims \(size) bytes") }
                guard size == 16 else {
                    let v = try uint(at + 1, size, what: "an integer")
                    return .int(size == 8 ? Int64(bitPattern: v) : Int64(v))
                }
                let body = try span(at + 1, size, what: "an integer")
                let high = Self.uint(bytes, body.startIndex, 8)
                let low = Self.uint(bytes, body.startIndex + 8, 8)
                let fits = (high == 0 && low <= UInt64(Int64.max)) || (high == UInt64.max && low > UInt64(Int64.max))
                guard fits else { throw Failure(message: "the 128-bit integer at byte \(at) does not fit in 64 bits") }
                return .int(Int64(bitPattern: low))
            case 0x20...0x2F:
                guard size == 4 || size == 8 else { throw Failure(message: "a real at byte \(at) claims \(size) bytes; reals have 4 or 8") }
                let v = try uint(at + 1, size, what: "a real")
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: v))) : Double(bitPattern: v))
            case 0x33: return .date(Double(bitPattern: try uint(at + 1, 8, what: "a date")))
            case 0x40...0x4F:
                let (n, start) = try length(marker, at: at)
                return .data(Array(try span(start, n, what: "data")))
            case 0x50...0x5F:
                let (n, start) = try length(marker, at: at)
                let body = try span(start, n, what: "an ASCII string")
                guard body.allSatisfy({ $0 < 0x80 }) else { throw Failure(message: "the ASCII string at byte \(at) contains a byte above 0x7F") }
                return .string(String(decoding: body, as: UTF8.self))
            case 0x60...0x6F:
                let (n, start) = try length(marker, at: at)
                let (byteCount, o) = n.multipliedReportingOverflow(by: 2)
                guard !o else { throw Failure(message: "the UTF-16 string at byte \(at) is too long") }
                let body = try span(start, byteCount, what: "a UTF-16 string")
                let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw Failure(message: "the UTF-16 string at byte \(at) has an unpaired surrogate")
                }
                return .string(text)
            case 0x80...0x8F:
                let uidSize = Int(marker & 0x0F) + 1
                guard uidSize <= 8 else { throw Failure(message: "a UID at byte \(at) claims \(uidSize) bytes") }
                return .uid(try uint(at + 1, uidSize, what: "a UID"))
            case 0xA0...0xAF, 0xD0...0xDF:
                let (n, start) = try length(marker, at: at)
                guard !onPath[index] else { throw Failure(message: "object \(index) contains itself (a reference cycle)") }
                onPath[index] = true
                defer { onPath[index] = false }
                let keys = try refs(start, n)
                if marker < 0xD0 { return .array(try keys.map { (r) throws(Failure) in try object(r, depth: depth + 1) }) }
                // The values follow the keys; `refs` has checked that `n * refSize` bytes fit.
                let values = try refs(start + n * refSize, n)
                var names: [String] = []
                var items: [Value] = []
                for (k, v) in zip(keys, values) {
                    guard case .string(let key) = try object(k, depth: depth + 1) else {
                        throw Failure(message: "a key of the dictionary at byte \(at) is not a string")
                    }
                    names.append(key)
                    items.append(try object(v, depth: depth + 1))
                }
                return .dictionary(keys: names, values: items)
            case 0x01...0x0F, 0x30...0x3F: throw Failure(message: "unknown marker 0x\(String(marker, radix: 16)) at byte \(at)")
            default: throw Failure(message: "unsupported marker 0x\(String(marker, radix: 16)) at byte \(at) (sets and unknown types are not read)")
            }
        }
    }
}
