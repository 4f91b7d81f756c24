// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import RoutingCore
import Varlink

/// The daemon's life: load the registry, bind the socket, start the reload thread (inotify, SIGHUP),
/// serve until SIGTERM, clean up.
public enum DaemonMain {
    /// Runs the daemon on the calling (main) thread.
    /// - Returns: the process exit status: 0 after a clean stop, 1 when it could not start.
    /// - Parameters:
    ///   - directories: where the manifests and coverage files are (``AppDirectories/standard(extra:coverageDirectory:environment:)``).
    ///   - literalsFile: a ``LiteralsFile`` replacing the default current-location literals.
    ///   - stateDirectory: where the daemon's own current location is kept (``DaemonLocation``); nil
    ///     keeps it in memory only.
    ///   - socketMode: permission bits of a socket file we bind (not of one passed by socket activation).
    ///   - exitIdleSeconds: with socket activation, exit after this many seconds without a connection.
    ///   - limits: the server's connection caps, deadlines and buffer bounds.
    ///   - linkLegacySocketName: `socketPath` is the default one: when routingd binds it itself, it
    ///     also links the earlier name `io.socket` to it for as long as it runs (``LegacySocketLink``).
    public static func run(
        socketPath: String, directories: AppDirectories, literalsFile: String? = nil, stateDirectory: String? = nil,
        socketMode: UInt32 = 0o600, exitIdleSeconds: Double? = nil, limits: VarlinkServer.Limits = .init(),
        linkLegacySocketName: Bool = false, log: Log
    ) -> Int32 {
        var currentLocationLiterals = CurrentLocationLiterals.default
        if let literalsFile {
            do {
                currentLocationLiterals = try LiteralsFile.load(literalsFile)
            } catch {
                log.error("--current-location-literals: \(error)")
                return 1
            }
        }
        // Before any other thread exists, so SIGTERM/SIGINT/SIGHUP reach the server's signalfd.
        do {
            try VarlinkServer.blockSignals()
        } catch {
            log.error("\(error)")
            return 1
        }
        // The daemon announces every reload (SIGHUP, inotify, Reload()) to the service manager.
        let notifier = ServiceNotifier.fromEnvironment(log: log)
        // Watches first, then the first reading: a file changed while it is read makes a reload.
        let reloader: ReloadThread
        do {
            reloader = try ReloadThread(watching: directories, log: log)
        } catch {
            log.error("cannot start the reload thread: \(error)")
            return 1
        }
        let daemon: RoutingDaemon
        do {
            daemon = try RoutingDaemon(
                directories: directories, currentLocationLiterals: currentLocationLiterals, log: log,
                notifier: notifier, stateDirectory: stateDirectory)
        } catch {
            log.error("\(error)")
            return 1
        }
        report(daemon.registry, log: log)
        if let warning = noAppsWarning(daemon.registry, directories) { log.warning(warning) }
        // Every file's bytes were read to build the registry and are freed, and the gazetteer served
        // validation only: give the pages back, so the resident memory at rest is the registry's.
        MemoryAtRest.release()

        guard let socket = ServiceLifecycle.openSocket(path: socketPath, mode: socketMode, log: log) else { return 1 }
        let legacyLink = linkLegacySocketName && !socket.activated ? LegacySocketLink.create(beside: socketPath, log: log) : nil
        defer { legacyLink?.remove() }
        // Reads, validates and swaps on its own thread, so SIGHUP and inotify never stall requests.
        do {
            try reloader.start(daemon)
        } catch {
            log.error("cannot start the reload thread: \(error)")
            return 1
        }
        // Not joined: a reload of thousands of files may be running, and SIGTERM must stop the
        // process within a second; the reload only reads files, so exiting under it loses nothing.
        defer { reloader.stop(waiting: false) }
        let server: VarlinkServer
        if let listener = socket.listener {
            server = VarlinkServer(service: daemon.varlinkService(), listener: listener, limits: limits)
        } else {
            server = VarlinkServer(service: daemon.varlinkService(), connection: socket.connection ?? -1, limits: limits)
        }
        server.log = log
        ServiceLifecycle.attach(
            to: server, notifier: notifier, daemon: daemon, exitIdleSeconds: exitIdleSeconds,
            activated: socket.activated, log: log)
        reloader.reloadOnHangUp(server)
        log.info("\(socket.listener == nil ? "serving the connection on" : "listening on") \(socket.label) with \(summary(daemon.registry)); apps from \(directories.appDirectories.joined(separator: ", ")) and \(coverageSource(directories)) (pid \(getpid()), version \(RoutingDaemon.version))",
            [.messageID(.started)])
        do {
            try server.run()
        } catch {
            log.error("\(error)")
            return 1
        }
        log.info(
            server.stoppedBecauseIdle ? "stopped: idle for \(ServiceLifecycle.format(exitIdleSeconds ?? 0)) s"
                : server.servesOneConnection ? "stopped: the connection closed" : "stopped")
        return 0
    }

