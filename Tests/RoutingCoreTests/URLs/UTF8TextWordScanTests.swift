// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// The word-at-a-time scans give what a byte-by-byte scan gives, at every length and alignment.
@Suite("UTF8Text word scans")
struct UTF8TextWordScanTests {
    @Test func scansMatchTheByteLoop() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("ab&=?#/%+".utf8) + [0x00, 0x7F, 0x80, 0xA6, 0xC3, 0xFF]
        for _ in 0..<3000 {
            let n = Int.random(in: 0...40, using: &rng)
            let bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            let from = Int.random(in: 0...n, using: &rng)
            let to = Int.random(in: from...n, using: &rng)
            LinkInput.withBytes(of: bytes) { buffer in
                for a in alphabet {
                    let expected = (from..<to).first { bytes[$0] == a } ?? to
                    #expect(LinkInput.firstOffset(of: a, in: buffer, from: from, to: to) == expected)
                    #expect(LinkInput.count(of: a, in: buffer) == bytes.filter { $0 == a }.count)
                    let b = alphabet.randomElement(using: &rng)!
                    let either = (from..<to).first { bytes[$0] == a || bytes[$0] == b } ?? to
                    #expect(LinkInput.firstOffset(of: a, or: b, in: buffer, from: from, to: to) == either)
                }
            }
        }
    }
}
