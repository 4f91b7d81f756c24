// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("OsmAnd web, iOS and API links")
struct OsmAndLinkTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }
    func error(_ url: String, strict: Bool = false) -> DirectionsURLError? {
        URLTestSupport.error(url, parser: strict ? self.strict : parser)
    }

    @Test("B26: the web app's finish is the destination and #zoom/lat/lon is only the viewport")
    func finishAndViewport() throws {
        let link = try strict.parseLink(
            "https://osmand.net/map/?start=51.5007,-0.1246&finish=51.5081,-0.0759&profile=car#16/51.505/-0.100")
        #expect(link.format == .osmAnd)
        #expect(link.request.source == point(51.5007, -0.1246))
        #expect(link.request.destination == point(51.5081, -0.0759))
        #expect(link.request.mode == .car)
        #expect(link.request.transportType == .automobile)
        #expect(link.request.waypoints.isEmpty)
        #expect(link.warnings.isEmpty)
    }

    @Test func navigateWithEndEncodedCommasAndParams() throws {
        let r = try strict.parse(
            "https://osmand.net/map/navigate?start=52.3731%2C4.8926&end=52.3600%2C4.8852&profile=bicycle&params=bicycle%2Cshort_way%2Cavoid_toll%2Cavoid_ferries#15/52.36/4.88")
        #expect(r.source == point(52.3731, 4.8926))
        #expect(r.destination == point(52.36, 4.8852))
        #expect(r.mode == .bike)
        #expect(r.avoid == [.tolls, .ferries])
    }

    @Test func noStartIsTheCurrentLocation() throws {
        let r = try strict.parse("https://www.osmand.net/map/navigate?end=52.36,4.8852&profile=public_transport")
        #expect(r.source == .currentLocation)
        #expect(r.mode == nil)
        #expect(r.transportType == .transit)
    }

    @Test func profiles() throws {
        let expected: [String: DirectionsMode?] = [
            "car": .car, "truck": .car, "bicycle": .bike, "pedestrian": .pedestrian, "public_transport": nil,
            "train": .train, "aircraft": .plane, "motorcycle": .other, "moped": .other, "boat": .other, "ski": .other,
            "default": nil,
        ]
        for (profile, mode) in expected {
            let r = try strict.parse("https://osmand.net/map/navigate?end=1,2&profile=\(profile)")
            #expect(r.mode == mode, "\(profile)")
        }
        let link = try parser.parseLink("https://osmand.net/map/navigate?end=1,2&profile=hovercraft")
        #expect(link.request.mode == nil)
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(error("https://osmand.net/map/navigate?end=1,2&profile=hovercraft", strict: true)?.code == .ignoredValue)
    }

    @Test func errors() throws {
        let conflict = try #require(error("https://osmand.net/map/navigate?end=1,2&finish=3,4"))
        #expect(conflict.code == .duplicateParameter)
        #expect(try parser.parse("https://osmand.net/map/navigate?end=1,2&finish=1,2").destination == point(1, 2))
        let typo = try #require(error("https://osmand.net/map/navigate?start=1,2&fnish=3,4"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'fnish'"))
        #expect(error("https://osmand.net/map/navigate?end=Paris")?.code == .malformedNumber)
        #expect(error("https://osmand.net/map/navigate?end=91,2")?.code == .latitudeOutOfRange)
        // Issue 17: the web map's view alone is an approximate destination when lenient, an error when strict.
        #expect(URLTestSupport.error("https://osmand.net/map/#16/51.505/-0.100", parser: DirectionsURLParser(strict: true))?.code == .viewportAsDestination)
        #expect(error("https://osmand.net/map/")?.code == .notADirectionsLink)
        #expect(error("https://osmand.net/blog")?.code == .notADirectionsLink)
    }

    @Test func pointLinks() throws {
        let pin = try strict.parse("https://osmand.net/map?pin=52.51628,13.37771#15/52.51628/13.37771")
        #expect(pin.destination == point(52.51628, 13.37771))
        #expect(pin.source == .currentLocation)
        #expect(try strict.parse("https://osmand.net/go?lat=45.4642&lon=9.19&z=17").destination == point(45.4642, 9.19))
        let ios = try strict.parseLink("osmandmaps://navigate?lat=45.4642&lon=9.19&z=17&title=Duomo+di+Milano")
        #expect(ios.format == .osmAnd)
        #expect(ios.request.destination == point(45.4642, 9.19, "Duomo di Milano"))
        #expect(ios.request.source == .currentLocation)
        #expect(error("osmandmaps://navigate?lat=45.4642")?.code == .missingDestination)
        let iosRoute = try strict.parseLink("osmandmaps://navigate?start=45.4642,9.19&end=45.4408,12.3155&profile=car")
        #expect(iosRoute.format == .osmAnd)
        #expect(iosRoute.request.source == point(45.4642, 9.19))
        #expect(iosRoute.request.destination == point(45.4408, 12.3155))
        #expect(iosRoute.request.mode == .car)
        #expect(error("osmandmaps://settings")?.code == .notADirectionsLink)
        #expect(error("osmandmaps://navigate?lat=45.4642&lon=east")?.parameter == "lon")
    }

    @Test func apiNavigate() throws {
        let link = try strict.parseLink(
            "osmand.api://navigate?start_lat=50.0875&start_lon=14.4213&start_name=Old+Town+Square&dest_lat=50.0865&dest_lon=14.4114&dest_name=Charles%20Bridge&profile=pedestrian&force=true")
        #expect(link.format == .osmAndAPI)
        #expect(link.request.source == point(50.0875, 14.4213, "Old Town Square"))
        #expect(link.request.destination == point(50.0865, 14.4114, "Charles Bridge"))
        #expect(link.request.mode == .pedestrian)
        let here = try strict.parse("osmand.api://navigate?dest_lat=50.0865&dest_lon=14.4114&profile=default")
        #expect(here.source == .currentLocation)
        #expect(here.mode == nil)
        #expect(error("osmand.api://navigate?start_lat=1&dest_lat=1&dest_lon=2")?.parameter == "start_lon")
        #expect(error("osmand.api://navigate?dest_lat=1&dest_lon=200")?.code == .longitudeOutOfRange)
        #expect(error("osmand.api://navigate?dest_lat=1&dest_lon=200")?.parameter == "dest_lon")
        let typo = try #require(error("osmand.api://navigate?dest_lat=1&dst_lon=2"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'dst_lon'"))
        #expect(error("osmand.api://show_gpx?name=a.gpx")?.code == .notADirectionsLink)
    }

    // MARK: Builders

    @Test func buildsWebLinks() throws {
        let built = try DirectionsLinkBuilder.build(
            DirectionsRequest(source: point(51.5007, -0.1246), destination: point(51.5081, -0.0759), mode: .car, avoid: [.tolls, .highways]),
            as: .osmAnd)
        #expect(built.url == "https://osmand.net/map/navigate?start=51.5007%2C-0.1246&end=51.5081%2C-0.0759&profile=car&params=car,avoid_toll,avoid_motorway")
        #expect(built.omitted.isEmpty)
        let bus = try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(1, 2, "Stop"), mode: .bus), as: .osmAnd)
        #expect(bus.url == "https://osmand.net/map/navigate?end=1%2C2&profile=public_transport")
        #expect(bus.omitted.count == 2)
        #expect(throws: LinkBuildError.self) { try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Paris")), as: .osmAnd) }
    }

    @Test func buildsAPILinks() throws {
        let built = try DirectionsLinkBuilder.build(
            DirectionsRequest(source: point(50.0875, 14.4213, "Old Town Square"), destination: point(50.0865, 14.4114, "Karlův most"), mode: .pedestrian),
            as: .osmAndAPI)
        #expect(built.url == "osmand.api://navigate?start_lat=50.0875&start_lon=14.4213&start_name=Old+Town+Square&dest_lat=50.0865&dest_lon=14.4114&dest_name=Karl%C5%AFv+most&profile=pedestrian")
        #expect(built.omitted.isEmpty)
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(source: .address("Home"), destination: point(1, 2)), as: .osmAndAPI)
        }
    }
}
