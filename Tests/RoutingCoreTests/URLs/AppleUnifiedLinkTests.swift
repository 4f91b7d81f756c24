// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Apple Unified Map URLs (/directions)")
struct AppleUnifiedLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double) -> Endpoint { URLTestSupport.point(lat, lon) }

    @Test func fullLinkWithPlaceIds() throws {
        let r = try parser.parse(
            "https://maps.apple.com/directions?source=Rijksmuseum&source-place-id=IABC123&destination=Anne+Frank+House"
                + "&destination-place-id=IDEF456&mode=walking")
        #expect(r.source == .address("Rijksmuseum", placeID: "IABC123"))
        #expect(r.destination == .address("Anne Frank House", placeID: "IDEF456"))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == .pedestrian)
        #expect(r.transportType == .walking)
    }

    @Test func noSourceIsCurrentLocation() throws {
        let r = try parser.parse("https://maps.apple.com/directions?destination=37.7793,-122.4193")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(37.7793, -122.4193))
        #expect(r.mode == nil && r.transportType == nil)
    }

    @Test func repeatedWaypointsInOrder() throws {
        let r = try parser.parse(
            "https://maps.apple.com/directions?source=Vienna&waypoint=Linz&waypoint=48.3069,14.2858&waypoint=Salzburg"
                + "&destination=Innsbruck&mode=driving&avoid=tolls,highways&start=30")
        #expect(r.waypoints == [.address("Linz"), point(48.3069, 14.2858), .address("Salzburg")])
        #expect(r.destination == .address("Innsbruck"))
        #expect(r.mode == .car)
    }

    @Test(arguments: [
        ("driving", DirectionsMode?.some(.car), TransportType?.some(.automobile)),
        ("walking", .pedestrian, .walking),
        ("transit", nil, .transit),
        ("cycling", .bike, .cycling),
        ("Cycling", .bike, .cycling),
    ])
    func modes(_ value: String, _ mode: DirectionsMode?, _ transport: TransportType?) throws {
        let r = try parser.parse("https://maps.apple.com/directions?destination=Delft&mode=\(value)")
        #expect(r.mode == mode)
        #expect(r.transportType == transport)
    }

    @Test func unknownMode() throws {
        let e = try #require(error("https://maps.apple.com/directions?destination=Delft&mode=flying"))
        #expect(e.code == .unknownMode)
        #expect(e.parameter == "mode")
    }

    @Test func missingDestinationWithTypoHint() throws {
        let e = try #require(error("https://maps.apple.com/directions?source=Delft&destinaton=Leiden"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "destination")
        #expect(e.message.contains("found 'destinaton': did you mean 'destination'?"))
        let plain = try #require(error("https://maps.apple.com/directions?source=Delft"))
        #expect(plain.code == .missingDestination)
        let empty = try #require(error("https://maps.apple.com/directions?destination=&mode=walking"))
        #expect(empty.code == .missingDestination)
    }

    @Test func sourceCurrentLocationLiteral() throws {
        let r = try parser.parse("https://maps.apple.com/directions?source=Mijn+locatie&destination=Leiden")
        #expect(r.source == .currentLocation)
    }

    @Test func duplicateDestination() throws {
        let e = try #require(error("https://maps.apple.com/directions?destination=A&destination=B"))
        #expect(e.code == .duplicateParameter)
        #expect(e.parameter == "destination")
    }

    @Test func emptyWaypointIsInvalid() throws {
        let e = try #require(error("https://maps.apple.com/directions?waypoint=&destination=B"))
        #expect(e.code == .invalidParameter)
        #expect(e.parameter == "waypoint")
    }

    @Test func waypointOutOfRange() throws {
        let e = try #require(error("https://maps.apple.com/directions?waypoint=10,200&destination=B"))
        #expect(e.code == .longitudeOutOfRange)
        #expect(e.parameter == "waypoint")
    }

    @Test func otherApplePathsAreNotDirections() throws {
        // Issue 17: /search is read (a text query is an address); /guides is not a place.
        #expect(try parser.parse("https://maps.apple.com/search?query=Reuterplatz").destination == .address("Reuterplatz"))
        let e = try #require(error("https://maps.apple.com/guides?user=abc"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "path")
        let short = try #require(error("https://maps.apple/p/AbCdEf"))
        #expect(short.code == .unresolvableOffline)
        #expect(short.parameter == "host")
    }

    @Test func waypointPlaceIdsFollowTheirWaypoint() throws {
        let r = try parser.parse(
            "https://maps.apple.com/directions?destination=C&waypoint=A&waypoint=B&waypoint-place-id=IB&waypoint=D")
        #expect(r.waypoints == [.address("A"), .address("B", placeID: "IB"), .address("D")])
        // Grouped after all waypoints: paired in order.
        let r2 = try parser.parse(
            "https://maps.apple.com/directions?destination=C&waypoint=A&waypoint=B&waypoint-place-id=IA&waypoint-place-id=IB")
        #expect(r2.waypoints == [.address("A", placeID: "IA"), .address("B", placeID: "IB")])
        // An id with no waypoint is a repair.
        let link = try parser.parseLink("https://maps.apple.com/directions?destination=C&waypoint-place-id=IX")
        #expect(link.request.waypoints.isEmpty)
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(link.warnings.first?.parameter == "waypoint-place-id")
    }

    @Test func placeIdOnACoordinateAndWithoutItsText() throws {
        let link = try parser.parseLink(
            "https://maps.apple.com/directions?destination=48.8584,2.2945&destination-place-id=IEIFFEL&source-place-id=ILOST")
        #expect(link.request.destination == .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: nil, placeID: "IEIFFEL"))
        #expect(link.request.source == .currentLocation)
        #expect(link.warnings.map(\.parameter) == ["source-place-id"])
    }

    @Test func avoidValues() throws {
        let link = try parser.parseLink("https://maps.apple.com/directions?destination=Bern&avoid=tolls%2Chighways,stairs&mode=driving")
        #expect(link.request.avoid == [.tolls, .highways])
        #expect(link.warnings.map(\.code) == [.ignoredValue])
        #expect(link.warnings.first?.message.contains("stairs") == true)
        let strictError = URLTestSupport.error(
            "https://maps.apple.com/directions?destination=Bern&avoid=busy-roads", parser: DirectionsURLParser(strict: true))
        #expect(strictError?.code == .ignoredValue)
        #expect(strictError?.parameter == "avoid")
        let r = try parser.parse("https://maps.apple.com/directions?destination=Bern&transit-preferences=bus,ferry&start=10&mode=transit")
        #expect(r.mode == nil && r.transportType == .transit)
    }

    @Test func placeLinkIsADestination() throws {
        let link = try parser.parseLink(
            "https://maps.apple.com/place?place-id=I1E40915DF4BA1C96&address=Reuterplatz+3,+12047+Berlin,+Germany&coordinate=52.4890246,13.4295963&name=Reuterplatz")
        #expect(link.format == .appleUnified)
        #expect(link.request == DirectionsRequest(destination: .coordinate(
            Coordinate(latitude: 52.4890246, longitude: 13.4295963), label: "Reuterplatz", placeID: "I1E40915DF4BA1C96")))
        #expect(try parser.parse("https://maps.apple.com/place?address=Reuterplatz+3,+Berlin&place-id=IR").destination
            == .address("Reuterplatz 3, Berlin", placeID: "IR"))
        #expect(error("https://maps.apple.com/place?place-id=I1E40915DF4BA1C96")?.code == .unresolvableOffline)
        #expect(error("https://maps.apple.com/place?coordinate=95,13")?.code == .latitudeOutOfRange)
    }
}
