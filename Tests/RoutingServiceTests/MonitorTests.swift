// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// `org.routingd.Directions.Monitor()` through the daemon's socket: the state first, then every
/// change once and in order; a slow monitor is dropped without holding anyone up; a monitor that
/// disconnects is forgotten.
@Suite struct MonitorTests {
    static let monitorCall = #"{"method":"org.routingd.Directions.Monitor","more":true}"# + "\0"

    /// A daemon over a fixture without the reload thread: each change is reloaded by an explicit
    /// `Reload()`, so the events are exactly the ones the test makes.
    final class Daemon {
        let fixture: AppsFixture
        let daemon: RoutingDaemon
        let server: RunningServer

        init(limits: VarlinkServer.Limits = .init()) throws {
            fixture = try AppsFixture()
            daemon = try RoutingDaemon(directories: fixture.directories)
            server = try RunningServer(service: daemon.varlinkService(), limits: limits)
        }

        func stop() { server.stop() }

        /// A connection with its Monitor call sent and its first reply read.
        func monitor() throws -> (RawConnection, JSONObject) {
            let connection = try RawConnection(path: server.path)
            connection.send(MonitorTests.monitorCall)
            let first = try #require(connection.readReply(), "no first Monitor reply")
            return (connection, first)
        }
    }

    /// The reply's event name and, for an app event, the app id (`appStale org.example.LondonBus`).
    static func summary(_ reply: JSONObject?) -> String {
        guard let reply else { return "(nothing)" }
        #expect(reply["continues"] == true, "every Monitor reply continues: \(reply)")
        let parameters = reply["parameters"]?.objectValue ?? [:]
        let event = parameters["event"]?.stringValue ?? "?"
        if let id = parameters["app"]?["id"]?.stringValue ?? parameters["id"]?.stringValue { return "\(event) \(id)" }
        return event
    }

    /// The number of Monitor subscribers once it is `expected`, or after 5 s (a cancelled stream is
    /// unsubscribed off the event loop, shortly after its connection closes).
    static func subscribers(of running: Daemon, become expected: Int) -> Int {
        var count = running.daemon.monitor.count
        for _ in 0..<500 where count != expected {
            usleep(10_000)
            count = running.daemon.monitor.count
        }
        return count
    }

