// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport

@testable import DirectionsLinks
@testable import RoutingCore

/// Fuzz-style robustness of every link parser and of the `.mkdirectionsrequest` reader, with fixed
/// seeds (`SplitMix64`), so every run feeds the same inputs.
///
/// 102,000 inputs in all (35,000 random byte strings, 20,000 URL-ish texts, 35,000 mutated links,
/// 12,000 property lists): random byte strings (decoded leniently to UTF-8, since links arrive as
/// text), random text over a URL-ish ASCII alphabet behind every known scheme and host, and mutations
/// of real-looking links of every format (byte flips, inserted `%` `+` `,` `;` `~` `|` `(`,
/// deletions, truncations, duplicated parameters), each parsed lenient and strict; plus random and
/// mutated binary property lists through ``MKDirectionsRequestFile``.
///
/// Every outcome is checked: no crash or trap; an error has a code and a non-empty message; a
/// success is a valid request (finite coordinates in range, non-blank addresses); a lenient parse
/// without warnings equals the strict parse; a strict success equals the lenient parse, which then
/// has no warnings.
///
/// Most inputs are errors, and Swift Testing records a backtrace at every thrown error unless
/// `SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0` (as `.ci/run` sets): about 2 s of debug run with it,
/// about 10 s without.
@Suite struct LinkFuzzTests {
    static let lenient = DirectionsURLParser()
    static let strict = DirectionsURLParser(strict: true)

