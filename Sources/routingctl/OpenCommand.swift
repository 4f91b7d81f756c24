// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Varlink

/// `routingctl open URL`: the desktop's handler for directions links. Resolves the link (through the
/// daemon, or in this process when the daemon is not running), picks the first eligible routing app
/// that has a launch command and replaces itself with that app through `execve(2)`.
extension RoutingCtl {
    /// Exit statuses of `open` beyond the common ones.
    enum OpenStatus {
        /// No eligible app, or none of the eligible apps has a launch command.
        static let nothingToLaunch: Int32 = 3
        /// The link came back from the `xdg-open` this command ran: dispatching it again would loop.
        static let loop: Int32 = 4
    }

    /// Set to the link when `open` runs `xdg-open LINK` (an app with `LinkFormat` and no `Exec`): if
    /// the desktop hands that same link back to `routingctl open` (routingd is the handler of its
    /// scheme), it is refused instead of looping forever.
    static let xdgOpenMarker = "ROUTINGCTL_OPEN_VIA_XDG_OPEN"

    static let openUsage = """
        Usage: routingctl open [--dry-run [--json]] [--choose | --app ID] [--offline] [--socket PATH]
                               [--apps DIR]... [--coverage DIR] [--current-location LAT,LON]
                               [--location-timeout SECONDS] [--expand-short-links [--short-link-timeout SECONDS]] URL

        Opens a directions link in the routing app that can serve it: the desktop's URL handler
        (systemd/routingd-open.desktop runs 'routingctl open %u'). The link is resolved by the daemon
        (Resolve, GetCurrentLocation, and ListApps for each app's exec and linkFormat); when the
        daemon is not running (no socket, or connection refused), or with --offline, it is resolved
        here with the same rules, from the apps directories (/usr/share/routingd/apps,
        /etc/routingd/apps, $XDG_DATA_HOME/routingd/apps, then each --apps DIR; one that does not
        exist is skipped with a note) and the coverage directory: --coverage DIR (it must exist), or
        by default ./Coverage if it exists, else PREFIX/share/routingd/coverage next to this
        program's PREFIX/bin; when neither exists there are no bare coverage files (a note, not an
        error: a desktop starts handlers in $HOME). --apps, --coverage and
        --current-location-literals apply only in this process, so giving any of them resolves
        here, as --offline does.
        --current-location LAT,LON is where you are: it goes with the request (source
        command-line) and decides it, through the daemon or here, taking precedence over the
        daemon's own location (routingctl location set), which applies without it. Without it, when
        the route starts or ends at the current location, GeoClue2 (the desktop's location service,
        on the system bus) is asked, as routingd-open, for a city-level location (source geoclue2),
        waiting at most --location-timeout SECONDS (default 3). When none is known, a line on
        standard error says why ("current location unavailable: GeoClue2 is not running") and
        which location was used instead.
        The first eligible app in the daemon's order (priority, then the smaller coverage, then id)
        that has a launch command (Exec or LinkFormat in its manifest) is started with execve(2):
        never through a shell, each argument exactly one element. Eligible apps without a launch
        command (bare coverage files) are skipped with a note on standard error.

          --dry-run   print the command instead of running it, as one line a POSIX shell splits back
                      into exactly the same arguments (single quotes, $'…' for control characters);
                      with --json: {"app":ID,"name":NAME,"argv":[…]}, and when no app can open
                      the link (exit 3) {"error":{"code","message"},"apps":[{"id","name",
                      "eligible","reasons":[{"endpoint","rule","message"}],"skipped"?}]}; a link
                      that cannot be parsed gives {"error":{"code","message","parameter"}} (exit 1)
          --choose    list the eligible apps on standard error, numbered, and read the choice from
                      the terminal (standard input must be a terminal)
          --app ID    open the routing app ID, if it is eligible (else its reasons, exit 3; an
                      unknown ID is a usage error)

        With two or more eligible apps and neither --choose nor --app: the first app named by
        PreferredApp=ID in $XDG_CONFIG_HOME/routingd/preferences (default ~/.config/routingd/
        preferences; Key=Value lines, # comments) that is eligible is opened; else, with a display
        (DISPLAY or WAYLAND_DISPLAY) and neither standard input nor standard output a terminal, a
        list is shown with zenity (or kdialog): the eligible apps, best first, then the
        undetermined ones marked as such; cancelling it launches nothing (exit 1). Otherwise the
        first is opened.
        After 'routingctl desktop register', a link no app can open, or that is not a directions
        link (a maps:q= search; once http and https are registered too, a web link that is not a
        map link), is handed unchanged to the handler its scheme had before (recorded in
        $XDG_STATE_HOME/routingd/handlers), by 'gio launch' (else 'gtk-launch') of its desktop
        file, never to routingd-open itself; the reason is shown in a desktop notification (on
        standard error without a notification service). Not with --dry-run or --app.

        Exit status: 0 launched (then it is the app's own status) or printed; 1 the link cannot be
        parsed, the daemon answered an error, or the choice was cancelled; 2 usage or I/O error;
        3 no routing app can open the link (each app's reasons are printed); 4 the link came back
        from the xdg-open run for it (a loop, refused); 126 the app's program cannot be executed;
        127 the app's program is not found.

        --expand-short-links follows a short link's HTTPS redirect first (maps.app.goo.gl,
        goo.gl/maps, share.google, g.co/kgs, maps.apple/p), as routingctl resolve does; without
        it a short link goes to the previous handler of its scheme, as any link routingd cannot route.
        """

