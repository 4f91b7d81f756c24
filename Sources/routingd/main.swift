import Glibc
import RoutingService

// routingd: answers directions requests over a varlink Unix socket.
// All logic lives in RoutingService/RoutingCore; this file only wires options to them.

let usage = """
    Usage: routingd [--socket PATH] [--apps DIR]... [--coverage DIR] [--current-location-literals FILE] [--verbose]

    Serves org.routingd.Directions and org.routingd.Coverage (varlink) on a Unix socket.
    Routing apps are *.routingapp manifests read from /usr/share/routingd/apps,
    /etc/routingd/apps, $XDG_DATA_HOME/routingd/apps (~/.local/share/routingd/apps)
    and each --apps DIR, a later one replacing an earlier app with the same id; every
    *.geojson file in the coverage directory that no manifest names is an app too.

    Options:
      --socket PATH    socket to listen on (default: $XDG_RUNTIME_DIR/routingd/io.socket,
                       or /run/routingd/io.socket without XDG_RUNTIME_DIR)
      --apps DIR       another manifest directory, after the standard ones (repeatable)
      --coverage DIR   coverage directory (default: ./Coverage)
      --current-location-literals FILE
                       the texts that mean "current location" in links, one per line
                       (UTF-8, # comments), instead of the built-in English, French,
                       German, Spanish, Italian, Portuguese and Dutch phrases
      --verbose        log every request's outcome, not only start, reload and errors
      --help           show this help
      --version        show the version

    Reload: the directories are watched (inotify), and SIGHUP or the varlink method
    org.routingd.Directions.Reload reload too; a file that fails validation keeps its
    app's last good version. SIGTERM and SIGINT stop cleanly and remove the socket.
    """

struct Options {
    var socketPath: String? = nil
    var coverageDirectory = DefaultPaths.coverageDirectory
    var appDirectories: [String] = []
    var verbose = false
    var literalsFile: String? = nil

    /// Parses the command line; prints help or an error and exits where that is the answer.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for option: String) -> String {
            guard let v = rest.popFirst(), !v.isEmpty else {
                writeAll(2, "routingd: \(option) needs a value\n\(usage)\n")
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
            case "--help", "-h": writeAll(1, usage + "\n"); exit(0)
            case "--version": writeAll(1, "routingd \(RoutingDaemon.version)\n"); exit(0)
            default:
                if argument.hasPrefix("--socket=") {
                    options.socketPath = String(argument.dropFirst("--socket=".count))
                } else if argument.hasPrefix("--current-location-literals=") {
                    options.literalsFile = String(argument.dropFirst("--current-location-literals=".count))
                } else if argument.hasPrefix("--apps="), argument.count > "--apps=".count {
                    options.appDirectories.append(String(argument.dropFirst("--apps=".count)))
                } else if argument.hasPrefix("--coverage=") {
                    options.coverageDirectory = String(argument.dropFirst("--coverage=".count))
                } else {
                    writeAll(2, "routingd: unknown option '\(argument)'\n\(usage)\n")
                    exit(2)
                }
            }
        }
        return options
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let log = Log(program: "routingd", verbose: options.verbose)
exit(DaemonMain.run(
    socketPath: options.socketPath ?? DefaultPaths.socket(),
    directories: AppDirectories.standard(extra: options.appDirectories, coverageDirectory: options.coverageDirectory),
    literalsFile: options.literalsFile, log: log))
