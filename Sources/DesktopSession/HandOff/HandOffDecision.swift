// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// What `routingctl open` does with a clicked link that routingd cannot serve: hand it, unchanged,
/// to the handler its scheme had before `routingctl desktop register` (``HandlerRecords``), and say
/// why in a desktop notification. Pure: the decisions only.
public enum HandOffDecision {
    /// What to do with a link before resolving it.
    public enum Preflight: Hashable, Sendable {
        /// A directions link: resolve it and launch a routing app.
        case route
        /// Not one routingd can route: hand it over. `notify` is false for a web link that is not a
        /// map link (the browser is simply where it goes), true otherwise; `reason` says why.
        case handOff(reason: String, notify: Bool)
    }

    /// The scheme of `link` (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`, `.`, up to
    /// the first `:`), lower-cased; nil when the link does not start with one.
    public static func scheme(of link: String) -> String? {
        let bytes = Array(link.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let head = bytes[..<colon]
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        guard isLetter(head[0]), head.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return String(decoding: head.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `scheme` is a web scheme (`http`, `https`), which reaches routingd only after
    /// `register --https`.
    public static func isWeb(_ scheme: String?) -> Bool { scheme == "http" || scheme == "https" }

    /// The decision for a link from how it parses (`parse`: nil when it parsed, else the error).
    /// A web link that does not parse (not a map host, or a map-host link that is not a directions
    /// link) goes to the browser at once; any other link that does not parse (a GNOME Maps
    /// `maps:q=Cafe` search) goes to the previous handler with a notification.
    public static func preflight(link: String, parse: DirectionsURLError?) -> Preflight {
        guard let parse else { return .route }
        if isWeb(scheme(of: link)) {
            return .handOff(reason: parse.code == .notADirectionsLink && parse.parameter == "host"
                ? "not a map link" : "a map link that is not a route routingd can read: \(parse.message)", notify: false)
        }
        return .handOff(reason: "not a directions link: \(parse.message)", notify: true)
    }

    /// One app's verdict, as `open` has it.
    public struct Verdict: Hashable, Sendable {
        public var id: String
        public var name: String
        /// nil: undetermined.
        public var eligible: Bool?
        /// The verdict's reasons: the rule id (`outside-coverage`, `mode-not-supported`, …) and the message.
        public var reasons: [Reason]

        public struct Reason: Hashable, Sendable {
            public var rule: String
            public var message: String
            public init(rule: String, message: String) {
                self.rule = rule
                self.message = message
            }
        }

        public init(id: String, name: String, eligible: Bool?, reasons: [Reason]) {
            self.id = id
            self.name = name
            self.eligible = eligible
            self.reasons = reasons
        }
    }

    /// The main reason no app can open a link, one line for a notification: no apps; the current
    /// location unknown (when it decides); else the rule that rules out the most apps (the first
    /// in verdict order on a tie), in the words of the best app it rules out.
    public static func mainReason(_ verdicts: [Verdict], currentLocationUnknown: Bool) -> String {
        guard !verdicts.isEmpty else { return "there are no routing apps installed" }
        if currentLocationUnknown, verdicts.contains(where: { $0.eligible == nil }) {
            return "the route starts or ends at the current location, which is unknown"
        }
        // Each rule once, in verdict order, with the number of apps it rules out.
        var order: [String] = []
        var count: [String: Int] = [:]
        for verdict in verdicts {
            var seen: Set<String> = []
            for reason in verdict.reasons where seen.insert(reason.rule).inserted {
                if count[reason.rule] == nil { order.append(reason.rule) }
                count[reason.rule, default: 0] += 1
            }
        }
        var best: String? = nil
        for rule in order where best == nil || count[rule]! > count[best!]! { best = rule }
        guard let rule = best,
            let verdict = verdicts.first(where: { $0.reasons.contains { $0.rule == rule } }),
            let reason = verdict.reasons.first(where: { $0.rule == rule })
        else {
            let first = verdicts[0]
            return "\(first.name): \(first.eligible == nil ? "undetermined" : "not eligible")"
        }
        let text = "\(verdict.name): \(OneLine.escaped(reason.message))"
        return verdicts.count == 1 ? text : "no app can serve it (\(text))"
    }

    /// The notification for a hand-off: a short summary and a body naming the reason and where the
    /// link went (`handler`: the desktop file's name, nil when there was nowhere to send it).
    public static func notification(reason: String, handler: String?) -> (summary: String, body: String) {
        let summary = "No routing app can open this link"
        let body = handler.map { "Opened in \($0) instead: \(reason)" } ?? "\(reason). No other handler is recorded for it ('routingctl desktop register')."
        return (summary, body)
    }

    /// Whether a desktop entry's `Exec=` value starts `routingctl open` (whatever it is named), so
    /// that a link is never handed back to routingd through another entry.
    public static func execRunsRoutingctl(_ exec: String) -> Bool {
        guard let program = exec.split(separator: " ").first else { return false }
        let unquoted = program.utf8.first == UInt8(ascii: "\"") ? program.dropFirst() : program[...]
        let base = unquoted.split(separator: "/").last.map(String.init) ?? ""
        return base == "routingctl" || base == "routingctl\""
    }
}