    /// `coverage files from DIR`, or, for a default coverage directory that does not exist, `no
    /// coverage directory (DIR does not exist)`: never a directory that is not read.
    public static func coverageSource(_ directories: AppDirectories) -> String {
        directories.coverageDirectoryMissing
            ? "no coverage directory (\(directories.coverageDirectory) does not exist)"
            : "coverage files from \(directories.coverageDirectory)"
    }

    /// When there is no app at all (an empty coverage directory and no manifest): why every request
    /// gets no app. Serving nothing is allowed (apps may be added: the directories are watched), but
    /// an admin reading the journal must see it. nil when there is some app, even an invalid one.
    public static func noAppsWarning(_ registry: AppRegistry, _ directories: AppDirectories) -> String? {
        guard registry.entries.isEmpty else { return nil }
        let coverage = directories.coverageDirectoryMissing
            ? "no coverage directory" : "no *.geojson file in the coverage directory \(directories.coverageDirectory)"
        return "no routing apps: no manifest in \(directories.appDirectories.joined(separator: ", ")) and \(coverage); every request is answered with no app until one is added (these directories are watched)"
    }

    /// `3 apps in service`, `3 apps in service (1 stale), 1 invalid`: the apps that serve requests
    /// (stale ones serve their last good version, and are counted among them), then those that do not.
    static func summary(_ registry: AppRegistry) -> String {
        let serving = registry.apps.count
        let stale = registry.count(.stale)
        let invalid = registry.count(.invalid)
        var text = serving == 1 ? "1 app in service" : "\(serving) apps in service"
        if stale > 0 { text += " (\(stale) stale)" }
        if invalid > 0 { text += ", \(invalid) invalid" }
        return text
    }

    /// One line per app not in service or serving a stale version, and one per warning of an app in
    /// service (e.g. swapped axes): an admin reading the journal sees what `routingctl validate` would say.
    static func report(_ registry: AppRegistry, log: Log) {
        // By index: a for-in over the entries would copy each one.
        for i in registry.entries.indices { report(registry.entries[i], log: log) }
    }

    private static func report(_ entry: borrowing AppRegistry.Entry, log: Log) {
        switch entry.state {
        case .invalid: log.warning("app \(entry.id): not loaded: \(entry.lastError ?? "invalid")", invalidFileFields(entry))
        case .stale: log.warning("app \(entry.id): keeping the last good version: \(entry.lastError ?? "invalid")", invalidFileFields(entry))
        case .active: break
        }
        for line in entry.lines(.warning) { log.warning("app \(entry.id): \(line)", appFields(entry)) }
    }

    /// `ROUTINGD_APP=` and `ROUTINGD_FILE=` (the manifest, else the coverage file) of `entry`.
    static func appFields(_ entry: AppRegistry.Entry) -> [JournalField] {
        [.app(entry.id)] + (entry.path.isEmpty ? [] : [.file(entry.path)])
    }

    /// The fields of an app not loaded or stale: `MESSAGE_ID=` for an invalid file, the app, the
    /// file that failed and, when a rule failed, `ROUTINGD_RULE=`.
    static func invalidFileFields(_ entry: AppRegistry.Entry) -> [JournalField] {
        let source = entry.lastErrorSource
        var fields: [JournalField] = [.messageID(.invalidFile), .app(entry.id)]
        if let path = source?.path ?? (entry.path.isEmpty ? nil : entry.path) { fields.append(.file(path)) }
        if let rule = source?.rule { fields.append(.rule(rule)) }
        return fields
    }
}
