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
        var rng = SplitMix64(seed: 5870_0004)
        let lenient = DirectionsURLParser()
        let strict = DirectionsURLParser(strict: true)
        let seeds = GeoOSMLinkPropertyTests.testLinks.map { Array($0.utf8) }
        var parsed = 0
        for round in 0..<20_000 {
            let text = String(decoding: mutate(seeds[round % seeds.count], &rng), as: UTF8.self)
            for parser in [lenient, strict] {
                let link: ParsedLink
                do {
                    link = try parser.parseLink(text)
                } catch {
                    #expect(!error.message.isEmpty, "\(text)")
                    continue
                }
                parsed += 1
                for (_, endpoint) in link.request.endpoints {
                    if let c = endpoint.coordinate {
                        #expect((-90.0...90.0).contains(c.latitude) && (-180.0...180.0).contains(c.longitude), "\(text) gave \(c)")
                    }
                }
                guard let built = try? DirectionsLinkBuilder.build(link.request, as: link.format) else { continue }
                do {
                    let again = try strict.parse(built.url)
                    if built.omitted.isEmpty { #expect(again == link.request, "\(text) → \(built.url)") }
                } catch {
                    Issue.record("\(text) → \(built.url) does not parse: \(error)")
                }
            }
        }
        #expect(parsed > 5000)
    }
}
