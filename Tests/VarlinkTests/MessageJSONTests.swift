// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing

@testable import Varlink

/// The lean message decoder (``MessageJSON``) gives exactly ``JSONParser``'s value for every text it
/// accepts (member order and number bits included), leaves every other text to it, and accepts the
/// usual calls.
@Suite struct MessageJSONTests {
    /// Same value, same member order, same number bits (so -0 and 0 differ).
    static func identical(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            let xm = Array(x), ym = Array(y)
            return xm.count == ym.count
                && zip(xm, ym).allSatisfy { $0.name.utf8.elementsEqual($1.name.utf8) && identical($0.value, $1.value) }
        default: return false
        }
    }

    static func lean(_ text: [UInt8]) -> JSON? { text.withUnsafeBufferPointer(MessageJSON.parse) }
    static func strict(_ text: [UInt8]) -> JSON? { try? JSONParser(maxDepth: 64).parse(text).root.json }

    /// Checks one text; returns whether the lean decoder took it.
    @discardableResult
    static func check(_ text: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        guard let lean = lean(text) else { return false }
        let strict = strict(text)
        #expect(strict != nil, "accepted what JSONParser refuses: \(String(decoding: text, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        if let strict {
            #expect(identical(lean, strict), "\(String(decoding: text, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func theUsualCallsAreDecodedLeanAndAsTheStrictParserDoes() {
        let messages = [
            #"{"method":"org.routingd.Directions.Resolve","parameters":{"url":"http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w","currentLocation":{"latitude":51.500543,"longitude":-0.135702}}}"#,
            #"{"method":"org.varlink.service.GetInfo"}"#,
            #"{ "method" : "org.example.Ping", "parameters" : { "n" : -0, "x": 1e-7, "y": 12345678901234567890, "z": [true, false, null, [], {}] }, "more": true }"#,
            "{\"method\":\"a.B\",\n\t\"oneway\":false}\r\n",
        ]
        for message in messages { #expect(Self.check(Array(message.utf8)), "\(message)") }
    }

    @Test func textsOutsideTheSubsetAreLeftToTheStrictParser() {
        let refused = [
            "", " ", "{", "{}}", #"{"a":1,}"#, #"{"a":1 "b":2}"#, #"{"a":1,"a":2}"#, "[1,]", "[01]", "[1.]", "[.5]",
            "[+1]", "[1e]", "[1e+]", "[-]", "[1x]", "[1.5.2]", "[tru]", "[truex]", "[nul]", "[True]", "[NaN]",
            "[Infinity]", "[1e400]", "[-1e400]", #"["a\"b"]"#, #"["\u00e9"]"#, "[\"é\"]", "[\"\t\"]", "[\"\u{7F}\"]",
            "\u{FEFF}{}", "{} x", "// c\n{}", "['a']", "[\"abc",
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        ]
        for text in refused {
            #expect(Self.lean(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
        // Whatever the lean decoder refuses, the strict parser still decides (the escape here is fine).
        #expect(Self.strict(Array(#"{"a":"x\"y"}"#.utf8))?["a"] == "x\"y")
    }

    /// Random JSON texts (fixed seed) and random one-byte edits of them: every text the lean decoder
    /// takes gives the strict parser's value.
    @Test func randomTextsAndEditsAgreeWithTheStrictParser() {
        var rng = SplitMix(seed: 18)
        let alphabet = Array(#"{}[]:,"\ -+.0123456789eEtrufalsnxé"#.utf8)
        var accepted = 0
        for _ in 0..<4000 {
            var text = Array(Self.randomValue(&rng, depth: 0).utf8)
            if Self.check(text) { accepted += 1 }
            for _ in 0..<5 where !text.isEmpty {
                var edited = text
                let at = Int(rng.next() % UInt64(edited.count))
                switch rng.next() % 3 {
                case 0: edited[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: edited.remove(at: at)
                default: edited.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                }
                Self.check(edited)
                text = edited
            }
        }
        #expect(accepted > 2000, "most generated texts are in the subset")
    }

    static func randomValue(_ rng: inout SplitMix, depth: Int) -> String {
        let space = [" ", "", "", "\n", "\t"][Int(rng.next() % 5)]
        switch rng.next() % (depth > 3 ? 4 : 6) {
        case 0: return ["true", "false", "null"][Int(rng.next() % 3)]
        case 1:
            let numbers = ["0", "-0", "1", "-12.5", "3.14159265358979323846", "1e10", "2E-3", "51.500652", "-0.124833",
                           "123456789012345678901234567890", "4.9e-324", "1.7976931348623157e308", "0.1", "100"]
            return numbers[Int(rng.next() % UInt64(numbers.count))]
        case 2, 3:
            let strings = ["", "url", "http://maps.apple.com/?daddr=1,2", "a b", "org.example.Method", "x y ~ |"]
            return "\"" + strings[Int(rng.next() % UInt64(strings.count))] + "\""
        case 4:
            let n = Int(rng.next() % 4)
            return "[" + space + (0..<n).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: "," + space) + "]"
        default:
            let n = Int(rng.next() % 4)
            let names = ["method", "parameters", "a", "b", "url", "more"]
            var used: Set<String> = []
            var members: [String] = []
            for _ in 0..<n {
                let name = names[Int(rng.next() % UInt64(names.count))]
                // Mostly unique names; now and then a duplicate, which JSONParser refuses.
                if used.contains(name), rng.next() % 4 != 0 { continue }
                used.insert(name)
                members.append("\"\(name)\"" + space + ":" + space + randomValue(&rng, depth: depth + 1))
            }
            return "{" + space + members.joined(separator: "," + space) + space + "}"
        }
    }
}

/// SplitMix64: a small seeded generator, the same sequence on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
