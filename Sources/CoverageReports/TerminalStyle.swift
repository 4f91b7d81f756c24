// SPDX-License-Identifier: Apache-2.0
/// Colour for people at a terminal, as systemd's tools and GCC decide it: only when the stream is a
/// terminal, `NO_COLOR` is unset or empty (https://no-color.org) and `TERM` is not `dumb`. A pipe or
/// file never gets an escape sequence, so scripts and tests read plain text.
public enum TerminalStyle {
    /// Whether to colour a stream. `isTerminal`: `isatty(2)` of it; `noColor`, `term`: the values of
    /// `NO_COLOR` and `TERM` (nil when unset).
    public static func wantsColour(isTerminal: Bool, noColor: String?, term: String?) -> Bool {
        guard isTerminal else { return false }
        if let noColor, !noColor.isEmpty { return false }
        return term != "dumb"
    }

    /// SGR sequences (ECMA-48), GCC's choices: bold locus, bold red error, bold magenta warning,
    /// bold cyan note, bold green caret.
    public enum Colour: String, Sendable {
        case bold = "\u{1B}[1m"
        case red = "\u{1B}[1;31m"
        case magenta = "\u{1B}[1;35m"
        case cyan = "\u{1B}[1;36m"
        case green = "\u{1B}[1;32m"
    }

    /// The SGR sequence that ends a coloured span.
    public static let reset = "\u{1B}[0m"

    /// `text` in `colour` when `enabled`, else `text` as it is.
    public static func paint(_ text: String, _ colour: Colour, enabled: Bool) -> String {
        enabled ? colour.rawValue + text + reset : text
    }

    /// The colour of a severity label (`error`, `warning`, `note`).
    public static func colour(ofSeverity label: String) -> Colour {
        switch label {
        case "error": .red
        case "warning": .magenta
        default: .cyan
        }
    }
}
