// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("HERE links")
struct HereLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("Vendor example: titles, m=d and avoid values")
    func vendorExample() throws {
        let link = try parser.parseLink("https://share.here.com/r/52.456115,13.439375,Berlin/53.0999803,8.8352297,My%20Home?m=d&a=tunnel,motorway")
        #expect(link.format == .here)
        let r = link.request
        #expect(r.source == .coordinate(Coordinate(latitude: 52.456115, longitude: 13.439375), label: "Berlin"))
        #expect(r.destination == .coordinate(Coordinate(latitude: 53.0999803, longitude: 8.8352297), label: "My Home"))
        #expect(r.mode == .car)
        #expect(r.avoid == [.highways])
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(URLTestSupport.error(
            "https://share.here.com/r/52.456115,13.439375/53.0999803,8.8352297?a=tunnel",
            parser: DirectionsURLParser(strict: true))?.code == .ignoredValue)
    }

    @Test("mylocation as any waypoint; middle segments are waypoints; title keeps commas and %2F")
    func waypoints() throws {
        let r = try parser.parse("https://share.here.com/r/mylocation/48.1,11.5,A%2FB/48.2,11.6,Invalidenstra%C3%9Fe%20116,10115%20Berlin?m=pt")
        #expect(r.source == .currentLocation)
        #expect(r.waypoints == [.coordinate(Coordinate(latitude: 48.1, longitude: 11.5), label: "A/B")])
        #expect(r.destination == .coordinate(Coordinate(latitude: 48.2, longitude: 11.6), label: "Invalidenstraße 116,10115 Berlin"))
        #expect(r.mode == nil)
        #expect(r.transportType == .transit)
        let home = try parser.parse("https://share.here.com/r/48.1,11.5/MyLocation")
        #expect(home.destination == .currentLocation)
    }

    @Test("here-route:// keeps the first waypoint's case; + is literal in paths")
    func appScheme() throws {
        let r = try parser.parse("here-route://mylocation/37.870090,-122.268150,Downtown%20Berkeley+Station?ref=x&m=w")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 37.87009, longitude: -122.26815), label: "Downtown Berkeley+Station"))
        #expect(r.mode == .pedestrian)
    }

    @Test("wego.here.com directions with an address segment")
    func wego() throws {
        let r = try parser.parse("https://wego.here.com/directions/drive/MyLocation/Munich,Hauptstra%C3%9Fe+12")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Munich,Hauptstraße 12"))
        #expect(r.mode == .car)
    }

    @Test("Modes cs and t, ferries; encoded comma is a repair")
    func modesAndRepair() throws {
        #expect(try parser.parse("https://share.here.com/r/1,2/3,4?m=cs").mode == .rideShare)
        #expect(try parser.parse("https://share.here.com/r/1,2/3,4?m=t").mode == .taxi)
        #expect(try parser.parse("https://share.here.com/r/1,2/3,4?a=boatFerry,railFerry,tollroad").avoid == [.ferries, .tolls])
        let link = try parser.parseLink("https://share.here.com/r/mylocation/52.5%2C13.4")
        #expect(link.request.destination == .coordinate(Coordinate(latitude: 52.5, longitude: 13.4), label: nil))
        #expect(link.warnings.map(\.code) == [.repairedSyntax])
    }

    @Test("Errors: one waypoint, share id, decimal comma, unknown mode, unknown avoid, not a route")
    func errors() throws {
        #expect(error("https://share.here.com/r/52.5,13.4")?.code == .missingDestination)
        #expect(error("https://share.here.com/r/mylocation/s-aWQ9Mjc2dTMz")?.code == .unresolvableOffline)
        #expect(error("https://share.here.com/r/mylocation/52,5 13,4")?.code == .malformedNumber)
        #expect(error("https://share.here.com/r/1,2/3,4?m=x")?.code == .unknownMode)
        #expect(error("https://share.here.com/r/1,2/3,4?a=stairs")?.code == .invalidParameter)
        // Issue 17: a /l/ location link is a place, from the current location; other paths are still no route.
        #expect(try parser.parse("https://share.here.com/l/52.5,13.4?z=13")
            == DirectionsRequest(destination: .coordinate(Coordinate(latitude: 52.5, longitude: 13.4), label: nil)))
        #expect(error("https://share.here.com/x/52.5,13.4?z=13")?.code == .notADirectionsLink)
        #expect(error("https://share.here.com/r/91,0/1,2")?.code == .latitudeOutOfRange)
    }

    @Test("Builder: mylocation, titles encoded, avoid order; addresses cannot be written")
    func builder() throws {
        let r = DirectionsRequest(
            destination: .coordinate(Coordinate(latitude: 53.0999803, longitude: 8.8352297), label: "My Home, 2/3"),
            mode: .bike, avoid: [.ferries, .tolls])
        let built = try DirectionsLinkBuilder.build(r, as: .here)
        #expect(built.url == "https://share.here.com/r/mylocation/53.0999803,8.8352297,My%20Home%2C%202%2F3?m=b&a=tollroad,boatFerry,railFerry")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
        #expect(throws: LinkBuildError.self) { try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Berlin")), as: .here) }
    }
}