    /// One routing app as `open` sees it: its verdict and how it would be launched.
    struct OpenCandidate {
        var id: String
        var name: String
        var eligible: Bool?
        /// The verdict's reasons as the Resolve reply has them: `{"endpoint"?,"rule","message"}`.
        var reasons: [JSON]
        /// The `Exec` template and `LinkFormat`, or why they are not known.
        var launch: Result<(exec: [String]?, linkFormat: LinkFormat?), OpenNote>

        /// A verdict of a Resolve reply (`{"id","eligible","reasons"}`), with the app's name and
        /// launch data.
        init(verdict: JSON, name: String?, launch: Result<(exec: [String]?, linkFormat: LinkFormat?), OpenNote>) {
            id = verdict["id"]?.stringValue ?? "?"
            self.name = name ?? id
            eligible = if case .bool(let b)? = verdict["eligible"] { b } else { nil }
            reasons = verdict["reasons"]?.arrayValue ?? []
            self.launch = launch
        }
    }

    struct OpenNote: Error { var text: String }

    /// What resolving a link gives `open`.
    struct OpenPlan {
        var request: DirectionsRequest
        /// The location that decided current-location endpoints (the session's, else the daemon's).
        var currentLocation: Coordinate?
        var candidates: [OpenCandidate]
        /// Resolved in this process, which cannot know the daemon's current location.
        var inProcess: Bool
        /// The Resolve reply (or its in-process equivalent), for the notes about the location.
        var reply: JSONObject? = nil
    }

