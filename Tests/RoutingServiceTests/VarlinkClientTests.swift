// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Testing
import Varlink

@Suite struct VarlinkClientTests {
    @Test func missingSocketIsENOENT() {
        let path = makeSocketPath()
        #expect(throws: SystemError(operation: "connect", path: path, errno: ENOENT)) {
            try VarlinkClient(path: path)
        }
    }

    @Test func silentServerTimesOut() throws {
        let path = makeSocketPath()
        let listener = try RawListener(path: path)  // listens, never accepts or answers
        defer { listener.closeWithoutUnlinking(); unlink(path) }
        let client = try VarlinkClient(path: path, timeout: 0.2)
        #expect(throws: SystemError(operation: "recv", path: path, errno: ETIMEDOUT)) {
            try client.call("org.varlink.service.GetInfo")
        }
    }

    @Test func closedClientRefusesCalls() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let client = try VarlinkClient(path: running.path)
        client.close()
        client.close()
        #expect(throws: VarlinkProtocolError.clientClosed) { try client.call("org.varlink.service.GetInfo") }
    }

    @Test func serverClosingIsReported() throws {
        var limits = VarlinkServer.Limits()
        limits.maxMessageBytes = 100
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let client = try VarlinkClient(path: running.path)
        // Over the limit: the server answers InvalidParameter and closes.
        #expect(throws: VarlinkError.invalidParameter("message")) {
            try client.call("org.example.echo.Echo", ["text": .string(String(repeating: "z", count: 200))])
        }
        #expect(throws: (any Error).self) { try client.call("org.example.echo.Echo", ["text": "after"]) }
    }
}
