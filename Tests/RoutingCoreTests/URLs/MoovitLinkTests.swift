// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Moovit links")
struct MoovitLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("Destination and origin by coordinates with names, date kept, transit")
    func full() throws {
        let link = try parser.parseLink(
            "moovit://directions?dest_lat=40.7580&dest_lon=-73.9855&dest_name=Times+Square&orig_lat=40.7527&orig_lon=-73.9772&orig_name=Grand%20Central&date=2030-05-01T08%3A30%3A00Z&auto_run=true&partner_id=x")
        #expect(link.format == .moovit)
        let r = link.request
        #expect(r.destination == .coordinate(Coordinate(latitude: 40.758, longitude: -73.9855), label: "Times Square"))
        #expect(r.source == .coordinate(Coordinate(latitude: 40.7527, longitude: -73.9772), label: "Grand Central"))
        #expect(r.departureDate == "2030-05-01T08:30:00Z")
        #expect(r.transportType == .transit)
        #expect(r.mode == nil)
    }

    @Test("No origin is here; a name alone is an address")
    func minimal() throws {
        let r = try parser.parse("moovit://directions?dest_name=Museum+of+the+City")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Museum of the City"))
    }

    @Test("Errors: half a coordinate, decimal comma, nothing at all, other actions")
    func errors() throws {
        let half = try #require(error("moovit://directions?dest_lat=40.7"))
        #expect(half.code == .malformedNumber)
        #expect(half.parameter == "dest_lon")
        #expect(error("moovit://directions?dest_lat=40,7&dest_lon=-73,9")?.code == .malformedNumber)
        #expect(error("moovit://directions?dest_lat=40.7&dest_lon=-273.9")?.code == .longitudeOutOfRange)
        #expect(error("moovit://directions?partner_id=x")?.code == .missingDestination)
        #expect(error("moovit://nearby?lat=1&lon=2")?.code == .notADirectionsLink)
    }

    @Test("Builder: fixed order, reads back")
    func builder() throws {
        let r = DirectionsRequest(
            source: .address("Grand Central"), destination: .coordinate(Coordinate(latitude: 40.758, longitude: -73.9855), label: "Times Square"),
            transportType: .transit, departureDate: "2030-05-01T08:30:00Z")
        let built = try DirectionsLinkBuilder.build(r, as: .moovit)
        #expect(built.url == "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&dest_name=Times%20Square&orig_name=Grand%20Central&date=2030-05-01T08%3A30%3A00Z")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
    }
}
