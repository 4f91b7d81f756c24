/// The routing apps the daemon serves, built from coverage files already read into memory.
///
/// Every `*.geojson` file in the coverage directory is a routing app whose id is the file name
/// without `.geojson`. A file that fails validation (or could not be read) stays in the registry as an
/// invalid entry with its diagnostics, so it can be reported, but it serves no request. Building a
/// registry never fails. Pure: the caller reads the files.
public struct AppRegistry: Sendable {
    /// One coverage file and what became of it.
    public struct Entry: Sendable {
        /// The app id: the file name without `.geojson`.
        public var id: String
        /// The file the entry came from, as given to the registry.
        public var path: String
        /// The app when its coverage is valid, else nil.
        public var app: RoutingApp?
        /// Validation diagnostics (errors, warnings, notes), sorted by position.
        public var diagnostics: [Diagnostic]
        /// Why the file could not be read, when it could not (then `diagnostics` is empty).
        public var readError: String?

        public var isValid: Bool { app != nil }

        /// The first error, for one-line reports.
        public var firstError: String? {
            if let readError { return readError }
            return diagnostics.first(where: { $0.severity == .error })
                .map { "\(path):\($0.location.line):\($0.location.column): \($0.message) [\($0.rule)]" }
        }
    }

    /// All entries, sorted by id.
    public private(set) var entries: [Entry]

    /// The valid apps, sorted by id.
    public var apps: [RoutingApp] { entries.compactMap(\.app) }

    /// The invalid entries, sorted by id.
    public var invalidEntries: [Entry] { entries.filter { !$0.isValid } }

    /// An empty registry.
    public init() { entries = [] }

    /// Builds a registry from coverage files.
    /// - Parameter files: each file's path and either its bytes or the error met reading it.
    ///   The id is taken from the path's last component without the `.geojson` extension.
    public init(files: [(path: String, contents: Result<[UInt8], ReadError>)]) {
        entries = files.map { file in
            let id = AppRegistry.appID(forPath: file.path)
            switch file.contents {
            case .success(let bytes):
                let validation = CoverageValidator.validate(bytes)
                return Entry(
                    id: id, path: file.path,
                    app: validation.coverage.map { RoutingApp(id: id, coverage: $0) },
                    diagnostics: validation.diagnostics, readError: nil)
            case .failure(let error):
                return Entry(id: id, path: file.path, app: nil, diagnostics: [], readError: error.message)
            }
        }
        .sorted { $0.id < $1.id }
    }

    /// The entry with this id.
    public subscript(id: String) -> Entry? { entries.first { $0.id == id } }

    /// `London` for `/srv/Coverage/London.geojson`.
    public static func appID(forPath path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return name.hasSuffix(".geojson") ? String(name.dropLast(".geojson".count)) : name
    }

    /// Why a coverage file could not be read.
    public struct ReadError: Error, Hashable, Sendable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }
}
