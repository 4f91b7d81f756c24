// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Round-trip properties of the Waze, Citymapper, Bing, HERE, Yandex, 2GIS, Moovit, Magic Earth and Mapy builders over
/// seeded random requests: (1) a request the format carries fully parses back equal; (2) build →
/// parse → build gives the same text; (3) every link of these formats in the tests rebuilds to a
/// link that parses to the same request.
@Suite("Other apps: build and parse round trips")
struct OtherAppLinkPropertyTests {
    static let formats: [LinkFormat] = [.waze, .citymapper, .bing, .here, .yandex, .twoGIS, .moovit, .magicEarth, .mapy]
    let parser = URLTestSupport.parser

    static let labels = ["Eiffel_Tower", "Café & Bar", "My Home, 2/3", "50% off", "plus+sign", "東京駅", "A~B;C|D", "Gare #5 = ok?"]
    static let addresses = [
        "221B Baker Street, London", "Café de Flore & Co", "Hauptstraße 12/3", "A~B_C", "100% Pure+Plus", "東京駅",
        "Rue d'Alsace; 5", "O'Hare #2 | Terminal", "Plaza (Main) = Square?",
    ]

    struct Gen {
        var rng: SplitMix64
        mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func bool() -> Bool { rng.next() & 1 == 1 }
        mutating func coordinate() -> Coordinate {
            Coordinate(
                latitude: Double(Int(rng.next() % 17_999_999) - 8_999_999) / 100_000,
                longitude: Double(Int(rng.next() % 35_999_999) - 17_999_999) / 100_000)
        }
        mutating func label() -> String? { bool() ? nil : OtherAppLinkPropertyTests.labels[int(OtherAppLinkPropertyTests.labels.count)] }
        mutating func address() -> Endpoint { .address(OtherAppLinkPropertyTests.addresses[int(OtherAppLinkPropertyTests.addresses.count)]) }
        mutating func point(label: Bool) -> Endpoint { .coordinate(coordinate(), label: label ? self.label() : nil) }
        mutating func date() -> String? { bool() ? nil : "2030-0\(int(9) + 1)-1\(int(9))T0\(int(9)):30:00+01:00" }

        /// Any request, whatever a format can carry.
        mutating func any() -> DirectionsRequest {
            func endpoint(_ g: inout Gen) -> Endpoint {
                switch g.int(4) {
                case 0: return .currentLocation
                case 1: return g.address()
                case 2: return .coordinate(g.coordinate(), label: g.label(), placeID: g.bool() ? "ChIJ\(g.int(1000))" : nil)
                default: return g.point(label: false)
                }
            }
            let mode: DirectionsMode? = bool() ? nil : DirectionsMode.allCases[int(12)]
            return DirectionsRequest(
                source: endpoint(&self), destination: endpoint(&self),
                waypoints: (0..<int(3)).map { _ in endpoint(&self) }, mode: mode,
                transportType: mode == nil && bool() ? TransportType.allCases[int(4)] : nil,
                avoid: Set(RouteAvoidance.allCases.filter { _ in int(4) == 0 }), navigate: int(4) == 0,
                departureDate: int(4) == 0 ? date() : nil, arrivalDate: int(4) == 0 ? date() : nil)
        }

