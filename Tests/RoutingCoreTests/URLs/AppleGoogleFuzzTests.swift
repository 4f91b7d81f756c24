// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Mutated Apple and Google links never crash or hang the parsers or the builders, every rejection
/// names a reason, and whatever parses can be built again in each Apple and Google format.
@Suite("Apple and Google links under mutation")
struct AppleGoogleFuzzTests {
    static let seeds = [
        "https://maps.apple.com/?saddr=Current%20Location&daddr=48.8584,2.2945&daddr=Louvre&dirflg=w",
        "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937",
        "maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w",
        "maps:q=Pike%20Place",
        "https://maps.apple.com/directions?source=Tate&source-place-id=I1&destination=51.5,-0.12&waypoint=A&waypoint-place-id=I2&mode=cycling&avoid=tolls,stairs",
        "https://maps.apple.com/place?place-id=I1E4&address=Reuterplatz+3&coordinate=52.4890246,13.4295963&name=Reuterplatz",
        "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.1900|46.2044,6.1432&travelmode=driving&dir_action=navigate&avoid=tolls",
        "https://www.google.co.uk/maps/dir/?api=1&destination=QVB&destination_place_id=ChIJ&waypoints=A%7CB&waypoint_place_ids=X%7CY",
        "https://maps.google.com/maps?saddr=My+Location&daddr=Manchester+to:Chur@46.853582,9.529903&dirflg=dht",
        "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186",
        "https://www.google.com/maps/dir//50.4501,30.5234/@50.45,30.52,13z",
        "https://www.google.com/maps/place/Tour+Eiffel/@48.85,2.29,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8583701!4d2.2944813",
        "https://maps.google.com/maps?q=loc:34.99393,-106.61568+(Treasure)",
        "https://maps.google.com/?q=N34.99393,W106.61568",
        "https://maps.google.com/maps?hl=en-US&ftid=0x0:0x0",
        "comgooglemaps://?saddr=&daddr=John+F.+Kennedy+Airport&directionsmode=transit",
        "comgooglemapsurl://www.google.com/maps/dir/?api=1&destination=Porto",
        "google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf",
        "https://maps.app.goo.gl/AbCdEf",
        // Issue 17: places, searches, map views, the navigation separator repair, short links.
        "https://maps.apple.com/?address=Rue+de+Rivoli&auid=1&ll=48.8606,2.3376&q=Louvre",
        "maps://?ll=48.8566,2.3522&z=13",
        "https://maps.apple.com/search?query=Op%C3%A9ra&center=48.87,2.33",
        "https://www.google.com/maps/search/48.8530,+2.3499/@48.85,2.34,15z",
        "https://www.google.com/maps/@48.8566,2.3522,14z/data=!3m1!1e3",
        "https://www.google.com/maps/@?api=1&map_action=map&center=48.8566%2C2.3522&zoom=13",
        "comgooglemaps://maps?q=48.8584,2.2945&center=48.85,2.29",
        "google.navigation:q=48.8584+2.2945&mode=w",
        "https://share.google/AbCdEf",
    ]

    static let formats: [LinkFormat] = [
        .appleUnified, .appleMaps, .google, .googleLegacy, .googlePath, .googlePlace, .comGoogleMaps, .googleNavigation,
    ]

    @Test func mutatedLinks() {
        var rng = SplitMix64(seed: 0x4A)
        let lenient = DirectionsURLParser()
        let strict = DirectionsURLParser(strict: true)
        var parsed = 0
        for i in 0..<12_000 {
            let seed = Array(Self.seeds[i % Self.seeds.count].utf8)
            var bytes = mutate(seed, &rng)
            if i % 5 == 0 { bytes = mutate(bytes, &rng) }
            let url = String(decoding: bytes, as: UTF8.self)
            for parser in [lenient, strict] {
                do {
                    let link = try parser.parseLink(url)
                    parsed += 1
                    for w in link.warnings { #expect(!w.message.isEmpty && !w.message.contains("\n")) }
                    for format in Self.formats {
                        guard let built = try? DirectionsLinkBuilder.build(link.request, as: format) else { continue }
                        let again = try? strict.parse(built.url)
                        #expect(again != nil, "\(url) → \(built.url)")
                        if built.omitted.isEmpty { #expect(again == link.request, "\(url) → \(built.url)") }
                    }
                } catch {
                    #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(url)")
                }
            }
        }
        #expect(parsed > 2_500)
    }
}

@Suite("Likely typos next to a usable Apple or Google link")
struct AppleGoogleTypoTests {
    @Test(arguments: [
        ("https://maps.apple.com/?daddr=Kew+Gardens&dirflag=w", "dirflag", "dirflg"),
        ("https://maps.apple.com/?daddr=Kew+Gardens&sadr=Richmond", "sadr", "saddr"),
        ("https://maps.apple.com/directions?destination=Bern&mdoe=walking", "mdoe", "mode"),
        ("https://maps.apple.com/directions?destination=Bern&waypont=Thun", "waypont", "waypoint"),
        ("https://www.google.com/maps/dir/?api=1&destination=Porto&travelmod=walking", "travelmod", "travelmode"),
        ("https://www.google.com/maps/dir/?api=1&destination=Porto&orign=Braga", "orign", "origin"),
        ("https://maps.google.com/maps?daddr=Thun&dirfl=w", "dirfl", "dirflg"),
        ("comgooglemaps://?daddr=Thun&directionmode=walking", "directionmode", "directionsmode"),
        ("google.navigation:q=Bondi&mdoe=w", "mdoe", "mode"),
    ])
    func typoIsAWarningThenAnError(_ url: String, _ typo: String, _ meant: String) throws {
        let link = try DirectionsURLParser().parseLink(url)
        #expect(link.warnings.count == 1)
        let w = try #require(link.warnings.first)
        #expect(w.code == .likelyTypo)
        #expect(w.parameter == meant)
        #expect(w.message == "found '\(typo)': did you mean '\(meant)'? It was ignored.")
        #expect(link.request.mode == nil)
        let e = try #require(URLTestSupport.error(url, parser: DirectionsURLParser(strict: true)))
        #expect(e.code == .likelyTypo)
        #expect(e.parameter == meant)
    }
}
