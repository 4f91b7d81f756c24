// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import Glibc
import RoutingCore
import StrictJSON
import Synchronization

/// How `--json` output is laid out, as systemd's tools take it: `--json=pretty` (indented),
/// `--json=short` (one line), `--json=off` (text, as without `--json`); `--json` alone is pretty on
/// a terminal and short in a pipe or file.
enum JSONStyle: String, CaseIterable, Sendable {
    case pretty, short, off

    /// The style of `--json` without a value, by whether standard output is a terminal.
    static func automatic(isTerminal: Bool) -> JSONStyle { isTerminal ? .pretty : .short }

    /// `pretty|short|off`, for messages and help.
    static let names = allCases.map(\.rawValue).joined(separator: "|")
}

extension RoutingCtl {
    /// The `--json=MODE` of this run (one command per process), set by ``Arguments``; nil for `--json`
    /// alone or none, which lays JSON out by ``JSONStyle/automatic(isTerminal:)``.
    static let chosenJSONStyle = Mutex<JSONStyle?>(nil)

    /// `value` as this run lays JSON out: one line for `short`, indented otherwise.
    static func jsonText(_ value: JSON) -> String {
        let style = chosenJSONStyle.withLock { $0 } ?? .automatic(isTerminal: isatty(1) == 1)
        return style == .short ? value.serialized() : value.prettyPrinted()
    }

    /// Whether standard output (`fd` 1) or standard error (2) gets colour (``TerminalStyle``).
    static func wantsColour(_ fd: Int32) -> Bool {
        TerminalStyle.wantsColour(
            isTerminal: isatty(fd) == 1, noColor: getenv("NO_COLOR").map { String(cString: $0) },
            term: getenv("TERM").map { String(cString: $0) })
    }

    static let colourOut = wantsColour(1)
    static let colourErr = wantsColour(2)

    /// The command (or option, or app id) nearest to a mistyped `word`: ``EditDistance/suggestion(for:among:)``.
    static func suggestion(for word: String, among commands: [String]) -> String? {
        EditDistance.suggestion(for: word, among: commands)
    }
}
