// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON
import Testing

/// The `Resolve` and `DecideApps` replies written as bytes (``WireFormat/writeResolveReply``) are byte
/// for byte the serialised ``WireFormat/resolveReply`` objects with the reply's `currentLocation`
/// appended: same key order, number forms and escapes.
@Suite struct WireBytesTests {
    static let london = #"{"type":"MultiPolygon","coordinates":[[[[-0.5,51.3],[0.3,51.3],[0.3,51.7],[-0.5,51.7],[-0.5,51.3]]]]}"#
    static let paris = #"{"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}"#
    static let swapped = #"{"type":"MultiPolygon","coordinates":[[[[51.3,-0.5],[51.3,0.3],[51.7,0.3],[51.7,-0.5],[51.3,-0.5]]]]}"#

    let daemon = RoutingDaemon(
        registry: AppRegistry(files: [
            (path: "/fixtures/London.geojson", contents: .success(Array(london.utf8))),
            (path: "/fixtures/Paris.geojson", contents: .success(Array(paris.utf8))),
            (path: "/fixtures/Swapped \"axes\".geojson", contents: .success(Array(swapped.utf8))),
        ]),
        currentLocation: Coordinate(latitude: 51.500543, longitude: -0.135702))

    static let links = [
        "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w",
        "http://maps.apple.com/?saddr=51.5,-0.13&daddr=48.8584,2.2945&dirflg=d",
        "https://maps.apple.com/directions?destination=48.8606,2.3376&mode=walking",
        "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.19&travelmode=driving&dir_action=navigate",
        "https://www.google.com/maps/dir/?api=1&destination=Big%20Ben%20%22clock%22%5C%0A%1B%E2%80%A8%C3%A9&destination_place_id=ChIJ%2F1",
        "https://www.google.com/maps/dir/?api=1&origin=51.5,-0.12&destination=Louvre",
        "geo:0:0?q=48.8584%2C2.2945",
        "geo:51.500652,-0.124833",
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=51.5%2C-0.13%3B51.500652%2C-0.124833",
        "http://maps.apple.com/?daddr=0.1e-3,-0&dirflg=r",
        "https://maps.google.com/maps?saddr=51.5,-0.13&daddr=51.50065,-0.1248+to:51.49,-0.12",
    ]

    static let locations: [CurrentLocation?] = [
        nil,
        CurrentLocation(coordinate: Coordinate(latitude: 51.5, longitude: -0.12), origin: .request),
        CurrentLocation(
            coordinate: Coordinate(latitude: 51.30001, longitude: -0.1), accuracy: 800, source: "geo\"clue\u{1}2", origin: .request),
    ]

    func reference(_ object: JSONObject, _ location: JSON) -> [UInt8] {
        var reply = object
        reply["currentLocation"] = location
        return JSON.object(reply).serializedBytes()
    }

    @Test func resolveRepliesAreTheSerialisedObjects() throws {
        let parser = daemon.parser()
        var parsedCount = 0
        for link in Self.links {
            guard let parsed = try? parser.parseLink(link) else { continue }
            parsedCount += 1
            for given in Self.locations {
                let location = given.map(WireFormat.encode) ?? daemon.ownLocationJSON
                for explain in [false, true] {
                    let (verdicts, unlisted) = daemon.decide(parsed.request, currentLocation: given, explain: explain)
                    var out = JSONByteWriter()
                    WireFormat.writeResolveReply(
                        parsed, verdicts: verdicts, explain: explain, unlisted: unlisted, currentLocation: location.serializedBytes(), to: &out)
                    let expected = reference(
                        WireFormat.resolveReply(parsed, verdicts: verdicts, explain: explain, unlisted: unlisted), location)
                    #expect(out.bytes == expected, "\(link) explain=\(explain)")

                    var decide = JSONByteWriter()
                    WireFormat.writeDecideReply(
                        request: parsed.request, verdicts: verdicts, explain: explain, unlisted: unlisted,
                        currentLocation: location.serializedBytes(), to: &decide)
                    let decideExpected = reference(
                        WireFormat.resolveReply(request: parsed.request, verdicts: verdicts, explain: explain, unlisted: unlisted),
                        location)
                    #expect(decide.bytes == decideExpected, "\(link) explain=\(explain)")
                }
            }
        }
        #expect(parsedCount >= 9)
    }

