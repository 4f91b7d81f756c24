// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// `Resolve` with strictness and warnings, `DecideApps` and `BuildLink`, through a real Unix socket.
@Suite struct DirectionsLinkSocketTests {
    /// A square around Paris (lon 2.05…2.65, lat 48.65…49.05).
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """
    /// `geo:0:0?q=…`: a producer wrote `:` between the placeholder zeros; the one safe reading takes
    /// `q`, with a `repaired-syntax` warning (an error in strict mode).
    static let repairedLink = "geo:0:0?q=48.8584%2C2.2945"

    let daemon: RoutingDaemon
    let server: RunningServer

    init() throws {
        let registry = AppRegistry(files: [(path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8)))])
        daemon = RoutingDaemon(registry: registry, currentLocation: Coordinate(latitude: 48.8606, longitude: 2.3376))
        server = try RunningServer(service: daemon.varlinkService())
    }

    func client() throws -> VarlinkClient { try VarlinkClient(path: server.path) }

    func callError(_ c: VarlinkClient, _ method: String, _ parameters: JSONObject) -> VarlinkError? {
        do {
            _ = try c.call(method, parameters)
            return nil
        } catch let error as VarlinkError {
            return error
        } catch {
            Issue.record("not a varlink error: \(error)")
            return nil
        }
    }

    @Test func resolveNamesTheFormatAndHasNoWarningsForACleanLink() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": "http://maps.apple.com/?daddr=48.8584,2.2945&dirflg=w"])
        #expect(reply["format"] == "apple-legacy")
        #expect(reply["warnings"] == [])
        let request = try #require(reply["request"])
        #expect(request["destination"] == ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945, "precision": "exact"])
        #expect(request["avoid"] == [])
        #expect(request["navigate"] == false)
        #expect(request["departureDate"] == nil)
        #expect(reply["apps"]?.arrayValue?.first?["eligible"] == true)
        // strict: false is the default, and a clean link passes strict mode unchanged.
        let strict = try c.call("org.routingd.Directions.Resolve", ["url": "http://maps.apple.com/?daddr=48.8584,2.2945&dirflg=w", "strict": true])
        #expect(strict == reply)
    }

    @Test func aRepairIsAWarningWhenLenientAndTheSameCodeAsAnErrorWhenStrict() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let lenient = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.repairedLink)])
        #expect(lenient["request"]?["destination"] == ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945, "precision": "exact"])
        let warnings = lenient["warnings"]?.arrayValue ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?["code"] == "repaired-syntax")
        #expect(warnings.first?["message"]?.stringValue?.isEmpty == false)
        let error = try #require(callError(c, "org.routingd.Directions.Resolve", ["url": .string(Self.repairedLink), "strict": true]))
        #expect(error.name == "org.routingd.Directions.InvalidURL")
        #expect(error.parameters["code"] == "repaired-syntax")
        #expect(error.parameters["code"] == warnings.first?["code"])
        #expect(callError(c, "org.routingd.Directions.Resolve", ["url": .string(Self.repairedLink), "strict": "yes"])
            == .invalidParameter("strict"))
    }

    @Test func decideAppsTakesARequestObject() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let request: JSON = [
            "source": ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945, "label": "Eiffel Tower"],
            "destination": ["kind": "address", "text": "Louvre", "placeID": "I1234"],
            "mode": "Pedestrian",
        ]
        let reply = try c.call("org.routingd.Directions.DecideApps", ["request": request])
        let echoed = try #require(reply["request"])
        #expect(echoed["destination"] == ["kind": "address", "text": "Louvre", "placeID": "I1234"])
        #expect(echoed["transportType"] == "Walking", "a mode implies its transport type")
        #expect(echoed["waypoints"] == [])
        let paris = try #require(reply["apps"]?.arrayValue?.first)
        #expect(paris["eligible"] == .null, "an address is not geocoded: undetermined")
        #expect(paris["reasons"]?.arrayValue?.first?["rule"] == "address-unresolved")

        let inside: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8606, "longitude": 2.3376]]
        let decided = try c.call("org.routingd.Directions.DecideApps", ["request": inside])
        #expect(decided["apps"]?.arrayValue?.first?["eligible"] == true)
        #expect(decided["request"]?["source"] == ["kind": "currentLocation"], "source defaults to the current location")
        // A map view's centre: still decided, with a note, and its precision echoed.
        let approximate: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8606, "longitude": 2.3376, "precision": "approximate"]]
        let noted = try c.call("org.routingd.Directions.DecideApps", ["request": approximate])
        let app = try #require(noted["apps"]?.arrayValue?.first)
        #expect(app["eligible"] == true)
        #expect(app["reasons"]?.arrayValue?.first?["rule"] == "approximate-point")
        #expect(noted["request"]?["destination"]?["precision"] == "approximate")
    }

    @Test func aBadRequestNamesItsField() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let cases: [(JSON, String)] = [
            (["destination": ["kind": "coordinate", "latitude": 91, "longitude": 0]], "destination.latitude"),
            (["destination": ["kind": "place", "text": "x"]], "destination.kind"),
            (["source": ["kind": "address", "text": "  "], "destination": ["kind": "currentLocation"]], "source.text"),
            (["destination": ["kind": "currentLocation"], "waypoints": [["kind": "currentLocation"], ["kind": "coordinate", "latitude": "48"]]], "waypoints[1].latitude"),
            (["destination": ["kind": "currentLocation"], "mode": "Walking"], "mode"),
            (["destination": ["kind": "currentLocation"], "mode": "Bus", "transportType": "Automobile"], "transportType"),
            (["destination": ["kind": "currentLocation"], "avoid": ["tolls", "stairs"]], "avoid[1]"),
            (["destination": ["kind": "currentLocation"], "navigate": "yes"], "navigate"),
            (["mode": "Car"], "destination"),
            (["destination": ["kind": "coordinate", "latitude": 1, "longitude": 2, "precision": "roughly"]], "destination.precision"),
        ]
        for (request, field) in cases {
            let error = try #require(callError(c, "org.routingd.Directions.DecideApps", ["request": request]))
            #expect(error.name == "org.routingd.Directions.InvalidRequest", "\(request)")
            #expect(error.parameters["field"] == .string(field), "\(request): \(error)")
            #expect(error.parameters["message"]?.stringValue?.isEmpty == false)
        }
        // A member the IDL does not declare, at any depth: InvalidParameter naming its path, as the
        // reference varlink server answers an unknown parameter.
        let unknown: [(JSONObject, String)] = [
            (["request": ["destination": ["kind": "coordinate", "lattitude": 48.8, "longitude": 2.3]]], "request.destination.lattitude"),
            (["request": ["destination": ["kind": "currentLocation"], "via": []]], "request.via"),
            (["request": ["destination": ["kind": "currentLocation"], "waypoints": [["kind": "currentLocation"], ["kind": "currentLocation", "x": 1]]]], "request.waypoints[1].x"),
            (["request": ["destination": ["kind": "currentLocation"]], "strict": true], "strict"),
        ]
        for (parameters, path) in unknown {
            let error = try #require(callError(c, "org.routingd.Directions.DecideApps", parameters))
            #expect(error == .invalidParameter(path), "\(parameters)")
        }
    }

    @Test func buildLinkFromARequestOrAURLParsesBackThroughResolve() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        #expect(!DirectionsLinkBuilder.formats.isEmpty, "no link builders are registered")
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8606, "longitude": 2.3376, "precision": "exact"]]
        for format in DirectionsLinkBuilder.formats {
            let built = try c.call("org.routingd.Directions.BuildLink", ["request": request, "format": .string(format.rawValue)])
            let url = try #require(built["url"]?.stringValue)
            let resolved = try c.call("org.routingd.Directions.Resolve", ["url": .string(url)])
            if built["omitted"] == [] {
                #expect(resolved["request"]?["destination"] == request["destination"], "\(format): \(url)")
                #expect(resolved["request"]?["source"] == ["kind": "currentLocation"], "\(format): \(url)")
            }
            // From the built link instead of the object: the same text.
            let again = try c.call("org.routingd.Directions.BuildLink", ["url": .string(url), "format": .string(format.rawValue)])
            #expect(again["url"] == built["url"], "\(format)")
        }
    }

    @Test func buildLinkErrorsNameTheirCauses() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8606, "longitude": 2.3376, "precision": "exact"]]
        let readOnly = try #require(callError(c, "org.routingd.Directions.BuildLink", ["request": request, "format": "mkdirectionsrequest"]))
        #expect(readOnly.name == "org.routingd.Directions.CannotBuildLink")
        #expect(readOnly.parameters["code"] == "unsupported-format")
        let unknown = try #require(callError(c, "org.routingd.Directions.BuildLink", ["request": request, "format": "mapquest"]))
        #expect(unknown.parameters["code"] == "unsupported-format")
        #expect(unknown.parameters["field"] == "format")
        let both = try #require(callError(c, "org.routingd.Directions.BuildLink", ["request": request, "url": "geo:1,2", "format": "geo"]))
        #expect(both.name == "org.routingd.Directions.InvalidRequest")
        #expect(both.parameters["field"] == "request")
        let badURL = try #require(callError(c, "org.routingd.Directions.BuildLink", ["url": "geo:91,0", "format": "geo"]))
        #expect(badURL.name == "org.routingd.Directions.InvalidURL")
        #expect(badURL.parameters["code"] == "latitude-out-of-range")
        // The current location as destination: a format either writes it so that it reads back as
        // the current location (Apple's saddr/daddr take the literal), or refuses naming the field.
        let nowhere: JSON = ["destination": ["kind": "currentLocation"]]
        var refused = 0
        for format in DirectionsLinkBuilder.formats {
            if let error = callError(c, "org.routingd.Directions.BuildLink", ["request": nowhere, "format": .string(format.rawValue)]) {
                refused += 1
                #expect(error.name == "org.routingd.Directions.CannotBuildLink")
                #expect(error.parameters["code"] == "cannot-express")
                #expect(error.parameters["field"] == "destination", "\(format)")
            } else {
                let built = try c.call("org.routingd.Directions.BuildLink", ["request": nowhere, "format": .string(format.rawValue)])
                let url = try #require(built["url"]?.stringValue)
                let resolved = try c.call("org.routingd.Directions.Resolve", ["url": .string(url)])
                #expect(resolved["request"]?["destination"] == ["kind": "currentLocation"], "\(format): \(url)")
            }
        }
        #expect(refused > 0 || DirectionsLinkBuilder.formats.isEmpty, "geo: cannot name the current location as a destination")
    }

    @Test func literalsFromAFileReplaceTheDefaults() throws {
        defer { server.stop() }
        let literals = try LiteralsFile.parse(Array("# mine\n\n  Ici  \r\nPosition du téléphone\n".utf8), name: "l.txt")
        #expect(literals.literals == ["Ici", "Position du téléphone"])
        let parser = DirectionsURLParser(currentLocationLiterals: literals)
        #expect(try parser.parse("http://maps.apple.com/?saddr=ici&daddr=48.86,2.33").source == .currentLocation)
        #expect(try parser.parse("http://maps.apple.com/?saddr=position+du+TÉLÉPHONE&daddr=48.86,2.33").source == .currentLocation)
        #expect(try parser.parse("http://maps.apple.com/?saddr=Current+Location&daddr=48.86,2.33").source == .address("Current Location"))
        #expect(throws: LiteralsFile.Error("l.txt:2: '48.1,2.2' reads as numbers and would hide a coordinate; write a phrase such as 'Current Location'")) {
            try LiteralsFile.parse(Array("here\n48.1,2.2\n".utf8), name: "l.txt")
        }
        #expect(throws: LiteralsFile.Error("l.txt:3: the line is not valid UTF-8; save the file as UTF-8")) {
            try LiteralsFile.parse([0x61, 0x0A, 0x23, 0x0A, 0xFF, 0x0A], name: "l.txt")
        }
        #expect(throws: LiteralsFile.Error.self) { try LiteralsFile.parse(Array("+++\n".utf8), name: "l.txt") }
        #expect(throws: LiteralsFile.Error.self) { try LiteralsFile.load("/nonexistent/literals.txt") }

        let daemon = RoutingDaemon(registry: AppRegistry(files: []), currentLocationLiterals: literals)
        #expect(try daemon.resolve("http://maps.apple.com/?saddr=Ici&daddr=48.86,2.33").parsed.request.source == .currentLocation)
    }
}