    static func open(_ arguments: [String], socket: String, literals: String?) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(
            arguments, flags: ["dry-run", "choose", "offline", "json", "help", "expand-short-links"],
            options: ["socket", "apps", "coverage", "current-location", "current-location-literals", "location-timeout", "app",
                "short-link-timeout"])
        let appsDirectories = args.allValues["apps"] ?? []
        if args.has("help") { out(openUsage); return ExitStatus.success }
        guard args.positionals.count == 1, var url = args.positionals.first else {
            return usageError("open needs exactly one link, got \(args.positionals.count) (quote it for the shell)", command: "open")
        }
        switch ShortLinkExpansion.apply(url, args) {
        case .success(let expanded): url = expanded
        case .failure(.io(let message)): err("routingctl: \(message)"); return ExitStatus.usage
        case .failure(.link(let error)):
            err("routingctl: cannot open the link: \(OneLine.escaped(error.message)) [\(error.code.rawValue)]")
            return ExitStatus.failure
        }
        if let marker = getenv(xdgOpenMarker), String(cString: marker) == url {
            err("routingctl: this link comes back from the xdg-open that routingctl open ran for it (routingd-open.desktop is the handler of its scheme); refusing to dispatch it again, which would loop. Give the app an Exec= line that starts it directly")
            return OpenStatus.loop
        }
        // A link routingd cannot route goes to the scheme's previous handler (OpenDesktop.swift).
        if !args.has("dry-run"), args.options["app"] == nil,
            let status = desktopPreflight(url, literalsPath: args.options["current-location-literals"] ?? literals)
        {
            return status
        }
        let json = args.has("json")
        if json && !args.has("dry-run") {
            return usageError("--json goes with --dry-run", command: "open")
        }
        if args.has("choose") && isatty(0) == 0 {
            return usageError(
                "--choose reads the choice from a terminal, and standard input is not one; use --dry-run to see the command, or drop --choose to open the first eligible app",
                command: "open")
        }
        let literalsPath = args.options["current-location-literals"] ?? literals
        // The in-process options resolve in-process, as in `resolve`.
        let offline = args.has("offline") || InProcessResolver.options.contains { args.options[$0] != nil }
            || literalsPath != nil
        // The session's location goes with the request, to the daemon or the in-process resolution.
        let localParser = (try? LinkInput.parser(literalsPath: literalsPath, strict: false).get())
        let locationTimeout: Double
        switch SessionLocation.timeout(args.options["location-timeout"]) {
        case .success(let seconds): locationTimeout = seconds
        case .failure(let problem): return usageError("--location-timeout: \(problem.message)", command: "open")
        }
        let session: SessionLocation.Answer
        switch SessionLocation.current(
            for: try? localParser?.parse(url), option: args.options["current-location"], timeout: locationTimeout)
        {
        case .success(let answer): session = answer
        case .failure(let problem): return usageError("--current-location: \(problem.message)", command: "open")
        }

