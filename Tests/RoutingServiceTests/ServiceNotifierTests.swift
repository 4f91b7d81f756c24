// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
@testable import RoutingService

/// sd_notify(3) messages, `$NOTIFY_SOCKET` addresses and the watchdog interval, and datagrams
/// received on real path and abstract sockets.
@Suite struct ServiceNotifierTests {
    @Test func addressesArePathsOrAbstractNames() throws {
        #expect(try ServiceNotifier.Address.parse("/run/systemd/notify").get() == .path("/run/systemd/notify"))
        #expect(try ServiceNotifier.Address.parse("@/org/systemd/notify").get() == .abstract("/org/systemd/notify"))
        for unsupported in ["", "@", "relative/path", "vsock:2:1234", "/" + String(repeating: "x", count: 107)] {
            #expect(throws: ServiceNotifier.Unsupported.self, "\(unsupported)") {
                try ServiceNotifier.Address.parse(unsupported).get()
            }
        }
    }

    @Test func messagesAreKeyValueLines() {
        #expect(ServiceNotifier.readyMessage(status: "serving 3 apps") == "READY=1\nSTATUS=serving 3 apps")
        #expect(ServiceNotifier.reloadingMessage(monotonicMicroseconds: 1_234_567)
            == "RELOADING=1\nMONOTONIC_USEC=1234567\nSTATUS=reloading")
        #expect(ServiceNotifier.stoppingMessage == "STOPPING=1\nSTATUS=stopping")
        #expect(ServiceNotifier.watchdogMessage == "WATCHDOG=1")
        #expect(ServiceNotifier.message([("STATUS", "two\nlines\r")]) == "STATUS=two lines ", "a newline would start a key")
    }

    @Test func monotonicMicrosecondsIsTheMonotonicClock() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let before = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        let value = ServiceNotifier.monotonicMicroseconds()
        #expect(value >= before && value - before < 5_000_000)
    }

    @Test func watchdogPingsAtHalfTheIntervalForThisProcessOnly() throws {
        #expect(try ServiceNotifier.watchdogInterval(watchdogUSec: nil, watchdogPID: nil, pid: 7).get() == nil)
        #expect(try ServiceNotifier.watchdogInterval(watchdogUSec: "30000000", watchdogPID: nil, pid: 7).get() == 15_000_000)
        #expect(try ServiceNotifier.watchdogInterval(watchdogUSec: "30000000", watchdogPID: "7", pid: 7).get() == 15_000_000)
        #expect(try ServiceNotifier.watchdogInterval(watchdogUSec: "30000000", watchdogPID: "8", pid: 7).get() == nil)
        #expect(try ServiceNotifier.watchdogInterval(watchdogUSec: "1", watchdogPID: nil, pid: 7).get() == 1)
        for bad in ["0", "-5", "soon", ""] {
            #expect(throws: ServiceNotifier.Unsupported.self) {
                try ServiceNotifier.watchdogInterval(watchdogUSec: bad, watchdogPID: nil, pid: 7).get()
            }
        }
        #expect(throws: ServiceNotifier.Unsupported.self) {
            try ServiceNotifier.watchdogInterval(watchdogUSec: "100", watchdogPID: "me", pid: 7).get()
        }
    }

    /// A bound datagram socket; `name` starting with NUL is abstract.
    func datagramListener(_ address: [UInt8]) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count)
        let rc = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(rc == 0, "bind: \(errno)")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    func receive(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n < 0 ? nil : String(decoding: buffer[..<n], as: UTF8.self)
    }

    @Test func datagramsReachAPathSocket() throws {
        let path = makeSocketPath("notify")
        try #require(mkdir(String(path.dropLast("/notify".count)), 0o700) == 0)
        let fd = try datagramListener(Array(path.utf8) + [0])
        defer { close(fd); unlink(path) }
        let notifier = ServiceNotifier(address: .path(path))
        notifier.ready(status: "serving 1 app")
        notifier.reloading()
        notifier.stopping()
        #expect(receive(fd) == "READY=1\nSTATUS=serving 1 app")
        #expect(receive(fd)?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") == true)
        #expect(receive(fd) == "STOPPING=1\nSTATUS=stopping")
    }

    @Test func datagramsReachAnAbstractSocket() throws {
        let name = "routingd-test-notify-\(getpid())"
        let fd = try datagramListener([0] + Array(name.utf8))
        defer { close(fd) }
        ServiceNotifier(address: .abstract(name)).watchdog()
        #expect(receive(fd) == "WATCHDOG=1")
    }

    @Test func anUnreachableNotifySocketIsNotFatal() {
        let notifier = ServiceNotifier(address: .path("/nonexistent/routingd/notify"), log: nil)
        #expect(notifier.send("READY=1") == false)
        #expect(notifier.send("READY=1") == false, "still no crash the second time")
        #expect(ServiceNotifier(address: nil).send("READY=1"), "no NOTIFY_SOCKET: nothing to do")
    }
}
