// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// What routingd does as a service, around the varlink server: where its socket comes from (socket
/// activation or binding, ``openSocket(path:mode:log:)``) and what it tells the service manager when
/// (``attach(to:notifier:daemon:exitIdleSeconds:activated:log:)``; reloads are announced by
/// ``RoutingDaemon/reload(trigger:caller:)`` itself, whichever path asked for them).
public enum ServiceLifecycle {
    /// The socket the daemon serves on.
    public struct Socket {
        /// The listening socket; nil when the service manager passed a connected one.
        public var listener: UnixListener?
        /// A connected socket passed by socket activation (`Accept=yes`, varlinkctl's `exec:`):
        /// routingd serves that one client and exits when it closes.
        public var connection: Int32?
        /// `/run/routingd/org.routingd.Directions` or `fd 3 (varlink)`, for log lines.
        public var label: String
        /// True when the service manager passed the socket (it keeps it while we are not running).
        public var activated: Bool
    }

    /// The socket passed by socket activation (sd_listen_fds(3)), else `path` bound with `mode`.
    /// - Parameters:
    ///   - path: the socket file to bind when not activated.
    ///   - mode: its permission bits (0600 by default: only our user may connect).
    /// - Returns: nil after logging why there is no socket (the daemon then exits with status 1).
    public static func openSocket(path: String, mode: UInt32, log: Log) -> Socket? {
        do {
            if let adopted = try SocketActivation.adoptFromEnvironment(log: log) {
                return Socket(listener: adopted.listener, connection: adopted.connection, label: adopted.label, activated: true)
            }
        } catch {
            log.error("cannot use the socket passed by socket activation: \(error)")
            return nil
        }
        do {
            let listener = try UnixListener.bind(path: path, mode: mode)
            if let warning = socketDirectoryWarning(socketPath: path) { log.warning(warning) }
            return Socket(listener: listener, connection: nil, label: path, activated: false)
        } catch {
            log.error("cannot listen on \(path): \(error)\(explanation(for: error))")
            return nil
        }
    }

    /// A warning when the directory holding the socket (`$XDG_RUNTIME_DIR/routingd`, `/run/routingd`,
    /// or the one `--socket` names) is writable by its group or by others (`mode & 0o022`): another
    /// user could then remove or replace the socket and answer routingd's clients. routingd creates a
    /// missing directory with mode 0700 but never changes an existing one, so it says what to run.
    /// Nil when the directory is not group- or other-writable, is sticky (`/tmp`'s 1777: only a file's
    /// owner may remove or rename it there, sticky(7)), or cannot be read.
    static func socketDirectoryWarning(socketPath: String) -> String? {
        let directory = Inotify.parent(of: socketPath)
        var status = stat()
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        let permissions = UInt32(status.st_mode) & 0o7777
        guard permissions & 0o022 != 0, permissions & UInt32(S_ISVTX) == 0 else { return nil }
        let octal = String(permissions, radix: 8)
        let shown = OneLine.escaped(directory)
        return "the socket directory \(shown) has mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal), "
            + "writable by \(permissions & 0o002 != 0 ? "every user" : "its group"): another user could replace the socket; "
            + "run chmod 700 \(shown) (or chmod 755 \(shown) when other users' programs connect to a system daemon)"
    }

    /// What to do about a failed bind, after the system's message; "" when the message says it all.
    static func explanation(for error: SystemError) -> String {
        switch (error.operation, error.errno) {
        case ("bind", ELOOP): "; it is a symbolic link, which routingd never follows or replaces: remove it or choose another --socket"
        case ("bind", EEXIST): "; it is not a socket, so routingd leaves it alone: remove it or choose another --socket"
        case ("bind", EADDRINUSE): "; another process listens there (is routingd already running?)"
        default: ""
        }
    }

    /// The `STATUS=` line: how many apps serve, which never loaded, and which serve their last good
    /// version while their files fail.
    public static func status(_ registry: AppRegistry) -> String {
        let invalid = registry.invalidEntries.map(\.id)
        let stale = registry.staleEntries.map(\.id)
        var text = DaemonMain.summary(registry)
        if !invalid.isEmpty { text += "; invalid: " + invalid.joined(separator: ", ") }
        if !stale.isEmpty { text += "; last good version kept: " + stale.joined(separator: ", ") }
        return text
    }

    /// Wires the service-manager protocol into `server`:
    /// - `READY=1` with ``status(_:)`` when the loop is about to wait (the registry is loaded and the
    ///   socket accepts);
    /// - `STOPPING=1` on SIGTERM and SIGINT;
    /// - `WATCHDOG=1` every half `WATCHDOG_USEC` microseconds, from the loop (a stuck loop stops pinging);
    /// - with `exitIdleSeconds` and a socket-activated daemon: stop after that many seconds without a
    ///   connection. Without socket activation nobody would start the daemon again, so the option is
    ///   ignored with a log line.
    public static func attach(
        to server: VarlinkServer, notifier: ServiceNotifier, daemon: RoutingDaemon,
        exitIdleSeconds: Double?, activated: Bool, log: Log
    ) {
        server.onReady = { notifier.ready(status: status(daemon.registry)) }
        server.onSignal(SIGTERM) { notifier.stopping() }
        server.onSignal(SIGINT) { notifier.stopping() }
        if let interval = ServiceNotifier.watchdogIntervalFromEnvironment(log: log) {
            server.every(microseconds: interval) { notifier.watchdog() }
        }
        if let exitIdleSeconds {
            if server.servesOneConnection {
                // It exits when its one connection closes.
            } else if activated {
                server.exitWhenIdle(seconds: exitIdleSeconds)
            } else {
                log.warning("--exit-idle \(format(exitIdleSeconds)) ignored: the socket was not passed by socket activation, so nothing would start routingd again")
            }
        }
    }

    /// `600` or `0.5`: seconds without a needless `.0`.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
