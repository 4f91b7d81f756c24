// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// Seeded random requests for the Apple and Google builders: coordinates with 0–7 decimals, addresses
/// with `&`, `+`, `,`, `|`, `(`, `%`, `#`, `/`, `;`, `~`, `?` and non-ASCII text, the current location,
/// waypoints, labels, place ids, avoidances and every mode word of the format.
struct AppleGoogleRequestGenerator {
    var rng: SplitMix64

    /// What a format can carry, so that about half the requests round-trip exactly.
    struct Profile {
        var sourceAlwaysCurrent = false
        var maxWaypoints = 3
        var labels = false
        var placeIDs = false
        var avoid: [RouteAvoidance] = []
        var navigate: Bool? = false
        var meanings: [(DirectionsMode?, TransportType?)] = [(nil, nil)]
    }

    static let pieces = [
        "Café de Flore", "A&B Hardware", "C++ Meetup", "1+1 Bakery", "Rue de Rivoli, 75001 Paris", "Pipe|Line Bar",
        "Gare (Nord)", "Zürich HB", "東京駅", "50% Discount", "x=y Studio", "#1 Diner", "O'Hare", "Haus am See/Nord",
        "Semi;colon Café", "Tilde~Lane", "Question? Mark", "94043", "Plaça de Catalunya", "Ein Gedi",
    ]

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }

    mutating func degrees(_ limit: Int) -> Double {
        let decimals = int(8)
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        return Double(int(2 * limit * scale + 1) - limit * scale) / Double(scale)
    }

    mutating func coordinate() -> Coordinate { Coordinate(latitude: degrees(90), longitude: degrees(180)) }

    mutating func text() -> String {
        let first = Self.pieces[int(Self.pieces.count)]
        return chance(30) ? first + " " + Self.pieces[int(Self.pieces.count)] : first
    }

    mutating func placeID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        var id = chance(50) ? "ChIJ" : "I"
        for _ in 0..<(8 + int(10)) { id.append(alphabet[int(alphabet.count)]) }
        return id
    }

    mutating func endpoint(_ p: Profile, current: Int) -> Endpoint {
        if chance(current) { return .currentLocation }
        let id = p.placeIDs && chance(40) ? placeID() : nil
        if chance(55) {
            return .coordinate(coordinate(), label: p.labels && chance(50) ? text() : nil, placeID: id)
        }
        return .address(text(), placeID: id)
    }

    mutating func request(_ p: Profile) -> DirectionsRequest {
        let source = p.sourceAlwaysCurrent ? .currentLocation : endpoint(p, current: 35)
        var waypoints: [Endpoint] = []
        for _ in 0..<int(p.maxWaypoints + 1) { waypoints.append(endpoint(p, current: 3)) }
        let destination = endpoint(p, current: 3)
        let meaning = p.meanings[int(p.meanings.count)]
        var avoid: Set<RouteAvoidance> = []
        for a in p.avoid where chance(40) { avoid.insert(a) }
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: meaning.0, transportType: meaning.1,
            avoid: avoid, navigate: p.navigate ?? chance(50))
    }

    /// Anything the model can hold, including what no Apple or Google format carries.
    mutating func anyRequest() -> DirectionsRequest {
        var r = request(Profile(labels: true, placeIDs: true, avoid: RouteAvoidance.allCases, navigate: nil))
        let modes: [DirectionsMode?] = [nil] + DirectionsMode.allCases
        r.mode = modes[int(modes.count)]
        r.transportType = r.mode?.transportType ?? (chance(20) ? .transit : nil)
        if chance(15) { r.departureDate = "2026-11-29T08:30:00Z" }
        return r
    }
}

@Suite("Apple and Google link builders")
struct AppleGoogleLinkBuilderTests {
    let strict = DirectionsURLParser(strict: true)

    static let formats: [LinkFormat] = [.appleUnified, .appleMaps, .google, .googleLegacy, .comGoogleMaps, .googleNavigation]

