// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Varlink

/// Exit statuses, as documented in `routingctl --help`.
enum ExitStatus {
    static let success: Int32 = 0
    /// A file is invalid, a link cannot be parsed, or the daemon answered with an error.
    static let failure: Int32 = 1
    /// Usage error, or an I/O error (unreadable file, daemon unreachable).
    static let usage: Int32 = 2
}

enum RoutingCtl {
    static let usage = """
        Usage: routingctl [--socket PATH] COMMAND [OPTIONS] [ARGS]

        Commands:
          validate [--profile apple|geojson] [--format gcc|json|sarif] FILE...
                                             check coverage files (Apple's rules, or RFC 7946 + OGC)
          validate --fix [--swap-axes] [--dry-run] [--output FILE] [--force] FILE
                                             rewrite a coverage file into Apple's form
          render [--request LINK] [--profile apple|geojson] -o FILE.svg|FILE.png (FILE... | --app ID)
                                             draw coverage files, their findings and a request on a map
          contains [--json] [--profile apple|geojson] FILE [LAT LON ...]
                                             inside, boundary or outside, for each point
          resolve [--json] [--strict] [--offline] [--apps DIR]... [--coverage DIR] [--current-location LAT,LON]
                  [--location-timeout SECONDS] [--explain | --app ID] (URL | FILE.mkdirectionsrequest)
                                             parse a directions link and decide every app
          link --format FORMAT|all [--strict] [--json]
               (URL | FILE.mkdirectionsrequest | JSON-REQUEST | -)
                                             write the request as a link in another format
          apps [--json]                      list the daemon's routing apps, their state and errors
          reload [--json]                    make the daemon read its apps again
          monitor [--json]                   follow the daemon: its state, then each change as it happens
          open [--dry-run [--json]] [--choose | --app ID] [--offline] [--apps DIR]... [--coverage DIR]
               [--current-location LAT,LON] [--location-timeout SECONDS] URL
                                             launch the first eligible routing app on a link
          desktop register [--https]         make routingd-open the URL handler, recording the previous
          desktop unregister                 restore the URL handlers recorded by register
          location get [--json]              show the daemon's own current location, and when it was set
          location set [--accuracy METRES] LATITUDE LONGITUDE
                                             set it (WGS84 degrees; LAT,LON works too); kept
                                             across restarts in the daemon's state directory
          location clear                     forget it
          help [COMMAND]                     this help, or COMMAND's (as COMMAND --help)

        Options:
          --socket PATH   daemon socket (default: $XDG_RUNTIME_DIR/routingd/org.routingd.Directions,
                          or /run/routingd/org.routingd.Directions; io.socket, an older daemon's
                          name, in either place too)
          --current-location-literals FILE
                          texts meaning "current location", one per line (UTF-8, # comments),
                          for links parsed by routingctl itself (--offline, link, files)
          --no-pager      accepted anywhere, as systemd's tools take it; routingctl pages nothing
          --help          help for routingctl or for one command
          --version       show the version

        JSON: --json is pretty on a terminal and one line in a pipe; --json=pretty and --json=short
        choose, --json=off prints text. Colour: only on a terminal, never when NO_COLOR is set (to
        anything but the empty string) or TERM=dumb.

        resolve and open ask the daemon, or resolve in this process with --offline, with
        --apps or --coverage, or (open) when the daemon is not running; --current-location
        goes with the request either way and decides it instead of the daemon's own location.
        Without it, a route from or to the current location asks GeoClue2 (at most
        --location-timeout SECONDS, default 3).

        Exit status: 0 success; 1 invalid file, unparsable link or error reply;
        2 usage or I/O error (unreadable file, daemon not reachable or not answering);
        open: 3 no routing app can open the link, 4 a loop refused, 126/127 the app cannot be run.
        """

    /// The commands, in the order `--help` lists them (for "did you mean" and `help COMMAND`).
    static let commands = [
        "validate", "render", "contains", "resolve", "link", "apps", "reload", "monitor", "open", "desktop", "location", "help",
    ]

    static func main(_ arguments: [String]) -> Int32 {
        // Global options come before the command.
        var rest = arguments[...]
        var socket = DefaultPaths.clientSocket()
        var literals: String? = nil
        while let first = rest.first, first.hasPrefix("-") {
            rest = rest.dropFirst()
            switch first {
            case "--help", "-h": out(usage); return ExitStatus.success
            case "--version": out("routingctl \(RoutingDaemon.version)"); return ExitStatus.success
            case "--no-pager": continue  // routingctl pages nothing
            case "--socket":
                guard let value = rest.popFirst() else { return usageError("--socket needs a value") }
                socket = value
            case "--current-location-literals":
                guard let value = rest.popFirst() else { return usageError("--current-location-literals needs a value") }
                literals = value
            default:
                if first.hasPrefix("--socket=") { socket = String(first.dropFirst(9)); continue }
                if first.hasPrefix("--current-location-literals=") {
                    literals = String(first.dropFirst("--current-location-literals=".count))
                    continue
                }
                return usageError("unknown option '\(first)'")
            }
        }
        guard let command = rest.popFirst() else { return usageError("no command given") }
        return run(command, Array(rest), socket: socket, literals: literals)
    }

