// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// The byte-level foundation of link parsing: `LinkInput` must agree with the `String`/`Character`
/// operations it replaces, `LinkInput.Query` with the query rules, and `ByteTable` with a plain search.
@Suite("Link bytes: LinkInput, LinkInput.Query, ByteTable")
struct ByteTextTests {
    /// Runs `body` with the bytes of `text` pinned.
    func with<R>(_ text: String, _ body: (LinkInput) throws -> R) rethrows -> R {
        var text = text
        return try text.withUTF8 { try body(LinkInput($0)) }
    }

    /// `Character`-based trimming, the reference.
    func referenceTrim(_ s: String) -> String {
        var t = Substring(s)
        while let f = t.first, f.isWhitespace { t.removeFirst() }
        while let l = t.last, l.isWhitespace { t.removeLast() }
        return String(t)
    }

    @Test(arguments: [
        "", " ", "  a  ", "\tPike Place\r\n", "abc", " \u{301}abc", "abc \u{301}", "\u{600} x", "x \u{600} ",
        "\u{A0}Paris\u{3000}", "é ", " é", "a\u{301} ", "\r\n", " \u{200B} ", "\u{85}x\u{85}",
    ])
    func trimmedAgreesWithCharacters(_ text: String) {
        let trimmed = with(text) { $0.trimmed.string }
        #expect(trimmed == referenceTrim(text))
        #expect(with(text) { $0.isBlank } == referenceTrim(text).isEmpty)
    }

    @Test func slicesSearchesAndComparisons() {
        with("maps.Apple.com/dir?x=1") { t in
            #expect(t.count == 22)
            #expect(t.firstOffset(of: UInt8(ascii: "/")) == 14)
            #expect(t.firstOffset(of: UInt8(ascii: "?"), or: UInt8(ascii: "/")) == 14)
            #expect(t.lastOffset(of: UInt8(ascii: ".")) == 10)
            #expect(t.firstOffset(of: UInt8(ascii: "#")) == nil)
            #expect(t.prefix(14).equalsIgnoringCase("maps.apple.com"))
            #expect(!t.prefix(14).equals("maps.apple.com"))
            #expect(t.hasPrefixIgnoringCase("maps.apple"))
            #expect(t.hasSuffix("x=1"))
            #expect(t.split(at: UInt8(ascii: "?")).map { $0.after.string } == "x=1")
            #expect(t.slice(50, 60).isEmpty)
            #expect(t.slice(5, 2).isEmpty)
            #expect(t.dropFirst(19).string == "x=1")
            #expect(t.dropLast(8).string == "maps.Apple.com")
            #expect(t.prefix(14).lowercasedASCII == "maps.apple.com")
        }
        #expect(LinkInput.empty.isEmpty && LinkInput.empty.string == "" && LinkInput.empty.first == nil)
    }

