// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Synchronization
import Testing
import Varlink

/// A temporary apps directory and coverage directory, written by the test.
final class AppsFixture: Sendable {
    let root: String
    var apps: String { root + "/apps" }
    var coverage: String { root + "/coverage" }

    static let london = """
        {"type":"MultiPolygon","coordinates":[[[[-0.989542,52.257770],[-0.943830,51.001232],
        [0.303471,51.050521],[0.362244,51.848169],[-0.989542,52.257770]]]]}
        """
    /// Central London: a small box around Westminster, inside London (overlapping coverage).
    static let central = """
        {"type":"MultiPolygon","coordinates":[[[[-0.2,51.45],[-0.05,51.45],[-0.05,51.55],[-0.2,51.55],[-0.2,51.45]]]]}
        """
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """
    /// Valid JSON, invalid coverage: a ring that is not closed, at line 2.
    static let unclosed = """
        {"type":"MultiPolygon","coordinates":
        [[[[-0.2,51.45],[-0.05,51.45],[-0.05,51.55],[-0.2,51.55]]]]}
        """

    static let londonBus = """
        # Buses and the Tube in central London.
        [Routing App]
        Id=org.example.LondonBus
        Name=London Bus
        Modes=Bus;Subway;Pedestrian;
        Coverage=Central.geojson
        Exec=londonbus --from %s --to %d
        """
    static let bikes = """
        [Routing App]
        Name=London Bikes
        Modes=Bike;
        Coverage=../coverage/London.geojson
        LinkFormat=google
        Priority=5
        """
    static let broken = """
        [Routing App]
        Name=Broken
        Modes=Bus;
        Coverage=Broken.geojson
        Exec=broken %u
        """

    /// Creates `apps/` with three manifests (LondonBus over Central, bikes over London: a mode
    /// mismatch for walking, broken over an invalid coverage file) and `coverage/` with London and
    /// Paris as bare files.
    init() throws {
        var template = Array("/tmp/routingd-apps-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil, "mkdtemp failed")
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try #require(mkdir(root + "/apps", 0o755) == 0 && mkdir(root + "/coverage", 0o755) == 0)
        try write("apps/LondonBus.routingapp", Self.londonBus)
        try write("apps/Central.geojson", Self.central)
        try write("apps/bikes.routingapp", Self.bikes)
        try write("apps/broken.routingapp", Self.broken)
        try write("apps/Broken.geojson", Self.unclosed)
        try write("coverage/London.geojson", Self.london)
        try write("coverage/Paris.geojson", Self.paris)
    }

    deinit { _ = ChildRemover.remove(root) }

    var directories: AppDirectories { AppDirectories(appDirectories: [apps], coverageDirectory: coverage) }

    /// Writes `text` to `relative` in place (open, write, close: one `IN_CLOSE_WRITE`).
    func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0, "cannot write \(path)")
        defer { close(fd) }
        let bytes = Array(text.utf8)
        try #require(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
    }
}

/// `rm -r` without a shell.
enum ChildRemover {
    static func remove(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return true }
        if status.st_mode & S_IFMT == S_IFDIR, let handle = opendir(path) {
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(handle)
            for name in names { _ = remove(path + "/" + name) }
            return rmdir(path) == 0
        }
        return unlink(path) == 0
    }
}

/// A daemon reading a fixture's directories, with its reload thread and a server, through the socket.
final class RunningDaemon: Sendable {
    let fixture: AppsFixture
    let daemon: RoutingDaemon
    let reloader: ReloadThread
    let server: RunningServer

    convenience init() throws { try self.init(AppsFixture()) }

    init(_ fixture: AppsFixture, currentLocation: Coordinate? = Westminster.abbey) throws {
        self.fixture = fixture
        // As DaemonMain does: watches first, then the first reading, then the thread.
        let reloader = try ReloadThread(watching: fixture.directories, log: nil)
        daemon = try RoutingDaemon(directories: fixture.directories, currentLocation: currentLocation)
        try reloader.start(daemon)
        self.reloader = reloader
        server = try RunningServer(service: daemon.varlinkService()) { reloader.reloadOnHangUp($0) }
    }

    func stop() {
        server.stop()
        reloader.stop()
    }

    func client() throws -> VarlinkClient { try VarlinkClient(path: server.path) }

    /// `ListApps` as id → app.
    func apps(_ c: VarlinkClient) throws -> [String: JSON] {
        var out: [String: JSON] = [:]
        for app in try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue ?? [] {
            out[app["id"]?.stringValue ?? ""] = app
        }
        return out
    }

    /// Polls `ListApps` until `condition` holds, for at most `seconds`.
    func waitForApps(
        _ c: VarlinkClient, within seconds: Double = 30, _ condition: ([String: JSON]) -> Bool
    ) throws -> [String: JSON] {
        let deadline = DispatchTime.now() + seconds
        var apps = try self.apps(c)
        while !condition(apps) && DispatchTime.now() < deadline {
            usleep(20_000)
            apps = try self.apps(c)
        }
        return apps
    }
}

enum Westminster {
    static let abbey = Coordinate(latitude: 51.500543, longitude: -0.135702)
    /// The recipe: walking from the current location to Big Ben.
    static let walkToBigBen = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"
    static let cycleToBigBen = "https://maps.google.com/?daddr=51.500652,-0.124833&dirflg=b"
}

@Suite(.serialized) struct AppsReloadTests {
    /// `(id, eligible, rules)` per verdict, in reply order.
    static func verdicts(_ reply: JSONObject) -> [(id: String, eligible: JSON, rules: [String])] {
        (reply["apps"]?.arrayValue ?? []).map { app in
            (app["id"]?.stringValue ?? "", app["eligible"] ?? .null,
             (app["reasons"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue })
        }
    }

    @Test func standardDirectoriesFollowXDGDataHome() {
        let withXDG = AppDirectories.standard(extra: ["/srv/a", "b"], coverageDirectory: "C") {
            ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/u"][$0]
        }
        #expect(withXDG.appDirectories == [
            "/usr/share/routingd/apps", "/etc/routingd/apps", "/x/data/routingd/apps", "/srv/a", "b",
        ])
        #expect(withXDG.coverageDirectory == "C")
        // Unset, empty or relative XDG_DATA_HOME: ~/.local/share (XDG Base Directory Specification).
        for xdg in [nil, "", "relative/data"] as [String?] {
            let dirs = AppDirectories.standard { ["XDG_DATA_HOME": xdg, "HOME": "/home/u"][$0] ?? nil }
            #expect(dirs.appDirectories == [
                "/usr/share/routingd/apps", "/etc/routingd/apps", "/home/u/.local/share/routingd/apps",
            ])
        }
        #expect(AppDirectories.standard { _ in nil }.appDirectories == ["/usr/share/routingd/apps", "/etc/routingd/apps"])
    }

    @Test func readingFindsManifestsBareFilesAndWatchesTheirDirectories() throws {
        let fixture = try AppsFixture()
        let missing = fixture.root + "/not-yet"
        let reading = try AppDirectories(appDirectories: [missing, fixture.apps], coverageDirectory: fixture.coverage).read()
        #expect(Set(reading.sources.map(\.id)) == ["org.example.LondonBus", "bikes", "broken", "Paris"])
        // London.geojson is named by bikes.routingapp, so it is no bare app of its own.
        #expect(!reading.sources.contains { $0.manifest == nil && $0.coverage?.path.hasSuffix("London.geojson") == true })
        #expect(reading.sources.contains { $0.manifest == nil && $0.coverage?.path == fixture.coverage + "/Paris.geojson" })
        #expect(reading.watchedDirectories.contains(missing))
        #expect(reading.watchedDirectories.contains(fixture.apps))
        #expect(reading.watchedDirectories.contains(fixture.coverage))
        #expect(reading.notes.isEmpty, "a missing directory is no problem: \(reading.notes)")
    }

    @Test func listAppsAndResolveOverSeveralManifests() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        let apps = try running.apps(c)
        #expect(Set(apps.keys) == ["org.example.LondonBus", "bikes", "broken", "Paris"])

        let bus = try #require(apps["org.example.LondonBus"])
        #expect(bus["name"] == "London Bus")
        #expect(bus["state"] == "active")
        #expect(bus["lastError"] == .null)
        #expect(bus["modes"] == ["Pedestrian", "Bus", "Subway"])
        #expect(bus["priority"] == 0)
        #expect(bus["manifest"]?.stringValue == running.fixture.apps + "/LondonBus.routingapp")
        #expect(bus["coverage"]?.stringValue == running.fixture.apps + "/Central.geojson")
        #expect(bus["exec"] == ["londonbus", "--from", "%s", "--to", "%d"])
        #expect(bus["boundingBox"] == ["west": -0.2, "south": 51.45, "east": -0.05, "north": 51.55])
        let area = try #require(bus["area"]?.doubleValue)
        #expect(area > 1.0e8 && area < 2.0e8, "about 10.4 km × 11.1 km: \(area) m²")

        let bikes = try #require(apps["bikes"])
        #expect(bikes["modes"] == ["Bike"])
        #expect(bikes["priority"] == 5)
        #expect(bikes["linkFormat"] == "google")
        #expect(bikes["exec"] == .null)

        let broken = try #require(apps["broken"])
        #expect(broken["state"] == "invalid")
        #expect(broken["modes"] == [])
        #expect(broken["area"] == .null)
        let error = try #require(broken["lastError"]?.stringValue)
        #expect(error.hasPrefix(running.fixture.apps + "/Broken.geojson:2:"), "file:line:column: \(error)")
        #expect(error.contains("ring-not-closed"))

        #expect(apps["Paris"]?["manifest"] == .null)
        #expect(apps["Paris"]?["state"] == "active")

        // Walking: the bus app (smaller coverage) is eligible; bikes fail on the mode; Paris on both
        // ends; broken serves nothing.
        let walk = Self.verdicts(try c.call("org.routingd.Directions.Resolve", ["url": .string(Westminster.walkToBigBen), "explain": true]))
        #expect(walk.map(\.id) == ["org.example.LondonBus", "bikes", "Paris"])
        #expect(walk.map(\.eligible) == [true, false, false])
        #expect(walk[1].rules == ["mode-not-supported"])
        #expect(walk[2].rules == ["outside-coverage", "outside-coverage"])

        // Cycling: bikes (priority 5) eligible, the bus app now fails on the mode.
        let cycle = Self.verdicts(try c.call("org.routingd.Directions.Resolve", ["url": .string(Westminster.cycleToBigBen), "explain": true]))
        #expect(cycle.map(\.id) == ["bikes", "org.example.LondonBus", "Paris"])
        #expect(cycle.map(\.eligible) == [true, false, false])
        #expect(cycle[1].rules == ["mode-not-supported"])
    }

    @Test func containsAnswersForOneAppAndNamesBadInput() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        func contains(_ id: String, _ lat: Double, _ lon: Double) throws -> JSON? {
            try c.call("org.routingd.Coverage.Contains", ["appId": .string(id), "latitude": .number(lat), "longitude": .number(lon)])["contains"]
        }
        #expect(try contains("org.example.LondonBus", 51.500652, -0.124833) == true)
        #expect(try contains("org.example.LondonBus", 51.6, -0.124833) == false)
        #expect(try contains("org.example.LondonBus", 51.45, -0.1) == true, "the boundary counts as inside")
        #expect(try contains("Paris", 48.8584, 2.2945) == true)
        for (id, lat, lon, name, parameter) in [
            ("nobody", 0.0, 0.0, "org.routingd.Coverage.NoSuchApp", nil as String?),
            ("broken", 51.5, -0.1, "org.routingd.Coverage.NoSuchApp", nil),
            ("Paris", 91.0, 2.0, "org.routingd.Coverage.InvalidLocation", "latitude"),
            ("Paris", 48.0, -180.5, "org.routingd.Coverage.InvalidLocation", "longitude"),
        ] {
            do {
                _ = try contains(id, lat, lon)
                Issue.record("Contains(\(id), \(lat), \(lon)) succeeded")
            } catch let error as VarlinkError {
                #expect(error.name == name)
                if let parameter { #expect(error.parameters["parameter"]?.stringValue == parameter) }
                if name.hasSuffix("NoSuchApp") { #expect(error.parameters["appId"]?.stringValue == id) }
            }
        }
        do {
            _ = try c.call("org.routingd.Coverage.Contains", ["appId": "Paris", "latitude": "north", "longitude": 2])
            Issue.record("a string latitude was accepted")
        } catch let error as VarlinkError {
            #expect(error.name == "org.varlink.service.InvalidParameter")
        }
    }

    @Test func aManifestEditedWhileRunningIsPickedUpByInotify() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        #expect(try running.apps(c)["org.example.LondonBus"]?["modes"] == ["Pedestrian", "Bus", "Subway"])
        try running.fixture.write(
            "apps/LondonBus.routingapp", AppsFixture.londonBus.replacing("Modes=Bus;Subway;Pedestrian;", with: "Modes=Bus;"))
        let apps = try running.waitForApps(c) { $0["org.example.LondonBus"]?["modes"] == ["Bus"] }
        #expect(apps["org.example.LondonBus"]?["modes"] == ["Bus"], "inotify did not reload within 30 s")
        let walk = Self.verdicts(try c.call("org.routingd.Directions.Resolve", ["url": .string(Westminster.walkToBigBen), "explain": true]))
        #expect(walk.first { $0.id == "org.example.LondonBus" }?.rules == ["mode-not-supported"])

        // A new manifest in the directory appears; a deleted one disappears.
        try running.fixture.write("apps/paris-metro.routingapp", """
            [Routing App]
            Name=Paris Metro
            Modes=Subway;
            Coverage=../coverage/Paris.geojson
            Exec=metro %u
            """)
        #expect(unlink(running.fixture.apps + "/bikes.routingapp") == 0)
        let after = try running.waitForApps(c) { $0["paris-metro"] != nil && $0["bikes"] == nil }
        #expect(after["paris-metro"]?["state"] == "active")
        #expect(after["bikes"] == nil)
        // Paris.geojson is now named by a manifest, so it is no bare app any more.
        #expect(after["Paris"] == nil)
    }

    /// The CI failure of 2026-11-30: the thread used to add its watches only once it ran, so an edit
    /// made right after the daemon answered its first request could go unseen for good.
    @Test func theWatchesAreInPlaceWhenTheThreadIsStarted() throws {
        let fixture = try AppsFixture()
        let daemon = try RoutingDaemon(directories: fixture.directories)
        let reloader = try ReloadThread(daemon: daemon)
        defer { reloader.stop() }
        #expect(reloader.watchedDirectories == [fixture.apps, fixture.coverage])
        let idle = try ReloadThread(watching: nil, log: nil)
        #expect(idle.watchedDirectories.isEmpty, "a daemon over a fixed registry watches nothing")
    }

    /// Built as DaemonMain builds it (watches, then the first reading, then the thread), a daemon
    /// sees a file changed after its first reading and before its thread ran.
    @Test func aChangeDuringTheFirstReadingIsNotLost() throws {
        let fixture = try AppsFixture()
        let reloader = try ReloadThread(watching: fixture.directories, log: nil)
        let daemon = try RoutingDaemon(directories: fixture.directories, currentLocation: Westminster.abbey)
        #expect(daemon.registry.apps.first { $0.id == "org.example.LondonBus" }?.modes.count == 3)
        try fixture.write(
            "apps/LondonBus.routingapp", AppsFixture.londonBus.replacing("Modes=Bus;Subway;Pedestrian;", with: "Modes=Bus;"))
        try reloader.start(daemon)
        defer { reloader.stop() }
        let deadline = DispatchTime.now() + 30
        while reloader.reloads == 0 && DispatchTime.now() < deadline { usleep(10_000) }
        #expect(reloader.reloads == 1, "the queued event made one reload")
        #expect(daemon.registry.apps.first { $0.id == "org.example.LondonBus" }?.modes == [.bus])
    }

    @Test func aDirectoryThatDoesNotExistYetIsWatchedFromItsParent() throws {
        let fixture = try AppsFixture()
        let later = fixture.root + "/later/apps"
        let daemon = try RoutingDaemon(
            directories: AppDirectories(appDirectories: [fixture.apps, later], coverageDirectory: fixture.coverage))
        let reloader = try ReloadThread(daemon: daemon)
        #expect(reloader.watchedDirectories == [fixture.root, fixture.apps, fixture.coverage], "the nearest ancestor stands in for later/apps")
        let server = try RunningServer(service: daemon.varlinkService())
        defer {
            server.stop()
            reloader.stop()
        }
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        #expect(mkdir(fixture.root + "/later", 0o755) == 0)
        #expect(mkdir(later, 0o755) == 0)
        // Wait until the reload thread watches the new directory itself, then add a manifest.
        let deadline = DispatchTime.now() + 30
        while !reloader.watchedDirectories.contains(later) && DispatchTime.now() < deadline { usleep(10_000) }
        #expect(reloader.watchedDirectories.contains(later), "\(reloader.watchedDirectories)")
        try fixture.write("later/apps/rome.routingapp", """
            [Routing App]
            Name=Rome
            Modes=Bus;
            Coverage=Rome.geojson
            LinkFormat=google
            """)
        try fixture.write("later/apps/Rome.geojson", """
            {"type":"MultiPolygon","coordinates":[[[[12.3,41.8],[12.6,41.8],[12.6,42.0],[12.3,42.0],[12.3,41.8]]]]}
            """)
        var state: JSON? = nil
        while DispatchTime.now() < deadline + 10 {
            let apps = try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue ?? []
            state = apps.first { $0["id"] == "rome" }?["state"]
            if state == "active" { break }
            usleep(20_000)
        }
        #expect(state == "active", "a manifest in a directory created after the start was not loaded")
    }

    @Test func aBurstOfChangesIsOneReload() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        usleep(300_000)  // let any reload from setting up finish
        let before = running.reloader.reloads
        for i in 0..<40 {
            try running.fixture.write("apps/burst\(i).routingapp", AppsFixture.bikes.replacing("Name=London Bikes", with: "Name=Burst \(i)"))
        }
        let apps = try running.waitForApps(c) { $0["burst39"] != nil }
        #expect((0..<40).allSatisfy { apps["burst\($0)"]?["state"] == "active" })
        usleep(UInt32(ReloadThread.quietMilliseconds) * 3000)
        let reloads = running.reloader.reloads - before
        #expect(reloads >= 1 && reloads <= 3, "40 files written at once made \(reloads) reloads")
    }

    @Test func anInvalidRewriteKeepsTheLastGoodVersionAndShowsWhy() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        try running.fixture.write("apps/Central.geojson", AppsFixture.unclosed)
        let stale = try running.waitForApps(c) { $0["org.example.LondonBus"]?["state"] == "stale" }
        let bus = try #require(stale["org.example.LondonBus"])
        #expect(bus["state"] == "stale")
        let error = bus["lastError"]?.stringValue ?? ""
        #expect(error.hasPrefix(running.fixture.apps + "/Central.geojson:2:"), "\(error)")
        #expect(bus["area"] != .null, "the last good version is described")
        // Still in service.
        let walk = Self.verdicts(try c.call("org.routingd.Directions.Resolve", ["url": .string(Westminster.walkToBigBen), "explain": true]))
        #expect(walk.first { $0.id == "org.example.LondonBus" }?.eligible == true)
        #expect(try c.call("org.routingd.Coverage.Contains", ["appId": "org.example.LondonBus", "latitude": 51.5, "longitude": -0.1])["contains"] == true)
        // Reload() counts it as serving and as having an error.
        let counts = try c.call("org.routingd.Directions.Reload")
        #expect(counts["apps"] == 3, "LondonBus (stale), bikes, Paris; broken is not serving: \(counts)")
        #expect(counts["invalid"] == 2, "LondonBus (stale) and broken: \(counts)")

        // A broken manifest also keeps the last good version.
        try running.fixture.write("apps/bikes.routingapp", AppsFixture.bikes.replacing("Modes=Bike;", with: "Modes=Bicycle;"))
        let both = try running.waitForApps(c) { $0["bikes"]?["state"] == "stale" }
        let bikeError = both["bikes"]?["lastError"]?.stringValue ?? ""
        #expect(bikeError.hasPrefix(running.fixture.apps + "/bikes.routingapp:3:"), "\(bikeError)")
        #expect(both["bikes"]?["modes"] == ["Bike"])

        // Repaired: active again, no error.
        try running.fixture.write("apps/Central.geojson", AppsFixture.central)
        try running.fixture.write("apps/bikes.routingapp", AppsFixture.bikes)
        let fixed = try running.waitForApps(c) {
            $0["org.example.LondonBus"]?["state"] == "active" && $0["bikes"]?["state"] == "active"
        }
        #expect(fixed["org.example.LondonBus"]?["lastError"] == .null)
        #expect(fixed["bikes"]?["state"] == "active")
    }

    @Test func sigHupAndReloadBothReload() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        // SIGHUP to the loop thread (as the daemon's main thread gets it): the reload thread reloads.
        let before = running.reloader.reloads
        running.server.send(signal: SIGHUP)
        let deadline = DispatchTime.now() + 30
        while running.reloader.reloads == before && DispatchTime.now() < deadline { usleep(10_000) }
        #expect(running.reloader.reloads > before, "SIGHUP did not reload")

        try running.fixture.write("coverage/Rome.geojson", """
            {"type":"MultiPolygon","coordinates":[[[[12.3,41.8],[12.6,41.8],[12.6,42.0],[12.3,42.0],[12.3,41.8]]]]}
            """)
        // Reload() replies after the new registry is in service.
        let counts = try c.call("org.routingd.Directions.Reload")
        #expect(counts["apps"] == 4)
        #expect(try running.apps(c)["Rome"]?["state"] == "active")
    }

    @Test func reloadFailsWholeWhenTheCoverageDirectoryGoesAndKeepsTheApps() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let c = try running.client()
        defer { c.close() }
        let moved = running.fixture.root + "/moved"
        #expect(rename(running.fixture.coverage, moved) == 0)
        defer { _ = rename(moved, running.fixture.coverage) }
        do {
            _ = try c.call("org.routingd.Directions.Reload")
            Issue.record("Reload succeeded without a coverage directory")
        } catch let error as VarlinkError {
            #expect(error.name == "org.routingd.Directions.ReloadFailed")
            #expect(error.parameters["message"]?.stringValue?.contains("No such file or directory") == true)
        }
        #expect(try running.apps(c)["Paris"]?["state"] == "active")
    }

    /// 1,000 `Reload()` calls while two clients resolve without pause, and meanwhile a third thread
    /// replaces a coverage file atomically (inotify reloads) and sends SIGHUP: every request gets a
    /// well-formed reply built from one whole registry (the same apps, the same verdicts).
    @Test func aThousandReloadsUnderLoadLoseNoRequest() throws {
        let running = try RunningDaemon()
        defer { running.stop() }
        let path = running.server.path
        let stop = Atomic<Bool>(false)
        let answered = Atomic<Int>(0)
        let problems = Mutex<[String]>([])
        let request: JSON = [
            "source": ["kind": "coordinate", "latitude": 51.500543, "longitude": -0.135702],
            "destination": ["kind": "coordinate", "latitude": 48.8584, "longitude": 2.2945],
            "mode": "Pedestrian",
        ]
        let hammers = (0..<2).map { n in
            TestThread {
                do {
                    let c = try VarlinkClient(path: path, timeout: 30)
                    defer { c.close() }
                    var i = 0
                    while !stop.load(ordering: .acquiring) {
                        let reply = i % 2 == 0
                            ? try c.call("org.routingd.Directions.Resolve", ["url": .string(Westminster.walkToBigBen), "explain": true])
                            : try c.call("org.routingd.Directions.DecideApps", ["request": request, "explain": true])
                        let verdicts = AppsReloadTests.verdicts(reply)
                        let expected: [(String, JSON)] = i % 2 == 0
                            ? [("org.example.LondonBus", true), ("bikes", false), ("Paris", false)]
                            : [("bikes", false), ("org.example.LondonBus", false), ("Paris", false)]
                        if verdicts.map(\.id) != expected.map(\.0) || verdicts.map(\.eligible) != expected.map(\.1) {
                            problems.withLock { if $0.count < 10 { $0.append("client \(n) request \(i): \(verdicts.map { "\($0.id)=\($0.eligible)" })") } }
                        }
                        answered.add(1, ordering: .relaxed)
                        i += 1
                    }
                } catch {
                    problems.withLock { $0.append("client \(n): \(error)") }
                }
            }
        }
        let root = running.fixture.root
        let server = running.server
        let churn = TestThread {
            let paris = Array(AppsFixture.paris.utf8)
            var n = 0
            while !stop.load(ordering: .acquiring) {
                // Written under a dot name (ignored), then renamed into place: readers never see half a file.
                let temporary = root + "/coverage/.Paris.tmp"
                let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                if fd >= 0 {
                    _ = paris.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    _ = rename(temporary, root + "/coverage/Paris.geojson")
                }
                n += 1
                if n % 10 == 0 { server.send(signal: SIGHUP) }
                usleep(5_000)
            }
        }
        let reloader = TestThread {
            do {
                let c = try VarlinkClient(path: path, timeout: 30)
                defer { c.close() }
                for i in 0..<1000 {
                    let counts = try c.call("org.routingd.Directions.Reload")
                    if counts["apps"] != 3 || counts["invalid"] != 1 {
                        problems.withLock { if $0.count < 10 { $0.append("Reload \(i): \(counts)") } }
                    }
                }
            } catch {
                problems.withLock { $0.append("reloader: \(error)") }
            }
            stop.store(true, ordering: .releasing)
        }
        #expect(reloader.join(within: 300), "1,000 reloads did not finish in 5 minutes")
        stop.store(true, ordering: .releasing)
        for hammer in hammers { #expect(hammer.join(within: 30)) }
        #expect(churn.join(within: 30))
        #expect(problems.withLock { $0 } == [])
        #expect(running.reloader.reloads > 0, "inotify and SIGHUP reloads ran alongside")
        #expect(answered.load(ordering: .relaxed) > 100, "the clients were served during the reloads")
    }
}
