// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// One finding about a `*.routingapp` manifest: what is wrong, where, and how to fix it.
///
/// Lines and columns are 1-based; a column counts Unicode scalars from the start of the line. A
/// problem about the file as a whole (a missing required key) is at line 1, column 1.
public struct ManifestProblem: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// The key concerned (`Modes`, `Exec`, …), or nil for a problem about the file's syntax.
    public var key: String?
    /// `error` rejects the manifest; `warning` is reported and the manifest is used.
    public var severity: Severity
    /// One line saying what is wrong, e.g. `unknown mode "Streetcar"; did you mean "StreetCar"?`.
    public var message: String
    /// How to fix it, or nil when the message says it all.
    public var hint: String?
    /// A stable kebab-case identifier, one of ``Code``'s raw values.
    public var code: String

    public init(line: Int, column: Int, key: String?, severity: Severity, code: Code, message: String, hint: String? = nil) {
        self.line = line
        self.column = column
        self.key = key
        self.severity = severity
        self.code = code.rawValue
        // One line each: manifest values and file names may hold escaped newlines and controls.
        self.message = OneLine.escaped(message)
        self.hint = hint.map { OneLine.escaped($0) }
    }

    /// The message with the key in front when there is one and the message does not already name it
    /// as a word: `Modes: unknown mode "Tram"; …`, `Coverage: /srv/c.geojson: cannot read: …`, but
    /// `unknown key name is ignored; …` and `LinkFormat is empty`.
    public var keyedMessage: String {
        guard let key else { return message }
        let words = message.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
        if code != Code.coverageUnreadable.rawValue, words.contains(where: { $0 == key }) { return message }
        return "\(key): \(message)"
    }

    /// `problems` in file order (line, then column), findings at the same place in the given order.
    public static func sorted(_ problems: [ManifestProblem]) -> [ManifestProblem] {
        problems.enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    /// The one-line form every report of a manifest uses (the daemon's log, `lastError`, the wire
    /// `errors`/`warnings`, `routingctl apps`, `resolve --offline` notes):
    /// `LINE:COLUMN: severity: KEY: message; hint [code]` (no `KEY: ` for a problem of the file's
    /// syntax, no `; hint` when there is none).
    public var description: String {
        "\(line):\(column): \(severity.rawValue): \(keyedMessage)" + (hint.map { "; \($0)" } ?? "") + " [\(code)]"
    }

    /// `PATH:LINE:COLUMN: severity: KEY: message; hint [code]`, the GCC diagnostic format with the hint.
    public func located(in path: String) -> String { "\(OneLine.escaped(path)):\(description)" }

    /// The same finding as a coverage-style ``Diagnostic`` (rule = code, message with the key in
    /// front), so `routingctl validate` reports manifests with the coverage reporters (GCC, JSON, SARIF).
    /// - Parameter source: the manifest's bytes, to find the byte offset of the line and column (a
    ///   source excerpt is taken from it).
    public func diagnostic(source: [UInt8]) -> Diagnostic {
        Diagnostic(
            severity: severity, rule: code, message: keyedMessage, hint: hint ?? "",
            location: SourceLocation(line: line, column: column, offset: Self.offset(of: line, column, in: source)))
    }

    /// The byte offset of a 1-based line and column (counted in Unicode scalars after a byte-order
    /// mark, as the manifest lexer counts them), clamped to the text.
    static func offset(of line: Int, _ column: Int, in bytes: [UInt8]) -> Int {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var currentLine = 1
        while currentLine < line, i < bytes.count {
            if bytes[i] == 0x0A { currentLine += 1 }
            i += 1
        }
        var scalars = 1
        while scalars < column, i < bytes.count, bytes[i] != 0x0A {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }  // continuation bytes
            scalars += 1
        }
        return i
    }

    /// The stable problem codes.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The bytes are not UTF-8, or hold a NUL or another control character.
        case invalidText = "invalid-text"
        /// A line is neither a comment, a group header nor `Key=Value`.
        case syntax = "syntax"
        /// A key before the `[Routing App]` group header.
        case keyOutsideGroup = "key-outside-group"
        /// No `[Routing App]` group at all.
        case missingGroup = "missing-group"
        /// A group header seen twice.
        case duplicateGroup = "duplicate-group"
        /// A group other than `[Routing App]` (ignored; a warning unless it starts with `X-`).
        case unknownGroup = "unknown-group"
        /// A key given twice in the group.
        case duplicateKey = "duplicate-key"
        /// A key routingd does not know (ignored; a warning unless it starts with `X-`).
        case unknownKey = "unknown-key"
        /// A backslash escape other than `\s \n \t \r \\` (and `\;` in lists).
        case invalidEscape = "invalid-escape"
        /// A required key (`Name`, `Modes`, `Coverage`) is missing.
        case missingKey = "missing-key"
        /// A key whose value is empty where one is needed.
        case emptyValue = "empty-value"
        /// The `Id` is unusable (control characters, `/`).
        case invalidID = "invalid-id"
        /// A `Modes` entry that is not one of Apple's twelve `MKDirectionsMode` names.
        case unknownMode = "unknown-mode"
        /// A mode listed twice.
        case duplicateMode = "duplicate-mode"
        /// `Priority` is not an integer, or out of range.
        case invalidPriority = "invalid-priority"
        /// `LinkFormat` names no format the link builder can write.
        case unknownLinkFormat = "unknown-link-format"
        /// `Exec` breaks the Desktop Entry quoting rules.
        case execQuoting = "exec-quoting"
        /// `Exec` uses a placeholder other than `%u %s %d %m %%`, or a `%` in the program.
        case execPlaceholder = "exec-placeholder"
        /// Neither `Exec` nor `LinkFormat`: routingd would not know how to launch the app.
        case missingLaunch = "missing-launch"
        /// A value ends with a space or tab, which is kept as part of it (Desktop Entry
        /// Specification: only the spaces around `=` are ignored).
        case trailingSpace = "trailing-space"
        /// The file named by `Coverage` cannot be read (reported at the `Coverage=` value).
        case coverageUnreadable = "coverage-unreadable"
    }
}
