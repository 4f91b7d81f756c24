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
        let error = try #require(URLTestSupport.error("https://maps.google.com/maps?daddr=51.5,-0.12&saddr=1,2&saddr=3,4&x%0Ay=1"))
        #expect(!error.description.contains("\n"), "\(error.description)")
    }
}