    static func profile(_ format: LinkFormat) -> AppleGoogleRequestGenerator.Profile {
        let meanings: [(DirectionsMode?, TransportType?)] =
            [(nil, nil)] + DirectionsLinkBuilder.modeVocabulary(of: format).map { ($0.mode, $0.transportType) }
        switch format {
        case .appleUnified: return .init(placeIDs: true, avoid: [.tolls, .highways], meanings: meanings)
        case .appleMaps: return .init(meanings: meanings)
        case .google: return .init(placeIDs: true, avoid: RouteAvoidance.allCases, navigate: nil, meanings: meanings)
        case .googleLegacy: return .init(labels: true, avoid: [.tolls, .highways], meanings: meanings)
        case .comGoogleMaps: return .init(meanings: meanings)
        default:
            return .init(
                sourceAlwaysCurrent: true, maxWaypoints: 0, avoid: RouteAvoidance.allCases, navigate: true,
                meanings: meanings)
        }
    }

    /// (1) a request the format carries fully parses back exactly; (2) build → parse → build gives the
    /// same text; built links parse in strict mode (no repairs) as the format they were built in.
    @Test(arguments: formats)
    func buildParseBuild(_ format: LinkFormat) throws {
        var generator = AppleGoogleRequestGenerator(rng: SplitMix64(seed: 0xA991E + UInt64(Self.formats.firstIndex(of: format) ?? 0)))
        var exact = 0
        for i in 0..<80 {
            let request = i % 3 == 2 ? generator.anyRequest() : generator.request(Self.profile(format))
            let built: BuiltLink
            do {
                built = try DirectionsLinkBuilder.build(request, as: format)
            } catch {
                #expect(format == .googleNavigation && error.code == .cannotExpress && error.field == "source")
                #expect(request.source != .currentLocation)
                continue
            }
            #expect(built.format == format)
            let parsed = try strict.parseLink(built.url)
            #expect(parsed.format == format, "\(built.url)")
            if built.omitted.isEmpty {
                #expect(parsed.request == request, "\(built.url)")
                exact += 1
            }
            let again = try DirectionsLinkBuilder.build(parsed.request, as: format)
            #expect(again.url == built.url)
            #expect(try strict.parseLink(again.url).request == parsed.request)
        }
        #expect(exact >= 20, "only \(exact) of 80 requests were carried fully by \(format.rawValue)")
    }

    @Test func everyBuilderIsRegisteredWithItsVocabulary() {
        for format in Self.formats {
            #expect(DirectionsLinkBuilder.formats.contains(format))
            let words = DirectionsLinkBuilder.modeVocabulary(of: format)
            #expect(!words.isEmpty)
            // One preferred word per meaning.
            let meanings = words.filter(\.preferred).map { "\(String(describing: $0.mode))/\(String(describing: $0.transportType))" }
            #expect(Set(meanings).count == meanings.count)
        }
    }

