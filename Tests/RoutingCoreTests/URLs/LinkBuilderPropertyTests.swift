// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport

@testable import DirectionsLinks
@testable import RoutingCore

/// Properties every link builder must have, checked on seeded random requests in every format of
/// ``DirectionsLinkBuilder/formats`` (no format is named here, so a new builder is covered at once):
/// 1. when ``BuiltLink/omitted`` is empty, parsing the link gives back exactly the request;
/// 2. build → parse → build gives identical text (whatever was omitted);
/// 3. a built link is canonical: it parses in strict mode, without warnings, as the format built;
/// 4. a `cannot-express` error names the request field at fault.
@Suite struct LinkBuilderPropertyTests {
    static let parser = DirectionsURLParser()
    static let strict = DirectionsURLParser(strict: true)

    /// Degrees that stress number writing and range checks: −0, the poles, the antimeridian, tiny
    /// and long fractions.
    static let specialLatitudes: [Double] = [-0.0, 0, 90, -90, 89.999999, -0.00001, 1e-7, 48.8584, -33.8567844, 51.500652]
    static let specialLongitudes: [Double] = [-0.0, 0, 180, -180, 179.9999999, -0.1246, 2.2945, 151.2152967, 1e-7, -122.4783]

    /// Text with every character a link format uses as structure, plus non-ASCII.
    static let nastyTexts = [
        "Tom & Jerry's = café", "A+B", "50% off, #1", "a|b~c;d", "Straße (Mitte) / Nord", "東京駅",
        "Ma position?", "comma, and space", "x=1&y=2", "100%", "Санкт-Петербург", "O'Hare ✈",
        "Pike Place Market", "1600 Amphitheatre Parkway, Mountain View, CA",
    ]

    static func coordinate(_ rng: inout SplitMix64) -> Coordinate {
        let latitude = Bool.random(using: &rng)
            ? specialLatitudes.randomElement(using: &rng)!
            : (Double.random(in: -90...90, using: &rng) * 1e6).rounded() / 1e6
        let longitude = Bool.random(using: &rng)
            ? specialLongitudes.randomElement(using: &rng)!
            : (Double.random(in: -180...180, using: &rng) * 1e7).rounded() / 1e7
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    static func endpoint(_ rng: inout SplitMix64, allowCurrent: Bool) -> Endpoint {
        switch Int.random(in: 0..<(allowCurrent ? 6 : 5), using: &rng) {
        case 0, 1: return .coordinate(coordinate(&rng), label: nil)
        case 2:
            return .coordinate(
                coordinate(&rng), label: nastyTexts.randomElement(using: &rng)!,
                placeID: Bool.random(using: &rng) ? "I\(UInt32.random(in: 0...UInt32.max, using: &rng))" : nil)
        case 3: return .address(nastyTexts.randomElement(using: &rng)!)
        case 4: return .address(nastyTexts.randomElement(using: &rng)!, placeID: "ChIJ\(UInt32.random(in: 0...UInt32.max, using: &rng))")
        default: return .currentLocation
        }
    }

    static func request(_ rng: inout SplitMix64) -> DirectionsRequest {
        let mode: DirectionsMode? = Int.random(in: 0..<3, using: &rng) == 0 ? nil : DirectionsMode.allCases.randomElement(using: &rng)
        let transport: TransportType? = mode == nil && Bool.random(using: &rng) ? TransportType.allCases.randomElement(using: &rng) : nil
        let waypointCount = [0, 0, 0, 1, 2, 3].randomElement(using: &rng)!
        return DirectionsRequest(
            source: Int.random(in: 0..<3, using: &rng) == 0 ? .currentLocation : endpoint(&rng, allowCurrent: false),
            destination: Int.random(in: 0..<30, using: &rng) == 0 ? .currentLocation : endpoint(&rng, allowCurrent: false),
            waypoints: (0..<waypointCount).map { _ in endpoint(&rng, allowCurrent: false) },
            mode: mode,
            transportType: transport,
            avoid: Set(RouteAvoidance.allCases.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }),
            navigate: Int.random(in: 0..<4, using: &rng) == 0,
            departureDate: Int.random(in: 0..<6, using: &rng) == 0 ? "2030-08-06T21:00:00+01:00" : nil,
            arrivalDate: Int.random(in: 0..<6, using: &rng) == 0 ? "2030-08-06T22:30:00Z" : nil)
    }

