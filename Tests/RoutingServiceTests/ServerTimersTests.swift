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

    @Test func aServerStoppedOtherwiseWasNotIdle() throws {
        let server = try RunningServer()
        server.stop()
        #expect(!server.server.stoppedBecauseIdle)
    }
}
