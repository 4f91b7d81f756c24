// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Runs other programs from tests (the reference Python tools).
public enum ChildProcess {
    /// Runs `argv` (looked up on PATH) with the test's environment and returns its exit status, or
    /// nil when it had to be killed after `seconds`; -1 when it could not be started.
    public static func run(_ argv: [String], within seconds: Double = 60) -> Int32? {
        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        guard posix_spawnp(&pid, argv[0], nil, nil, cArgs, environ) == 0 else { return -1 }
        var status: Int32 = 0
        for _ in 0..<Int(seconds * 100) {
            if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xFF }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }
}
