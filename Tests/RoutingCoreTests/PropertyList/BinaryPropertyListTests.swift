// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Binary property list reader")
struct BinaryPropertyListTests {
    typealias V = BinaryPropertyList.Value

    func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try BinaryPropertyList.decode(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Every supported type reads back")
    func allTypes() throws {
        let bytes = PlistFixture.write(.dict([
            ("n", .null), ("t", .bool(true)), ("f", .bool(false)), ("i", .int(-42)), ("big", .int(Int64.max)),
            ("r", .real(48.8584)), ("d", .date(86_400.5)), ("b", .data([1, 2, 3])), ("s", .ascii("plain")),
            ("u", .utf16("Café 東京 🚲")), ("id", .uid(7)),
            ("a", .array([.int(1), .ascii("two"), .array([])])),
            ("long", .ascii(String(repeating: "x", count: 300))),
        ]))
        let v = try BinaryPropertyList.decode(bytes)
        #expect(v["n"] == .null)
        #expect(v["t"] == .bool(true))
        #expect(v["f"] == .bool(false))
        #expect(v["i"] == .int(-42))
        #expect(v["big"] == .int(Int64.max))
        #expect(v["r"] == .real(48.8584))
        #expect(v["d"] == .date(86_400.5))
        #expect(v["b"] == .data([1, 2, 3]))
        #expect(v["s"] == .string("plain"))
        #expect(v["u"] == .string("Café 東京 🚲"))
        #expect(v["id"] == .uid(7))
        #expect(v["a"] == .array([.int(1), .string("two"), .array([])]))
        #expect(v["long"] == .string(String(repeating: "x", count: 300)))
    }

    @Test("Small integers and reals of every width")
    func widths() throws {
        let objects: [[UInt8]] = [
            [0xA5, 1, 2, 3, 4, 5],
            [0x10, 0xFF],
            [0x11, 0x01, 0x00],
            [0x12, 0x00, 0x01, 0x00, 0x00],
            [0x22] + PlistFixture.be(UInt64(Float(1.5).bitPattern), 4),
            [0x14] + [UInt8](repeating: 0xFF, count: 16),
        ]
        let v = try BinaryPropertyList.decode(PlistFixture.assemble(objects))
        #expect(v == .array([.int(255), .int(256), .int(65_536), .real(1.5), .int(-1)]))
    }

    @Test("Not a bplist: text, other versions, too short")
    func notBplist() {
        #expect(failure(Array("<?xml version=\"1.0\"?><plist></plist>                     ".utf8))?.contains("bplist00") == true)
        #expect(failure(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40))?.contains("version") == true)
        #expect(failure(Array("bplist00".utf8))?.contains("fewer") == true)
        #expect(failure([])?.contains("bplist00") == true)
    }

    @Test("Truncated files are rejected at every length")
    func truncated() {
        let bytes = PlistFixture.request(source: PlistFixture.here, destination: PlistFixture.named("Louvre"))
        for n in 0..<bytes.count {
            #expect(failure(Array(bytes[0..<n])) != nil, "length \(n)")
        }
    }

    @Test("Offset table and offsets pointing outside the file")
    func outside() {
        var bytes = PlistFixture.write(.array([.int(1)]))
        let t = bytes.count - 32
        // Offset table beyond the trailer.
        var a = bytes
        a.replaceSubrange((t + 24)..<(t + 32), with: PlistFixture.be(UInt64(bytes.count), 8))
        #expect(failure(a)?.contains("offset table") == true)
        // Offset table offset that overflows when the table size is added.
        var b = bytes
        b.replaceSubrange((t + 24)..<(t + 32), with: PlistFixture.be(UInt64.max - 1, 8))
        #expect(failure(b) != nil)
        // Huge object count.
        var c = bytes
        c.replaceSubrange((t + 8)..<(t + 16), with: PlistFixture.be(UInt64.max, 8))
        #expect(failure(c)?.contains("object count") == true)
        // Top object not below the count.
        var d = bytes
        d.replaceSubrange((t + 16)..<(t + 24), with: PlistFixture.be(5, 8))
        #expect(failure(d)?.contains("top object") == true)
        // An object offset into the trailer.
        let tableOffset = Int(bytes[t + 31])
        bytes[tableOffset] = 0xF0
        #expect(failure(bytes)?.contains("outside the object area") == true)
        // Bad sizes in the trailer.
        var e = PlistFixture.write(.null)
        e[e.count - 32 + 6] = 0
        #expect(failure(e)?.contains("offset size") == true)
    }

    @Test("Lengths and references past the end, bad strings and keys")
    func badObjects() {
        #expect(failure(PlistFixture.assemble([[0x5F, 0x13] + PlistFixture.be(1 << 40, 8)])) != nil)
        #expect(failure(PlistFixture.assemble([[0x55, 0x41]]))?.contains("runs past") == true)
        #expect(failure(PlistFixture.assemble([[0xA1, 0x07]]))?.contains("reference 7") == true)
        #expect(failure(PlistFixture.assemble([[0x51, 0xC3]]))?.contains("ASCII") == true)
        #expect(failure(PlistFixture.assemble([[0x61, 0xD8, 0x00]]))?.contains("surrogate") == true)
        #expect(failure(PlistFixture.assemble([[0xD1, 0x01, 0x01], [0x10, 0x01]]))?.contains("not a string") == true)
        #expect(failure(PlistFixture.assemble([[0x07]]))?.contains("marker") == true)
        #expect(failure(PlistFixture.assemble([[0xC1, 0x00]]))?.contains("unsupported") == true)
        #expect(failure(PlistFixture.assemble([[0x14] + [UInt8](repeating: 0x7F, count: 16)]))?.contains("64 bits") == true)
    }

    @Test("Cycles, deep nesting and exponential sharing are rejected")
    func hostileStructure() {
        #expect(failure(PlistFixture.assemble([[0xA1, 0x00]]))?.contains("cycle") == true)
        #expect(failure(PlistFixture.assemble([[0xA1, 0x01], [0xD1, 0x02, 0x00], [0x51, 0x6B]]))?.contains("cycle") == true)
        // 100 nested arrays.
        var deep: [[UInt8]] = (0..<99).map { [0xA1, UInt8($0 + 1)] }
        deep.append([0xA0])
        #expect(failure(PlistFixture.assemble(deep))?.contains("deeper") == true)
        // 40 levels, each an array holding the next level twice: 2^40 paths.
        var shared: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        shared.append([0x00])
        #expect(failure(PlistFixture.assemble(shared))?.contains("shared references") == true)
    }

    @Test("Mutated files never trap (fixed seed)")
    func mutations() {
        let seeds = [
            PlistFixture.request(source: PlistFixture.here, destination: PlistFixture.named("Louvre")),
            PlistFixture.request(source: PlistFixture.named("Café 東京"), destination: PlistFixture.named("Museo del Prado")),
            PlistFixture.write(.array([.int(1), .real(2), .data([1, 2]), .uid(3), .date(4)])),
        ]
        var rng = SplitMix64(state: 0xB9_1157)
        var decoded = 0
        for i in 0..<20_000 {
            var bytes = seeds[i % seeds.count]
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            }
            if (try? BinaryPropertyList.decode(bytes)) != nil { decoded += 1 }
        }
        #expect(decoded > 0)
    }
}
