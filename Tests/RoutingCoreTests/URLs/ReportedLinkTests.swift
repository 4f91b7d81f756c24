import Testing
@testable import RoutingCore

/// One test per failure shape reported in the wild (ids refer to the shared URL case notes). The fixtures
/// are our own places; only the shape of each broken or tricky link is reproduced.
@Suite("Links that broke other parsers")
struct ReportedLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test("B16: 'Current Location' (%20) as saddr on Apple")
    func appleCurrentLocationLiteral() throws {
        let r = try parser.parse("http://maps.apple.com/?saddr=Current%20Location&daddr=41.4036,2.1744")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(41.4036, 2.1744))
        #expect(r.mode == nil)
    }

    @Test("B17: 'Current+Location' as saddr on legacy Google, address destination")
    func googleCurrentLocationLiteral() throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Current+Location&daddr=Sagrada+Fam%C3%ADlia%2C+Barcelona")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Sagrada Família, Barcelona"))
        #expect(r.mode == nil)
    }

    @Test("B19: typo 'addr' is an error that names 'daddr'")
    func addrTypo() throws {
        let e = try #require(error("https://maps.google.com/?saddr=&addr=Brooklyn+Bridge"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
        #expect(e.message.contains("'addr'"))
        #expect(e.message.contains("did you mean 'daddr'?"))
    }

    @Test("B28: nested maps://https:// with repeated daddr")
    func nestedMultiStop() throws {
        let r = try parser.parse(
            "maps://https://maps.apple.com/maps?saddr=48.8606,2.3376&daddr=48.8530,2.3499&daddr=48.8867,2.3431")
        #expect(r.source == point(48.8606, 2.3376))
        #expect(r.waypoints == [point(48.8530, 2.3499)])
        #expect(r.destination == point(48.8867, 2.3431))
    }

    @Test("B30: raw '|' between Google waypoints with dir_action=navigate")
    func rawPipeWaypoints() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/?api=1&origin=52.3676,4.9041&destination=50.8503,4.3517"
                + "&waypoints=52.0907,5.1214|51.4416,5.4697&travelmode=driving&dir_action=navigate")
        #expect(r.source == point(52.3676, 4.9041))
        #expect(r.waypoints == [point(52.0907, 5.1214), point(51.4416, 5.4697)])
        #expect(r.destination == point(50.8503, 4.3517))
        #expect(r.mode == .car)
        #expect(r.transportType == .automobile)
    }

    @Test("B31: '%2C+' before a negative longitude stays a coordinate")
    func encodedCommaPlusSpace() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&destination=34.1016%2C+-118.3267")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(34.1016, -118.3267))
        #expect(r.mode == nil)
    }

    @Test("B41: unified Apple link with hyphenated place-id parameters")
    func unifiedWithPlaceIds() throws {
        let r = try parser.parse(
            "https://maps.apple.com/directions?source=Tate+Modern&source-place-id=I0000AAAA1111&destination=British+Museum"
                + "&destination-place-id=I2222BBBB3333&mode=walking")
        #expect(r.source == .address("Tate Modern", placeID: "I0000AAAA1111"))
        #expect(r.destination == .address("British Museum", placeID: "I2222BBBB3333"))
        #expect(r.mode == .pedestrian)
    }

    @Test("B42: legacy Apple daddr-only link still parses")
    func legacyDaddrOnly() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=40.7527,-73.9772")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(40.7527, -73.9772))
        #expect(r.mode == nil && r.transportType == nil)
    }

    @Test("B45: Apple-style maps:? link, not GNOME's maps:q=")
    func appleStyleMapsScheme() throws {
        let r = try parser.parse("maps:?saddr=Ponte+Vecchio&daddr=Uffizi+Gallery&dirflg=w")
        #expect(r.source == .address("Ponte Vecchio"))
        #expect(r.destination == .address("Uffizi Gallery"))
        #expect(r.mode == .pedestrian)
    }
}
