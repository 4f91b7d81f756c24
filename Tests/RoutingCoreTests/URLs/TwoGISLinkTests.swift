// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("2GIS links")
struct TwoGISLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("Web link: lon,lat order, encoded list decoded then split, object ids dropped, viewport ignored")
    func web() throws {
        let link = try parser.parseLink(
            "https://2gis.ru/moscow/directions/tab/pedestrian/points/37.703957%2C55.781822%3B4504385606385781%7C37.710476%2C55.78147%3B4504235283021850?m=37.707243%2C55.78185%2F15.8")
        #expect(link.format == .twoGIS)
        let r = link.request
        #expect(r.source == .coordinate(Coordinate(latitude: 55.781822, longitude: 37.703957), label: nil))
        #expect(r.destination == .coordinate(Coordinate(latitude: 55.78147, longitude: 37.710476), label: nil))
        #expect(r.mode == .pedestrian)
    }

    @Test("Empty first point is here; raw '|'; no tab means no mode; waypoints")
    func currentLocation() throws {
        let r = try parser.parse("https://2gis.kz/directions/points/|76.9286,43.2567")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 43.2567, longitude: 76.9286), label: nil))
        #expect(r.mode == nil)
        let w = try parser.parse("https://2gis.ru/spb/directions/tab/bus/points/30.2,59.9|30.3,59.95|30.4,60")
        #expect(w.waypoints == [.coordinate(Coordinate(latitude: 59.95, longitude: 30.3), label: nil)])
        #expect(w.transportType == .transit)
        #expect(w.mode == nil)
    }

    @Test("App routeSearch form with and without from")
    func routeSearch() throws {
        let r = try parser.parse("dgis://2gis.ru/routeSearch/rsType/car/to/37.648801,55.76009")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 55.76009, longitude: 37.648801), label: nil))
        #expect(r.mode == .car)
        let f = try parser.parse("https://2gis.ru/routeSearch/rsType/taxi/from/37.6,55.7/to/37.7,55.8")
        #expect(f.source == .coordinate(Coordinate(latitude: 55.7, longitude: 37.6), label: nil))
        #expect(f.mode == .taxi)
    }

    @Test("Errors: lat,lon given the wrong way round is never swapped; decimal comma; one point; unknown tab")
    func errors() throws {
        let swapped = try #require(error("https://2gis.ru/directions/points/|55.75,137.62"))
        #expect(swapped.code == .latitudeOutOfRange)
        #expect(error("https://2gis.ru/directions/points/|37,62,55,75")?.code == .malformedNumber)
        #expect(error("https://2gis.ru/directions/points/37.6,55.7")?.code == .missingDestination)
        #expect(error("https://2gis.ru/directions/tab/hover/points/|37.6,55.7")?.code == .unknownMode)
        #expect(error("https://2gis.ru/moscow/firm/70000001")?.code == .notADirectionsLink)
        #expect(error("dgis://2gis.ru/routeSearch/rsType/car")?.code == .missingDestination)
    }

    @Test("Builder: lon,lat, encoded list, tab word")
    func builder() throws {
        let r = DirectionsRequest(destination: .at(latitude: 43.2567, longitude: 76.9286), mode: .bike)
        let built = try DirectionsLinkBuilder.build(r, as: .twoGIS)
        #expect(built.url == "https://2gis.ru/directions/tab/bicycle/points/%7C76.9286%2C43.2567")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
    }
}