    /// Real-looking links of every format (written for these tests, after the vendors' documented
    /// forms in the reference notes).
    static let handWritten: [String] = [
        // Apple Map Links and unified Maps URLs.
        "http://maps.apple.com/?saddr=Current%20Location&daddr=48.8584,2.2945&dirflg=w",
        "https://maps.apple.com/?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937&dirflg=d",
        "maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w",
        "maps://?daddr=San+Francisco,+CA&saddr=cupertino",
        "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.7955,-122.3937",
        "maps:q=Coffee",
        "https://maps.apple.com/directions?source=The+Met&source-place-id=I521E602783BA9605&destination=AMNH&destination-place-id=IF149E70A3B3C4CB2&mode=walking",
        "https://maps.apple.com/directions?destination=48.8606,2.3376&waypoint=48.86,2.31&mode=transit&avoid=tolls,highways",
        // Google.
        "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.19|46.2044,6.1432&travelmode=driving&dir_action=navigate",
        "https://www.google.com/maps/dir/?api=1&destination=40.7580%2C+-73.9855&travelmode=transit&destination_place_id=ChIJmQJIxlVYwokRLgeuocVOGVU",
        "https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle+to:Pike+Place&dirflg=r",
        "https://www.google.com/maps/dir/48.8584,2.2945/48.8606,2.3376/@48.8595,2.3161,15z/data=!4m2!4m1!3e0",
        "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186",
        "https://www.google.com/maps/dir//48.8584,2.2945",
        "https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2922926,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813",
        "https://maps.google.com/maps?q=loc:48.8584,2.2945",
        "https://www.google.de/maps?saddr=Ma+position&daddr=Cologne+Cathedral",
        "comgooglemaps://?saddr=Google+Inc,+8th+Avenue,+New+York&daddr=JFK+Airport&directionsmode=transit",
        "google.navigation:q=48.8584,2.2945&mode=w",
        // geo:
        "geo:-22.9519%2C-43.2105?q=-22.9519%2C-43.2105",
        "geo:37.8199,-122.4783?q=37.8199,-122.4783(Golden%20Gate%20Bridge)&z=19",
        "geo:0,0?q=849VCWC8+R9",
        "geo:48.2010,16.3695,183;crs=wgs84;u=40",
        "geo:90,-22.5;u=0",
        "geo:-32.899583,139.043969&z=12",
        // OpenStreetMap, OsmAnd, Organic Maps.
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376#map=14/48.86/2.31",
        "https://www.openstreetmap.org/directions?from=&to=-33.8568%2C151.2153",
        "https://osmand.net/map/navigate?start=51.5007%2C-0.1246&end=51.5081%2C-0.0759&profile=car#15/51.505/-0.1",
        "https://osmand.net/map/?start=51.5007,-0.1246&finish=51.5081,-0.0759&profile=bicycle",
        "osmand.api://navigate?start_lat=51.5007&start_lon=-0.1246&start_name=Big%20Ben&dest_lat=51.5081&dest_lon=-0.0759&dest_name=Tower&profile=pedestrian",
        "om://route?v=1&sll=48.8584,2.2945&saddr=Eiffel%20Tower&dll=48.8606,2.3376&daddr=Louvre&type=pedestrian",
        "https://omaps.app/route?sll=48.8584,2.2945&saddr=A&dll=48.8606,2.3376&daddr=B&type=vehicle",
        "mapswithme://route?sll=1,1&saddr=name0&dll=2,2&daddr=name1&type=vehicle",
        "ge0://w4CNuoeWlv/Eiffel_Tower",
        "https://omaps.app/w4CNuoeWlv/Eiffel_Tower",
        // The rest.
        "https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes&zoom=17",
        "waze://?ll=48.8584,2.2945&navigate=yes",
        "https://citymapper.com/directions?startcoord=51.5007%2C-0.1246&endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London&arrival_time=2030-08-06T21%3A00%2B01%3A00",
        "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w",
        "bingmaps:?rtp=~pos.47.6_-122.3&mode=d",
        "https://share.here.com/r/52.5163,13.3777,Brandenburg%20Gate/52.5186,13.3762?m=w",
        "here-route://mylocation/37.870090,-122.268150,Downtown%20Berkeley?m=d",
        "https://yandex.ru/maps/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd",
        "https://yandex.com/maps/?rtext=55.75,37.62~55.76,37.61~55.77,37.60&rtt=mt",
        "https://2gis.ru/moscow/directions/points/37.6208%2C55.7539%7C37.6176%2C55.7558",
        "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&dest_name=Times%20Square&orig_lat=40.7484&orig_lon=-73.9857&date=2030-01-01T09:00:00Z",
        // Places and map views (issue 17) and the formats added with them.
        "https://share.here.com/l/52.5163,13.3777,Brandenburg%20Gate?z=16",
        "https://share.here.com/p/s-Yz1zaWdodDtsYXQ9NTIuNTE2Mztsb249MTMuMzc3NztuPUJyYW5kZW5idXJnZXIrVG9y",
        "https://wego.here.com/p/e-eyJsYXRpdHVkZSI6NTIuNTE4NiwibG9uZ2l0dWRlIjoxMy4zNzYyfQ==?map=52.5186,13.3762,15,normal",
        "https://wego.here.com/?map=52.5163,13.3777,15,normal",
        "https://yandex.ru/maps/213/moscow/?ll=37.6208%2C55.7539&mode=whatshere&whatshere%5Bpoint%5D=37.6175%2C55.7520&z=17",
        "https://yandex.ru/maps/?pt=37.6175,55.7520,pm2rdm&z=16&l=map",
        "https://2gis.kz/almaty/geo/9430047375013218/76.9458,43.2380",
        "https://maps.urbi.ae/dubai/geo/55.2744%2C25.1972?m=55.2744%2C25.1972%2F17",
        "https://share.api.2gis.ru/getimage?city=moscow&zoom=17&center=37.6176%2C55.7558&title=Red%20Square",
        "magicearth://?show_on_map&lat=47.3769&lon=8.5417&name=Z%C3%BCrich%20HB",
        "magicearth://?get_directions&walk_to&lat=47.3769&lon=8.5417",
        "https://mapy.com/fnc/v1/route?start=14.4208,50.0875&end=14.4011,50.0901&waypoints=14.41,50.08&routeType=foot_fast",
        "https://mapy.com/en/zakladni?source=coor&id=14.4011%2C50.0901&x=14.4011&y=50.0901&z=17",
    ]

