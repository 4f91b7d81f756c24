// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Build/parse properties of the geo:, OpenStreetMap, OsmAnd, OsmAnd API, Organic Maps and ge0
/// builders over seeded random requests (SplitMix64, fixed seeds):
/// 1. a request the format carries fully (`omitted` empty) parses back exactly, in strict mode;
/// 2. build → parse → build gives identical text;
/// 3. every link of these formats used in the tests, built again from its parse, parses back to the
///    same request (when the format carries it fully).
@Suite("geo/OSM/OsmAnd/Organic/ge0 link properties")
struct GeoOSMLinkPropertyTests {
    static let formats: [LinkFormat] = [.geo, .openStreetMap, .osmAnd, .osmAndAPI, .organicMaps, .ge0]
    let strict = DirectionsURLParser(strict: true)

    static let labels = [
        "Café & Co", "A+B", "50% off", "Tor (Nord)", "a_b c", "Ünïcødé straße", "x;y=z", "#1 / 2?", "Louvre",
        "Leaning Tower", "北京", "O'Brien's", "tab|pipe", "~tilde~",
    ]
    static let addresses = [
        "Alexanderplatz, Berlin", "1st & Pike, Seattle", "849VCWC8+R9", "10 Downing Street", "Plaça de Catalunya",
        "Rue de Rivoli 99, Paris", "Dam Square",
    ]

    struct Generator {
        var rng: SplitMix64

        mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func bool() -> Bool { rng.next() & 1 == 1 }

        mutating func degrees(_ limit: Double) -> Double {
            let decimals = [0, 1, 4, 5, 6, 7][int(6)]
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let raw = (Double(rng.next() % 2_000_001) / 1_000_000 - 1) * limit
            return (raw * scale).rounded() / scale + 0.0
        }

        mutating func coordinate() -> Coordinate { Coordinate(latitude: degrees(90), longitude: degrees(180)) }

        mutating func endpoint(label: Bool, address: Bool, current: Bool) -> Endpoint {
            switch int(4) {
            case 0 where current: return .currentLocation
            case 1 where address: return .address(GeoOSMLinkPropertyTests.addresses[int(GeoOSMLinkPropertyTests.addresses.count)])
            default:
                let l = label && bool() ? GeoOSMLinkPropertyTests.labels[int(GeoOSMLinkPropertyTests.labels.count)] : nil
                return .coordinate(coordinate(), label: l)
            }
        }

        mutating func request() -> DirectionsRequest {
            var r = DirectionsRequest(
                source: endpoint(label: true, address: true, current: true),
                destination: endpoint(label: true, address: true, current: false))
            switch int(4) {
            case 0: break
            case 1: r.transportType = TransportType.allCases[int(4)]
            default:
                r.mode = DirectionsMode.allCases[int(DirectionsMode.allCases.count)]
                r.transportType = r.mode?.transportType
            }
            if int(5) == 0 { r.avoid = [RouteAvoidance.allCases[int(3)]] }
            if int(8) == 0 { r.waypoints = [.coordinate(coordinate(), label: nil)] }
            return r
        }