    /// Checks the four properties for `request` in `format`; returns whether a link was built.
    @discardableResult
    static func check(_ request: DirectionsRequest, _ format: LinkFormat) -> Bool {
        let built: BuiltLink
        do {
            built = try DirectionsLinkBuilder.build(request, as: format)
        } catch {
            #expect(error.code == .cannotExpress, "\(format): \(error)")
            #expect(error.field.map { !$0.isEmpty } == true, "\(format): a cannot-express error must name a field: \(error)")
            #expect(!error.message.isEmpty)
            return false
        }
        #expect(built.format == format)
        let parsed: ParsedLink
        do {
            parsed = try parser.parseLink(built.url)
        } catch {
            Issue.record("\(format) built a link it cannot read: \(built.url): \(error)")
            return true
        }
        #expect(parsed.format == format, "\(built.url) parsed as \(parsed.format)")
        #expect(parsed.warnings.isEmpty, "\(built.url) needed repairs: \(parsed.warnings)")
        if built.omitted.isEmpty {
            #expect(parsed.request == request, "\(format) round trip of \(built.url)")
        }
        do {
            let again = try DirectionsLinkBuilder.build(parsed.request, as: format)
            #expect(again.url == built.url, "\(format): build, parse, build changed the text")
        } catch {
            Issue.record("\(format): the parse of its own link cannot be built again: \(built.url): \(error)")
        }
        do {
            let strictParse = try strict.parseLink(built.url)
            #expect(strictParse.request == parsed.request)
        } catch {
            Issue.record("\(format): its own link fails strict parsing: \(built.url): \(error)")
        }
        return true
    }

    @Test func builtFormatsExistAndHaveParsers() {
        #expect(!DirectionsLinkBuilder.formats.isEmpty, "no link builders are registered")
        for format in DirectionsLinkBuilder.formats {
            let words = DirectionsLinkBuilder.modeVocabulary(of: format)
            // One preferred word per meaning, so the builder's choice is never ambiguous.
            var meanings: Set<String> = []
            for word in words where word.preferred {
                let meaning = "\(word.parameter) \(word.mode?.rawValue ?? "-") \(word.transportType?.rawValue ?? "-")"
                #expect(meanings.insert(meaning).inserted, "\(format) has two preferred words for \(meaning)")
            }
        }
    }

    @Test func randomRequestsInEveryFormat() {
        var rng = SplitMix64(seed: 0xB11D_0001)
        var built: [LinkFormat: Int] = [:]
        for _ in 0..<1_500 {
            let r = Self.request(&rng)
            for format in DirectionsLinkBuilder.formats where Self.check(r, format) {
                built[format, default: 0] += 1
            }
        }
        for format in DirectionsLinkBuilder.formats {
            #expect(built[format, default: 0] > 0, "\(format) built no link for 1,500 random requests")
        }
    }

    @Test func everyModeAndTransportTypeAlone() {
        let destination = Endpoint.coordinate(Coordinate(latitude: 48.8606, longitude: 2.3376), label: nil)
        for format in DirectionsLinkBuilder.formats {
            for mode in DirectionsMode.allCases {
                Self.check(DirectionsRequest(destination: destination, mode: mode), format)
            }
            for transport in TransportType.allCases {
                Self.check(DirectionsRequest(destination: destination, transportType: transport), format)
            }
            // Every word the format reads gives a request that builds back to a link with that meaning.
            for word in DirectionsLinkBuilder.modeVocabulary(of: format) where word.preferred {
                let r = DirectionsRequest(destination: destination, mode: word.mode, transportType: word.transportType)
                Self.check(r, format)
            }
        }
    }

    /// Issue 14 and the link-roundtrip fuzz target: a name or an address with spaces or line breaks
    /// at its ends (a ge0 name ending in an encoded space or in spaces, an om:// name ending in %0A)
    /// is read back trimmed, so it is written trimmed, with an `omitted` line: build → parse → build
    /// keeps the text in every format.
    @Test func namesWithSpacesAtTheirEndsRoundTripInEveryFormat() throws {
        for link in ["ge0://AwAAAAAAAA/Super%5f", "om://8wAAAAAAAA/Hello%09World%0A", "ge0://B__Name___/Ne__"] {
            let request = try Self.parser.parse(link)
            for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        }
        let c = Coordinate(latitude: 48.8584, longitude: 2.2945)
        for text in ["Super ", " lead", "Hello\tWorld\n", "Tour, Eiffel ", " a, b, c ", "Caf\u{E9}\u{A0}"] {
            for endpoint in [Endpoint.coordinate(c, label: text), .address(text)] {
                let requests = [
                    DirectionsRequest(destination: endpoint),
                    DirectionsRequest(source: endpoint, destination: .coordinate(c, label: nil)),
                    DirectionsRequest(destination: .coordinate(c, label: nil), waypoints: [endpoint]),
                ]
                for r in requests {
                    for format in DirectionsLinkBuilder.formats { Self.check(r, format) }
                }
            }
        }
        // The Google legacy link of the ge0 finding: the name is written trimmed, and that is said.
        let built = try DirectionsLinkBuilder.build(try Self.parser.parse("ge0://AwAAAAAAAA/Super%5f"), as: .googleLegacy)
        #expect(built.url.contains("daddr=Super@"), "\(built.url)")
        #expect(built.omitted.first == "destination label: spaces and line breaks at its ends are not kept; written as 'Super'")
    }

