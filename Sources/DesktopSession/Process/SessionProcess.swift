// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService

/// Runs a helper program of the desktop session (`xdg-mime`, `zenity`, `kdialog`) and collects
/// what it prints: `posix_spawn(3)` with an argv, never a shell; the program is looked up on `PATH`
/// as ``RoutingService/ProcessLaunch`` does (empty entries skipped). Standard input is `/dev/null`;
/// standard error is this process's.
public enum SessionProcess {
    /// How a run ended.
    public struct Outcome: Hashable, Sendable {
        /// The exit status, or 128 + the signal number when it was killed.
        public var status: Int32
        /// Everything it wrote on standard output (at most ``outputLimit`` bytes are kept).
        public var output: [UInt8]
    }

    /// Output beyond this is read and dropped, so a runaway helper cannot fill memory.
    public static let outputLimit = 1 << 20

    /// This process's environment (`environ`), as a dictionary; the first of duplicate names wins.
    public static func environment() -> [String: String] {
        DefaultPaths.environment()
    }

    /// Whether `program` is an executable file on `PATH` (or is one, when it holds a `/`).
    public static func isInstalled(_ program: String) -> Bool {
        executable(program) != nil
    }

    static func executable(_ program: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) }
        return ProcessLaunch.candidates(for: program, searchPath: path).first { access($0, X_OK) == 0 }
    }

    /// Runs `argv` to its end.
    /// - Returns: its status and output, or a ``SystemError`` when it cannot be started
    ///   (`ENOENT` when it is not on `PATH`).
    public static func run(_ argv: [String]) -> Result<Outcome, SystemError> {
        guard let program = argv.first, let path = executable(program) else {
            return .failure(SystemError(operation: "run", path: argv.first ?? "", errno: ENOENT))
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(SystemError(operation: "pipe", errno: errno)) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, cArgs, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            return .failure(SystemError(operation: "start", path: path, errno: spawned))
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            if output.count < outputLimit { output += buffer[0..<min(n, outputLimit - output.count)] }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success(Outcome(status: code, output: output))
    }
}
