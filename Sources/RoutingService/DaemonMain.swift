import Glibc
import RoutingCore
import Varlink

/// The daemon's life: load the registry, bind the socket, serve until SIGTERM, clean up.
public enum DaemonMain {
    /// Runs the daemon on the calling (main) thread.
    /// - Returns: the process exit status: 0 after a clean stop, 1 when it could not start.
    /// - Parameters:
    ///   - literalsFile: a ``LiteralsFile`` replacing the default current-location literals.
    ///   - socketMode: permission bits of a socket file we bind (not of one passed by socket activation).
    ///   - exitIdleSeconds: with socket activation, exit after this many seconds without a connection.
    public static func run(
        socketPath: String, coverageDirectory: String, literalsFile: String? = nil,
        socketMode: UInt32 = 0o600, exitIdleSeconds: Double? = nil, log: Log
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
        let daemon: RoutingDaemon
        do {
            daemon = try RoutingDaemon(
                coverageDirectory: coverageDirectory, currentLocationLiterals: currentLocationLiterals, log: log)
        } catch {
            log.error("\(error)")
            return 1
        }
        report(daemon.registry, log: log)

        guard let socket = ServiceLifecycle.openSocket(path: socketPath, mode: socketMode, log: log) else { return 1 }
        let notifier = ServiceNotifier.fromEnvironment(log: log)
        let server = VarlinkServer(service: daemon.varlinkService(), listener: socket.listener)
        ServiceLifecycle.attach(
            to: server, notifier: notifier, daemon: daemon, exitIdleSeconds: exitIdleSeconds,
            activated: socket.activated, log: log)
        server.onSignal(SIGHUP) { ServiceLifecycle.reload(daemon, notifier: notifier, trigger: "SIGHUP", log: log) }
        log.info("listening on \(socket.label) with \(summary(daemon.registry)) from \(coverageDirectory) (pid \(getpid()), version \(RoutingDaemon.version))")
        do {
            try server.run()
        } catch {
            log.error("\(error)")
            return 1
        }
        log.info(server.stoppedBecauseIdle ? "stopped: idle for \(ServiceLifecycle.format(exitIdleSeconds ?? 0)) s" : "stopped")
        return 0
    }

    static func summary(_ registry: AppRegistry) -> String {
        let valid = registry.apps.count
        let invalid = registry.invalidEntries.count
        let apps = valid == 1 ? "1 app" : "\(valid) apps"
        return invalid == 0 ? apps : "\(apps) (\(invalid) invalid coverage file\(invalid == 1 ? "" : "s") excluded)"
    }

    /// One line per excluded file, and one per warning of an accepted file (e.g. swapped axes): an
    /// admin reading the journal sees what `routingctl validate` would say.
    static func report(_ registry: AppRegistry, log: Log) {
        for entry in registry.entries {
            if !entry.isValid {
                log.warning("excluded app \(entry.id): \(entry.firstError ?? "invalid coverage")")
                continue
            }
            for d in entry.diagnostics where d.severity == .warning {
                log.warning("app \(entry.id): \(entry.path):\(d.location): \(d.message) [\(d.rule)]")
            }
        }
    }
}