    /// One plausible link per registered scheme and host, so every parser gets seeds even when its
    /// hosts differ from the hand-written links.
    static var generated: [String] {
        var links: [String] = []
        for parser in DirectionsLinkFormats.all {
            for scheme in parser.schemes {
                links.append("\(scheme)://route?saddr=48.8584,2.2945&daddr=48.8606,2.3376&dll=48.8606,2.3376&mode=w")
                links.append("\(scheme):?q=48.8584,2.2945&rtp=pos.48.86_2.33&dest_lat=48.86&dest_lon=2.33")
                links.append("\(scheme):48.8584,2.2945?q=Louvre")
            }
            for host in parser.hosts {
                links.append("https://\(host)/?saddr=Current+Location&daddr=48.8606,2.3376&dirflg=w")
                links.append("https://\(host)/directions?source=A&destination=48.86%2C2.33&route=48.8584%2C2.2945%3B48.8606%2C2.3376&rtext=~55.75,37.62")
                links.append("https://\(host)/maps/dir/48.8584,2.2945/48.8606,2.3376/@48.86,2.31,15z")
            }
        }
        return links
    }

    /// Every declared form's example (``DirectionsLinkFormat/forms``: routes, places, map views).
    static var formExamples: [String] { DirectionsLinkFormats.all.flatMap { $0.forms.map(\.example) } }

    static var seeds: [String] { handWritten + generated + formExamples }

    // MARK: - The checks

    /// Checks one input through both parsers; returns the number of parses done.
    static func check(_ input: String) {
        let lenientResult: Result<ParsedLink, DirectionsURLError>
        let strictResult: Result<ParsedLink, DirectionsURLError>
        do { lenientResult = .success(try lenient.parseLink(input)) } catch { lenientResult = .failure(error) }
        do { strictResult = .success(try strict.parseLink(input)) } catch { strictResult = .failure(error) }
        for result in [lenientResult, strictResult] {
            switch result {
            case .success(let parsed): checkValid(parsed, input)
            case .failure(let error): checkError(error, input)
            }
        }
        switch (lenientResult, strictResult) {
        case (.success(let l), .success(let s)):
            #expect(s.warnings.isEmpty, "strict mode returned warnings for \(input)")
            #expect(l.warnings.isEmpty, "strict accepted what lenient had to repair: \(input) \(l.warnings)")
            #expect(l.request == s.request, "lenient and strict differ for \(input)")
            #expect(l.format == s.format, "lenient and strict formats differ for \(input)")
        case (.success(let l), .failure(let e)):
            #expect(!l.warnings.isEmpty, "lenient succeeded without warnings but strict failed (\(e)) for \(input)")
        case (.failure(let l), .success):
            Issue.record("strict succeeded but lenient failed (\(l)) for \(input)")
        case (.failure, .failure):
            break
        }
    }

