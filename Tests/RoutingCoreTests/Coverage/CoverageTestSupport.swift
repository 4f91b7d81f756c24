// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import RoutingCore

/// Validates UTF-8 `text` under `profile`.
func validateText(_ text: String, profile: ValidationProfile = .apple) -> CoverageValidation {
    CoverageValidator.validate(Array(text.utf8), profile: profile)
}

/// The 1-based line and column of the `occurrence`-th `needle` in an ASCII `text` (LF or CRLF).
func locate(_ needle: String, occurrence: Int = 1, in text: String) -> (line: Int, column: Int) {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0
    var line = 1, column = 1
    var i = 0
    while i < bytes.count {
        if bytes[i...].starts(with: pattern) {
            seen += 1
            if seen == occurrence { return (line, column) }
        }
        if bytes[i] == 10 { line += 1; column = 1 } else { column += 1 }
        i += 1
    }
    Issue.record("\(needle) not found")
    return (0, 0)
}

extension CoverageValidation {
    func only(_ rule: String) -> [Diagnostic] { diagnostics.filter { $0.rule == rule } }
    var rules: [String] { diagnostics.map(\.rule) }
    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Expects exactly one diagnostic with `rule`, of `severity`, at `needle` in `text`.
@discardableResult
func expectOne(
    _ result: CoverageValidation, _ rule: String, _ severity: Severity, at needle: String, occurrence: Int = 1,
    in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    let found = result.only(rule)
    #expect(found.count == 1, "\(rule): \(result.diagnostics)", sourceLocation: sourceLocation)
    guard let d = found.first else { return nil }
    let (line, column) = locate( needle, occurrence: occurrence, in: text)
    #expect(d.severity == severity, sourceLocation: sourceLocation)
    #expect(d.location.line == line && d.location.column == column, "\(d.location) vs \(line):\(column)", sourceLocation: sourceLocation)
    #expect(!d.message.isEmpty && !d.message.contains("\n"), sourceLocation: sourceLocation)
    #expect(!d.hint.isEmpty && !d.hint.contains("\n"), sourceLocation: sourceLocation)
    return d
}

