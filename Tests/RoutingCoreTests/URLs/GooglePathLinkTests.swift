// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Google path-style directions (/maps/dir/A/B/…) and data= blobs")
struct GooglePathLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test func threeNamedStopsWithViewportAndMode() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/dir/Kyiv+Railway+Station/Maidan+Nezalezhnosti/Podil,+Kyiv/@50.45,30.5,14z/data=!4m2!4m1!3e1")
        #expect(link.format == .googlePath)
        #expect(link.request.source == .address("Kyiv Railway Station"))
        #expect(link.request.waypoints == [.address("Maidan Nezalezhnosti")])
        #expect(link.request.destination == .address("Podil, Kyiv"))
        #expect(link.request.mode == nil)
    }

    @Test func emptyFirstSegmentIsCurrentLocation() throws {
        let r = try parser.parse("https://maps.google.com/maps/dir//-41.156615,174.975586")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(-41.156615, 174.975586))
        let r2 = try parser.parse("https://www.google.com/maps/dir//50.4501,30.5234/@50.45,30.52,13z")
        #expect(r2.source == .currentLocation)
        #expect(r2.destination == point(50.4501, 30.5234))
    }

    @Test func currentLocationLiteralSegment() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/Current+Location/34.99,-106.61")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(34.99, -106.61))
    }

    @Test func encodedSlashStaysInsideASegment() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/Haus+am+See%2FNord/Bahnhof/")
        #expect(r.source == .address("Haus am See/Nord"))
        #expect(r.destination == .address("Bahnhof"))
    }

    @Test func blobStopsOnlyWhenTheCountsMatch() throws {
        // Three path stops, two blob stops: the blob is not used, the names stay addresses.
        let r = try parser.parse(
            "https://www.google.com/maps/dir/A/B/C/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186")
        #expect(r.source == .address("A") && r.waypoints == [.address("B")] && r.destination == .address("C"))
        // A stop without coordinates in the blob (!1m0) stays an address; coordinates in the path win.
        let r2 = try parser.parse(
            "https://www.google.com/maps/dir/Alexanderplatz/52.5186,13.3762/Tiergarten/data=!4m12!4m11!1m0!1m3!2m2!1d1.0!2d2.0!1m3!2m2!1d13.35!2d52.5145")
        #expect(r2.source == .address("Alexanderplatz"))
        #expect(r2.waypoints == [point(52.5186, 13.3762)])
        #expect(r2.destination == point(52.5145, 13.35, "Tiergarten"))
    }

    @Test func blobParsing() {
        let blob = GoogleDataParameterProbe.stops("!3m1!4b1!4m14!4m13!1m5!1m1!1s0x0:0x1!2m2!1d2.2944813!2d48.8583701!1m5!1m1!1s0x0:0x2!2m2!1d2.3376!2d48.8606!3e2")
        #expect(blob == [Coordinate(latitude: 48.8583701, longitude: 2.2944813), Coordinate(latitude: 48.8606, longitude: 2.3376)])
        #expect(GoogleDataParameterProbe.stops("!4m2!4m1!3e0") == [])
        #expect(GoogleDataParameterProbe.stops("!3m1!4b1") == nil)
        // Out-of-range or non-decimal values are absent, never clamped.
        #expect(GoogleDataParameterProbe.stops("!4m9!4m8!1m3!2m2!1d200!2d52.5!1m3!2m2!1d1e5!2d3") == [nil, nil])
        #expect(GoogleDataParameterProbe.pin("!8m2!3d48.8583701!4d2.2944813!16s") == Coordinate(latitude: 48.8583701, longitude: 2.2944813))
        #expect(GoogleDataParameterProbe.pin("!4m99999999999999999999!1m-3!!x!3d!4d") == nil)
    }

    @Test func oneStopIsMissingDestination() throws {
        let e = try #require(error("https://www.google.com/maps/dir/Lisbon/@38.7,-9.1,12z"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "path")
    }

    @Test func badSegmentsAreNamed() throws {
        let e = try #require(error("https://www.google.com/maps/dir/Lisbon/41,15,+-8,61"))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "path")
        let bad = try #require(error("https://www.google.com/maps/dir/Lisbon/Porto%ZZ"))
        #expect(bad.code == .malformedURL)
        #expect(bad.parameter == "path")
        let empty = try #require(error("https://www.google.com/maps/dir/Lisbon//Porto"))
        #expect(empty.code == .invalidParameter)
    }
}

/// Test access to the blob reader.
enum GoogleDataParameterProbe {
    static func stops(_ blob: String) -> [Coordinate?]? { LinkInput.withBytes(of: blob) { DirectionsURLParser.GoogleDataParameter.stops($0) } }
    static func pin(_ blob: String) -> Coordinate? { LinkInput.withBytes(of: blob) { DirectionsURLParser.GoogleDataParameter.pin($0) } }
}
