// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Testing

@Suite struct UnixListenerTests {
    private func directory(of path: String) -> String {
        String(path[..<path.lastIndex(of: "/")!])
    }

    @Test func createsParentDirectoryAndSocketWithModes() throws {
        let path = makeSocketPath("sub/dir/varlink.sock")
        let listener = try UnixListener.bind(path: path)
        defer { withExtendedLifetime(listener) {} }
        #expect(listener.path == path)
        #expect(fileMode(directory(of: path)) == 0o700)
        #expect(fileMode(path) == 0o600)
        var status = stat()
        #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK)

        let other = makeSocketPath()
        let second = try UnixListener.bind(path: other, mode: 0o660)
        withExtendedLifetime(second) { #expect(fileMode(other) == 0o660) }
    }

    @Test func staleSocketIsReplaced() throws {
        let path = makeSocketPath()
        // Leave a socket file nobody listens on: bind, then close without unlinking.
        let stale = try RawListener(path: path)
        stale.closeWithoutUnlinking()
        #expect(fileExists(path))
        let running = try RunningServer(path: path)
        defer { running.stop() }
        #expect(try VarlinkClient(path: path).call("org.example.echo.Echo", ["text": "fresh"])["text"] == "fresh")
    }

    @Test func liveSocketIsNotReplaced() throws {
        let running = try RunningServer()
        defer { running.stop() }
        #expect(throws: SystemError(operation: "bind", path: running.path, errno: EADDRINUSE)) {
            try UnixListener.bind(path: running.path)
        }
        // The running server is untouched.
        #expect(try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])["text"] == "x")
    }

    @Test func symlinkIsRefusedAndNotFollowed() throws {
        let path = makeSocketPath()
        let target = makeSocketPath("target")
        mkdir(directory(of: path), 0o700)
        mkdir(directory(of: target), 0o700)
        let stale = try RawListener(path: target)
        stale.closeWithoutUnlinking()  // a stale socket the link points to
        #expect(symlink(target, path) == 0)
        #expect(throws: SystemError(operation: "bind", path: path, errno: ELOOP)) {
            try UnixListener.bind(path: path)
        }
        #expect(fileExists(target), "the link target must not be removed")
        var status = stat()
        #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test func regularFileIsNotRemoved() throws {
        let path = makeSocketPath()
        mkdir(directory(of: path), 0o700)
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        close(fd)
        #expect(throws: SystemError(operation: "bind", path: path, errno: EEXIST)) {
            try UnixListener.bind(path: path)
        }
        #expect(fileExists(path))
    }

    @Test func overlongPathIsRejected() {
        let path = "/tmp/" + String(repeating: "a", count: 110)
        #expect(throws: SystemError(operation: "bind", path: path, errno: ENAMETOOLONG)) {
            try UnixListener.bind(path: path)
        }
    }

    @Test func errorDescriptionNamesOperationPathAndReason() {
        #expect(SystemError(operation: "bind", path: "/run/x", errno: EACCES).description == "bind /run/x: Permission denied")
        #expect(SystemError(operation: "epoll_wait", errno: EINVAL).description == "epoll_wait: Invalid argument")
    }
}

/// A bare bound socket, to leave stale socket files behind.
final class RawListener {
    let fd: Int32
    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        mkdir(String(path[..<path.lastIndex(of: "/")!]), 0o700)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0, listen(fd, 4) == 0 else { throw SystemError(operation: "bind", path: path, errno: errno) }
    }
    func closeWithoutUnlinking() { close(fd) }
}