        /// A request shaped for `format`, so that most draws can be carried fully.
        mutating func request(for format: LinkFormat) -> DirectionsRequest {
            var r = request()
            switch format {
            case .geo:
                r.source = .currentLocation
                r.mode = nil
                r.transportType = nil
                r.avoid = []
                r.waypoints = []
            case .ge0:
                r.source = .currentLocation
                r.mode = nil
                r.transportType = nil
                r.avoid = []
                r.waypoints = []
                // Half the draws sit exactly on a ge0 cell centre, which the link carries exactly.
                if bool() {
                    var code: [UInt8] = []
                    for _ in 0..<9 { code.append(Ge0Link.alphabet[int(64)]) }
                    let c = Ge0Link.decodeLatLon(code)!
                    r.destination = .coordinate(c, label: r.destination.coordinate == nil ? nil : r.destination.name)
                }
            case .openStreetMap:
                r.avoid = []
                r.waypoints = []
                if r.mode.map({ ![.car, .bike, .pedestrian].contains($0) }) ?? (r.transportType != nil) {
                    r.mode = [.car, .bike, .pedestrian][int(3)]
                    r.transportType = r.mode?.transportType
                }
            case .osmAnd, .osmAndAPI:
                r.waypoints = []
                if format == .osmAndAPI { r.avoid = [] }
                if case .address = r.source { r.source = .currentLocation }
                if case .address = r.destination { r.destination = .coordinate(coordinate(), label: nil) }
                if format == .osmAnd {  // the route link has no names; the point link (`/go`) names its point
                    if let c = r.source.coordinate { r.source = .coordinate(c, label: nil) }
                    if let c = r.destination.coordinate, r.source != .currentLocation || bool() { r.destination = .coordinate(c, label: nil) }
                    if r.source == .currentLocation, r.destination.name != nil, bool() {
                        r.mode = nil
                        r.transportType = nil
                        r.avoid = []
                    }
                }
                if let m = r.mode, ![.car, .bike, .pedestrian, .train, .plane, .other].contains(m) {
                    r.mode = nil
                    r.transportType = .transit
                }
            case .organicMaps:
                if case .address = r.source { r.source = .currentLocation }
                if case .address = r.destination { r.destination = .coordinate(coordinate(), label: "Louvre") }
                if bool() { r.waypoints = [.coordinate(coordinate(), label: bool() ? "Stop 1" : nil), .coordinate(coordinate(), label: nil)] }
                r.navigate = int(4) == 0 && r.source == .currentLocation
                let word = OrganicMapsLink.typeWords[int(4)]
                r.mode = int(5) == 0 ? nil : word.mode
                r.transportType = r.mode == nil && int(2) == 0 ? nil : word.transportType
            default:
                break
            }
            return r
        }
    }

    @Test(arguments: formats)
    func buildParseProperties(_ format: LinkFormat) throws {
        var gen = Generator(rng: SplitMix64(seed: 0x5EED_0000 + UInt64(LinkFormat.allCases.firstIndex(of: format)!)))
        var exact = 0
        var built = 0
        for i in 0..<60 {
            let r = i % 3 == 0 ? gen.request() : gen.request(for: format)
            let link: BuiltLink
            do {
                link = try DirectionsLinkBuilder.build(r, as: format)
            } catch {
                #expect(error.code == .cannotExpress, "\(format) \(r)")
                #expect(error.field != nil)
                continue
            }
            built += 1
            #expect(link.format == format)
            let parsed = try strict.parseLink(link.url)
            #expect(parsed.format == format, "\(link.url)")
            #expect(parsed.warnings.isEmpty)
            if link.omitted.isEmpty {
                exact += 1
                #expect(parsed.request == r, "\(link.url)")
            }
            let again = try DirectionsLinkBuilder.build(parsed.request, as: format)
            #expect(again.url == link.url, "\(format): \(link.url) → \(again.url)")
            #expect(try strict.parse(again.url) == parsed.request)
        }
        #expect(built >= 30, "\(format): only \(built) of 60 requests could be built")
        #expect(exact >= 15, "\(format): only \(exact) requests were carried fully")
    }

    @Test(arguments: formats)
    func coordinatesOutOfRangeAreNeverWritten(_ format: LinkFormat) throws {
        for bad in [Coordinate(latitude: .nan, longitude: 2), Coordinate(latitude: 91, longitude: 2), Coordinate(latitude: 1, longitude: -.infinity)] {
            do {
                _ = try DirectionsLinkBuilder.build(
                    DirectionsRequest(source: .coordinate(Coordinate(latitude: 1, longitude: 1), label: nil), destination: .coordinate(bad, label: nil)),
                    as: format)
                Issue.record("\(format) wrote \(bad)")
            } catch {
                #expect(error.code == .cannotExpress)
            }
        }
    }