    @Test(arguments: ["a,b,,c", "", ",", "abc", "a,", ",a"])
    func piecesAgreeWithSplit(_ text: String) {
        let pieces = with(text) { t in t.pieces(separatedBy: UInt8(ascii: ",")).map(\.string) }
        #expect(pieces == text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    @Test(arguments: ["48.8584", "-0", "+2.5", "1.", ".5", "1e5", "12345678901234567890.5", "-90.000000000000001", "x", ""])
    func decimalAgreesWithCoordinateText(_ text: String) {
        let bytes = with(text) { $0.decimal }
        let reference = DirectionsURLParser.CoordinateText.decimal(Substring(text))
        #expect(bytes == reference)
    }

    @Test func percentDecodingAndScratchDecoding() throws {
        let form = try with("Caf%C3%A9+%2B+Cr%C3%AApes") { try $0.decoded(plusAsSpace: true, parameter: "q") }
        #expect(form == "Café + Crêpes")
        let literal = try with("Caf%C3%A9+%2B+Cr%C3%AApes") { try $0.decoded(plusAsSpace: false, parameter: "q") }
        #expect(literal == "Café+++Crêpes")
        let scratch = with("Caf%C3%A9+%2B+Cr%C3%AApes") { t in t.withDecoded(plusAsSpace: true) { (d: LinkInput) -> String in d.string } }
        #expect(scratch == "Café + Crêpes")
        let plain = with("plain") { t in t.withDecoded(plusAsSpace: true) { (d: LinkInput) -> String in d.string } }
        #expect(plain == "plain")
        let failure = with("bad%2") { t -> DirectionsURLError? in
            do throws(DirectionsURLError) {
                _ = try t.decoded(plusAsSpace: false, parameter: "q")
                return nil
            } catch {
                return error
            }
        }
        #expect(failure?.code == .malformedURL && failure?.parameter == "q")
    }

    /// What the query splitter gives for awkward queries (recorded from `QueryString`, the
    /// `Substring` splitter that `LinkInput.Query` replaced): names, values, keys, whether each piece had
    /// an `=`, and which of a few keys it contains.
    static let splitQueries: [(raw: String, plus: Bool, names: [String], values: [String], keys: [String], hasEquals: [Bool], contains: [String])] = [
        ("daddr=Oslo&saddr=Bergen&daddr=Trondheim", true, ["daddr", "saddr", "daddr"], ["Oslo", "Bergen", "Trondheim"], ["daddr", "saddr", "daddr"], [true, true, true], ["daddr"]),
        ("daddr=Oslo&saddr=Bergen&daddr=Trondheim", false, ["daddr", "saddr", "daddr"], ["Oslo", "Bergen", "Trondheim"], ["daddr", "saddr", "daddr"], [true, true, true], ["daddr"]),
        ("&&a=1&&b=2&", true, ["a", "b"], ["1", "2"], ["a", "b"], [true, true], ["a"]),
        ("&&a=1&&b=2&", false, ["a", "b"], ["1", "2"], ["a", "b"], [true, true], ["a"]),
        ("DADDR=X&DaDdR=Y", true, ["DADDR", "DaDdR"], ["X", "Y"], ["daddr", "daddr"], [true, true], ["daddr"]),
        ("DADDR=X&DaDdR=Y", false, ["DADDR", "DaDdR"], ["X", "Y"], ["daddr", "daddr"], [true, true], ["daddr"]),
        ("note=a=b=c&flag&empty=", true, ["note", "flag", "empty"], ["a=b=c", "", ""], ["note", "flag", "empty"], [true, false, true], ["note", "flag"]),
        ("note=a=b=c&flag&empty=", false, ["note", "flag", "empty"], ["a=b=c", "", ""], ["note", "flag", "empty"], [true, false, true], ["note", "flag"]),
        ("d%61ddr=1&DA%44DR=2", true, ["daddr", "DADDR"], ["1", "2"], ["daddr", "daddr"], [true, true], ["daddr"]),
        ("d%61ddr=1&DA%44DR=2", false, ["daddr", "DADDR"], ["1", "2"], ["daddr", "daddr"], [true, true], ["daddr"]),
        ("q=Fish+%26+Chips+%2B+Peas", true, ["q"], ["Fish & Chips + Peas"], ["q"], [true], ["q"]),
        ("q=Fish+%26+Chips+%2B+Peas", false, ["q"], ["Fish+&+Chips+++Peas"], ["q"], [true], ["q"]),
        ("%C3%89tape=1&%C3%A9tape=2", true, ["Étape", "étape"], ["1", "2"], ["étape", "étape"], [true, true], ["étape"]),
        ("%C3%89tape=1&%C3%A9tape=2", false, ["Étape", "étape"], ["1", "2"], ["étape", "étape"], [true, true], ["étape"]),
        ("a+b=1", true, ["a b"], ["1"], ["a b"], [true], ["a b"]),
        ("a+b=1", false, ["a+b"], ["1"], ["a+b"], [true], []),
    ]

    @Test func queryBytesSplitsAsRecorded() throws {
        for expected in Self.splitQueries {
            let raw = expected.raw
            try with(raw) { t in
                let q = try LinkInput.Query(t, plusAsSpace: expected.plus)
                #expect(q.parameters.map(\.name) == expected.names, "\(raw)")
                #expect(q.parameters.map(\.value) == expected.values, "\(raw)")
                #expect(q.parameters.map { q.key(of: $0) } == expected.keys, "\(raw)")
                #expect(q.parameters.map(\.hasEquals) == expected.hasEquals, "\(raw)")
                let scratchValues = q.parameters.map { p in p.withValue { (d: LinkInput) -> String in d.string } }
                #expect(scratchValues == expected.values, "\(raw)")
                for key in ["daddr", "a", "note", "flag", "étape", "a b", "q"] {
                    #expect(q.contains(key) == expected.contains.contains(key), "\(raw) \(key)")
                }
            }
        }
    }

    @Test func queryBytesLookUps() throws {
        try with("DADDR=X&saddr=&daddr=Y") { t in
            let q = try LinkInput.Query(t, plusAsSpace: true)
            #expect(q.first("daddr")?.value == "X")
            #expect(q.last("daddr")?.value == "Y")
            #expect(q.count("daddr") == 2)
            #expect(q.values("daddr") == ["X", "Y"])
            #expect(q.firstIndex(of: "saddr") == 1)
            #expect(try q.single("saddr", format: "test link")?.hasEquals == true)
            let error = #expect(throws: DirectionsURLError.self) { try q.single("daddr", format: "test link") }
            #expect(error?.code == .duplicateParameter && error?.parameter == "daddr")
            #expect(error?.message == "'daddr' appears 2 times in this test link; give it once")
        }
    }

    @Test func queryBytesErrorsAsRecorded() {
        // Recorded from `QueryString`, the splitter `LinkInput.Query` replaced.
        let expected: [(String, DirectionsURLError)] = [
            ("a=%zz", DirectionsURLError(code: .malformedURL, message: "the value of 'a' has a malformed percent-escape '%zz'; write '%' as %25 and escapes as %XX with two hex digits", parameter: "a")),
            ("%=1", DirectionsURLError(code: .malformedURL, message: "the name of '%' has a malformed percent-escape '%'; write '%' as %25 and escapes as %XX with two hex digits", parameter: "%")),
            ("a=%C3", DirectionsURLError(code: .malformedURL, message: "the value of 'a' does not decode to UTF-8 text; percent-encode the UTF-8 bytes of the text", parameter: "a")),
            ("n%C3=1", DirectionsURLError(code: .malformedURL, message: "the name of 'n%C3' does not decode to UTF-8 text; percent-encode the UTF-8 bytes of the text", parameter: "n%C3")),
        ]
        for (raw, reference) in expected {
            let bytes = #expect(throws: DirectionsURLError.self) {
                try self.with(raw) { try LinkInput.Query($0, plusAsSpace: true) }
            }
            #expect(bytes == reference, "\(raw)")
        }
    }

