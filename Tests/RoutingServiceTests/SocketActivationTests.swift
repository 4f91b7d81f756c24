// SPDX-License-Identifier: Apache-2.0
import Glibc
@testable import RoutingService
import Testing

/// `LISTEN_PID`/`LISTEN_FDS`/`LISTEN_FDNAMES` as sd_listen_fds(3) defines them.
@Suite struct SocketActivationTests {
    func decide(pid: String? = "42", fds: String?, names: String? = nil) -> SocketActivation.Outcome {
        SocketActivation.decide(listenPID: pid, listenFDs: fds, listenFDNames: names, pid: 42)
    }

    @Test func withoutListenFDsTheDaemonBindsItself() {
        #expect(decide(pid: nil, fds: nil) == .notActivated)
        #expect(decide(fds: nil) == .notActivated)
    }

    @Test func oneDescriptorNamedVarlinkIsFdThree() {
        #expect(decide(fds: "1", names: "varlink") == .activated(descriptor: 3, name: "varlink", unused: [], note: nil))
        #expect(decide(fds: "1") == .activated(descriptor: 3, name: nil, unused: [], note: nil))
        #expect(decide(fds: "1", names: "routingd.socket") == .activated(descriptor: 3, name: "routingd.socket", unused: [], note: nil))
    }

    @Test func theDescriptorNamedVarlinkIsPreferred() {
        #expect(decide(fds: "3", names: "metrics:varlink:other")
            == .activated(descriptor: 4, name: "varlink", unused: [3, 5], note: nil))
    }

    @Test func withoutAVarlinkNameTheFirstIsTakenWithANote() {
        guard case .activated(let fd, let name, let unused, let note) = decide(fds: "2", names: "a:b") else {
            Issue.record("not activated")
            return
        }
        #expect(fd == 3 && name == "a" && unused == [4])
        #expect(note?.contains("no descriptor is named 'varlink'") == true)
        guard case .activated(_, nil, _, let mismatch?) = decide(fds: "2", names: "varlink") else {
            Issue.record("a name count mismatch should drop the names with a note")
            return
        }
        #expect(mismatch.contains("1 name for 2 descriptors"))
    }

    @Test func variablesForAnotherProcessOrMalformedAreIgnoredWithAReason() {
        let cases: [(String?, String?, String)] = [
            (nil, "1", "without LISTEN_PID"),
            ("41", "1", "LISTEN_PID=41 is not this process (42)"),
            ("x", "1", "LISTEN_PID='x' is not a process id"),
            ("42", "0", "LISTEN_FDS='0'"),
            ("42", "-1", "LISTEN_FDS='-1'"),
            ("42", "two", "LISTEN_FDS='two'"),
            ("42", "", "LISTEN_FDS=''"),
        ]
        for (pid, fds, expected) in cases {
            guard case .ignored(let reason) = decide(pid: pid, fds: fds) else {
                Issue.record("LISTEN_PID=\(pid ?? "unset") LISTEN_FDS=\(fds ?? "unset") was not ignored")
                continue
            }
            #expect(reason.contains(expected), "\(reason)")
        }
    }

    @Test func aPassedDescriptorThatIsNotAListeningStreamSocketIsRefused() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect(throws: SystemError(operation: "socket activation", path: "fd 9", errno: ENOTSOCK)) {
            try SocketActivation.checkListeningStreamSocket(pipeEnds[0], label: "fd 9")
        }
        let unbound = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(unbound) }
        #expect(throws: SystemError.self) { try SocketActivation.checkListeningStreamSocket(unbound, label: "fd 9") }
        let datagram = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(datagram) }
        #expect(throws: SystemError.self) { try SocketActivation.checkListeningStreamSocket(datagram, label: "fd 9") }
    }

    @Test func aListeningSocketPassesTheCheck() throws {
        let listener = try UnixListener.bind(path: makeSocketPath())
        defer { listener.close() }
        try SocketActivation.checkListeningStreamSocket(listener.descriptor.rawValue, label: "fd 3")
    }
}
