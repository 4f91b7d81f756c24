// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// The daemon's own interfaces, through a real Unix socket, with fixtures of our own.
@Suite struct DaemonSocketTests {
    static let london = """
        {"type":"MultiPolygon","coordinates":[[[[-0.989542,52.257770],[-0.943830,51.001232],
        [0.303471,51.050521],[0.362244,51.848169],[-0.989542,52.257770]]]]}
        """
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """
    static let recipeURL = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"

    let daemon: RoutingDaemon
    let server: RunningServer

    init() throws {
        let registry = AppRegistry(files: [
            (path: "/fixtures/London.geojson", contents: .success(Array(Self.london.utf8))),
            (path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8))),
            (path: "/fixtures/Broken.geojson", contents: .success(Array(#"{"type":"Feature"}"#.utf8))),
        ])
        daemon = RoutingDaemon(registry: registry)
        server = try RunningServer(service: daemon.varlinkService())
    }

    func client() throws -> VarlinkClient { try VarlinkClient(path: server.path) }

    func verdicts(_ reply: JSONObject) -> [String: JSON] {
        var out: [String: JSON] = [:]
        for app in reply["apps"]?.arrayValue ?? [] { out[app["id"]?.stringValue ?? ""] = app["eligible"] }
        return out
    }

    @Test func recipeRouteFromTheCurrentLocation() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let unknown = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.recipeURL), "explain": true])
        #expect(verdicts(unknown)["London"] == .null, "no current location: undetermined")

        _ = try c.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 51.500543, "longitude": -0.135702])
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.recipeURL), "explain": true])
        let request = try #require(reply["request"])
        #expect(request["source"] == ["kind": "currentLocation"])
        #expect(request["destination"] == ["kind": "coordinate", "latitude": 51.500652, "longitude": -0.124833, "precision": "exact"])
        #expect(request["mode"] == "Pedestrian")
        #expect(request["waypoints"] == [])
        #expect(verdicts(reply) == ["London": true, "Paris": false])
        #expect(reply["apps"]?.arrayValue?.first?["id"] == "London", "eligible apps come first")
    }

    @Test func parisDestinationRulesLondonOutNamingTheDestination() throws {
        defer { server.stop() }
        daemon.currentLocation = Coordinate(latitude: 51.500543, longitude: -0.135702)
        let c = try client()
        defer { c.close() }
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": "http://maps.apple.com/?daddr=48.8584,2.2945", "explain": true])
        let london = try #require(reply["apps"]?.arrayValue?.first { $0["id"] == "London" })
        #expect(london["eligible"] == false)
        let reason = try #require(london["reasons"]?.arrayValue?.first)
        #expect(reason["endpoint"] == "destination")
        #expect(reason["rule"] == "outside-coverage")
    }

    @Test func badLinksAndBadLocationsAreNamedErrors() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        do {
            _ = try c.call("org.routingd.Directions.Resolve", ["url": "http://maps.apple.com/?daddr=91,0"])
            Issue.record("latitude 91 was accepted")
        } catch let error as VarlinkError {
            #expect(error.name == "org.routingd.Directions.InvalidURL")
            #expect(error.parameters["code"] == "latitude-out-of-range")
            #expect(error.parameters["parameter"] == "daddr")
        }
        do {
            _ = try c.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 10, "longitude": 200])
            Issue.record("longitude 200 was accepted")
        } catch let error as VarlinkError {
            #expect(error.name == "org.routingd.Directions.InvalidLocation")
            #expect(error.parameters["parameter"] == "longitude")
        }
        do {
            _ = try c.call("org.routingd.Directions.Resolve", [:])
            Issue.record("a call without url was accepted")
        } catch let error as VarlinkError {
            #expect(error == .invalidParameter("url"))
        }
        // The same connection still serves after errors.
        #expect(try c.call("org.routingd.Directions.GetCurrentLocation")["location"] == .null)
    }

    @Test func currentLocationCanBeSetReadAndCleared() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        _ = try c.call("org.routingd.Directions.SetCurrentLocation", ["latitude": -33.8568, "longitude": 151.2153])
        let location = try c.call("org.routingd.Directions.GetCurrentLocation")["location"]
        #expect(location?["latitude"] == -33.8568 && location?["longitude"] == 151.2153, "\(String(describing: location))")
        #expect(location?["origin"] == "daemon")
        #expect(location?["setAt"]?.stringValue.flatMap(UTCTimestamp.init) != nil, "when it was set, ISO 8601 UTC")
        _ = try c.call("org.routingd.Directions.ClearCurrentLocation")
        #expect(try c.call("org.routingd.Directions.GetCurrentLocation")["location"] == .null)
    }

    @Test func listAppsReportsInvalidFilesWithoutServingThem() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let apps = try #require(try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue)
        #expect(apps.map { $0["id"] } == ["Broken", "London", "Paris"])
        let broken = apps[0]
        #expect(broken["state"] == "invalid")
        #expect(broken["errors"]?.arrayValue?.first?.stringValue?.hasPrefix("/fixtures/Broken.geojson:1:") == true)
        #expect(apps[1]["state"] == "active")
        #expect(apps[1]["polygons"] == 1)
        let resolved = try c.call("org.routingd.Directions.Resolve", ["url": "geo:51.5,-0.12", "explain": true])
        #expect(Set(verdicts(resolved).keys) == ["London", "Paris"], "an invalid file serves no request")
    }

    @Test func validateReturnsLocatedDiagnostics() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let document = "{\"type\":\"MultiPolygon\",\n \"coordinates\":[[[[0,0],[1,0],[1,1],[0,1]]]]}"
        let reply = try c.call("org.routingd.Coverage.Validate", ["document": .string(document), "name": "open.geojson"])
        #expect(reply["valid"] == false)
        #expect(reply["name"] == "open.geojson")
        let diagnostic = try #require(reply["diagnostics"]?.arrayValue?.first { $0["rule"] == "ring-not-closed" })
        #expect(diagnostic["severity"] == "error")
        #expect(diagnostic["line"] == 2)
        #expect(diagnostic["hint"]?.stringValue?.isEmpty == false)
        let good = try c.call("org.routingd.Coverage.Validate", ["document": .string(Self.paris)])
        #expect(good["valid"] == true)
        #expect(good["name"] == .null)
        // The area description that `routingctl validate --json` prints, typed as the IDL's Area.
        let area = try #require(good["area"])
        let expected = WireFormat.encode(AreaDescription.describe(try #require(CoverageValidator.validate(Array(Self.paris.utf8)).coverage)))
        #expect(area == expected, "\(area)")
        #expect(area["summary"]?.stringValue?.contains("Paris") == true, "\(area)")
        #expect(area["boundingBox"]?.arrayValue?.count == 4)
        #expect(area["largestPlaces"]?.arrayValue?.first?["countryCode"] == "FR")
        #expect(reply["area"] == nil, "an invalid document has no area")
        // The geojson profile accepts a Polygon with a hole, which Apple's rules reject.
        let holed = #"{"type":"Polygon","coordinates":[[[0,0],[9,0],[9,9],[0,9],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]}"#
        let apple = try c.call("org.routingd.Coverage.Validate", ["document": .string(holed)])
        #expect(apple["valid"] == false)
        let geojson = try c.call("org.routingd.Coverage.Validate", ["document": .string(holed), "profile": "geojson"])
        #expect(geojson["valid"] == true, "\(geojson)")
        do {
            _ = try c.call("org.routingd.Coverage.Validate", ["document": .string(holed), "profile": "ogc"])
            Issue.record("an unknown profile must be an error")
        } catch let error as VarlinkError {
            #expect(error == .invalidParameter("profile"))
        }
    }

    @Test func interfacesAreDescribed() throws {
        defer { server.stop() }
        let c = try client()
        defer { c.close() }
        let info = try c.call("org.varlink.service.GetInfo")
        #expect(info["interfaces"] == ["org.varlink.service", "org.routingd.Directions", "org.routingd.Coverage"])
        let description = try c.call("org.varlink.service.GetInterfaceDescription", ["interface": "org.routingd.Directions"])
        #expect(description["description"]?.stringValue?.contains("method Resolve(url: string, strict: ?bool, currentLocation: ?CurrentLocation, explain: ?bool, appId: ?string)") == true)
        #expect(description["description"]?.stringValue?.contains("method BuildLink(request: ?Request, url: ?string, format: string)") == true)
    }
}