        // Through the daemon unless told otherwise or it is not running.
        var plan: OpenPlan? = nil
        if !offline {
            switch planThroughDaemon(
                url, socket: args.options["socket"] ?? socket, json: json, session: session, app: args.options["app"])
            {
            case .planned(let planned): plan = planned
            case .notRunning(let reason):
                err("routingctl: note: routingd is not running (\(OneLine.escaped(reason))); resolving in this process")
            case .failed(let status):
                return status
            }
        }
        if plan == nil {
            switch planInProcess(
                url, appsDirectories: appsDirectories, coverage: args.options["coverage"],
                session: session, literalsPath: literalsPath, json: json)
            {
            case .success(let planned): plan = planned
            case .failure(let status): return status.code
            }
        }
        guard let plan else { return ExitStatus.usage }
        if let reply = plan.reply { reportSessionLocation(session, reply: reply, inProcess: plan.inProcess) }
        return launch(plan, url: url, dryRun: args.has("dry-run"), json: json, choose: args.has("choose"), app: args.options["app"])
    }

    // MARK: resolving

    enum DaemonPlan {
        case planned(OpenPlan)
        case notRunning(String)
        case failed(Int32)
    }

    struct StatusCode: Error { var code: Int32 }

    /// Resolve (with the session's location) and ListApps over one connection. Resolve lists only
    /// the eligible and undetermined apps; when none is eligible, or `--app` names one, it is asked
    /// again with `explain`, so the message says why each app was ruled out.
    static func planThroughDaemon(
        _ url: String, socket: String, json: Bool, session: SessionLocation.Answer, app: String? = nil
    ) -> DaemonPlan {
        let client: VarlinkClient
        do {
            client = try VarlinkClient(path: socket, timeout: daemonTimeout)
        } catch {
            if error.errno == ENOENT || error.errno == ECONNREFUSED { return .notRunning("\(error)") }
            if error.errno == ETIMEDOUT { return .failed(notAnswering(socket, error: error)) }
            err("routingctl: cannot reach routingd at \(OneLine.escaped(socket)): \(OneLine.escaped(error.description))")
            err("routingctl: " + unreachableHint(error.errno, offline: true))
            return .failed(ExitStatus.usage)
        }
        defer { client.close() }
        let resolved: JSONObject
        let listed: JSONObject
        do {
            var parameters: JSONObject = ["url": .string(url)]
            if let location = session.location { parameters["currentLocation"] = SessionLocation.parameter(location) }
            if app != nil { parameters["explain"] = true }
            var reply = try client.call("org.routingd.Directions.Resolve", parameters)
            let anyEligible = (reply["apps"]?.arrayValue ?? []).contains { $0["eligible"] == .bool(true) }
            if app == nil, !anyEligible, (reply["ineligible"]?.intValue ?? 0) > 0 {
                parameters["explain"] = true
                reply = try client.call("org.routingd.Directions.Resolve", parameters)
            }
            resolved = reply
            listed = try client.call("org.routingd.Directions.ListApps", [:])
        } catch let error as VarlinkError {
            if error.name == "org.routingd.Directions.InvalidURL" {
                return .failed(finishResolve(.failure(error), json: json))
            }
            return .failed(report(error, json: json))
        } catch let error as SystemError where error.errno == ETIMEDOUT {
            return .failed(notAnswering(socket, error: error))
        } catch {
            err("routingctl: talking to routingd at \(OneLine.escaped(socket)) failed: \(OneLine.escaped("\(error)"))")
            return .failed(ExitStatus.usage)
        }
        for warning in resolved["warnings"]?.arrayValue ?? [] { err(warningLine(warning)) }
        let request: DirectionsRequest
        do {
            request = try WireFormat.decodeRequest(resolved["request"] ?? .null)
        } catch {
            err("routingctl: the daemon's Resolve reply has an unreadable request: \(error)")
            return .failed(ExitStatus.failure)
        }
        let currentLocation = SessionLocation.used(resolved)
        var listings: [String: JSON] = [:]
        for app in listed["apps"]?.arrayValue ?? [] {
            if let id = app["id"]?.stringValue { listings[id] = app }
        }
        let candidates = (resolved["apps"]?.arrayValue ?? []).map { verdict -> OpenCandidate in
            let id = verdict["id"]?.stringValue ?? "?"
            let listing = listings[id]
            return OpenCandidate(
                verdict: verdict, name: listing?["name"]?.stringValue, launch: launchData(listing: listing, id: id))
        }
        return .planned(OpenPlan(
            request: request, currentLocation: currentLocation, candidates: candidates, inProcess: false, reply: resolved))
    }

    /// The launch data of an app listed by the daemon: its `exec` and `linkFormat` members (null
    /// when the app has none), those of the version in service (a stale app's last good manifest).
    static func launchData(listing: JSON?, id: String) -> Result<(exec: [String]?, linkFormat: LinkFormat?), OpenNote> {
        guard let listing else { return .failure(OpenNote(text: "\(id) is not in the daemon's app list")) }
        guard listing["exec"] != nil || listing["linkFormat"] != nil else {
            return .failure(OpenNote(text: "the daemon's ListApps gives no launch data (exec, linkFormat) for \(id); an older routingd? Use --offline"))
        }
        var exec: [String]? = nil
        if let tokens = listing["exec"]?.arrayValue {
            exec = tokens.compactMap(\.stringValue)
            guard exec?.count == tokens.count else {
                return .failure(OpenNote(text: "\(id): the daemon lists an exec that is not an array of strings"))
            }
        }
        var format: LinkFormat? = nil
        if let name = listing["linkFormat"]?.stringValue {
            guard let known = LinkFormat(rawValue: name) else {
                return .failure(OpenNote(text: "\(id): the daemon lists the unknown link format '\(name)'"))
            }
            format = known
        }
        return .success((exec, format))
    }

    /// Loads the apps here and resolves with the daemon's own code (``InProcessResolver``); the
    /// verdicts go through the Resolve reply's wire form, as the daemon's do.
    static func planInProcess(
        _ url: String, appsDirectories: [String], coverage: String?, session: SessionLocation.Answer, literalsPath: String?,
        json: Bool
    ) -> Result<OpenPlan, StatusCode> {
        let parser: DirectionsURLParser
        switch LinkInput.parser(literalsPath: literalsPath, strict: false) {
        case .success(let p): parser = p
        case .failure(let message):
            err("routingctl: \(OneLine.escaped(message.text))")
            return .failure(StatusCode(code: ExitStatus.usage))
        }
        guard let daemon = InProcessResolver.load(
            appsDirectories: appsDirectories, coverage: coverage, currentLocation: nil,
            literals: parser.currentLocationLiterals)
        else { return .failure(StatusCode(code: ExitStatus.usage)) }
        let parsed: ParsedLink
        let verdicts: [AppVerdict]
        do {
            let (link, decided) = try daemon.resolve(url, currentLocation: session.location)
            (parsed, verdicts) = (link, InProcessResolver.inProcessWording(decided))
        } catch {
            return .failure(StatusCode(code: finishResolve(.failure(invalidURLError(error)), json: json)))
        }
        for warning in parsed.warnings { err(warningLine(WireFormat.encode(warning))) }
        var apps: [String: RoutingApp] = [:]
        for app in daemon.registry.apps { apps[app.id] = app }
        let candidates = verdicts.map { verdict -> OpenCandidate in
            let app = apps[verdict.appID]
            return OpenCandidate(
                verdict: WireFormat.encode(verdict), name: app?.name,
                launch: app.map { .success(($0.exec, $0.linkFormat)) } ?? .failure(OpenNote(text: "\(verdict.appID) is not loaded")))
        }
        var reply = WireFormat.resolveReply(parsed, verdicts: verdicts)
        reply["currentLocation"] = session.location.map(WireFormat.encode) ?? .null
        return .success(OpenPlan(
            request: parsed.request, currentLocation: session.location?.coordinate, candidates: candidates, inProcess: true,
            reply: reply))
    }

    // MARK: launching

    static func launch(_ plan: OpenPlan, url: String, dryRun: Bool, json: Bool, choose: Bool, app: String? = nil) -> Int32 {
        var eligible = plan.candidates.filter { $0.eligible == true }
        if let app {
            switch pickApp(app, plan: plan) {
            case .success(let candidate): eligible = [candidate]
            case .failure(let status): return status.code
            }
        }
        guard !eligible.isEmpty else {
            explainNoEligibleApp(plan)
            if !dryRun { return handOffNothingFits(plan, url: url) }
            if dryRun && json {
                let message = plan.candidates.isEmpty
                    ? "no routing app can open this link: there are no valid routing apps"
                    : "no routing app can open this link"
                printNothingToLaunch(plan, code: "no-eligible-app", message: message, skipped: [:])
            }
            return OpenStatus.nothingToLaunch
        }
        var launchable: [(candidate: OpenCandidate, argv: [String])] = []
        var skipped: [String: String] = [:]
        for candidate in eligible {
            let why: String
            switch candidate.launch {
            case .failure(let note): why = note.text
            case .success(let data):
                do {
                    let argv = try LaunchCommand.argv(
                        exec: data.exec, linkFormat: data.linkFormat, appID: candidate.id,
                        request: plan.request, link: url, currentLocation: plan.currentLocation)
                    launchable.append((candidate, argv))
                    continue
                } catch {
                    why = error.message
                }
            }
            skipped[candidate.id] = why
            // Only for an app passed over on the way to the one launched (or offered by --choose).
            if choose || launchable.isEmpty {
                err("routingctl: note: skipping \(OneLine.escaped(candidate.id)): \(OneLine.escaped(why))")
            }
        }
        guard !launchable.isEmpty else {
            let message = "\(eligible.count == 1 ? "the eligible app has no" : "none of the \(eligible.count) eligible apps has a") usable launch command; give \(eligible.count == 1 ? "it" : "one") a manifest with Exec or LinkFormat (docs/routing-apps.md)"
            err("routingctl: \(message)")
            if dryRun && json { printNothingToLaunch(plan, code: "no-launch-command", message: message, skipped: skipped) }
            if !dryRun && app == nil { return handOffNothingFits(plan, url: url) }
            return OpenStatus.nothingToLaunch
        }
        var chosen = launchable[0]
        if choose {
            err("Routing apps that can open this link:")
            for (i, item) in launchable.enumerated() {
                let label = item.candidate.name == item.candidate.id ? item.candidate.id : "\(item.candidate.name) (\(item.candidate.id))"
                err("  \(i + 1)) \(OneLine.escaped(label)): \(ShellQuote.line(item.argv))")
            }
            guard let index = readChoice(count: launchable.count) else {
                err("routingctl: no app chosen; nothing launched")
                return ExitStatus.failure
            }
            chosen = launchable[index]
        } else if !dryRun && app == nil && launchable.count > 1 {
            switch desktopChoice(launchable, plan: plan, url: url) {
            case .success(let picked?): chosen = picked
            case .success(nil): break
            case .failure(let status): return status.code
            }
        }
        if dryRun {
            if json {
                out(jsonText(JSON.object([
                    "app": .string(chosen.candidate.id), "name": .string(chosen.candidate.name),
                    "argv": .array(chosen.argv.map(JSON.string)),
                ])))
            } else {
                err("routingctl: would launch \(OneLine.escaped(chosen.candidate.id)):")
                out(ShellQuote.line(chosen.argv))
            }
            return ExitStatus.success
        }
        if chosen.argv.first == "xdg-open", chosen.argv.count == 2 {
            setenv(xdgOpenMarker, chosen.argv[1], 1)
        }
        let failure = ProcessLaunch.exec(chosen.argv)
        err("routingctl: cannot launch \(OneLine.escaped(chosen.candidate.id)): \(OneLine.escaped(failure.description))")
        return failure.exitStatus
    }

    /// `open --dry-run --json` when nothing can be launched (exit 3), on standard output:
    /// `{"error":{"code","message"},"apps":[{"id","name","eligible","reasons":[…],"skipped"?}]}`,
    /// every app in verdict order, `skipped` saying why an eligible app cannot be launched.
    static func printNothingToLaunch(_ plan: OpenPlan, code: String, message: String, skipped: [String: String]) {
        let apps = plan.candidates.map { candidate -> JSON in
            var object: JSONObject = [
                "id": .string(candidate.id), "name": .string(candidate.name),
                "eligible": candidate.eligible.map(JSON.bool) ?? .null, "reasons": .array(candidate.reasons),
            ]
            if let why = skipped[candidate.id] { object["skipped"] = .string(why) }
            return .object(object)
        }
        out(jsonText(JSON.object([
            "error": ["code": .string(code), "message": .string(message)], "apps": .array(apps),
        ])))
    }

    /// Every app's verdict and reasons, on standard error.
    static func explainNoEligibleApp(_ plan: OpenPlan) {
        if plan.candidates.isEmpty {
            err("routingctl: no routing app can open this link: there are no valid routing apps"
                + (plan.inProcess ? " in this process (see the notes above)" : " (see 'routingctl apps')"))
            return
        }
        err("routingctl: no routing app can open this link:")
        for candidate in plan.candidates {
            err("  \(OneLine.escaped(candidate.id)): \(candidate.eligible == nil ? "undetermined" : "not eligible")")
            for reason in candidate.reasons {
                err("    - \(OneLine.escaped(reason["message"]?.stringValue, or: "?"))")
            }
        }
        // When the current location was unknown, reportSessionLocation has said why.
    }

    /// Reads a number 1…count from the terminal on standard input; nil on end of input, `q` or
    /// three wrong answers.
    static func readChoice(count: Int) -> Int? {
        for _ in 0..<3 {
            writeAll(2, "Open which (1-\(count), q to cancel)? ")
            guard let line = readLine(strippingNewline: true) else { err(""); return nil }
            let answer = Substring(line).trimmingSpaces
            if answer == "q" || answer == "Q" { return nil }
            if let n = Int(answer), (1...count).contains(n) { return n - 1 }
            err("routingctl: answer a number from 1 to \(count)")
        }
        return nil
    }
}
