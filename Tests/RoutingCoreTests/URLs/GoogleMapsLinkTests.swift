// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google Maps URLs (api=1 directions)")
struct GoogleMapsLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double) -> Endpoint { URLTestSupport.point(lat, lon) }

    @Test func guideStyleLink() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/?api=1&origin=Sagrada+Familia+Barcelona&destination=Park+G%C3%BCell&travelmode=bicycling")
        #expect(r.source == .address("Sagrada Familia Barcelona"))
        #expect(r.destination == .address("Park Güell"))
        #expect(r.mode == .bike)
        #expect(r.transportType == .cycling)
    }

    @Test func encodedPipeAndCommaWaypoints() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/?api=1&origin=Madrid%2CSpain&destination=Seville%2CSpain"
                + "&waypoints=Toledo%2CSpain%7C38.8794%2C-6.9707&travelmode=driving")
        #expect(r.source == .address("Madrid,Spain"))
        #expect(r.waypoints == [.address("Toledo,Spain"), point(38.8794, -6.9707)])
        #expect(r.destination == .address("Seville,Spain"))
        #expect(r.mode == .car)
    }

    @Test(arguments: [
        ("driving", DirectionsMode?.some(.car), TransportType?.some(.automobile)),
        ("walking", .pedestrian, .walking),
        ("bicycling", .bike, .cycling),
        ("transit", nil, .transit),
        ("two-wheeler", .other, nil),
        ("WALKING", .pedestrian, .walking),
    ])
    func travelModes(_ value: String, _ mode: DirectionsMode?, _ transport: TransportType?) throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&destination=Porto&travelmode=\(value)")
        #expect(r.mode == mode)
        #expect(r.transportType == transport)
    }

    @Test func unknownTravelMode() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?api=1&destination=Porto&travelmode=flying"))
        #expect(e.code == .unknownMode)
        #expect(e.parameter == "travelmode")
    }

    @Test func hostsAndOriginDefault() throws {
        for host in ["google.com", "www.google.com", "maps.google.com", "WWW.Google.com"] {
            let r = try parser.parse("https://\(host)/maps/dir/?api=1&destination=Porto")
            #expect(r.source == .currentLocation)
            #expect(r.destination == .address("Porto"))
        }
    }

    @Test func withoutApiIsNotDirections() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?origin=Lisbon&destination=Porto"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "api")
        #expect(e.message.contains("api=1"))
    }

    @Test func apiMustBeOne() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?api=2&destination=Porto"))
        #expect(e.code == .invalidParameter)
        #expect(e.parameter == "api")
    }

    /// Issue 17: the map action is a map view, its centre an approximate destination (was `not-a-directions-link`).
    @Test func mapActionIsAnApproximateDestination() throws {
        let link = try parser.parseLink("https://www.google.com/maps/@?api=1&map_action=map&center=47.59,-122.33&zoom=12")
        #expect(link.format == .googlePlace)
        #expect(link.request.destination == .coordinate(Coordinate(latitude: 47.59, longitude: -122.33), label: nil, precision: .approximate))
        #expect(link.warnings.map(\.code) == [.viewportAsDestination])
        // Another api=1 path is still not a directions path.
        let e = try #require(error("https://www.google.com/maps/streetview/?api=1&center=47.59,-122.33"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.parameter == "path")
    }

    @Test func missingDestination() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?api=1&origin=Lisbon&daddr=Porto"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "destination")
        #expect(e.message.contains("did you mean 'destination'?"))
    }

    @Test func dirActionNavigateIsAcceptedOthersAreNot() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&destination=Porto&dir_action=navigate")
        #expect(r.destination == .address("Porto"))
        let e = try #require(error("https://www.google.com/maps/dir/?api=1&destination=Porto&dir_action=fly"))
        #expect(e.code == .invalidParameter)
        #expect(e.parameter == "dir_action")
    }

    @Test func emptyWaypointBetweenPipes() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?api=1&destination=Porto&waypoints=Braga||Coimbra"))
        #expect(e.code == .invalidParameter)
        #expect(e.parameter == "waypoints")
    }

    @Test func originLiteralInFrench() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&origin=Ma+position&destination=Lyon")
        #expect(r.source == .currentLocation)
    }

    @Test func plusVersusEncodedPlus() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&destination=C%2B%2B+Users+Group+Berlin")
        #expect(r.destination == .address("C++ Users Group Berlin"))
    }

    @Test func destinationOutOfRangeNamesIt() throws {
        let e = try #require(error("https://www.google.com/maps/dir/?api=1&destination=-95.1,20"))
        #expect(e.code == .latitudeOutOfRange)
        #expect(e.parameter == "destination")
    }

    @Test func placeIdsAvoidAndNavigate() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/dir/?api=1&origin=Google+Pyrmont+NSW&origin_place_id=ChIJP&destination=QVB"
                + "&destination_place_id=ChIJISz8NjyuEmsRFTQ9Iw7Ear8&waypoints=Central%7CTown+Hall&waypoint_place_ids=ChIJC%7CChIJT"
                + "&avoid=tolls,ferries&dir_action=navigate&travelmode=two-wheeler")
        #expect(link.warnings.isEmpty)
        #expect(link.request == DirectionsRequest(
            source: .address("Google Pyrmont NSW", placeID: "ChIJP"),
            destination: .address("QVB", placeID: "ChIJISz8NjyuEmsRFTQ9Iw7Ear8"),
            waypoints: [.address("Central", placeID: "ChIJC"), .address("Town Hall", placeID: "ChIJT")],
            mode: .other, avoid: [.tolls, .ferries], navigate: true))
    }

    @Test func mismatchedWaypointPlaceIdsAndUnknownAvoidAreRepairs() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/dir/?api=1&destination=QVB&waypoints=Central%7CTown+Hall&waypoint_place_ids=ChIJC&avoid=indoor")
        #expect(link.request.waypoints == [.address("Central"), .address("Town Hall")])
        #expect(link.request.avoid.isEmpty)
        #expect(link.warnings.map(\.code) == [.ignoredValue, .ignoredValue])
        #expect(link.warnings.map(\.parameter) == ["waypoint_place_ids", "avoid"])
    }

    @Test func countryDomainsAndDispatch() throws {
        for host in ["www.google.co.uk", "google.de", "maps.google.fr", "www.google.com.br"] {
            let link = try parser.parseLink("https://\(host)/maps/dir/?api=1&destination=Porto")
            #expect(link.format == .google)
            #expect(link.request.destination == .address("Porto"))
        }
    }
}
