// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// OpenStreetMap and OsmAnd place, short-link and map-view forms (issue 17): each destination's
/// coordinate, label, precision, and the warning where there is one.
@Suite("OpenStreetMap family place and map-view forms")
struct OSMPlaceFormsTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)

    /// The destination's coordinate, label and precision; the request starts at the current location.
    func destination(_ link: ParsedLink) -> (Coordinate, String?, Endpoint.Precision)? {
        guard link.request.source == .currentLocation, case .coordinate(let c, let label, _, let p) = link.request.destination else { return nil }
        return (c, label, p)
    }

    func close(_ c: Coordinate, _ lat: Double, _ lon: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(c.latitude - lat) <= tolerance && abs(c.longitude - lon) <= tolerance
    }

    @Test("a marker is an exact place with no label, strict too; the map view beside it is not used")
    func marker() throws {
        let link = try strict.parseLink("https://www.openstreetmap.org/?mlat=-33.8568&mlon=151.2153#map=12/-33.9/151.1")
        let (c, label, precision) = try #require(destination(link))
        #expect(close(c, -33.8568, 151.2153) && label == nil && precision == .exact)
        #expect(link.warnings.isEmpty)
        #expect(link.format == .openStreetMap)
    }

    @Test("a likely typo next to a marker or a map view is a likely-typo warning (strict: the error)")
    func typos() throws {
        let url = "https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945&zooom=17"
        let link = try parser.parseLink(url)
        #expect(link.warnings.map(\.code) == [.likelyTypo])
        #expect(link.warnings.first?.parameter == "zooom")
        #expect(URLTestSupport.error(url, parser: strict)?.code == .likelyTypo)
        let view = try parser.parseLink("https://www.openstreetmap.org/?lat=59.3275&lon=18.0712&zom=15")
        #expect(Set(view.warnings.map(\.code)) == [.likelyTypo, .viewportAsDestination])
    }

    @Test("a misspelt marker alone is missing-destination naming the typo, not 'no marker'")
    func misspeltMarker() throws {
        let error = try #require(URLTestSupport.error("https://www.openstreetmap.org/?mlta=51.5055&mlon=-0.0754", parser: parser))
        #expect(error.code == .missingDestination)
        #expect(error.parameter == "mlat")
        #expect(error.message.hasSuffix("found 'mlta': did you mean 'mlat'?"))
    }

    @Test("#map=Z/LAT/LON alone is an approximate destination with one viewport-as-destination warning; strict refuses it")
    func fragmentMapView() throws {
        let url = "https://www.openstreetmap.org/#map=16/51.5007/-0.1246&layers=H"
        let link = try parser.parseLink(url)
        let (c, label, precision) = try #require(destination(link))
        #expect(close(c, 51.5007, -0.1246) && label == nil && precision == .approximate)
        #expect(link.warnings.map(\.code) == [.viewportAsDestination])
        #expect(link.warnings.first?.parameter == "map")
        #expect(URLTestSupport.error(url, parser: strict)?.code == .viewportAsDestination)
        // On osm.org and without the leading '/'.
        let short = try parser.parseLink("https://osm.org#map=5/-12.5/130.8")
        #expect(try #require(destination(short)).0 == Coordinate(latitude: -12.5, longitude: 130.8))
    }

    @Test("a map view out of range or not three numbers is an error, not a guess")
    func badMapView() {
        #expect(URLTestSupport.error("https://www.openstreetmap.org/#map=16/91.2/3.1")?.code == .latitudeOutOfRange)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/#map=16/45.2/181")?.code == .longitudeOutOfRange)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/#map=16/45.2")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/#map=16/x/3.1")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/node/123#map=16/45.2/3.1")?.code == .notADirectionsLink)
    }

    @Test("the legacy permalink ?lat=&lon=&zoom= is a map view")
    func legacyPermalink() throws {
        let url = "https://www.openstreetmap.org/?lat=59.3275&lon=18.0712&zoom=15&layers=M"
        let link = try parser.parseLink(url)
        let (c, label, precision) = try #require(destination(link))
        #expect(close(c, 59.3275, 18.0712) && label == nil && precision == .approximate)
        #expect(link.warnings.map(\.code) == [.viewportAsDestination])
        #expect(URLTestSupport.error(url, parser: strict)?.code == .viewportAsDestination)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/?lat=95&lon=18.0712&zoom=15")?.code == .latitudeOutOfRange)
        #expect(URLTestSupport.error("https://www.openstreetmap.org/?lat=abc&lon=18.0712")?.code == .malformedNumber)
    }

    @Test("short codes decode as openstreetmap-website does: the wiki's vectors, '@' as '~', trailing '-'")
    func shortCodes() throws {
        let wiki = try #require(LinkInput.withBytes(of: "0GAjIv8h") { OSMMapView.decodeShortCode($0) })
        #expect(close(wiki, 50.671530961990356, 6.09715461730957, 1e-12))
        #expect(LinkInput.withBytes(of: "wAAA--") { OSMMapView.decodeShortCode($0) } == Coordinate(latitude: 0, longitude: 0))
        let tilde = LinkInput.withBytes(of: "0GAjIv8~") { OSMMapView.decodeShortCode($0) }
        let at = LinkInput.withBytes(of: "0GAjIv8@") { OSMMapView.decodeShortCode($0) }
        #expect(tilde != nil && tilde == at)
        #expect(LinkInput.withBytes(of: "") { OSMMapView.decodeShortCode($0) } == nil)
        #expect(LinkInput.withBytes(of: "--") { OSMMapView.decodeShortCode($0) } == nil)
        #expect(LinkInput.withBytes(of: "0GA!") { OSMMapView.decodeShortCode($0) } == nil)
        #expect(OSMMapView.encodeShortCode(latitude: 50.671530961990356, longitude: 6.09715461730957, count: 8) == "0GAjIv8h")
    }

    @Test("/go/<code>?m is an exact place; /go/<code> a map view; a bad code is malformed-url")
    func shortLinks() throws {
        let marker = try strict.parseLink("https://osm.org/go/0BOdUs9e--?m")
        let (c, label, precision) = try #require(destination(marker))
        #expect(close(c, 48.85823965072632, 2.294490337371826) && label == nil && precision == .exact)
        #expect(marker.warnings.isEmpty)
        let withValue = try strict.parseLink("https://www.openstreetmap.org/go/0BOdUs9e--?m=&layers=C")
        #expect(withValue.request.destination == marker.request.destination)

        let view = try parser.parseLink("https://osm.org/go/0BOdUs9e--")
        #expect(try #require(destination(view)).2 == .approximate)
        #expect(view.warnings.map(\.code) == [.viewportAsDestination])
        #expect(URLTestSupport.error("https://osm.org/go/0BOdUs9e--", parser: strict)?.code == .viewportAsDestination)

        #expect(URLTestSupport.error("https://osm.org/go/0BO!Us9e")?.code == .malformedURL)
        #expect(URLTestSupport.error("https://osm.org/go/")?.code == .malformedURL)
        #expect(URLTestSupport.error("https://osm.org/go/0BOdUs9e/x")?.code == .malformedURL)
    }

    @Test("every encoded short code decodes back to its cell corner, within the cell")
    func shortCodeRoundTrip() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let lat = Double.random(in: -89.9...89.9, using: &g)
            let lon = Double.random(in: -179.9...179.9, using: &g)
            let code = OSMMapView.encodeShortCode(latitude: lat, longitude: lon, count: 10)
            let back = LinkInput.withBytes(of: code) { OSMMapView.decodeShortCode($0) }
            guard let back else { Issue.record("\(code) did not decode"); continue }
            #expect(back.latitude <= lat && lat - back.latitude < 180 / 1_073_741_824.0)
            #expect(back.longitude <= lon && lon - back.longitude < 360 / 1_073_741_824.0)
        }
    }
}

