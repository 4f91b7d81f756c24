// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Apple Map Links (legacy saddr/daddr)")
struct AppleMapsLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test func projectReferenceRoute() throws {
        let r = try parser.parse("http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(51.500652, -0.124833))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == .pedestrian)
        #expect(r.transportType == .walking)
    }

    @Test func addressesAndPlusAsSpace() throws {
        let r = try parser.parse("https://maps.apple.com/?saddr=Union+Square,+San+Francisco&daddr=Ferry%20Building")
        #expect(r.source == .address("Union Square, San Francisco"))
        #expect(r.destination == .address("Ferry Building"))
        #expect(r.mode == nil && r.transportType == nil)
    }

    @Test func encodedPlusStaysLiteral() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=Marks+%2B+Spencer+Oxford+St")
        #expect(r.destination == .address("Marks + Spencer Oxford St"))
    }

    @Test(arguments: [
        ("d", DirectionsMode?.some(.car), TransportType?.some(.automobile)),
        ("w", .pedestrian, .walking),
        ("r", nil, .transit),
        ("D", .car, .automobile),
        ("", nil, nil),
    ])
    func dirflgValues(_ flag: String, _ mode: DirectionsMode?, _ transport: TransportType?) throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=Kew+Gardens&dirflg=\(flag)")
        #expect(r.mode == mode)
        #expect(r.transportType == transport)
    }

    /// Apple: an unknown dirflg makes Maps ignore the parameter, so lenient parsing warns and strict fails.
    @Test(arguments: ["b", "x", "walk", "dw"])
    func unknownAppleDirflgIsIgnoredWithAWarning(_ flag: String) throws {
        let link = try parser.parseLink("https://maps.apple.com/?daddr=Kew+Gardens&dirflg=\(flag)")
        #expect(link.request.destination == .address("Kew Gardens"))
        #expect(link.request.mode == nil && link.request.transportType == nil)
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(link.warnings.first?.parameter == "dirflg")
        let e = try #require(URLTestSupport.error(
            "https://maps.apple.com/?daddr=Kew+Gardens&dirflg=\(flag)", parser: DirectionsURLParser(strict: true)))
        #expect(e.code == .ignoredValue)
        #expect(e.parameter == "dirflg")
    }

    @Test func pathMapsAndHttpsAndCase() throws {
        let r = try parser.parse("HTTPS://Maps.Apple.COM/maps?SADDR=40.7484,-73.9857&DADDR=40.6892,-74.0445&DirFlg=d")
        #expect(r.source == point(40.7484, -73.9857))
        #expect(r.destination == point(40.6892, -74.0445))
        #expect(r.mode == .car)
    }

    @Test func repeatedDaddrAreOrderedStops() throws {
        let r = try parser.parse(
            "https://maps.apple.com/?saddr=Lyon&daddr=Dijon&daddr=45.5,4.8&daddr=Strasbourg&dirflg=d")
        #expect(r.source == .address("Lyon"))
        #expect(r.waypoints == [.address("Dijon"), point(45.5, 4.8)])
        #expect(r.destination == .address("Strasbourg"))
    }

    @Test func saddrGivenTwiceIsDuplicate() throws {
        let e = try #require(error("https://maps.apple.com/?saddr=A&saddr=B&daddr=C"))
        #expect(e.code == .duplicateParameter)
        #expect(e.parameter == "saddr")
    }

    @Test(arguments: [
        "Current%20Location", "current+location", "My+Location", "here", "Ma+position", "Mein+Standort",
        "Mi+ubicaci%C3%B3n", "La+mia+posizione", "Minha+localiza%C3%A7%C3%A3o", "Mijn+locatie", "",
    ])
    func currentLocationLiteralsInSaddr(_ saddr: String) throws {
        let r = try parser.parse("https://maps.apple.com/?saddr=\(saddr)&daddr=47.3769,8.5417")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(47.3769, 8.5417))
    }

    @Test func missingDaddr() throws {
        let e = try #require(error("https://maps.apple.com/?saddr=Zurich&dirflg=d"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
    }

    @Test func emptyDaddrIsMissingDestination() throws {
        let e = try #require(error("https://maps.apple.com/?daddr=&dirflg=w"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
    }

    @Test(arguments: ["addr", "dadr", "destination", "Daddr2"])
    func typoedDaddrIsNamedInTheMessage(_ typo: String) throws {
        let e = try #require(error("https://maps.apple.com/?saddr=here&\(typo)=Bern"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
        #expect(e.message.contains("found '\(typo)': did you mean 'daddr'?"))
    }

    /// Issue 17: with `ll`, Apple's `q` labels the pin at `ll` (was `not-a-directions-link`).
    @Test func searchWithLlIsAPinNamedByTheQuery() throws {
        let r = try parser.parse("https://maps.apple.com/?q=coffee&ll=50.894967,4.341626")
        #expect(r == DirectionsRequest(destination: point(50.894967, 4.341626, "coffee")))
        #expect(error("https://maps.apple.com/?z=10")?.code == .notADirectionsLink)
    }

    @Test func daddrLatitudeOutOfRange() throws {
        let e = try #require(error("https://maps.apple.com/?daddr=91,10"))
        #expect(e.code == .latitudeOutOfRange)
        #expect(e.parameter == "daddr")
    }

    @Test func saddrMalformedNumber() throws {
        let e = try #require(error("https://maps.apple.com/?saddr=47.1.2,8.5&daddr=Bern"))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "saddr")
    }

    @Test func encodedCommaAndSpaceInPair() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=-33.9249%2C+18.4241")
        #expect(r.destination == point(-33.9249, 18.4241))
    }

    @Test func negativeZeroCoordinate() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=-0,-0.0")
        #expect(r.destination == point(0, 0))
    }

    @Test func unknownParametersAndFragmentAreIgnored() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=Bern&t=m&z=10&utm_source=x#top")
        #expect(r.destination == .address("Bern"))
    }

    // MARK: maps: scheme

    @Test func mapsSchemeWithQuestionMark() throws {
        let r = try parser.parse("maps:?saddr=Tate+Modern&daddr=Borough+Market&dirflg=w")
        #expect(r.source == .address("Tate Modern"))
        #expect(r.destination == .address("Borough Market"))
        #expect(r.mode == .pedestrian)
    }

    @Test func mapsSchemeWithSlashes() throws {
        let r = try parser.parse("MAPS://?daddr=48.1374,11.5755&dirflg=r")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(48.1374, 11.5755))
        #expect(r.mode == nil)
        #expect(r.transportType == .transit)
    }

    @Test func mapsSchemeWithAppleHostAndDirectionsPath() throws {
        let legacy = try parser.parse("maps://maps.apple.com/?daddr=Graz")
        #expect(legacy.destination == .address("Graz"))
        let unified = try parser.parse("maps://maps.apple.com/directions?destination=Graz&mode=cycling")
        #expect(unified.destination == .address("Graz"))
        #expect(unified.mode == .bike)
    }

    @Test func nestedMapsHttpsForm() throws {
        let r = try parser.parse(
            "maps://https://maps.apple.com/maps?saddr=52.5163,13.3777&daddr=52.5208,13.4094&daddr=52.5079,13.3376")
        #expect(r.source == point(52.5163, 13.3777))
        #expect(r.waypoints == [point(52.5208, 13.4094)])
        #expect(r.destination == point(52.5079, 13.3376))
    }

    @Test func gnomeSearchLinkIsRejected() throws {
        let e = try #require(error("maps:q=Brandenburger%20Tor"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "q")
        #expect(e.message.contains("GNOME"))
        let other = try #require(error("maps:daddr=Bern"))
        #expect(other.code == .notADirectionsLink)
        #expect(other.message.contains("maps:?"))
    }

    @Test func mapsSchemeForeignHost() throws {
        let e = try #require(error("maps://example.com/?daddr=Bern"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "host")
    }

    // MARK: Google legacy

    @Test(arguments: [
        ("d", DirectionsMode?.some(.car), TransportType?.some(.automobile)),
        ("w", .pedestrian, .walking),
        ("r", nil, .transit),
        ("b", .bike, .cycling),
        ("dh", .car, .automobile),
        ("th", nil, nil),
    ])
    func googleLegacyDirflg(_ flag: String, _ mode: DirectionsMode?, _ transport: TransportType?) throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Leeds&daddr=York&dirflg=\(flag)")
        #expect(r.source == .address("Leeds"))
        #expect(r.destination == .address("York"))
        #expect(r.mode == mode)
        #expect(r.transportType == transport)
    }

    @Test func googleLegacyUnknownAndConflictingDirflg() throws {
        #expect(error("https://maps.google.com/?daddr=York&dirflg=z")?.code == .unknownMode)
        #expect(error("https://maps.google.com/?daddr=York&dirflg=wb")?.code == .unknownMode)
    }

    @Test func googleLegacyHostsAndPaths() throws {
        for url in [
            "https://maps.google.com/?daddr=York", "https://maps.google.com/maps?daddr=York",
            "https://www.google.com/maps?daddr=York", "https://google.com/maps/?daddr=York",
        ] {
            #expect(try parser.parse(url).destination == .address("York"), "\(url)")
        }
        #expect(error("https://www.google.com/?daddr=York")?.code == .notADirectionsLink)
    }

    @Test func googleLegacyToChaining() throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Leeds&daddr=York+to:Durham+to:Newcastle")
        #expect(r.waypoints == [.address("York"), .address("Durham")])
        #expect(r.destination == .address("Newcastle"))
    }
}
