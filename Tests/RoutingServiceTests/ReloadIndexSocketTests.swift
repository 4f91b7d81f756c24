// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// The coverage index is built with each registry and swapped with it: after `Reload()`, `Resolve`
/// (which finds the apps through the index unless `explain`) answers from the new coverage files,
/// through a real Unix socket.
@Suite struct ReloadIndexSocketTests {
    /// From the Louvre to the Eiffel Tower by car: both endpoints in Paris.
    static let link = "http://maps.apple.com/?saddr=48.8606,2.3376&daddr=48.8584,2.2945&dirflg=d"

    func ids(_ reply: JSONObject) -> [String] { (reply["apps"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue } }

    @Test func anAppWhoseCoverageChangesIsDecidedByTheNewCoverageAfterReload() throws {
        let fixture = try AppsFixture()
        // Moving starts over London, so it cannot serve a route in Paris.
        try fixture.write("coverage/Moving.geojson", AppsFixture.london)
        let daemon = try RoutingDaemon(directories: fixture.directories)
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        let resolve: () throws -> JSONObject = { try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link)]) }
        let explained: () throws -> JSONObject = {
            try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "explain": true])
        }
        let valid = daemon.registry.apps.count

        var reply = try resolve()
        #expect(ids(reply) == ["Paris"])
        #expect(reply["ineligible"] == .number(Double(valid - 1)))
        #expect(try explained()["apps"]?.arrayValue?.first { $0["id"] == "Moving" }?["eligible"] == false)

        // Moving now covers Paris: eligible once reloaded, through the new index.
        try fixture.write("coverage/Moving.geojson", AppsFixture.paris)
        _ = try c.call("org.routingd.Directions.Reload")
        reply = try resolve()
        #expect(Set(ids(reply)) == ["Paris", "Moving"])
        #expect(reply["ineligible"] == .number(Double(valid - 2)))
        #expect(try explained()["apps"]?.arrayValue?.first { $0["id"] == "Moving" }?["eligible"] == true)
        let one = try c.call("org.routingd.Directions.Resolve", ["url": .string(Self.link), "appId": "Moving"])
        #expect(one["apps"]?.arrayValue?.first?["eligible"] == true)

        // A new app covering Paris is found through the index too; Moving back over London is not.
        try fixture.write("coverage/Moving.geojson", AppsFixture.london)
        try fixture.write("coverage/Added.geojson", AppsFixture.paris)
        _ = try c.call("org.routingd.Directions.Reload")
        reply = try resolve()
        #expect(Set(ids(reply)) == ["Paris", "Added"])
        #expect(reply["ineligible"] == .number(Double(valid + 1 - 2)))
        // The reply without explain is the explained one without its ruled-out apps.
        let full = try explained()
        let possible = (full["apps"]?.arrayValue ?? []).filter { $0["eligible"] != false }
        #expect(reply["apps"]?.arrayValue == possible)
        #expect(reply["ineligible"] == full["ineligible"])
    }
}