    /// Runs one command with its arguments.
    static func run(_ command: String, _ args: [String], socket: String, literals: String?) -> Int32 {
        do {
            switch command {
            case "validate": return try args.contains("--fix") ? fix(args) : validate(args)
            case "render": return try render(args, socket: socket, literals: literals)
            case "contains": return try contains(args)
            case "resolve": return try resolve(args, socket: socket, literals: literals)
            case "link": return try link(args, literals: literals)
            case "apps": return try apps(args, socket: socket)
            case "reload": return try reload(args, socket: socket)
            case "monitor": return try monitor(args, socket: socket)
            case "location": return try location(args, socket: socket)
            case "open": return try open(args, socket: socket, literals: literals)
            case "desktop": return try desktop(args)
            case "help": return help(args, socket: socket, literals: literals)
            default: return unknownCommand(command)
            }
        } catch {
            return usageError(error.message, command: command)
        }
    }

    static let helpUsage = """
        Usage: routingctl help [COMMAND]

        Shows routingctl's help, or COMMAND's: routingctl help validate is routingctl validate --help.
        A COMMAND that does not exist is a usage error (exit 2) that names the nearest command.
        """

    /// `routingctl help [COMMAND]`: routingctl's help, or the command's (`COMMAND --help`).
    static func help(_ args: [String], socket: String, literals: String?) -> Int32 {
        let words = args.filter { $0 != "--no-pager" }
        guard let command = words.first else { out(usage); return ExitStatus.success }
        if command == "--help" || command == "-h" { out(helpUsage); return ExitStatus.success }
        guard words.count == 1 else { return usageError("help takes one command, got \(words.count)", command: "help") }
        guard commands.contains(command) else { return unknownCommand(command) }
        if command == "help" { out(helpUsage); return ExitStatus.success }
        return run(command, ["--help"], socket: socket, literals: literals)
    }

    /// `routingctl: unknown command 'validat'; did you mean 'validate'?` (exit 2).
    static func unknownCommand(_ command: String) -> Int32 {
        let hint = suggestion(for: command, among: commands).map { "; did you mean '\($0)'?" } ?? ""
        return usageError("unknown command '\(command)'\(hint)")
    }

    // MARK: resolve

    static let resolveUsage = """
        Usage: routingctl resolve [--json] [--strict] [--explain | --app ID] [--current-location LAT,LON]
                                  [--location-timeout SECONDS] [--expand-short-links [--short-link-timeout SECONDS]]
                                  (URL | FILE.mkdirectionsrequest)
               routingctl resolve --offline [--apps DIR]... [--coverage DIR] [--current-location LAT,LON]
                                  [--location-timeout SECONDS] [--current-location-literals FILE] [--json]
                                  [--strict] [--explain | --app ID] [--expand-short-links [--short-link-timeout SECONDS]]
                                  (URL | FILE)

        Parses a directions link (Apple Maps, Google Maps, geo:, OpenStreetMap, OsmAnd, Organic Maps,
        Waze, Citymapper, Bing, HERE, Yandex, 2GIS, Moovit, Magic Earth, Mapy; see
        docs/directions-links.md) or an Apple .mkdirectionsrequest file into source, destination,
        waypoints and mode, and says which routing apps can serve it (eligible, or undetermined
        with the reason) and how many were ruled out. --explain lists every app, those ruled out last with their reasons; --app ID
        gives one app's verdict and reasons (an id no valid app has is an error, exit 1).
        By default it asks the daemon (a file is read here and its request sent with DecideApps);
        --offline resolves in this process against the apps the daemon would read (the manifest
        directories /usr/share/routingd/apps, /etc/routingd/apps, $XDG_DATA_HOME/routingd/apps,
        then each --apps DIR; and the coverage directory: --coverage DIR, or by default ./Coverage
        if it exists, else PREFIX/share/routingd/coverage next to this program's PREFIX/bin, and
        when neither exists no bare coverage file, with a note). --apps, --coverage and, for a
        link, --current-location-literals apply only in this process, so giving any of them
        resolves here as --offline does. Invalid manifests and coverage files, and a --apps DIR
        that does not exist, are reported on standard error.
        --current-location LAT,LON is where you are: it goes with the request (the currentLocation
        of Resolve or DecideApps, source command-line) and decides it, taking precedence over the
        daemon's own location (routingctl location set), which this process cannot know offline.
        Without it, when the route starts or ends at the current location, GeoClue2 (the desktop's
        location service, on the system bus) is asked, as routingd-open, for a city-level location
        (source geoclue2), waiting at most --location-timeout SECONDS (default 3). When none is
        known, a line on standard error says why ("current location unavailable: GeoClue2 is not
        running") and what was used instead.
        A short link (maps.app.goo.gl, goo.gl/maps, share.google, g.co/kgs, maps.apple/p) cannot
        be read offline (unresolvable-offline); --expand-short-links follows its HTTPS redirect
        here, with libcurl, at most --short-link-timeout SECONDS (default 10, more than 0 and at
        most 3600; only with --expand-short-links) per request, and resolves the map link it
        leads to (a note on standard error says which). The daemon never goes to the network.
        Lenient by default: each repair of a sloppy link is printed on standard error as
          warning: CODE (PARAMETER): MESSAGE
        --strict makes any repair an error (exit 1), for scripts.
        --json prints the parameters of the Resolve reply (apps: the eligible and undetermined
        apps, every app with --explain, the one with --app; ineligible: how many were ruled out):
          {"request":{"source":E,"destination":E,"waypoints":[E],"mode":M,"transportType":T,
                      "avoid":[…],"navigate":B,"departureDate"?:D,"arrivalDate"?:D},
           "format":F,"warnings":[{"code","message","parameter"}],
           "apps":[{"id","eligible","reasons":[{"endpoint","rule","message"}]}],"ineligible":N,
           "currentLocation":{"latitude","longitude","accuracy"?,"source"?,"origin","setAt"?}|null}
        and for a link that cannot be parsed {"error":{"code","message","parameter"}} (exit 1);
        an error reply of the daemon is {"error":{"code","message",…}} too (exit 1).
        """

