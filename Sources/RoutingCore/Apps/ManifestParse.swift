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

    public init(manifest: AppManifest?, problems: [ManifestProblem], id: String, coverage: String?) {
        self.manifest = manifest
        self.problems = problems
        self.id = id
        self.coverage = coverage
    }

    /// The errors only.
    public var errors: [ManifestProblem] { problems.filter { $0.severity == .error } }
    /// The warnings only.
    public var warnings: [ManifestProblem] { problems.filter { $0.severity == .warning } }
}
