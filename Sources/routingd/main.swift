// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService

// routingd: answers directions requests over a varlink Unix socket.
// All logic lives in RoutingService/RoutingCore; this file only wires options to them.

let usage = """
    Usage: routingd [--socket PATH] [--apps DIR]... [--coverage DIR] [--current-location-literals FILE] [--verbose]
                    [--state-directory DIR]
                    [--socket-mode MODE] [--exit-idle SECONDS] [--idle-timeout SECONDS]
                    [--message-timeout SECONDS] [--max-connections N] [--max-connections-per-user N]
                    [--event-loops N]
           routingd --list-interfaces | --print-interface NAME

    Serves org.routingd.Directions and org.routingd.Coverage (varlink) on a Unix socket.
    Routing apps are *.routingapp manifests read from /usr/share/routingd/apps,
    /etc/routingd/apps, $XDG_DATA_HOME/routingd/apps (~/.local/share/routingd/apps)
    and each --apps DIR, a later one replacing an earlier app with the same id; every
    *.geojson file in the coverage directory that no manifest names is an app too.

    Options:
      --socket PATH    socket to listen on (default: $XDG_RUNTIME_DIR/routingd/org.routingd.Directions,
                       or /run/routingd/org.routingd.Directions without XDG_RUNTIME_DIR;
                       io.socket beside it links to it, for clients of the earlier name)
      --apps DIR       another manifest directory, after the standard ones (repeatable);
                       one that does not exist is skipped with a warning
      --coverage DIR   coverage directory; it must exist. Default: ./Coverage (the
                       repository's samples) if it exists, else PREFIX/share/routingd/coverage
                       next to this program's PREFIX/bin (the installed samples); when
                       neither exists routingd runs on its manifests alone (with a warning),
                       and stops if they give no app
      --current-location-literals FILE
                       the texts that mean "current location" in links, one per line
                       (UTF-8, # comments), instead of the built-in English, French,
                       German, Spanish, Italian, Portuguese and Dutch phrases
      --state-directory DIR
                       where the daemon's own current location (SetCurrentLocation,
                       routingctl location set) is kept, so that it survives the
                       idle exit and a restart. Default: $STATE_DIRECTORY (systemd's
                       StateDirectory=, /var/lib/routingd for the system unit), else
                       $XDG_STATE_HOME/routingd (~/.local/state/routingd)
      --verbose        also log the outcome of each request that decides or changes
                       something (Resolve, DecideApps, Contains, Validate, location
                       changes; not ListApps or GetInfo)
      --socket-mode MODE
                       octal permission bits of the socket file routingd binds
                       (default 0600: only its own user may connect); ignored for
                       a socket passed by socket activation
      --exit-idle SECONDS
                       with socket activation (LISTEN_FDS, e.g. the systemd units),
                       exit with status 0 after SECONDS without a connection; the
                       service manager keeps the socket and starts routingd again
                       on the next connection. Without socket activation it is
                       ignored with a log line (nothing would start routingd again)
      --idle-timeout SECONDS
                       close a connection that makes no progress for SECONDS: sends
                       nothing, reads none of its replies, has no call running
                       (default 60); a client waiting for a long call is not idle
      --message-timeout SECONDS
                       close a connection that sent part of a message and not the
                       rest within SECONDS (default 10)
      --max-connections N
                       open connections in total (default 1024); more are closed at
                       once. Lowered, with a log line, to fit the descriptor limit
                       (ulimit -n, whose soft limit is raised up to the hard one)
      --max-connections-per-user N
                       open connections per client uid (SO_PEERCRED), so one user
                       cannot take every slot (default: a quarter of
                       --max-connections); root is not limited by it. Refusals are
                       logged, at most one line per uid per 10 s
      --event-loops N  threads that serve connections, each with its own event loop
                       (default: one per CPU routingd may run on, as taskset or
                       CPUAffinity= allow; at most 64). New connections are spread
                       over them; Resolve and DecideApps are answered on the
                       connection's own thread
      --varlink=unix:PATH
                       the same as --socket PATH (the address varlink activators pass)
      --list-interfaces
                       print the names of the varlink interfaces served, one per line
      --print-interface NAME
                       print the IDL text of interface NAME, as the daemon serves it
      --help           show this help
      --version        show the version

    Reload: the directories are watched (inotify), and SIGHUP or the varlink method
    org.routingd.Directions.Reload reload too; a file that fails validation keeps its
    app's last good version. SIGTERM and SIGINT stop cleanly within a second, whatever
    the load, and remove the socket (when routingd bound it itself).

    Clients: replies a client does not read are held up to 256 KiB (one larger reply is
    still sent whole); beyond that routingd stops reading that client until it reads.
    ListApps, explain calls of Resolve and DecideApps, Reload, the location changes and
    Coverage.Validate run off the threads that serve the connections, one lane per method,
    taking waiting calls round-robin by client uid.

    Under systemd: socket activation (LISTEN_FDS, the descriptor named "varlink"),
    sd_notify (READY=1, RELOADING=1, STOPPING=1, STATUS=, WATCHDOG=1 to NOTIFY_SOCKET),
    and journal priorities on standard error (JOURNAL_STREAM). State-changing methods
    (SetCurrentLocation, ClearCurrentLocation, Reload) are allowed only to root and
    the daemon's own uid (SO_PEERCRED); others get PermissionDenied.
    """

