import Testing
@testable import RoutingCore

/// One test per failure shape reported in the wild (ids refer to the shared URL case notes). The fixtures
/// are our own places; only the shape of each broken or tricky link is reproduced.
@Suite("geo: links that broke other parsers")
struct ReportedGeoLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test("B01: percent-encoded comma inside the geo: path")
    func encodedCommaInGeoPath() throws {
        let r = try parser.parse("geo:-34.6037%2C-58.3816?q=-34.6037%2C-58.3816")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(-34.6037, -58.3816))
        #expect(r.mode == nil)
    }

    @Test("B03: q is percent-decoded before looking for coordinates")
    func encodedCommaInQ() throws {
        let r = try parser.parse("geo:50.0875,14.4213?q=50.0875%2C14.4213")
        #expect(r.destination == point(50.0875, 14.4213))
        #expect(r.source == .currentLocation)
    }

    @Test("B04: a Plus Code in q keeps its literal plus")
    func plusCodeInQ() throws {
        let r = try parser.parse("geo:0,0?q=8FW4V75V+8Q")
        #expect(r.destination == .address("8FW4V75V+8Q"))
        #expect(r.mode == nil)
    }

    @Test("B06: a space between latitude and longitude is rejected")
    func spaceSeparatedGeo() throws {
        let e = try #require(error("geo:-41.29 174.78"))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "coordinates")
        #expect(e.message.contains("comma"))
    }

    @Test("B07: geo:0:0 placeholder repaired from q")
    func colonPlaceholder() throws {
        let r = try parser.parse("geo:0:0?q=41.4036%2C2.1744")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(41.4036, 2.1744))
    }

    @Test("B09: slash-separated geo:// is not guessed")
    func slashGeo() throws {
        let e = try #require(error("geo://47.3769/8.5417"))
        #expect(e.code == .malformedURL)
        #expect(e.parameter == "coordinates")
        #expect(e.message.contains("RFC 5870"))
    }

    @Test("B10: 0,0 with an address query is an address")
    func placeholderWithAddress() throws {
        let r = try parser.parse("geo:0,0?q=Charles%20Bridge%2C%20Prague")
        #expect(r.destination == .address("Charles Bridge, Prague"))
        #expect(r.source == .currentLocation)
    }

    @Test("B11: plain geo:0,0 is Null Island")
    func nullIsland() throws {
        let r = try parser.parse("geo:0,0")
        #expect(r.destination == point(0, 0))
        #expect(r.source == .currentLocation)
    }

    @Test("B12: label before &z= with the same coordinates in path and q")
    func labelBeforeZoom() throws {
        let r = try parser.parse("geo:43.7230,10.3966?q=43.7230,10.3966(Leaning%20Tower)&z=18")
        #expect(r.destination == point(43.7230, 10.3966, "Leaning Tower"))
    }

    @Test("B39: longitude 181 is an error, never wrapped")
    func longitude181() throws {
        let e = try #require(error("geo:-33.86,181"))
        #expect(e.code == .longitudeOutOfRange)
        #expect(e.parameter == "coordinates")
    }

    @Test("B43: coordinates in q win over the label")
    func coordinatesWinOverLabel() throws {
        let r = try parser.parse("geo:0,0?q=37.9715,23.7257(Acropolis)")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(37.9715, 23.7257, "Acropolis"))
    }
}
