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
        self.message = message
        self.hint = hint
    }

    /// `LINE:COLUMN: severity: message [code]`.
    public var description: String {
        "\(line):\(column): \(severity.rawValue): \(message) [\(code)]"
    }

    /// `PATH:LINE:COLUMN: severity: message [code]`, the GCC diagnostic format.
    public func located(in path: String) -> String { "\(path):\(description)" }

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
        /// `Priority` is not an integer.
        case invalidPriority = "invalid-priority"
        /// `LinkFormat` names no format the link builder can write.
        case unknownLinkFormat = "unknown-link-format"
        /// `Exec` breaks the Desktop Entry quoting rules.
        case execQuoting = "exec-quoting"
        /// `Exec` uses a placeholder other than `%u %s %d %m %%`, or a `%` in the program.
        case execPlaceholder = "exec-placeholder"
        /// Neither `Exec` nor `LinkFormat`: routingd would not know how to launch the app.
        case missingLaunch = "missing-launch"
    }
}
