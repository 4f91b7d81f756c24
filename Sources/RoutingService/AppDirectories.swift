// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Where routing apps come from, and the one place their files are read.
///
/// Manifests (`*.routingapp`) are read from ``appDirectories`` in order, a later directory's manifest
/// replacing an earlier one with the same app id: by default `/usr/share/routingd/apps`,
/// `/etc/routingd/apps`, `$XDG_DATA_HOME/routingd/apps` (`~/.local/share/routingd/apps` when
/// `XDG_DATA_HOME` is unset, empty or relative, as the XDG Base Directory Specification says), then
/// each `--apps DIR`. A directory that does not exist is skipped (it may appear later: the daemon
/// watches for it); for a `--apps DIR` that is likely a typo, so ``directoryWarnings()`` names it.
/// Each manifest's `Coverage=` file is read from the manifest's directory when relative. Every
/// `*.geojson` file in ``coverageDirectory`` that no manifest names as its coverage is an app of its
/// own (the file name without `.geojson` as id, every mode, no launch command, priority 0), with the
/// lowest precedence. Names starting with `.` are skipped.
///
/// Reading never fails for one bad file: a file that cannot be read becomes a source carrying the
/// `strerror(3)` reason, and the registry reports it. Only a coverage directory given with
/// `--coverage DIR` that cannot be listed throws; a default one that does not exist means no bare
/// coverage files (``CoverageOrigin``).
public struct AppDirectories: Sendable, Hashable {
    /// The manifest directories, lowest precedence first.
    public var appDirectories: [String]
    /// The directory of bare coverage files (`--coverage DIR`, or the default found by
    /// ``DefaultPaths/coverageCandidates(executable:)``).
    public var coverageDirectory: String
    /// Where ``coverageDirectory`` comes from, which decides whether its absence is an error.
    public var coverageOrigin: CoverageOrigin
    /// The directories given with `--apps DIR` (also in ``appDirectories``): one that does not exist
    /// is skipped like the standard ones, but named by ``directoryWarnings()``.
    public var givenAppDirectories: [String]

    /// Where the coverage directory comes from.
    public enum CoverageOrigin: Sendable, Hashable {
        /// Given (`--coverage DIR`): it must exist, and one that cannot be listed is an error.
        case given
        /// Not given: the first of these that is a directory, else the first. A default directory
        /// that does not exist means no bare coverage files, with a warning
        /// (``AppDirectories/directoryWarnings()``), not an error.
        case searched([String])
    }

    public init(
        appDirectories: [String], coverageDirectory: String, coverageOrigin: CoverageOrigin = .given,
        givenAppDirectories: [String] = []
    ) {
        self.appDirectories = appDirectories
        self.coverageDirectory = coverageDirectory
        self.coverageOrigin = coverageOrigin
        self.givenAppDirectories = givenAppDirectories
    }

    /// The system and user directories, then `extra` (`--apps DIR`, in the order given).
    /// - Parameters:
    ///   - coverageDirectory: `--coverage DIR`; nil for the default, the first directory of
    ///     ``DefaultPaths/coverageCandidates(executable:)`` that exists.
    ///   - environment: looks up `XDG_DATA_HOME` and `HOME`; the process environment by default.
    public static func standard(
        extra: [String] = [], coverageDirectory: String? = nil,
        environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
    ) -> AppDirectories {
        var directories = ["/usr/share/routingd/apps", "/etc/routingd/apps"]
        if let user = userDirectory(environment: environment) { directories.append(user) }
        if let coverageDirectory {
            return AppDirectories(
                appDirectories: directories + extra, coverageDirectory: coverageDirectory, givenAppDirectories: extra)
        }
        let candidates = DefaultPaths.coverageCandidates()
        return AppDirectories(
            appDirectories: directories + extra,
            coverageDirectory: candidates.first(where: Inotify.isDirectory) ?? candidates[0],
            coverageOrigin: .searched(candidates), givenAppDirectories: extra)
    }

    /// The same directories with each relative path joined to `workingDirectory` (the process's by
    /// default), so that every path the daemon reports (an app's manifest and coverage in
    /// `ListApps`, `Monitor`, messages) names the same file for a client in another directory.
    public func absolute(workingDirectory: String = AppDirectories.workingDirectory()) -> AppDirectories {
        func absolute(_ path: String) -> String {
            if path.hasPrefix("/") { return path }
            let base = workingDirectory.hasSuffix("/") ? String(workingDirectory.dropLast()) : workingDirectory
            return path == "." ? base : base + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
        }
        return AppDirectories(
            appDirectories: appDirectories.map(absolute), coverageDirectory: absolute(coverageDirectory),
            coverageOrigin: coverageOrigin, givenAppDirectories: givenAppDirectories.map(absolute))
    }

    /// Whether the coverage directory is a default one that does not exist (then there are no bare
    /// coverage files).
    public var coverageDirectoryMissing: Bool {
        guard case .searched = coverageOrigin else { return false }
        return !Inotify.isDirectory(coverageDirectory)
    }