        /// A request `format` can carry fully.
        mutating func carriable(_ format: LinkFormat) -> DirectionsRequest {
            switch format {
            case .waze:
                if bool() {
                    return DirectionsRequest(source: point(label: false), destination: point(label: false), mode: .car, navigate: bool())
                }
                return DirectionsRequest(destination: bool() ? point(label: false) : address(), mode: .car, navigate: bool())
            case .citymapper:
                return DirectionsRequest(
                    source: [Endpoint.currentLocation, point(label: true), address()][int(3)],
                    destination: bool() ? point(label: true) : address(), transportType: .transit, arrivalDate: date())
            case .moovit:
                return DirectionsRequest(
                    source: [Endpoint.currentLocation, point(label: true), address()][int(3)],
                    destination: bool() ? point(label: true) : address(), transportType: .transit, departureDate: date())
            case .bing:
                if int(4) == 0 {
                    return DirectionsRequest(destination: point(label: true), mode: bool() ? .car : .pedestrian, navigate: true)
                }
                let words: [(DirectionsMode?, TransportType?)] = [(nil, nil), (.car, nil), (.pedestrian, nil), (nil, .transit)]
                let (m, t) = words[int(4)]
                return DirectionsRequest(
                    source: [Endpoint.currentLocation, point(label: true), address()][int(3)],
                    destination: bool() ? point(label: true) : address(), mode: m, transportType: t)
            case .here:
                let modes: [DirectionsMode?] = [nil, .car, .pedestrian, .bike, .rideShare, .taxi]
                let transit = int(6) == 0
                return DirectionsRequest(
                    source: bool() ? .currentLocation : point(label: true),
                    destination: int(5) == 0 ? .currentLocation : point(label: true),
                    waypoints: (0..<int(3)).map { _ in bool() ? point(label: true) : .currentLocation },
                    mode: transit ? nil : modes[int(modes.count)], transportType: transit ? .transit : nil,
                    avoid: Set(RouteAvoidance.allCases.filter { _ in bool() }))
            case .yandex:
                let words: [(DirectionsMode?, TransportType?)] = [(nil, nil), (.car, nil), (.pedestrian, nil), (.bike, nil), (nil, .transit)]
                let (m, t) = words[int(words.count)]
                return DirectionsRequest(
                    source: [Endpoint.currentLocation, point(label: false), address()][int(3)],
                    destination: bool() ? point(label: false) : address(),
                    waypoints: (0..<int(3)).map { _ in bool() ? point(label: false) : address() }, mode: m, transportType: t)
            case .twoGIS:
                let words: [(DirectionsMode?, TransportType?)] = [(nil, nil), (.car, nil), (.pedestrian, nil), (.bike, nil), (.taxi, nil), (.other, nil), (nil, .transit)]
                let (m, t) = words[int(words.count)]
                return DirectionsRequest(
                    source: bool() ? .currentLocation : point(label: false), destination: point(label: false),
                    waypoints: (0..<int(3)).map { _ in point(label: false) }, mode: m, transportType: t)
            case .magicEarth:
                let words: [(DirectionsMode?, TransportType?)] = [(nil, nil), (.car, nil), (.pedestrian, nil), (.bike, nil), (nil, .transit)]
                let (m, t) = words[int(words.count)]
                return DirectionsRequest(destination: bool() ? point(label: false) : address(), mode: m, transportType: t)
            case .mapy:
                let words: [(DirectionsMode?, TransportType?)] = [(nil, nil), (.car, nil), (.pedestrian, nil), (.bike, nil)]
                let (m, t) = words[int(words.count)]
                return DirectionsRequest(
                    source: bool() ? .currentLocation : point(label: false), destination: point(label: false),
                    waypoints: (0..<int(3)).map { _ in point(label: false) }, mode: m, transportType: t)
            default:
                fatalError("not one of these formats")
            }
        }
    }

    @Test("Requests a format carries fully parse back equal, and rebuild to the same text", arguments: formats)
    func carried(_ format: LinkFormat) throws {
        var gen = Gen(rng: SplitMix64(state: 0x5EED_0000 + UInt64(format.rawValue.utf8.count)))
        for _ in 0..<40 {
            let r = gen.carriable(format)
            let built = try DirectionsLinkBuilder.build(r, as: format)
            #expect(built.omitted.isEmpty, "\(built.url): \(built.omitted)")
            let link = try parser.parseLink(built.url)
            #expect(link.format == format)
            #expect(link.warnings.isEmpty, "\(built.url)")
            #expect(link.request == r, "\(built.url)")
            #expect(try DirectionsLinkBuilder.build(link.request, as: format).url == built.url)
        }
    }