    @Test func canonicalAppleUnifiedText() throws {
        let r = DirectionsRequest(
            source: .address("Tate Modern", placeID: "I0000AAAA1111"),
            destination: .at(latitude: 51.5194, longitude: -0.127),
            waypoints: [.address("St Paul's & Millennium Bridge"), .address("Borough Market", placeID: "IBM1")],
            mode: .pedestrian, avoid: [.highways, .tolls])
        let built = try DirectionsLinkBuilder.build(r, as: .appleUnified)
        #expect(built.url == "https://maps.apple.com/directions?source=Tate+Modern&source-place-id=I0000AAAA1111"
            + "&destination=51.5194,-0.127&waypoint=St+Paul%27s+%26+Millennium+Bridge&waypoint=Borough+Market"
            + "&waypoint-place-id=IBM1&mode=walking&avoid=tolls,highways")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)
    }

    @Test func canonicalAppleLegacyTextAndOmissions() throws {
        let r = DirectionsRequest(
            destination: .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: "Tour Eiffel"),
            waypoints: [.address("C++ Meetup")], mode: .bike, avoid: [.ferries], navigate: true)
        let built = try DirectionsLinkBuilder.build(r, as: .appleMaps)
        #expect(built.url == "https://maps.apple.com/?daddr=C%2B%2B+Meetup&daddr=48.8584,2.2945")
        #expect(built.omitted == [
            "destination label: Apple Maps legacy links carry no place names for coordinates",
            "mode Bike: Apple Maps legacy has no word for it",
            "avoid ferries: Apple Maps legacy links cannot say it",
            "navigate: Apple Maps legacy links cannot ask to start guidance",
        ])
    }

    @Test func canonicalGoogleText() throws {
        let r = DirectionsRequest(
            source: .at(latitude: 41.8902, longitude: 12.4922),
            destination: .address("Eiffel Tower", placeID: "ChIJLU7jZClu5kcR4PcOOO6p3I0"),
            waypoints: [.address("Milan, Italy"), .at(latitude: 46.2044, longitude: 6.1432)],
            mode: .car, avoid: [.ferries, .tolls], navigate: true)
        let built = try DirectionsLinkBuilder.build(r, as: .google)
        #expect(built.url == "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=Eiffel+Tower"
            + "&destination_place_id=ChIJLU7jZClu5kcR4PcOOO6p3I0&travelmode=driving&waypoints=Milan,+Italy%7C46.2044,6.1432"
            + "&avoid=tolls,ferries&dir_action=navigate")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)
    }

    @Test func googleWaypointWithPipeIsOmittedNotSplit() throws {
        let r = DirectionsRequest(destination: .address("Porto"), waypoints: [.address("Pipe|Line Bar")])
        let built = try DirectionsLinkBuilder.build(r, as: .google)
        #expect(built.url == "https://www.google.com/maps/dir/?api=1&destination=Porto&waypoints=Pipe+Line+Bar")
        #expect(built.omitted == ["waypoints[0]: '|' cannot be written inside a Google waypoint; written as a space"])
        #expect(try strict.parse(built.url).waypoints == [.address("Pipe Line Bar")])
    }

    @Test func canonicalGoogleLegacyTextWithLabelsAndChain() throws {
        let r = DirectionsRequest(
            source: .address("Manchester"),
            destination: .coordinate(Coordinate(latitude: 46.853582, longitude: 9.529903), label: "Bahnhofplatz 3, 7000 Chur"),
            waypoints: [.address("Birmingham")], mode: .bike, avoid: [.tolls, .highways])
        let built = try DirectionsLinkBuilder.build(r, as: .googleLegacy)
        #expect(built.url == "https://maps.google.com/maps?saddr=Manchester"
            + "&daddr=Birmingham+to:Bahnhofplatz+3,+7000+Chur@46.853582,9.529903&dirflg=bht")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)
    }

    @Test func canonicalComGoogleMapsText() throws {
        let r = DirectionsRequest(destination: .address("John F. Kennedy International Airport"), transportType: .transit)
        let built = try DirectionsLinkBuilder.build(r, as: .comGoogleMaps)
        #expect(built.url == "comgooglemaps://?daddr=John+F.+Kennedy+International+Airport&directionsmode=transit")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)
    }

    @Test func googleNavigationSourceAndOmissions() throws {
        let r = DirectionsRequest(destination: .address("Taronga Zoo, Sydney Australia"), mode: .bike, avoid: [.tolls, .ferries], navigate: true)
        let built = try DirectionsLinkBuilder.build(r, as: .googleNavigation)
        #expect(built.url == "google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf")
        #expect(built.omitted.isEmpty)
        #expect(try strict.parse(built.url) == r)

        var elsewhere = r
        elsewhere.source = .address("Manly Wharf")
        #expect(throws: LinkBuildError.self) { try DirectionsLinkBuilder.build(elsewhere, as: .googleNavigation) }
        do {
            _ = try DirectionsLinkBuilder.build(elsewhere, as: .googleNavigation)
        } catch {
            #expect(error.code == .cannotExpress)
            #expect(error.field == "source")
        }

        let preview = DirectionsRequest(destination: .address("Bondi"), waypoints: [.address("Manly")], transportType: .transit)
        let built2 = try DirectionsLinkBuilder.build(preview, as: .googleNavigation)
        #expect(built2.url == "google.navigation:q=Bondi")
        #expect(built2.omitted == [
            "waypoints: google.navigation routes to one destination (1 stop(s) dropped)",
            "transport type Transit: google.navigation has no word for it alone",
            "navigate: google.navigation always starts guidance",
        ])
    }

    @Test func emptyDestinationCannotBeExpressed() {
        let r = DirectionsRequest(destination: .address("  "))
        for format in Self.formats {
            do {
                _ = try DirectionsLinkBuilder.build(r, as: format)
                Issue.record("\(format.rawValue) built a link without a destination")
            } catch {
                #expect(error.code == .cannotExpress)
                #expect(error.field == "destination")
            }
        }
    }

    /// (3) For links of these formats, building the parsed request again (in the dialect's builder)
    /// gives a link that parses back to the same request.
    @Test(arguments: [
        ("https://maps.apple.com/?saddr=Current%20Location&daddr=41.4036,2.1744&dirflg=r", LinkFormat.appleMaps),
        ("maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937", .appleMaps),
        ("maps:?saddr=Ponte+Vecchio&daddr=Uffizi+Gallery&dirflg=w", .appleMaps),
        ("https://maps.apple.com/directions?source=The+Metropolitan+Museum+of+Art&source-place-id=I521E602783BA9605&destination=American+Museum+of+Natural+History&destination-place-id=IF149E70A3B3C4CB2&mode=walking", .appleUnified),
        ("https://maps.apple.com/directions?destination=Borough+Market&waypoint=Tate+Modern&waypoint-place-id=IT1&waypoint=St+Pauls&avoid=tolls,highways&mode=cycling", .appleUnified),
        ("https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.1900%7C46.2044,6.1432&travelmode=driving&dir_action=navigate", .google),
        ("https://www.google.com/maps/dir/?api=1&origin=Google+Pyrmont+NSW&destination=QVB&destination_place_id=ChIJISz8NjyuEmsRFTQ9Iw7Ear8&travelmode=walking&avoid=ferries", .google),
        ("https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle", .googleLegacy),
        ("https://maps.google.com/maps?saddr=My+Location&daddr=Manchester+to:Bahnhofplatz+3,+7000+Chur@46.853582,9.529903&dirflg=dh", .googleLegacy),
        ("https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186", .googleLegacy),
        ("https://www.google.com/maps/dir/A%2BB/Caf%C3%A9+de+Flore,+Paris/", .googleLegacy),
        ("https://www.google.com/maps/place/Tour+Eiffel/@48.8583701,2.2922926,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8583701!4d2.2944813", .googleLegacy),
        ("https://maps.google.com/maps?q=loc:34.99393,-106.61568+(Treasure)", .googleLegacy),
        ("comgooglemaps://?saddr=Google+Inc,+8th+Avenue,+New+York,+NY&daddr=John+F.+Kennedy+International+Airport,+Van+Wyck+Expressway,+Jamaica,+New+York&directionsmode=transit", .comGoogleMaps),
        ("google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf", .googleNavigation),
        ("google.navigation:q=-33.8432,151.2413&mode=l", .googleNavigation),
    ])
    func rebuildingAParsedLinkKeepsTheRequest(_ url: String, _ builder: LinkFormat) throws {
        let parsed = try DirectionsURLParser().parseLink(url)
        let built = try DirectionsLinkBuilder.build(parsed.request, as: builder)
        #expect(built.omitted.isEmpty, "\(built.omitted)")
        #expect(try strict.parse(built.url) == parsed.request, "\(built.url)")
    }
}
