// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization
import Testing

/// `routingctl validate --fix` never loses an edit (the built executable, in a child process): a
/// change saved while it runs is kept and reported; a run killed before its rename leaves the file
/// intact and its temporary file is removed by the next run; read-only and hard-linked files are
/// refused without --force and replaced with it; --output follows the same rules. The child is
/// stopped at the exact point (``stopVariable``), so nothing depends on timing.
@Suite struct FixSafetyTests {
    /// An unclosed ring: --fix closes it (the README's example).
    static let unclosed = "{\"type\": \"MultiPolygon\",\n  \"coordinates\": [\n    [[[0,0],[4,0],[4,4],[0,4]]]\n  ]}\n"
    static let fixed = "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[4,0],[4,4],[0,4],[0,0]]]\n]}\n"
    /// routingctl's test hook: stop (SIGSTOP) after writing the temporary file, before the last check.
    static let stopVariable = "ROUTINGCTL_TEST_STOP_BEFORE_RENAME"

    static func routingctl(_ arguments: [String], _ root: String) -> OpenCommandTests.Run {
        OpenCommandTests.routingctl(arguments, root: root)
    }

    // MARK: an edit made during the fix

    @Test func anEditSavedDuringTheFixIsKeptAndReported() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        let file = root + "/area.geojson"
        try OpenCommandTests.write(file, Self.unclosed)
        let fix = try #require(StoppedRun(["validate", "--fix", file], root: root))
        // The temporary file is written; the user saves an edit now.
        #expect(temporaryFiles(root).count == 1)
        try OpenCommandTests.write(file, Self.unclosed + "\n")
        let run = fix.resume()
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("routingctl: \(file) changed after it was read: its size (81 → 82 bytes), its modification time ("), "\(run.stderr)")
        #expect(run.stderr.contains("; nothing was written, and the file keeps that change\n"))
        #expect(run.stderr.contains("    hint: to fix the file as it is now, run the command again: routingctl validate --fix \(file)\n"))
        #expect(OpenCommandTests.read(file) == Self.unclosed + "\n")
        #expect(temporaryFiles(root).isEmpty)
        // Run again: the edit is fixed.
        let again = Self.routingctl(["validate", "--fix", file], root)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(OpenCommandTests.read(file) == Self.fixed)
    }

    // MARK: killed during the write

    @Test func aKillBeforeTheRenameLeavesTheFileIntactAndTheNextRunRemovesTheTemporaryFile() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        let file = root + "/area.geojson"
        try OpenCommandTests.write(file, Self.unclosed)
        let fix = try #require(StoppedRun(["validate", "--fix", file], root: root))
        let left = temporaryFiles(root)
        #expect(left == [".area.geojson.routingctl-fix.\(fix.pid).\(left.first?.split(separator: ".")[4] ?? "").tmp"], "\(left)")
        #expect(fix.kill() == SIGKILL)
        #expect(OpenCommandTests.read(file) == Self.unclosed)
        #expect(temporaryFiles(root) == left)

        let run = Self.routingctl(["validate", "--fix", file], root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "\(file): removed \(left[0]) (78 bytes), a temporary file left by an earlier 'routingctl validate --fix' (process \(fix.pid)) that did not finish\n"),
            "\(run.stderr)")
        #expect(OpenCommandTests.read(file) == Self.fixed)
        #expect(temporaryFiles(root).isEmpty)
    }

    // MARK: read-only and hard-linked files

    @Test func aReadOnlyFileIsRefusedWithoutForceAndReplacedWithIt() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        let file = root + "/area.geojson"
        try OpenCommandTests.write(file, Self.unclosed)
        #expect(chmod(file, 0o444) == 0)
        let refused = Self.routingctl(["validate", "--fix", file], root)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == """
                routingctl: \(file) is read-only (mode 0444); nothing was written
                    hint: --force replaces it anyway (the new file keeps mode 0444); or make it writable first: chmod u+w \(file)

                """, "\(refused.stderr)")
        #expect(OpenCommandTests.read(file) == Self.unclosed)

        let forced = Self.routingctl(["validate", "--fix", "--force", file], root)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix("\(file): was read-only (mode 0444); replaced anyway (--force), keeping that mode\n"))
        #expect(OpenCommandTests.read(file) == Self.fixed)
        #expect(fileMode(file) == 0o444)
        #expect(temporaryFiles(root).isEmpty)
    }

    @Test func aHardLinkedFileIsRefusedWithoutForceAndSplitWithIt() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        let file = root + "/area.geojson"
        try OpenCommandTests.write(file, Self.unclosed)
        #expect(link(file, root + "/backup.geojson") == 0)
        let refused = Self.routingctl(["validate", "--fix", file], root)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == """
                routingctl: \(file) has 2 hard links; nothing was written
                    hint: replacing it gives this name a new file, and the other name keeps the old contents; --force does that, --output FILE writes the result elsewhere

                """, "\(refused.stderr)")
        #expect(OpenCommandTests.read(file) == Self.unclosed)

        let forced = Self.routingctl(["validate", "--fix", "--force", file], root)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix(
            "\(file): had 2 hard links; replaced anyway (--force): this name has the new file, the other name keeps the old contents\n"))
        #expect(OpenCommandTests.read(file) == Self.fixed)
        #expect(OpenCommandTests.read(root + "/backup.geojson") == Self.unclosed)
    }

    @Test func dryRunWithForceIsAUsageError() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        try OpenCommandTests.write(root + "/area.geojson", Self.unclosed)
        let run = Self.routingctl(["validate", "--fix", "--dry-run", "--force", root + "/area.geojson"], root)
        #expect(run.status == 2 && run.stderr.contains("--dry-run writes nothing; leave out --force"), "\(run.stderr)")
    }

    // MARK: symbolic links and --output

    /// A link is kept and its target replaced; the target's own hazards apply, named through the link.
    @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        #expect(mkdir(root + "/real", 0o755) == 0)
        let target = root + "/real/area.geojson"
        try OpenCommandTests.write(target, Self.unclosed)
        #expect(symlink("real/area.geojson", root + "/link.geojson") == 0)
        #expect(chmod(target, 0o444) == 0)
        let refused = Self.routingctl(["validate", "--fix", root + "/link.geojson"], root)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix(
            "routingctl: \(root)/link.geojson (a symbolic link to \(root)/real/area.geojson) is read-only (mode 0444); nothing was written\n"),
            "\(refused.stderr)")
        #expect(chmod(target, 0o644) == 0)
        let run = Self.routingctl(["validate", "--fix", root + "/link.geojson"], root)
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(lstat(root + "/link.geojson", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(OpenCommandTests.read(target) == Self.fixed)
    }

    @Test func anOutputFileFollowsTheSameRules() throws {
        let root = OpenCommandTests.makeDirectory()
        defer { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }
        let file = root + "/area.geojson"
        let output = root + "/out.geojson"
        try OpenCommandTests.write(file, Self.unclosed)
        // A new file.
        let created = Self.routingctl(["validate", "--fix", "--output", output, file], root)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(OpenCommandTests.read(output) == Self.fixed && OpenCommandTests.read(file) == Self.unclosed)
        // Read-only.
        #expect(chmod(output, 0o444) == 0)
        let refused = Self.routingctl(["validate", "--fix", "--output", output, file], root)
        #expect(refused.status == 2 && refused.stderr.hasPrefix("routingctl: \(output) is read-only (mode 0444)"), "\(refused.stderr)")
        #expect(chmod(output, 0o644) == 0)
        // Changed while the fix ran.
        let fix = try #require(StoppedRun(["validate", "--fix", "--output", output, file], root: root))
        try OpenCommandTests.write(output, "mine\n")
        let run = fix.resume()
        #expect(run.status == 2)
        #expect(run.stderr.contains("routingctl: \(output) changed while the fix ran: its size (78 → 5 bytes)"), "\(run.stderr)")
        #expect(run.stderr.contains("hint: to replace it, run the command again: routingctl validate --fix --output \(output) \(file)\n"))
        #expect(OpenCommandTests.read(output) == "mine\n")
        // Created while the fix ran.
        #expect(unlink(output) == 0)
        let again = try #require(StoppedRun(["validate", "--fix", "--output", output, file], root: root))
        try OpenCommandTests.write(output, "mine\n")
        let appeared = again.resume()
        #expect(appeared.status == 2)
        #expect(appeared.stderr.contains("routingctl: \(output) changed while the fix ran: it was created; nothing was written"), "\(appeared.stderr)")
        #expect(OpenCommandTests.read(output) == "mine\n")
        #expect(temporaryFiles(root).isEmpty)
    }

    // MARK: helpers

    /// The names in `directory` that look like routingctl's temporary files, sorted.
    func temporaryFiles(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".tmp") && name.contains(".routingctl-fix.") { names.append(name) }
        }
        return names.sorted()
    }
}

