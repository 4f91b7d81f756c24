// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore
import StrictJSON

/// Separators in outside input are found by byte. Swift compares `Character`s by canonical
/// equivalence: U+037E GREEK QUESTION MARK is equal to `;`, U+1FEF to a backtick, U+212A KELVIN SIGN
/// to `K`, and a combining mark after a `;` makes a `Character` that is not `;`. A parser that looks
/// for `;` by `Character` and then steps one byte over it hangs on U+037E (issue 14: `geo:` + U+037E
/// spun the daemon's loop with growing memory); one that splits by `Character` reads U+037E as a
/// separator and misses a `;` followed by a combining mark.
@Suite("Delimiters are found by byte, never by Character")
struct DelimiterBytesTests {
    /// One or more links of every format, each with several delimiters.
    static let links: [String] = [
        "geo:",
        "geo:48.198634,16.371648;crs=wgs84;u=40",
        "geo:37.8199,-122.4783?q=37.8199,-122.4783(Golden%20Gate%20Bridge)&z=19",
        "geo:0,0?q=1600+Amphitheatre+Parkway%2C+Mountain+View%2C+CA",
        "geo:48.2,16.3&z=3;u=1#frag",
        "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.19%7C46.2044,6.1432|47.1,8.2&waypoint_place_ids=a|b|c&travelmode=driving&dir_action=navigate&avoid=tolls,ferries",
        "https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle+to:Pike+Place&dirflg=w",
        "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186",
        "https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2922926,17z/data=!3m1!4b1!4m6!3m5!8m2!3d48.8583701!4d2.2944813",
        "https://maps.google.com/maps?q=loc:48.8584,2.2945+(Tour)",
        "https://maps.google.com/maps?q=Tour@48.8584,2.2945",
        "comgooglemaps://?saddr=&daddr=40.6413,-73.7781&directionsmode=driving",
        "comgooglemapsurl://maps.google.com/?daddr=40.6413,-73.7781",
        "google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf#x",
        "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w",
        "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058",
        "maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w",
        "maps:q=Coffee",
        "https://maps.apple.com/directions?destination=37.7793%2C-122.4193&waypoint=37.8024%2C-122.4058&mode=driving&avoid=tolls,highways",
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945;48.8606%2C2.3376;48.87,2.34#map=14/48.8595/2.3161",
        "https://osmand.net/map/navigate?start=51.5007%2C-0.1246&end=51.5081%2C-0.0759&profile=car&params=avoid_toll,avoid_ferries#15/51.505/-0.1",
        "osmand.api://navigate?start_lat=51.5007&start_lon=-0.1246&dest_lat=51.5081&dest_lon=-0.0759&dest_name=Tower%20of%20London&profile=pedestrian",
        "om://route?v=1&sll=48.8584,2.2945&saddr=Eiffel%20Tower&dll=48.8606,2.3376&daddr=Louvre&type=pedestrian",
        "om://v2/dir?destination=48.8606,2.3376&waypoints=48.85,2.29|48.86,2.30&waypoint_names=A|B&avoid=tolls,ferries",
        "https://omaps.app/v2/nav?destination=48.8606,2.3376",
        "https://omaps.app/48.8584,2.2945/Eiffel_Tower",
        "ge0://w4CNuoeWlv/Eiffel_Tower?x#y",
        "https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes&zoom=17",
        "https://www.waze.com/en/live-map/directions?to=ll.48.8584,2.2945&from=place.abc",
        "https://citymapper.com/directions?endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London&arrival_time=2030-08-06T21%3A00%2B01%3A00",
        "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w",
        "https://share.here.com/r/52.5163,13.3777,Brandenburg%20Gate/52.5186,13.3762?m=w&a=tollroad,motorway",
        "here-route://52.5163,13.3777,Gate/52.5186,13.3762?m=w#x",
        "https://yandex.ru/maps/213/moscow/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd",
        "yandexnavi://build_route_on_map?lat_to=55.75&lon_to=37.62&lat_via_0=55.7&lon_via_0=37.6",
        "https://2gis.ru/moscow/directions/points/37.6208%2C55.7539%7C37.6176%2C55.7558",
        "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&dest_name=Times%20Square&orig_lat=40.7484&orig_lon=-73.9857",
        "<https://maps.apple.com/?daddr=1,2>",
    ]

