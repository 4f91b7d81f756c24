// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// `currentLocation` given with `Resolve` and `DecideApps`, through a real Unix socket: it decides
/// for that request only, is range-checked, says which location was used, and notes an accuracy
/// that reaches the coverage boundary.
@Suite struct CurrentLocationSocketTests {
    /// A box: longitude 0…1, latitude 50…51.
    static let box = """
        {"type":"MultiPolygon","coordinates":[[[[0,50],[1,50],[1,51],[0,51],[0,50]]]]}
        """
    /// A square around Paris (lon 2.05…2.65, lat 48.65…49.05).
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """
    /// From the current location to the middle of the box, walking.
    static let link = "http://maps.apple.com/?daddr=50.5,0.5&dirflg=w"

    let daemon: RoutingDaemon
    let server: RunningServer

    init() throws {
        let registry = AppRegistry(files: [
            (path: "/fixtures/Box.geojson", contents: .success(Array(Self.box.utf8))),
            (path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8))),
        ])
        // The daemon's own location: the Louvre, in Paris, outside the box.
        daemon = RoutingDaemon(registry: registry, currentLocation: Coordinate(latitude: 48.8606, longitude: 2.3376))
        server = try RunningServer(service: daemon.varlinkService())
    }

    static func apps(_ reply: JSONObject) -> [String: JSON] {
        var apps: [String: JSON] = [:]
        for app in reply["apps"]?.arrayValue ?? [] { if let id = app["id"]?.stringValue { apps[id] = app } }
        return apps
    }

    static func messages(_ app: JSON?) -> [String] {
        (app?["reasons"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
    }

    @Test func theRequestsLocationDecidesInsteadOfTheDaemonsAndIsNotStored() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        // Without: the daemon's location (Paris) is outside the box.
        let plain = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": true])
        #expect(Self.apps(plain)["Box"]?["eligible"] == false)
        #expect(Self.messages(Self.apps(plain)["Box"]).contains { $0.contains("(the daemon's)") }, "\(plain)")
        #expect(plain["currentLocation"]?["origin"] == "daemon")
        #expect(plain["currentLocation"]?["latitude"] == 48.8606)
        #expect(plain["currentLocation"]?["setAt"]?.stringValue.flatMap(UTCTimestamp.init) != nil, "\(plain)")

        // With: a point in the box, from GeoClue2.
        let here: JSON = ["latitude": 50.4, "longitude": 0.4, "accuracy": 50, "source": "geoclue2"]
        let given = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "currentLocation": here, "explain": true])
        #expect(Self.apps(given)["Box"]?["eligible"] == true, "\(given)")
        #expect(Self.apps(given)["Box"]?["reasons"] == [])
        #expect(Self.apps(given)["Paris"]?["eligible"] == false)
        #expect(Self.messages(Self.apps(given)["Paris"]).contains {
            $0 == "source is the current location 50.4, 0.4 (given with the request by geoclue2, ±50 m), outside the coverage of Paris"
        }, "\(given)")
        #expect(given["currentLocation"] == ["latitude": 50.4, "longitude": 0.4, "accuracy": 50, "source": "geoclue2", "origin": "request"])

        // DecideApps takes it too.
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 50.5, "longitude": 0.5]]
        let decidedPlain = try c.call("org.routingd.Directions.DecideApps", ["request": request, "explain": true])
        let decided = try c.call("org.routingd.Directions.DecideApps", ["request": request, "currentLocation": ["latitude": 50.4, "longitude": 0.4]])
        #expect(Self.apps(decidedPlain)["Box"]?["eligible"] == false)
        #expect(Self.apps(decided)["Box"]?["eligible"] == true)
        #expect(decided["currentLocation"] == ["latitude": 50.4, "longitude": 0.4, "origin": "request"])

        // Never stored: the daemon's own location is still the Louvre, and a request without one uses it.
        let own = try c.call("org.routingd.Directions.GetCurrentLocation")
        #expect(own["location"]?["latitude"] == 48.8606 && own["location"]?["longitude"] == 2.3376, "\(own)")
        #expect(own["location"]?["origin"] == "daemon")
        let again = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": true])
        #expect(Self.apps(again)["Box"]?["eligible"] == false)
    }

    @Test func withNeitherLocationTheReasonSaysSoAndTheReplyHasNull() throws {
        defer { server.stop() }
        daemon.currentLocation = nil
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": true])
        #expect(reply["currentLocation"] == .null)
        let box = Self.apps(reply)["Box"]
        #expect(box?["eligible"] == .null)
        #expect(Self.messages(box).contains { $0.contains("the request carries none and the daemon has none set") }, "\(reply)")
    }

    @Test func badValuesAreInvalidParameterNamingTheField() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let cases: [(JSON, String)] = [
            (["latitude": 91, "longitude": 0], "currentLocation.latitude"),
            (["latitude": -90.5, "longitude": 0], "currentLocation.latitude"),
            (["latitude": 50, "longitude": 180.01], "currentLocation.longitude"),
            (["latitude": 50, "longitude": -181], "currentLocation.longitude"),
            (["latitude": "50", "longitude": 0], "currentLocation.latitude"),
            (["longitude": 0], "currentLocation.latitude"),
            (["latitude": 50], "currentLocation.longitude"),
            (["latitude": 50, "longitude": 0, "accuracy": -1], "currentLocation.accuracy"),
            (["latitude": 50, "longitude": 0, "accuracy": "800"], "currentLocation.accuracy"),
            (["latitude": 50, "longitude": 0, "source": 5], "currentLocation.source"),
            (["latitude": 50, "longitude": 0, "source": ""], "currentLocation.source"),
            (["latitude": 50, "longitude": 0, "altitude": 30], "currentLocation.altitude"),
            (["latitude": 50, "longitude": 0, "origin": "daemon"], "currentLocation.origin"),
            ("here", "currentLocation"),
            ([50, 0], "currentLocation"),
        ]
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 50.5, "longitude": 0.5]]
        for (location, field) in cases {
            for (method, parameters) in [
                ("org.routingd.Directions.Resolve", ["url": .string(Self.link), "currentLocation": location] as JSONObject),
                ("org.routingd.Directions.DecideApps", ["request": request, "currentLocation": location]),
            ] {
                do {
                    _ = try c.call(method, parameters)
                    Issue.record("\(method) accepted currentLocation \(location)")
                } catch let error as VarlinkError {
                    #expect(error == .invalidParameter(field), "\(method) \(location): \(error)")
                }
            }
        }
        // null is the same as absent.
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "currentLocation": .null])
        #expect(reply["currentLocation"]?["origin"] == "daemon")
    }

    /// Inside, 354 m from the box's east edge: with ±800 m the app stays eligible with a note; with
    /// ±100 m there is none. Outside by 354 m with ±800 m: ineligible, and the reason says it may be served.
    @Test func anAccuracyReachingTheBoundaryIsNoted() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        func box(_ longitude: Double, _ accuracy: Double) throws -> JSON? {
            let reply = try c.call("org.routingd.Directions.Resolve", [
                "explain": true,
                "url": .string(Self.link),
                "currentLocation": ["latitude": 50.5, "longitude": .number(longitude), "accuracy": .number(accuracy), "source": "geoclue2"],
            ])
            return Self.apps(reply)["Box"]
        }
        let near = try box(0.995, 800)
        #expect(near?["eligible"] == true, "\(String(describing: near))")
        let note = try #require(near?["reasons"]?.arrayValue?.first)
        #expect(note["rule"] == "near-coverage-boundary")
        #expect(note["endpoint"] == "source")
        let message = note["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("source is the current location 50.5, 0.995 (given with the request by geoclue2, ±800 m) is within 35"), "\(message)")
        #expect(message.hasSuffix(" m of the coverage boundary of Box, closer than its accuracy (±800 m); the route may not be served"), "\(message)")

        let precise = try box(0.995, 100)
        #expect(precise?["eligible"] == true)
        #expect(precise?["reasons"] == [])

        let outside = try box(1.005, 800)
        #expect(outside?["eligible"] == false)
        #expect(Self.messages(outside).contains { $0.contains("outside the coverage of Box; it is within 35") && $0.contains("the route may be served after all") },
            "\(String(describing: outside))")
    }
}
