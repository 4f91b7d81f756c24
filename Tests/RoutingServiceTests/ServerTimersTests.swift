// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Synchronization
import Testing

/// The loop's periodic actions (the watchdog ping) and its idle exit (`--exit-idle`).
@Suite struct ServerTimersTests {
    @Test func periodicActionsRunOnTheLoop() throws {
        let ticks = Atomic<Int>(0)
        let server = try RunningServer { $0.every(microseconds: 20_000) { ticks.add(1, ordering: .relaxed) } }
        defer { server.stop() }
        for _ in 0..<200 where ticks.load(ordering: .relaxed) < 3 { usleep(10_000) }
        #expect(ticks.load(ordering: .relaxed) >= 3)
    }

    @Test func anIdleServerStopsByItselfButNotWhileAClientIsConnected() throws {
        let server = try RunningServer { $0.exitWhenIdle(seconds: 0.3) }
        let connection = try RawConnection(path: server.path)
        usleep(600_000)
        connection.send(call("org.example.echo.Echo", #"{"text":"still here"}"#))
        #expect(connection.readReply() != nil, "an open connection keeps the server up")
        connection.close()
        #expect(server.waitForExit(within: 5) == "returned")
        #expect(server.server.stoppedBecauseIdle)
    }

    /// With two loops, a connection open on loop 1 keeps the server up as well; once it closes,
    /// the server stops (loop 0 is told at once).
    @Test func aConnectionOnAnotherLoopKeepsTheServerUp() throws {
        var limits = VarlinkServer.Limits()
        limits.eventLoops = 2
        let server = try RunningServer(limits: limits) { $0.exitWhenIdle(seconds: 0.3) }
        let first = try RawConnection(path: server.path)  // loop 0's
        let second = try RawConnection(path: server.path)  // loop 1's
        first.send(call("org.example.echo.Echo", #"{"text":"1"}"#))
        #expect(first.readReply() != nil)
        first.close()
        usleep(600_000)
        second.send(call("org.example.echo.Echo", #"{"text":"still here"}"#))
        #expect(second.readReply() != nil, "a connection on loop 1 keeps the server up")
        second.close()
        #expect(server.waitForExit(within: 5) == "returned")
        #expect(server.server.stoppedBecauseIdle)
    }

    @Test func aServerStoppedOtherwiseWasNotIdle() throws {
        let server = try RunningServer()
        server.stop()
        #expect(!server.server.stoppedBecauseIdle)
    }
}
