// TEMPORARY: stand-ins for the h5-core types (SourceFile, AppSource.resolve, AppRegistry(sources:previous:),
// Entry.state / lastError, RoutingApp's new fields) until `git merge h5-core`; deleted at that merge.
import RoutingCore

public struct SourceFile: Sendable, Hashable {
    public var path: String
    public var contents: Result<[UInt8], AppRegistry.ReadError>
    public init(path: String, contents: Result<[UInt8], AppRegistry.ReadError>) {
        self.path = path
        self.contents = contents
    }
}

public struct AppSource: Sendable {
    public var manifest: SourceFile?
    public var coverage: SourceFile?
    public var overridden: [String] = []
    public var id: String { AppRegistry.appID(forPath: coverage?.path ?? "") }
    public static func resolve(
        manifests: [[SourceFile]], coverageFiles: [String],
        readCoverage: (String) -> Result<[UInt8], AppRegistry.ReadError>
    ) -> [AppSource] {
        coverageFiles.map { AppSource(manifest: nil, coverage: SourceFile(path: $0, contents: readCoverage($0))) }
    }
}

public enum StubAppState: String, Sendable { case active, stale, invalid }

extension AppRegistry {
    public init(sources: [AppSource], previous: AppRegistry?) {
        self.init(files: sources.compactMap { s in s.coverage.map { (path: $0.path, contents: $0.contents) } })
    }
}

extension AppRegistry.Entry {
    public var state: StubAppState { app != nil ? .active : .invalid }
    public var lastError: String? { firstError }
    public var manifestPath: String? { nil }
    public var coveragePath: String? { path }
    public var errorLines: [String] {
        (readError.map { [$0] } ?? []) + diagnostics.filter { $0.severity == .error }.map { WireFormat.line(path, $0) }
    }
    public var warningLines: [String] { diagnostics.filter { $0.severity == .warning }.map { WireFormat.line(path, $0) } }
}

extension RoutingApp {
    public var name: String { id }
    public var priority: Int { 0 }
    public var exec: [String]? { nil }
    public var linkFormat: LinkFormat? { nil }
}
