// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Synchronization
import Testing

/// A FIFO, socket or directory named like a coverage file or a manifest is refused without blocking:
/// opening a FIFO that has no writer would otherwise wait forever, and the daemon with it.
@Suite struct SpecialFileTests {
    /// A temporary directory with `coverage/Paris.geojson` and an empty `apps/`; FIFOs are added by
    /// ``makeFIFO(_:)``.
    final class Tree: Sendable {
        let root: String
        var coverage: String { root + "/coverage" }
        var apps: String { root + "/apps" }

        init() throws {
            var template = Array("/tmp/routingd-fifo-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            try #require(made != nil, "mkdtemp failed")
            root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            try #require(mkdir(coverage, 0o755) == 0 && mkdir(apps, 0o755) == 0)
            let fd = open(coverage + "/Paris.geojson", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            try #require(fd >= 0)
            let text = Array(OpenCommandTests.paris.utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }

        func makeFIFO(_ relative: String) throws {
            try #require(mkfifo(root + "/" + relative, 0o644) == 0, "mkfifo failed")
        }

        deinit { _ = ChildRemover.remove(root) }
    }

    /// Runs `body` on a thread; if it has not returned within `seconds`, records an issue and opens
    /// every FIFO of `tree` for writing once, so a reader stuck in open(2) gets free.
    static func returnsPromptly(_ tree: Tree, within seconds: Double = 5, _ body: @escaping @Sendable () -> Void) -> Bool {
        let thread = TestThread(body)
        if thread.join(within: seconds) { return true }
        Issue.record("blocked for more than \(seconds) s on a FIFO")
        for path in [tree.coverage + "/fifo.geojson", tree.apps + "/pipe.routingapp"] {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        thread.join()
        return false
    }

    @Test func aFileOverTheSizeLimitIsRefusedWithItsSizeAndAHint() throws {
        let tree = try Tree()
        let path = tree.coverage + "/Huge.geojson"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        // Sparse: no disk is used.
        try #require(ftruncate(fd, off_t(CoverageDirectory.maxFileBytes + 1)) == 0)
        close(fd)
        guard case .failure(let error) = CoverageDirectory.readFile(path) else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(error.message == "\(path): cannot read: the file is 67108865 bytes, more than the 64 MiB (67108864 bytes) limit; outline the area with fewer positions (Apple recommends at most 20 per polygon)")
    }

    @Test func aMissingFileNamesTheNearestNameInItsDirectory() throws {
        let tree = try Tree()
        guard case .failure(let error) = CoverageDirectory.readFile(tree.coverage + "/paris.geojson") else {
            Issue.record("paris.geojson was read")
            return
        }
        #expect(error.message == tree.coverage + "/paris.geojson: cannot read: No such file or directory; did you mean 'Paris.geojson'?")
        guard case .failure(let far) = CoverageDirectory.readFile(tree.coverage + "/Berlin.geojson") else { return }
        #expect(far.message == tree.coverage + "/Berlin.geojson: cannot read: No such file or directory")
    }

    @Test func readingAFIFOReturnsAtOnceSayingWhatItIs() throws {
        let tree = try Tree()
        try tree.makeFIFO("coverage/fifo.geojson")
        let outcome = Mutex<Result<[UInt8], AppRegistry.ReadError>?>(nil)
        let path = tree.coverage + "/fifo.geojson"
        #expect(Self.returnsPromptly(tree) { outcome.withLock { $0 = CoverageDirectory.readFile(path) } })
        let result = try #require(outcome.withLock { $0 })
        guard case .failure(let error) = result else { Issue.record("a FIFO was read"); return }
        #expect(error.message == "\(path): cannot read: not a regular file (a FIFO)")
        // A directory and a socket too, by their kind.
        guard case .failure(let directory) = CoverageDirectory.readFile(tree.apps) else { Issue.record("a directory was read"); return }
        #expect(directory.message.hasSuffix("cannot read: it is a directory"))
        let listener = try UnixListener.bind(path: tree.root + "/s.geojson")
        defer { withExtendedLifetime(listener) {} }
        guard case .failure(let socket) = CoverageDirectory.readFile(tree.root + "/s.geojson") else { Issue.record("a socket was read"); return }
        #expect(socket.message.hasSuffix("cannot read: not a regular file (a socket)"))
        // A regular file still reads whole, in blocking mode.
        guard case .success(let bytes) = CoverageDirectory.readFile(tree.coverage + "/Paris.geojson") else {
            Issue.record("a regular file was not read"); return
        }
        #expect(bytes == Array(OpenCommandTests.paris.utf8))
    }

    @Test func aFIFOInTheWatchedDirectoriesNeitherBlocksReloadNorTheServer() throws {
        let tree = try Tree()
        let daemon = try RoutingDaemon(
            directories: AppDirectories(appDirectories: [tree.apps], coverageDirectory: tree.coverage))
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        try tree.makeFIFO("coverage/fifo.geojson")
        try tree.makeFIFO("apps/pipe.routingapp")
        // Reload() over the socket, as `routingctl reload` calls it: it answers, with both counted.
        let counts = Mutex<JSONObject?>(nil)
        let path = server.path
        #expect(Self.returnsPromptly(tree) {
            let reply = try? VarlinkClient(path: path, timeout: 10).call("org.routingd.Directions.Reload")
            counts.withLock { $0 = reply }
        })
        let reply = try #require(counts.withLock { $0 }, "Reload() did not answer")
        #expect(reply["apps"] == 1)
        #expect(reply["invalid"] == 2)
        // Each entry says why, and Paris still serves.
        let client = try VarlinkClient(path: server.path)
        defer { client.close() }
        let apps = try client.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue ?? []
        let byID = Dictionary(uniqueKeysWithValues: apps.compactMap { app in app["id"]?.stringValue.map { ($0, app) } })
        #expect(byID["Paris"]?["state"] == "active")
        for id in ["fifo", "pipe"] {
            #expect(byID[id]?["state"] == "invalid")
            let lastError = byID[id]?["lastError"]?.stringValue ?? ""
            #expect(lastError.contains("not a regular file (a FIFO)"), "\(id): \(lastError)")
        }
    }
}
