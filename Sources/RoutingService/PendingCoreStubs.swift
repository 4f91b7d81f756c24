// TEMPORARY: stand-ins for the h5-core types (AppSource, AppManifest.parse, AppRegistry(sources:previous:),
// Entry.state / lastError) until `git merge h5-core`; this file is deleted at that merge.
import RoutingCore

public struct AppSource: Sendable {
    public var id: String
    public var manifestPath: String?
    public var manifest: Result<[UInt8], AppRegistry.ReadError>?
    public var coveragePath: String?
    public var coverage: Result<[UInt8], AppRegistry.ReadError>?
}

public enum AppManifest {
    public struct Parse { public var id: String; public var coverage: String? }
    public static func parse(_ bytes: [UInt8], fileName: String) -> Parse {
        var id = fileName.hasSuffix(".routingapp") ? String(fileName.dropLast(11)) : fileName
        var coverage: String? = nil
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("Id=") { id = String(line.dropFirst(3)) }
            if line.hasPrefix("Coverage=") { coverage = String(line.dropFirst(9)) }
        }
        return Parse(id: id, coverage: coverage)
    }
}

public enum StubAppState: String, Sendable { case active, stale, invalid }

extension AppRegistry {
    public init(sources: [AppSource], previous: AppRegistry?) {
        self.init(files: sources.compactMap { s in
            guard let path = s.coveragePath, let c = s.coverage else { return nil }
            return (path: path, contents: c)
        })
    }
}

extension AppRegistry.Entry {
    public var state: StubAppState { app != nil ? .active : .invalid }
    public var lastError: String? { firstError }
}

extension AppRegistry.Entry {
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