struct Options {
    var socketPath: String? = nil
    /// `--coverage DIR`; nil for the default (``DefaultPaths/coverageCandidates(executable:)``).
    var coverageDirectory: String? = nil
    var appDirectories: [String] = []
    var verbose = false
    var literalsFile: String? = nil
    /// `--state-directory DIR`; nil for ``DefaultPaths/stateDirectory(environment:)``.
    var stateDirectory: String? = nil
    var socketMode: UInt32 = 0o600
    var exitIdleSeconds: Double? = nil
    var limits = VarlinkServer.Limits()

    /// Every option's name without its dashes, for "did you mean" (ManualPageTests keeps it equal
    /// to `--help`'s).
    static let names = [
        "socket", "coverage", "apps", "current-location-literals", "verbose", "state-directory", "socket-mode",
        "exit-idle", "varlink", "idle-timeout", "message-timeout", "max-connections", "max-connections-per-user", "event-loops",
        "list-interfaces", "print-interface", "help", "version",
    ]

    /// Parses the command line; prints help or an error and exits where that is the answer.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for option: String) -> String {
            guard let v = rest.popFirst(), !v.isEmpty else {
                writeAll(2, "routingd: \(option) needs a value\nTry 'routingd --help'.\n")
                exit(2)
            }
            return v
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--socket": options.socketPath = value(for: argument)
            case "--coverage": options.coverageDirectory = value(for: argument)
            case "--apps": options.appDirectories.append(value(for: argument))
            case "--current-location-literals": options.literalsFile = value(for: argument)
            case "--verbose", "-v": options.verbose = true
            case "--state-directory": options.stateDirectory = value(for: argument)
            case "--socket-mode": options.socketMode = socketMode(value(for: argument))
            case "--exit-idle": options.exitIdleSeconds = seconds(value(for: argument))
            case "--varlink": options.socketPath = varlinkPath(value(for: argument))
            case "--idle-timeout", "--message-timeout", "--max-connections", "--max-connections-per-user", "--event-loops":
                options.setLimit(argument, value(for: argument))
            case "--list-interfaces":
                writeAll(1, InterfaceFiles.all.map { $0.name + "\n" }.joined())
                exit(0)
            case "--print-interface":
                let name = value(for: argument)
                guard let description = InterfaceFiles.description(of: name) else {
                    writeAll(2, "routingd: no interface '\(name)'; routingd --list-interfaces names them\n")
                    exit(2)
                }
                writeAll(1, description + "\n")
                exit(0)
            case "--help", "-h": writeAll(1, usage + "\n"); exit(0)
            case "--version": writeAll(1, "routingd \(RoutingDaemon.version)\n"); exit(0)
            default:
                if argument.hasPrefix("--socket=") {
                    options.socketPath = String(argument.dropFirst("--socket=".count))
                } else if argument.hasPrefix("--current-location-literals=") {
                    options.literalsFile = String(argument.dropFirst("--current-location-literals=".count))
                } else if argument.hasPrefix("--apps="), argument.count > "--apps=".count {
                    options.appDirectories.append(String(argument.dropFirst("--apps=".count)))
                } else if argument.hasPrefix("--varlink=") {
                    options.socketPath = varlinkPath(String(argument.dropFirst("--varlink=".count)))
                } else if argument.hasPrefix("--exit-idle=") {
                    options.exitIdleSeconds = seconds(String(argument.dropFirst("--exit-idle=".count)))
                } else if argument.hasPrefix("--socket-mode=") {
                    options.socketMode = socketMode(String(argument.dropFirst("--socket-mode=".count)))
                } else if let equals = argument.firstIndex(of: "="),
                    ["--idle-timeout", "--message-timeout", "--max-connections", "--max-connections-per-user", "--event-loops"]
                        .contains(String(argument[..<equals]))
                {
                    options.setLimit(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
                } else if argument.hasPrefix("--state-directory="), argument.count > "--state-directory=".count {
                    options.stateDirectory = String(argument.dropFirst("--state-directory=".count))
                } else if argument.hasPrefix("--coverage=") {
                    options.coverageDirectory = String(argument.dropFirst("--coverage=".count))
                } else {
                    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
                    let hint = name.hasPrefix("--")
                        ? EditDistance.suggestion(for: String(name.dropFirst(2)), among: Options.names).map { "; did you mean '--\($0)'?" } ?? ""
                        : ""
                    writeAll(2, "routingd: unknown option '\(OneLine.escaped(argument))'\(hint)\nTry 'routingd --help'.\n")
                    exit(2)
                }
            }
        }
        if let perUser = options.limits.maxConnectionsPerUser, perUser > options.limits.maxConnections {
            writeAll(2, "routingd: --max-connections-per-user \(perUser) is more than --max-connections \(options.limits.maxConnections), so it would limit nothing; give a smaller number, or raise --max-connections\n")
            exit(2)
        }
        return options
    }

    /// `--idle-timeout`, `--message-timeout` (positive seconds), `--max-connections`,
    /// `--max-connections-per-user`, `--event-loops` (positive counts; at most 64 loops).
    mutating func setLimit(_ option: String, _ text: String) {
        switch option {
        case "--idle-timeout": limits.idleTimeout = Options.seconds(text, option: option)
        case "--message-timeout": limits.partialMessageTimeout = Options.seconds(text, option: option)
        case "--max-connections": limits.maxConnections = Options.count(text, option: option)
        case "--event-loops":
            let loops = Options.count(text, option: option)
            guard loops <= 64 else {
                writeAll(2, "routingd: --event-loops needs a whole number from 1 to 64, not '\(text)'\n")
                exit(2)
            }
            limits.eventLoops = loops
        default: limits.maxConnectionsPerUser = Options.count(text, option: option)
        }
    }

    /// A positive whole number for `option`.
    static func count(_ text: String, option: String) -> Int {
        guard let count = Int(text), count > 0, count <= 1 << 20 else {
            writeAll(2, "routingd: \(option) needs a whole number from 1 to 1048576, not '\(text)'\n")
            exit(2)
        }
        return count
    }

    /// `--socket-mode`: octal permission bits, at most 0777.
    static func socketMode(_ text: String) -> UInt32 {
        guard let mode = UInt32(text, radix: 8), mode <= 0o777 else {
            writeAll(2, "routingd: --socket-mode needs octal permission bits such as 0600 or 0660, not '\(text)'\n")
            exit(2)
        }
        return mode
    }

    /// `--exit-idle` and the timeouts: a positive number of seconds.
    static func seconds(_ text: String, option: String = "--exit-idle") -> Double {
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            writeAll(2, "routingd: \(option) needs a positive number of seconds, not '\(text)'\n")
            exit(2)
        }
        return seconds
    }

    /// `--varlink=unix:PATH` (a varlink address, as `varlink.Client.new_with_activate` passes it):
    /// the path, without `;key=value` parameters.
    static func varlinkPath(_ address: String) -> String {
        guard address.hasPrefix("unix:"), !address.hasPrefix("unix:@") else {
            writeAll(2, "routingd: --varlink needs an address unix:PATH (a filesystem socket), not '\(address)'\n")
            exit(2)
        }
        let path = address.dropFirst("unix:".count).prefix { $0 != ";" }
        guard !path.isEmpty else {
            writeAll(2, "routingd: --varlink=unix: names no path\n")
            exit(2)
        }
        return String(path)
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
// Under the journal, entries go to its native socket with fields; ROUTINGD_JOURNAL_SOCKET names
// another socket (tests stand one in).
let log = Log(
    program: "routingd", verbose: options.verbose,
    nativeJournalSocket: getenv("ROUTINGD_JOURNAL_SOCKET").map { String(cString: $0) } ?? JournalNative.defaultPath)
let directories = AppDirectories.standard(extra: options.appDirectories, coverageDirectory: options.coverageDirectory)
for warning in directories.directoryWarnings(watched: true) { log.warning(warning) }
if directories.coverageDirectoryMissing {
    // Without the default coverage directory only manifests give apps; with none, there is nothing
    // to serve, which is a mistake worth stopping for (started outside the repository).
    let reading = try? directories.read()
    if reading?.sources.isEmpty ?? true {
        log.error("no routing apps to serve: no coverage directory (see the warning above) and no manifest in \(directories.appDirectories.joined(separator: ", ")); start routingd from the repository, or give --coverage DIR (the directory of the *.geojson coverage files) or --apps DIR (a directory of *.routingapp manifests)")
        exit(1)
    }
}
// Absolute from here on: clients read the coverage paths the daemon reports from their own
// working directory (`routingctl render --app ID`).
exit(DaemonMain.run(
    socketPath: options.socketPath ?? DefaultPaths.socket(),
    directories: directories.absolute(),
    literalsFile: options.literalsFile,
    stateDirectory: options.stateDirectory ?? DefaultPaths.stateDirectory(),
    socketMode: options.socketMode, exitIdleSeconds: options.exitIdleSeconds, limits: options.limits,
    linkLegacySocketName: options.socketPath == nil, log: log))
