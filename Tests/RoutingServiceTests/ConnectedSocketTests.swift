// SPDX-License-Identifier: Apache-2.0
import Glibc
@testable import RoutingService
import StrictJSON
import Testing

/// A connected socket passed by socket activation (`Accept=yes`, varlinkctl's `exec:` transport):
/// routingd serves that one client and exits when it closes.
@Suite struct ConnectedSocketTests {
    @Test func aConnectedSocketIsServedUntilItClosesThenRoutingdExits() throws {
        let root = try JournalNativeTests.makeDirectory()
        defer { JournalNativeTests.remove(root) }
        mkdir(root + "/coverage", 0o700)
        try JournalNativeTests.write(root + "/coverage/Paris.geojson", DaemonLocationTests.paris)
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        let daemon = try ActivatedRoutingd(
            listening: pair[1], root: root, arguments: ["--coverage", root + "/coverage", "--state-directory", root + "/state"])
        close(pair[1])
        let connection = RawConnection(descriptor: pair[0])

        // Several calls on the one connection, a stream among them.
        connection.send(call("org.varlink.service.GetInfo"))
        let info = try #require(connection.readReply(timeout: 20)?["parameters"]?.objectValue)
        #expect(info["product"] == "routingd")
        #expect(info["url"]?.stringValue?.hasPrefix("file:///") == true && info["url"]?.stringValue?.hasSuffix("/README.md") == true)
        connection.send(#"{"method":"org.routingd.Directions.Monitor","more":true}"# + "\0")
        let state = try #require(connection.readReply())
        #expect(state["continues"] == true && state["parameters"]?["event"] == "state")
        #expect(state["parameters"]?["apps"]?.arrayValue?.first?["id"] == "Paris")

        // Closing it ends the stream, and the daemon: status 0, and a log line that says why.
        connection.close()
        #expect(daemon.waitForExit(within: 20) == 0)
        let log = OpenCommandTests.read(daemon.stderrPath)
        #expect(log.contains("serving the connection on fd 3 (varlink)"), "\(log)")
        #expect(log.contains("stopped: the connection closed"), "\(log)")
    }

    @Test func aPassedSocketListensOrIsConnected() throws {
        let listener = try UnixListener.bind(path: makeSocketPath())
        defer { listener.close() }
        #expect(try SocketActivation.checkStreamSocket(listener.descriptor.rawValue, label: "fd 3") == .listening)
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        #expect(try SocketActivation.checkStreamSocket(pair[0], label: "fd 3") == .connected)
        let unbound = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(unbound) }
        #expect(throws: SystemError(operation: "socket activation (the socket neither listens nor is connected)", path: "fd 3", errno: ENOTCONN)) {
            _ = try SocketActivation.checkStreamSocket(unbound, label: "fd 3")
        }
    }
}