    @Test func aMonitorSeesTheStateThenEachChangeOnceInOrder() throws {
        let running = try Daemon()
        defer { running.stop() }
        let (monitor, first) = try running.monitor()
        #expect(first["continues"] == true)
        let state = try #require(first["parameters"]?.objectValue)
        #expect(state["event"] == "state")
        let apps = (state["apps"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(Set(apps) == Set(running.daemon.registry.entries.map(\.id)))
        #expect(apps.contains("org.example.LondonBus"))
        #expect(state["location"] == .null)

        let control = try VarlinkClient(path: running.server.path)
        // A coverage file broken, then fixed.
        try running.fixture.write("apps/Central.geojson", AppsFixture.unclosed)
        _ = try control.call("org.routingd.Directions.Reload")
        #expect(Self.summary(monitor.readReply()) == "appStale org.example.LondonBus")
        #expect(Self.summary(monitor.readReply()) == "reloaded")
        try running.fixture.write("apps/Central.geojson", AppsFixture.central)
        _ = try control.call("org.routingd.Directions.Reload")
        #expect(Self.summary(monitor.readReply()) == "appFixed org.example.LondonBus")
        let reloaded = try #require(monitor.readReply())
        #expect(Self.summary(reloaded) == "reloaded")
        let summary = reloaded["parameters"]?["reload"]
        #expect(summary?["trigger"] == "Reload()")
        #expect(summary?["apps"]?.intValue == running.daemon.registry.apps.count)
        #expect(summary?["failure"] == .null)
        // A new manifest, with a coverage file of its own (naming coverage/Paris.geojson would
        // also remove the bare app Paris).
        try running.fixture.write("apps/ParisWalk.geojson", AppsFixture.paris)
        try running.fixture.write("apps/paris.routingapp", "[Routing App]\nId=org.example.ParisWalk\nName=Paris Walk\nModes=Pedestrian;\nCoverage=ParisWalk.geojson\n")
        _ = try control.call("org.routingd.Directions.Reload")
        #expect(Self.summary(monitor.readReply()) == "appAdded org.example.ParisWalk")
        #expect(Self.summary(monitor.readReply()) == "reloaded")
        // The current location set, then cleared.
        _ = try control.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 48.8584, "longitude": 2.2945])
        let set = try #require(monitor.readReply())
        #expect(Self.summary(set) == "locationSet")
        #expect(set["parameters"]?["location"]?["latitude"] == 48.8584)
        _ = try control.call("org.routingd.Directions.ClearCurrentLocation")
        #expect(Self.summary(monitor.readReply()) == "locationCleared")
        // A reload that changes nothing is a reload all the same, and only that.
        _ = try control.call("org.routingd.Directions.Reload")
        #expect(Self.summary(monitor.readReply()) == "reloaded")
        // Each change once: nothing else is waiting.
        #expect(monitor.readMessage(timeout: 0.3) == nil)
        // Clearing again changes nothing and tells nothing.
        _ = try control.call("org.routingd.Directions.ClearCurrentLocation")
        #expect(monitor.readMessage(timeout: 0.3) == nil)

        // A second monitor starts from the state as it is now.
        let (_, later) = try running.monitor()
        let laterApps = (later["parameters"]?["apps"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(laterApps.contains("org.example.ParisWalk"))
    }

    @Test func monitorWithoutMoreIsExpectedMore() throws {
        let running = try Daemon()
        defer { running.stop() }
        let client = try VarlinkClient(path: running.server.path)
        #expect(throws: VarlinkError.expectedMore()) { try client.call("org.routingd.Directions.Monitor") }
        // The connection goes on serving.
        #expect(try client.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue?.isEmpty == false)
        #expect(running.daemon.monitor.count == 0)
    }

    @Test func aMonitorThatDisconnectsIsForgotten() throws {
        let running = try Daemon()
        defer { running.stop() }
        let (monitor, _) = try running.monitor()
        #expect(running.daemon.monitor.count == 1)
        monitor.close()
        #expect(Self.subscribers(of: running, become: 0) == 0, "the closed monitor's stream is cancelled and unsubscribed")
        // And the daemon still tells changes to the others.
        let (other, _) = try running.monitor()
        _ = try VarlinkClient(path: running.server.path).call("org.routingd.Directions.Reload")
        #expect(Self.summary(other.readReply()) == "reloaded")
    }

    @Test func aSlowMonitorIsDroppedWithoutSlowingTheOthers() throws {
        var limits = VarlinkServer.Limits()
        limits.maxStreamBacklogBytes = 16 << 10
        let running = try Daemon(limits: limits)
        defer { running.stop() }
        // Never reads after its first reply, with a small receive buffer.
        let (slow, _) = try running.monitor()
        var small: Int32 = 4096
        setsockopt(slow.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let (fast, _) = try running.monitor()
        #expect(running.daemon.monitor.count == 2)

        // Each event is about 300 bytes: 2,000 of them are far more than the slow client's socket
        // buffers and its 16 KiB of backlog.
        let control = try VarlinkClient(path: running.server.path)
        let source = String(repeating: "s", count: 200)
        let changes = 2000
        var received = 0
        var inOrder = true
        for index in 0..<changes {
            let latitude = Double(index % 90)
            _ = try control.call(
                "org.routingd.Directions.SetCurrentLocation",
                ["latitude": .number(latitude), "longitude": 1, "source": .string(source)])
            // The fast monitor hears every change, in order, while the slow one lags.
            let reply = fast.readReply()
            if Self.summary(reply) == "locationSet" { received += 1 }
            if reply?["parameters"]?["location"]?["latitude"]?.doubleValue != latitude { inOrder = false }
        }
        #expect(received == changes)
        #expect(inOrder)
        // The slow one was closed: what it has buffered, then end of stream.
        #expect(slow.waitForClose(), "the slow monitor is disconnected")
        #expect(Self.subscribers(of: running, become: 1) == 1, "and unsubscribed; the fast one stays")
    }
}