    @Test func everyOptionalMemberAndEscapeIsWrittenAsTheObjectWritesIt() {
        let request = DirectionsRequest(
            source: .address("Rue de Rivoli \u{7F}\t\u{0}", placeID: "p\"1"),
            destination: .coordinate(Coordinate(latitude: -0.0, longitude: 1e-7), label: "Tour Eiffel 🗼 \\", placeID: "ChIJ"),
            waypoints: [.currentLocation, .at(latitude: 90, longitude: -180, label: nil), .address("x", placeID: nil),
                .coordinate(Coordinate(latitude: 1, longitude: 2), label: nil, precision: .approximate)],
            mode: .bus, avoid: [.ferries, .tolls, .highways], navigate: true,
            departureDate: "2026-12-04T18:47:51Z", arrivalDate: "2026-12-04T19:00:00+01:00")
        let verdicts = [
            AppVerdict(appID: "A \"quoted\" id", eligible: true, reasons: []),
            AppVerdict(appID: "B", eligible: nil, reasons: [
                EligibilityReason(role: .waypoint(0), rule: .currentLocationUnknown, message: "line\nbreak"),
            ]),
            AppVerdict(appID: "C", eligible: false, reasons: [
                EligibilityReason(role: nil, rule: .modeNotSupported, message: "C does not serve the Bus mode"),
                EligibilityReason(role: .destination, rule: .outsideCoverage, message: "é \u{2028}"),
            ]),
        ]
        let parsed = ParsedLink(request: request, format: .google, warnings: [
            DirectionsURLWarning(code: .repairedSyntax, message: "m \"1\"", parameter: "q"),
            DirectionsURLWarning(code: .likelyTypo, message: "m2", parameter: nil),
        ])
        for explain in [false, true] {
            for unlisted in [0, 7] {
                for location: JSON in [.null, ["latitude": 51.5, "longitude": -0.12, "origin": "daemon", "setAt": "2026-12-04T18:47:51Z"]] {
                    var out = JSONByteWriter()
                    WireFormat.writeResolveReply(
                        parsed, verdicts: verdicts, explain: explain, unlisted: unlisted, currentLocation: location.serializedBytes(), to: &out)
                    #expect(out.bytes == reference(
                        WireFormat.resolveReply(parsed, verdicts: verdicts, explain: explain, unlisted: unlisted), location))
                    var decide = JSONByteWriter()
                    WireFormat.writeDecideReply(
                        request: request, verdicts: verdicts, explain: explain, unlisted: unlisted, currentLocation: location.serializedBytes(),
                        to: &decide)
                    #expect(decide.bytes == reference(
                        WireFormat.resolveReply(request: request, verdicts: verdicts, explain: explain, unlisted: unlisted), location))
                }
            }
        }
    }

    /// The request's own location as `Resolve` echoes it: the bytes of the serialised object.
    @Test(arguments: [
        CurrentLocation(coordinate: Coordinate(latitude: 51.500543, longitude: -0.135702), origin: .request),
        CurrentLocation(
            coordinate: Coordinate(latitude: -33.5, longitude: 151), accuracy: 12.5, source: "gps \"fix\"\n",
            origin: .request),
        CurrentLocation(coordinate: Coordinate(latitude: 0, longitude: -0.0), accuracy: 0, origin: .daemon),
    ])
    func aLocationIsWrittenAsTheObjectWritesIt(_ location: CurrentLocation) {
        var out = JSONByteWriter()
        WireFormat.write(location, to: &out)
        #expect(out.bytes == WireFormat.encode(location).serializedBytes())
    }

    @Test func theWriterSeparatesMembersAndElements() {
        var out = JSONByteWriter()
        out.beginObject()
        out.member("a")
        out.beginArray()
        out.element()
        out.beginObject()
        out.endObject()
        out.element()
        out.beginArray()
        out.endArray()
        out.element()
        out.string("{[")
        out.element()
        out.number(-1.5)
        out.endArray()
        out.member("b")
        out.null()
        out.member("c")
        out.number(3)
        out.endObject()
        #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"a":[{},[],"{[",-1.5],"b":null,"c":3}"#)
    }
}
