// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Yandex Maps links")
struct YandexMapsLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test("B33: ll is a lon,lat viewport, never an endpoint; empty first rtext point is here; pd walks")
    func b33() throws {
        let link = try parser.parseLink("https://yandex.ru/maps/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd")
        #expect(link.format == .yandex)
        #expect(link.warnings.isEmpty)
        let r = link.request
        #expect(r.source == .currentLocation)
        #expect(r.destination == .coordinate(Coordinate(latitude: 55.7539, longitude: 37.6208), label: nil))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == .pedestrian)
        #expect(r.transportType == .walking)
    }

    @Test("Country hosts, region paths and the app scheme")
    func hosts() throws {
        for url in [
            "https://yandex.com/maps/?rtext=59.9386,30.3141~59.9343,30.3351&rtt=auto",
            "https://www.yandex.com.tr/maps/?rtext=59.9386,30.3141~59.9343,30.3351&rtt=auto",
            "https://yandex.kz/maps/213/moscow/?rtext=59.9386,30.3141~59.9343,30.3351&rtt=auto",
            "https://yandex.by/maps/2/saint-petersburg?rtext=59.9386,30.3141~59.9343,30.3351&rtt=auto",
            "yandexmaps://maps.yandex.ru/?rtext=59.9386,30.3141~59.9343,30.3351&rtt=auto",
        ] {
            let r = try parser.parse(url)
            #expect(r.source == .coordinate(Coordinate(latitude: 59.9386, longitude: 30.3141), label: nil), "\(url)")
            #expect(r.destination == .coordinate(Coordinate(latitude: 59.9343, longitude: 30.3351), label: nil), "\(url)")
            #expect(r.mode == .car)
        }
        #expect(error("https://yandex.ru/search/?text=maps")?.code == .notADirectionsLink)
        #expect(error("https://yandex.xyz/maps/?rtext=1,2~3,4")?.code == .notADirectionsLink)
    }

    @Test("Waypoints, address points, transit and bike words")
    func points() throws {
        let r = try parser.parse("https://yandex.ru/maps/?rtext=55.75,37.61~Tverskaya+7%2C+Moscow~55.7,37.5&rtt=mt")
        #expect(r.waypoints == [.address("Tverskaya 7, Moscow")])
        #expect(r.mode == nil)
        #expect(r.transportType == .transit)
        #expect(try parser.parse("https://yandex.ru/maps/?rtext=~55.7,37.5&rtt=bc").mode == .bike)
        #expect(try parser.parse("https://yandex.ru/maps/?rtext=~55.7,37.5").mode == nil)
    }

    @Test("An encoded ~ stays data inside a point")
    func encodedTilde() throws {
        let r = try parser.parse("https://yandex.ru/maps/?rtext=~Cafe%7EBar")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Cafe~Bar"))
    }

    @Test("Errors: map-only link, no destination, one point, decimal comma, unknown rtt")
    func errors() throws {
        // Issue 17: a marker (pt) is a place, from the current location; a link with no point at all is still no directions link.
        #expect(try parser.parse("https://yandex.ru/maps/?ll=37.6208,55.7539&z=16&pt=37.6208,55.7539")
            == DirectionsRequest(destination: .coordinate(Coordinate(latitude: 55.7539, longitude: 37.6208), label: nil)))
        #expect(error("https://yandex.ru/maps/?z=16&l=map")?.code == .notADirectionsLink)
        #expect(error("https://yandex.ru/maps/?rtext=55.7,37.5~")?.code == .missingDestination)
        #expect(error("https://yandex.ru/maps/?rtext=55.7,37.5")?.code == .missingDestination)
        #expect(error("https://yandex.ru/maps/?rtext=~55,7539,37,6208")?.code == .malformedNumber)
        #expect(error("https://yandex.ru/maps/?rtext=~55.7,37.5&rtt=hover")?.code == .unknownMode)
        let typo = try #require(error("https://yandex.ru/maps/?rtxt=~55.7,37.5"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'rtxt'"))
    }

    @Test("Builder: lat,lon points with %2C, empty first point for here")
    func builder() throws {
        let r = DirectionsRequest(destination: .at(latitude: 55.7539, longitude: 37.6208), mode: .pedestrian)
        let built = try DirectionsLinkBuilder.build(r, as: .yandex)
        #expect(built.url == "https://yandex.ru/maps/?rtext=~55.7539%2C37.6208&rtt=pd")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == r)
        let bus = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("A~B"), mode: .bus), as: .yandex)
        #expect(bus.url == "https://yandex.ru/maps/?rtext=~A%7EB&rtt=mt")
        #expect(bus.omitted.count == 1)
    }
}

extension YandexMapsLinkTests {
    @Test("Yandex Navigator: separate numbers, via points in order, no from is here, car")
    func navigator() throws {
        let r = try parser.parse("yandexnavi://build_route_on_map?lat_to=55.76&lon_to=37.64&lat_via_1=55.755&lon_via_1=37.63&lat_via_0=55.75&lon_via_0=37.62")
        #expect(r.source == .currentLocation)
        #expect(r.waypoints == [.coordinate(Coordinate(latitude: 55.75, longitude: 37.62), label: nil),
                                .coordinate(Coordinate(latitude: 55.755, longitude: 37.63), label: nil)])
        #expect(r.destination == .coordinate(Coordinate(latitude: 55.76, longitude: 37.64), label: nil))
        #expect(r.mode == .car)
        let f = try parser.parse("yandexnavi://build_route_on_map?lat_from=55.74&lon_from=37.60&lat_to=55.76&lon_to=37.64")
        #expect(f.source == .coordinate(Coordinate(latitude: 55.74, longitude: 37.6), label: nil))
        #expect(error("yandexnavi://build_route_on_map?lat_to=55.76")?.parameter == "lon_to")
        #expect(error("yandexnavi://build_route_on_map?lat_to=55,76&lon_to=37,64")?.code == .malformedNumber)
        #expect(error("yandexnavi://build_route_on_map?lat_from=55.7&lon_from=37.6")?.code == .missingDestination)
        // Issue 17: a point shown on the map is a place (from the current location); other actions are still no route.
        #expect(try parser.parse("yandexnavi://show_point_on_map?lat=55.7&lon=37.6")
            == DirectionsRequest(destination: .coordinate(Coordinate(latitude: 55.7, longitude: 37.6), label: nil)))
        #expect(error("yandexnavi://map_search?text=cafe")?.code == .notADirectionsLink)
    }
}
