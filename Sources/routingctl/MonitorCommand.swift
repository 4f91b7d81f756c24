// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Varlink

extension RoutingCtl {
    static let monitorUsage = """
        Usage: routingctl monitor [--json]

        Follows the daemon (org.routingd.Directions.Monitor): prints its state (every app and its
        state, and the daemon's own current location), then one line per change as it happens:
        an app added, removed, gone stale (its files fail; the last good version serves), fixed or
        otherwise changed; the current location set or cleared; a reload finished, with its
        summary. Runs until interrupted (Ctrl-C) or the daemon stops.
          --json          one Monitor reply per line as it comes ({"event":"state","apps":[...],
                          "location":...}, {"event":"appStale","app":{...}}, {"event":"reloaded",
                          "reload":{"trigger","apps","invalid","seconds","failure"}}, ...); each
                          reply is one line also on a terminal (--json=pretty indents them)
        """

    static func monitor(_ arguments: [String], socket: String) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["json", "help"], options: ["socket"])
        if args.has("help") { out(monitorUsage); return ExitStatus.success }
        guard args.positionals.isEmpty else { return usageError("monitor takes no arguments", command: "monitor") }
        let path = args.options["socket"] ?? socket
        let json = args.has("json")
        // A stream is read as it comes: no waiting for a full buffer in a pipe, one reply per line.
        let style = chosenJSONStyle.withLock { $0 }
        let client: VarlinkClient
        do {
            // No receive timeout: a monitor may be quiet for hours.
            client = try VarlinkClient(path: path, timeout: 0)
        } catch {
            err("routingctl: cannot reach routingd at \(OneLine.escaped(path)): \(OneLine.escaped(error.description))")
            // There is nothing to monitor offline.
            err("routingctl: " + unreachableHint(error.errno, offline: false))
            return ExitStatus.usage
        }
        defer { client.close() }
        do {
            try client.callMore("org.routingd.Directions.Monitor") { reply, _ in
                if json {
                    out(style == .pretty ? JSON.object(reply).prettyPrinted() : JSON.object(reply).serialized())
                } else {
                    describeMonitorEvent(reply).forEach(out)
                }
                return true
            }
        } catch let error as VarlinkError {
            return report(error, json: json)
        } catch VarlinkProtocolError.connectionClosed {
            err("routingctl: routingd closed the connection (it stopped, or this monitor fell too far behind)")
            return ExitStatus.failure
        } catch {
            err("routingctl: Monitor failed: \(OneLine.escaped("\(error)"))")
            return ExitStatus.usage
        }
        return ExitStatus.success
    }

    /// The lines a Monitor reply prints as: the state as `apps` and `location` would, an event as
    /// one line (`app ID stale: FILE:LINE:COLUMN: message`, `reloaded (SIGHUP): 3 apps in service, 1
    /// with errors`).
    static func describeMonitorEvent(_ reply: JSONObject) -> [String] {
        let show = { (text: String?) in OneLine.escaped(text, or: "?") }
        let app = reply["app"] ?? .null
        let id = show(app["id"]?.stringValue ?? reply["id"]?.stringValue)
        switch reply["event"]?.stringValue ?? "" {
        case "state":
            let apps = reply["apps"]?.arrayValue ?? []
            var lines = ["state: \(apps.count) app\(apps.count == 1 ? "" : "s"); current location \(describeLocation(reply["location"]))"]
            for app in apps { lines += describeApp(app).map { "  " + $0 } }
            return lines
        case "appAdded": return ["app \(id) added: \(show(app["state"]?.stringValue))"]
        case "appRemoved": return ["app \(id) removed"]
        case "appStale": return ["app \(id) stale (the last good version serves): \(show(app["lastError"]?.stringValue))"]
        case "appFixed": return ["app \(id) fixed: \(show(app["state"]?.stringValue))"]
        case "appChanged":
            let error = app["lastError"]?.stringValue.map { ": \(show($0))" } ?? ""
            return ["app \(id) changed: \(show(app["state"]?.stringValue))\(error)"]
        case "locationSet": return ["current location set: \(describeLocation(reply["location"]))"]
        case "locationCleared": return ["current location cleared"]
        case "reloaded":
            let reload = reply["reload"] ?? .null
            let trigger = show(reload["trigger"]?.stringValue)
            if let failure = reload["failure"]?.stringValue {
                return ["reload (\(trigger)) failed, the apps in service are unchanged: \(show(failure))"]
            }
            let apps = reload["apps"]?.intValue ?? 0
            let invalid = reload["invalid"]?.intValue ?? 0
            return ["reloaded (\(trigger)) in \(ElapsedTime.text(seconds: reload["seconds"]?.doubleValue ?? 0)): \(apps) app\(apps == 1 ? "" : "s") in service, \(invalid) with errors"]
        default:
            return ["\(show(reply["event"]?.stringValue)): \(show(JSON.object(reply).serialized()))"]
        }
    }

    /// `51.5, -0.12 (±20 m, by command-line, set 2026-12-04T18:47:51Z)` or `unknown`.
    static func describeLocation(_ location: JSON?) -> String {
        guard let location, let latitude = location["latitude"]?.doubleValue,
            let longitude = location["longitude"]?.doubleValue
        else { return "unknown" }
        var details: [String] = []
        if let accuracy = location["accuracy"]?.doubleValue { details.append("±\(JSON.format(accuracy)) m") }
        if let source = location["source"]?.stringValue { details.append("by \(OneLine.escaped(source))") }
        if let setAt = location["setAt"]?.stringValue { details.append("set \(OneLine.escaped(setAt))") }
        return "\(JSON.format(latitude)), \(JSON.format(longitude))" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }
}
