// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

@Suite struct ElapsedTimeTests {
    @Test(arguments: [
        (0.0, "under 1 ms"), (0.0004, "under 1 ms"), (0.001, "1 ms"), (0.012, "12 ms"), (0.9994, "999 ms"), (0.9996, "1 s"),
        (1.0, "1 s"), (2.5, "2.5 s"), (61.236, "61.24 s"), (-1.0, "? s"), (Double.nan, "? s"), (Double.infinity, "? s"),
    ])
    func aDurationReadsAsAPersonSaysIt(seconds: Double, text: String) {
        #expect(ElapsedTime.text(seconds: seconds) == text)
    }
}
