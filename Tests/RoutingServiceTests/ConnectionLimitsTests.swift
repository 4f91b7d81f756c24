// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingService
import StrictJSON
import Synchronization
import Testing
import Varlink

/// What keeps one client from stalling the others: deadlines, the per-user cap, backpressure, and
/// SIGTERM under load. Bounds here are hang guards, not timings.
@Suite struct ConnectionLimitsTests {
    static func text(_ reply: JSONObject?) -> String? { reply?["parameters"]?["text"]?.stringValue }

    @Test func aPerUserLimitAboveTheTotalIsRefusedAtStart() {
        let run = OpenCommandTests.run(
            [Daemon.routingdPath, "--max-connections", "8", "--max-connections-per-user", "9"], environment: [])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--max-connections-per-user 9 is more than --max-connections 8"), "\(run.stderr)")
    }

    @Test(arguments: ["0", "65", "two"]) func anEventLoopCountOutOfRangeIsRefusedAtStart(_ count: String) {
        let run = OpenCommandTests.run([Daemon.routingdPath, "--event-loops", count], environment: [])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--event-loops needs a whole number from 1 to"), "\(run.stderr)")
    }

    @Test func aSilentConnectionIsClosedAfterTheIdleTimeoutAndABusyOneIsNot() throws {
        var limits = VarlinkServer.Limits()
        limits.idleTimeout = 0.5
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let silent = try RawConnection(path: running.path)
        let busy = try RawConnection(path: running.path)
        // The busy one calls every 100 ms for 1.5 s, three idle timeouts.
        for i in 0..<15 {
            busy.send(call("org.example.echo.Echo", #"{"text":"\#(i)"}"#))
            #expect(Self.text(busy.readReply()) == "\(i)")
            usleep(100_000)
        }
        #expect(silent.waitForClose(timeout: 0.1), "the silent connection is closed by now")
        busy.send(call("org.example.echo.Echo", #"{"text":"still"}"#))
        #expect(Self.text(busy.readReply()) == "still")
    }

    @Test func aClientWaitingForALongCallIsNotIdle() throws {
        let gate = Gate()
        var limits = VarlinkServer.Limits()
        limits.idleTimeout = 0.3
        let running = try RunningServer(service: BlockingCallsTests.service(gate), limits: limits)
        defer { running.stop() }
        let waiting = try RawConnection(path: running.path)
        waiting.send(call("org.example.gate.Wait", #"{"text":"slow"}"#))
        #expect(gate.waitForArrival())
        usleep(1_000_000)
        gate.open()
        #expect(Self.text(waiting.readReply()) == "slow", "still connected after three idle timeouts")
    }

    @Test func halfAMessageIsClosedAfterTheMessageTimeout() throws {
        var limits = VarlinkServer.Limits()
        limits.partialMessageTimeout = 0.5
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let half = try RawConnection(path: running.path)
        half.send(#"{"method":"org.example.echo.Echo","param"#)
        // A slow but steady sender of whole messages is not cut off.
        let steady = try RawConnection(path: running.path)
        for i in 0..<10 {
            steady.send(#"{"method":"org.example.echo.Echo","#)
            usleep(100_000)
            steady.send(#""parameters":{"text":"\#(i)"}}"# + "\0")
            #expect(Self.text(steady.readReply()) == "\(i)")
        }
        #expect(half.waitForClose(timeout: 0.1), "half a message for a second: closed")
    }

    /// The per-user count is shared by the event loops (the two connections are on different loops
    /// when there are several).
    @Test(arguments: [1, 3]) func oneUserCannotTakeEverySlot(eventLoops: Int) throws {
        var limits = VarlinkServer.Limits()
        limits.maxConnections = 10
        limits.eventLoops = eventLoops
        limits.maxConnectionsPerUser = 2
        limits.unlimitedUIDs = []  // the tests run as one uid, often root: count it too
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let first = try VarlinkClient(path: running.path)
        let second = try VarlinkClient(path: running.path)
        #expect(try first.call("org.example.echo.Echo", ["text": "1"])["text"] == "1")
        #expect(try second.call("org.example.echo.Echo", ["text": "2"])["text"] == "2")
        let third = try RawConnection(path: running.path)
        #expect(third.waitForClose(), "a third connection of the same uid is closed at once")
        first.close()
        var served = false
        for _ in 0..<100 where !served {
            served = (try? VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])) != nil
            if !served { usleep(10_000) }
        }
        #expect(served, "a slot of that uid frees up when one of its connections closes")
    }

    @Test func rootIsNotLimitedPerUserByDefault() throws {
        guard geteuid() == 0 else { return }  // only root's exemption is checked here
        var limits = VarlinkServer.Limits()
        limits.maxConnectionsPerUser = 1
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let clients = try (0..<4).map { _ in try VarlinkClient(path: running.path) }
        for (i, client) in clients.enumerated() {
            #expect(try client.call("org.example.echo.Echo", ["text": .string("\(i)")])["text"] == .string("\(i)"))
        }
    }

    @Test func aReplyLargerThanThePendingBoundIsDeliveredAndReadingResumes() throws {
        var limits = VarlinkServer.Limits()
        limits.maxPendingReplyBytes = 64 << 10
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let slow = try RawConnection(path: running.path)
        var batch = ""
        for i in 0..<8 { batch += call("org.example.echo.Big", #"{"bytes":\#(1_000_000 + i)}"#) }
        batch += call("org.example.echo.Echo", #"{"text":"last"}"#)
        slow.send(batch)
        // Not read for a while; another client is served meanwhile.
        usleep(300_000)
        #expect(try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])["text"] == "x")
        for i in 0..<8 {
            #expect(Self.text(slow.readReply())?.utf8.count == 1_000_000 + i, "reply \(i), 15 times the bound, whole")
        }
        #expect(Self.text(slow.readReply()) == "last", "reading resumed once the replies drained")
    }

    @Test func sigtermStopsTheServerPromptlyUnderLoad() throws {
        let gate = Gate()
        let running = try RunningServer(service: BlockingCallsTests.service(gate))
        defer { gate.open() }
        // A blocking call that never finishes, clients that never read, and clients that hammer.
        let waiting = try RawConnection(path: running.path)
        waiting.send(call("org.example.gate.Wait", #"{"text":"forever"}"#))
        #expect(gate.waitForArrival())
        var idle: [RawConnection] = []
        for _ in 0..<20 {
            let connection = try RawConnection(path: running.path)
            var batch = ""
            for _ in 0..<200 { batch += call("org.example.gate.Echo", #"{"text":"\#(String(repeating: "y", count: 2000))"}"#) }
            connection.send(batch)
            idle.append(connection)
        }
        let stop = Atomic<Bool>(false)
        let hammers = (0..<4).map { _ in
            TestThread {
                guard let connection = try? RawConnection(path: running.path) else { return }
                while !stop.load(ordering: .relaxed) {
                    connection.send(call("org.example.gate.Echo", #"{"text":"h"}"#))
                    if connection.readReply(timeout: 2) == nil { return }
                }
            }
        }
        usleep(200_000)
        let start = DispatchTime.now()
        running.send(signal: SIGTERM)
        let outcome = running.waitForExit(within: 10)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        stop.store(true, ordering: .relaxed)
        for hammer in hammers { #expect(hammer.join(within: 10)) }
        #expect(outcome == "returned")
        #expect(seconds < 5, "hang guard: SIGTERM took \(seconds) s")
        #expect(waiting.waitForClose())
        _ = idle
    }
}