/// routingctl started with the stop hook, stopped just before its last check and rename.
private final class StoppedRun {
    let pid: pid_t
    private let base: String
    private static let counter = Atomic<Int>(0)

    /// Starts routingctl and waits (at most 60 s) until it stops itself; nil if it exits or hangs.
    init?(_ arguments: [String], root: String) {
        base = root + "/.stopped-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = [OpenCommandTests.routingctlPath] + arguments
        let environment = OpenCommandTests.environment(root: root) + [FixSafetyTests.stopVariable + "=1"]
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else { return nil }
        self.pid = pid
        var status: Int32 = 0
        for _ in 0..<6000 {
            let waited = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if waited == pid {
                if status & 0xFF == 0x7F { return }  // stopped
                Issue.record("routingctl exited before it stopped: \(OpenCommandTests.read(base + ".err"))")
                return nil
            }
            usleep(10_000)
        }
        Glibc.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    /// Lets it go on (SIGCONT) and waits for it to exit.
    func resume() -> OpenCommandTests.Run {
        Glibc.kill(pid, SIGCONT)
        var status: Int32 = 0
        var exited = false
        for _ in 0..<6000 {
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
            usleep(10_000)
        }
        if !exited { Glibc.kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        defer { unlink(base + ".out"); unlink(base + ".err") }
        return OpenCommandTests.Run(
            status: exited && status & 0x7F == 0 ? (status >> 8) & 0xFF : -1,
            stdout: OpenCommandTests.read(base + ".out"), stderr: OpenCommandTests.read(base + ".err"))
    }

    /// Kills it (SIGKILL, while stopped) and returns the signal that ended it.
    func kill() -> Int32 {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(base + ".out")
        unlink(base + ".err")
        return status & 0x7F
    }
}
