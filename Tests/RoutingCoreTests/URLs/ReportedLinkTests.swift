// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// One test per failure shape reported in the wild (ids refer to the shared URL case notes). The fixtures
/// are our own places; only the shape of each broken or tricky link is reproduced.
@Suite("Links that broke other parsers")
struct ReportedLinkTests {
    let parser = URLTestSupport.parser
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    @Test("B16: 'Current Location' (%20) as saddr on Apple")
    func appleCurrentLocationLiteral() throws {
        let r = try parser.parse("http://maps.apple.com/?saddr=Current%20Location&daddr=41.4036,2.1744")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(41.4036, 2.1744))
        #expect(r.mode == nil)
    }

    @Test("B17: 'Current+Location' as saddr on legacy Google, address destination")
    func googleCurrentLocationLiteral() throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Current+Location&daddr=Sagrada+Fam%C3%ADlia%2C+Barcelona")
        #expect(r.source == .currentLocation)
        #expect(r.destination == .address("Sagrada Família, Barcelona"))
        #expect(r.mode == nil)
    }

    @Test("B19: typo 'addr' is an error that names 'daddr'")
    func addrTypo() throws {
        let e = try #require(error("https://maps.google.com/?saddr=&addr=Brooklyn+Bridge"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
        #expect(e.message.contains("'addr'"))
        #expect(e.message.contains("did you mean 'daddr'?"))
    }

    @Test("B28: nested maps://https:// with repeated daddr")
    func nestedMultiStop() throws {
        let r = try parser.parse(
            "maps://https://maps.apple.com/maps?saddr=48.8606,2.3376&daddr=48.8530,2.3499&daddr=48.8867,2.3431")
        #expect(r.source == point(48.8606, 2.3376))
        #expect(r.waypoints == [point(48.8530, 2.3499)])
        #expect(r.destination == point(48.8867, 2.3431))
    }

    @Test("B30: raw '|' between Google waypoints with dir_action=navigate")
    func rawPipeWaypoints() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/?api=1&origin=52.3676,4.9041&destination=50.8503,4.3517"
                + "&waypoints=52.0907,5.1214|51.4416,5.4697&travelmode=driving&dir_action=navigate")
        #expect(r.source == point(52.3676, 4.9041))
        #expect(r.waypoints == [point(52.0907, 5.1214), point(51.4416, 5.4697)])
        #expect(r.destination == point(50.8503, 4.3517))
        #expect(r.mode == .car)
        #expect(r.transportType == .automobile)
        #expect(r.navigate)
    }

    @Test("B30: the raw '|' is one repaired-syntax warning when lenient, an error when strict")
    func rawPipeIsARepair() throws {
        let url = "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945"
            + "&waypoints=45.4642,9.1900|46.2044,6.1432&travelmode=driving&dir_action=navigate"
        let link = try parser.parseLink(url)
        #expect(link.format == .google)
        #expect(link.request.source == point(41.8902, 12.4922))
        #expect(link.request.waypoints == [point(45.4642, 9.19), point(46.2044, 6.1432)])
        #expect(link.request.destination == point(48.8584, 2.2945))
        #expect(link.request.mode == .car && link.request.navigate)
        #expect(link.warnings.count == 1)
        #expect(link.warnings.first?.code == .repairedSyntax)
        #expect(link.warnings.first?.parameter == "waypoints")
        #expect(link.warnings.first?.message.contains("%7C") == true)
        let e = try #require(URLTestSupport.error(url, parser: DirectionsURLParser(strict: true)))
        #expect(e.code == .repairedSyntax)
        #expect(e.parameter == "waypoints")
        let encoded = try parser.parseLink(url.replacingPipes())
        #expect(encoded.warnings.isEmpty)
        #expect(encoded.request == link.request)
    }

    @Test("B31: '%2C+' before a negative longitude stays a coordinate")
    func encodedCommaPlusSpace() throws {
        let r = try parser.parse("https://www.google.com/maps/dir/?api=1&destination=34.1016%2C+-118.3267")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(34.1016, -118.3267))
        #expect(r.mode == nil)
    }

    @Test("B41: unified Apple link with hyphenated place-id parameters")
    func unifiedWithPlaceIds() throws {
        let r = try parser.parse(
            "https://maps.apple.com/directions?source=Tate+Modern&source-place-id=I0000AAAA1111&destination=British+Museum"
                + "&destination-place-id=I2222BBBB3333&mode=walking")
        #expect(r.source == .address("Tate Modern", placeID: "I0000AAAA1111"))
        #expect(r.destination == .address("British Museum", placeID: "I2222BBBB3333"))
        #expect(r.mode == .pedestrian)
    }

    @Test("B42: legacy Apple daddr-only link still parses")
    func legacyDaddrOnly() throws {
        let r = try parser.parse("https://maps.apple.com/?daddr=40.7527,-73.9772")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(40.7527, -73.9772))
        #expect(r.mode == nil && r.transportType == nil)
    }

    @Test("B45: Apple-style maps:? link, not GNOME's maps:q=")
    func appleStyleMapsScheme() throws {
        let r = try parser.parse("maps:?saddr=Ponte+Vecchio&daddr=Uffizi+Gallery&dirflg=w")
        #expect(r.source == .address("Ponte Vecchio"))
        #expect(r.destination == .address("Uffizi Gallery"))
        #expect(r.mode == .pedestrian)
    }

    @Test("B15: localized 'Ma position' as the first segment of a Google path link")
    func frenchCurrentLocationInPath() throws {
        let link = try parser.parseLink("https://www.google.com/maps/dir/Ma+position/48.8584,2.2945")
        #expect(link.format == .googlePath)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(48.8584, 2.2945))
        #expect(link.request.waypoints.isEmpty)
        #expect(link.request.mode == nil && link.request.transportType == nil)
        #expect(link.warnings.isEmpty)
    }

    @Test("B16: the reported Apple link with 'Current%20Location'")
    func appleCurrentLocationReportedLink() throws {
        let r = try parser.parse("http://maps.apple.com/?saddr=Current%20Location&daddr=48.8584,2.2945")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(48.8584, 2.2945))
        #expect(r.mode == nil)
    }

    @Test("B19: the reported Google link with 'addr' names the typo")
    func addrTypoReportedLink() throws {
        let e = try #require(error("https://maps.google.com/?saddr=&addr=Sydney+Opera+House"))
        #expect(e.code == .missingDestination)
        #expect(e.parameter == "daddr")
        #expect(e.message.contains("found 'addr': did you mean 'daddr'?"))
    }

    @Test("B20: the @lat,lon,15z viewport is not a stop")
    func viewportIsNotAStop() throws {
        let link = try parser.parseLink(
            "https://www.google.com/maps/dir/48.8584,2.2945/48.8606,2.3376/@48.8595,2.3161,15z/data=!4m2!4m1!3e0")
        #expect(link.format == .googlePath)
        #expect(link.request.source == point(48.8584, 2.2945))
        #expect(link.request.destination == point(48.8606, 2.3376))
        #expect(link.request.waypoints.isEmpty)
        #expect(link.request.mode == nil && link.request.transportType == nil)
        #expect(link.warnings.isEmpty)
    }

    @Test("B22: data= stops are !1d<lon>!2d<lat>, matched to the named path stops in order")
    func dataBlobLongitudeFirst() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2"
                + "!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186")
        #expect(r.source == point(52.5163, 13.3777, "Brandenburg Gate"))
        #expect(r.destination == point(52.5186, 13.3762, "Reichstag"))
        #expect(r.waypoints.isEmpty)
        #expect(r.mode == nil)
    }

    @Test("B28: the reported nested maps://https:// link with three stops")
    func nestedMultiStopReportedLink() throws {
        let link = try parser.parseLink(
            "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937")
        #expect(link.format == .appleMaps)
        #expect(link.request.source == point(37.8199, -122.4783))
        #expect(link.request.waypoints == [point(37.8024, -122.4058)])
        #expect(link.request.destination == point(37.7955, -122.3937))
    }

    @Test("B31: the reported '%2C+' link")
    func encodedCommaPlusReportedLink() throws {
        let link = try parser.parseLink("https://www.google.com/maps/dir/?api=1&destination=40.7580%2C+-73.9855")
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == point(40.758, -73.9855))
        #expect(link.warnings.isEmpty)
    }

    @Test("B36: a Google link with only a feature id is unresolvable offline")
    func featureIdOnly() throws {
        let e = try #require(error("https://maps.google.com/maps?hl=en-US&gl=de&um=1&ie=UTF-8&fb=1&sa=X&ftid=0x0:0x0"))
        #expect(e.code == .unresolvableOffline)
        #expect(e.parameter == "ftid")
        #expect(e.message.contains("online look-up"))
    }

    @Test("B41: the reported unified link keeps both place ids")
    func unifiedPlaceIdsReportedLink() throws {
        let link = try parser.parseLink(
            "https://maps.apple.com/directions?source=The+Metropolitan+Museum+of+Art&source-place-id=I521E602783BA9605"
                + "&destination=American+Museum+of+Natural+History&destination-place-id=IF149E70A3B3C4CB2&mode=walking")
        #expect(link.format == .appleUnified)
        #expect(link.request.source == .address("The Metropolitan Museum of Art", placeID: "I521E602783BA9605"))
        #expect(link.request.destination == .address("American Museum of Natural History", placeID: "IF149E70A3B3C4CB2"))
        #expect(link.request.mode == .pedestrian && link.request.transportType == .walking)
    }

    @Test("B42: the reported legacy Apple link")
    func legacyDaddrOnlyReportedLink() throws {
        let link = try parser.parseLink("https://maps.apple.com/?daddr=37.7793,-122.4193")
        #expect(link.format == .appleMaps)
        #expect(link.request == DirectionsRequest(destination: point(37.7793, -122.4193)))
    }

    @Test("B45: the reported Apple-style maps: link, and GNOME's maps:q= is refused naming GNOME")
    func mapsSchemeBothGrammars() throws {
        let r = try parser.parse("maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w")
        #expect(r.source == .address("Space Needle"))
        #expect(r.destination == .address("Pike Place Market"))
        #expect(r.mode == .pedestrian)
        let e = try #require(error("maps:q=Pike%20Place%20Market"))
        #expect(e.code == .notADirectionsLink)
        #expect(e.message.contains("GNOME"))
    }

    @Test("B15-B47: the reported Apple and Google links that parse need no repair, so strict mode accepts them", arguments: [
        ("B15", "https://www.google.com/maps/dir/Ma+position/48.8584,2.2945", LinkFormat.googlePath),
        ("B16", "http://maps.apple.com/?saddr=Current%20Location&daddr=48.8584,2.2945", .appleMaps),
        ("B17", "https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle", .googleLegacy),
        ("B20", "https://www.google.com/maps/dir/48.8584,2.2945/48.8606,2.3376/@48.8595,2.3161,15z/data=!4m2!4m1!3e0", .googlePath),
        ("B22", "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186", .googlePath),
        ("B28", "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937", .appleMaps),
        ("B31", "https://www.google.com/maps/dir/?api=1&destination=40.7580%2C+-73.9855", .google),
        ("B41", "https://maps.apple.com/directions?source=The+Metropolitan+Museum+of+Art&source-place-id=I521E602783BA9605&destination=American+Museum+of+Natural+History&destination-place-id=IF149E70A3B3C4CB2&mode=walking", .appleUnified),
        ("B42", "https://maps.apple.com/?daddr=37.7793,-122.4193", .appleMaps),
        ("B45", "maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w", .appleMaps),
        ("B47", "https://www.google.com/maps/dir/A%2BB/Caf%C3%A9+de+Flore,+Paris/", .googlePath),
    ])
    func reportedLinksNeedNoRepair(_ id: String, _ url: String, _ format: LinkFormat) throws {
        let lenient = try parser.parseLink(url)
        #expect(lenient.warnings.isEmpty, "\(id)")
        #expect(lenient.format == format, "\(id)")
        let strict = try DirectionsURLParser(strict: true).parseLink(url)
        #expect(strict == lenient, "\(id)")
    }

    @Test("B17: the reported legacy Google link with an address destination")
    func googleCurrentLocationReportedLink() throws {
        let r = try parser.parse("https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle")
        #expect(r == DirectionsRequest(destination: .address("Space Needle, Seattle")))
    }

    @Test("B47: '+' is a space in Google path segments, %2B a literal plus, UTF-8 decoded once")
    func plusInPathSegments() throws {
        let link = try parser.parseLink("https://www.google.com/maps/dir/A%2BB/Caf%C3%A9+de+Flore,+Paris/")
        #expect(link.format == .googlePath)
        #expect(link.request.source == .address("A+B"))
        #expect(link.request.destination == .address("Café de Flore, Paris"))
        #expect(link.request.waypoints.isEmpty)
        #expect(link.request.mode == nil)
    }
}

extension String {
    /// The link with every raw `|` written `%7C`.
    fileprivate func replacingPipes() -> String {
        var out = ""
        for c in self { out += c == "|" ? "%7C" : String(c) }
        return out
    }
}