    static func resolve(_ arguments: [String], socket: String, literals: String?) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(
            arguments, flags: ["json", "offline", "strict", "explain", "help", "expand-short-links"],
            options: ["apps", "coverage", "current-location", "socket", "current-location-literals", "location-timeout", "app",
                "short-link-timeout"])
        if args.has("help") { out(resolveUsage); return ExitStatus.success }
        guard args.positionals.count == 1, var url = args.positionals.first else {
            let hint = args.positionals.count > 1 && args.options["current-location"] != nil
                ? "; give --current-location as one argument, LATITUDE,LONGITUDE" : " (quote it for the shell)"
            return usageError("resolve needs exactly one URL or file, got \(args.positionals.count)\(hint)", command: "resolve")
        }
        let json = args.has("json")
        if !LinkInput.isRequestFile(url) {
            switch ShortLinkExpansion.apply(url, args) {
            case .success(let expanded): url = expanded
            case .failure(.io(let message)): err("routingctl: \(message)"); return ExitStatus.usage
            case .failure(.link(let error)): return finishResolve(.failure(invalidURLError(error)), json: json, hint: ResolveHint(args, link: url))
            }
        }
        let strict = args.has("strict")
        let appID = args.options["app"]
        let explain = args.has("explain") || appID != nil
        let hint = ResolveHint(args, link: url)
        let isFile = LinkInput.isRequestFile(url)
        let literalsPath = args.options["current-location-literals"] ?? literals
        // The in-process options resolve in-process (for a file, the literals apply to reading it).
        let offline = args.has("offline") || InProcessResolver.options.contains { args.options[$0] != nil }
            || (literalsPath != nil && !isFile)
        let parser: DirectionsURLParser
        switch LinkInput.parser(literalsPath: literalsPath, strict: strict) {
        case .success(let p): parser = p
        case .failure(let message): err("routingctl: \(OneLine.escaped(message.text))"); return ExitStatus.usage
        }
        // A .mkdirectionsrequest file is always read and parsed here.
        var parsedFile: ParsedLink? = nil
        if isFile {
            switch LinkInput.readRequestFile(url, parser: parser) {
            case .success(let parsed): parsedFile = parsed
            case .failure(.io(let message)): err("routingctl: \(OneLine.escaped(message))"); return ExitStatus.usage
            case .failure(.parse(let error)):
                return finishResolve(.failure(invalidURLError(error)), json: json, hint: hint)
            case .failure(.request(let error)):
                err("routingctl: \(OneLine.escaped(error.description))")
                return ExitStatus.failure
            }
        }
        // The session's location goes with the request (the daemon uses it for this request only).
        let locationTimeout: Double
        switch SessionLocation.timeout(args.options["location-timeout"]) {
        case .success(let seconds): locationTimeout = seconds
        case .failure(let problem): return usageError("--location-timeout: \(problem.message)", command: "resolve")
        }
        let session: SessionLocation.Answer
        switch SessionLocation.current(
            for: parsedFile?.request ?? (try? parser.parse(url)), option: args.options["current-location"],
            timeout: locationTimeout)
        {
        case .success(let answer): session = answer
        case .failure(let problem): return usageError("--current-location: \(problem.message)", command: "resolve")
        }
        let reply: Result<JSONObject, VarlinkError>
        if offline {
            guard let daemon = InProcessResolver.load(
                appsDirectories: args.allValues["apps"] ?? [], coverage: args.options["coverage"],
                currentLocation: nil, literals: parser.currentLocationLiterals)
            else { return ExitStatus.usage }
            let used = session.location.map(WireFormat.encode) ?? .null
            do throws(VarlinkError) {
                let parsed: ParsedLink
                if let parsedFile {
                    parsed = parsedFile
                } else {
                    do throws(DirectionsURLError) {
                        parsed = try daemon.parser(strict: strict).parseLink(url)
                    } catch {
                        throw invalidURLError(error)
                    }
                }
                let (decided, unlisted) = try decideVerdicts(daemon, parsed.request, session.location, appID: appID, explain: explain)
                let verdicts = InProcessResolver.inProcessWording(decided)
                var parameters = WireFormat.resolveReply(parsed, verdicts: verdicts, explain: explain, unlisted: unlisted)
                parameters["currentLocation"] = used
                reply = .success(parameters)
            } catch {
                reply = .failure(error)
            }
        } else {
            let path = args.options["socket"] ?? socket
            if let parsedFile {
                var parameters: JSONObject = ["request": WireFormat.encode(parsedFile.request)]
                if let location = session.location { parameters["currentLocation"] = SessionLocation.parameter(location) }
                if explain { parameters["explain"] = true }
                if let appID { parameters["appId"] = .string(appID) }
                switch call(path, "org.routingd.Directions.DecideApps", parameters, offline: true) {
                case .reply(let parameters):
                    // The Resolve shape: the file's format and warnings, the daemon's verdicts.
                    var combined = WireFormat.resolveReply(parsedFile, verdicts: [])
                    combined["apps"] = parameters["apps"] ?? []
                    combined["ineligible"] = parameters["ineligible"] ?? 0
                    combined["currentLocation"] = parameters["currentLocation"] ?? .null
                    reply = .success(combined)
                case .error(let error): reply = .failure(error)
                case .unreachable(let status): return status
                }
            } else {
                var parameters: JSONObject = ["url": .string(url)]
                if strict { parameters["strict"] = true }
                if let location = session.location { parameters["currentLocation"] = SessionLocation.parameter(location) }
                if explain { parameters["explain"] = true }
                if let appID { parameters["appId"] = .string(appID) }
                switch call(path, "org.routingd.Directions.Resolve", parameters, offline: true) {
                case .reply(let parameters): reply = .success(parameters)
                case .error(let error): reply = .failure(error)
                case .unreachable(let status): return status
                }
            }
        }
        let status = finishResolve(reply, json: json, hint: hint)
        if case .success(let parameters) = reply {
            reportSessionLocation(session, reply: parameters, inProcess: offline)
        }
        return status
    }

    /// On standard error, after a resolution that needed the current location and got none from
    /// the session: why (`current location unavailable: …`), and what decided instead: the
    /// daemon's own location (with when it was set), or nothing (the apps are undetermined).
    static func reportSessionLocation(_ session: SessionLocation.Answer, reply: JSONObject, inProcess: Bool) {
        guard let line = session.unavailableLine else { return }
        if let used = reply["currentLocation"], used["origin"]?.stringValue == "daemon" {
            let setAt = used["setAt"]?.stringValue.map { ", set \($0)" } ?? ""
            let source = used["source"]?.stringValue.map { " by \($0)" } ?? ""
            err("routingctl: note: \(line); routingd's own current location was used (routingctl location get\(setAt)\(source))")
        } else if inProcess {
            err("routingctl: \(line); resolved in this process, which cannot know the daemon's own location (routingctl location set), so apps that need it are undetermined")
        } else {
            err("routingctl: \(line), and routingd has none set (routingctl location set LAT LON), so apps that need it are undetermined")
        }
    }

    static func invalidURLError(_ error: DirectionsURLError) -> VarlinkError {
        VarlinkError(name: "org.routingd.Directions.InvalidURL", parameters: WireFormat.encode(error))
    }

    /// What `routingctl resolve` needs to say how to see why the apps it did not list were ruled
    /// out: the link or file as given, after the options that chose where and how it was decided
    /// (`--offline`, `--coverage DIR`, …), so that the command shown asks the same apps.
    struct ResolveHint {
        var options: [String] = []
        var link: String

        /// The hint for `args`: its options that decide the answer (not `--json`, `--explain`, `--app`).
        init(_ args: Arguments, link: String) {
            for flag in ["offline", "strict"] where args.has(flag) { options.append("--" + flag) }
            for name in ["coverage", "current-location", "current-location-literals", "socket", "location-timeout"] {
                if let value = args.options[name] { options += ["--" + name, value] }
            }
            for directory in args.allValues["apps"] ?? [] { options += ["--apps", directory] }
            self.link = link
        }

        /// `routingctl resolve --explain OPTIONS LINK`, each word quoted for a POSIX shell.
        var command: String {
            (["routingctl", "resolve", "--explain"] + (options + [link]).map(ShellQuote.quote)).joined(separator: " ")
        }
    }

    static func finishResolve(_ reply: Result<JSONObject, VarlinkError>, json: Bool, hint: ResolveHint? = nil) -> Int32 {
        switch reply {
        case .success(let parameters):
            if json {
                out(jsonText(JSON.object(parameters)))
            } else {
                printResolve(parameters, hint: hint)
                for warning in parameters["warnings"]?.arrayValue ?? [] { err(warningLine(warning)) }
            }
            return ExitStatus.success
        case .failure(let error):
            if error.name == "org.routingd.Directions.InvalidURL" {
                if json {
                    out(jsonText(JSON.object(["error": .object(error.parameters)])))
                } else {
                    let parameter = error.parameters["parameter"]?.stringValue.map { " (parameter '\(OneLine.escaped($0))')" } ?? ""
                    let code = error.parameters["code"]?.stringValue.map { " [\(OneLine.escaped($0))]" } ?? ""
                    err("routingctl: cannot parse the link\(parameter): \(OneLine.escaped(error.parameters["message"]?.stringValue ?? error.name))\(code)")
                }
                return ExitStatus.failure
            }
            return report(error, json: json)
        }
    }

    /// `warning: CODE (PARAMETER): MESSAGE`, or `warning: CODE: MESSAGE` without a parameter, for
    /// standard error (the label coloured when that is a terminal, ``TerminalStyle``).
    static func warningLine(_ warning: JSON) -> String {
        let code = OneLine.escaped(warning["code"]?.stringValue, or: "?")
        let parameter = warning["parameter"]?.stringValue.map { " (\(OneLine.escaped($0)))" } ?? ""
        let label = TerminalStyle.paint("warning:", .magenta, enabled: colourErr)
        return "\(label) \(code)\(parameter): \(OneLine.escaped(warning["message"]?.stringValue, or: ""))"
    }

    static func printResolve(_ reply: JSONObject, hint: ResolveHint? = nil) {
        let request = reply["request"] ?? .null
        out("source:      \(describeEndpoint(request["source"]))")
        for (i, waypoint) in (request["waypoints"]?.arrayValue ?? []).enumerated() {
            out("waypoint[\(i)]: \(describeEndpoint(waypoint))")
        }
        out("destination: \(describeEndpoint(request["destination"]))")
        let mode = request["mode"]?.stringValue ?? request["transportType"]?.stringValue.map { "any \($0) mode" } ?? "unspecified"
        out("mode:        \(OneLine.escaped(mode))")
        let avoid = (request["avoid"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !avoid.isEmpty { out("avoid:       \(OneLine.escaped(avoid.joined(separator: ", ")))") }
        if request["navigate"] == .bool(true) { out("navigate:    yes (start guidance at once)") }
        if let date = request["departureDate"]?.stringValue { out("depart at:   \(OneLine.escaped(date))") }
        if let date = request["arrivalDate"]?.stringValue { out("arrive by:   \(OneLine.escaped(date))") }
        if let format = reply["format"]?.stringValue { out("format:      \(OneLine.escaped(format))") }
        let usesHere = ([request["source"], request["destination"]] + (request["waypoints"]?.arrayValue ?? []).map { $0 })
            .contains { $0?["kind"]?.stringValue == "currentLocation" }
        if usesHere, let here = reply["currentLocation"], !here.isNull {
            out("here:        \(describeLocation(here))")
        }
        let apps = reply["apps"]?.arrayValue ?? []
        let ruledOut = reply["ineligible"]?.intValue ?? 0
        let unlisted = apps.contains { $0["eligible"] == .bool(false) } ? 0 : ruledOut
        defer {
            if unlisted > 0 {
                // The reply leaves out the apps ruled out; say how many, and how to see why.
                let command = hint?.command ?? "routingctl resolve --explain LINK"
                out("\n\(unlisted) \(unlisted == 1 ? "app" : "apps") ruled out; to see why: \(command) (or --app ID for one app)")
            }
        }
        if apps.isEmpty {
            out(ruledOut > 0 ? "\nno routing app can serve this route" : "\nno valid routing apps")
            return
        }
        out("")
        let width = apps.compactMap { $0["id"]?.stringValue.map { OneLine.escaped($0).count } }.max() ?? 0
        for app in apps {
            let id = OneLine.escaped(app["id"]?.stringValue, or: "?")
            let pad = String(repeating: " ", count: max(0, width - id.count))
            let verdict: String
            switch app["eligible"] {
            case .bool(true)?: verdict = "eligible"
            case .bool(false)?: verdict = "not eligible"
            default: verdict = "undetermined"
            }
            out("\(id)\(pad)  \(verdict)")
            for reason in app["reasons"]?.arrayValue ?? [] {
                out("\(String(repeating: " ", count: width))    - \(OneLine.escaped(reason["message"]?.stringValue, or: ""))")
            }
        }
    }

    /// A `Location` of a reply for people: `48.8584, 2.2945 ±25 m (given with the request by
    /// command-line)` or `… (routingd's own, set 2026-12-04T18:47:51Z by command-line)`.
    static func describeLocation(_ location: JSON) -> String {
        var text = "\(JSON.format(location["latitude"]?.doubleValue ?? .nan)), \(JSON.format(location["longitude"]?.doubleValue ?? .nan))"
        if let accuracy = location["accuracy"]?.doubleValue { text += " ±\(JSON.format(accuracy)) m" }
        let source = location["source"]?.stringValue.map { " by \(OneLine.escaped($0))" } ?? ""
        if location["origin"]?.stringValue == "request" {
            text += " (given with the request\(source))"
        } else {
            text += " (routingd's own" + (location["setAt"]?.stringValue.map { ", set \(OneLine.escaped($0))" } ?? "") + source + ")"
        }
        return text
    }

    /// One endpoint for people: `current location`, `address "…"`, `LAT, LON (label)`; what came
    /// from the link is escaped (``OneLine``).
    static func describeEndpoint(_ endpoint: JSON?) -> String {
        guard let endpoint else { return "?" }
        switch endpoint["kind"]?.stringValue {
        case "currentLocation": return "current location"
        case "address":
            let id = endpoint["placeID"]?.stringValue.map { " (place id \(OneLine.escaped($0)))" } ?? ""
            return "address \"\(OneLine.escaped(endpoint["text"]?.stringValue, or: ""))\"\(id)"
        case "coordinate":
            let lat = endpoint["latitude"].map { JSON.format($0.doubleValue ?? .nan) } ?? "?"
            let lon = endpoint["longitude"].map { JSON.format($0.doubleValue ?? .nan) } ?? "?"
            let label = endpoint["label"]?.stringValue.map { " (\(OneLine.escaped($0)))" } ?? ""
            let id = endpoint["placeID"]?.stringValue.map { " (place id \(OneLine.escaped($0)))" } ?? ""
            let approximate = endpoint["precision"]?.stringValue == "approximate" ? " (approximate: the centre of a map view)" : ""
            return "\(lat), \(lon)\(label)\(id)\(approximate)"
        default: return OneLine.escaped(endpoint.serialized())
        }
    }

    // MARK: apps

    static let appsUsage = """
        Usage: routingctl apps [--json]

        Lists the daemon's routing apps by id: state (active; stale: its files changed and fail,
        the last good version serves; invalid: never loaded, serves nothing), name, modes,
        priority, polygons, bounding box (degrees) and area (km²) of the version in service, its
        manifest and coverage files, then each error (FILE:LINE:COLUMN: ...) and warning.
        --json prints the ListApps reply: {"apps":[{"id","name","state","lastError","modes",
        "priority","manifest","coverage","exec","linkFormat","boundingBox","area","polygons",
        "errors","warnings"}]}.
        """

    static func apps(_ arguments: [String], socket: String) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["json", "help"], options: ["socket"])
        if args.has("help") { out(appsUsage); return ExitStatus.success }
        guard args.positionals.isEmpty else { return usageError("apps takes no arguments", command: "apps") }
        switch call(args.options["socket"] ?? socket, "org.routingd.Directions.ListApps", [:]) {
        case .unreachable(let status): return status
        case .error(let error): return report(error, json: args.has("json"))
        case .reply(let reply):
            if args.has("json") { out(jsonText(JSON.object(reply))); return ExitStatus.success }
            let apps = reply["apps"]?.arrayValue ?? []
            if apps.isEmpty { out("no routing apps") }
            for app in apps { describeApp(app).forEach(out) }
            return ExitStatus.success
        }
    }

    /// `ID (NAME): STATE, modes, priority, polygons, box, km²`, then indented files, errors, warnings.
    static func describeApp(_ app: JSON) -> [String] {
        let show = { (text: String?) in OneLine.escaped(text, or: "?") }
        let rawID = app["id"]?.stringValue ?? "?"
        let id = show(rawID)
        let name = app["name"]?.stringValue.flatMap { $0 == rawID ? nil : $0 }.map { " (\(show($0)))" } ?? ""
        let state = app["state"]?.stringValue ?? "?"
        var line = "\(id)\(name): \(show(state))"
        if state == "invalid" {
            line += ", serves nothing"
        } else {
            if state == "stale" { line += " (its files fail; the last good version serves)" }
            let modes = app["modes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            line += modes.count == DirectionsMode.allCases.count ? ", all modes" : ", " + show(modes.joined(separator: " "))
            line += ", priority \(app["priority"]?.intValue ?? 0)"
            let polygons = app["polygons"]?.intValue ?? 0
            line += ", \(polygons) polygon\(polygons == 1 ? "" : "s")"
            if let box = app["boundingBox"], !box.isNull {
                let f = { (k: String) in JSON.format(box[k]?.doubleValue ?? .nan) }
                line += ", west \(f("west")) south \(f("south")) east \(f("east")) north \(f("north"))"
            }
            if let area = app["area"]?.doubleValue {
                line += ", \(JSON.format((area / 1e6).rounded())) km²"
            }
        }
        var lines = [line]
        if let manifest = app["manifest"]?.stringValue { lines.append("  manifest \(show(manifest))") }
        if let coverage = app["coverage"]?.stringValue { lines.append("  coverage \(show(coverage))") }
        for error in app["errors"]?.arrayValue ?? [] { lines.append("  \(show(error.stringValue))") }
        if state != "active", (app["errors"]?.arrayValue ?? []).isEmpty, let last = app["lastError"]?.stringValue {
            lines.append("  \(show(last))")
        }
        for warning in app["warnings"]?.arrayValue ?? [] { lines.append("  \(show(warning.stringValue))") }
        return lines
    }

    // MARK: reload

    static let reloadUsage = """
        Usage: routingctl reload [--json]

        Makes the daemon read its manifests and coverage files again now (it also does so by
        itself when they change, and on SIGHUP), and prints how many apps serve requests and how
        many have an error; 'routingctl apps' shows the errors. A file that fails keeps its app's
        last good version. --json prints the Reload reply: {"apps":N,"invalid":N}.
        Exit status 1 when the reload failed as a whole (the coverage directory given to the
        daemon cannot be listed): nothing changed, the apps loaded before still serve, and --json
        prints {"error":{"code":"reload-failed","message":…}} (the shape of resolve --json errors).
        """

    static func reload(_ arguments: [String], socket: String) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["json", "help"], options: ["socket"])
        if args.has("help") { out(reloadUsage); return ExitStatus.success }
        guard args.positionals.isEmpty else { return usageError("reload takes no arguments", command: "reload") }
        switch call(args.options["socket"] ?? socket, "org.routingd.Directions.Reload", [:]) {
        case .unreachable(let status): return status
        case .error(let error) where error.name == "org.routingd.Directions.ReloadFailed" && !args.has("json"):
            let message = OneLine.escaped(error.parameters["message"]?.stringValue, or: "no reason given")
            err("routingctl: reload failed, nothing changed: \(message)")
            err("routingctl: the daemon keeps serving the apps it had loaded ('routingctl apps' lists them); fix the directory or restart routingd with another --coverage DIR")
            return ExitStatus.failure
        case .error(let error): return report(error, json: args.has("json"))
        case .reply(let reply):
            if args.has("json") { out(jsonText(JSON.object(reply))); return ExitStatus.success }
            let apps = reply["apps"]?.intValue ?? 0
            let invalid = reply["invalid"]?.intValue ?? 0
            out("reloaded: \(apps) app\(apps == 1 ? "" : "s") in service, \(invalid) with errors"
                + (invalid > 0 ? " (see routingctl apps)" : ""))
            return ExitStatus.success
        }
    }

    // MARK: location

    static let locationUsage = """
        Usage: routingctl location get [--json]
               routingctl location set [--accuracy METRES] LATITUDE LONGITUDE
               routingctl location clear

        The daemon's own current location (WGS84 degrees), used wherever a link means "from here"
        and the request carries no location of its own (the one open and resolve send, or a
        client's currentLocation): the fallback for kiosks, tests and clients without a session. Negative numbers are fine: routingctl location set 51.500543 -0.135702
        The daemon keeps it in its state directory (/var/lib/routingd for the system service,
        $XDG_STATE_HOME/routingd or the user unit's StateDirectory= for a user's), so it survives
        the idle exit and a restart.
          get             prints "LAT, LON" then "set TIME by SOURCE" (ISO 8601 UTC), or "unknown";
                          --json prints {"location":{"latitude","longitude","accuracy"?,"source"?,
                          "origin":"daemon","setAt"}|null}
          set             --accuracy METRES: how precise it is (finite, >= 0); the source is recorded
                          as "command-line"; a note says when the numbers look longitude first
          clear           forgets it (and removes it from the state directory)
        """

    static func location(_ arguments: [String], socket: String) throws(Arguments.UsageError) -> Int32 {
        let arguments = arguments.filter { $0 != "--no-pager" }  // also before get, set or clear
        guard let sub = arguments.first else { return usageError("location needs get, set or clear", command: "location") }
        if sub == "--help" || sub == "-h" { out(locationUsage); return ExitStatus.success }
        // A negative coordinate such as -0.135702 is a positional: only "--name" is an option.
        let args = try Arguments(Array(arguments.dropFirst()), flags: ["json", "help"], options: ["socket", "accuracy"])
        if args.has("help") { out(locationUsage); return ExitStatus.success }
        let positionals = args.positionals
        let path = args.options["socket"] ?? socket
        if args.options["accuracy"] != nil && sub != "set" {
            return usageError("--accuracy goes with location set", command: "location")
        }
        switch sub {
        case "get":
            guard positionals.isEmpty else { return usageError("location get takes no arguments", command: "location") }
            switch call(path, "org.routingd.Directions.GetCurrentLocation", [:]) {
            case .unreachable(let status): return status
            case .error(let error): return report(error, json: args.has("json"))
            case .reply(let reply):
                if args.has("json") { out(jsonText(JSON.object(reply))); return ExitStatus.success }
                if let location = reply["location"], !location.isNull {
                    let accuracy = location["accuracy"]?.doubleValue.map { " ±\(JSON.format($0)) m" } ?? ""
                    out("\(JSON.format(location["latitude"]?.doubleValue ?? .nan)), \(JSON.format(location["longitude"]?.doubleValue ?? .nan))\(accuracy)")
                    if let setAt = location["setAt"]?.stringValue {
                        out("set \(OneLine.escaped(setAt))" + (location["source"]?.stringValue.map { " by \(OneLine.escaped($0))" } ?? ""))
                    }
                } else {
                    out("unknown")
                }
                return ExitStatus.success
            }
        case "set":
            let coordinate: Coordinate
            switch parseLocation(positionals, separateNumbers: true) {
            case .success(let parsed): coordinate = parsed
            case .failure(let problem): return usageError("location set: \(problem.message)", command: "location")
            }
            if let evidence = SwappedPoint.evidence(for: coordinate) {
                // Still set as given: a remote place is possible; the note says how to undo it.
                err("routingctl: note: \(JSON.format(coordinate.latitude)) \(JSON.format(coordinate.longitude)) may be longitude first: \(evidence.message); if so, run: routingctl location set \(JSON.format(evidence.swapped.latitude)) \(JSON.format(evidence.swapped.longitude))")
            }
            var parameters: JSONObject = [
                "latitude": .number(coordinate.latitude), "longitude": .number(coordinate.longitude),
                "source": .string(SessionLocation.commandLineSource),
            ]
            if let text = args.options["accuracy"] {
                guard let accuracy = Double(Substring(text).trimmingSpaces), accuracy.isFinite, accuracy >= 0 else {
                    return usageError("location set: --accuracy '\(text)' is not a finite number of metres >= 0", command: "location")
                }
                parameters["accuracy"] = .number(accuracy)
            }
            return simple(call(path, "org.routingd.Directions.SetCurrentLocation", parameters), json: args.has("json"))
        case "clear":
            guard positionals.isEmpty else { return usageError("location clear takes no arguments", command: "location") }
            return simple(call(path, "org.routingd.Directions.ClearCurrentLocation", [:]), json: args.has("json"))
        default:
            return usageError("unknown location command '\(sub)'", command: "location")
        }
    }

    static func simple(_ outcome: CallOutcome, json: Bool) -> Int32 {
        switch outcome {
        case .unreachable(let status): return status
        case .error(let error): return report(error, json: json)
        case .reply: return ExitStatus.success
        }
    }

    // MARK: helpers

    enum CallOutcome {
        case reply(JSONObject)
        case error(VarlinkError)
        case unreachable(Int32)
    }

    /// Seconds routingctl waits for the daemon to accept a connection, take a call and answer it.
    static let daemonTimeout: Double = 5

    /// What to do when the socket cannot be reached, by the `connect(2)` error. `offline`: the
    /// command accepts `--offline` (resolve, open, render), so the hint may suggest it; apps,
    /// reload, location and monitor have nothing to do without the daemon and reject it.
    static func unreachableHint(_ code: Int32, offline: Bool) -> String {
        switch code {
        case EACCES, EPERM:
            "the socket is not open to you: the system socket admits root and the routingd group (usermod -aG routingd USER, then log in again); or pass --socket PATH"
                + (offline ? ", or use --offline" : "")
        default:
            "start it (routingd; or systemctl --user start routingd.socket / systemctl start routingd.socket when installed)"
                + (offline ? ", pass --socket PATH, or use --offline" : " or pass --socket PATH")
        }
    }

    /// `offline`: the calling command accepts `--offline`, for ``unreachableHint(_:offline:)``.
    static func call(_ socket: String, _ method: String, _ parameters: JSONObject, offline: Bool = false) -> CallOutcome {
        let client: VarlinkClient
        do {
            client = try VarlinkClient(path: socket, timeout: daemonTimeout)
        } catch {
            if error.errno == ETIMEDOUT { return .unreachable(notAnswering(socket, error: error)) }
            err("routingctl: cannot reach routingd at \(OneLine.escaped(socket)): \(OneLine.escaped(error.description))")
            err("routingctl: " + unreachableHint(error.errno, offline: offline))
            return .unreachable(ExitStatus.usage)
        }
        defer { client.close() }
        do {
            return .reply(try client.call(method, parameters))
        } catch let error as VarlinkError {
            return .error(error)
        } catch let error as SystemError where error.errno == ETIMEDOUT {
            return .unreachable(notAnswering(socket, error: error))
        } catch {
            err("routingctl: \(method) failed: \(OneLine.escaped("\(error)"))")
            return .unreachable(ExitStatus.usage)
        }
    }

    /// Says that the daemon at `socket` did not answer within ``daemonTimeout`` and what to check;
    /// returns the exit status (2).
    static func notAnswering(_ socket: String, error: SystemError) -> Int32 {
        let what = error.operation == "connect" ? "accept the connection" : "answer"
        err("routingctl: routingd at \(OneLine.escaped(socket)) did not \(what) within \(JSON.format(daemonTimeout)) seconds (\(error.operation): \(String(cString: strerror(error.errno))))")
        err("routingctl: a process holds the socket but is stuck or overloaded; check the daemon's log (journalctl -u routingd, journalctl --user -u routingd, or its terminal) and restart it if it stays stuck")
        return ExitStatus.usage
    }

    /// Prints a daemon's error reply. Text: its message (the daemon's errors carry a sentence).
    /// JSON: `{"error":{"code","message",…}}`, the shape of `resolve --json` errors: `code` is the
    /// reply's own `code` member when it has one, else the error's name in kebab case
    /// (`org.routingd.Directions.ReloadFailed` → `reload-failed`), then the reply's parameters.
    static func report(_ error: VarlinkError, json: Bool) -> Int32 {
        if json {
            var object = error.parameters
            if object["code"]?.stringValue == nil { object["code"] = .string(errorCode(error.name)) }
            if object["message"]?.stringValue == nil { object["message"] = .string("the daemon answered \(error.name)") }
            out(jsonText(JSON.object(["error": .object(object)])))
        } else if let message = error.parameters["message"]?.stringValue {
            // routingd's own errors carry a sentence; say it, not the error's name.
            let parameter = error.parameters["parameter"]?.stringValue.map { " (parameter '\(OneLine.escaped($0))')" } ?? ""
            err("routingctl: \(OneLine.escaped(message))\(parameter)")
        } else {
            err("routingctl: the daemon answered \(OneLine.escaped(error.name)) \(OneLine.escaped(JSON.object(error.parameters).serialized()))")
        }
        return ExitStatus.failure
    }

    /// `org.routingd.Directions.ReloadFailed` → `reload-failed`.
    static func errorCode(_ name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        var code = ""
        for character in last {
            if character.isUppercase, !code.isEmpty { code += "-" }
            code += character.lowercased()
        }
        return code
    }

    struct LocationProblem: Error { var message: String }

    /// A coordinate from `["LAT,LON"]` or `["LAT", "LON"]` (WGS84 degrees), with a message that
    /// says what is wrong. `separateNumbers`: the command takes the two numbers as two arguments
    /// too (`location set 51.5 -0.12`), so the message for one number says so; an option's value
    /// (`--current-location`) is one argument.
    static func parseLocation(_ arguments: [String], separateNumbers: Bool = false) -> Result<Coordinate, LocationProblem> {
        let parts: [Substring]
        switch arguments.count {
        case 1: parts = arguments[0].split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        case 2: parts = arguments.map { Substring($0).trimmingSpaces }
        default:
            return .failure(.init(message: "give LATITUDE LONGITUDE or LATITUDE,LONGITUDE in degrees, e.g. 51.500543 -0.135702"))
        }
        guard parts.count == 2 else {
            let example = separateNumbers ? "e.g. 51.500543,-0.135702, or the two numbers apart: 51.500543 -0.135702" : "e.g. 51.500543,-0.135702"
            return .failure(.init(message: "'\(arguments.joined(separator: " "))' is not LATITUDE,LONGITUDE (\(example))"))
        }
        guard let latitude = Double(parts[0]) else {
            return .failure(.init(message: "latitude '\(parts[0])' is not a decimal number of degrees"))
        }
        guard let longitude = Double(parts[1]) else {
            return .failure(.init(message: "longitude '\(parts[1])' is not a decimal number of degrees"))
        }
        do {
            return .success(try Coordinate.validated(latitude: latitude, longitude: longitude))
        } catch {
            switch error {
            case .latitudeOutOfRange: return .failure(.init(message: "latitude \(parts[0]) is outside -90...90 degrees"))
            case .longitudeOutOfRange: return .failure(.init(message: "longitude \(parts[1]) is outside -180...180 degrees"))
            }
        }
    }

    /// Reads standard input whole, for `validate -`.
    /// Reads standard input whole, up to `limit` bytes (by default the coverage-file limit).
    static func readStandardInput(
        limit: Int = CoverageDirectory.maxFileBytes, what: String = "bytes"
    ) -> Result<[UInt8], AppRegistry.ReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.init("-: cannot read standard input: \(String(cString: strerror(errno)))"))
            }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
            if bytes.count > limit {
                return .failure(.init("-: more than the \(limit)-byte limit of \(what) on standard input"))
            }
        }
    }

    /// Reports a usage error and points at the help of `command` (or of routingctl).
    static func usageError(_ message: String, command: String? = nil) -> Int32 {
        err("routingctl: \(OneLine.escaped(message))")
        err("Try 'routingctl \(command.map { $0 + " " } ?? "")--help'.")
        return ExitStatus.usage
    }

    static func out(_ text: String) { writeAll(1, text + "\n") }
    static func err(_ text: String) { writeAll(2, text + "\n") }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
