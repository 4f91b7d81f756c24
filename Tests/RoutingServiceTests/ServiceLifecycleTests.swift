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
