// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("OpenStreetMap directions links")
struct OpenStreetMapLinkTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }
    func error(_ url: String, strict: Bool = false) -> DirectionsURLError? {
        URLTestSupport.error(url, parser: strict ? self.strict : parser)
    }

    @Test("B24: empty from is the current location; to is decoded, then read as lat,lon")
    func emptyFrom() throws {
        let link = try strict.parseLink("https://www.openstreetmap.org/directions?from=&to=-33.8568%2C151.2153")
        #expect(link.format == .openStreetMap)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(-33.8568, 151.2153))
        #expect(link.request.mode == nil && link.request.transportType == nil)
        #expect(link.request.waypoints.isEmpty)
        #expect(link.warnings.isEmpty)
    }

    @Test("B34: route is lat,lon;lat,lon (not OSRM's lon,lat), encoded as a whole; engine foot is walking")
    func encodedRoute() throws {
        let link = try strict.parseLink(
            "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376")
        #expect(link.request.source == point(48.8584, 2.2945))
        #expect(link.request.destination == point(48.8606, 2.3376))
        #expect(link.request.mode == .pedestrian)
        #expect(link.request.transportType == .walking)
        #expect(link.request.waypoints.isEmpty)
    }

    @Test func rawSeparatorsViewportAndLabels() throws {
        let r = try strict.parse(
            "https://openstreetmap.org/directions?engine=graphhopper_bicycle&route=52.5163,13.3777;52.5208,13.4094&from=Brandenburger+Tor&to=52.5208,13.4094#map=15/52.51/13.39")
        #expect(r.source == point(52.5163, 13.3777, "Brandenburger Tor"))
        #expect(r.destination == point(52.5208, 13.4094))
        #expect(r.mode == .bike)
    }

    @Test func everyEngineMapsToAMode() throws {
        let expected: [String: DirectionsMode] = [
            "fossgis_osrm_car": .car, "fossgis_osrm_bike": .bike, "fossgis_osrm_foot": .pedestrian,
            "fossgis_valhalla_car": .car, "fossgis_valhalla_bicycle": .bike, "fossgis_valhalla_foot": .pedestrian,
            "graphhopper_car": .car, "graphhopper_bicycle": .bike, "graphhopper_foot": .pedestrian,
        ]
        #expect(OpenStreetMapLink.modeVocabulary.count == expected.count)
        for (engine, mode) in expected {
            let r = try strict.parse("https://www.openstreetmap.org/directions?engine=\(engine)&route=1,2;3,4")
            #expect(r.mode == mode, "\(engine)")
        }
    }

    @Test func unknownEngineIsAnIgnoredValue() throws {
        let url = "https://www.openstreetmap.org/directions?engine=osrm_tram&route=1,2;3,4"
        let link = try parser.parseLink(url)
        #expect(link.request.mode == nil)
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(link.warnings.first?.parameter == "engine")
        #expect(error(url, strict: true)?.code == .ignoredValue)
    }

    @Test func markerLinkIsAPointAndTheViewportIsNot() throws {
        let r = try strict.parse("https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.85800/2.29500")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(48.8584, 2.2945))
        // Half a marker is no marker: only the map view is left (issue 17: an approximate destination, strict error).
        #expect(error("https://www.openstreetmap.org/?mlat=48.8584#map=17/48.858/2.295", strict: true)?.code == .viewportAsDestination)
        #expect(try parser.parse("https://www.openstreetmap.org/?mlat=48.8584#map=17/48.858/2.295").destination.precision == .approximate)
        #expect(error("https://www.openstreetmap.org/?mlat=98.8584&mlon=2.2945")?.parameter == "mlat")
    }

    @Test func currentLocationLiteralIsNoLabel() throws {
        let r = try strict.parse("https://www.openstreetmap.org/directions?route=1,2;3,4&from=My+Location&to=Louvre")
        #expect(r.source == point(1, 2))
        #expect(r.destination == point(3, 4, "Louvre"))
    }

    @Test func addressesAndLiterals() throws {
        let r = try strict.parse("https://www.openstreetmap.org/directions?from=Current+Location&to=Alexanderplatz%2C+Berlin")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Alexanderplatz, Berlin"))
        let s = try strict.parse("https://www.openstreetmap.org/directions?from=Tegel&to=52.52,13.40")
        #expect(s.source == .address("Tegel"))
        #expect(s.destination == point(52.52, 13.40))
    }

    @Test func typos() throws {
        // A typo next to a usable link is a warning...
        let url = "https://www.openstreetmap.org/directions?engin=fossgis_osrm_car&route=1,2;3,4"
        let link = try parser.parseLink(url)
        #expect(link.warnings.map(\.code) == [.likelyTypo])
        #expect(link.warnings.first?.message.contains("'engine'") == true)
        #expect(error(url, strict: true)?.code == .likelyTypo)
        // ...and a missing destination whose message names the typo, in both modes.
        for strict in [false, true] {
            let e = try #require(error("https://www.openstreetmap.org/directions?from=&too=1,2", strict: strict))
            #expect(e.code == .missingDestination)
            #expect(e.message.contains("'too'"))
        }
    }

    @Test func errors() throws {
        #expect(error("https://www.openstreetmap.org/directions?route=48.8584,2.2945")?.code == .invalidParameter)
        let swapped = try #require(error("https://www.openstreetmap.org/directions?route=2.2945,48.8584;151.2,-33.8"))
        #expect(swapped.code == .latitudeOutOfRange)
        #expect(swapped.parameter == "route")
        #expect(error("https://www.openstreetmap.org/directions?route=41,90;12,45;1")?.code == .malformedNumber)
        // Issue 17: a map view alone is an approximate destination when lenient, an error when strict.
        #expect(error("https://www.openstreetmap.org/#map=15/52.51/13.39", strict: true)?.code == .viewportAsDestination)
        #expect(error("https://www.openstreetmap.org/")?.code == .notADirectionsLink)
        #expect(error("https://www.openstreetmap.org/directions")?.code == .missingDestination)
    }

    // MARK: Builder

    func build(_ r: DirectionsRequest) throws(LinkBuildError) -> BuiltLink { try DirectionsLinkBuilder.build(r, as: .openStreetMap) }

    @Test func builds() throws {
        let route = try build(DirectionsRequest(source: point(48.8584, 2.2945), destination: point(48.8606, 2.3376), mode: .pedestrian))
        #expect(route.url == "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376")
        #expect(route.omitted.isEmpty)
        let labelled = try build(DirectionsRequest(source: point(1, 2, "A & B"), destination: point(3, 4, "C+D"), mode: .car))
        #expect(labelled.url == "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=1%2C2%3B3%2C4&from=A+%26+B&to=C%2BD")
        let here = try build(DirectionsRequest(destination: point(-33.8568, 151.2153)))
        #expect(here.url == "https://www.openstreetmap.org/directions?from=&to=-33.8568,151.2153")
        let transit = try build(DirectionsRequest(destination: .address("Louvre"), transportType: .transit))
        #expect(transit.url == "https://www.openstreetmap.org/directions?from=&to=Louvre")
        #expect(transit.omitted == ["transport type Transit: OpenStreetMap has no word for it alone"])
        #expect(throws: LinkBuildError.self) { try build(DirectionsRequest(source: point(1, 2), destination: .currentLocation)) }
    }
}
