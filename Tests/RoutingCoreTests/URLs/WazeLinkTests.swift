// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Waze links")
struct WazeLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("D03: ll with an encoded comma, navigate=yes, zoom is view-only; Waze drives from here")
    func d03() throws {
        let link = try parser.parseLink("https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes&zoom=17")
        #expect(link.format == .waze)
        #expect(link.warnings.isEmpty)
        let r = link.request
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: nil))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == .car)
        #expect(r.transportType == .automobile)
        #expect(r.navigate)
    }

    @Test("Hosts and the app scheme")
    func hostsAndScheme() throws {
        for url in [
            "https://www.waze.com/ul?ll=40.758,-73.9855", "https://ul.waze.com/?ll=40.758,-73.9855",
            "waze://?ll=40.758,-73.9855", "waze://ul?ll=40.758%2C-73.9855", "https://waze.com/ul/?ll=40.758,-73.9855&utm_source=x",
        ] {
            let r = try parser.parse(url)
            #expect(r.destination.coordinate == Coordinate(latitude: 40.758, longitude: -73.9855), "\(url)")
            #expect(r.navigate == false)
        }
    }

    @Test("q is a form-encoded address; %2B stays a plus")
    func searchText() throws {
        let r = try parser.parse("https://waze.com/ul?q=66+Acacia+Avenue%2B&navigate=yes")
        #expect(r.destination == .address("66 Acacia Avenue+"))
        #expect(r.navigate)
        #expect(r.mode == .car)
    }

    @Test("ll wins over q; q never replaces coordinates")
    func llWins() throws {
        let r = try parser.parse("https://waze.com/ul?q=Somewhere+else&ll=45.4642,9.19")
        #expect(r.destination == .coordinate(Coordinate(latitude: 45.4642, longitude: 9.19), label: nil))
    }

    @Test("favorite needs the user's account: unresolvable offline")
    func favorite() throws {
        let e = try #require(error("https://waze.com/ul?favorite=home&navigate=yes"))
        #expect(e.code == .unresolvableOffline)
        #expect(e.parameter == "favorite")
    }

    @Test("Errors: no destination with a typo hint, bad navigate, decimal comma, other paths")
    func errors() throws {
        let typo = try #require(error("https://waze.com/ul?lat=48.1,11.5&navigate=yes"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'lat'"))
        #expect(error("https://waze.com/ul?ll=48.1,11.5&navigate=maybe")?.code == .invalidParameter)
        let comma = try #require(error("https://waze.com/ul?ll=41,90,12,45"))
        #expect(comma.code == .malformedNumber)
        #expect(error("https://waze.com/ul?ll=91,0")?.code == .latitudeOutOfRange)
        #expect(error("https://www.waze.com/en-US/editor?lat=48.1&lon=11.5")?.code == .notADirectionsLink)
    }

    @Test("Typo next to a usable q: warning when lenient, error when strict")
    func typoWarning() throws {
        let link = try parser.parseLink("https://waze.com/ul?lll=1,2&q=Town+Hall")
        #expect(link.request.destination == .address("Town Hall"))
        #expect(link.warnings.map(\.code) == [.likelyTypo])
        let strict = URLTestSupport.error("https://waze.com/ul?lll=1,2&q=Town+Hall", parser: DirectionsURLParser(strict: true))
        #expect(strict?.code == .likelyTypo)
    }

    @Test("Builder: canonical text, source must be here, omissions listed")
    func builder() throws {
        let r = DirectionsRequest(destination: .at(latitude: 48.8584, longitude: 2.2945), mode: .car, navigate: true)
        let built = try DirectionsLinkBuilder.build(r, as: .waze)
        #expect(built.url == "https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
        let addr = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("1 Rue & Co"), waypoints: [.at(latitude: 1, longitude: 2)]), as: .waze)
        #expect(addr.url == "https://waze.com/ul?q=1%20Rue%20%26%20Co")
        #expect(addr.omitted.count == 2)
        #expect(try parser.parse(addr.url).destination == .address("1 Rue & Co"))
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(source: .at(latitude: 1, longitude: 2), destination: .address("x")), as: .waze)
        }
    }
}

extension WazeLinkTests {
    @Test("Live Map directions: to and from as ll.<lat>,<lon>; place ids need Waze's servers")
    func liveMap() throws {
        let r = try parser.parse("https://www.waze.com/live-map/directions?navigate=yes&utm_source=x&to=ll.4.60971%2C-74.08175")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 4.60971, longitude: -74.08175), label: nil))
        #expect(r.navigate)
        #expect(r.mode == .car)
        let f = try parser.parse("https://www.waze.com/en/live-map/directions?to=ll.45.6906304,-120.810983&from=ll.45.6,-120.7")
        #expect(f.source == .coordinate(Coordinate(latitude: 45.6, longitude: -120.7), label: nil))
        #expect(error("https://www.waze.com/live-map/directions?to=place.ChIJabc")?.code == .unresolvableOffline)
        #expect(error("https://www.waze.com/live-map/directions?from=ll.1,2")?.code == .missingDestination)
        #expect(error("https://www.waze.com/live-map/directions?to=Paris")?.code == .invalidParameter)
        let built = try DirectionsLinkBuilder.build(f, as: .waze)
        #expect(built.url == "https://www.waze.com/live-map/directions?to=ll.45.6906304%2C-120.810983&from=ll.45.6%2C-120.7")
        #expect(try parser.parse(built.url) == f)
    }
}
