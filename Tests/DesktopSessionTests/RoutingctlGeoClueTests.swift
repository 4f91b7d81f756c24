// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Glibc
import Testing

/// `routingctl open` and `resolve` ask GeoClue2 (the python-dbusmock one on a private system bus)
/// when a route starts at the current location and no --current-location is given.
@Suite(.serialized, .enabled(if: PrivateBus.available, "needs dbus-daemon and python3-dbusmock"))
struct RoutingctlGeoClueTests {
    /// Walking from here to the Louvre.
    static let fromHere = "https://www.google.com/maps/dir/?api=1&destination=48.8606,2.3376&travelmode=walking"
    static let paris =
        "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}\n"
    static let parisWalk = """
        [Routing App]
        Id=org.example.ParisWalk
        Name=Paris Walk
        Modes=Pedestrian;
        Coverage=paris.geojson
        Exec=/bin/echo walk --from=%s --to=%d

        """

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// The routingctl built next to this test bundle.
    static var routingctlPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var parts = exe.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/routingctl"
    }

    /// Runs routingctl with the system bus at `bus`, apps in `bus.directory/apps`, no daemon socket;
    /// killed after 30 s.
    static func routingctl(_ arguments: [String], _ bus: PrivateBus) -> Run {
        let dir = bus.directory
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !["DBUS_SYSTEM_BUS_ADDRESS=", "XDG_DATA_HOME=", "XDG_RUNTIME_DIR="].contains(where: text.hasPrefix) {
                environment.append(text)
            }
            index += 1
        }
        environment += ["DBUS_SYSTEM_BUS_ADDRESS=\(bus.address)", "XDG_DATA_HOME=\(dir)/xdg", "XDG_RUNTIME_DIR=\(dir)/run"]
        let argv = [routingctlPath, "--socket", dir + "/no.socket"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, dir + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, dir + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        let start = DBusDeadlineClock.now()
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else {
            return Run(status: -1, stdout: "", stderr: "cannot start routingctl", seconds: 0)
        }
        var status: Int32 = 0
        var exited = false
        for _ in 0..<3000 {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                break
            }
            usleep(10_000)
        }
        if !exited {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        let seconds = DBusDeadlineClock.now() - start
        return Run(
            status: exited ? (status >> 8) & 0xFF : -1, stdout: bus.log("out"), stderr: bus.log("err"), seconds: seconds)
    }

    static func setUp(_ bus: PrivateBus) throws {
        for directory in ["apps", "coverage", "xdg", "run"] { try #require(mkdir(bus.directory + "/" + directory, 0o700) == 0) }
        try write(parisWalk, to: bus.directory + "/apps/paris-walk.routingapp")
        try write(paris, to: bus.directory + "/apps/paris.geojson")
    }

    static func write(_ text: String, to path: String) throws {
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
    }

    func open(_ bus: PrivateBus, _ extra: [String] = []) -> Run {
        let dir = bus.directory
        return Self.routingctl(
            ["open", "--offline", "--dry-run", "--apps", dir + "/apps", "--coverage", dir + "/coverage"] + extra
                + [Self.fromHere], bus)
    }

    @Test func movingTheLocationFromLondonToParisChangesWhatOpens() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try Self.setUp(bus)
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2")

        // London (the template's default): Paris Walk cannot take a walk from there.
        let london = open(bus)
        #expect(london.status == 3, "\(london.stderr)")
        #expect(london.stderr.contains("51.5074, -0.1278"), "\(london.stderr)")

        let control = try DBusConnection(.address(bus.address))
        _ = try control.call(
            "org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Mock", "SetLocation",
            [.double(48.8584), .double(2.2945), .double(100)], deadline: .after(seconds: 5))
        let paris = open(bus)
        #expect(paris.status == 0, "\(paris.stderr)")
        #expect(paris.stdout == "/bin/echo walk --from=48.8584,2.2945 --to=48.8606,2.3376\n", "\(paris.stderr)")

        // resolve says where the location came from, with its accuracy.
        let dir = bus.directory
        let resolved = Self.routingctl(
            ["resolve", "--offline", "--json", "--apps", dir + "/apps", "--coverage", dir + "/coverage", Self.fromHere], bus)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains(#""source":"geoclue2""#), "\(resolved.stdout)")
        #expect(resolved.stdout.contains(#""accuracy":100,"#), "\(resolved.stdout)")

        // --current-location wins, and GeoClue2 is not asked.
        let given = open(bus, ["--current-location", "51.5,-0.12"])
        #expect(given.status == 3, "\(given.stderr)")
    }

    @Test func withoutGeoClueTheReasonSaysSoWithinTheTimeout() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try Self.setUp(bus)
        let run = open(bus)
        #expect(run.status == 3)
        // "not running" or "not installed", as this machine has a GeoClue2 service file or not.
        #expect(run.stderr.contains("current location unavailable: GeoClue2 is not "), "\(run.stderr)")
        #expect(run.seconds < 3, "took \(run.seconds) s")
    }

    @Test func aSilentGeoClueTimesOutAfterLocationTimeout() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try Self.setUp(bus)
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2", parameters: #"{"mode": "silent"}"#)
        let run = open(bus, ["--location-timeout", "1"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("current location unavailable: GeoClue2 gave no location within 1 s"), "\(run.stderr)")
        #expect(run.seconds >= 0.9 && run.seconds < 4, "took \(run.seconds) s")
    }

    @Test func aBadLocationTimeoutIsAUsageError() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try Self.setUp(bus)
        for bad in ["0", "abc", "1e3", "61", "-1", "nan", ""] {
            let run = open(bus, ["--location-timeout", bad])
            #expect(run.status == 2, "\(bad): \(run.stderr)")
            #expect(run.stderr.contains("--location-timeout: '\(bad)' is not a number of seconds"), "\(run.stderr)")
        }
    }
}

/// CLOCK_MONOTONIC seconds.
enum DBusDeadlineClock {
    static func now() -> Double { Double(DBusDeadline.now()) / 1_000_000 }
}
