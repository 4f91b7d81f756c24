// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// How serious a ``Diagnostic`` is.
///
/// Ordered by increasing seriousness, `note < warning < error`, so `max()` of a list is its worst.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// The file is rejected: Apple's rules, RFC 7946 or RFC 8259 are broken.
    case error
    /// The file is accepted, but goes against Apple's advice or RFC 8259's "MUST NOT" for senders.
    case warning
    /// Information only; nothing needs to change.
    case note

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding about a coverage file: what is wrong, where, and how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    /// A stable kebab-case identifier, e.g. `ring-not-closed`. JSON syntax errors keep the
    /// ``JSONSyntaxError`` rule id, e.g. `json-trailing-comma`.
    public var rule: String
    /// One line saying what is wrong, naming the place, e.g. `polygon 2, ring 1 is not closed: …`.
    public var message: String
    /// One line saying how to fix it.
    public var hint: String
    /// Where in the file (1-based line and column).
    public var location: SourceLocation
    /// Where on the map, when the finding names a point that is not a position of the file: the
    /// crossing of two edges, the tip of a spike (degrees WGS 84). nil for the others, whose place on
    /// the map is the position at ``location`` (see ``FindingPlaces``).
    public var point: Coordinate?

    public init(
        severity: Severity, rule: String, message: String, hint: String, location: SourceLocation,
        point: Coordinate? = nil
    ) {
        self.severity = severity
        self.rule = rule
        // One line each: messages may quote file text.
        self.message = OneLine.escaped(message)
        self.hint = OneLine.escaped(hint)
        self.location = location
        self.point = point
    }

    /// `LINE:COLUMN: severity: message [rule]`, the usual compiler-style line.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(rule)]"
    }
}

/// The outcome of validating one coverage file.
public struct CoverageValidation: Sendable {
    /// The coverage, or nil exactly when some diagnostic is an error.
    public var coverage: Coverage?
    /// Every finding, sorted by location (findings at the same place keep the order they were found).
    public var diagnostics: [Diagnostic]

    public init(coverage: Coverage?, diagnostics: [Diagnostic]) {
        self.coverage = coverage
        self.diagnostics = diagnostics
    }

    /// True when the file is usable: no error (warnings and notes allowed).
    public var isValid: Bool { coverage != nil }
}
