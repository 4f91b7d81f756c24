// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// `Resolve` and `DecideApps` list the eligible and undetermined apps and count the others; `explain`
/// lists every app with its reasons; `appId` gives one app's verdict. Through a real Unix socket,
/// with 10,000 apps.
@Suite struct ReplyShapeSocketTests {
    static let appCount = 10_000
    /// Every 1,000th app covers Paris (lon 2.05…2.65, lat 48.65…49.05); the others a small box in
    /// the Pacific, far from every endpoint used here.
    static func coverage(_ i: Int) -> String {
        let (w, s, e, n) = i % 1000 == 0 ? (2.05, 48.65, 2.65, 49.05) : (-150.0 + Double(i % 100) * 0.1, -10.0, -149.95 + Double(i % 100) * 0.1, -9.95)
        return """
            {"type":"MultiPolygon","coordinates":[[[[\(w),\(s)],[\(e),\(s)],[\(e),\(n)],[\(w),\(n)],[\(w),\(s)]]]]}
            """
    }
    static func id(_ i: Int) -> String { "app\(i)" }
    static let parisApps = stride(from: 0, to: appCount, by: 1000).map(id)
    /// To the Eiffel Tower on foot, from the daemon's own location (the Louvre).
    static let link = "http://maps.apple.com/?daddr=48.8584,2.2945&dirflg=w"

    let daemon: RoutingDaemon
    let server: RunningServer

    init() throws {
        let files = (0..<Self.appCount).map { i in
            (path: "/fixtures/\(Self.id(i)).geojson", contents: Result<[UInt8], AppRegistry.ReadError>.success(Array(Self.coverage(i).utf8)))
        }
        daemon = RoutingDaemon(registry: AppRegistry(files: files), currentLocation: Coordinate(latitude: 48.8606, longitude: 2.3376))
        server = try RunningServer(service: daemon.varlinkService())
    }

    func ids(_ reply: JSONObject) -> [String] { (reply["apps"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue } }

    @Test func resolveListsOnlyTheAppsThatCanServeAndCountsTheOthers() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link)])
        #expect(Set(ids(reply)) == Set(Self.parisApps))
        #expect(reply["apps"]?.arrayValue?.allSatisfy { $0["eligible"] == true } == true)
        #expect(reply["ineligible"] == .number(Double(Self.appCount - Self.parisApps.count)))

        // The address endpoint leaves the Paris apps undetermined: listed, with their reason.
        let request: JSON = ["destination": ["kind": "address", "text": "Louvre"], "mode": "Pedestrian"]
        let decided = try c.call("org.routingd.Directions.DecideApps", ["request": request])
        #expect(Set(ids(decided)) == Set(Self.parisApps))
        for app in decided["apps"]?.arrayValue ?? [] {
            #expect(app["eligible"] == .null)
            #expect(app["reasons"]?.arrayValue?.first?["rule"] == "address-unresolved")
        }
        #expect(decided["ineligible"] == .number(Double(Self.appCount - Self.parisApps.count)))
    }

    @Test func explainListsEveryAppWithItsReasons() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let reply = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": true])
        let apps = reply["apps"]?.arrayValue ?? []
        #expect(apps.count == Self.appCount)
        #expect(Set(ids(reply)) == Set((0..<Self.appCount).map(Self.id)))
        #expect(Set(apps.prefix(Self.parisApps.count).compactMap { $0["id"]?.stringValue }) == Set(Self.parisApps), "eligible first")
        for app in apps.dropFirst(Self.parisApps.count) {
            #expect(app["eligible"] == false)
            #expect(app["reasons"]?.arrayValue?.first?["rule"] == "outside-coverage")
            #expect(app["reasons"]?.arrayValue?.first?["message"]?.stringValue?.isEmpty == false)
        }
        #expect(reply["ineligible"] == .number(Double(Self.appCount - Self.parisApps.count)))
        // explain: false is the default.
        let plain = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": false])
        #expect(plain == (try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link)])))
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945]]
        let decided = try c.call("org.routingd.Directions.DecideApps", ["request": request, "explain": true])
        #expect(decided["apps"]?.arrayValue?.count == Self.appCount)
    }

    @Test func appIdGivesOneVerdictAndAnUnknownIdIsNoSuchApp() throws {
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let out = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "appId": "app7"])
        #expect(ids(out) == ["app7"])
        #expect(out["apps"]?.arrayValue?.first?["eligible"] == false)
        #expect(out["apps"]?.arrayValue?.first?["reasons"]?.arrayValue?.contains { $0["endpoint"] == "destination" } == true)
        #expect(out["ineligible"] == 1)
        let request: JSON = ["destination": ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945]]
        let inside = try c.call("org.routingd.Directions.DecideApps", ["request": request, "appId": "app1000"])
        #expect(inside["apps"] == [["id": "app1000", "eligible": true, "reasons": []]])
        #expect(inside["ineligible"] == 0)

        for (method, parameters): (String, JSONObject) in [
            ("Resolve", ["url": .string(Self.link), "appId": "nope\n"]),
            ("DecideApps", ["request": request, "appId": "nope\n"]),
        ] {
            do {
                _ = try c.call("org.routingd.Directions." + method, parameters)
                Issue.record("\(method) with an unknown appId answered")
            } catch let error as VarlinkError {
                #expect(error.name == "org.routingd.Directions.NoSuchApp")
                #expect(error.parameters["appId"] == "nope\n")
                let message = error.parameters["message"]?.stringValue ?? ""
                #expect(message.contains("nope\\n"), "the id escaped: \(message)")
            }
        }
        // An id in the wrong case, or one letter off, gets the id it likely means.
        do {
            _ = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "appId": "App7"])
            Issue.record("appId App7 answered")
        } catch let error as VarlinkError {
            #expect(error.name == "org.routingd.Directions.NoSuchApp")
            #expect(error.parameters["message"] == "no routing app has the id 'App7' (did you mean 'app7'?); routingctl apps lists them")
        }
        // A bad link is still InvalidURL, and a wrongly typed appId names itself.
        do {
            _ = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "appId": 7])
            Issue.record("appId 7 answered")
        } catch let error as VarlinkError {
            #expect(error == .invalidParameter("appId"))
        }
    }
}
