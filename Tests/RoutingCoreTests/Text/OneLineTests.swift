// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// One line is one line: control characters from outside input are written visibly in every
/// message, while the fields that carry values keep the exact text.
@Suite("OneLine: messages built from outside input stay one line")
struct OneLineTests {
    /// Whether `text` holds a character a message must not carry raw.
    static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains(where: OneLine.isControl) }

    @Test("C0, DEL, C1 and the line and paragraph separators are written visibly; the rest is kept")
    func escaping() {
        #expect(OneLine.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
        #expect(OneLine.escaped("\u{1B}[31mred\u{7F}") == #"\x1B[31mred\x7F"#)
        #expect(OneLine.escaped("x\u{85}y\u{9F}\u{0}") == #"x\x85y\x9F\x00"#)
        #expect(OneLine.escaped("line\u{2028}para\u{2029}") == #"line\u2028para\u2029"#)
        #expect(OneLine.escaped(#"back\slash, café, 東京, ✈"#) == #"back\slash, café, 東京, ✈"#)
        #expect(OneLine.escaped(nil, or: "?") == "?")
        #expect(OneLine.visible("\u{85}", utf8Bytes: true) == #"\xC2\x85"#)
        #expect(OneLine.visible("\u{2028}", utf8Bytes: true) == #"\xE2\x80\xA8"#)
    }

    @Test("needsEscaping, decided on bytes, agrees with the scalars")
    func needsEscapingAgrees() {
        let pieces = ["a", " ", "\n", "\t", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "東", "🙂", "\u{C2}"]
        var rng = SplitMix64(seed: 2028)
        for _ in 0..<5000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 6) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            #expect(OneLine.needsEscaping(s) == Self.hasControl(s), "\(s.debugDescription)")
            #expect(!Self.hasControl(OneLine.escaped(s)))
        }
    }

    /// Links whose decoded labels or parameters hold `%0A`, `%1B`, `%7F` and `%09`.
    static let hostileLinks = [
        "https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945&travelmode=dr%0Aiving",
        "https://maps.apple.com/?daddr=48.8584,2.2945&dirflg=%1B[31m",
        "https://maps.apple.com/directions?destination=1,2&mode=wal%7Fk",
        "https://maps.apple.com/directions?destination=1,2&mode=wal%09k",
        "https://www.openstreetmap.org/directions?route=48.8584%2C2.2945%3Bab%0Acd",
        "https://maps.apple.com/?daddr=48.8584,2.2945&addr%0A=x",
        "https://maps.apple.com/?daddr=48.8584,2.2945&adr%1B%5B2J=x",
        "geo:1,2?q=1%0A,2",
        "bingmaps:?rtp=~pos.1_2_Foo%0ABar&mode=x%1Bq",
        "https://waze.com/ul?ll=4%0A8.85,2.29&navigate=%7Fyes",
        "om://route?sll=1,2&dll=3,4&type=bi%09ke",
        "https://share.here.com/r/52.5163,13.3777/52.5186,13.3762?m=%E2%80%A8w",
    ]

    @Test("Link errors and warnings quoting decoded control characters are one line")
    func linkMessages() {
        var messages = 0
        for link in Self.hostileLinks {
            for parser in [DirectionsURLParser(), DirectionsURLParser(strict: true)] {
                do {
                    let result = try parser.parseLink(link)
                    for warning in result.warnings {
                        messages += 1
                        #expect(!Self.hasControl(warning.message), "\(link): \(warning.message)")
                        #expect(!Self.hasControl(warning.description))
                    }
                } catch {
                    messages += 1
                    #expect(!Self.hasControl(error.message), "\(link): \(error.message)")
                    #expect(!Self.hasControl(error.description))
                }
            }
        }
        #expect(messages >= Self.hostileLinks.count)
        // The message shows the character visibly; the request keeps the exact text.
        let mode = URLTestSupport.error("https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945&travelmode=dr%0Aiving")
        #expect(mode?.message.contains(#"'travelmode=dr\niving'"#) == true, "\(String(describing: mode))")
        let label = try? DirectionsURLParser().parseLink("geo:1,2?q=1,2(Foo%0ABar)")
        #expect(label?.request.destination == .coordinate(Coordinate(latitude: 1, longitude: 2), label: "Foo\nBar"))
    }

    @Test("A manifest value with an escaped newline or a control character gives a one-line problem")
    func manifestMessages() {
        let parse = parseManifest("""
            [Routing App]
            Id=org.example.Bad
            Name=Bad
            Modes=Bus;Tr\\nam;Ca\\tr;
            Coverage=London.geojson
            LinkFormat=goo\\rgle

            """)
        #expect(!parse.problems.isEmpty)
        for problem in parse.problems {
            #expect(!Self.hasControl(problem.message), "\(problem.message)")
            #expect(!Self.hasControl(problem.description))
            #expect(!Self.hasControl(problem.located(in: "dir/Bad\nName.routingapp")))
        }
        #expect(parse.problems.contains { $0.message.contains(#"unknown mode "Tr\nam""#) }, "\(parse.problems)")
    }

    @Test("A property-list name with control characters gives a one-line warning and keeps the name")
    func propertyListName() throws {
        let name = "Mus\u{1B}[31mée\nd'\u{2028}Orsay"
        let link = try MKDirectionsRequestFile.parse(
            PlistFixture.request(source: PlistFixture.here, destination: PlistFixture.named(name)), parser: DirectionsURLParser())
        #expect(link.request.destination == .address(name))
        #expect(link.warnings.count == 1)
        for warning in link.warnings {
            #expect(!Self.hasControl(warning.message), "\(warning.message)")
            #expect(warning.message.contains(#"Mus\x1B[31mée\nd'\u2028Orsay"#), "\(warning.message)")
        }
    }
}
