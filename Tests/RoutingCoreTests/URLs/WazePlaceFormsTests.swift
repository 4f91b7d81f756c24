// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Waze shared pins (issue 17): `/ul/h<geohash>` and `live-map?h=<geohash>`, decoded offline.
@Suite("Waze geohash place links")
struct WazePlaceFormsTests {
    let strict = DirectionsURLParser(strict: true)

    func decode(_ hash: String) -> Coordinate? { LinkInput.withBytes(of: hash) { WazeLink.decodeGeohash($0) } }

    @Test("geohash decoding gives the cell centre: Wikipedia's ezs42 and GeoShare's Waze vectors")
    func vectors() throws {
        let wiki = try #require(decode("ezs42"))
        #expect(wiki == Coordinate(latitude: 42.60498046875, longitude: -5.60302734375))
        let waze = try #require(decode("u32kpzy90"))
        #expect(abs(waze.latitude - 52.77714) < 5e-6 && abs(waze.longitude - 11.951087) < 5e-6)
        #expect(decode("EZS42") == wiki)
        for bad in ["", "ezs4a", "ezs4i", "ezs4l", "ezs4o", "ezs 42", "ezs42!", String(repeating: "u", count: 23)] {
            #expect(decode(bad) == nil, "\(bad)")
        }
    }

    @Test("encode then decode lands within the cell, for random points")
    func roundTrip() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let lat = Double.random(in: -90...90, using: &g)
            let lon = Double.random(in: -180...180, using: &g)
            let back = decode(WazeLink.encodeGeohash(latitude: lat, longitude: lon, count: 10))
            guard let back else { Issue.record("no decode"); continue }
            // 10 characters: cells of 180/2^25 by 360/2^25 degrees; the centre is within half of each.
            #expect(abs(back.latitude - lat) <= 90 / 33_554_432.0 && abs(back.longitude - lon) <= 180 / 33_554_432.0)
        }
    }

    @Test("/ul/h<geohash> is an exact place from the current location, no label, no warning, strict too")
    func shortPath() throws {
        for url in ["https://waze.com/ul/hu20f2z0b4z", "https://www.waze.com/ul/hu20f2z0b4z", "https://ul.waze.com/ul/hu20f2z0b4z/", "waze.com/ul/hu20f2z0b4z"] {
            let link: ParsedLink
            do { link = try strict.parseLink(url) } catch {
                if url.hasPrefix("waze.com") { continue }  // a link without its scheme is another helper's repair
                Issue.record("\(url): \(error)"); continue
            }
            #expect(link.format == .waze)
            #expect(link.request.source == .currentLocation)
            guard case .coordinate(let c, let label, _, let precision) = link.request.destination else { Issue.record("\(url)"); continue }
            #expect(abs(c.latitude - 45.4340) < 1e-5 && abs(c.longitude - 12.3388) < 1e-5)
            #expect(label == nil && precision == .exact)
            #expect(link.warnings.isEmpty)
        }
    }

    @Test("live-map?h=<geohash> (also /live-map/ and a locale) is the same place")
    func liveMap() throws {
        let a = try strict.parseLink("https://www.waze.com/live-map?h=u20f2z0b4")
        let b = try strict.parseLink("https://www.waze.com/live-map/?h=u20f2z0b4&utm_source=share")
        let c = try strict.parseLink("https://www.waze.com/en-GB/live-map?h=u20f2z0b4")
        #expect(a.request == b.request && b.request == c.request)
        #expect(a.request.source == .currentLocation && a.request.destination.precision == .exact)
        #expect(a.request.destination.coordinate.map { abs($0.latitude - 45.4340) < 3e-5 && abs($0.longitude - 12.3388) < 3e-5 } == true)
    }

    @Test("a character outside the geohash alphabet is malformed-url naming where it is")
    func badHash() {
        let path = URLTestSupport.error("https://waze.com/ul/hu20fa")
        #expect(path?.code == .malformedURL && path?.parameter == "path")
        let h = URLTestSupport.error("https://www.waze.com/live-map?h=u20f%21")
        #expect(h?.code == .malformedURL && h?.parameter == "h")
        #expect(URLTestSupport.error("https://www.waze.com/live-map?h=")?.code == .malformedURL)
        // The deep link and Live Map directions are unchanged.
        #expect(URLTestSupport.error("https://www.waze.com/live-map")?.code == .notADirectionsLink)
    }
}
