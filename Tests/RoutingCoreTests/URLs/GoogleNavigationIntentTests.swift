// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google Maps for Android google.navigation: intents")
struct GoogleNavigationIntentTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test func guideExample() throws {
        let link = try parser.parseLink("google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf")
        #expect(link.format == .googleNavigation)
        #expect(link.request == DirectionsRequest(
            destination: .address("Taronga Zoo, Sydney Australia"), mode: .bike, avoid: [.tolls, .ferries], navigate: true))
    }

    @Test(arguments: [
        ("d", DirectionsMode?.some(.car), TransportType?.some(.automobile)),
        ("b", .bike, .cycling), ("l", .other, nil), ("w", .pedestrian, .walking), ("", nil, nil),
    ])
    func modes(_ value: String, _ mode: DirectionsMode?, _ transport: TransportType?) throws {
        let r = try parser.parse("google.navigation:q=-33.8432,151.2413&mode=\(value)")
        #expect(r.source == .currentLocation)
        #expect(r.destination == URLTestSupport.point(-33.8432, 151.2413))
        #expect(r.mode == mode && r.transportType == transport)
    }

    @Test func errorsAndRepairs() throws {
        #expect(error("google.navigation:q=Bondi&mode=r")?.code == .unknownMode)
        let missing = try #require(error("google.navigation:mode=w"))
        #expect(missing.code == .missingDestination && missing.parameter == "q")
        let link = try parser.parseLink("google.navigation:q=Bondi&avoid=tx")
        #expect(link.request.avoid == [.tolls])
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(URLTestSupport.error("google.navigation:q=Bondi&avoid=tx", parser: DirectionsURLParser(strict: true))?.code == .ignoredValue)
    }

    /// A piece with an empty name (`=e`, found by the fuzz test) is reported as `query`, never as "".
    @Test func emptyParameterName() throws {
        let strict = DirectionsURLParser(strict: true)
        for url in ["google.navigation:=e", "google.navigation:q=Bondi&=a b", "google.navigation:=a b&q=Bondi"] {
            for p in [parser, strict] {
                if let e = URLTestSupport.error(url, parser: p) { #expect(e.parameter != "", "\(url)") }
            }
        }
        let link = try parser.parseLink("google.navigation:q=Bondi&=a b")
        #expect(link.warnings.map(\.code) == [.repairedSyntax] && link.warnings.map(\.parameter) == ["query"])
        #expect(URLTestSupport.error("google.navigation:q=Bondi&=a b", parser: strict)?.parameter == "query")
    }
}
