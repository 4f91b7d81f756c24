// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import RoutingCore

/// `routingctl desktop register [--https]` and `routingctl desktop unregister`: routingd-open as
/// the user's URL handler (``DesktopSession/HandlerFiles``).
extension RoutingCtl {
    static let desktopUsage = """
        Usage: routingctl desktop register [--https]
               routingctl desktop unregister

        register makes routingd-open.desktop (installed in an applications directory of
        $XDG_DATA_HOME or $XDG_DATA_DIRS) the default handler of every x-scheme-handler/ type its
        MimeType= lists, in [Default Applications] of $XDG_CONFIG_HOME/mimeapps.list (default
        ~/.config/mimeapps.list), and records, for each scheme, the handler the desktop used
        before (from the mimeapps.list files, else 'xdg-mime query default'; never routingd-open
        itself) and what the user's mimeapps.list said, in $XDG_STATE_HOME/routingd/handlers
        (default ~/.local/state/routingd/handlers). Every file is replaced atomically. Running it
        again keeps what was recorded first. A link routingctl open cannot route (no app covers
        it, or it is not a directions link, such as a GNOME Maps maps:q= search) goes unchanged
        to that recorded handler, with a desktop notification saying why.
          --https     also take over http and https: writes routingd-open-https.desktop (MimeType
                      http and https only) to $XDG_DATA_HOME/applications and makes it their
                      default, recording the browser. A web link that is not a map link then goes
                      at once, byte for byte, to that browser, and so does a map-host link that is
                      not a route routingd can read. Refused when the http/https handler is
                      routingd's own entry or there is none.
        unregister puts back, for each recorded type that still names routingd, exactly what the
        user's mimeapps.list said before (removing the line when there was none), removes
        routingd-open-https.desktop and the state file; a type changed since is left as it is.

        Exit status: 0 done; 1 refused (nothing written); 2 usage or I/O error.
        """

    static func desktop(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["https", "help"], options: [])
        if args.has("help") { out(desktopUsage); return ExitStatus.success }
        guard args.positionals.count == 1, let action = args.positionals.first else {
            return usageError("desktop needs register or unregister", command: "desktop")
        }
        guard let directories = XDGDirectories(environment: SessionProcess.environment()) else {
            err("routingctl: neither HOME nor XDG_CONFIG_HOME, XDG_STATE_HOME and XDG_DATA_HOME give an absolute path; cannot find mimeapps.list")
            return ExitStatus.usage
        }
        let files = HandlerFiles(directories: directories)
        let result: Result<HandlerFiles.Report, HandlerFiles.Failure>
        switch action {
        case "register": result = files.register(https: args.has("https"))
        case "unregister":
            if args.has("https") { return usageError("--https goes with register (unregister undoes both)", command: "desktop") }
            result = files.unregister()
        default:
            return usageError("unknown desktop action '\(OneLine.escaped(action))'; use register or unregister", command: "desktop")
        }
        switch result {
        case .success(let report):
            for line in report.lines { out(line) }
            return ExitStatus.success
        case .failure(let failure):
            err("routingctl: \(failure.description)")
            return failure.description.hasPrefix("refusing") ? ExitStatus.failure : ExitStatus.usage
        }
    }
}