    /// Issue 14: a label holding commas (from a Google `q=Label@lat,lon`), such as `1, 2`, in every
    /// format; OpenStreetMap, which reads such a `from`/`to` as no label, leaves it out and says so.
    @Test func labelsHoldingCommasRoundTripInEveryFormat() throws {
        let c = Coordinate(latitude: 48.8584, longitude: 2.2945)
        for link in ["https://maps.google.com/maps?q=Tour,+Eiffel@48.8584,2.2945", "https://maps.google.com/maps?q=1,2@48.8584,2.2945",
                     "https://maps.google.com/maps?q=loc:48.8584,2.2945+(a,+1,2)"] {
            let request = try Self.parser.parse(link)
            for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        }
        for label in ["Tour, Eiffel", "1, 2", "1,2,3", "-1.5,2.5", "a, b (c, d)", "48.8584,2.2945", "Current Location"] {
            let labelled = Endpoint.coordinate(c, label: label)
            let requests = [
                DirectionsRequest(destination: labelled),
                DirectionsRequest(source: labelled, destination: .coordinate(Coordinate(latitude: 48.86, longitude: 2.33), label: nil)),
                DirectionsRequest(source: .coordinate(Coordinate(latitude: 48.86, longitude: 2.33), label: "A, B"), destination: labelled),
            ]
            for r in requests {
                for format in DirectionsLinkBuilder.formats { Self.check(r, format) }
            }
        }
        let osm = try DirectionsLinkBuilder.build(
            DirectionsRequest(source: .coordinate(c, label: "1, 2"), destination: .coordinate(c, label: "Tour")), as: .openStreetMap)
        #expect(!osm.url.contains("from="), "\(osm.url)")
        #expect(osm.omitted.contains { $0.hasPrefix("source label: '1, 2' would read back") }, "\(osm.omitted)")
    }

    /// Fuzz target link-roundtrip: the geo: builder wrote the address "37 p" as `q=37+p`, which the
    /// reader keeps as the Plus Code-like "37+p". A space in a geo: `q` is written `%20` (Android's
    /// guide does too); the reader still takes `+` as a space.
    @Test func geoAddressesWithSpacesRoundTrip() throws {
        let request = try Self.parser.parse("http://maps.apple.com?daddr=37+p")
        #expect(request.destination == .address("37 p"))
        for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        let built = try DirectionsLinkBuilder.build(request, as: .geo)
        #expect(built.url == "geo:0,0?q=37%20p")
        #expect(try Self.parser.parse(built.url).destination == .address("37 p"))
        for text in ["37 p", "GV4C XV London", "CF Cardiff", "8FVC 9G8F", "a + b", "849VCWC8+R9 x"] {
            Self.check(DirectionsRequest(destination: .address(text)), .geo)
        }
        #expect(try Self.parser.parse("geo:0,0?q=GV4C+XV+London").destination == .address("GV4C+XV London"))
    }

