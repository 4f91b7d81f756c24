// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Bing Maps links")
struct BingMapsLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("D01: '_' separates, a %255F title is one underscore, adr. address, walking")
    func d01() throws {
        let link = try parser.parseLink("bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w")
        #expect(link.format == .bing)
        #expect(link.warnings.isEmpty)
        let r = link.request
        #expect(r.source == .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: "Eiffel_Tower"))
        #expect(r.destination == .address("Louvre Museum, Paris"))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == .pedestrian)
        #expect(r.transportType == .walking)
    }

    @Test("rtp=~B starts at the current location; empty adr. too; mode letters ignore case")
    func currentLocation() throws {
        let a = try parser.parse("bingmaps:?rtp=~pos.47.6205_-122.3493&mode=D")
        #expect(a.source == .currentLocation)
        #expect(a.destination == .coordinate(Coordinate(latitude: 47.6205, longitude: -122.3493), label: nil))
        #expect(a.mode == .car)
        let b = try parser.parse("http://bing.com/maps/default.aspx?v=2&mode=T&rtp=adr.~pos.38.6522_-90.562_AMC+Classic")
        #expect(b.source == .currentLocation)
        #expect(b.destination == .coordinate(Coordinate(latitude: 38.6522, longitude: -90.562), label: "AMC Classic"))
        #expect(b.mode == nil)
        #expect(b.transportType == .transit)
    }

    @Test("Encoded separators stay data: %7E in an address, %5F via %255F only; + is literal in bingmaps:")
    func separators() throws {
        let r = try parser.parse("bingmaps:?rtp=adr.A%7EB+C~adr.Main%20St_5")
        #expect(r.source == .address("A~B+C"))
        #expect(r.destination == .address("Main St_5"))
        let web = try parser.parse("https://www.bing.com/maps?rtp=adr.One+Microsoft+Way~adr.SFO")
        #expect(web.source == .address("One Microsoft Way"))
        #expect(web.destination == .address("SFO"))
    }

    @Test("Middle points are waypoints; cp is a view, never an endpoint")
    func waypointsAndView() throws {
        let r = try parser.parse("https://www.bing.com/maps?cp=1~2&lvl=12&rtp=pos.1_2~pos.3_4~pos.5_6")
        #expect(r.source == .coordinate(Coordinate(latitude: 1, longitude: 2), label: nil))
        #expect(r.waypoints == [.coordinate(Coordinate(latitude: 3, longitude: 4), label: nil)])
        #expect(r.destination == .coordinate(Coordinate(latitude: 5, longitude: 6), label: nil))
        #expect(error("bingmaps:?cp=40.7~-74.0&lvl=10")?.code == .notADirectionsLink)
    }

    @Test("ms-drive-to and ms-walk-to: guidance from here")
    func driveTo() throws {
        let r = try parser.parse("ms-drive-to:?destination.latitude=47.680504&destination.longitude=-122.328262&destination.name=Green Lake")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 47.680504, longitude: -122.328262), label: "Green Lake"))
        #expect(r.mode == .car)
        #expect(r.navigate)
        #expect(try parser.parse("ms-walk-to:?destination.latitude=1&destination.longitude=2").mode == .pedestrian)
        #expect(error("ms-drive-to:?destination.latitude=47.6")?.parameter == "destination.longitude")
        #expect(error("ms-drive-to:?destination.latitude=147.6&destination.longitude=1")?.code == .latitudeOutOfRange)
    }

    @Test("Errors: no destination, one point, bad point, decimal comma, unknown mode")
    func errors() throws {
        #expect(error("bingmaps:?rtp=adr.Seattle~")?.code == .missingDestination)
        #expect(error("bingmaps:?rtp=adr.Seattle")?.code == .missingDestination)
        #expect(error("bingmaps:?rtp=~geo.1_2")?.code == .invalidParameter)
        #expect(error("bingmaps:?rtp=~pos.41,90_12,45")?.code == .malformedNumber)
        #expect(error("bingmaps:?rtp=~pos.1_2&mode=b")?.code == .unknownMode)
        #expect(error("bingmaps:?rtp=~pos.95_2")?.code == .latitudeOutOfRange)
        let typo = try #require(error("bingmaps:?rpt=~pos.1_2"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'rpt'"))
    }

    @Test("Builder: titles double-encode '_', ~ in text is %7E; ms-drive-to for guidance")
    func builder() throws {
        let r = DirectionsRequest(
            source: .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: "Eiffel_Tower"),
            destination: .address("Louvre~Museum, Paris"), mode: .pedestrian)
        let built = try DirectionsLinkBuilder.build(r, as: .bing)
        #expect(built.url == "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%7EMuseum%2C%20Paris&mode=w")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
        let nav = DirectionsRequest(destination: .coordinate(Coordinate(latitude: 47.68, longitude: -122.33), label: "Green Lake"), mode: .car, navigate: true)
        let navBuilt = try DirectionsLinkBuilder.build(nav, as: .bing)
        #expect(navBuilt.url == "ms-drive-to:?destination.latitude=47.68&destination.longitude=-122.33&destination.name=Green%20Lake")
        #expect(try parser.parse(navBuilt.url) == nav)
    }
}