    static func checkError(_ error: DirectionsURLError, _ input: String) {
        #expect(!error.message.isEmpty, "error without a message for \(input)")
        #expect(!error.code.rawValue.isEmpty)
        if let parameter = error.parameter { #expect(!parameter.isEmpty, "empty parameter name for \(input)") }
    }

    static func checkValid(_ parsed: ParsedLink, _ input: String) {
        for (role, endpoint) in parsed.request.endpoints {
            switch endpoint {
            case .coordinate(let c, _, _, _):
                #expect(c.latitude.isFinite && (-90...90).contains(c.latitude), "\(role) latitude \(c.latitude) from \(input)")
                #expect(c.longitude.isFinite && (-180...180).contains(c.longitude), "\(role) longitude \(c.longitude) from \(input)")
            case .address(let text, _):
                let blank = text.allSatisfy { $0.isWhitespace }
                #expect(!blank, "\(role) is a blank address from \(input)")
            case .currentLocation:
                break
            }
        }
        for warning in parsed.warnings {
            #expect(!warning.message.isEmpty, "warning without a message for \(input)")
        }
    }

    // MARK: - Inputs

    /// Up to `maxLength` random bytes, eight per draw (debug builds are slow at generic per-byte draws).
    static func randomBytes(_ rng: inout SplitMix64, maxLength: Int) -> [UInt8] {
        let count = Int(rng.next() % UInt64(maxLength + 1))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            var word = rng.next()
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return Array(bytes.prefix(count))
    }

    static let urlAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%+,;~|()&=?#/:.-_ !@*'$[]".utf8)
    static let structural = Array("%+,;~|(".utf8)

    /// A link with one to four random edits.
    static func mutate(_ link: String, _ rng: inout SplitMix64) -> String {
        var bytes = Array(link.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0 where !bytes.isEmpty:  // flip a bit
                bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &rng)
            case 1:  // insert a separator or escape character
                bytes.insert(structural.randomElement(using: &rng)!, at: position)
            case 2 where !bytes.isEmpty:  // delete a run
                let end = min(bytes.count, position + Int.random(in: 1...6, using: &rng))
                bytes.removeSubrange(position..<end)
            case 3:  // truncate
                bytes.removeSubrange(position..<bytes.count)
            case 4:  // duplicate a parameter
                if let amp = bytes.lastIndex(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "?") }) {
                    let parameter = bytes[(amp + 1)...].prefix { $0 != UInt8(ascii: "#") }
                    bytes += [UInt8(ascii: "&")] + parameter
                }
            case 5:  // insert a URL-ish character
                bytes.insert(urlAlphabet.randomElement(using: &rng)!, at: position)
            case 6:  // an escape of a structural character, or a broken escape
                let escapes = ["%2C", "%3B", "%7C", "%7E", "%26", "%3D", "%2B", "%20", "%", "%G", "%C3", "%00", "%FF"]
                bytes.insert(contentsOf: Array(escapes.randomElement(using: &rng)!.utf8), at: position)
            default:  // a number that breaks ranges
                let numbers = ["-0", "90", "-90.0000001", "180.5", "1e5", "0,0", "41,90", "nan", "99999999999999999999"]
                bytes.insert(contentsOf: Array(numbers.randomElement(using: &rng)!.utf8), at: position)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Tests

    @Test func everySchemeAndHostHasSeeds() {
        let seeds = Self.seeds
        for parser in DirectionsLinkFormats.all {
            for scheme in parser.schemes {
                #expect(seeds.contains { $0.lowercased().hasPrefix(scheme + ":") }, "no seed for scheme \(scheme)")
            }
            for host in parser.hosts {
                #expect(seeds.contains { $0.lowercased().contains("//" + host + "/") }, "no seed for host \(host)")
            }
        }
        // The seeds themselves pass the checks.
        for seed in seeds { Self.check(seed) }
    }

    @Test func randomByteStrings() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<35_000 {
            Self.check(String(decoding: Self.randomBytes(&rng, maxLength: 96), as: UTF8.self))
        }
    }

    @Test func randomURLishTextBehindEverySchemeAndHost() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        var prefixes = ["", "http://", "https://", "maps:", "geo:"]
        for parser in DirectionsLinkFormats.all {
            prefixes += parser.schemes.map { $0 + ":" } + parser.schemes.map { $0 + "://" }
            prefixes += parser.hosts.map { "https://\($0)/" } + parser.hosts.map { "https://\($0)/?" }
        }
        for _ in 0..<20_000 {
            let body = Self.randomBytes(&rng, maxLength: 80).map { Self.urlAlphabet[Int($0) % Self.urlAlphabet.count] }
            Self.check(prefixes.randomElement(using: &rng)! + String(decoding: body, as: UTF8.self))
        }
    }

    @Test func mutatedLinksOfEveryFormat() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        let seeds = Self.seeds
        for i in 0..<35_000 {
            Self.check(Self.mutate(seeds[i % seeds.count], &rng))
        }
    }

    @Test func directionsRequestFilesFromRandomAndMutatedBytes() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        let files = PropertyListSeeds.files
        var inputs = 0
        for i in 0..<12_000 {
            let bytes: [UInt8]
            switch i % 3 {
            case 0: bytes = Self.randomBytes(&rng, maxLength: 200)
            case 1: bytes = Array("bplist00".utf8) + Self.randomBytes(&rng, maxLength: 200)
            default:
                var b = files[i % files.count]
                for _ in 0..<Int.random(in: 1...4, using: &rng) where !b.isEmpty {
                    let p = Int.random(in: 0..<b.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: b[p] = UInt8.random(in: 0...255, using: &rng)
                    case 1: b.removeSubrange(p..<b.count)
                    default: b.insert(UInt8.random(in: 0...255, using: &rng), at: p)
                    }
                }
                bytes = b
            }
            inputs += 1
            for parser in [Self.lenient, Self.strict] {
                do {
                    let parsed = try MKDirectionsRequestFile.parse(bytes, parser: parser)
                    Self.checkValid(parsed, "a \(bytes.count)-byte file")
                } catch {
                    Self.checkError(error, "a \(bytes.count)-byte file")
                }
            }
        }
        #expect(inputs == 12_000)
        // The unmutated files are directions requests.
        for (i, file) in files.enumerated() {
            do {
                _ = try MKDirectionsRequestFile.parse(file, parser: Self.lenient)
            } catch {
                Issue.record("seed file \(i) was refused: \(error)")
            }
        }
    }
}

