// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Mutated geo:, OpenStreetMap, OsmAnd, Organic Maps and ge0 links (fixed seed) never crash or hang
/// the parsers; every error names a reason; whatever parses has in-range coordinates, and a link built
/// back from it in the same format parses again (strictly) to the same request when nothing was omitted.
@Suite("geo/OSM/OsmAnd/Organic/ge0 robustness")
struct GeoOSMRobustnessTests {
    @Test func mutatedLinksParseOrFailWithANamedReason() {
        let (parsed, _) = checkMutatedLinks(GeoOSMLinkPropertyTests.testLinks, seed: 5870_0004, rounds: 20_000)
        #expect(parsed > 5000)
    }
}
