// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Where routingd looks for things when not told.
public enum DefaultPaths {
    /// The socket's file name: the name of the interface it serves first, as systemd's daemons name
    /// theirs (`/run/systemd/resolve/io.systemd.Resolve`), so that a varlink client finds it by name.
    public static let socketName = "org.routingd.Directions"

    /// The socket's earlier file name, kept beside it as a symbolic link to ``socketName`` (by the
    /// units' `Symlinks=`, and by a daemon that binds its default socket itself) for the clients
    /// and scripts that still name it.
    public static let legacySocketName = "io.socket"

    /// `$XDG_RUNTIME_DIR/routingd/org.routingd.Directions`, or `/run/routingd/org.routingd.Directions`
    /// when `XDG_RUNTIME_DIR` is unset or empty (a system service).
    public static func socket(environment: [String: String] = environment()) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/routingd/" + socketName
        }
        return systemSocket
    }

    /// `path` with its last component replaced by ``legacySocketName``: where the old name of the
    /// socket at `path` lives.
    public static func legacySocket(beside path: String) -> String {
        let directory = Inotify.parent(of: path)
        return (directory == "/" ? "" : directory) + "/" + legacySocketName
    }

    /// Where the daemon keeps its state (its own current location): the first path of
    /// `$STATE_DIRECTORY` (set by systemd's `StateDirectory=routingd`: `/var/lib/routingd` for the
    /// system unit, `$XDG_STATE_HOME/routingd` for a user unit), else `$XDG_STATE_HOME/routingd`,
    /// else `$HOME/.local/state/routingd` (XDG Base Directory Specification 0.8); nil when none of
    /// these is set to an absolute path.
    public static func stateDirectory(environment: [String: String] = environment()) -> String? {
        if let state = environment["STATE_DIRECTORY"], let first = state.split(separator: ":").first, first.hasPrefix("/") {
            return String(first)
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/routingd" }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return (home == "/" ? "" : home) + "/.local/state/routingd"
        }
        return nil
    }

    /// The system daemon's socket (`routingd.socket` of the system units).
    public static let systemSocket = "/run/routingd/" + socketName

    /// The socket a client talks to when not told: the user session's (``socket(environment:)``) when
    /// it exists, else the system daemon's when that exists, each also under its earlier name
    /// (``legacySocketName``: a daemon of an older release), else the user session's (so the error
    /// names the socket a user-session daemon would create).
    /// - Parameter exists: whether a path exists (`access(2)`); replaceable in tests.
    public static func clientSocket(
        environment: [String: String] = environment(),
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> String {
        let own = socket(environment: environment)
        let candidates = [own, legacySocket(beside: own), systemSocket, legacySocket(beside: systemSocket)]
        return candidates.first(where: exists) ?? own
    }

    /// `Coverage`, relative to the working directory: the sample coverage files when started from the
    /// repository. The first place ``coverageCandidates(executable:)`` looks.
    public static let repositoryCoverageDirectory = "Coverage"

    /// Where the coverage directory is looked for when `--coverage DIR` is not given, in order:
    /// `Coverage` under the working directory (the repository's samples), then the installed
    /// `PREFIX/share/routingd/coverage` next to the running program's `PREFIX/bin` (what
    /// `scripts/install` writes). The first that is a directory is used; when none is, there are no
    /// bare coverage files, which is not an error (``AppDirectories/CoverageOrigin``).
    /// - Parameter executable: the running program's absolute path (`/proc/self/exe`); nil when
    ///   unknown, and then only `Coverage` is looked for.
    public static func coverageCandidates(executable: String? = currentExecutable()) -> [String] {
        var candidates = [repositoryCoverageDirectory]
        if let executable, executable.hasPrefix("/") {
            let bin = Inotify.parent(of: executable)
            if bin != "/" {
                let prefix = Inotify.parent(of: bin)
                candidates.append((prefix == "/" ? "" : prefix) + "/share/routingd/coverage")
            }
        }
        return candidates
    }

    /// `PREFIX/share/doc/routingd` next to the running program's `PREFIX/bin`: where `scripts/install`
    /// puts README.md, the docs (`coverage-rules.md`, …), LICENSE and NOTICE. Nil when `executable`
    /// is nil, relative or directly in `/`. Whether the directory exists is the caller's question.
    public static func documentationDirectory(executable: String? = currentExecutable()) -> String? {
        guard let executable, executable.hasPrefix("/") else { return nil }
        let bin = Inotify.parent(of: executable)
        guard bin != "/" else { return nil }
        let prefix = Inotify.parent(of: bin)
        return (prefix == "/" ? "" : prefix) + "/share/doc/routingd"
    }

    /// The absolute path of one of routingd's documents, by one rule for every document (GetInfo's
    /// `url`, the `see:` lines of `routingctl validate`): the installed copy next to the running
    /// program, `PREFIX/share/doc/routingd/installed` (``documentationDirectory(executable:)``); else
    /// `sourceTree` in the source tree the program was built in, the nearest directory above the
    /// executable (at most six levels, e.g. from `.build/x86_64-unknown-linux-gnu/release/`) that
    /// holds `Package.swift` and that file; else `/usr/local/share/doc/routingd/installed` or
    /// `/usr/share/doc/routingd/installed`. Nil when none exists. `exists` is `access(F_OK)`.
    public static func documentationFile(
        installed: String, sourceTree: String, executable: String? = currentExecutable(),
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> String? {
        if let directory = documentationDirectory(executable: executable), exists(directory + "/" + installed) {
            return directory + "/" + installed
        }
        if var directory = executable, directory.hasPrefix("/") {
            for _ in 0..<6 {
                directory = Inotify.parent(of: directory)
                if directory == "/" { break }
                if exists(directory + "/Package.swift"), exists(directory + "/" + sourceTree) {
                    return directory + "/" + sourceTree
                }
            }
        }
        for candidate in ["/usr/local/share/doc/routingd/" + installed, "/usr/share/doc/routingd/" + installed]
        where exists(candidate) {
            return candidate
        }
        return nil
    }

    /// This process's environment (`environ`), as a dictionary; the first of duplicate names wins
    /// (as `getenv`). Read here rather than from Foundation's `ProcessInfo`, so that the daemon does
    /// not link FoundationEssentials (about 3 MB of code with the collections and regex modules it
    /// brings, for this one dictionary).
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            pointer += 1
        }
        return result
    }

    /// The running program's path, from `/proc/self/exe` (symbolic links resolved); nil when it
    /// cannot be read.
    public static func currentExecutable() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { raw in
            readlink("/proc/self/exe", raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count - 1)
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
