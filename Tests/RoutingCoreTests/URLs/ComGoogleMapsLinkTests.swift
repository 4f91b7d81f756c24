// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google Maps for iOS comgooglemaps:// links")
struct ComGoogleMapsLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test func guideExample() throws {
        let link = try parser.parseLink(
            "comgooglemaps://?saddr=Google+Inc,+8th+Avenue,+New+York,+NY&daddr=John+F.+Kennedy+International+Airport,+Van+Wyck+Expressway,+Jamaica,+New+York&directionsmode=transit")
        #expect(link.format == .comGoogleMaps)
        #expect(link.request.source == .address("Google Inc, 8th Avenue, New York, NY"))
        #expect(link.request.destination == .address("John F. Kennedy International Airport, Van Wyck Expressway, Jamaica, New York"))
        #expect(link.request.mode == nil)
        #expect(link.request.transportType == .transit)
    }

    @Test func blankSaddrIsCurrentLocationAndModes() throws {
        let r = try parser.parse("comgooglemaps://?saddr=&daddr=40.7580,-73.9855&directionsmode=bicycling")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(40.758, -73.9855))
        #expect(r.mode == .bike)
        let e = try #require(error("comgooglemaps://?daddr=X&directionsmode=flying"))
        #expect(e.code == .unknownMode)
        #expect(e.parameter == "directionsmode")
    }

    @Test func callbackAndUrlWrapper() throws {
        let r = try parser.parse("comgooglemaps-x-callback://?daddr=Central+Park&directionsmode=walking&x-success=app://ok")
        #expect(r.destination == .address("Central Park") && r.mode == .pedestrian)
        let wrapped = try parser.parseLink("comgooglemapsurl://www.google.com/maps/dir/?api=1&destination=Porto")
        #expect(wrapped.format == .google)
        #expect(wrapped.request.destination == .address("Porto"))
    }

    @Test func mapOnlyAndTypos() throws {
        // Issue 17: only a map view is its approximate centre (was not-a-directions-link); nothing at all is still refused.
        let view = try parser.parseLink("comgooglemaps://?center=40.76,-73.98&zoom=14")
        #expect(view.request.destination == .coordinate(Coordinate(latitude: 40.76, longitude: -73.98), label: nil, precision: .approximate))
        #expect(view.warnings.map(\.code) == [.viewportAsDestination])
        #expect(error("comgooglemaps://?zoom=14")?.code == .notADirectionsLink)
        let typo = try #require(error("comgooglemaps://?saddr=Home&dadr=Work"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'dadr'"))
        #expect(try parser.parse("comgooglemaps://?q=Pizza+Napoli").destination == .address("Pizza Napoli"))
    }
}