    /// Fuzz target link-roundtrip: an address that a format reads as a coordinate or the current
    /// location (`@9,2` in a Google `daddr` is the coordinate 9,2) is refused with `cannot-express`
    /// naming the field, never written to read back as another place.
    @Test func addressesThatReadAsCoordinatesAreRefusedOrKept() throws {
        for link in ["http://maps.apple.com?daddr=@9,2", "http://maps.apple.com/directions?destination=@1,2"] {
            let request = try Self.parser.parse(link)
            for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        }
        let c = Endpoint.coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: nil)
        for text in ["@9,2", "1, 2", "loc:1,2", "x@1,2", "48.8584,2.2945", "Current Location", "here", "-1.5 2.5"] {
            let address = Endpoint.address(text)
            for r in [DirectionsRequest(destination: address), DirectionsRequest(source: address, destination: c),
                      DirectionsRequest(destination: c, waypoints: [address, c])] {
                for format in DirectionsLinkBuilder.formats {
                    Self.check(r, format)
                    guard let built = try? DirectionsLinkBuilder.build(r, as: format),
                          let read = try? Self.parser.parse(built.url) else { continue }
                    // Whatever was omitted, an address never comes back as a coordinate or here.
                    for (a, b) in zip([r.source, r.destination], [read.source, read.destination]) {
                        guard case .address = a else { continue }
                        if case .address = b { continue }
                        Issue.record("\(format): '\(text)' in \(built.url) read as \(b)")
                    }
                }
            }
        }
        do {
            _ = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("@9,2")), as: .googleLegacy)
            Issue.record("google-legacy wrote the address '@9,2'")
        } catch {
            #expect(error.code == .cannotExpress)
            #expect(error.field == "destination")
            #expect(error.message.contains("would read back as a coordinate"), "\(error.message)")
        }
        do {
            _ = try DirectionsLinkBuilder.build(DirectionsRequest(destination: c, waypoints: [.address("1, 2")]), as: .googleLegacy)
            Issue.record("google-legacy wrote the waypoint address '1, 2'")
        } catch {
            #expect(error.field == "waypoints[0]")
        }
        // An address that no reader takes as an address or a pair is refused naming its field.
        do {
            _ = try DirectionsLinkBuilder.build(DirectionsRequest(source: .address("-1.5 2.5"), destination: c), as: .openStreetMap)
            Issue.record("osm wrote the source address '-1.5 2.5'")
        } catch {
            #expect(error.code == .cannotExpress)
            #expect(error.field == "source")
        }
    }

    /// Fuzz target link-roundtrip: a Google waypoint with a `|` at an end (`M|`, `|s`) is written with
    /// the `|` as a space and then trimmed, as the reader trims; a Google legacy stop ending in ` to:`
    /// is written without the space its empty part would leave.
    @Test func googleStopSeparatorsAtTheEndsRoundTrip() throws {
        for link in ["http://google.co/maps/dir//%7Cs/6", "http://googLe.uk/maps?daddr=M|+to:B",
                     "http://google.om/maps/place/\u{FFFD}+to:"] {
            let request = try Self.parser.parse(link)
            for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        }
        let c = Endpoint.coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945), label: nil)
        for text in ["M|", "|s", "|", "a | b", "x to:", "to: y", "A to: to: B"] {
            for r in [DirectionsRequest(destination: .address(text)), DirectionsRequest(destination: c, waypoints: [.address(text)])] {
                for format in DirectionsLinkBuilder.formats { Self.check(r, format) }
            }
        }
        let built = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("B"), waypoints: [.address("M|")]), as: .google)
        #expect(built.url.hasSuffix("waypoints=M"), "\(built.url)")
    }

    /// Fuzz target link-roundtrip: a name holding a C1 control character (U+009F, from a HERE link's
    /// `%C2%9F`) was written raw into a ge0 link, which every reader refuses; it is percent-encoded.
    @Test func controlCharactersInNamesArePercentEncoded() throws {
        let request = try Self.parser.parse(
            "https://share.here.com/r/mylocation/24.1,11.5,A%2F.4B/82,11.6,Invalidenstra%C2%9Fe%20116,10115%20Berlin?m=pt")
        for format in DirectionsLinkBuilder.formats { Self.check(request, format) }
        let c = Coordinate(latitude: 48.8584, longitude: 2.2945)
        for text in ["a\u{9F}b", "\u{80}x", "x\u{85}y", "tab\there", "del\u{7F}"] {
            for endpoint in [Endpoint.coordinate(c, label: text), .address(text)] {
                for r in [DirectionsRequest(destination: endpoint),
                          DirectionsRequest(source: .coordinate(c, label: nil), destination: endpoint)] {
                    for format in DirectionsLinkBuilder.formats { Self.check(r, format) }
                }
            }
        }
        #expect(Ge0Link.encodeName("a\u{9F}b") == "a%C2%9Fb")
    }

    @Test func extremeCoordinatesAreWrittenAsPlainDecimals() {
        for format in DirectionsLinkBuilder.formats {
            for latitude in Self.specialLatitudes {
                for longitude in Self.specialLongitudes {
                    let r = DirectionsRequest(
                        destination: .coordinate(Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0), label: nil))
                    guard let link = try? DirectionsLinkBuilder.build(r, as: format) else { continue }
                    #expect(!link.url.contains("e-"), "\(format) wrote an exponent: \(link.url)")
                    #expect(!link.url.contains("-0,") && !link.url.hasSuffix("-0"), "\(format) wrote -0: \(link.url)")
                    Self.check(r, format)
                }
            }
        }
    }
}