    /// What is wrong with the directories themselves, checked before reading, one sentence each: a
    /// `--apps DIR` that does not exist or is not a directory (skipped; likely mistyped), and a
    /// default coverage directory that does not exist. Neither stops anything: the daemon logs them
    /// as warnings (and watches for the directories to appear), `routingctl` prints them as notes.
    /// - Parameter watched: true for the daemon, which reads a missing `--apps DIR` once it is
    ///   created: the warning says so instead of "skipped".
    public func directoryWarnings(watched: Bool = false) -> [String] {
        var warnings: [String] = []
        for directory in givenAppDirectories where !Inotify.isDirectory(directory) {
            var status = stat()
            let missing = stat(directory, &status) != 0
            let reason = missing ? String(cString: strerror(errno)) : "not a directory"
            let near = missing ? CoverageDirectory.nearName(to: directory).map { "; did you mean '\($0)'?" } ?? "" : ""
            let outcome = watched && missing ? "no manifest read from it until it is created" : "skipped (no manifest read from it)"
            warnings.append("--apps \(directory): \(reason); \(outcome)\(near)")
        }
        if coverageDirectoryMissing, case .searched(let candidates) = coverageOrigin {
            let names = candidates.map { $0.hasPrefix("/") ? $0 : "\($0) (under the working directory \(AppDirectories.workingDirectory()))" }
            let absent = names.count == 1 ? "\(names[0]) does not exist" : "neither \(names.joined(separator: " nor ")) exists"
            warnings.append("no coverage directory: \(absent), so no bare *.geojson file is an app (only manifests are); give --coverage DIR for the directory of the coverage files")
        }
        return warnings
    }

    /// The working directory, for messages about relative paths; `.` when it cannot be read.
    public static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `$XDG_DATA_HOME/routingd/apps`, or `$HOME/.local/share/routingd/apps`; nil without either.
    /// A relative `XDG_DATA_HOME` is ignored (XDG Base Directory Specification: "If an implementation
    /// encounters a relative path in any of these variables it should consider the path invalid").
    public static func userDirectory(environment: (String) -> String?) -> String? {
        if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") {
            return Inotify.normalized(data) + "/routingd/apps"
        }
        if let home = environment("HOME"), home.hasPrefix("/") {
            return Inotify.normalized(home) + "/.local/share/routingd/apps"
        }
        return nil
    }

    /// What one reading of the directories found.
    public struct Reading: Sendable {
        /// One source per app id, manifests by precedence, then bare coverage files; sorted by id.
        public var sources: [AppSource]
        /// Every directory whose changes matter: the app directories, the coverage directory, and
        /// the directory of each coverage file a manifest names elsewhere.
        public var watchedDirectories: [String]
        /// Things worth a log line that are no app's fault: a manifest directory that exists but
        /// cannot be listed, a manifest replaced by a later directory's.
        public var notes: [String]
    }

    /// Lists every directory and reads every manifest and coverage file whole; which manifest wins
    /// for an id, and which coverage files are bare apps, is decided by
    /// ``AppSource/resolve(manifests:coverageFiles:readCoverage:)``.
    /// - Throws: ``CoverageDirectory/Error`` when the coverage directory cannot be listed, except a
    ///   default one (``CoverageOrigin/searched(_:)``) that does not exist; the manifest directories
    ///   need not exist.
    public func read() throws(CoverageDirectory.Error) -> Reading {
        var notes: [String] = []
        var manifestPaths: [[String]] = []
        for directory in appDirectories {
            do {
                let names = try AppDirectories.list(directory, suffix: ".routingapp")
                manifestPaths.append(names.map { AppDirectories.join(directory, $0) })
            } catch {
                if error.errno != ENOENT && error.errno != ENOTDIR { notes.append("cannot list \(directory): \(error)") }
            }
        }
        // Every manifest read on every processor (at start, 10,000 apps are 20,000 files to read).
        let read = concurrentMap(manifestPaths.flatMap { $0 }) { path in
            SourceFile(path: path, contents: CoverageDirectory.readFile(path))
        }
        var manifests: [[SourceFile]] = []
        var offset = 0
        for paths in manifestPaths {
            manifests.append(Array(read[offset..<(offset + paths.count)]))
            offset += paths.count
        }
        var coverageFiles: [String] = []
        do {
            coverageFiles = try AppDirectories.list(coverageDirectory, suffix: ".geojson")
                .map { AppDirectories.join(coverageDirectory, $0) }
        } catch {
            // A default coverage directory may be absent (`routingctl open` started in $HOME): then
            // there are no bare coverage files. A given one must be there.
            let absent = error.errno == ENOENT || error.errno == ENOTDIR
            if coverageOrigin == .given || !absent {
                throw CoverageDirectory.Error(
                    path: coverageDirectory, reason: String(cString: strerror(error.errno)),
                    nearName: error.errno == ENOENT ? CoverageDirectory.nearName(to: coverageDirectory) : nil,
                    given: coverageOrigin == .given)
            }
        }
        let sources = AppSource.resolve(
            manifests: manifests, coverageFiles: coverageFiles, concurrentlyReading: CoverageDirectory.readFile)
        var watched = appDirectories + [coverageDirectory]
        for source in sources {
            if let coverage = source.coverage { watched.append(Inotify.parent(of: coverage.path)) }
            if let manifest = source.manifest, !source.overridden.isEmpty {
                notes.append("\(manifest.path) overrides \(source.overridden.joined(separator: ", "))")
            }
        }
        var seen = Set<String>()
        watched = watched.map(Inotify.normalized).filter { seen.insert($0).inserted }
        return Reading(sources: sources, watchedDirectories: watched, notes: notes)
    }

    // MARK: Files

    /// The names in `directory` ending in `suffix`, not starting with `.`, sorted.
    /// - Throws: ``SystemError`` from opendir(3) or readdir(3).
    static func list(_ directory: String, suffix: String) throws(SystemError) -> [String] {
        guard let handle = opendir(directory) else { throw SystemError.current("opendir", path: directory) }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw SystemError.current("readdir", path: directory) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(suffix), name.count > suffix.count, !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
