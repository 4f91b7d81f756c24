// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// One test per `geo:` failure reported in the wild (ids refer to the shared URL case notes). Each
/// checks the lenient reading (request and warnings) and, for repairs, that strict mode rejects the link.
@Suite("geo: links that broke other parsers")
struct ReportedGeoLinkTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func error(_ url: String, strict: Bool = false) -> DirectionsURLError? {
        URLTestSupport.error(url, parser: strict ? self.strict : parser)
    }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test("B01: percent-encoded comma inside the geo: path is a repair")
    func encodedCommaInGeoPath() throws {
        let link = try parser.parseLink("geo:-22.9519%2C-43.2105?q=-22.9519%2C-43.2105")
        #expect(link.format == .geo)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(-22.9519, -43.2105))
        #expect(link.request.mode == nil && link.request.transportType == nil)
        #expect(link.warnings.map(\.code) == [.repairedSyntax])
        #expect(link.warnings.first?.parameter == "coordinates")
        let e = try #require(error("geo:-22.9519%2C-43.2105?q=-22.9519%2C-43.2105", strict: true))
        #expect(e.code == .repairedSyntax)
        #expect(e.parameter == "coordinates")
    }

    @Test("B03: q is percent-decoded before looking for coordinates (no repair)")
    func encodedCommaInQ() throws {
        let link = try strict.parseLink("geo:52.3731,4.8926?q=52.3731%2C4.8926")
        #expect(link.request.destination == point(52.3731, 4.8926))
        #expect(link.request.source == .currentLocation)
        #expect(link.request.mode == nil)
        #expect(link.warnings.isEmpty)
    }

    @Test("B04: a Plus Code in q keeps its literal plus")
    func plusCodeInQ() throws {
        let link = try strict.parseLink("geo:0,0?q=849VCWC8+R9")
        #expect(link.request.destination == .address("849VCWC8+R9"))
        #expect(link.request.source == .currentLocation)
        #expect(link.request.mode == nil)
    }

    @Test("B06: a space instead of the comma: lenient reads -22.95,-43.21 with a warning, strict rejects")
    func spaceSeparatedGeo() throws {
        let link = try parser.parseLink("geo:-22.95 -43.21")
        #expect(link.request.destination == point(-22.95, -43.21))
        #expect(link.request.source == .currentLocation)
        #expect(link.warnings.count == 1)
        #expect(link.warnings.first?.code == .repairedSyntax)
        #expect(link.warnings.first?.message.contains("comma") == true)
        let e = try #require(error("geo:-22.95 -43.21", strict: true))
        #expect(e.code == .repairedSyntax)
        #expect(e.parameter == "coordinates")
        #expect(e.message.contains("comma"))
        // Three words are not a pair: still an error when lenient.
        #expect(error("geo:-22.95 -43.21 10")?.code == .malformedNumber)
    }

    @Test("B07: geo:0:0 placeholder repaired from q")
    func colonPlaceholder() throws {
        let link = try parser.parseLink("geo:0:0?q=48.8584%2C2.2945")
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(48.8584, 2.2945))
        #expect(link.warnings.map(\.code) == [.repairedSyntax])
        #expect(error("geo:0:0?q=48.8584%2C2.2945", strict: true)?.code == .repairedSyntax)
    }

    @Test("B09: slash-separated geo:// is not guessed, lenient or strict")
    func slashGeo() throws {
        for p in [parser, strict] {
            let e = try #require(URLTestSupport.error("geo://52.5163/13.3777", parser: p))
            #expect(e.code == .malformedURL)
            #expect(e.parameter == "coordinates")
            #expect(e.message.contains("RFC 5870"))
        }
    }

    @Test("B10: 0,0 with an address query is an address")
    func placeholderWithAddress() throws {
        let link = try strict.parseLink("geo:0,0?q=Dam%20Square%2C%20Amsterdam")
        #expect(link.request.destination == .address("Dam Square, Amsterdam"))
        #expect(link.request.source == .currentLocation)
        #expect(link.request.mode == nil)
    }

    @Test("B11: plain geo:0,0 is Null Island")
    func nullIsland() throws {
        let link = try strict.parseLink("geo:0,0")
        #expect(link.request.destination == point(0, 0))
        #expect(link.request.source == .currentLocation)
    }

    @Test("B12: label before &z= with the same coordinates in path and q; zoom ignored")
    func labelBeforeZoom() throws {
        let link = try strict.parseLink("geo:37.8199,-122.4783?q=37.8199,-122.4783(Golden%20Gate%20Bridge)&z=19")
        #expect(link.request.destination == point(37.8199, -122.4783, "Golden Gate Bridge"))
        #expect(link.request.source == .currentLocation)
        #expect(link.warnings.isEmpty)
    }

    @Test("B39: longitude 181 is an error, never wrapped")
    func longitude181() throws {
        let e = try #require(error("geo:51.5007,181"))
        #expect(e.code == .longitudeOutOfRange)
        #expect(e.parameter == "coordinates")
        #expect(e.message.contains("181"))
    }

    @Test("B43: coordinates in q win over the label")
    func coordinatesWinOverLabel() throws {
        let link = try strict.parseLink("geo:0,0?q=41.8902,12.4922(Colosseum)")
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(41.8902, 12.4922, "Colosseum"))
    }
}
