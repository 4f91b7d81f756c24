// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Glibc
import RoutingCore
import RoutingService

/// What `routingctl open` does on the desktop beyond resolving and launching: links it cannot
/// route go to the scheme's previous handler with a notification (``HandOffDecision``), and
/// several eligible apps are offered in a graphical list (``AppChooser``), or the user's preferred
/// app (``ChooserPreferences``) or `--app ID` is opened.
extension RoutingCtl {
    /// The notifier for hand-offs: a desktop notification, else standard error.
    static func userNotifier() -> any UserNotifier { SessionNotifier() }

    static func sessionFiles() -> HandlerFiles? {
        XDGDirectories(environment: SessionProcess.environment()).map { HandlerFiles(directories: $0) }
    }

    /// Before resolving: a link that does not parse (a web link that is not a map link, a
    /// `maps:q=` search) is handed to the scheme's recorded handler at once. nil: go on resolving
    /// (the link parses, or nothing is recorded for its scheme and the usual error follows).
    static func desktopPreflight(_ url: String, literalsPath: String?) -> Int32? {
        guard case .success(let parser) = LinkInput.parser(literalsPath: literalsPath, strict: false) else { return nil }
        var parseError: DirectionsURLError? = nil
        do { _ = try parser.parseLink(url) } catch { parseError = error }
        guard case .handOff(let reason, let notify) = HandOffDecision.preflight(link: url, parse: parseError) else { return nil }
        return handOff(url, reason: reason, notify: notify, otherwise: nil)
    }

    /// After resolving, when no app can open the link: hand it over, or exit 3 as before.
    static func handOffNothingFits(_ plan: OpenPlan, url: String) -> Int32 {
        let verdicts = plan.candidates.map {
            HandOffDecision.Verdict(
                id: $0.id, name: $0.name, eligible: $0.eligible,
                reasons: $0.reasons.compactMap { reason in
                    reason["message"]?.stringValue.map { .init(rule: reason["rule"]?.stringValue ?? "", message: $0) }
                })
        }
        let unknownHere = plan.currentLocation == nil && plan.request.endpoints.contains { $0.endpoint == .currentLocation }
        let reason = HandOffDecision.mainReason(verdicts, currentLocationUnknown: unknownHere)
        return handOff(url, reason: reason, notify: true, otherwise: OpenStatus.nothingToLaunch) ?? OpenStatus.nothingToLaunch
    }

    /// Hands `url` to its scheme's recorded handler (never routingd's own) and replaces this
    /// process with it. Returns `otherwise` (after a notification when `notify`) when nothing is
    /// recorded; 126/127 when the handler cannot be launched.
    static func handOff(_ url: String, reason: String, notify: Bool, otherwise: Int32?) -> Int32? {
        let notifier = userNotifier()
        guard let files = sessionFiles() else { return otherwise }
        switch HandOffLaunch.target(for: url, files: files) {
        case .success(nil):
            if notify {
                let message = HandOffDecision.notification(reason: reason, handler: nil)
                _ = notifier.notify(summary: message.summary, body: message.body)
            }
            return otherwise
        case .failure(let failure):
            err("routingctl: \(failure.description)")
            let message = HandOffDecision.notification(reason: reason, handler: nil)
            _ = notifier.notify(summary: message.summary, body: message.body)
            return otherwise ?? ExitStatus.failure
        case .success(let target?):
            if notify {
                let message = HandOffDecision.notification(reason: reason, handler: target.name)
                _ = notifier.notify(summary: message.summary, body: message.body)
            }
            err("routingctl: \(OneLine.escaped(reason)); handing the link to \(OneLine.escaped(target.id))")
            let failure = HandOffLaunch.exec(target, link: url)
            err("routingctl: cannot hand the link to \(OneLine.escaped(target.id)): \(OneLine.escaped(failure.description))")
            return failure.exitStatus
        }
    }