    @Test("Any request: build, parse, build gives the same text; what is lost is listed", arguments: formats)
    func anyRequest(_ format: LinkFormat) throws {
        var gen = Gen(rng: SplitMix64(state: 0xA11_0000 + UInt64(format.rawValue.utf8.count)))
        var built = 0
        // 100 requests: Magic Earth writes only those from the current location (about one in four).
        for _ in 0..<100 {
            let r = gen.any()
            let link: BuiltLink
            do {
                link = try DirectionsLinkBuilder.build(r, as: format)
            } catch {
                #expect(error.code == .cannotExpress)
                #expect(error.field != nil)
                continue
            }
            built += 1
            let parsed = try parser.parse(link.url)
            if link.omitted.isEmpty { #expect(parsed == r, "\(link.url)") }
            if parsed != r { #expect(!link.omitted.isEmpty, "\(link.url) lost something silently") }
            let again = try DirectionsLinkBuilder.build(parsed, as: format)
            #expect(again.url == link.url)
        }
        #expect(built >= 10)
    }

    static let sampleLinks = [
        "https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes&zoom=17",
        "waze://?q=66+Acacia+Avenue",
        "https://www.waze.com/live-map/directions?navigate=yes&to=ll.4.60971%2C-74.08175&from=ll.4.65%2C-74.05",
        "https://citymapper.com/directions?endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London&arrival_time=2030-08-06T21%3A00%2B01%3A00",
        "citymapper://directions?startcoord=51.5033,-0.1196&startname=London+Eye&endaddress=221B+Baker+Street%2C+London",
        "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w",
        "http://bing.com/maps/default.aspx?v=2&mode=T&rtp=adr.~pos.38.6522_-90.562_AMC+Classic",
        "ms-drive-to:?destination.latitude=47.680504&destination.longitude=-122.328262&destination.name=Green Lake",
        "https://share.here.com/r/52.456115,13.439375,Berlin/53.0999803,8.8352297,My%20Home?m=d&a=motorway",
        "here-route://mylocation/37.870090,-122.268150,Downtown%20Berkeley?ref=x&m=w",
        "https://share.here.com/r/mylocation/48.1,11.5,A%2FB/48.2,11.6?m=pt",
        "https://yandex.ru/maps/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd",
        "https://yandex.ru/maps/?rtext=55.75,37.61~Tverskaya+7%2C+Moscow~55.7,37.5&rtt=mt",
        "yandexnavi://build_route_on_map?lat_from=55.74&lon_from=37.60&lat_to=55.76&lon_to=37.64&lat_via_0=55.75&lon_via_0=37.62",
        "https://2gis.ru/moscow/directions/tab/pedestrian/points/37.703957%2C55.781822%3B4504385606385781%7C37.710476%2C55.78147",
        "dgis://2gis.ru/routeSearch/rsType/car/to/37.648801,55.76009",
        "moovit://directions?dest_lat=40.7580&dest_lon=-73.9855&dest_name=Times+Square&orig_name=Grand%20Central&date=2030-05-01T08%3A30%3A00Z",
        "https://share.here.com/l/52.5163,13.3777,Brandenburg%20Gate?z=16",
        "https://share.here.com/p/s-Yz1zaWdodDtsYXQ9NTIuNTE2Mztsb249MTMuMzc3NztuPUJyYW5kZW5idXJnZXIrVG9y",
        "https://yandex.ru/maps/213/moscow/?ll=37.6208%2C55.7539&mode=whatshere&whatshere%5Bpoint%5D=37.6175%2C55.7520&z=17",
        "https://2gis.kz/almaty/geo/9430047375013218/76.9458,43.2380",
        "magicearth://?get_directions&bike_to&lat=47.3769&lon=8.5417",
        "magicearth://?get_directions&q=Bahnhofstrasse%201%2C%20Z%C3%BCrich",
        "https://mapy.com/fnc/v1/route?start=14.4208,50.0875&end=14.4011,50.0901&waypoints=14.41,50.08&routeType=foot_fast",
    ]

    @Test("Every sample link rebuilds to a link that parses to the same request", arguments: sampleLinks)
    func samples(_ url: String) throws {
        let link = try parser.parseLink(url)
        let built = try DirectionsLinkBuilder.build(link.request, as: link.format)
        #expect(built.omitted.isEmpty, "\(built.omitted)")
        #expect(try parser.parse(built.url) == link.request)
        #expect(try DirectionsLinkBuilder.build(try parser.parse(built.url), as: link.format).url == built.url)
    }

    @Test("A link that narrows an unspecified mode says so in the same word 'resolve' uses")
    func anUnspecifiedModeIsNamedUnspecified() throws {
        let request = try parser.parse("geo:0,0?q=48.8584,2.2945")
        #expect(request.mode == nil && request.transportType == nil)
        #expect(try DirectionsLinkBuilder.build(request, as: .waze).omitted == ["mode unspecified: Waze always routes by car"])
        #expect(try DirectionsLinkBuilder.build(request, as: .citymapper).omitted
            == ["transport type unspecified: Citymapper always plans transit"])
        #expect(try DirectionsLinkBuilder.build(request, as: .moovit).omitted
            == ["transport type unspecified: Moovit always plans transit"])
    }

    @Test("Mutated links of these formats parse or fail with a reason; what parses rebuilds and reads back")
    func mutatedLinks() throws {
        var rng = SplitMix64(state: 0x0A11_A995)
        let strict = DirectionsURLParser(strict: true)
        var parsed = 0
        for round in 0..<30_000 {
            let seed = Array(Self.sampleLinks[round % Self.sampleLinks.count].utf8)
            let text = String(decoding: mutate(seed, &rng), as: UTF8.self)
            let link: ParsedLink
            do {
                link = try (round % 2 == 0 ? parser : strict).parseLink(text)
            } catch {
                #expect(!error.message.isEmpty, "\(text)")
                continue
            }
            parsed += 1
            for (_, endpoint) in link.request.endpoints {
                if let c = endpoint.coordinate {
                    #expect((-90.0...90.0).contains(c.latitude) && (-180.0...180.0).contains(c.longitude), "\(text)")
                }
            }
            guard Self.formats.contains(link.format), let built = try? DirectionsLinkBuilder.build(link.request, as: link.format) else { continue }
            let back = try parser.parse(built.url)
            if built.omitted.isEmpty { #expect(back == link.request, "\(text) → \(built.url)") }
            #expect(try DirectionsLinkBuilder.build(back, as: link.format).url == built.url, "\(text)")
        }
        #expect(parsed > 1000)
    }

    @Test("Every builder's mode words are its parser's words, one preferred word per meaning")
    func vocabularies() throws {
        for format in Self.formats {
            let words = DirectionsLinkBuilder.modeVocabulary(of: format)
            var meanings = Set<String>()
            for w in words where w.preferred {
                #expect(meanings.insert("\(String(describing: w.mode))/\(String(describing: w.transportType))").inserted, "\(format) \(w.value)")
            }
        }
        #expect(DirectionsLinkBuilder.modeVocabulary(of: .here).map(\.value) == ["d", "w", "pt", "b", "cs", "t"])
        #expect(DirectionsLinkBuilder.modeVocabulary(of: .waze).isEmpty)
    }
}