    /// Bytes that separate something in one format or another.
    static let delimiters = Set(";,/?#&=|()!:@.~_+%<>\"'".utf8)

    /// Each link with, at every delimiter byte in turn: U+037E, U+1FEF and U+212A (canonically `;`,
    /// a backtick and `K`) in its place; a combining acute accent or a combining long solidus overlay
    /// after it; a combining mark before it. Plus the link followed by U+037E and by `;` + U+0301.
    static func variants(_ link: String) -> [String] {
        let scalars = Array(link.unicodeScalars)
        var out = [link + "\u{037E}", link + ";\u{0301}", link + "\u{0301}"]
        func text(_ s: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(s)) }
        for (i, s) in scalars.enumerated() where s.isASCII && delimiters.contains(UInt8(s.value)) {
            for trap: Unicode.Scalar in ["\u{037E}", "\u{1FEF}", "\u{212A}"] {
                var v = scalars
                v[i] = trap
                out.append(text(v))
            }
            for mark: Unicode.Scalar in ["\u{0301}", "\u{0338}"] {
                var after = scalars
                after.insert(mark, at: i + 1)
                out.append(text(after))
            }
            var before = scalars
            before.insert("\u{0301}", at: i)
            out.append(text(before))
        }
        return out
    }

    /// Every variant of every link comes back from both parsers, lenient and strict, with a result or
    /// an error. (Before the fix, `geo:` followed by U+037E never returned: with the time limit this
    /// test fails instead of hanging the run.)
    @Test("Every format returns on trap characters at every delimiter", .timeLimit(.minutes(2)))
    func everyDelimiterReturns() {
        let parsers = [DirectionsURLParser(), DirectionsURLParser(strict: true)]
        var parsed = 0
        var failed = 0
        for link in Self.links {
            for variant in Self.variants(link) {
                for parser in parsers {
                    do {
                        let result = try parser.parseLink(variant)
                        for warning in result.warnings { #expect(!OneLine.needsEscaping(warning.message)) }
                    } catch {
                        failed += 1
                        #expect(!error.message.isEmpty)
                    }
                    parsed += 1
                }
            }
        }
        #expect(parsed > 5000)
        #expect(failed > 0 && failed < parsed)
    }

    @Test("geo: followed by U+037E is an error at once (the issue-14 hang)", .timeLimit(.minutes(1)))
    func geoGreekQuestionMark() {
        for link in ["geo:\u{037E}", "geo:\u{037E}\u{037E}", "geo:1,2\u{037E}", "geo:1,2;crs=wgs84\u{037E}", "geo:\u{037E}u=1"] {
            for parser in [DirectionsURLParser(), DirectionsURLParser(strict: true)] {
                #expect(throws: DirectionsURLError.self, "\(link.debugDescription)") { try parser.parseLink(link) }
            }
        }
    }

    /// The fuzzer's finds of the same family (Fuzz/Regressions/link-lenient): U+037E after the
    /// coordinates, after a lone '%', and inside a long pasted query, each with invalid UTF-8 around.
    @Test("The fuzzer's geo: + U+037E inputs answer at once", .timeLimit(.minutes(1)))
    func fuzzedGreekQuestionMarks() {
        let inputs: [[UInt8]] = [
            [0x67, 0x65, 0x6f, 0x3a, 0x37, 0x33, 0x2e, 0x39, 0x31, 0x31, 0x31, 0x31, 0x34, 0xcd, 0xbe, 0x31, 0x2c, 0x33, 0x2e, 0x33,
             0x2c, 0x33, 0x2e, 0x33, 0x59, 0x59, 0xe9, 0x3a, 0xff, 0xff, 0x41, 0x6f, 0x72],
            [0x67, 0x65, 0x6f, 0x3a, 0x2d, 0x34, 0x2a, 0x74, 0x6d, 0x61, 0x64, 0x65, 0x69, 0x74, 0x73, 0x6e, 0x61, 0x74, 0x69, 0x65,
             0x6f, 0x30, 0x25, 0xcd, 0xbe, 0xcf, 0xcf, 0x85, 0xdf, 0xd7, 0xdb, 0x20, 0x20, 0xfe],
            [0x67, 0x65, 0x6f, 0x3a, 0x63, 0x6f, 0xc5, 0x65, 0x2e, 0x6e, 0x61, 0x76, 0x73, 0x61, 0x64, 0x64, 0x72, 0x3d, 0x47, 0x6f,
             0x6f, 0x67, 0x6c, 0x65, 0x2b, 0x49, 0x6e, 0x63, 0x25, 0xcd, 0xbe, 0x89, 0x9a, 0x91, 0x8a, 0x9a, 0xd3, 0x2b, 0x4e, 0x65,
             0x77, 0x2b, 0x59, 0x6f, 0x72, 0x6b, 0x68, 0x74, 0x74, 0x70, 0x73, 0x69, 0x63, 0x79, 0x3a, 0x2f, 0x74, 0x2f, 0x6d, 0x61,
             0x70, 0x70, 0x65, 0x2c, 0x2b, 0x4e, 0x59, 0x26, 0x64, 0x61, 0x64, 0x64, 0x72, 0x3d, 0x4a, 0x67, 0x6c, 0x65, 0x2b, 0x49,
             0x6e, 0x63, 0x2c, 0x2b, 0x68, 0x74, 0x74, 0x70, 0x73, 0x3a, 0x2f, 0x2f, 0x6d, 0x61, 0x70, 0x73, 0x2e, 0x67, 0x6f, 0x6f,
             0x67, 0x6c, 0x65, 0x2e, 0x63, 0x6f, 0x6d, 0x2f, 0x6d, 0x61, 0x70, 0x73, 0x3f, 0x84, 0x61, 0x64, 0x3c, 0x75, 0x72, 0x6c,
             0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0x3a, 0x2b, 0x4c, 0x6f, 0x63, 0x61, 0x74,
             0x69, 0x6f, 0x6e, 0x26, 0x64, 0x61, 0x64, 0x64, 0x72, 0x3d, 0x4d, 0x61, 0x6e, 0x63, 0x68, 0x65, 0x38, 0x6e, 0xe3, 0x73,
             0x74, 0x65, 0xd7, 0x6c, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0xd9, 0x72, 0x4d, 0x61, 0x6e, 0x63, 0x68, 0x65, 0x73, 0x74,
             0x65, 0x72, 0x2b, 0x74, 0x6f, 0x3a, 0x73, 0x74, 0x65, 0x73],
        ]
        for bytes in inputs {
            let link = String(decoding: bytes, as: UTF8.self)
            for parser in [DirectionsURLParser(), DirectionsURLParser(strict: true)] {
                #expect(throws: DirectionsURLError.self, "\(link.debugDescription)") { try parser.parseLink(link) }
            }
        }
    }

    @Test("U+037E is not a ';': geo: parameters and OSM route points are not split at it")
    func greekQuestionMarkIsNoSemicolon() throws {
        let parser = DirectionsURLParser()
        // With ';' the parameter is read (u=40 is fine); with U+037E the coordinates are not numbers.
        #expect(try parser.parseLink("geo:48.2,16.3;u=40").request.destination == .coordinate(Coordinate(latitude: 48.2, longitude: 16.3), label: nil))
        #expect(URLTestSupport.error("geo:48.2,16.3\u{037E}u=40")?.code == .malformedNumber)
        // A crs the parser does not support is refused after ';' but is no parameter after U+037E.
        #expect(URLTestSupport.error("geo:48.2,16.3;crs=utm")?.code == .unsupportedCRS)
        #expect(URLTestSupport.error("geo:48.2,16.3\u{037E}crs=utm")?.code == .malformedNumber)
        // OSM: two points with ';', one (an error) with U+037E.
        let osm = "https://www.openstreetmap.org/directions?route=48.8584%2C2.2945;48.8606%2C2.3376"
        #expect(try parser.parseLink(osm).request.source == .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: nil))
        #expect(URLTestSupport.error(osm.replacing(";", with: "\u{037E}")) != nil)
    }

    @Test("A separator that a combining mark follows is still a separator")
    func combiningMarkAfterSeparator() throws {
        let parser = DirectionsURLParser()
        // geo: the ';' ends the coordinates; the parameter name that follows is what is wrong.
        let geo = URLTestSupport.error("geo:48.2,16.3;\u{0301}u=40")
        #expect(geo?.code == .invalidParameter, "\(String(describing: geo))")
        // Google waypoints: '|' then a mark still separates two stops.
        let google = try parser.parseLink(
            "https://www.google.com/maps/dir/?api=1&destination=Lyon&waypoints=Paris%7C%CC%81Dijon")
        #expect(google.request.waypoints == [.address("Paris"), .address("\u{0301}Dijon")])
        // Google path: a '/' then a mark still starts the next stop.
        let path = try parser.parseLink("https://www.google.com/maps/dir/Paris/\u{0301}Dijon/Lyon")
        #expect(path.request.waypoints == [.address("\u{0301}Dijon")])
        #expect(path.request.destination == .address("Lyon"))
        // Organic Maps v2: '|' then a mark separates two waypoints (the second is then no number).
        #expect(URLTestSupport.error("om://v2/dir?destination=48.8606,2.3376&waypoints=48.85,2.29%7C%CC%8148.86,2.30")?.code == .malformedNumber)
        #expect(try parser.parseLink("om://v2/dir?destination=48.8606,2.3376&waypoints=48.85,2.29%7C48.86,2.30").request.waypoints.count == 2)
    }

    @Test("Google legacy ' to:' chains split by byte, reading and writing alike")
    func legacyChain() {
        #expect(DirectionsURLParser.GoogleLegacyLink.splitChain("A to:\u{0301}B") == ["A", "\u{0301}B"])
        #expect(DirectionsURLParser.GoogleLegacyLink.splitChain("Caf\u{00E9} to:B to:C") == ["Caf\u{00E9}", "B", "C"])
    }

    @Test("Manifest paths split at '/' bytes, as the kernel does")
    func manifestPaths() {
        // A '/' that a combining mark follows still separates (as a Character it would not).
        #expect(AppSource.normalize("x/\u{0301}/../y") == "x/y")
        #expect(AppSource.normalize("/a/b/\u{0301}/..") == "/a/b")
        #expect(AppSource.coveragePath("c.geojson", manifestPath: "/apps/\u{0301}/m.routingapp") == "/apps/\u{0301}/c.geojson")
        #expect(AppSource.coveragePath("/\u{0301}c.geojson", manifestPath: "/apps/m.routingapp") == "/\u{0301}c.geojson")
    }

    @Test("JSON member names compare by code unit: 'a;' and 'a' + U+037E are two names")
    func jsonMemberNames() throws {
        let node = try JSONParser().parse(#"{"a;": 1, "a\u037e": 2, "K": 3, "\u212A": 4}"#).root
        #expect(node.members?.count == 4)
        #expect(node["a;"]?.number == 1)
        #expect(node["a\u{037E}"]?.number == 2)
        #expect(node["\u{212A}"]?.number == 4)
        // A real duplicate is still refused.
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse(#"{"a;": 1, "a;": 2}"#) }
    }
}
