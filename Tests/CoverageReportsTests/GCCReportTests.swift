// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON
import Testing
@testable import CoverageReports

@Suite struct GCCReportTests {
    /// A real finding from the validator, rendered in full.
    @Test func unclosedRingWithSourceLineCaretHintAndLink() throws {
        let text = "{\"type\": \"MultiPolygon\",\n  \"coordinates\": [\n    [[[2,1],[6,1],[6,5],[2,5]]]\n  ]}\n"
        let bytes = Array(text.utf8)
        let validation = CoverageValidator.validate(bytes)
        let diagnostic = try #require(validation.diagnostics.first { $0.rule == "ring-not-closed" })
        #expect(diagnostic.location == location(of: "[2,5]", in: text))
        let rendered = GCCReport.render(diagnostic, path: "Coverage/x.geojson", source: bytes)
        #expect(rendered == """
            Coverage/x.geojson:3:25: error: \(diagnostic.message) [ring-not-closed]
                    [[[2,1],[6,1],[6,5],[2,5]]]
                                        ^
                hint: repeat the first position [2,1] at the end of the ring (routingctl validate --fix does this)
                see: docs/coverage-rules.md#ring-not-closed
            """)
    }

    @Test func headlineIsTheCompilerFormat() {
        let d = Diagnostic(
            severity: .warning, rule: "too-many-points", message: "polygon 2 has 23 points", hint: "simplify",
            location: StrictJSON.SourceLocation(line: 7, column: 3, offset: 80))
        #expect(GCCReport.headline(d, path: "-") == "-:7:3: warning: polygon 2 has 23 points [too-many-points]")
        // A file name with a newline or an escape sequence stays on the one line.
        #expect(GCCReport.headline(d, path: "a\nb:1:1: error: forged\u{1B}[2J.geojson")
            == #"a\nb:1:1: error: forged\x1B[2J.geojson:7:3: warning: polygon 2 has 23 points [too-many-points]"#)
    }

    @Test func withoutSourceHintOrCatalogueEntryThoseLinesAreLeftOut() {
        let d = Diagnostic(
            severity: .error, rule: "not-a-catalogued-rule", message: "m", hint: "",
            location: StrictJSON.SourceLocation(line: 1, column: 1, offset: 0))
        #expect(GCCReport.render(d, path: "f", source: nil) == "f:1:1: error: m [not-a-catalogued-rule]")
        // An empty file has no line to show.
        let empty = CoverageValidator.validate([UInt8]())
        let rendered = GCCReport.render(empty, path: "empty.geojson", source: [])
        #expect(rendered.hasPrefix("empty.geojson:1:1: error: "))
        #expect(rendered.split(separator: "\n").count == 3)  // headline, hint, see
        #expect(rendered.hasSuffix("    see: docs/coverage-rules.md#json-empty"))
    }

    @Test func everyFindingOfAFileInOrder() {
        let text = "{\"type\":\"MultiPolygon\",\"name\":\"x\",\"coordinates\":[[[[0,0],[1,0],[1,1],[0,1]]]]}"
        let bytes = Array(text.utf8)
        let validation = CoverageValidator.validate(bytes)
        let rendered = GCCReport.render(validation, path: "a.geojson", source: bytes)
        let headlines = rendered.split(separator: "\n").filter { $0.hasPrefix("a.geojson:") }
        #expect(headlines.count == validation.diagnostics.count)
        #expect(headlines.first?.contains("[foreign-member]") == true)
        #expect(headlines.last?.contains("[ring-not-closed]") == true)
        #expect(GCCReport.render(CoverageValidation(coverage: nil, diagnostics: []), path: "a", source: bytes) == "")
    }
}

@Suite struct ValidationSummaryTests {
    private func file(_ text: String) -> CheckedFile {
        let bytes = Array(text.utf8)
        return CheckedFile(path: "f", outcome: .checked(length: bytes.count, validation: CoverageValidator.validate(bytes)))
    }

    private let valid = "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"
    /// Valid with one warning: a byte order mark.
    private let warned = "\u{FEFF}{\"type\":\"MultiPolygon\",\"coordinates\":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"
    private let invalid = "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}"
    private let unreadable = CheckedFile(path: "gone", outcome: .unreadable(message: "gone: cannot read"))

    @Test func exitStatusContract() {
        #expect(ValidationSummary([file(valid), file(warned)]).exitStatus == 0)
        #expect(ValidationSummary([file(valid), file(invalid)]).exitStatus == 1)
        #expect(ValidationSummary([file(invalid), unreadable]).exitStatus == 2)
        #expect(ValidationSummary([unreadable, file(valid)]).exitStatus == 2)
    }

    @Test func summaryLine() {
        let summary = ValidationSummary([file(valid), file(warned), file(invalid), unreadable])
        #expect(summary.valid == 2 && summary.invalid == 1 && summary.unreadable == 1 && summary.warnings == 1)
        #expect(summary.text == "4 files checked: 2 valid, 2 not valid or unreadable, 1 warning")
        #expect(ValidationSummary([file(valid)]).text == "1 file checked: 1 valid, 0 not valid or unreadable, 0 warnings")
    }
}