/// Binary property lists (`bplist00`) shaped like Apple's `.mkdirectionsrequest` files: a dictionary
/// with `MKDirectionsRequestSource` and `MKDirectionsRequestDestination`, each an `MKMapItem`
/// dictionary (`MKMapItemIsCurrentLocation`, `MKMapItemName`, `MKMapItemGEOMapItem` data).
/// Written by a small encoder here (Apple's CFBinaryPList.c format), for the fuzz seeds.
enum PropertyListSeeds {
    indirect enum Value {
        case bool(Bool)
        case string(String)
        case data([UInt8])
        case int(Int)
        case dictionary([(String, Value)])
    }

    static var files: [[UInt8]] {
        let blob: [UInt8] = [0x0A, 0x12, 0x08, 0x01, 0x12, 0x0E, 0x09, 0x6F, 0x12, 0x83, 0xC0, 0xCA, 0x42, 0x40, 0x11, 0x96, 0x43]
        return [
            encode(.dictionary([
                ("MKDirectionsRequestSource", .dictionary([("MKMapItemIsCurrentLocation", .bool(true))])),
                ("MKDirectionsRequestDestination", .dictionary([("MKMapItemName", .string("Louvre")), ("MKMapItemGEOMapItem", .data(blob))])),
            ])),
            encode(.dictionary([
                ("MKDirectionsRequestSource", .dictionary([("MKMapItemName", .string("Tour Eiffel")), ("MKMapItemGEOMapItem", .data(blob))])),
                ("MKDirectionsRequestDestination", .dictionary([("MKMapItemName", .string("Musée du Louvre")), ("MKMapItemPhoneNumber", .string("+33 1 40 20 50 50"))])),
            ])),
            encode(.dictionary([
                ("MKDirectionsRequestDestination", .dictionary([("MKMapItemIsCurrentLocation", .bool(false)), ("MKMapItemName", .string("Big Ben")), ("MKMapItemTimeZoneName", .string("Europe/London")), ("x", .int(7))])),
            ])),
        ]
    }

    /// Encodes `root` as `bplist00` with 1-byte object references and 2-byte offsets.
    static func encode(_ root: Value) -> [UInt8] {
        var objects: [[UInt8]] = []
        @discardableResult
        func add(_ value: Value) -> Int {
            let index = objects.count
            objects.append([])
            switch value {
            case .bool(let b): objects[index] = [b ? 0x09 : 0x08]
            case .int(let i): objects[index] = [0x10, UInt8(truncatingIfNeeded: i)]
            case .string(let s):
                if s.utf8.allSatisfy({ $0 < 0x80 }) {
                    objects[index] = marker(0x50, s.utf8.count) + Array(s.utf8)
                } else {
                    let units = Array(s.utf16)
                    objects[index] = marker(0x60, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                }
            case .data(let d): objects[index] = marker(0x40, d.count) + d
            case .dictionary(let members):
                let keys = members.map { add(.string($0.0)) }
                let values = members.map { add($0.1) }
                objects[index] = marker(0xD0, members.count) + (keys + values).map { UInt8($0) }
            }
            return index
        }
        func marker(_ high: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [high | UInt8(count)] : [high | 0x0F, 0x10, UInt8(count)]
        }
        add(root)
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let tableOffset = out.count
        for offset in offsets { out += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        out += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(0) + be64(tableOffset)
        return out
    }
}
