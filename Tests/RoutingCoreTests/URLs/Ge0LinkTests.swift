// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// The Organic Maps ge0 test vectors (`ge0/ge0_tests/parser_tests.cpp`, `url_generator_tests.cpp`),
/// rewritten: same inputs, same expected values and tolerances.
@Suite("ge0 short links")
struct Ge0LinkTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)

    /// Organic's tolerance for 9 code characters: one cell (2³ of 2³⁰−1) over 1.77.
    static let latEps = 8.0 / Double((1 << 30) - 1) * 180 / 1.77
    static let lonEps = 8.0 / Double((1 << 30) - 1) * 360 / 1.77

    func expectPoint(_ url: String, _ lat: Double, _ lon: Double, _ name: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let link = try parser.parseLink(url)
        #expect(link.format == .ge0, sourceLocation: sourceLocation)
        #expect(link.request.source == .currentLocation, sourceLocation: sourceLocation)
        guard case .coordinate(let c, let label, nil, _) = link.request.destination else {
            Issue.record("\(url): not a coordinate", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(c.latitude - lat) <= Self.latEps, "\(url) lat \(c.latitude)", sourceLocation: sourceLocation)
        #expect(abs(c.longitude - lon) <= Self.lonEps, "\(url) lon \(c.longitude)", sourceLocation: sourceLocation)
        #expect(label == name, "\(url)", sourceLocation: sourceLocation)
    }

    @Test func base64Alphabet() {
        #expect(Ge0Link.alphabet[0] == UInt8(ascii: "A"))
        #expect(Ge0Link.alphabet[1] == UInt8(ascii: "B"))
        #expect(Ge0Link.alphabet[61] == UInt8(ascii: "9"))
        #expect(Ge0Link.alphabet[62] == UInt8(ascii: "-"))
        #expect(Ge0Link.alphabet[63] == UInt8(ascii: "_"))
        for i in 0..<64 { #expect(Ge0Link.value(of: Ge0Link.alphabet[i]) == UInt8(i)) }
        #expect((0...255).filter { Ge0Link.value(of: UInt8($0)) != nil }.count == 64)
        #expect(Ge0Link.value(of: UInt8(ascii: " ")) == nil)
    }

    @Test func zoomDecoding() throws {
        #expect(Ge0Link.zoom(ofValue: 0) == 4)
        #expect(Ge0Link.zoom(ofValue: 4) == 5)
        #expect(Ge0Link.zoom(ofValue: 6) == 5.5)
        #expect(Ge0Link.zoom(ofValue: 53) == 17.25)
        #expect(Ge0Link.zoom(ofValue: 60) == 19)
        #expect(Ge0Link.zoom(ofValue: 63) == 19.75)
        try expectPoint("ge0://8wAAAAAAAA/Name", 0, 0, "Name")
        try expectPoint("ge0://AwAAAAAAAA/Name", 0, 0, "Name")
        try expectPoint("ge0://BwAAAAAAAA/Name", 0, 0, "Name")
        #expect(URLTestSupport.error("ge0://!wAAAAAAAA/Name")?.code == .malformedURL)
        #expect(URLTestSupport.error("ge0:///wAAAAAAAA/Name")?.code == .malformedURL)
    }

    @Test func latLonDecoding() throws {
        try expectPoint("ge0://Byqqqqqqqq/Name", 45, 0, "Name")
        try expectPoint("ge0://B6qqqqqqqq/Name", 90, 0, "Name")
        try expectPoint("ge0://BVVVVVVVVV/Name", -90, 179.999999, "Name")
        try expectPoint("ge0://BP________/Name", -0.000001, -0.000001, "Name")
        try expectPoint("ge0://Bzqqqqqqqq/Name", 45, 45, "Name")
        try expectPoint("ge0://BaF6F6F6F6/Name", -20, 20, "Name")
        try expectPoint("ge0://B4srhdHVVt/Name", 64.5234, 12.1234, "Name")
        try expectPoint("ge0://B_________/Name", 90, 179.999999, "Name")
        try expectPoint("ge0://Bqqqqqqqqq/Name", 90, -180, "Name")
        try expectPoint("ge0://BAAAAAAAAA/Name", -90, -180, "Name")
        for bad in ["ge0://Byqqqqqqq/Name", "ge0://Byqqqqqqq/", "ge0://Byqqqqqqq", "ge0://B", "ge0://", "ge0://AwAAAAAAAAs", "ge0://AwAAAAAAAAss"] {
            let e = try #require(URLTestSupport.error(bad), "\(bad)")
            #expect(e.code == .malformedURL)
            #expect(e.parameter == "code")
        }
    }

    @Test func nameDecoding() throws {
        try expectPoint("ge0://AwAAAAAAAA/Super_Poi", 0, 0, "Super Poi")
        try expectPoint("ge0://AwAAAAAAAA/Super%5FPoi", 0, 0, "Super Poi")
        try expectPoint("ge0://AwAAAAAAAA/Super%5fPoi", 0, 0, "Super Poi")
        try expectPoint("ge0://AwAAAAAAAA/Super Poi", 0, 0, "Super_Poi")
        try expectPoint("ge0://AwAAAAAAAA/Super%20Poi", 0, 0, "Super_Poi")
        try expectPoint("ge0://AwAAAAAAAA/%d0%9c%d0%b8%d0%bd%d1%81%d0%ba_%d1%83%d0%bb._%d0%9b%d0%b5%d0%bd%d0%b8%d0%bd%d0%b0_9", 0, 0, "Минск ул. Ленина 9")
        try expectPoint("ge0://AwAAAAAAAA/z%c3%bcrich_bahnhofstrasse", 0, 0, "zürich bahnhofstrasse")
        try expectPoint("ge0://AwAAAAAAAA/%e5%8c%97%e4%ba%ac_or_B%c4%9bij%c4%abng%3F", 0, 0, "北京 or Běijīng?")
        try expectPoint("ge0://AwAAAAAAAA/строка_в_ютф-8", 0, 0, "строка в ютф-8")
        try expectPoint("ge0://AwAAAAAAAA/", 0, 0, nil)
        try expectPoint("ge0://AwAAAAAAAA", 0, 0, nil)
        try expectPoint("ge0://AwAAAAAAAA/s", 0, 0, "s")
    }

    @Test func clippedNamesAreRepairs() throws {
        for (url, name) in [
            ("ge0://AwAAAAAAAA/Name%", "Name"), ("ge0://AwAAAAAAAA/Name%2", "Name"),
            ("ge0://AwAAAAAAAA/Hello%%%%%%%%%", "Hello"), ("ge0://AwAAAAAAAA/Hello%%%%%%%%%World", "Hello"),
            ("ge0://AwAAAAAAAA/Super%5", "Super"),
        ] {
            let link = try parser.parseLink(url)
            #expect(link.request.destination.name == name, "\(url)")
            #expect(link.warnings.map(\.code) == [.repairedSyntax])
            #expect(URLTestSupport.error(url, parser: strict)?.code == .repairedSyntax)
        }
        try expectPoint("ge0://AwAAAAAAAA/Super%5f", 0, 0, "Super ")
    }

    @Test func otherPrefixes() throws {
        try expectPoint("http://omaps.app/Byqqqqqqqq/Name", 45, 0, "Name")
        try expectPoint("https://omaps.app/Byqqqqqqqq/Name", 45, 0, "Name")
        try expectPoint("https://omaps.app/AwAAAAAAAA/Super%5fPoi", 0, 0, "Super Poi")
        try expectPoint("https://omaps.app/Byqqqqqqqq", 45, 0, nil)
        try expectPoint("om://Byqqqqqqqq/Name", 45, 0, "Name")
        try expectPoint("http://ge0.me/Byqqqqqqqq/Name", 45, 0, "Name")
        try expectPoint("https://ge0.me/Byqqqqqqqq/Name", 45, 0, "Name")
        #expect(URLTestSupport.error("https://omaps.app/Byqqqqqqq")?.code == .malformedURL)
        #expect(URLTestSupport.error("https://omapz.app/Byqqqqqqqq/Name")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("om://search?cll=1,2&query=cafe")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://omaps.app/")?.code == .notADirectionsLink)
    }

    @Test func clearCoordinates() throws {
        let link = try strict.parseLink("https://omaps.app/54.683486,25.289361/Forto_dvaras?z=14")
        #expect(link.format == .ge0)
        #expect(link.request.destination == URLTestSupport.point(54.683486, 25.289361, "Forto dvaras"))
        #expect(URLTestSupport.error("https://omaps.app/94.0,25.2")?.code == .latitudeOutOfRange)
    }

    // MARK: Encoding (url_generator_tests.cpp)

    @Test func latitudeAndLongitudeIntegers() {
        #expect(Ge0Link.latitudeInteger(0, maxValue: 998) == 499)
        #expect(Ge0Link.latitudeInteger(0, maxValue: 999) == 500)
        #expect(Ge0Link.latitudeInteger(0, maxValue: 1000) == 500)
        #expect(Ge0Link.latitudeInteger(0, maxValue: 1001) == 501)
        #expect(Ge0Link.latitudeInteger(89.9, maxValue: 1000) == 999)
        #expect(Ge0Link.latitudeInteger(89.999999, maxValue: 1000) == 1000)
        #expect(Ge0Link.latitudeInteger(370, maxValue: 1000) == 1000)
        #expect(Ge0Link.latitudeInteger(-89.9, maxValue: 1000) == 1)
        #expect(Ge0Link.latitudeInteger(-89.999999, maxValue: 1000) == 0)
        #expect(Ge0Link.latitudeInteger(-370, maxValue: 1000) == 0)
        #expect([-90, -45.1, -45, 0, 44.9, 45, 90].map { Ge0Link.latitudeInteger($0, maxValue: 2) } == [0, 0, 1, 1, 1, 2, 2])
        #expect([0.0, 20, 90, 179, 180, -180, -179, -20, 360, 720, -360, -720, 539, 540, 180, 181].map(Ge0Link.longitudeIn180)
            == [0, 20, 90, 179, -180, -180, -179, -20, 0, 0, 0, 0, 179, -180, -180, -179])
        #expect([-180, -135.1, -135, -90, -60.1, -45.1, -45, 0, 44.9, 45, 120, 134.9, 135].map { Ge0Link.longitudeInteger($0, maxValue: 3) }
            == [0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0])
        #expect([997, 998, 999, 1000, 1001].map { Ge0Link.longitudeInteger(0, maxValue: $0) } == [499, 500, 500, 501, 501])
        #expect([997, 998, 999, 1000, 1001].map { Ge0Link.longitudeInteger(360, maxValue: $0) } == [499, 500, 500, 501, 501])
        #expect([-180, 180, -540, 540].map { Ge0Link.longitudeInteger($0, maxValue: 1000) } == [0, 0, 0, 0])
    }

    @Test func latLonToString() {
        #expect(Ge0Link.encodeLatLon(latitude: -90, longitude: -180) == "AAAAAAAAA")
        #expect(Ge0Link.encodeLatLon(latitude: 90, longitude: -180) == "qqqqqqqqq")
        #expect(Ge0Link.encodeLatLon(latitude: 90, longitude: 179.999999) == "_________")
        #expect(Ge0Link.encodeLatLon(latitude: -90, longitude: 179.999999) == "VVVVVVVVV")
        #expect(Ge0Link.encodeLatLon(latitude: 0, longitude: 0) == "wAAAAAAAA")
        #expect(Ge0Link.encodeLatLon(latitude: 90, longitude: 0) == "6qqqqqqqq")
        #expect(Ge0Link.encodeLatLon(latitude: -0.000001, longitude: -0.000001) == "P________")
        // Shorter codes are prefixes of longer ones.
        var lat = -95.0
        while lat <= 95 {
            var lon = -190.0
            while lon < 190 {
                let full = Ge0Link.encodeLatLon(latitude: lat, longitude: lon, count: 10)
                for n in 1..<10 { #expect(Ge0Link.encodeLatLon(latitude: lat, longitude: lon, count: n) == String(full.prefix(n))) }
                lon += 9.1
            }
            lat += 7.3
        }
    }

    @Test func shortLinks() {
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "Name") == "om://8wAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "") == "om://8wAAAAAAAA")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 2, name: "Name") == "om://AwAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: -5, name: "Name") == "om://AwAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 20, name: "Name") == "om://_wAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 2_000_000_000, name: "Name") == "om://_wAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 8.25, name: "Name") == "om://RwAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 8.499, name: "Name") == "om://RwAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 8.5, name: "Name") == "om://SwAAAAAAAA/Name")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "Hello World") == "om://8wAAAAAAAA/Hello_World")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "'Hello,World!%$") == "om://8wAAAAAAAA/%27Hello%2CWorld%21%25%24")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "Hello_World") == "om://8wAAAAAAAA/Hello%20World")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "Hello\tWorld\n") == "om://8wAAAAAAAA/Hello%09World%0A")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "\u{2604}") == "om://8wAAAAAAAA/\u{2604}")
        #expect(Ge0Link.shortLink(latitude: 0, longitude: 0, zoom: 19, name: "Back_in \u{2604}!юм") == "om://8wAAAAAAAA/Back%20in_\u{2604}%21юм")
    }

    @Test func convergence() {
        // Encoding and decoding 1,000 times stays within the tolerance (Organic runs 100,000).
        for (lat0, lon0) in [(0.0, 0.0), (1.111111, 2.11111), (-1.111111, -2.11111), (-90, -179.999999), (-88.12313, 80.4532999999)] {
            var lat = lat0
            var lon = lon0
            for _ in 0..<1000 {
                let code = Array(Ge0Link.encodeLatLon(latitude: lat, longitude: lon).utf8)
                let c = Ge0Link.decodeLatLon(code)!
                lat = c.latitude
                lon = c.longitude
            }
            #expect(abs(lat - lat0) <= Self.latEps && abs(lon - lon0) <= Self.lonEps, "\(lat0),\(lon0)")
        }
    }

    @Test func builder() throws {
        let built = try DirectionsLinkBuilder.build(DirectionsRequest(destination: URLTestSupport.point(0, 0, "Null Island")), as: .ge0)
        #expect(built.url == "https://omaps.app/wwAAAAAAAA/Null_Island")
        // 0,0 is not the centre of its cell: the decoded centre is reported.
        #expect(built.omitted.count == 1)
        let parsed = try parser.parse(built.url)
        let again = try DirectionsLinkBuilder.build(parsed, as: .ge0)
        #expect(again.url == built.url)
        #expect(again.omitted.isEmpty)
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Vilnius")), as: .ge0)
        }
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(destination: URLTestSupport.point(.nan, 2)), as: .ge0)
        }
        // Non-finite values never trap the encoder.
        #expect(Ge0Link.encodeLatLon(latitude: .nan, longitude: .infinity) == "AAAAAAAAA")
    }
}
