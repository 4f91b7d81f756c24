// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// Findings as GCC and LLVM print them (and the Swift compiler with `-diagnostic-style llvm`), so
/// editors and CI log parsers that understand `FILE:LINE:COLUMN: severity: message` pick them up:
///
/// ```text
/// Coverage/x.geojson:3:21: error: polygon 1, ring 1 is not closed: … [ring-not-closed]
///     [[[0,0],[4,0],[4,4],[0,4]]]
///                         ^
///     hint: repeat the first position [0,0] at the end of the ring
///     see: docs/coverage-rules.md#ring-not-closed
/// ```
///
/// The first line is the one that tools parse; the indented lines under it are the source line with
/// a caret under the column (``SourceExcerpt``), the fix hint, and the rule's section in the rule
/// catalogue (``RoutingCore/CoverageRule/documentationLink``; left out for a rule id that is not in
/// the catalogue).
public enum GCCReport {
    /// The indentation of the lines under the first.
    public static let indent = "    "

    /// `FILE:LINE:COLUMN: severity: message [rule]`; with `colour`, the locus bold and the severity
    /// in its colour (``TerminalStyle``).
    public static func headline(_ diagnostic: Diagnostic, path: String, colour: Bool = false) -> String {
        let location = diagnostic.location
        let severity = diagnostic.severity.rawValue
        // The path is outside input (a file name may hold a newline): one line, escaped.
        let locus = TerminalStyle.paint("\(OneLine.escaped(path)):\(location.line):\(location.column):", .bold, enabled: colour)
        let label = TerminalStyle.paint(severity + ":", TerminalStyle.colour(ofSeverity: severity), enabled: colour)
        return "\(locus) \(label) \(diagnostic.message) [\(diagnostic.rule)]"
    }

    /// The lines for one finding, without a trailing newline.
    /// - Parameters:
    ///   - source: the file's bytes, for the source line; nil leaves it out.
    ///   - catalogue: how to name the rule catalogue in the `see:` line (a path that works from where
    ///     the user is); `docs/coverage-rules.md` by default.
    ///   - colour: colour the headline and the caret for a terminal (``TerminalStyle``); off by default.
    public static func render(
        _ diagnostic: Diagnostic, path: String, source: [UInt8]?, catalogue: String = "docs/coverage-rules.md",
        colour: Bool = false
    ) -> String {
        var lines = [headline(diagnostic, path: path, colour: colour)]
        if let source, let excerpt = SourceExcerpt(of: source, at: diagnostic.location) {
            lines.append(indent + excerpt.line)
            lines.append(indent + TerminalStyle.paint(excerpt.caret, .green, enabled: colour))
        }
        if !diagnostic.hint.isEmpty {
            lines.append(indent + "hint: " + diagnostic.hint)
        }
        if CoverageRule.named(diagnostic.rule) != nil {
            lines.append(indent + "see: " + catalogue + "#" + diagnostic.rule)
        }
        return lines.joined(separator: "\n")
    }

    /// The lines for every finding of one file, in the validation's order, without a trailing
    /// newline; empty when there is no finding.
    public static func render(_ validation: CoverageValidation, path: String, source: [UInt8]) -> String {
        validation.diagnostics.map { render($0, path: path, source: source) }.joined(separator: "\n")
    }
}