/// OsmAnd, Organic Maps and CoMaps place forms.
@Suite("OsmAnd and Organic Maps place and map-view forms")
struct OsmAndOrganicPlaceFormsTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)

    func destination(_ url: String, strict: Bool = true) throws -> (ParsedLink, Coordinate, String?, Endpoint.Precision) {
        let link = try (strict ? self.strict : parser).parseLink(url)
        #expect(link.request.source == .currentLocation, "\(url)")
        guard case .coordinate(let c, let label, _, let p) = link.request.destination else { throw DirectionsURLError(.missingDestination, nil, url) }
        return (link, c, label, p)
    }

    @Test("OsmAnd /go is an exact place labelled by name (form-encoded: + is a space); the pin has no label")
    func osmAndPoints() throws {
        let (go, c, label, p) = try destination("https://osmand.net/go?lat=52.3600&lon=4.8852&z=16&name=Rijks+museum%20Amsterdam")
        #expect(c == Coordinate(latitude: 52.36, longitude: 4.8852) && label == "Rijks museum Amsterdam" && p == .exact)
        #expect(go.format == .osmAnd && go.warnings.isEmpty)
        let (_, pc, pl, pp) = try destination("https://osmand.net/map/?pin=52.3600,4.8852#12/52.1/4.1")
        #expect(pc == Coordinate(latitude: 52.36, longitude: 4.8852) && pl == nil && pp == .exact)
    }

    @Test("OsmAnd /map#Z/LAT/LON alone is a map view; a route beside the view is unchanged")
    func osmAndMapView() throws {
        let (link, c, label, p) = try destination("https://osmand.net/map/#16/52.3600/4.8852", strict: false)
        #expect(c == Coordinate(latitude: 52.36, longitude: 4.8852) && label == nil && p == .approximate)
        #expect(link.warnings.map(\.code) == [.viewportAsDestination])
        #expect(URLTestSupport.error("https://osmand.net/map#16/52.3600/4.8852", parser: strict)?.code == .viewportAsDestination)
        #expect(URLTestSupport.error("https://osmand.net/map#16/52.36")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://osmand.net/map#16/95/4.8")?.code == .latitudeOutOfRange)
        let route = try strict.parse("https://osmand.net/map/?start=52.3731,4.8922&finish=52.3600,4.8852#14/52.37/4.89")
        #expect(route.source == .coordinate(Coordinate(latitude: 52.3731, longitude: 4.8922), label: nil))
        #expect(route.destination.precision == .exact)
    }

    @Test("OsmAnd writes a labelled point from here as /go, which reads back with its label")
    func osmAndGoWriter() throws {
        let r = DirectionsRequest(destination: .coordinate(Coordinate(latitude: 52.36, longitude: 4.8852), label: "Rijksmuseum & Co+"))
        let built = try DirectionsLinkBuilder.build(r, as: .osmAnd)
        #expect(built.url == "https://osmand.net/go?lat=52.36&lon=4.8852&z=16&name=Rijksmuseum+%26+Co%2B")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)
        // With a mode, or without a label, the route link as before.
        var car = r
        car.mode = .car
        #expect(try DirectionsLinkBuilder.build(car, as: .osmAnd).url.hasPrefix("https://osmand.net/map/navigate?"))
        let bare = DirectionsRequest(destination: .coordinate(Coordinate(latitude: 52.36, longitude: 4.8852), label: nil))
        #expect(try DirectionsLinkBuilder.build(bare, as: .osmAnd).url == "https://osmand.net/map/navigate?end=52.36%2C4.8852")
        let padded = DirectionsRequest(destination: .coordinate(Coordinate(latitude: 52.36, longitude: 4.8852), label: " Museum "))
        // The builder trims labels first (noted in `omitted`); the trimmed label is written.
        let trimmed = try DirectionsLinkBuilder.build(padded, as: .osmAnd)
        #expect(try strict.parse(trimmed.url).destination.name == "Museum")
    }

    @Test("om://map?ll=&n= is an exact place labelled n (+ a space)")
    func organicPoint() throws {
        let (link, c, label, p) = try destination("om://map?ll=41.3917,2.1649&n=Casa+Batll%C3%B3")
        #expect(c == Coordinate(latitude: 41.3917, longitude: 2.1649) && label == "Casa Batlló" && p == .exact)
        #expect(link.format == .organicMaps)
    }

    @Test("comaps.at carries omaps.app's ge0 codes and routes")
    func coMaps() throws {
        let (link, c, label, p) = try destination("https://comaps.at/wyoni7CFNR/Casa_Batllo")
        #expect(link.format == .ge0 && label == "Casa Batllo" && p == .exact)
        #expect(abs(c.latitude - 41.3917) < 1e-5 && abs(c.longitude - 2.1649) < 1e-5)
        let same = try strict.parse("https://omaps.app/wyoni7CFNR/Casa_Batllo")
        #expect(same == link.request)
        #expect(try strict.parse("https://www.comaps.at/wyoni7CFNR/Casa_Batllo") == link.request)
        let route = try strict.parseLink("https://comaps.at/route?sll=41.4036,2.1744&saddr=Sagrada&dll=41.3917,2.1649&daddr=Casa&type=pedestrian")
        #expect(route.format == .organicMaps)
        #expect(route.request.source == .coordinate(Coordinate(latitude: 41.4036, longitude: 2.1744), label: "Sagrada"))
        #expect(route.request.mode == .pedestrian)
        #expect(URLTestSupport.error("https://comaps.at/wyoni7CFN!")?.code == .malformedURL)
    }
}

