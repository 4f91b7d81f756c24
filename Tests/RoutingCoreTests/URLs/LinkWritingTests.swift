// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Writing links: degrees and percent-encoding")
struct LinkWritingTests {
    @Test func degreesArePlainShortestDecimals() {
        #expect(LinkWriting.degrees(48.8584) == "48.8584")
        #expect(LinkWriting.degrees(-0.1246) == "-0.1246")
        #expect(LinkWriting.degrees(2) == "2")
        #expect(LinkWriting.degrees(-0.0) == "0")
        #expect(LinkWriting.degrees(0.00001) == "0.00001")
        #expect(LinkWriting.degrees(-1.5e-7) == "-0.00000015")
        #expect(LinkWriting.degrees(180) == "180")
        #expect(LinkWriting.degrees(-90) == "-90")
        #expect(LinkWriting.degrees(1.0000000000000002) == "1.0000000000000002")
    }

    @Test func degreesReadBackExactly() {
        var g = SplitMix64(seed: 0x5eed_0004)
        for _ in 0..<20_000 {
            let bits = g.next()
            let v = Double(bitPattern: bits)
            guard v.isFinite, abs(v) <= 180 else { continue }
            let text = LinkWriting.degrees(v)
            #expect(!text.contains("e"), "\(v) written as \(text)")
            #expect(Double(text) == v + 0.0, "\(v) written as \(text)")
        }
        for _ in 0..<20_000 {
            let v = (Double(g.next() % 360_000_000) / 1_000_000) - 180
            #expect(Double(LinkWriting.degrees(v)) == v + 0.0)
        }
    }

    @Test func encodingKeepsOnlyUnreservedAndChosenCharacters() {
        #expect(LinkWriting.encode("a b&c=d+e,f|g~h") == "a%20b%26c%3Dd%2Be%2Cf%7Cg~h")
        #expect(LinkWriting.formValue("Café de Flore, Paris") == "Caf%C3%A9+de+Flore,+Paris")
        #expect(LinkWriting.formValue("A+B") == "A%2BB")
        #expect(LinkWriting.encode("x,y;z", keep: ",;") == "x,y;z")
        #expect(LinkWriting.query([("a", "1"), ("b", "2")]) == "a=1&b=2")
    }
}
