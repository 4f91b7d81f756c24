// SPDX-License-Identifier: Apache-2.0
/// The files one routing app is built from: its manifest (nil for a bare coverage file) and its
/// coverage file. The I/O layer reads them; ``AppRegistry/init(sources:previous:)`` builds the app.
public struct AppSource: Sendable, Hashable {
    /// The `*.routingapp` manifest, or nil for a bare `*.geojson` in the coverage directory.
    public var manifest: SourceFile?
    /// The coverage file, or nil when the manifest names none (it is then invalid anyway).
    public var coverage: SourceFile?
    /// Manifests with the same id in earlier directories, which this one overrides (lowest first).
    public var overridden: [String]
    /// The manifest's bytes already parsed (by ``resolve(manifests:coverageFiles:readCoverage:)``),
    /// so the registry need not parse them again; nil to have them parsed when needed.
    public var parsedManifest: ManifestParse?

    public init(manifest: SourceFile?, coverage: SourceFile?, overridden: [String] = [], parsedManifest: ManifestParse? = nil) {
        self.manifest = manifest
        self.coverage = coverage
        self.overridden = overridden
        self.parsedManifest = parsedManifest
    }

    /// A bare coverage file: an app with all modes, no launch command, priority 0.
    public static func bare(_ coverage: SourceFile) -> AppSource {
        AppSource(manifest: nil, coverage: coverage)
    }

    /// The app id this source would have: the manifest's `Id` (or its file name without
    /// `.routingapp`), or the coverage file name without `.geojson`.
    public var id: String {
        if let manifest {
            if case .success(let bytes) = manifest.contents {
                return (parsedManifest ?? AppManifest.parse(bytes, fileName: manifest.fileName)).id
            }
            return AppManifest.defaultID(forFileName: manifest.fileName)
        }
        return AppRegistry.appID(forPath: coverage?.path ?? "")
    }

    /// Applies the directory rules: which manifest wins for each id, which coverage file each one
    /// names, and which coverage files are bare apps. Pure apart from `readCoverage`, which the caller
    /// supplies (the daemon reads the file; tests answer from a dictionary).
    ///
    /// - Manifests are given per directory, lowest precedence first: `/usr/share/routingd/apps`,
    ///   `/etc/routingd/apps`, `$XDG_DATA_HOME/routingd/apps`, then each `--apps DIR` in order; within a
    ///   directory in file-name order. A later manifest with the same **Id** overrides an earlier one,
    ///   even when the later one is invalid (the user's copy is what the user meant; the registry then
    ///   keeps the last good version, see ``AppRegistry/init(sources:previous:)``).
    /// - A manifest's `Coverage` is taken relative to the manifest's directory unless absolute.
    /// - A coverage file in `coverageFiles` that no manifest (winning or overridden) names is a bare
    ///   app with the file name as id, unless a manifest has that id: manifests override bare files.
    ///   Paths are compared after lexical normalization (`.`, `..`, repeated `/`), not through symbolic
    ///   links, so give manifest directories and the coverage directory in the same form (both absolute
    ///   or both relative to the same working directory).
    /// - Parameters:
    ///   - manifests: the `*.routingapp` files of each directory, read.
    ///   - coverageFiles: the paths of the `*.geojson` files in the coverage directory.
    ///   - readCoverage: reads one coverage file.
    /// - Returns: one source per app id, sorted by id.
    public static func resolve(
        manifests: [[SourceFile]], coverageFiles: [String],
        readCoverage: (String) -> Result<[UInt8], AppRegistry.ReadError>
    ) -> [AppSource] {
        let planned = plan(manifests: manifests, coverageFiles: coverageFiles)
        return read(planned, planned.map { $0.coveragePath.map(readCoverage) })
    }

    /// ``resolve(manifests:coverageFiles:readCoverage:)`` with the coverage files read on every
    /// processor (`readCoverage` is called from several threads at once), as the daemon does at start.
    public static func resolve(
        manifests: [[SourceFile]], coverageFiles: [String],
        concurrentlyReading readCoverage: @Sendable (String) -> Result<[UInt8], AppRegistry.ReadError>
    ) -> [AppSource] {
        let planned = plan(manifests: manifests, coverageFiles: coverageFiles)
        return read(planned, concurrentMap(planned.map(\.coveragePath)) { $0.map(readCoverage) })
    }

