// SPDX-License-Identifier: Apache-2.0
/// The outcome of parsing one `*.routingapp` manifest (``AppManifest/parse(_:fileName:)``).
public struct ManifestParse: Hashable, Sendable {
    /// The manifest, or nil exactly when some problem is an error.
    public var manifest: AppManifest?
    /// Every finding, sorted by line and column; errors and warnings.
    public var problems: [ManifestProblem]
    /// The app id even when the manifest is rejected: its `Id` when that line could be read, else the
    /// file name without `.routingapp`. The registry uses it to keep the last good version of the app.
    public var id: String
    /// The `Coverage` value as written, even when the manifest is rejected; nil when absent or unreadable.
    public var coverage: String?
    /// Where the `Coverage` value starts (1-based line and column), so a coverage file that cannot
    /// be read is reported at the manifest line that names it; nil when there is no `Coverage` value.
    public var coverageLine: Int?
    /// The column of the `Coverage` value, with ``coverageLine``.
    public var coverageColumn: Int?
    /// The `Name` value even when the manifest is rejected, so an invalid app is listed by its name;
    /// nil when absent or unreadable.
    public var name: String?

    public init(
        manifest: AppManifest?, problems: [ManifestProblem], id: String, coverage: String?,
        coverageLine: Int? = nil, coverageColumn: Int? = nil, name: String? = nil
    ) {
        self.manifest = manifest
        self.problems = problems
        self.id = id
        self.coverage = coverage
        self.coverageLine = coverageLine
        self.coverageColumn = coverageColumn
        self.name = name
    }

    /// The errors only.
    public var errors: [ManifestProblem] { problems.filter { $0.severity == .error } }
    /// The warnings only.
    public var warnings: [ManifestProblem] { problems.filter { $0.severity == .warning } }
}
