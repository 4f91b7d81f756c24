// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

@Suite struct UTCTimestampTests {
    @Test func writesAndReadsISO8601UTC() throws {
        let cases: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00Z"), (1_796_410_071, "2026-12-04T18:47:51Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
        ]
        for (seconds, text) in cases {
            #expect(UTCTimestamp(secondsSinceEpoch: seconds).description == text)
            #expect(UTCTimestamp(text)?.secondsSinceEpoch == seconds, "\(text)")
        }
    }

    @Test func refusesAnythingElse() {
        for text in ["2026-12-04T18:47:51", "2026-12-04 18:47:51Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
                     "2026-13-01T00:00:00Z", "2026-12-04T24:00:00Z", "2026-12-04T18:60:51Z", "2026-12-04T18:47:51.5Z",
                     "２026-12-04T18:47:51Z", ""] {
            #expect(UTCTimestamp(text) == nil, "\(text)")
        }
    }
}