    static let testLinks = [
        "geo:-22.9519%2C-43.2105?q=-22.9519%2C-43.2105", "geo:52.3731,4.8926?q=52.3731%2C4.8926", "geo:0,0?q=849VCWC8+R9",
        "geo:-22.95 -43.21", "geo:0:0?q=48.8584%2C2.2945", "geo:0,0?q=Dam%20Square%2C%20Amsterdam", "geo:0,0",
        "geo:37.8199,-122.4783?q=37.8199,-122.4783(Golden%20Gate%20Bridge)&z=19", "geo:0,0?q=41.8902,12.4922(Colosseum)",
        "geo:48.198634,16.371648;crs=wgs84;u=40", "geo:0,0?q=GV4C+XV+London", "geo:51.5034,-0.1276?q=Number+Ten",
        "https://www.openstreetmap.org/directions?from=&to=-33.8568%2C151.2153",
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376",
        "https://openstreetmap.org/directions?engine=graphhopper_bicycle&route=52.5163,13.3777;52.5208,13.4094&from=Brandenburger+Tor&to=52.5208,13.4094#map=15/52.51/13.39",
        "https://www.openstreetmap.org/directions?from=Tegel&to=52.52,13.40",
        "https://osmand.net/map/?start=51.5007,-0.1246&finish=51.5081,-0.0759&profile=car#16/51.505/-0.100",
        "https://osmand.net/map/navigate?start=52.3731%2C4.8926&end=52.3600%2C4.8852&profile=bicycle&params=bicycle%2Cshort_way%2Cavoid_toll%2Cavoid_ferries#15/52.36/4.88",
        "https://www.osmand.net/map/navigate?end=52.36,4.8852&profile=public_transport",
        "https://osmand.net/go?lat=52.36&lon=4.8852&z=16&name=Rijksmuseum+%26+Co", "https://osmand.net/map?pin=52.36,4.8852#16/52.36/4.8852",
        "https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945",
        "https://comaps.at/wyoni7CFNR/Casa_Batllo", "https://comaps.at/route?sll=1,1&saddr=A&dll=2,2&daddr=B&type=vehicle",
        "osmand.api://navigate?start_lat=50.0875&start_lon=14.4213&start_name=Old+Town+Square&dest_lat=50.0865&dest_lon=14.4114&dest_name=Charles%20Bridge&profile=pedestrian&force=true",
        "om://route?v=1&sll=48.8584,2.2945&saddr=Eiffel%20Tower&dll=48.8606,2.3376&daddr=Louvre&type=pedestrian&ignoreThisParam=Yes",
        "mapswithme://route?sll=1,1&saddr=name0&dll=2,2&daddr=name1&type=vehicle",
        "om://v2/dir?origin=1,1&origin_name=Start&destination=3,3&destination_name=Finish&waypoints=2,2|2.5,2.5&waypoint_names=Coffee%20Stop|Bakery&mode=walk&unknown=value",
        "om://v2/nav?destination=52.5163,13.3777&waypoints=52.5304,13.3850%7C52.5450,13.3920&mode=drive&avoid=tolls",
        "ge0://B4srhdHVVt/Name", "https://omaps.app/AwAAAAAAAA/Super%5fPoi", "om://Byqqqqqqqq/Name",
        "ge0://AwAAAAAAAA/%e5%8c%97%e4%ba%ac_or_B%c4%9bij%c4%abng%3F",
    ]

    @Test(arguments: testLinks)
    func testLinksRebuildToTheSameRequest(_ url: String) throws {
        let parsed = try URLTestSupport.parser.parseLink(url)
        let built = try DirectionsLinkBuilder.build(parsed.request, as: parsed.format)
        let again = try strict.parse(built.url)
        if built.omitted.isEmpty {
            #expect(again == parsed.request, "\(url) → \(built.url)")
        }
        #expect(try DirectionsLinkBuilder.build(again, as: parsed.format).url == built.url)
    }
}
