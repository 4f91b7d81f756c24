// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google legacy saddr/daddr links")
struct GoogleLegacyLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test func addressAtCoordinatesUsesTheCoordinates() throws {
        let link = try parser.parseLink("https://maps.google.com/maps?f=d&saddr=My+Location&daddr=Bahnhofplatz+3,+7000+Chur@46.853582,9.529903&hl=en")
        #expect(link.format == .googleLegacy)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(46.853582, 9.529903, "Bahnhofplatz 3, 7000 Chur"))
    }

    @Test func toChainsAndRepeatedDaddr() throws {
        let r = try parser.parse("https://www.google.co.uk/maps?saddr=Leeds&daddr=Manchester+to:Birmingham+to:London")
        #expect(r.source == .address("Leeds"))
        #expect(r.waypoints == [.address("Manchester"), .address("Birmingham")])
        #expect(r.destination == .address("London"))
    }

    @Test func dirflgAvoidLetters() throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Bern&daddr=Thun&dirflg=dht")
        #expect(r.mode == .car)
        #expect(r.avoid == [.highways, .tolls])
        let r2 = try parser.parse("https://maps.google.com/?daddr=Thun&dirflag=b")
        #expect(r2.mode == .bike)
        #expect(error("https://maps.google.com/?daddr=Thun&dirflg=dx")?.code == .unknownMode)
    }

    @Test func countryDomains() throws {
        for host in ["maps.google.fr", "www.google.de", "google.com.au", "maps.google.co.jp"] {
            let link = try parser.parseLink("https://\(host)/maps?daddr=48.8584,2.2945")
            #expect(link.format == .googleLegacy)
            #expect(link.request.destination == point(48.8584, 2.2945))
        }
        for host in ["google.evil.com", "maps.google.com.evil.net", "evilgoogle.com", "google.c0m"] {
            #expect(error("https://\(host)/maps?daddr=48.8584,2.2945")?.code == .notADirectionsLink)
        }
    }

    @Test func shortLinksAreUnresolvableOffline() throws {
        for url in ["https://maps.app.goo.gl/AbCdEf123", "https://goo.gl/maps/AbCdEf123"] {
            let e = try #require(error(url))
            #expect(e.code == .unresolvableOffline)
            #expect(e.parameter == "host")
        }
        #expect(error("https://goo.gl/AbCdEf")?.code == .notADirectionsLink)
    }

    @Test func rawSpaceIsARepair() throws {
        let link = try parser.parseLink("https://maps.google.com/maps?daddr=Thun Bahnhof")
        #expect(link.request.destination == .address("Thun Bahnhof"))
        #expect(link.warnings.map(\.code) == [.repairedSyntax])
        #expect(link.warnings.first?.parameter == "daddr")
    }
}