/// Mutated place, short-link and map-view links of the OSM family, Waze and CoMaps (fixed seed): no
/// crash, every error names a reason, coordinates in range, map views approximate with their warning
/// (strict: refused), and what parses builds back, when nothing is omitted, to the same request.
@Suite("OSM family and Waze place forms robustness")
struct PlaceFormsRobustnessTests {
    static let seeds = [
        "https://www.openstreetmap.org/#map=16/51.5007/-0.1246&layers=H", "https://www.openstreetmap.org/?lat=59.3275&lon=18.0712&zoom=15",
        "https://osm.org/go/0BOdUs9e--?m", "https://osm.org/go/0GAjIv8h", "https://osmand.net/map/#16/52.3600/4.8852",
        "https://osmand.net/go?lat=52.3600&lon=4.8852&z=16&name=Rijksmuseum", "https://waze.com/ul/hu20f2z0b4z",
        "https://www.waze.com/live-map?h=u20f2z0b4", "https://comaps.at/wyoni7CFNR/Casa_Batllo", "geo:46.2044,6.1432;u=abc;u=",
    ]

    @Test func mutatedPlaceLinks() {
        let (parsed, views) = checkMutatedLinks(Self.seeds, seed: 17_0017, rounds: 10_000)
        #expect(parsed > 600)  // 841 with this seed
        #expect(views > 100)  // 162 with this seed
    }
}
