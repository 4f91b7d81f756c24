// SPDX-License-Identifier: Apache-2.0
/// A tiny bplist00 writer for tests: fixtures are built here, byte by byte, never copied from files.
enum PlistFixture {
    indirect enum Node {
        case null, bool(Bool), int(Int64), real(Double), date(Double), data([UInt8])
        case ascii(String), utf16(String), uid(UInt64)
        case array([Node])
        case dict([(String, Node)])
    }

    /// Header, the given object bodies in order, an offset table and the trailer.
    static func assemble(_ objects: [[UInt8]], top: Int = 0, refSize: Int = 1, offsetSize: Int? = nil) -> [UInt8] {
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects { offsets.append(out.count); out += o }
        let tableOffset = out.count
        let size = offsetSize ?? (tableOffset < 256 ? 1 : (tableOffset < 65_536 ? 2 : 4))
        for off in offsets { out += be(UInt64(off), size) }
        out += [0, 0, 0, 0, 0, 0, UInt8(size), UInt8(refSize)]
        out += be(UInt64(objects.count), 8) + be(UInt64(top), 8) + be(UInt64(tableOffset), 8)
        return out
    }

    static func be(_ v: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64(size - 1 - $0))) }
    }

    /// Writes `top` as a binary property list (no object sharing).
    static func write(_ top: Node) -> [UInt8] {
        var objects: [[UInt8]] = []
        // First count the objects so the reference size is known.
        func count(_ n: Node) -> Int {
            switch n {
            case .array(let items): return 1 + items.reduce(0) { $0 + count($1) }
            case .dict(let pairs): return 1 + pairs.reduce(0) { $0 + 1 + count($1.1) }
            default: return 1
            }
        }
        let refSize = count(top) < 256 ? 1 : 2
        @discardableResult
        func add(_ n: Node) -> Int {
            let index = objects.count
            objects.append([])
            var body: [UInt8]
            switch n {
            case .null: body = [0x00]
            case .bool(let b): body = [b ? 0x09 : 0x08]
            case .int(let v): body = [0x13] + be(UInt64(bitPattern: v), 8)
            case .real(let v): body = [0x23] + be(v.bitPattern, 8)
            case .date(let v): body = [0x33] + be(v.bitPattern, 8)
            case .data(let d): body = header(0x40, d.count) + d
            case .ascii(let s): body = header(0x50, s.utf8.count) + Array(s.utf8)
            case .utf16(let s):
                let units = Array(s.utf16)
                body = header(0x60, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            case .uid(let v): body = [0x87] + be(v, 8)
            case .array(let items):
                var refs: [Int] = []
                for i in items { refs.append(add(i)) }
                body = header(0xA0, items.count) + refs.flatMap { be(UInt64($0), refSize) }
            case .dict(let pairs):
                var keys: [Int] = []
                var values: [Int] = []
                for (k, v) in pairs {
                    keys.append(add(k.allSatisfy(\.isASCII) ? .ascii(k) : .utf16(k)))
                    values.append(add(v))
                }
                body = header(0xD0, pairs.count) + (keys + values).flatMap { be(UInt64($0), refSize) }
            }
            objects[index] = body
            return index
        }
        add(top)
        return assemble(objects, top: 0, refSize: refSize)
    }

    static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + be(UInt64(count), 8)
    }

    /// A map item for the current location.
    static let here: Node = .dict([("MKMapItemIsCurrentLocation", .bool(true))])

    /// A named map item with an opaque blob, as Maps writes one.
    static func named(_ name: String) -> Node {
        .dict([
            ("MKMapItemGEOMapItem", .data([0x0A, 0x03, 0x01, 0x02, 0x03])),
            ("MKMapItemIsCurrentLocation", .bool(false)),
            ("MKMapItemName", name.allSatisfy(\.isASCII) ? .ascii(name) : .utf16(name)),
        ])
    }

    static func request(source: Node?, destination: Node?) -> [UInt8] {
        var pairs: [(String, Node)] = []
        if let source { pairs.append(("MKDirectionsRequestSource", source)) }
        if let destination { pairs.append(("MKDirectionsRequestDestination", destination)) }
        return write(.dict(pairs))
    }
}
