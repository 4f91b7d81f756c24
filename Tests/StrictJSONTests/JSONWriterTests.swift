// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing

/// The byte writer gives the text the scalar-at-a-time writer gave: escapes, numbers, UTF-8, layout.
@Suite struct JSONWriterTests {
    @Test func escapesControlsQuotesAndBackslashesAndKeepsOtherUTF8() {
        let value: JSON = .string("a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{7F}j\u{85}é€😀")
        #expect(value.serialized() == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u007Fj"# + "\u{85}é€😀\"")
        #expect(value.serializedBytes() == Array(value.serialized().utf8))
        #expect(JSON.quoted("") == #""""#)
        #expect(JSON.string("\u{0}").serialized() == #""\u0000""#)
    }

    @Test func numbersAreShortestAndIntegralsHaveNoFraction() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (3, "3"), (-42, "-42"), (1234567890123456, "1234567890123456"),
            (9_007_199_254_740_991, "9007199254740991"), (0.5, "0.5"), (-0.1276, "-0.1276"),
            (1e300, "1e+300"), (.infinity, "null"), (.nan, "null"),
        ]
        for (d, text) in cases {
            #expect(JSON.format(d) == text, "\(d)")
            #expect(JSON.number(d).serialized() == text, "\(d)")
        }
    }

    @Test func compactAndPrettyLayout() {
        let value: JSON = ["a": [1, true, .null], "b": [:], "c": [], "d": ["e": "f"]]
        #expect(value.serialized() == #"{"a":[1,true,null],"b":{},"c":[],"d":{"e":"f"}}"#)
        #expect(value.prettyPrinted() == """
            {
              "a": [
                1,
                true,
                null
              ],
              "b": {},
              "c": [],
              "d": {
                "e": "f"
              }
            }
            """)
    }
}
