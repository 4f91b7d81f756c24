// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Citymapper links")
struct CitymapperLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("D04: encoded comma, name, arrival time kept verbatim, transit from here")
    func d04() throws {
        let link = try parser.parseLink(
            "https://citymapper.com/directions?endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London&arrival_time=2030-08-06T21%3A00%2B01%3A00")
        #expect(link.format == .citymapper)
        #expect(link.warnings.isEmpty)
        let r = link.request
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 51.5081, longitude: -0.0759), label: "Tower of London"))
        #expect(r.mode == nil)
        #expect(r.transportType == .transit)
        #expect(r.arrivalDate == "2030-08-06T21:00+01:00")
        #expect(r.departureDate == nil)
    }

    @Test("Start given by coordinate, by address, and the app scheme")
    func starts() throws {
        let r = try parser.parse(
            "citymapper://directions?startcoord=51.5033,-0.1196&startname=London+Eye&endaddress=221B+Baker+Street%2C+London")
        #expect(r.source == .coordinate(Coordinate(latitude: 51.5033, longitude: -0.1196), label: "London Eye"))
        #expect(r.destination == .address("221B Baker Street, London"))
        let a = try parser.parse("https://citymapper.com/directions?startaddress=Current+Location&endcoord=51.5,-0.1")
        #expect(a.source == .currentLocation)
        let b = try parser.parse("https://citymapper.com/directions?startaddress=King%27s+Cross&endcoord=51.5,-0.1&endaddress=Somewhere")
        #expect(b.source == .address("King's Cross"))
        #expect(b.destination == .coordinate(Coordinate(latitude: 51.5, longitude: -0.1), label: "Somewhere"))
    }

    @Test("Errors: missing end (with typo hint), bad pair, other path")
    func errors() throws {
        let e = try #require(error("https://citymapper.com/directions?endcord=51.5,-0.1"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "endcoord")
        #expect(e.message.contains("'endcord'"))
        #expect(error("https://citymapper.com/directions?endcoord=51,5,-0,1")?.code == .malformedNumber)
        #expect(error("https://citymapper.com/london")?.code == .notADirectionsLink)
    }

    @Test("Builder writes every part in a fixed order and reads back")
    func builder() throws {
        let r = DirectionsRequest(
            source: .coordinate(Coordinate(latitude: 51.5033, longitude: -0.1196), label: "London Eye"),
            destination: .address("Tate Modern & café"), transportType: .transit, arrivalDate: "2030-08-06T21:00+01:00")
        let built = try DirectionsLinkBuilder.build(r, as: .citymapper)
        #expect(built.url == "https://citymapper.com/directions?startcoord=51.5033%2C-0.1196&startname=London%20Eye"
            + "&endaddress=Tate%20Modern%20%26%20caf%C3%A9&arrival_time=2030-08-06T21%3A00%2B01%3A00")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
        let car = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("x"), mode: .car), as: .citymapper)
        #expect(car.omitted.count == 1)
    }
}

extension CitymapperLinkTests {
    @Test("Typo of arrival_time next to a usable link: warning, strict error")
    func arrivalTypo() throws {
        let url = "https://citymapper.com/directions?endcoord=51.5,-0.1&arival_time=2030-01-01T09:00Z"
        let link = try parser.parseLink(url)
        #expect(link.request.arrivalDate == nil)
        #expect(link.warnings.map(\.code) == [.likelyTypo])
        #expect(link.warnings.first?.parameter == "arrival_time")
        #expect(URLTestSupport.error(url, parser: DirectionsURLParser(strict: true))?.code == .likelyTypo)
    }
}
