// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("geo: URIs (RFC 5870 and Android)")
struct GeoURITests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    func destination(_ url: String) throws -> Endpoint {
        let r = try parser.parse(url)
        #expect(r.source == .currentLocation)
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == nil && r.transportType == nil)
        return r.destination
    }

    // MARK: RFC 5870 examples

    @Test func rfcExamples() throws {
        #expect(try destination("geo:13.4125,103.8667") == point(13.4125, 103.8667))
        #expect(try destination("geo:48.2010,16.3695,183") == point(48.2010, 16.3695))
        #expect(try destination("geo:48.198634,16.371648;crs=wgs84;u=40") == point(48.198634, 16.371648))
        #expect(try destination("geo:90,-22.43;crs=WGS84") == point(90, -22.43))
        #expect(try destination("geo:66,30;u=6.500;FOo=this%2dthat") == point(66, 30))
        #expect(try destination("geo:22.300,-118.44") == destination("geo:22.3,-118.4400"))
    }

    @Test func schemeAndParameterNamesAreCaseInsensitive() throws {
        #expect(try destination("GEO:1.5,2.5;CRS=Wgs84;U=0") == point(1.5, 2.5))
    }

    @Test func poleAcceptsAnyLongitude() throws {
        #expect(try destination("geo:-90,179.9") == point(-90, 179.9))
    }

    @Test func negativeZero() throws {
        let d = try destination("geo:-0,-0.0")
        guard case .coordinate(let c, _, _, _) = d else { Issue.record("not a coordinate"); return }
        #expect(c.latitude.sign == .plus && c.longitude.sign == .plus)
    }

    @Test func otherCRSIsUnsupported() throws {
        let e = try #require(error("geo:52.1,5.1;crs=epsg28992"))
        #expect(e.code == .unsupportedCRS)
        #expect(e.parameter == "crs")
    }

    @Test(arguments: [
        ("geo:1,2;u=-3", DirectionsURLError.Code.invalidParameter, "u"),
        ("geo:1,2;u=abc", .malformedNumber, "u"),
        ("geo:1,2;u=1;u=2", .duplicateParameter, "u"),
        ("geo:1,2;crs=wgs84;CRS=wgs84", .duplicateParameter, "crs"),
        ("geo:1,2;foo=%zz", .malformedURL, "foo"),
        ("geo:1,2;=x", .invalidParameter, "parameters"),
    ])
    func badParameters(_ url: String, _ code: DirectionsURLError.Code, _ parameter: String) throws {
        // Strict mode keeps each error; lenient drops an invalid `u` (GeoLenientParameterTests).
        let e = try #require(URLTestSupport.error(url, parser: Self.strictParser))
        #expect(e.code == code)
        #expect(e.parameter == parameter)
    }

    /// A bare `;` (`geo:90,-22.5;`, `;;`) has no name (RFC 5870 `pname = 1*pnamechar`): lenient
    /// ignores it with a repair named `parameters`, strict refuses it with that name.
    @Test(arguments: ["geo:90,-22.5;", "geo.offline:90,-22.5;", "geo:1,2;;u=3", "geo:1,2;crs=wgs84;"])
    func emptyParameterIsARepair(_ url: String) throws {
        let parsed = try parser.parseLink(url)
        #expect(parsed.warnings.map(\.parameter) == ["parameters"])
        let e = try #require(URLTestSupport.error(url, parser: Self.strictParser))
        #expect(e.parameter == "parameters")
    }

    @Test func outOfRangeIsNeverWrapped() throws {
        let lon = try #require(error("geo:12.5,-180.01"))
        #expect(lon.code == .longitudeOutOfRange)
        #expect(lon.parameter == "coordinates")
        let lat = try #require(error("geo:91,0"))
        #expect(lat.code == .latitudeOutOfRange)
        #expect(lat.parameter == "coordinates")
    }

    @Test(arguments: ["geo:51.5x,-0.1", "geo:51.5.1,0.1", "geo:1,2,3,4", "geo:abc", "geo:1", "geo:,2"])
    func malformedPathNumbers(_ url: String) throws {
        let e = try #require(error(url))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "coordinates")
    }

    // MARK: Android extensions

    @Test func qWithCoordinatesAndLabel() throws {
        #expect(try destination("geo:0,0?q=-33.8568,151.2153(Opera%20House)")
            == point(-33.8568, 151.2153, "Opera House"))
        #expect(try destination("geo:0,0?q=-33.8568,151.2153+(Opera+House)")
            == point(-33.8568, 151.2153, "Opera House"))
    }

    @Test func qCoordinatesWinOverPath() throws {
        #expect(try destination("geo:10,10?q=20,20") == point(20, 20))
    }

    @Test func qAddressWithPlaceholder() throws {
        #expect(try destination("geo:0,0?q=10+Downing+Street%2C+London") == .address("10 Downing Street, London"))
    }

    @Test func textQWithRealCoordinatesIsTheLabel() throws {
        #expect(try destination("geo:51.5034,-0.1276?q=Number+Ten") == point(51.5034, -0.1276, "Number Ten"))
    }

    @Test func emptyQKeepsNullIsland() throws {
        #expect(try destination("geo:0,0?q=") == point(0, 0))
        #expect(try destination("geo:0,0?z=3") == point(0, 0))
    }

    @Test func plusCodes() throws {
        #expect(try destination("geo:0,0?q=9C3XGV4C+XV") == .address("9C3XGV4C+XV"))
        #expect(try destination("geo:0,0?q=GV4C+XV+London") == .address("GV4C+XV London"))
        #expect(try destination("geo:0,0?q=9C3XGV4C%2BXV") == .address("9C3XGV4C+XV"))
        // Not a Plus Code: plain form-encoded words.
        #expect(try destination("geo:0,0?q=CF+Cardiff") == .address("CF Cardiff"))
    }

    @Test func zoomAndOtherQueryParametersIgnored() throws {
        #expect(try destination("geo:45.4642,9.19?z=17&mode=w") == point(45.4642, 9.19))
    }

    @Test func labelAfterZoom() throws {
        #expect(try destination("geo:0,0?q=45.4642,9.19&z=17(Duomo)") == point(45.4642, 9.19, "Duomo"))
    }

    @Test func labelInPath() throws {
        #expect(try destination("geo:0,0(Null%20Island)") == point(0, 0, "Null Island"))
    }

    @Test func ampersandWithoutQuestionMark() throws {
        #expect(try destination("geo:-32.9,139.04&z=12") == point(-32.9, 139.04))
    }

    @Test func emptyPathWithQ() throws {
        #expect(try destination("geo:?q=35.2048,%2033.345") == point(35.2048, 33.345))
    }

    @Test func qOutOfRangeAndMalformed() throws {
        let range = try #require(error("geo:0,0?q=12,999"))
        #expect(range.code == .longitudeOutOfRange)
        #expect(range.parameter == "q")
        let bad = try #require(error("geo:0,0?q=12.3.4,5"))
        #expect(bad.code == .malformedNumber)
        #expect(bad.parameter == "q")
    }

    @Test func colonInsteadOfCommaWithoutQIsMalformed() throws {
        let e = try #require(error("geo:12:34"))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "coordinates")
    }

    @Test func noCoordinatesNoQ() throws {
        let e = try #require(error("geo:"))
        #expect(e.code == .missingDestination)
    }

    @Test func duplicateQ() throws {
        let e = try #require(error("geo:0,0?q=A&q=B"))
        #expect(e.code == .duplicateParameter)
        #expect(e.parameter == "q")
    }

    // MARK: Repairs: a warning when lenient, the error when strict

    static let strictParser = DirectionsURLParser(strict: true)

    @Test(arguments: [
        ("geo:48.2,16.3&z=12", "query", 48.2, 16.3),
        ("geo:48.2, 16.3", "coordinates", 48.2, 16.3),
        ("geo:+48.2,16.3", "coordinates", 48.2, 16.3),
        ("geo:48.2,16.3(Stephansdom)", "coordinates", 48.2, 16.3),
        ("geo:48.2%2C16.3", "coordinates", 48.2, 16.3),
        ("geo:?q=48.2,16.3", "coordinates", 48.2, 16.3),
        ("geo:0:0?q=48.2,16.3", "coordinates", 48.2, 16.3),
        ("geo:48.2,16.3;u=5;crs=wgs84", "crs", 48.2, 16.3),
        ("geo:48.2,16.3;foo=1;u=5", "u", 48.2, 16.3),
        ("geo:48.2,16.3;foo=a%20b;bar=", "bar", 48.2, 16.3),
        ("geo:48.2,16.3;foo=a{b", "foo", 48.2, 16.3),
    ])
    func repairs(_ url: String, _ parameter: String, _ lat: Double, _ lon: Double) throws {
        let link = try parser.parseLink(url)
        #expect(link.request.destination.coordinate == Coordinate(latitude: lat, longitude: lon))
        #expect(link.warnings.count == 1)
        #expect(link.warnings.first?.code == .repairedSyntax)
        #expect(link.warnings.first?.parameter == parameter)
        let e = try #require(URLTestSupport.error(url, parser: Self.strictParser))
        #expect(e.code == .repairedSyntax)
        #expect(e.parameter == parameter)
        #expect(e.message.contains("strict"))
    }

    @Test func wellFormedLinksHaveNoWarnings() throws {
        for url in [
            "geo:13.4125,103.8667", "geo:48.2010,16.3695,183", "geo:48.198634,16.371648;crs=wgs84;u=40",
            "geo:66,30;u=6.500;FOo=this%2dthat", "geo:0,0?q=Dam+Square", "geo:1,2?z=3&q=1,2(A%20b)",
            "geo:48.2,16.3;crs=wgs84;u=0;x=[a]:b&c+d$",
        ] {
            let link = try Self.strictParser.parseLink(url)
            #expect(link.warnings.isEmpty, "\(url)")
        }
    }

    // MARK: RFC 5870 equivalences and edge values

    @Test func rfcEquivalences() throws {
        // §6.4: parameter names and the crs value ignore case; numbers compare by value.
        #expect(try destination("geo:66,30;u=6.500;FOo=this%2dthat") == destination("geo:66.0,30;u=6.5;foo=this-that"))
        #expect(try destination("geo:22.300,-118.44") == destination("geo:22.3,-118.4400"))
        // At a pole any longitude is accepted and kept as written (§3.4.2); they are the same place.
        #expect(try destination("geo:90,-22.43;crs=WGS84") == point(90, -22.43))
        #expect(try destination("geo:90,46") == point(90, 46))
    }

    @Test func antimeridianKeptAsWritten() throws {
        #expect(try destination("geo:-16.5,180") == point(-16.5, 180))
        #expect(try destination("geo:-16.5,-180") == point(-16.5, -180))
        #expect(error("geo:-16.5,180.0001")?.code == .longitudeOutOfRange)
    }

    @Test func altitudeIsCheckedAndDropped() throws {
        #expect(try destination("geo:48.2,16.3,-12.5") == point(48.2, 16.3))
        #expect(error("geo:48.2,16.3,high")?.code == .malformedNumber)
    }

    @Test func decimalCommasAreNeverSplit() throws {
        let e = try #require(error("geo:41,90, 12,45"))
        #expect(e.code == .malformedNumber)
        #expect(e.parameter == "coordinates")
        let q = try #require(error("geo:0,0?q=41,90,+12,45"))
        #expect(q.code == .malformedNumber)
        #expect(q.parameter == "q")
    }

    @Test func geoOfflineIsReadTheSame() throws {
        let link = try parser.parseLink("geo.offline:0,0?q=1600+Amphitheatre+parkway&mode=b&intent=navigation")
        #expect(link.format == .geo)
        #expect(link.request.destination == .address("1600 Amphitheatre parkway"))
    }

    // MARK: Builder

    func build(_ r: DirectionsRequest) throws(LinkBuildError) -> BuiltLink { try DirectionsLinkBuilder.build(r, as: .geo) }

    @Test func buildsCoordinatesLabelsAndAddresses() throws {
        #expect(try build(DirectionsRequest(destination: point(48.8584, 2.2945))).url == "geo:48.8584,2.2945")
        #expect(try build(DirectionsRequest(destination: point(-0.0, 0.00001))).url == "geo:0,0.00001")
        #expect(try build(DirectionsRequest(destination: point(37.9715, 23.7257, "Acropolis (Athens) & more"))).url
            == "geo:37.9715,23.7257?q=37.9715,23.7257(Acropolis%20%28Athens%29%20%26%20more)")
        #expect(try build(DirectionsRequest(destination: .address("1st & Pike, Seattle"))).url
            == "geo:0,0?q=1st%20%26%20Pike%2C%20Seattle")
        #expect(try build(DirectionsRequest(destination: .address("849VCWC8+R9"))).url == "geo:0,0?q=849VCWC8%2BR9")
        #expect(try build(DirectionsRequest(destination: point(1, 2))).omitted.isEmpty)
    }

    @Test func builderOmissionsAndRefusals() throws {
        let r = DirectionsRequest(
            destination: .address("Louvre", placeID: "I123"), waypoints: [point(1, 2)], mode: .bike, avoid: [.tolls])
        let built = try build(r)
        #expect(built.url == "geo:0,0?q=Louvre")
        #expect(built.omitted.count == 4)
        #expect(built.omitted.contains { $0.hasPrefix("waypoints:") })
        #expect(built.omitted.contains { $0.hasPrefix("mode Bike:") })
        #expect(built.omitted.contains { $0.hasPrefix("destination place id:") })
        #expect(built.omitted.contains { $0.hasPrefix("avoid tolls:") })
        #expect(throws: LinkBuildError.self) { try build(DirectionsRequest(source: point(1, 2), destination: point(3, 4))) }
        do {
            _ = try build(DirectionsRequest(destination: .currentLocation))
            Issue.record("built a geo: URI to the current location")
        } catch {
            #expect(error.code == .cannotExpress)
            #expect(error.field == "destination")
        }
    }
}
