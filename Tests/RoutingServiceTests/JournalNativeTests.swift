// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import StrictJSON
import Synchronization
import Testing

/// The native journal protocol: the encoder, a stand-in socket, and the real routingd logging to it.
@Suite struct JournalNativeTests {
    // MARK: the encoder and the client

    @Test func plainAndBinaryFields() {
        let bytes = JournalNative.encode([
            JournalField("MESSAGE", "one line"), JournalField("ROUTINGD_FILE", "/tmp/a\nb.geojson"),
            JournalField("EMPTY", ""), JournalField("PRIORITY", "6"),
        ])
        var expected = Array("MESSAGE=one line\nROUTINGD_FILE\n".utf8)
        expected += [16, 0, 0, 0, 0, 0, 0, 0]  // 64-bit little-endian length of the value
        expected += Array("/tmp/a\nb.geojson\nEMPTY=\nPRIORITY=6\n".utf8)
        #expect(bytes == expected)
        #expect(Self.decode(bytes) == [
            "MESSAGE": "one line", "ROUTINGD_FILE": "/tmp/a\nb.geojson", "EMPTY": "", "PRIORITY": "6",
        ])
    }

    @Test func namesJournaldWouldRefuseAreLeftOut() {
        for name in ["", "_PID", "1ABC", "lower", "A-B", "MESSAGE=X", String(repeating: "A", count: 65)] {
            #expect(!JournalField.isValidName(name), "\(name)")
        }
        #expect(JournalField.isValidName("ROUTINGD_CALLER_UID"))
        #expect(JournalNative.encode([JournalField("_PID", "1"), JournalField("OK", "x")]) == Array("OK=x\n".utf8))
    }

    @Test func messageIDsAre128BitHexAndDistinct() {
        let ids = JournalField.MessageID.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }, "\(id)")
        }
    }

    @Test func entryKeepsTheMessageOneLineAndFieldsExact() {
        let fields = Log.entry(.warning, "app a\nb: bad", program: "routingd", fields: [.app("a\nb")])
        #expect(fields == [
            JournalField("MESSAGE", "app a\\nb: bad"), JournalField("PRIORITY", "4"),
            JournalField("SYSLOG_IDENTIFIER", "routingd"), JournalField("ROUTINGD_APP", "a\nb"),
        ])
    }

    @Test func sendsADatagramAndReportsAnUnreachableSocket() throws {
        let directory = try Self.makeDirectory()
        defer { Self.remove(directory) }
        let journal = try StandInJournal(path: directory + "/socket")
        let client = try #require(JournalNative(path: journal.path))
        #expect(client.send([JournalField("MESSAGE", "hello"), JournalField("X", "1\n2")]))
        #expect(journal.receive().map(Self.decode) == ["MESSAGE": "hello", "X": "1\n2"])

        let nowhere = try #require(JournalNative(path: directory + "/no-such-socket"))
        #expect(!nowhere.send([JournalField("MESSAGE", "lost")]), "ENOENT: the caller falls back to stderr")
    }

    /// An entry larger than a datagram can hold goes as a sealed memfd passed with SCM_RIGHTS.
    @Test func aHugeEntryGoesThroughAMemfd() throws {
        let directory = try Self.makeDirectory()
        defer { Self.remove(directory) }
        let journal = try StandInJournal(path: directory + "/socket")
        let client = try #require(JournalNative(path: journal.path))
        let big = String(repeating: "x", count: 4 << 20)
        #expect(client.send([JournalField("MESSAGE", "big"), JournalField("BLOB", big)]))
        let (datagram, passed) = try #require(journal.receiveWithDescriptor())
        #expect(datagram.isEmpty, "the entry is in the memfd, not the datagram")
        let fd = try #require(passed, "no descriptor passed")
        defer { close(fd) }
        let seals = fcntl(fd, 1034 /* F_GET_SEALS */)
        #expect(seals & 0x0f == 0x0f, "sealed: SEAL, SHRINK, GROW, WRITE (\(seals))")
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &chunk, chunk.count, offset)
            if n <= 0 { break }
            bytes += chunk[..<n]
            offset += off_t(n)
        }
        #expect(Self.decode(bytes) == ["MESSAGE": "big", "BLOB": big])
    }

    // MARK: the daemon under a stand-in journal

    static let london = """
        {"type":"MultiPolygon","coordinates":[[[[-0.989542,52.257770],[-0.943830,51.001232],
        [0.303471,51.050521],[0.362244,51.848169],[-0.989542,52.257770]]]]}
        """
    /// The first ring does not end where it starts.
    static let openRing = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.06,48.66]]]]}
        """

    /// routingd with standard error the "journal stream" and ROUTINGD_JOURNAL_SOCKET a stand-in:
    /// start, a Reload(), a file turned invalid, the current location set and cleared, each an entry
    /// with its MESSAGE_ID and fields; nothing on standard error.
    @Test func daemonSendsEntriesWithFields() throws {
        let root = try Self.makeDirectory()
        defer { Self.remove(root) }
        let coverage = root + "/coverage"
        mkdir(coverage, 0o700)
        try Self.write(coverage + "/London.geojson", Self.london)
        try Self.write(coverage + "/Paris.geojson", Self.openRing)
        let journal = try StandInJournal(path: root + "/journal.socket")
        let daemon = try Daemon(root: root, coverage: coverage, journalSocket: journal.path)
        defer { daemon.stop() }

        var entries: [[String: String]] = []
        func next(where matches: ([String: String]) -> Bool, _ what: String) throws -> [String: String] {
            if let index = entries.firstIndex(where: matches) { return entries.remove(at: index) }
            while let datagram = journal.receive(timeout: 20) {
                let entry = Self.decode(datagram)
                if matches(entry) { return entry }
                entries.append(entry)
            }
            throw Missing(what: what, seen: entries)
        }
        let me = [ "ROUTINGD_CALLER_UID": String(geteuid()), "ROUTINGD_CALLER_PID": String(getpid()) ]

        // At start: the invalid file, then the start.
        let paris = try next(where: { $0["ROUTINGD_APP"] == "Paris" }, "Paris invalid at start")
        #expect(paris["MESSAGE_ID"] == JournalField.MessageID.invalidFile.rawValue)
        #expect(paris["PRIORITY"] == "4")
        #expect(paris["SYSLOG_IDENTIFIER"] == "routingd")
        #expect(paris["ROUTINGD_FILE"] == coverage + "/Paris.geojson")
        #expect(paris["ROUTINGD_RULE"] == "ring-not-closed")
        #expect(paris["MESSAGE"]?.hasPrefix("app Paris: not loaded: ") == true)
        let started = try next(where: { $0["MESSAGE_ID"] == JournalField.MessageID.started.rawValue }, "start")
        #expect(started["PRIORITY"] == "6")
        #expect(started["MESSAGE"]?.hasPrefix("listening on ") == true)
        #expect(started["ROUTINGD_CALLER_PID"] == nil)

        let client = try VarlinkClient(path: daemon.socket)
        defer { client.close() }
        _ = try client.call("org.routingd.Directions.Reload")
        let reloaded = try next(
            where: { $0["MESSAGE_ID"] == JournalField.MessageID.reloaded.rawValue && $0["ROUTINGD_CALLER_PID"] != nil },
            "Reload() by this process")
        #expect(reloaded["PRIORITY"] == "6")
        #expect(reloaded["ROUTINGD_CALLER_UID"] == me["ROUTINGD_CALLER_UID"])
        #expect(reloaded["ROUTINGD_CALLER_PID"] == me["ROUTINGD_CALLER_PID"])
        #expect(reloaded["MESSAGE"]?.hasPrefix("reloaded (Reload()) in ") == true)

        // London turns invalid: it keeps its last good version (stale). inotify or Reload() sees it.
        try Self.write(coverage + "/London.geojson", Self.openRing)
        _ = try client.call("org.routingd.Directions.Reload")
        let london = try next(
            where: { $0["ROUTINGD_APP"] == "London" && $0["MESSAGE_ID"] == JournalField.MessageID.invalidFile.rawValue },
            "London stale")
        #expect(london["PRIORITY"] == "4")
        #expect(london["ROUTINGD_FILE"] == coverage + "/London.geojson")
        #expect(london["ROUTINGD_RULE"] == "ring-not-closed")
        #expect(london["MESSAGE"]?.hasPrefix("app London: keeping the last good version: ") == true)

        _ = try client.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 51.5, "longitude": -0.12])
        let set = try next(where: { $0["MESSAGE_ID"] == JournalField.MessageID.currentLocation.rawValue }, "location set")
        #expect(set["MESSAGE"] == "current location set to 51.5, -0.12")
        #expect(set["PRIORITY"] == "7")
        #expect(set["ROUTINGD_CALLER_UID"] == me["ROUTINGD_CALLER_UID"])
        #expect(set["ROUTINGD_CALLER_PID"] == me["ROUTINGD_CALLER_PID"])
        _ = try client.call("org.routingd.Directions.ClearCurrentLocation")
        let cleared = try next(where: { $0["MESSAGE_ID"] == JournalField.MessageID.currentLocation.rawValue }, "location cleared")
        #expect(cleared["MESSAGE"] == "current location cleared")
        #expect(cleared["ROUTINGD_CALLER_PID"] == me["ROUTINGD_CALLER_PID"])

        daemon.stop()
        #expect(OpenCommandTests.read(daemon.stderrPath) == "", "every event went to the journal socket")
    }

    /// With the native socket unreachable, the daemon writes `<N>` lines to the journal stream as before.
    @Test func unreachableSocketFallsBackToStandardError() throws {
        let root = try Self.makeDirectory()
        defer { Self.remove(root) }
        let coverage = root + "/coverage"
        mkdir(coverage, 0o700)
        try Self.write(coverage + "/London.geojson", Self.london)
        let daemon = try Daemon(root: root, coverage: coverage, journalSocket: root + "/no-such-socket")
        defer { daemon.stop() }
        var text = ""
        for _ in 0..<2000 {
            text = OpenCommandTests.read(daemon.stderrPath)
            if text.contains("listening on") { break }
            usleep(10_000)
        }
        #expect(text.hasPrefix("<6>listening on "), "\(text)")
    }

    // MARK: helpers

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var seen: [[String: String]]
        var description: String { "no journal entry for \(what); other entries: \(seen)" }
    }

    /// Fields of one entry in the native protocol (both forms); a repeated name keeps the last value.
    static func decode(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        var i = 0
        while i < bytes.count {
            guard let end = bytes[i...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "=") }) else { break }
            let name = String(decoding: bytes[i..<end], as: UTF8.self)
            if bytes[end] == UInt8(ascii: "=") {
                let stop = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                fields[name] = String(decoding: bytes[(end + 1)..<stop], as: UTF8.self)
                i = stop + 1
            } else {
                guard end + 9 <= bytes.count else { break }
                var length: UInt64 = 0
                for k in 0..<8 { length |= UInt64(bytes[end + 1 + k]) << (8 * UInt64(k)) }
                let start = end + 9
                let stop = min(bytes.count, start + Int(length))
                fields[name] = String(decoding: bytes[start..<stop], as: UTF8.self)
                i = stop + 1
            }
        }
        return fields
    }

    private static let counter = Atomic<Int>(0)

    static func makeDirectory() throws -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        let path = "/tmp/routingd-journal-test-\(getpid())-\(n)"
        try #require(mkdir(path, 0o700) == 0, "cannot create \(path)")
        return path
    }

    static func remove(_ path: String) { _ = ChildProcessRun.run(["/bin/rm", "-rf", path]) }

    static func write(_ path: String, _ text: String) throws {
        // Atomically, as an editor saves: the daemon never reads half a file.
        let temporary = path + ".tmp"
        let file = try #require(fopen(temporary, "w"), "cannot create \(temporary)")
        fputs(text, file)
        fclose(file)
        try #require(rename(temporary, path) == 0)
    }
}

/// Runs a program and waits (for clean-up).
enum ChildProcessRun {
    static func run(_ argv: [String]) -> Int32 {
        var pid: pid_t = 0
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        guard posix_spawn(&pid, argv[0], nil, nil, cArgs, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }
}

/// A bound datagram socket standing in for journald's `/run/systemd/journal/socket`.
final class StandInJournal {
    let path: String
    let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(rc == 0, "bind \(path): errno \(errno)")
        // Room for a burst of entries while the test is busy elsewhere.
        var size: Int32 = 4 << 20
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// The next datagram, or nil after `timeout` seconds.
    func receive(timeout: Double = 5) -> [UInt8]? {
        receiveWithDescriptor(timeout: timeout)?.bytes
    }

    /// The next datagram and the descriptor passed with it (SCM_RIGHTS), or nil after `timeout` seconds.
    func receiveWithDescriptor(timeout: Double = 5) -> (bytes: [UInt8], descriptor: Int32?)? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        // struct cmsghdr on 64-bit Linux: size_t cmsg_len, int cmsg_level, int cmsg_type, then data.
        var control = [UInt8](repeating: 0, count: 64)
        let (received, controlLength) = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let n = recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC))
                    return (n, message.msg_controllen)
                }
            }
        }
        guard received >= 0 else { return nil }
        var descriptor: Int32?
        if controlLength >= 20 {
            let level = control.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int32.self) }
            let type = control.withUnsafeBytes { $0.load(fromByteOffset: 12, as: Int32.self) }
            if level == SOL_SOCKET && type == 1 /* SCM_RIGHTS */ {
                descriptor = control.withUnsafeBytes { $0.load(fromByteOffset: 16, as: Int32.self) }
            }
        }
        return (Array(buffer[..<received]), descriptor)
    }
}

/// The built routingd in a child process, standard error a file named by `JOURNAL_STREAM`.
final class Daemon {
    let socket: String
    let stderrPath: String
    private let pid: pid_t
    private var stopped = false

    init(root: String, coverage: String, journalSocket: String) throws {
        socket = root + "/routingd.sock"
        stderrPath = root + "/stderr"
        let stderrFD = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(stderrFD >= 0)
        var status = stat()
        fstat(stderrFD, &status)
        close(stderrFD)
        var environment: [String] = []
        var pointer = environ
        let dropped = [
            "JOURNAL_STREAM=", "ROUTINGD_JOURNAL_SOCKET=", "XDG_DATA_HOME=", "NOTIFY_SOCKET=", "LISTEN_", "WATCHDOG_",
            "XDG_STATE_HOME=", "STATE_DIRECTORY=",
        ]
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !dropped.contains(where: { text.hasPrefix($0) }) { environment.append(text) }
            pointer += 1
        }
        environment += [
            "JOURNAL_STREAM=\(status.st_dev):\(status.st_ino)", "ROUTINGD_JOURNAL_SOCKET=\(journalSocket)",
            "XDG_DATA_HOME=\(root)/xdg", "XDG_STATE_HOME=\(root)/xdg-state",  // the location it sets stays here
        ]
        let argv = [Self.routingdPath, "--socket", socket, "--coverage", coverage, "--verbose"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_APPEND, 0)
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0, "cannot start \(argv[0])")
        self.pid = pid
    }

    /// SIGTERM, then waits (SIGKILL after 10 s).
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<1000 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    deinit { stop() }

    /// The routingd built next to this test bundle.
    static var routingdPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var parts = exe.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/routingd"
    }
}
