// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// Issue 15's inotify bugs, through the daemon's socket: a user apps directory created later below
/// a dot-directory (`~/.local/share/routingd/apps` when `~/.local` did not exist at start), and
/// `Reload()` re-arming the watches for directories that appeared since, as SIGHUP does.
@Suite struct WatchRearmTests {
    static let rome = """
        [Routing App]
        Name=Rome
        Modes=Bus;
        Coverage=Rome.geojson
        LinkFormat=google
        """
    static let romeCoverage = """
        {"type":"MultiPolygon","coordinates":[[[[12.3,41.8],[12.6,41.8],[12.6,42.0],[12.3,42.0],[12.3,41.8]]]]}
        """

    /// Polls ListApps until app `id` is active, for at most `seconds`; its state at the end.
    static func waitUntilActive(_ c: VarlinkClient, _ id: String, within seconds: Double = 30) throws -> JSON? {
        let deadline = DispatchTime.now() + seconds
        var state: JSON? = nil
        repeat {
            let apps = try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue ?? []
            state = apps.first { $0["id"] == .string(id) }?["state"]
            if state == "active" { break }
            usleep(20_000)
        } while DispatchTime.now() < deadline
        return state
    }

    static func makeDirectories(_ path: String, below root: String) throws {
        var current = root
        for part in path.split(separator: "/") {
            current += "/" + part
            try #require(mkdir(current, 0o755) == 0, "mkdir \(current)")
        }
    }

    @Test func anAppsDirectoryCreatedLaterBelowADotDirectoryIsWatched() throws {
        let fixture = try AppsFixture()
        let home = fixture.root + "/home"
        try #require(mkdir(home, 0o755) == 0)
        let userApps = home + "/.local/share/routingd/apps"  // ~/.local does not exist yet
        let directories = AppDirectories(appDirectories: [fixture.apps, userApps], coverageDirectory: fixture.coverage)
        let reloader = try ReloadThread(watching: directories, log: nil)
        let daemon = try RoutingDaemon(directories: directories)
        try reloader.start(daemon)
        let server = try RunningServer(service: daemon.varlinkService())
        defer {
            server.stop()
            reloader.stop()
        }
        #expect(reloader.watchedDirectories.contains(home), "home stands in for .local/share/routingd/apps: \(reloader.watchedDirectories)")
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }

        // As `mkdir -p ~/.local/share/routingd/apps` then an installed manifest.
        try Self.makeDirectories(".local/share/routingd/apps", below: home)
        try fixture.write("home/.local/share/routingd/apps/Rome.geojson", Self.romeCoverage)
        try fixture.write("home/.local/share/routingd/apps/rome.routingapp", Self.rome)
        #expect(try Self.waitUntilActive(c, "rome") == "active", "the manifest below ~/.local was never loaded")
        #expect(reloader.watchedDirectories.contains(userApps), "\(reloader.watchedDirectories)")

        // And it stays watched: a second manifest there is picked up by inotify too.
        try fixture.write("home/.local/share/routingd/apps/Rome2.geojson", Self.romeCoverage)
        try fixture.write("home/.local/share/routingd/apps/rome2.routingapp", Self.rome.replacingOccurrences("Rome.geojson", "Rome2.geojson"))
        #expect(try Self.waitUntilActive(c, "rome2") == "active")
    }

    /// Reload() re-arms the watches before it replies, as a reload on SIGHUP or inotify does. The
    /// manifest is changed through a hard link in a directory nobody watches, so inotify reports
    /// nothing and only Reload() reads it: it now names a coverage file in `ext/`, which must be
    /// watched when Reload() replies, so that a later change there is picked up by inotify.
    @Test func reloadReArmsTheWatchesForDirectoriesThatAppeared() throws {
        let fixture = try AppsFixture()
        try #require(mkdir(fixture.root + "/stash", 0o755) == 0 && mkdir(fixture.root + "/ext", 0o755) == 0)
        try fixture.write("ext/Rome.geojson", Self.romeCoverage)
        try fixture.write("stash/rome.routingapp", Self.rome)  // Rome.geojson next to it: missing, invalid
        try #require(link(fixture.root + "/stash/rome.routingapp", fixture.apps + "/rome.routingapp") == 0)
        let directories = fixture.directories
        let reloader = try ReloadThread(watching: directories, log: nil)
        let daemon = try RoutingDaemon(directories: directories)
        try reloader.start(daemon)
        let server = try RunningServer(service: daemon.varlinkService())
        defer {
            server.stop()
            reloader.stop()
        }
        let ext = fixture.apps + "/../ext"  // as the manifest names it
        #expect(!reloader.watchedDirectories.contains(ext))
        let c = try VarlinkClient(path: server.path)
        defer { c.close() }
        #expect(try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue?.first { $0["id"] == "rome" }?["state"] == "invalid")

        let reloadsBefore = reloader.reloads
        try fixture.write("stash/rome.routingapp", Self.rome.replacingOccurrences("Coverage=Rome.geojson", "Coverage=../ext/Rome.geojson"))
        _ = try c.call("org.routingd.Directions.Reload")
        #expect(try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue?.first { $0["id"] == "rome" }?["state"] == "active")
        #expect(daemon.watchedDirectories.contains(ext))
        #expect(reloader.watchedDirectories.contains(ext), "Reload() did not re-arm the watches: \(reloader.watchedDirectories)")
        #expect(reloader.reloads == reloadsBefore, "the reload thread saw nothing (the change went through the hard link)")

        // inotify now sees ext/: the coverage file turned invalid makes the app stale without a Reload().
        try fixture.write("ext/Rome.geojson", AppsFixture.unclosed)
        let deadline = DispatchTime.now() + 30
        var state: JSON? = nil
        repeat {
            state = try c.call("org.routingd.Directions.ListApps")["apps"]?.arrayValue?.first { $0["id"] == "rome" }?["state"]
            if state == "stale" { break }
            usleep(20_000)
        } while DispatchTime.now() < deadline
        #expect(state == "stale", "a change in the directory Reload() found was not seen")
    }
}

extension String {
    /// Every occurrence of `target` replaced (FoundationEssentials-free).
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
