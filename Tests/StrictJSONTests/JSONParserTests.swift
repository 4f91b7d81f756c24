// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import StrictJSON

@Suite struct JSONParserTests {
    let parser = JSONParser()

    func error(_ text: String) -> JSONSyntaxError? { error(Array(text.utf8)) }

    func error(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do { _ = try parser.parse(bytes); return nil } catch { return error }
    }

    @Test func theLiteralCaseHintOnlyForALiteralInAnotherCase() throws {
        let upper = try #require(error("[True]"))
        #expect(upper.message == "unexpected 'True'; expected a value (true, false and null are lower case)")
        let word = try #require(error("this is not json"))
        #expect(word.message == "unexpected 'this'; expected a value")
    }

    @Test func parsesNestedValuesWithPositions() throws {
        let doc = try parser.parse("{\n  \"type\": \"MultiPolygon\",\n  \"coordinates\": [[[[1.5, -2]]]]\n}")
        #expect(doc.location(of: doc.root) == SourceLocation(line: 1, column: 1, offset: 0))
        let type = try #require(doc.root["type"])
        #expect(type.string == "MultiPolygon")
        #expect(doc.location(of: type).line == 2 && doc.location(of: type).column == 11)
        let coords = try #require(doc.root["coordinates"])
        #expect(doc.location(of: coords).line == 3 && doc.location(of: coords).column == 18)
        let first = coords.elements?[0].elements?[0].elements?[0].elements?[0]
        #expect(first?.number == 1.5)
        #expect(first.map { doc.location(of: $0).column } == 22)
        #expect(doc.hadByteOrderMark == false)
    }

    @Test(arguments: [
        ("[1,2,]", JSONSyntaxError.Rule.trailingComma, 1, 5),
        ("{\"a\":1,}", .trailingComma, 1, 7),
        // The comma's own line and column, not the line of the bracket after it (the caret of the
        // source excerpt is drawn at the offset, so both must name the comma).
        ("[1,2,\n]", .trailingComma, 1, 5),
        ("{\"é\":1,\r\n\n  }", .trailingComma, 1, 7),
        ("[\n [1,\n  2],\n\n\n]", .trailingComma, 3, 5),
        ("{\"a\":1,\n\"a\":2}", .duplicateMember, 2, 1),
        ("[NaN]", .nonFiniteNumber, 1, 2),
        ("[-Infinity]", .nonFiniteNumber, 1, 2),
        ("[Infinity]", .nonFiniteNumber, 1, 2),
        ("// c\n[]", .comment, 1, 1),
        ("[1, /* c */ 2]", .comment, 1, 5),
        ("[01]", .malformedNumber, 1, 2),
        ("[+1]", .malformedNumber, 1, 2),
        ("[.5]", .malformedNumber, 1, 2),
        ("[1.]", .malformedNumber, 1, 4),
        ("[1e400]", .numberOutOfRange, 1, 2),
        ("[\"a\nb\"]", .invalidString, 1, 4),
        ("[\"\\ud800\"]", .invalidEncoding, 1, 3),
        ("", .empty, 1, 1),
        ("[] []", .trailingContent, 1, 4),
        ("[1 2]", .syntax, 1, 4),
        ("[True]", .syntax, 1, 2),
        ("['a']", .invalidString, 1, 2),
    ])
    func rejectsNonStrictJSON(text: String, rule: JSONSyntaxError.Rule, line: Int, column: Int) throws {
        let e = try #require(error(text))
        #expect(e.rule == rule, "\(e)")
        #expect(e.location.line == line && e.location.column == column, "\(e)")
        // The offset names the same byte as line:column.
        let bytes = Array(text.utf8)
        let lineStart = bytes[..<e.location.offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        #expect(bytes[..<lineStart].count(where: { $0 == 0x0A }) + 1 == e.location.line, "\(e)")
        #expect(String(decoding: bytes[lineStart..<e.location.offset], as: UTF8.self).unicodeScalars.count + 1 == e.location.column, "\(e)")
    }

    @Test func rejectsInvalidUTF8AndUTF16() throws {
        let bad: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError.self) { try parser.parse(bad) }
        let utf16: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]
        let e = try #require(error(utf16))
        #expect(e.rule == .invalidEncoding)
    }

    @Test func skipsAndReportsByteOrderMark() throws {
        let doc = try parser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(doc.hadByteOrderMark)
        #expect(doc.location(of: doc.root).column == 2)
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let doc = try parser.parse("[\"é\", 1]")
        #expect(doc.root.elements.map { doc.location(of: $0[1]).column } == 7)
    }

    @Test func numbersAreCorrectlyRounded() throws {
        let doc = try parser.parse("[0.1, 51.500652, -0.124833, 2.2250738585072014e-308, -0, 1e-400]")
        let values = doc.root.elements!.map { $0.number! }
        #expect(values[0] == 0.1)
        #expect(values[1] == 51.500652)
        #expect(values[2] == -0.124833)
        #expect(values[3] == 2.2250738585072014e-308)
        #expect(values[4] == 0 && values[4].sign == .minus)
        #expect(values[5] == 0)
    }

    @Test func decodesEscapes() throws {
        let doc = try parser.parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude00"]"#)
        #expect(doc.root.elements?[0].string == "a\"b\\c/\né😀")
    }

    @Test func enforcesDepthLimit() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: JSONSyntaxError.self) { try JSONParser(maxDepth: 128).parse(deep) }
        #expect(throws: Never.self) { try JSONParser(maxDepth: 256).parse(deep) }
    }

    @Test func writerRoundTrips() throws {
        let value: JSON = ["s": "a\"\n\u{01}é", "n": 51.500652, "i": 3, "neg": -0.5, "a": [true, nil, 1e-7], "o": [:]]
        let text = value.serialized()
        #expect(text == #"{"s":"a\"\n\u0001é","n":51.500652,"i":3,"neg":-0.5,"a":[true,null,1e-07],"o":{}}"#)
        #expect(try parser.parse(text).root.json == value)
        #expect(try parser.parse(value.prettyPrinted()).root.json == value)
    }

    @Test func fastPathAndStrtodAgree() throws {
        // The fast path (≤ 15 digits, power of ten within 22) and strtod must both give the
        // correctly rounded double: compare with Double(String), which is correctly rounded.
        let fixed = [
            "0.1", "0.7", "0.3", "-0.0", "0", "-0.1276000", "51.5007292", "179.99999999999997",
            "123456789012345", "1234567890123456", "0.000000000000000000000001", "9007199254740993",
            "2.2250738585072014e-308", "4.9e-324", "1e22", "1e23", "-8238310.123", "0.30000000000000004",
            "36.0874526", "-115.1752799", "68.32", "1.5e-7", "12E+3",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var generated: [String] = []
        for _ in 0..<20_000 {
            let integer = next() % 1000
            let decimals = Int(next() % 18)
            var fraction = ""
            for _ in 0..<decimals { fraction.append(Character(String(next() % 10))) }
            let sign = next() % 2 == 0 ? "-" : ""
            generated.append(decimals == 0 ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)")
        }
        for literal in fixed + generated {
            let parsed = try parser.parse("[\(literal)]").root.elements?.first?.number
            let expected = Double(literal)!
            #expect(parsed?.bitPattern == expected.bitPattern, "\(literal)")
        }
    }
}
