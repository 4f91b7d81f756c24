// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google place and q= links as destinations")
struct GooglePlaceLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test func placePinNotViewport() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/place/Tour+Eiffel/@48.8583701,2.2922926,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8583701!4d2.2944813")
        #expect(link.format == .googlePlace)
        #expect(link.request == DirectionsRequest(destination: point(48.8583701, 2.2944813, "Tour Eiffel")))
    }

    @Test func placeWithoutPinIsAnAddressNeverTheViewport() throws {
        let r = try parser.parse("https://www.google.de/maps/place/Caf%C3%A9+Central,+Wien/@48.21,16.36,17z")
        #expect(r.destination == .address("Café Central, Wien"))
        let r2 = try parser.parse("https://www.google.com/maps/place/48.8584,2.2945/@48.85,2.29,15z")
        #expect(r2.destination == point(48.8584, 2.2945))
        // Issue 17: no name and no pin, only the view, is a map view (was missing-destination).
        let view = try parser.parseLink("https://www.google.com/maps/place/@48.85,2.29,15z")
        #expect(view.request.destination == .coordinate(Coordinate(latitude: 48.85, longitude: 2.29), label: nil, precision: .approximate))
        #expect(view.warnings.map(\.code) == [.viewportAsDestination])
        #expect(error("https://www.google.com/maps/place/@hello")?.code == .missingDestination)
    }

    @Test func qLocWithLabel() throws {
        let r = try parser.parse("https://maps.google.com/maps?q=loc:34.99393,-106.61568+(Treasure+Cove)")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(34.99393, -106.61568, "Treasure Cove"))
        let r2 = try parser.parse("https://www.google.com/maps?q=34.99,-106.61(Label+with+1,2)")
        #expect(r2.destination == point(34.99, -106.61, "Label with 1,2"))
    }

    @Test func qPairAndHemisphereLetters() throws {
        #expect(try parser.parse("https://www.google.com/maps?q=34.99,-106.61&z=11").destination == point(34.99, -106.61))
        #expect(try parser.parse("https://maps.google.com/?q=N34.99393,W106.61568").destination == point(34.99393, -106.61568))
        #expect(try parser.parse("https://maps.google.com/?q=33.86S,+151.2E").destination == point(-33.86, 151.2))
        let e = try #require(error("https://maps.google.com/?q=N95.1,E10"))
        #expect(e.code == .latitudeOutOfRange)
        #expect(e.parameter == "q")
    }

    @Test func qAddressAndDecimalComma() throws {
        #expect(try parser.parse("https://maps.google.co.uk/maps?q=10+Downing+Street,+London&ll=51.5,-0.12").destination
            == .address("10 Downing Street, London"))
        let e = try #require(error("https://www.google.com/maps?q=41,90,+12,45"))
        #expect(e.code == .malformedNumber)
        let loc = try #require(error("https://www.google.com/maps?q=loc:41,90,+12,45"))
        #expect(loc.code == .malformedNumber)
    }

    @Test func searchApiWithPlaceId() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393&query_place_id=ChIJKxjxuaNqkFQR3CK6O1HNNqY")
        #expect(link.format == .googlePlace)
        #expect(link.request.destination == .coordinate(
            Coordinate(latitude: 47.5951518, longitude: -122.3316393), label: nil, placeID: "ChIJKxjxuaNqkFQR3CK6O1HNNqY"))
    }

    /// Issue 17: a link whose only coordinates are a map view is an approximate destination with a
    /// `viewport-as-destination` warning (it was `not-a-directions-link`), and strict mode's error.
    @Test func viewportOnlyLinksAreApproximateDestinations() throws {
        for (url, lat, lon) in [("https://www.google.com/maps/@42.585444,13.007813,6z", 42.585444, 13.007813),
                                ("https://maps.google.com/maps?ll=34.99,-106.61&z=11", 34.99, -106.61)] {
            let link = try parser.parseLink(url)
            #expect(link.request.destination == .coordinate(Coordinate(latitude: lat, longitude: lon), label: nil, precision: .approximate))
            #expect(link.warnings.map(\.code) == [.viewportAsDestination])
            #expect(URLTestSupport.error(url, parser: DirectionsURLParser(strict: true))?.code == .viewportAsDestination)
        }
        // A web search on www.google.com/?q= is not Maps.
        #expect(error("https://www.google.com/?q=pizza")?.code == .notADirectionsLink)
    }
}