    /// `--app ID`: the candidate, or an exit status after saying why it cannot be opened.
    static func pickApp(_ id: String, plan: OpenPlan) -> Result<OpenCandidate, StatusCode> {
        guard let candidate = plan.candidates.first(where: { $0.id == id }) else {
            let known = plan.candidates.map(\.id).joined(separator: ", ")
            err("routingctl: --app: no routing app '\(OneLine.escaped(id))'; the apps are: \(known.isEmpty ? "none" : OneLine.escaped(known))")
            return .failure(StatusCode(code: ExitStatus.usage))
        }
        guard candidate.eligible == true else {
            err("routingctl: --app: \(OneLine.escaped(id)) cannot open this link (\(candidate.eligible == nil ? "undetermined" : "not eligible")):")
            for reason in candidate.reasons { err("    - \(OneLine.escaped(reason["message"]?.stringValue, or: "?"))") }
            return .failure(StatusCode(code: OpenStatus.nothingToLaunch))
        }
        return .success(candidate)
    }

    /// Which of several launchable apps to open without `--choose` or `--app`: the user's
    /// preferred app when eligible, else the graphical list when there is a display and no
    /// terminal. nil: the first (today's behaviour); a failure when the list was cancelled.
    static func desktopChoice(
        _ launchable: [(candidate: OpenCandidate, argv: [String])], plan: OpenPlan, url: String
    ) -> Result<(candidate: OpenCandidate, argv: [String])?, StatusCode> {
        let environment = SessionProcess.environment()
        if let directories = XDGDirectories(environment: environment),
            case .success(let bytes) = CoverageDirectory.readFile(directories.preferencesFile)
        {
            let preferences = ChooserPreferences(bytes)
            for problem in preferences.problems {
                err("routingctl: note: \(directories.preferencesFile): \(OneLine.escaped(problem))")
            }
            if let index = preferences.preferred(among: launchable.map(\.candidate.id)) { return .success(launchable[index]) }
        }
        guard AppChooser.shouldShow(
            eligible: launchable.count, environment: environment, stdinIsTerminal: isatty(0) != 0,
            stdoutIsTerminal: isatty(1) != 0)
        else { return .success(nil) }
        guard let program = AppChooser.Program.allCases.first(where: { SessionProcess.isInstalled($0.rawValue) }) else {
            err("routingctl: note: \(launchable.count) apps can open this link; install zenity or kdialog to choose one, opening the first")
            return .success(nil)
        }
        // The undetermined apps that could be launched come after the eligible ones, marked.
        var offered = launchable
        var entries = launchable.map { AppChooser.Entry(id: $0.candidate.id, name: $0.candidate.name, undetermined: false) }
        for candidate in plan.candidates where candidate.eligible == nil {
            guard case .success(let data) = candidate.launch,
                let argv = try? LaunchCommand.argv(
                    exec: data.exec, linkFormat: data.linkFormat, appID: candidate.id, request: plan.request, link: url,
                    currentLocation: plan.currentLocation)
            else { continue }
            offered.append((candidate, argv))
            entries.append(AppChooser.Entry(id: candidate.id, name: candidate.name, undetermined: true))
        }
        let argv = AppChooser.argv(program, entries: entries, text: "Routing apps that can open this link, the best first:")
        switch SessionProcess.run(argv) {
        case .failure(let error):
            err("routingctl: note: cannot show the list with \(program.rawValue) (\(OneLine.escaped(error.description))); opening the first app")
            return .success(nil)
        case .success(let outcome):
            switch AppChooser.answer(status: outcome.status, output: outcome.output, count: entries.count) {
            case .chosen(let index): return .success(offered[index])
            case .cancelled:
                err("routingctl: no app chosen; nothing launched")
                return .failure(StatusCode(code: ExitStatus.failure))
            case .failed(let status):
                err("routingctl: note: \(program.rawValue) could not show the list (exit status \(status)); opening the first app")
                return .success(nil)
            }
        }
    }
}
