import Glibc
import RoutingCore
import Varlink

/// The daemon's life: load the registry, bind the socket, serve until SIGTERM, clean up.
public enum DaemonMain {
    /// Runs the daemon on the calling (main) thread.
    /// - Returns: the process exit status: 0 after a clean stop, 1 when it could not start.
    /// - Parameter literalsFile: a ``LiteralsFile`` replacing the default current-location literals.
    public static func run(socketPath: String, coverageDirectory: String, literalsFile: String? = nil, log: Log) -> Int32 {
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

        let listener: UnixListener
        do {
            listener = try UnixListener.bind(path: socketPath)
        } catch {
            log.error("cannot listen on \(socketPath): \(error)")
            return 1
        }
        let server = VarlinkServer(service: daemon.varlinkService(), listener: listener)
        server.onSignal(SIGHUP) {
            do {
                let registry = try daemon.reload()
                log.info("reloaded \(coverageDirectory): \(summary(registry))")
                report(registry, log: log)
            } catch {
                log.error("reload failed, keeping the previous apps: \(error)")
            }
        }
        log.info("listening on \(socketPath) with \(summary(daemon.registry)) from \(coverageDirectory)")
        do {
            try server.run()
        } catch {
            log.error("\(error)")
            return 1
        }
        log.info("stopped")
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
