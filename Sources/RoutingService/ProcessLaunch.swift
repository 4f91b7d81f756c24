// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Starts a routing app: replaces the calling process with `argv` through `execve(2)`.
///
/// Never through a shell: the argv elements reach the program exactly as given (see
/// ``RoutingCore/LaunchCommand`` for how they are built), so no `;`, `$(…)`, quote or space in a
/// link can run anything else. Unlike `execvp(3)`, a file without a `#!` line that the kernel
/// refuses (`ENOEXEC`) is reported, not handed to `/bin/sh`.
///
/// A program name without a `/` is looked up in the `PATH` directories in order, as `execvp(3)`
/// does, except that empty `PATH` entries (which would mean the current directory) are skipped; with
/// no `PATH` at all the search list is `/usr/local/bin:/usr/bin:/bin`.
public enum ProcessLaunch {
    /// Why the program could not be started.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The program as given (argv[0]).
        public var program: String
        /// The `errno` of the decisive attempt (`ENOENT` when nothing was found on `PATH`).
        public var errno: Int32
        /// What was tried and why it failed, e.g. `"londonbus: not found in PATH (/usr/bin:/bin)"`.
        public var description: String

        /// The conventional shell exit status: 127 when the program was not found, 126 when it was
        /// found but could not be run.
        public var exitStatus: Int32 { errno == ENOENT || errno == ENOTDIR ? 127 : 126 }
    }

    /// The search list used when `PATH` is not set.
    public static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// The files `program` may be: itself when it contains a `/`, else `dir/program` for every
    /// non-empty directory of `searchPath` (`PATH`, or ``defaultSearchPath`` when nil).
    public static func candidates(for program: String, searchPath: String?) -> [String] {
        if program.contains("/") { return [program] }
        return (searchPath ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("/") ? $0 + program : $0 + "/" + program }
    }

    /// Replaces this process with `argv[0]` run with `argv`, and the current environment.
    ///
    /// Returns only when no candidate could be executed (see ``candidates(for:searchPath:)``): a
    /// candidate that does not exist (`ENOENT`, `ENOTDIR`) or may not be executed (`EACCES`) is
    /// skipped; any other error (`ENOEXEC`, `E2BIG`, `ETXTBSY`, …) stops the search.
    /// - Returns: the failure, naming the program and the reason.
    public static func exec(_ argv: [String]) -> Failure {
        guard let program = argv.first, !program.isEmpty else {
            return Failure(program: "", errno: ENOENT, description: "no program to run")
        }
        if program.utf8.contains(0) || argv.contains(where: { $0.utf8.contains(0) }) {
            return Failure(program: program, errno: EINVAL, description: "\(program): an argument contains a NUL byte, which execve(2) cannot pass")
        }
        let pathVariable = getenv("PATH").map { String(cString: $0) }
        let candidates = candidates(for: program, searchPath: pathVariable)
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var denied: String? = nil
        for candidate in candidates {
            _ = execve(candidate, cArgs, environ)
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG:
                continue
            case EACCES:
                if denied == nil { denied = candidate }
                continue
            case ENOEXEC:
                return Failure(
                    program: program, errno: code,
                    description: "\(candidate): not an executable format (a script needs a '#!' line; routingd never runs programs through a shell)")
            default:
                return Failure(program: program, errno: code, description: "\(candidate): cannot execute: \(String(cString: strerror(code)))")
            }
        }
        if let denied {
            return Failure(program: program, errno: EACCES, description: "\(denied): cannot execute: \(String(cString: strerror(EACCES)))")
        }
        if program.contains("/") {
            return Failure(program: program, errno: ENOENT, description: "\(program): no such file")
        }
        return Failure(
            program: program, errno: ENOENT,
            description: "\(program): not found in PATH (\(pathVariable ?? defaultSearchPath + ", PATH not set"))")
    }
}
