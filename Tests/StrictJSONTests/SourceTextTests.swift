// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import StrictJSON

/// The parse tree stores byte offsets only; line, column and number literals are recomputed from
/// the source text. These tests check the recomputation against a direct count.
@Suite struct SourceTextTests {
    /// Line and column of `offset` counted the slow way: LFs before it, scalars since the last LF.
    func counted(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for i in 0..<offset {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Every value and member name of `node`, with its offset.
    func offsets(_ node: JSONNode) -> [Int] {
        switch node.value {
        case .array(let elements): [node.offset] + elements.flatMap(offsets)
        case .numbers(let numbers): [node.offset] + numbers.map(\.offset)
        case .object(let members): [node.offset] + members.flatMap { [$0.nameOffset] + offsets($0.value) }
        default: [node.offset]
        }
    }

    static let texts = [
        "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[1.5,-2],[3,4.25e-1]]]]}",
        "{\r\n  \"name\": \"Zürich – 東京 🚲\",\r\n  \"list\": [1, \"é\", [true, null],\n\n\t-0.0000]\n}",
        "\u{FEFF}[\"\u{1F600}\", 12, {\"ü\": [\"\u{00E9}\u{0301}\", 7]}]",
        "[\n\"a\\u00e9b\" ,\n  \"\\ud83d\\ude00\",3 ]",
        "  42  ",
    ]

    @Test(arguments: texts)
    func everyOffsetMapsToTheCountedLineAndColumn(text: String) throws {
        let bytes = Array(text.utf8)
        let document = try JSONParser().parse(bytes)
        let all = offsets(document.root)
        #expect(all.count > 0)
        for offset in all {
            let location = document.location(at: offset)
            let expected = counted(bytes, offset)
            #expect(location.offset == offset)
            #expect(location.line == expected.line && location.column == expected.column, "offset \(offset) in \(text)")
            // An index of the same bytes built without the parser agrees.
            #expect(SourceText(bytes).location(at: offset) == location)
        }
    }

    @Test func everyByteOfARandomTextMapsToTheCountedLineAndColumn() throws {
        var state: UInt64 = 0x5EED_18
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = ["1", "-2.50", "\"ab\"", "\"é\"", "\"東\"", "\"🚲\"", "true", "null", "[]", "{}"]
        for _ in 0..<50 {
            var text = "["
            for k in 0..<(1 + next(30)) {
                if k > 0 { text += "," }
                text += [" ", "\n", "\r\n", "", "\t"][next(5)]
                text += pieces[next(pieces.count)]
            }
            text += "\n]"
            let bytes = Array(text.utf8)
            let document = try JSONParser().parse(bytes)
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
                let expected = counted(bytes, offset)
                let location = document.location(at: offset)
                #expect(location.line == expected.line && location.column == expected.column, "offset \(offset) in \(text)")
            }
        }
    }

    @Test func numbersAreReadBackAsWritten() throws {
        let text = "[-0.1276000, 1e-3, 180.0, 0, -12E+2, 51.123456789]"
        let document = try JSONParser().parse(text)
        let numbers = try #require(document.root.elements)
        #expect(numbers.map(document.literal(of:)) == ["-0.1276000", "1e-3", "180.0", "0", "-12E+2", "51.123456789"])
        #expect(numbers.map { document.source.decimals(ofNumberAt: $0.offset) } == [7, 3, 1, 0, 0, 9])
        #expect(document.root.compactText(source: document.source) == "[-0.1276000,1e-3,180.0,0,-12E+2,51.123456789]")
        let small = try JSONParser().parse("1.25e-2")
        #expect(small.source.decimals(ofNumberAt: small.root.offset) == 4)
    }

    @Test func arraysOfNumbersOnlyArePackedWithTheirDecimals() throws {
        let text = "[[-0.1276000, 1e-3, 180.0, 5E+1], [1, \"a\"], [], [2, [3]], 4]"
        let document = try JSONParser().parse(text)
        #expect(document.root.numbers == nil)
        let outer = try #require(document.root.elements)
        let packed = try #require(outer[0].numbers)
        #expect(packed.map(\.value) == [-0.1276, 0.001, 180, 50])
        #expect(packed.map(\.decimals) == [7, 3, 1, 0])
        #expect(packed.map(\.decimals) == packed.map { document.source.decimals(ofNumberAt: $0.offset) })
        #expect(outer[0].elements?.map(document.literal(of:)) == ["-0.1276000", "1e-3", "180.0", "5E+1"])
        #expect(outer[0].typeName == "array")
        #expect(outer[1].numbers == nil && outer[1].elements?.count == 2)
        #expect(outer[1].elements?[0].number == 1)
        #expect(outer[1].elements.map { document.location(of: $0[0]).column } == 36)
        #expect(outer[2].numbers == nil && outer[2].elements?.isEmpty == true)
        #expect(outer[3].numbers == nil && outer[3].elements?[1].numbers?.map(\.value) == [3])
        #expect(outer[4].number == 4)
        #expect(document.root.compactText(source: document.source) == "[[-0.1276000,1e-3,180.0,5E+1],[1,\"a\"],[],[2,[3]],4]")
        #expect(document.root.json == JSON.array([[-0.1276, 0.001, 180, 50], [1, "a"], [], [2, [3]], 4]))
    }

    @Test func aNumberBuiltInCodeIsWrittenInShortestForm() throws {
        let document = try JSONParser().parse("[1]")
        let built = JSONNode(offset: JSONNode.noOffset, value: .array([
            JSONNode(offset: JSONNode.noOffset, value: .number(2.5)),
            JSONNode(offset: JSONNode.noOffset, value: .number(-0.1)),
        ]))
        #expect(built.compactText(source: document.source) == "[2.5,-0.1]")
    }

    @Test func errorsStillNameTheEarlierPlaceTheyMention() throws {
        do {
            _ = try JSONParser().parse("{\"a\": 1,\n \"é\": 2,\n \"é\": 3}")
            Issue.record("a duplicate member was accepted")
        } catch {
            #expect(error.message.contains("(first at 2:2)"))
            #expect(error.location == SourceLocation(line: 3, column: 2, offset: 20))
        }
    }
}
