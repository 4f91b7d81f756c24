// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Testing

/// The PATH search of ``ProcessLaunch`` (the exec itself is tested through `routingctl open` in
/// ``OpenCommandTests``, where a failed exec is reported by a child process).
@Suite struct ProcessLaunchTests {
    @Test func programWithASlashIsTakenAsIs() {
        #expect(ProcessLaunch.candidates(for: "/bin/echo", searchPath: "/usr/bin") == ["/bin/echo"])
        #expect(ProcessLaunch.candidates(for: "./tool", searchPath: "/usr/bin") == ["./tool"])
    }

    @Test func pathDirectoriesInOrderEmptyEntriesSkipped() {
        // An empty entry would mean the current directory: skipped.
        #expect(ProcessLaunch.candidates(for: "londonbus", searchPath: "/opt/bin::/usr/bin/:") == [
            "/opt/bin/londonbus", "/usr/bin/londonbus",
        ])
    }

    @Test func noPathUsesTheDefaultList() {
        #expect(ProcessLaunch.candidates(for: "app", searchPath: nil) == ["/usr/local/bin/app", "/usr/bin/app", "/bin/app"])
    }

    @Test func failuresNameTheProgramAndMapToShellStatuses() {
        // Returns without replacing the test process: nothing can be executed.
        let missing = ProcessLaunch.exec(["/nonexistent/routingd-test-program", "x"])
        #expect(missing.program == "/nonexistent/routingd-test-program")
        #expect(missing.errno == ENOENT)
        #expect(missing.exitStatus == 127)
        #expect(missing.description == "/nonexistent/routingd-test-program: no such file")
        let directory = ProcessLaunch.exec(["/tmp"])
        #expect(directory.exitStatus == 126)
        #expect(directory.description.hasPrefix("/tmp: cannot execute"))
        let nul = ProcessLaunch.exec(["/bin/echo", "a\u{0}b"])
        #expect(nul.errno == EINVAL)
        #expect(ProcessLaunch.exec([]).description == "no program to run")
    }
}
