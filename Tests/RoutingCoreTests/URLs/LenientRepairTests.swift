// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// The lenient repairs every format shares (issue 17, item 4) and the typo hints (item 6): each one
/// read in several formats, asserting the destination and the warning, then the strict error.
/// Coordinates are our own (Lyon, Brussels).
@Suite("Lenient repairs across formats")
struct LenientRepairTests {
    let lenient = DirectionsURLParser()
    let strict = DirectionsURLParser(strict: true)

    /// Parses `url` leniently: the destination must be `latitude,longitude` and one warning must have `code`
    /// (and `parameter` when given); then the strict parse must fail with the same code.
    func expectRepaired(
        _ url: String, _ latitude: Double, _ longitude: Double, code: DirectionsURLError.Code, parameter: String? = nil,
        format: LinkFormat? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parsed = try lenient.parseLink(url)
        #expect(parsed.request.destination.coordinate == Coordinate(latitude: latitude, longitude: longitude), "\(url)", sourceLocation: sourceLocation)
        if let format { #expect(parsed.format == format, "\(url)", sourceLocation: sourceLocation) }
        let found = parsed.warnings.filter { $0.code == code && (parameter == nil || $0.parameter == parameter) }
        #expect(found.count == 1, "\(url): \(parsed.warnings)", sourceLocation: sourceLocation)
        let e = URLTestSupport.error(url, parser: strict)
        #expect(e?.code == code, "\(url): strict gave \(String(describing: e))", sourceLocation: sourceLocation)
    }

    // MARK: 1. A percent-encoded comma followed by `+` or a space

    @Test("'%2C+' and '%2C%20' between latitude and longitude read as a comma in every format", arguments: [
        "https://maps.apple.com/?daddr=45.764%2C+4.8357",
        "https://maps.apple.com/?daddr=45.764%2C%204.8357",
        "https://www.google.com/maps/dir/?api=1&destination=45.764%2C+4.8357",
        "https://www.google.com/maps/dir//45.764%2C+4.8357",
        "https://maps.google.com/?daddr=45.764%2C%204.8357",
        "https://yandex.ru/maps/?rtext=~45.764%2C+4.8357",
        "https://waze.com/ul?ll=45.764%2C+4.8357&navigate=yes",
        "geo:45.764%2C+4.8357",
        "geo:45.764%2C%204.8357",
    ])
    func commaPlus(url: String) throws {
        let r = try lenient.parse(url)
        #expect(r.destination.coordinate == Coordinate(latitude: 45.764, longitude: 4.8357), "\(url)")
    }

    @Test("'%2C+' before a negative longitude (the '+' is not a second sign)", arguments: [
        "https://maps.apple.com/?daddr=45.764%2C+-4.8357",
        "https://www.google.com/maps/dir//45.764%2C+-4.8357",
        "https://www.openstreetmap.org/directions?route=50.8466%2C+4.3528%3B45.764%2C+-4.8357",
    ])
    func commaPlusNegative(url: String) throws {
        let r = try lenient.parse(url)
        #expect(r.destination.coordinate == Coordinate(latitude: 45.764, longitude: -4.8357), "\(url)")
    }

    // MARK: 2. Numbers without a leading zero

    @Test("A raw space read into a place's name keeps the name, with a warning (strict: the error)", arguments: [
        "https://maps.apple.com/?ll=45.7640,4.8357&q=Place+Bellecour see you at 5",
        "magicearth://?show_on_map&lat=45.7640&lon=4.8357&name=Place Bellecour",
        "geo:45.7640,4.8357?q=45.7640,4.8357(Place Bellecour)",
    ])
    func rawSpaceInALabel(_ url: String) throws {
        try expectRepaired(url, 45.7640, 4.8357, code: .repairedSyntax, parameter: "url")
        let label = try lenient.parseLink(url).request.destination.name
        #expect(label?.hasPrefix("Place Bellecour") == true, "\(url): \(label ?? "nil")")
    }

    @Test("'.5' is read as 0.5 with a repaired-syntax warning", arguments: [
        ("https://maps.apple.com/?daddr=45.764,-.5", LinkFormat.appleMaps),
        ("https://www.google.com/maps/dir/?api=1&destination=45.764,-.5", LinkFormat.google),
        ("https://www.openstreetmap.org/directions?route=50.8466%2C4.3528%3B45.764%2C-.5", LinkFormat.openStreetMap),
        ("https://yandex.ru/maps/?rtext=~45.764,-.5", LinkFormat.yandex),
    ])
    func leadingDot(url: String, format: LinkFormat) throws {
        try expectRepaired(url, 45.764, -0.5, code: .repairedSyntax, format: format)
    }

    @Test("A '.5' read twice (a hemisphere number, then its pair) is one warning")
    func leadingDotOnce() throws {
        let parsed = try lenient.parseLink("https://maps.google.com/?q=.86S,+151.2E")
        #expect(parsed.request.destination.coordinate == Coordinate(latitude: -0.86, longitude: 151.2))
        #expect(parsed.warnings.count == 1, "\(parsed.warnings)")
    }

    @Test("A '.5' after a stop's '@' that is not a pair leaves an address with no repair warning (found by fuzzing)")
    func leadingDotInAnAddressIsNoRepair() throws {
        for parser in [lenient, strict] {
            let parsed = try parser.parseLink("https://maps.google.com/maps?daddr=Da:48@.2,1z6.sspnephm+Square")
            #expect(parsed.request.destination == .address("Da:48@.2,1z6.sspnephm Square"))
            #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        }
        // Used as a pair, the repair is still noted, now naming the parameter.
        try expectRepaired("https://maps.google.com/maps?daddr=Cafe@.5,2.35", 0.5, 2.35, code: .repairedSyntax, parameter: "daddr")
    }

    @Test("'.5' outside a parse stays invalid (CoordinateText alone keeps its strict grammar)")
    func leadingDotOutsideAParse() {
        #expect(LinkInput.withBytes(of: ".5") { $0.decimal } == nil)
        #expect(throws: DirectionsURLError.self) { try CoordinateText.parsePair("45.764,-.5", parameter: "q") }
    }

    // MARK: 3. A third value after latitude and longitude

    @Test("'lat,lon,17' drops the third value with a warning", arguments: [
        ("https://maps.apple.com/?daddr=45.764,4.8357,17", LinkFormat.appleMaps, "daddr"),
        ("https://www.google.com/maps/dir/?api=1&destination=45.764,4.8357,17", LinkFormat.google, "destination"),
        ("https://www.openstreetmap.org/directions?route=50.8466%2C4.3528%3B45.764%2C4.8357%2C17", LinkFormat.openStreetMap, "route"),
    ])
    func thirdValue(url: String, format: LinkFormat, parameter: String) throws {
        try expectRepaired(url, 45.764, 4.8357, code: .repairedSyntax, parameter: parameter, format: format)
    }

    @Test("Decimal commas are never read as a pair and a third value")
    func decimalCommasStayErrors() throws {
        let e = try #require(URLTestSupport.error("https://maps.apple.com/?daddr=45,764,4"))
        #expect(e.code == .malformedNumber)
    }

    // MARK: 4. Prose pasted after a link

    @Test("Words after a link are dropped when the link alone gives coordinates", arguments: [
        ("geo:45.764,4.8357 into your maps app", LinkFormat.geo),
        ("https://maps.google.com/?daddr=45.764,4.8357 and then turn left", LinkFormat.googleLegacy),
        ("https://maps.apple.com/?daddr=45.764,4.8357 see you there", LinkFormat.appleMaps),
        ("https://www.openstreetmap.org/directions?route=50.8466%2C4.3528%3B45.764%2C4.8357 is the way", LinkFormat.openStreetMap),
    ])
    func proseAfterLink(url: String, format: LinkFormat) throws {
        try expectRepaired(url, 45.764, 4.8357, code: .repairedSyntax, parameter: "url", format: format)
        let parsed = try lenient.parseLink(url)
        #expect(parsed.request.endpoints.allSatisfy { if case .address = $0.endpoint { false } else { true } })
    }

    @Test("Words after an address are not cut off: the whole value is read, with a repair")
    func proseAfterAddress() throws {
        let parsed = try lenient.parseLink("https://maps.google.com/?daddr=Place Bellecour, Lyon")
        #expect(parsed.request.destination == .address("Place Bellecour, Lyon"))
        #expect(!parsed.warnings.isEmpty)
    }

    @Test("A raw space inside an address is never silent: a repaired-syntax warning, strict an error", arguments: [
        "https://maps.apple.com/?daddr=Place Bellecour and then",
        "https://waze.com/ul?q=Place Bellecour and then",
        "https://yandex.ru/maps/?rtext=~Place Bellecour and then",
        "geo:0,0?q=Place Bellecour and then",
        "https://maps.google.com/?daddr=Place Bellecour and then",
    ])
    func rawSpaceInAddress(url: String) throws {
        let parsed = try lenient.parseLink(url)
        #expect(parsed.request.destination == .address("Place Bellecour and then"))
        #expect(parsed.warnings.filter { $0.code == .repairedSyntax && $0.message.contains("raw space") }.count == 1, "\(parsed.warnings)")
        #expect(URLTestSupport.error(url, parser: strict)?.code == .repairedSyntax)
    }

    @Test("Words after a link are not cut when the cut would empty a value or change a label", arguments: [
        "geo:0,0?q= rm -rf ~ho",
        "ms-drive-to:?destination.latitude=45.764&destination.longitude=4.8357&destination.name=Place Bellecour",
    ])
    func proseNotCut(url: String) throws {
        let parsed = try? lenient.parseLink(url)
        #expect(parsed?.warnings.contains { $0.parameter == "url" && $0.message.contains("text after the link") } != true, "\(String(describing: parsed))")
        #expect(parsed?.request.destination.coordinate != Coordinate(latitude: 0, longitude: 0))
    }

    // MARK: 5. A link without its scheme

    @Test("A known host without its scheme is read as https", arguments: [
        ("maps.google.com/maps?daddr=45.764,4.8357", LinkFormat.googleLegacy),
        ("www.openstreetmap.org/directions?route=50.8466%2C4.3528%3B45.764%2C4.8357", LinkFormat.openStreetMap),
        ("maps.apple.com/?daddr=45.764,4.8357", LinkFormat.appleMaps),
        ("www.google.fr/maps/dir/?api=1&destination=45.764,4.8357", LinkFormat.google),
    ])
    func noScheme(url: String, format: LinkFormat) throws {
        try expectRepaired(url, 45.764, 4.8357, code: .repairedSyntax, parameter: "scheme", format: format)
    }

    @Test("An unknown host without a scheme stays an error")
    func noSchemeUnknownHost() throws {
        let e = try #require(URLTestSupport.error("example.com/?daddr=45.764,4.8357"))
        #expect(e.code == .malformedURL)
    }

    // MARK: 6. JavaScript placeholders

    @Test("undefined, null, NaN as a value: the parameter is absent, with an ignored-value warning", arguments: [
        ("https://maps.apple.com/?daddr=45.764,4.8357&saddr=undefined", "saddr"),
        ("https://maps.apple.com/?daddr=45.764,4.8357&dirflg=null", "dirflg"),
        ("https://www.google.com/maps/dir/?api=1&destination=45.764,4.8357&travelmode=NaN", "travelmode"),
        ("https://www.google.com/maps/dir/?api=1&destination=45.764,4.8357&origin=UNDEFINED", "origin"),
        ("https://www.openstreetmap.org/directions?engine=null&route=50.8466%2C4.3528%3B45.764%2C4.8357", "engine"),
        ("https://waze.com/ul?ll=45.764,4.8357&navigate=Null", "navigate"),
        ("geo:45.764,4.8357?z=NaN", "z"),
    ])
    func placeholders(url: String, parameter: String) throws {
        try expectRepaired(url, 45.764, 4.8357, code: .ignoredValue, parameter: parameter)
        let r = try lenient.parse(url)
        if parameter == "saddr" || parameter == "origin" { #expect(r.source == .currentLocation) }
        if parameter == "dirflg" || parameter == "travelmode" { #expect(r.mode == nil) }
    }

    @Test("A placeholder destination is a missing destination, not a place called 'undefined'")
    func placeholderDestination() throws {
        let e = try #require(URLTestSupport.error("https://maps.apple.com/?daddr=undefined"))
        #expect(e.code == .missingDestination)
    }

    // MARK: 7. `+` in labels

    @Test("'+' is a space in the labels of every form-encoded query", arguments: [
        "https://citymapper.com/directions?endcoord=45.764,4.8357&endname=Place+Bellecour",
        "https://www.openstreetmap.org/directions?route=50.8466%2C4.3528%3B45.764%2C4.8357&to=Place+Bellecour",
        "osmandmaps://?lat=45.764&lon=4.8357&name=Place+Bellecour",
        "https://osmand.net/go?lat=45.764&lon=4.8357&name=Place+Bellecour",
        "om://map?ll=45.764,4.8357&n=Place+Bellecour",
        "https://omaps.app/route?sll=50.8466,4.3528&saddr=Grand+Place&dll=45.764,4.8357&daddr=Place+Bellecour&type=vehicle",
        "moovit://directions?dest_lat=45.764&dest_lon=4.8357&dest_name=Place+Bellecour",
        "geo:0,0?q=45.764,4.8357(Place+Bellecour)",
        "https://www.bing.com/maps?rtp=~pos.45.764_4.8357_Place+Bellecour",
    ])
    func plusInLabels(url: String) throws {
        let r = try lenient.parse(url)
        #expect(r.destination == URLTestSupport.point(45.764, 4.8357, "Place Bellecour"), "\(url)")
    }

    @Test("'+' stays a '+' where the format is not form-encoded (bingmaps: ABNF, a HERE path)", arguments: [
        "bingmaps:?rtp=~pos.45.764_4.8357_Place+Bellecour",
        "here-route://mylocation/45.764,4.8357,Place+Bellecour",
    ])
    func plusLiteral(url: String) throws {
        let r = try lenient.parse(url)
        #expect(r.destination == URLTestSupport.point(45.764, 4.8357, "Place+Bellecour"), "\(url)")
    }

    // MARK: 8. Typos

    @Test("A misspelt parameter is a likely-typo in every format", arguments: [
        ("moovit://directions?dest_lat=45.764&dest_lon=4.8357&origin_lat=50.8466", "origin_lat", "orig_lat"),
        ("https://waze.com/ul?ll=45.764,4.8357&navigat=yes", nil, "navigate"),
        ("https://waze.com/ul?ll=45.764,4.8357&navigate=yes&zom=17", "zom", "zoom"),
        ("https://www.google.com/maps/dir/?api=1&destination=45.764,4.8357&travlemode=walking", nil, "travelmode"),
        ("https://maps.apple.com/?daddr=45.764,4.8357&dirlfg=w", nil, "dirflg"),
        ("https://citymapper.com/directions?endcoord=45.764,4.8357&endnmae=Bellecour", nil, "endname"),
        ("https://www.bing.com/maps?rtp=~pos.45.764_4.8357&mdoe=W", "mdoe", "mode"),
        ("https://yandex.ru/maps/?rtext=~45.764,4.8357&rtx=pd", "rtx", "rtt"),
        ("https://osmand.net/map/navigate?end=45.764%2C4.8357&profil=car", "profil", "profile"),
        ("comgooglemaps://?daddr=45.764,4.8357&directionsmod=walking", nil, "directionsmode"),
    ])
    func typos(url: String, found: String?, expected: String) throws {
        let parsed = try lenient.parseLink(url)
        #expect(parsed.request.destination.coordinate == Coordinate(latitude: 45.764, longitude: 4.8357))
        let typo = parsed.warnings.filter { $0.code == .likelyTypo }
        #expect(typo.count == 1, "\(url): \(parsed.warnings)")
        #expect(typo.first?.message.contains("'\(expected)'") == true, "\(url): \(parsed.warnings)")
        if let found { #expect(typo.first?.parameter == found) }
        #expect(URLTestSupport.error(url, parser: strict)?.code == .likelyTypo)
    }

    @Test("An unknown scheme near a known one says which", arguments: [("moovitt://directions?dest_lat=1", "moovit"), ("goe:45.764,4.8357", "geo")])
    func schemeTypo(url: String, expected: String) throws {
        let e = try #require(URLTestSupport.error(url))
        #expect(e.code == .unknownScheme)
        #expect(e.message.contains("did you mean '\(expected):'?"), "\(e.message)")
    }

    @Test("The unknown-host message lists the host patterns too")
    func hostPatterns() throws {
        let e = try #require(URLTestSupport.error("https://example.com/?daddr=45.764,4.8357"))
        #expect(e.code == .notADirectionsLink)
        for pattern in ["google.<", "yandex.<", "2gis.<"] { #expect(e.message.contains(pattern), "\(e.message)") }
    }
}
