// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import StrictJSON
import Testing
import Varlink
@testable import RoutingService

/// The daemon's own current location is kept in its state directory: the real routingd, socket
/// activated as systemd starts it (the same listening socket handed to each run), sets it, exits
/// idle or is stopped, and the next run has it back, with when and by what it was set.
@Suite struct DaemonLocationTests {
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """

    @Test func theLocationSurvivesTheIdleExitAndARestart() throws {
        let root = try JournalNativeTests.makeDirectory()
        defer { JournalNativeTests.remove(root) }
        let coverage = root + "/coverage"
        mkdir(coverage, 0o700)
        try JournalNativeTests.write(coverage + "/Paris.geojson", Self.paris)
        let state = root + "/state/routingd"  // created by routingd when it first stores the location
        let path = root + "/io.socket"
        let listener = try UnixListener.bind(path: path)
        defer { listener.close() }

        // 1. Set it, then let the daemon exit idle.
        let first = try ActivatedRoutingd(
            listening: listener.descriptor.rawValue, root: root,
            arguments: ["--coverage", coverage, "--state-directory", state, "--exit-idle", "0.5"])
        var before = timespec()
        clock_gettime(CLOCK_REALTIME, &before)
        do {
            let c = try VarlinkClient(path: path)
            defer { c.close() }
            let location = try c.call("org.routingd.Directions.GetCurrentLocation")
            #expect(location["location"] == .null, "a fresh state directory has none")
            _ = try c.call("org.routingd.Directions.SetCurrentLocation",
                ["latitude": 48.8606, "longitude": 2.3376, "accuracy": 25, "source": "command-line"])
        }
        let idleStatus = first.waitForExit(within: 20)
        #expect(idleStatus == 0, "exited idle with status 0")
        let stored = OpenCommandTests.read(state + "/" + DaemonLocation.fileName)
        #expect(stored.contains("\"latitude\":48.8606") && stored.contains("\"setAt\":\""), "\(stored)")
        var status = stat()
        #expect(stat(state + "/" + DaemonLocation.fileName, &status) == 0 && status.st_mode & 0o777 == 0o600)

        // 2. The next run (the next connection, as systemd would start it) has it back.
        let second = try ActivatedRoutingd(
            listening: listener.descriptor.rawValue, root: root,
            arguments: ["--coverage", coverage, "--state-directory", state])
        do {
            let c = try VarlinkClient(path: path)
            defer { c.close() }
            let reply = try c.call("org.routingd.Directions.GetCurrentLocation")
            let location = try #require(reply["location"])
            #expect(location["latitude"] == 48.8606 && location["longitude"] == 2.3376, "\(reply)")
            #expect(location["accuracy"] == 25 && location["source"] == "command-line" && location["origin"] == "daemon")
            let setAt = try #require(location["setAt"]?.stringValue.flatMap(UTCTimestamp.init), "\(reply)")
            #expect(setAt.secondsSinceEpoch >= Int64(before.tv_sec) - 1 && setAt.secondsSinceEpoch <= Int64(before.tv_sec) + 60)
            // And it decides: a walk in Paris from here.
            let resolved = try c.call("org.routingd.Directions.Resolve", ["url": "http://maps.apple.com/?daddr=48.8584,2.2945&dirflg=w"])
            #expect(resolved["apps"]?.arrayValue?.first?["eligible"] == true, "\(resolved)")
        }
        second.stop()

        // 3. A restart after SIGTERM has it too; clearing it removes the file, and the next run has none.
        let third = try ActivatedRoutingd(
            listening: listener.descriptor.rawValue, root: root,
            arguments: ["--coverage", coverage, "--state-directory", state])
        do {
            let c = try VarlinkClient(path: path)
            defer { c.close() }
            #expect(try c.call("org.routingd.Directions.GetCurrentLocation")["location"]?["latitude"] == 48.8606)
            _ = try c.call("org.routingd.Directions.ClearCurrentLocation")
        }
        third.stop()
        #expect(access(state + "/" + DaemonLocation.fileName, F_OK) != 0)
        let fourth = try ActivatedRoutingd(
            listening: listener.descriptor.rawValue, root: root,
            arguments: ["--coverage", coverage, "--state-directory", state])
        do {
            let c = try VarlinkClient(path: path)
            defer { c.close() }
            #expect(try c.call("org.routingd.Directions.GetCurrentLocation")["location"] == .null)
        }
        fourth.stop()
    }

    /// A corrupt file is reported in the log and ignored: the daemon starts and serves without it.
    @Test func aCorruptFileIsLoggedAndIgnored() throws {
        let root = try JournalNativeTests.makeDirectory()
        defer { JournalNativeTests.remove(root) }
        let coverage = root + "/coverage"
        mkdir(coverage, 0o700)
        try JournalNativeTests.write(coverage + "/Paris.geojson", Self.paris)
        let state = root + "/state"
        mkdir(state, 0o700)
        try JournalNativeTests.write(state + "/" + DaemonLocation.fileName, "{\"latitude\":48.86,\"longitude\":")
        let path = root + "/io.socket"
        let listener = try UnixListener.bind(path: path)
        defer { listener.close() }
        let daemon = try ActivatedRoutingd(
            listening: listener.descriptor.rawValue, root: root,
            arguments: ["--coverage", coverage, "--state-directory", state])
        do {
            let c = try VarlinkClient(path: path)
            defer { c.close() }
            #expect(try c.call("org.routingd.Directions.GetCurrentLocation")["location"] == .null)
            // Setting it replaces the corrupt file.
            _ = try c.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 48.86, "longitude": 2.33])
        }
        daemon.stop()
        let log = OpenCommandTests.read(daemon.stderrPath)
        #expect(log.contains("ignoring the stored current location: \(state)/\(DaemonLocation.fileName) is corrupt: "), "\(log)")
        #expect(log.contains("listening on"), "\(log)")
        #expect(OpenCommandTests.read(state + "/" + DaemonLocation.fileName).contains("\"latitude\":48.86,"))
    }

    @Test func theFileRoundTripsAndRefusesWhatItDoesNotKnow() throws {
        let location = try CurrentLocation.validated(latitude: 51.5, longitude: -0.12, accuracy: 800, source: "geoclue2", origin: .request)
        let stored = DaemonLocation(location: location, setAt: UTCTimestamp(secondsSinceEpoch: 1_796_410_071))
        #expect(stored.location.origin == .daemon)
        #expect(try DaemonLocation.decode(stored.fileBytes) == stored)
        #expect(String(decoding: stored.fileBytes, as: UTF8.self).contains("\"setAt\":\"2026-12-04T18:47:51Z\""))
        for (text, expected) in [
            ("[]", "not a JSON object"),
            (#"{"latitude":91,"longitude":0,"setAt":"2026-12-04T18:47:51Z"}"#, "latitude: "),
            (#"{"latitude":1,"longitude":0,"setAt":"yesterday"}"#, "setAt is missing or not an ISO 8601"),
            (#"{"latitude":1,"longitude":0,"setAt":"2026-12-04T18:47:51Z","x":1}"#, "unknown member \"x\""),
            (#"{"latitude":1,"longitude":0,"accuracy":-3,"setAt":"2026-12-04T18:47:51Z"}"#, "accuracy: "),
        ] {
            do {
                _ = try DaemonLocation.decode(Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(text): \(error)")
            }
        }
    }

    /// `routingctl location get` says when and by what the location was set.
    @Test func locationGetShowsWhenAndByWhat() throws {
        let root = try JournalNativeTests.makeDirectory()
        defer { JournalNativeTests.remove(root) }
        let registry = AppRegistry(files: [(path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8)))])
        let daemon = RoutingDaemon(registry: registry)
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let unknown = OpenCommandTests.routingctl(["--socket", server.path, "location", "get"], root: root)
        #expect(unknown.status == 0 && unknown.stdout == "unknown\n", "\(unknown.stdout)\(unknown.stderr)")
        let set = OpenCommandTests.routingctl(["--socket", server.path, "location", "set", "--accuracy", "25", "48.8606,2.3376"], root: root)
        #expect(set.status == 0, "\(set.stderr)")
        let stored = try #require(daemon.ownLocation)
        #expect(stored.location.source == "command-line" && stored.location.accuracy == 25)
        let get = OpenCommandTests.routingctl(["--socket", server.path, "location", "get"], root: root)
        #expect(get.stdout == "48.8606, 2.3376 ±25 m\nset \(stored.setAt) by command-line\n", "\(get.stdout)")
        let json = OpenCommandTests.routingctl(["--socket", server.path, "location", "get", "--json"], root: root)
        let reply = try JSONParser().parse(json.stdout).root.json
        #expect(reply["location"]?["setAt"] == .string(stored.setAt.description), "\(json.stdout)")
        let bad = OpenCommandTests.routingctl(["--socket", server.path, "location", "set", "--accuracy", "-3", "48.86,2.33"], root: root)
        #expect(bad.status == 2 && bad.stderr.contains("--accuracy '-3' is not a finite number of metres >= 0"), "\(bad.stderr)")
    }

    @Test func theStateDirectoryFollowsSystemdThenXDG() {
        #expect(DefaultPaths.stateDirectory(environment: ["STATE_DIRECTORY": "/var/lib/routingd:/var/lib/other", "HOME": "/home/a"]) == "/var/lib/routingd")
        #expect(DefaultPaths.stateDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/routingd")
        #expect(DefaultPaths.stateDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/state/routingd")
        #expect(DefaultPaths.stateDirectory(environment: [:]) == nil)
    }
}

/// The built routingd in a child process with `fd` as its socket-activated descriptor (fd 3,
/// `LISTEN_FDS=1`, `LISTEN_FDNAMES=varlink`, `LISTEN_PID` its own pid, set by the `sh` that execs
/// it), standard error a file.
final class ActivatedRoutingd {
    let stderrPath: String
    private let pid: pid_t
    private var exited = false

    init(listening fd: Int32, root: String, arguments: [String]) throws {
        stderrPath = root + "/stderr-\(UInt32.random(in: 0...UInt32.max))"
        var environment: [String] = []
        var pointer = environ
        let dropped = ["JOURNAL_STREAM=", "ROUTINGD_JOURNAL_SOCKET=", "NOTIFY_SOCKET=", "LISTEN_", "WATCHDOG_", "STATE_DIRECTORY=", "XDG_STATE_HOME=", "XDG_DATA_HOME="]
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !dropped.contains(where: { text.hasPrefix($0) }) { environment.append(text) }
            pointer += 1
        }
        environment += ["LISTEN_FDS=1", "LISTEN_FDNAMES=varlink", "XDG_DATA_HOME=\(root)/xdg", "XDG_STATE_HOME=\(root)/xdg-state"]
        let argv = ["/bin/sh", "-c", "LISTEN_PID=$$; export LISTEN_PID; exec \"$0\" \"$@\"", Daemon.routingdPath] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // dup2 clears FD_CLOEXEC on the copy.
        posix_spawn_file_actions_adddup2(&actions, fd, 3)
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0, "cannot start \(argv[3])")
        self.pid = pid
    }

    /// Waits for the process to exit by itself; its exit status, or nil when it did not exit in time.
    func waitForExit(within seconds: Double) -> Int32? {
        var status: Int32 = 0
        for _ in 0..<Int(seconds * 100) {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
            }
            usleep(10_000)
        }
        return nil
    }

    /// SIGTERM, then waits (SIGKILL after 10 s).
    func stop() {
        guard !exited else { return }
        kill(pid, SIGTERM)
        if waitForExit(within: 10) == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exited = true
        }
    }

    deinit { stop() }
}
