// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import Testing
@testable import RoutingService

/// The service-facing texts: why a socket could not be bound, the STATUS= line, seconds.
@Suite struct ServiceLifecycleTests {
    @Test func refusedSocketPathsSayWhatToDo() {
        #expect(ServiceLifecycle.explanation(for: SystemError(operation: "bind", path: "/x", errno: ELOOP))
            .contains("symbolic link, which routingd never follows or replaces"))
        #expect(ServiceLifecycle.explanation(for: SystemError(operation: "bind", path: "/x", errno: EEXIST))
            .contains("not a socket"))
        #expect(ServiceLifecycle.explanation(for: SystemError(operation: "bind", path: "/x", errno: EADDRINUSE))
            .contains("another process listens there"))
        #expect(ServiceLifecycle.explanation(for: SystemError(operation: "mkdir", path: "/x", errno: EACCES)) == "")
    }

    @Test func aSymbolicLinkAtTheSocketPathIsRefusedAndLeftAlone() throws {
        let path = makeSocketPath()
        let directory = String(path.dropLast("/varlink.sock".count))
        try #require(mkdir(directory, 0o700) == 0)
        defer { unlink(path); rmdir(directory) }
        try #require(symlink("/tmp/elsewhere", path) == 0)
        let socket = ServiceLifecycle.openSocket(path: path, mode: 0o600, log: Log(program: "test"))
        #expect(socket == nil)
        var status = stat()
        #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, "the link is still there")
    }

    @Test func aSocketDirectoryWritableByOthersIsWarnedAbout() throws {
        let path = makeSocketPath()
        let directory = String(path.dropLast("/varlink.sock".count))
        try #require(mkdir(directory, 0o700) == 0)
        defer { unlink(path); rmdir(directory) }
        #expect(ServiceLifecycle.socketDirectoryWarning(socketPath: path) == nil)
        try #require(chmod(directory, 0o777) == 0)
        let warning = try #require(ServiceLifecycle.socketDirectoryWarning(socketPath: path))
        #expect(warning.contains("the socket directory \(directory) has mode 0777, writable by every user"), "\(warning)")
        #expect(warning.contains("run chmod 700 \(directory)") && warning.contains("chmod 755 \(directory)"), "\(warning)")
        try #require(chmod(directory, 0o775) == 0)
        #expect(ServiceLifecycle.socketDirectoryWarning(socketPath: path)?.contains("mode 0775, writable by its group") == true)
        try #require(chmod(directory, 0o755) == 0)
        #expect(ServiceLifecycle.socketDirectoryWarning(socketPath: path) == nil)
        // Sticky, as /tmp: only a file's owner may remove or rename it there, so no warning (and no
        // advice to chmod /tmp).
        try #require(chmod(directory, 0o1777) == 0)
        #expect(ServiceLifecycle.socketDirectoryWarning(socketPath: path) == nil)

        // Binding in an existing 0777 directory logs the warning (one line), and routingd still listens.
        try #require(chmod(directory, 0o777) == 0)
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let socket = ServiceLifecycle.openSocket(path: path, mode: 0o600, log: Log(program: "routingd", fileDescriptor: fds[1]))
        #expect(socket != nil)
        socket?.listener?.close()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fds[0], &buffer, buffer.count)
        let logged = n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : ""
        #expect(logged == "routingd: " + warning + "\n", "\(logged)")
        // The directory is left as it was.
        var status = stat()
        #expect(stat(directory, &status) == 0 && status.st_mode & 0o777 == 0o777)
    }

    @Test func statusNamesTheAppCountAndTheInvalidFiles() {
        let registry = AppRegistry(files: [
            (path: "/c/Paris.geojson", contents: .success(Array(#"{"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}"#.utf8))),
            (path: "/c/Broken.geojson", contents: .success(Array(#"{"type":"Feature"}"#.utf8))),
        ])
        let status = ServiceLifecycle.status(registry)
        #expect(status == "1 app in service, 1 invalid; invalid: Broken", "\(status)")
        #expect(!status.contains("\n"))
    }

    @Test func secondsDropANeedlessFraction() {
        #expect(ServiceLifecycle.format(600) == "600")
        #expect(ServiceLifecycle.format(0.5) == "0.5")
    }
}
