// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Mutates `seed` bytes: flips, inserts, deletes, duplicates and truncates, biased towards the
/// characters that matter to the grammars under test.
func mutate(_ seed: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = seed
    let interesting = Array("[]{},:\"\\0-+.eE%&?=;()|~#/ \n\t".utf8) + [0x00, 0x80, 0xC3, 0xFF, 0xED, 0xA0]
    for _ in 0..<Int.random(in: 1...6, using: &rng) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0 where !bytes.isEmpty: bytes[position] = interesting.randomElement(using: &rng)!
        case 1: bytes.insert(interesting.randomElement(using: &rng)!, at: position)
        case 2 where !bytes.isEmpty: bytes.remove(at: position)
        case 3 where !bytes.isEmpty: bytes.insert(contentsOf: bytes[position...].prefix(8), at: position)
        case 4: bytes = Array(bytes.prefix(position))
        default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
        }
    }
    return bytes
}

/// Parses `rounds` mutations of `links` (``mutate(_:_:)``, the generator seeded with `seed`), each
/// leniently and strictly, and checks what holds for every link family: an error's message is one
/// non-empty line; every coordinate is in range; an approximate point comes only from lenient
/// parsing, with a `viewport-as-destination` warning; and a link built back in the same format
/// parses strictly to the same request when nothing was omitted. Returns how many parses succeeded
/// and how many approximate points they gave, for the caller's expectations.
func checkMutatedLinks(_ links: [String], seed: UInt64, rounds: Int) -> (parsed: Int, approximate: Int) {
    var rng = SplitMix64(seed: seed)
    let lenient = DirectionsURLParser()
    let strict = DirectionsURLParser(strict: true)
    let seeds = links.map { Array($0.utf8) }
    var parsed = 0
    var approximate = 0
    for round in 0..<rounds {
        let text = String(decoding: mutate(seeds[round % seeds.count], &rng), as: UTF8.self)
        for parser in [lenient, strict] {
            let link: ParsedLink
            do {
                link = try parser.parseLink(text)
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(text)")
                continue
            }
            parsed += 1
            for (_, endpoint) in link.request.endpoints {
                if let c = endpoint.coordinate {
                    #expect((-90.0...90.0).contains(c.latitude) && (-180.0...180.0).contains(c.longitude), "\(text) gave \(c)")
                }
                if endpoint.precision == .approximate {
                    approximate += 1
                    #expect(!parser.strict, "\(text): strict mode gave an approximate point")
                    #expect(link.warnings.contains { $0.code == .viewportAsDestination }, "\(text)")
                }
            }
            guard let built = try? DirectionsLinkBuilder.build(link.request, as: link.format) else { continue }
            do {
                let again = try strict.parse(built.url)
                if built.omitted.isEmpty { #expect(again == link.request, "\(text) → \(built.url)") }
            } catch {
                Issue.record("\(text) → \(built.url) does not parse: \(error)")
            }
        }
    }
    return (parsed, approximate)
}

/// Mutated inputs never crash or hang the pure parsers, and every rejection says where.
@Suite struct RobustnessTests {
    static let coverageSeeds = [
        #"{"type":"MultiPolygon","coordinates":[[[[-0.98,52.25],[-0.94,51.0],[0.30,51.05],[0.36,51.84],[-0.98,52.25]]]]}"#,
        #"{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}"#,
        #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[4,4],[0,4],[0,0]],[[1,1],[1,2],[2,2],[1,1]]],[[[5,5],[6,5],[5,6],[5,5]]]]}"#,
    ]

    @Test func mutatedCoverageFilesAreAnsweredWithLocatedDiagnostics() {
        var rng = SplitMix64(state: 2026)
        for round in 0..<4000 {
            let seed = Array(Self.coverageSeeds[round % Self.coverageSeeds.count].utf8)
            let input = mutate(seed, &rng)
            let profile: ValidationProfile = round % 2 == 0 ? .apple : .geojson
            let result = CoverageValidator.validate(input, profile: profile)
            #expect(result.isValid == !result.diagnostics.contains { $0.severity == .error })
            for d in result.diagnostics {
                #expect(d.location.line >= 1 && d.location.column >= 1 && d.location.offset <= input.count)
                #expect(!d.rule.isEmpty && !d.message.isEmpty)
                // Every rule emitted is catalogued (docs/coverage-rules.md) and applies in this profile.
                #expect(CoverageRule.named(d.rule)?.defaultSeverity(in: profile) == d.severity, "\(d.rule) in \(profile)")
            }
            if let coverage = result.coverage {
                // Whatever was accepted can be queried.
                _ = coverage.contains(Coordinate(latitude: 51.5, longitude: -0.12))
                #expect(coverage.area >= 0)
            }
        }
    }

    static let urlSeeds = [
        "http://maps.apple.com/?saddr=Current%20Location&daddr=51.500652,-0.124833&daddr=48.8,2.3&dirflg=w",
        "https://maps.apple.com/directions?source=A+B&destination=51.5%2C-0.12&waypoint=x&mode=transit",
        "https://www.google.com/maps/dir/?api=1&origin=41.89,12.49&destination=48.85,2.29&waypoints=45.4|46.2&travelmode=bicycling",
        "geo:37.8199,-122.4783;crs=wgs84;u=35?q=37.8199,-122.4783(Golden%20Gate)&z=19",
        "maps://?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=d",
    ]

    @Test func mutatedLinksParseOrFailWithANamedReason() {
        var rng = SplitMix64(state: 5870)
        let parser = DirectionsURLParser()
        for round in 0..<6000 {
            let seed = Array(Self.urlSeeds[round % Self.urlSeeds.count].utf8)
            let text = String(decoding: mutate(seed, &rng), as: UTF8.self)
            do {
                let request = try parser.parse(text)
                for (_, endpoint) in request.endpoints {
                    if case .coordinate(let c, _, _, _) = endpoint {
                        #expect((-90.0...90.0).contains(c.latitude) && (-180.0...180.0).contains(c.longitude),
                                "\(text) gave \(c)")
                    }
                }
            } catch {
                #expect(!error.message.isEmpty, "\(text)")
            }
        }
    }

    @Test func mutatedJSONNeverCrashesTheParser() {
        var rng = SplitMix64(state: 8259)
        let seed = Array(#"{"a":[1,-2.5e3,true,null,"x\u00e9\n",{"b":{}}],"c":"\ud83d\ude00"}"#.utf8)
        for _ in 0..<6000 {
            let input = mutate(seed, &rng)
            do {
                let document = try JSONParser().parse(input)
                // What parses serialises and parses back to the same value.
                #expect(try JSONParser().parse(document.root.json.serialized()).root.json == document.root.json)
            } catch {
                #expect(error.location.offset <= input.count)
            }
        }
    }
}