    /// One source before its coverage file is read, and the path to read.
    private struct Planned: Sendable {
        var id: String
        var source: AppSource
        var coveragePath: String?
    }

    /// The directory rules of ``resolve(manifests:coverageFiles:readCoverage:)``, without reading a
    /// coverage file: one entry per app id, sorted by id. The manifests are parsed on every processor.
    private static func plan(manifests: [[SourceFile]], coverageFiles: [String]) -> [Planned] {
        struct Winner {
            var manifest: SourceFile
            var coverage: String?
            var overridden: [String]
            var parsed: ManifestParse?
        }
        let parses = concurrentMap(manifests.flatMap { $0 }) { file -> ManifestParse? in
            guard case .success(let bytes) = file.contents else { return nil }
            return AppManifest.parse(bytes, fileName: file.fileName)
        }
        var winners: [String: Winner] = [:]
        winners.reserveCapacity(parses.count)
        var named: Set<String> = []
        named.reserveCapacity(parses.count)
        var position = 0
        for directory in manifests {
            for file in directory {
                defer { position += 1 }
                var id = AppManifest.defaultID(forFileName: file.fileName)
                var coverage: String?
                let parsed = parses[position]
                if let parse = parsed {
                    id = parse.id
                    coverage = parse.coverage.map { coveragePath($0, manifestPath: file.path) }
                }
                if let coverage { named.insert(normalize(coverage)) }
                let overridden = winners.removeValue(forKey: id).map { $0.overridden + [$0.manifest.path] } ?? []
                winners[id] = Winner(manifest: file, coverage: coverage, overridden: overridden, parsed: parsed)
            }
        }
        // An array sorted once by id, not a dictionary of 10,000 apps grown step by step and read
        // back key by key.
        var planned: [Planned] = []
        planned.reserveCapacity(winners.count + coverageFiles.count)
        for (id, winner) in winners {
            planned.append(Planned(
                id: id,
                source: AppSource(
                    manifest: winner.manifest, coverage: nil, overridden: winner.overridden, parsedManifest: winner.parsed),
                coveragePath: winner.coverage))
        }
        var bareIDs: Set<String> = []
        for path in coverageFiles where !named.contains(normalize(path)) {
            let id = AppRegistry.appID(forPath: path)
            if winners[id] != nil || !bareIDs.insert(id).inserted { continue }
            planned.append(Planned(id: id, source: AppSource(manifest: nil, coverage: nil), coveragePath: path))
        }
        planned.sort { $0.id < $1.id }
        return planned
    }

    /// The planned sources with their coverage files (`contents[k]` for `planned[k]`, nil when it
    /// names none).
    private static func read(
        _ planned: [Planned], _ contents: [Result<[UInt8], AppRegistry.ReadError>?]
    ) -> [AppSource] {
        zip(planned, contents).map { entry, contents in
            var source = entry.source
            if let path = entry.coveragePath, let contents { source.coverage = SourceFile(path: path, contents: contents) }
            return source
        }
    }

    /// Whether ``normalize(_:)`` would return `path` itself: not empty, and no piece between `/`s
    /// (after a leading `/`) empty, `.` or `..`. A byte scan, since at start every manifest's
    /// coverage path is normalized.
    static func isNormal(_ path: String) -> Bool {
        var utf8 = path.utf8[...]
        if utf8.first == UInt8(ascii: "/") { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return false }
        var length = 0, dots = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || dots == length && length <= 2 { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(dots == length && length <= 2)
    }

    /// The path of a manifest's `Coverage` value: itself when absolute, else joined to the manifest's
    /// directory (`/etc/routingd/apps/London.routingapp` + `maps/London.geojson` →
    /// `/etc/routingd/apps/maps/London.geojson`; a manifest path without `/` leaves it as written).
    public static func coveragePath(_ written: String, manifestPath: String) -> String {
        // By byte, as the kernel reads a path (a '/' that a combining mark follows is still one).
        if written.utf8.first == UInt8(ascii: "/") { return written }
        guard let slash = SourceFile.lastSlash(in: manifestPath) else { return written }
        return String(manifestPath[...slash]) + written
    }

    /// Lexical normalization: `a/./b//c/../d` → `a/b/d`; a leading `/` is kept, leading `..` of a
    /// relative path are kept.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let absolute = path.utf8.first == UInt8(ascii: "/")
        var parts: [Substring] = []
        for part in Substring(path).pieces(separatedBy: UInt8(ascii: "/")) where !part.isEmpty {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
