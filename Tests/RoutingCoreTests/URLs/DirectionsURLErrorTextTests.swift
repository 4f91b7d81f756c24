// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks

/// Messages built from an error or a warning stay on one line whatever the link's parameter names
/// hold; the `parameter` field itself keeps the exact text (the JSON writer escapes it).
@Suite("Link error text")
struct DirectionsURLErrorTextTests {
    @Test func aParameterNameWithALineFeedIsShownOnOneLine() {
        let error = DirectionsURLError(code: .invalidParameter, message: "bad", parameter: "a\nb\u{1B}")
        #expect(error.description == "invalid-parameter (a\\nb\\x1B): bad")
        #expect(error.parameter == "a\nb\u{1B}")
        let warning = DirectionsURLWarning(code: .likelyTypo, message: "typo", parameter: "x\r")
        #expect(warning.description == "likely-typo (x\\r): typo")
    }

    @Test func aParsedLinkWhoseParameterNameHoldsALineFeedGivesOneLine() throws {
        // The value of a parameter named "addr" + LF is cut short: the error names that parameter.
        let error = try #require(URLTestSupport.error("https://maps.apple.com/?daddr=48.8584,2.2945&addr%0A=%2"))
        #expect(error.parameter == "addr\n")
        #expect(error.description.hasPrefix("malformed-url (addr\\n): "), "\(error.description)")
        #expect(!error.description.contains("\n"), "\(error.description)")
    }
}