    @Test func byteTableFindsExactlyTheNamesIgnoringCase() {
        let names = ["geo", "maps", "om", "https", "http", "ge0", "bingmaps", "x", "geo.offline", "moovit"]
        let table = DirectionsURLParser.ByteTable(names)
        for (k, name) in names.enumerated() {
            #expect(with(name) { table.index(of: $0) } == k)
            #expect(with(name.uppercased()) { table.index(of: $0) } == k)
        }
        for other in ["", "ge", "geo1", "mapss", "o", "bingmapsx", "geo.offlinex", "ftp"] {
            #expect(with(other) { table.index(of: $0) } == -1, "\(other)")
        }
        #expect(with("a") { DirectionsURLParser.ByteTable([]).index(of: $0) } == -1)
    }

    @Test func controlBytesAreFoundAnywhere() {
        for text in ["geo:1,2", "https://maps.apple.com/?daddr=Paris&saddr=Lyon", "é", ""] {
            #expect(with(text) { DirectionsURLParser.mayHaveControl($0) } == false, "\(text)")
        }
        let plain = Array("https://maps.apple.com/?daddr=Paris&saddr=Lyon".utf8)
        for position in plain.indices {
            for bad: UInt8 in [0x00, 0x09, 0x1F, 0x7F, 0xC2] {
                var bytes = plain
                bytes[position] = bad
                let found = LinkInput.withBytes(of: bytes) { DirectionsURLParser.mayHaveControl($0) }
                #expect(found, "byte \(bad) at \(position)")
            }
        }
    }
}
