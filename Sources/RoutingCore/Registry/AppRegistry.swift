// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Synchronization

/// The routing apps the daemon serves, built from files already read into memory
/// (``AppSource``: a manifest and its coverage file, or a bare coverage file).
///
/// Building a registry never fails. A source whose manifest or coverage fails stays in the registry
/// as an entry with its problems, so it can be reported, and never affects the other apps. When a
/// `previous` registry is given (a reload), an app whose files now fail keeps serving the last
/// version that loaded (state ``State/stale``) and reports why (``Entry/lastError``). Pure: the
/// caller reads the files (``AppSource/resolve(manifests:coverageFiles:readCoverage:)``).
public struct AppRegistry: Sendable {
    /// Where an app stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Its current files loaded; it serves requests.
        case active
        /// Its current files fail; it serves requests with the last version that loaded.
        case stale
        /// It never loaded (in this registry's line of reloads); it serves nothing.
        case invalid
    }

    /// One app and what became of its files.
    public struct Entry: Sendable {
        /// The app id: the manifest's `Id` or file name, or the coverage file name without `.geojson`.
        public var id: String
        /// The manifest's `Name` when it could be read, even when the manifest is rejected (so an
        /// invalid app is listed by its name); nil for a bare coverage file or an unreadable `Name`.
        public var name: String?
        public var state: State
        /// The version in service: the current one when ``State/active``, the last good one when
        /// ``State/stale``, nil when ``State/invalid``.
        public var app: RoutingApp?
        /// The manifest, or nil for a bare coverage file.
        public var manifestPath: String?
        /// The coverage file, or nil when the manifest names none.
        public var coveragePath: String?
        /// Manifests with this id in earlier directories, overridden by this one (lowest first).
        public var overridden: [String]
        /// The manifest's problems (errors and warnings) in the current files.
        public var manifestProblems: [ManifestProblem]
        /// The coverage file's validation diagnostics (errors, warnings, notes) in the current files,
        /// sorted by position; empty when it was not read or not validated.
        public var diagnostics: [Diagnostic]
        /// Why the manifest or the coverage file could not be read, when it could not.
        public var readError: String?
        /// Why the current files fail: the first error, as ``lines(_:)`` writes it
        /// (`FILE:LINE:COLUMN: error: KEY: message; hint [code]` for a manifest problem,
        /// `FILE:LINE:COLUMN: error: message [rule]` for the coverage file), or the read error of the
        /// manifest or bare coverage file; nil when active.
        public var lastError: String?

        /// The manifest path, else the coverage path: the file to name in one-line reports.
        public var path: String { manifestPath ?? coveragePath ?? "" }

        /// True when the entry serves requests (``State/active`` or ``State/stale``).
        public var isValid: Bool { app != nil }

        /// The first error, for one-line reports (the same as ``lastError``).
        public var firstError: String? { lastError }

        /// The file and the rule behind ``lastError``: the manifest and its problem code, the
        /// coverage file and its validation rule (`ring-not-closed`), or for a read error or a
        /// manifest naming no coverage file ``path`` without a rule; nil when there is no error.
        public var lastErrorSource: (path: String, rule: String?)? {
            guard let lastError else { return nil }
            if let manifestPath,
                let problem = manifestProblems.first(where: { $0.severity == .error && $0.located(in: manifestPath) == lastError })
            {
                return (manifestPath, problem.code)
            }
            if let coveragePath,
                let diagnostic = diagnostics.first(where: { $0.severity == .error && "\(coveragePath):\($0)" == lastError })
            {
                return (coveragePath, diagnostic.rule)
            }
            return (path, nil)
        }

        /// The current files' findings of one severity, one line each in the GCC format: the manifest's
        /// problems first (``ManifestProblem/located(in:)``: `FILE:LINE:COLUMN: severity: KEY: message;
        /// hint [code]`; a coverage file that cannot be read is one of them, at the `Coverage=` value),
        /// then the coverage file's diagnostics (`FILE:LINE:COLUMN: severity: message [rule]`); a read
        /// error of the manifest (or of a bare coverage file) is one `error` line of its own.
        public func lines(_ severity: Severity) -> [String] {
            var lines: [String] = []
            if severity == .error, let readError { lines.append(readError) }
            if let manifestPath {
                lines += manifestProblems.filter { $0.severity == severity }.map { $0.located(in: manifestPath) }
            }
            if let coveragePath {
                lines += diagnostics.filter { $0.severity == severity }.map { "\(coveragePath):\($0)" }
            }
            return lines
        }
    }

    /// All entries, sorted by id.
    public private(set) var entries: [Entry]

    /// What validating each coverage file gave, by path: reused by the next registry for a file
    /// whose bytes are unchanged (same ``ContentDigest``), so a reload re-validates only what changed.
    private var validations: [String: ValidatedCoverage] = [:]

    /// One coverage file's validation and, when valid, its covered area (square metres).
    struct ValidatedCoverage: Sendable {
        let digest: ContentDigest
        let validation: CoverageValidation
        let area: Double?
    }

    /// The coverage files whose validation was taken from the previous registry because their bytes
    /// had not changed, sorted.
    public private(set) var unchangedCoveragePaths: [String] = []

    /// Each entry's position in ``entries``, by id: lookups by id are O(1), not a scan (a reload's
    /// change report looks up every app).
    private var positions: [String: Int] = [:]

    /// What each entry was built from, by its ``Entry/path``: a reload reuses an entry whose files
    /// are byte for byte the same, without parsing or validating again.
    private var fingerprints: [String: (fingerprint: SourceFingerprint, id: String)] = [:]

    /// The ids of the entries taken unchanged from the previous registry (same files, same bytes):
    /// nothing about them changed, so a reload's report can skip them.
    public private(set) var unchangedIDs: Set<String> = []

    /// A source's paths and the digests of its bytes (or its read errors).
    struct SourceFingerprint: Hashable, Sendable {
        enum File: Hashable, Sendable {
            case bytes(ContentDigest)
            case unreadable(String)
        }
        let manifestPath: String?
        let manifest: File?
        let coveragePath: String?
        let coverage: File?
        let overridden: [String]

        init(_ source: AppSource) {
            func file(_ source: SourceFile?) -> File? {
                switch source?.contents {
                case .success(let bytes): .bytes(ContentDigest(bytes))
                case .failure(let error): .unreadable(error.message)
                case nil: nil
                }
            }
            manifestPath = source.manifest?.path
            manifest = file(source.manifest)
            coveragePath = source.coverage?.path
            coverage = file(source.coverage)
            overridden = source.overridden
        }

        /// The coverage file's digest, when it was read.
        var coverageDigest: ContentDigest? {
            if case .bytes(let digest)? = coverage { digest } else { nil }
        }
    }

    /// The apps in service (active and stale), sorted by id. Kept, not gathered per request.
    public private(set) var apps: [RoutingApp] = []

    /// The entries that serve nothing, sorted by id.
    public var invalidEntries: [Entry] { entries(in: .invalid) }

    /// The entries serving their last good version, sorted by id.
    public var staleEntries: [Entry] { entries(in: .stale) }

    /// How many entries are in `state`.
    public func count(_ state: State) -> Int {
        // By index: iterating `entries` would copy every entry (a dozen retains and releases each).
        var count = 0
        for i in entries.indices where entries[i].state == state { count += 1 }
        return count
    }

    /// How many entries have an error: not loaded, or serving their last good version (the
    /// `invalid` count of `Reload()`'s reply and of the monitor's `reloaded` event).
    public var errorCount: Int { entries.count - count(.active) }

    /// The entries in `state`, sorted by id (only those are copied).
    private func entries(in state: State) -> [Entry] {
        entries.indices.filter { entries[$0].state == state }.map { entries[$0] }
    }

    /// An empty registry.
    public init() { entries = [] }

    /// Builds a registry.
    /// - Parameters:
    ///   - sources: one per app; two sources with the same id: the later wins (its ``Entry/overridden``
    ///     names the earlier manifest). ``AppSource/resolve(manifests:coverageFiles:readCoverage:)``
    ///     already gives one per id.
    ///   - previous: the registry being replaced, or nil at start. An app whose current files fail and
    ///     that is in service in `previous` stays in service (``State/stale``).
    public init(sources: [AppSource], previous: AppRegistry? = nil) {
        var byID: [String: Entry] = [:]
        byID.reserveCapacity(sources.count)
        var validations: [String: ValidatedCoverage] = [:]
        validations.reserveCapacity(sources.count)
        var unchanged: Set<String> = []
        var fingerprints: [String: (fingerprint: SourceFingerprint, id: String)] = [:]
        fingerprints.reserveCapacity(sources.count)
        var reused: Set<String> = []
        // The ids in the order first met: sources come sorted by id from AppSource.resolve, and
        // then the entries need no sort of 10,000 strings (`inOrder`).
        var order: [String] = []
        order.reserveCapacity(sources.count)
        var inOrder = true
        // At start every coverage file is new: validate them all on every processor first.
        let prevalidated = previous == nil ? Self.validateConcurrently(sources) : [:]
        for source in sources {
            let fingerprint = SourceFingerprint(source)
            let key = source.manifest?.path ?? source.coverage?.path ?? ""
            var entry: Entry
            if let previous, let built = previous.fingerprints[key], built.fingerprint == fingerprint,
                let known = previous[built.id], known.path == key
            {
                // Same files, same bytes: the same entry (also when stale: it keeps the same last good
                // version), without parsing or validating again.
                entry = known
                entry.overridden = source.overridden
                if let path = source.coverage?.path, let validated = previous.validations[path] {
                    validations[path] = validated
                    unchanged.insert(path)
                }
                reused.insert(known.id)
            } else {
                entry = Self.build(source) { file, bytes in
                    // The fingerprint has digested these very bytes (source.coverage's).
                    let digest = fingerprint.coverageDigest ?? ContentDigest(bytes)
                    if let known = validations[file.path] ?? previous?.validations[file.path], known.digest == digest {
                        if previous?.validations[file.path]?.digest == digest { unchanged.insert(file.path) }
                        validations[file.path] = known
                        return known
                    }
                    if let ready = prevalidated[file.path], ready.digest == digest {
                        validations[file.path] = ready
                        return ready
                    }
                    let validated = Self.validated(bytes, digest: digest)
                    validations[file.path] = validated
                    return validated
                }
                reused.remove(entry.id)
            }
            if let earlier = byID.removeValue(forKey: entry.id) {
                entry.overridden = earlier.overridden + [earlier.path] + entry.overridden
                reused.remove(entry.id)
            } else {
                if let last = order.last, !(last < entry.id) { inOrder = false }
                order.append(entry.id)
            }
            byID[entry.id] = entry
            fingerprints[key] = (fingerprint, entry.id)
        }
        entries = (inOrder ? order : byID.keys.sorted()).map { id in
            var entry = byID.removeValue(forKey: id)!  // moved out, not copied
            if entry.app == nil, !reused.contains(id), let last = previous?[id]?.app {
                entry.app = last
                entry.state = .stale
            }
            return entry
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        for position in entries.indices { positions[entries[position].id] = position }
        self.positions = positions
        // Only a source that made an entry can be reused (not one a later source overrode).
        let entries = self.entries
        self.fingerprints = fingerprints.filter { key, built in
            positions[built.id].map { entries[$0].path == key } ?? false
        }
        self.validations = validations
        unchangedCoveragePaths = unchanged.sorted()
        unchangedIDs = reused
        apps = entries.indices.compactMap { entries[$0].app }
    }

    /// One coverage file validated as the registry keeps it: indexed, with its area.
    private static func validated(_ bytes: [UInt8], digest: ContentDigest) -> ValidatedCoverage {
        var validation = CoverageValidator.validate(bytes)
        validation.coverage = validation.coverage?.indexed()
        return ValidatedCoverage(digest: digest, validation: validation, area: validation.coverage?.area)
    }

    /// At start, this many coverage files (or 1 MiB of them) are validated on every processor.
    static let concurrentValidationFiles = 16

    /// Validates the readable coverage files of `sources` (each path once) on all processors, by
    /// path. Files are independent and validation is pure, so the result is the same as validating
    /// them one after the other; only start pays for all of them at once.
    private static func validateConcurrently(_ sources: [AppSource]) -> [String: ValidatedCoverage] {
        var files: [(path: String, bytes: [UInt8])] = []
        var seen: Set<String> = []
        for source in sources {
            if let file = source.coverage, case .success(let bytes) = file.contents, seen.insert(file.path).inserted {
                files.append((file.path, bytes))
            }
        }
        // A few small files are validated on the calling thread: threads would not pay, and the
        // results they allocate would keep a second malloc arena resident for the daemon's life
        // (1.5 MiB more at rest with the samples in some starts).
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        guard files.count >= Self.concurrentValidationFiles || (files.count >= 2 && bytes >= 1 << 20) else { return [:] }
        let results = Mutex<[ValidatedCoverage?]>(Array(repeating: nil, count: files.count))
        // Interleaved slices (more than processors, as the validator's chunks), so that one slow file
        // does not hold up the others.
        let slices = min(files.count, 16)
        let shared = files
        DispatchQueue.concurrentPerform(iterations: slices) { k in
            for i in stride(from: k, to: shared.count, by: slices) {
                let validated = validated(shared[i].bytes, digest: ContentDigest(shared[i].bytes))
                results.withLock { $0[i] = validated }
            }
        }
        var byPath: [String: ValidatedCoverage] = [:]
        byPath.reserveCapacity(files.count)
        let all = results.withLock { $0 }
        for (file, validated) in zip(files, all) { byPath[file.path] = validated }
        return byPath
    }

    /// Builds a registry from bare coverage files (the daemon before manifests).
    /// - Parameter files: each file's path and either its bytes or the error met reading it.
    ///   The id is taken from the path's last component without the `.geojson` extension.
    public init(files: [(path: String, contents: Result<[UInt8], ReadError>)]) {
        self.init(sources: files.map { .bare(SourceFile(path: $0.path, contents: $0.contents)) })
    }

    /// The entry with this id.
    public subscript(id: String) -> Entry? { positions[id].map { entries[$0] } }

    /// `London` for `/srv/Coverage/London.geojson`.
    public static func appID(forPath path: String) -> String {
        let name = SourceFile.lastComponent(of: path)
        return name.hasSuffix(".geojson") ? String(name.dropLast(".geojson".count)) : name
    }

    /// Why a file could not be read.
    public struct ReadError: Error, Hashable, Sendable {
        public var message: String
        public init(_ message: String) { self.message = OneLine.escaped(message) }
    }

    /// One source's entry, without regard to a previous registry; `validate` validates the coverage
    /// file's bytes (or finds them validated before).
    private static func build(
        _ source: AppSource, validate: (SourceFile, [UInt8]) -> ValidatedCoverage
    ) -> Entry {
        // The id before the manifest is parsed (below); AppSource.id would parse it once more.
        let provisionalID = source.manifest.map { AppManifest.defaultID(forFileName: $0.fileName) }
            ?? appID(forPath: source.coverage?.path ?? "")
        var entry = Entry(
            id: provisionalID, name: nil, state: .invalid, app: nil, manifestPath: source.manifest?.path,
            coveragePath: source.coverage?.path, overridden: source.overridden, manifestProblems: [],
            diagnostics: [], readError: nil, lastError: nil)
        var manifest: AppManifest?
        var parsed: ManifestParse?
        if let file = source.manifest {
            switch file.contents {
            case .failure(let error):
                entry.readError = error.message
                entry.lastError = error.message
            case .success(let bytes):
                let parse = source.parsedManifest ?? AppManifest.parse(bytes, fileName: file.fileName)
                parsed = parse
                entry.id = parse.id
                entry.name = parse.name
                entry.manifestProblems = parse.problems
                manifest = parse.manifest
                if let error = parse.errors.first {
                    entry.lastError = error.located(in: file.path)
                }
            }
        }
        var coverage: Coverage?
        var area: Double?
        if let file = source.coverage {
            switch file.contents {
            case .failure(let error):
                if let parsed, let manifestPath = source.manifest?.path {
                    // Named by a manifest: report it there, at the Coverage= value.
                    let problem = ManifestProblem(
                        line: parsed.coverageLine ?? 1, column: parsed.coverageColumn ?? 1, key: "Coverage",
                        severity: .error, code: .coverageUnreadable, message: error.message,
                        hint: (parsed.coverage?.hasPrefix("/") ?? true) ? nil : "a relative Coverage path is taken from the manifest's directory")
                    entry.manifestProblems = ManifestProblem.sorted(entry.manifestProblems + [problem])
                    if entry.lastError == nil { entry.lastError = problem.located(in: manifestPath) }
                } else {
                    if entry.readError == nil { entry.readError = error.message }
                    if entry.lastError == nil { entry.lastError = error.message }
                }
            case .success(let bytes):
                let validated = validate(file, bytes)
                let validation = validated.validation
                entry.diagnostics = validation.diagnostics
                coverage = validation.coverage
                area = validated.area
                if let error = validation.diagnostics.first(where: { $0.severity == .error }), entry.lastError == nil {
                    entry.lastError = "\(file.path):\(error)"  // the same line as lines(.error)
                }
            }
        } else if entry.lastError == nil {
            entry.lastError = "\(entry.path): names no coverage file"
        }
        guard let coverage, entry.lastError == nil else { return entry }
        let coveragePath = source.coverage?.path ?? ""
        if let manifest {
            entry.app = RoutingApp(
                id: manifest.id, name: manifest.name, modes: manifest.modes, coverage: coverage,
                priority: manifest.priority, exec: manifest.exec, linkFormat: manifest.linkFormat,
                manifestPath: source.manifest?.path, coveragePath: coveragePath, area: area)
        } else if source.manifest == nil {
            entry.app = RoutingApp(id: entry.id, coverage: coverage, coveragePath: coveragePath, area: area)
        }
        entry.state = entry.app == nil ? .invalid : .active
        return entry
    }
}
