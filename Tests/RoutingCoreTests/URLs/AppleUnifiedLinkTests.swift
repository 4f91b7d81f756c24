import Testing
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
        let e = try #require(error("https://maps.apple.com/search?query=Reuterplatz"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "path")
        let short = try #require(error("https://maps.apple/p/AbCdEf"))
        #expect(short.code == .unresolvableOffline)
        #expect(short.parameter == "host")
    }
}
