// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import RoutingCore
import Testing

/// When routingctl colours its output (a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`),
/// and what the coloured GCC-style finding looks like.
@Suite struct TerminalStyleTests {
    @Test func colourOnlyOnATerminalWithoutNO_COLOR() {
        #expect(TerminalStyle.wantsColour(isTerminal: true, noColor: nil, term: "xterm-256color"))
        #expect(TerminalStyle.wantsColour(isTerminal: true, noColor: "", term: "xterm"))
        #expect(TerminalStyle.wantsColour(isTerminal: true, noColor: nil, term: nil))
        #expect(!TerminalStyle.wantsColour(isTerminal: false, noColor: nil, term: "xterm"))
        #expect(!TerminalStyle.wantsColour(isTerminal: true, noColor: "1", term: "xterm"))
        #expect(!TerminalStyle.wantsColour(isTerminal: true, noColor: "0", term: "xterm"))  // any non-empty value
        #expect(!TerminalStyle.wantsColour(isTerminal: true, noColor: nil, term: "dumb"))
    }

    @Test func aColouredFindingKeepsItsTextAndPlainIsUnchanged() throws {
        let source = Array(#"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1]]]]}"#.utf8)
        let diagnostic = try #require(CoverageValidator.validate(source, profile: .apple).diagnostics.first)
        let plain = GCCReport.render(diagnostic, path: "x.geojson", source: source)
        let coloured = GCCReport.render(diagnostic, path: "x.geojson", source: source, colour: true)
        #expect(!plain.unicodeScalars.contains("\u{1B}"))
        #expect(coloured.hasPrefix("\u{1B}[1mx.geojson:1:59:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m "), "\(coloured)")
        // Without the SGR sequences it is the plain text, line for line.
        #expect(coloured.replacing(/\x{1B}\[[0-9;]*m/, with: "") == plain)
        #expect(TerminalStyle.colour(ofSeverity: "warning") == .magenta)
        #expect(TerminalStyle.paint("w", .magenta, enabled: false) == "w")
    }
}
