// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
import TestSupport
@testable import RoutingService

/// A fresh directory under /tmp, removed (with its contents) by `remove()`.
private struct ScratchDirectory {
    let path: String

    init() {
        var template = Array("/tmp/routingd-atomic-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Names in the directory, sorted, without `.` and `..`.
    func entries() -> [String] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    func remove() {
        _ = ChildProcess.run(["chattr", "-i", path])
        _ = chmod(path, 0o755)
        _ = ChildProcess.run(["rm", "-rf", path])
    }
}

private func write(_ path: String, _ text: String, mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0)
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    _ = chmod(path, mode)
}

private func read(_ path: String) -> String? {
    guard case .success(let bytes) = CoverageDirectory.readFile(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

private func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
}

private func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
}

@Suite struct AtomicFileTests {
    @Test func replacesContentsKeepsModeAndLeavesNoTemporaryFile() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "old contents\n", mode: 0o640)
        try AtomicFile.replace(target, with: Array("new contents\n".utf8))
        #expect(read(target) == "new contents\n")
        #expect(mode(target) == 0o640)
        #expect(dir.entries() == ["area.geojson"])
    }

    /// chown(2) clears the set-user-ID and set-group-ID bits, so the mode is set after the owner.
    @Test func keepsSpecialModeBits() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "old\n", mode: 0o6750)
        try AtomicFile.replace(target, with: Array("new\n".utf8))
        #expect(read(target) == "new\n" && mode(target) == 0o6750)
    }

    @Test func createsAMissingFile() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        try AtomicFile.replace(dir.file("new.geojson"), with: Array("{}\n".utf8))
        #expect(read(dir.file("new.geojson")) == "{}\n")
        #expect(dir.entries() == ["new.geojson"])
    }

    @Test func symbolicLinkIsKeptAndItsTargetReplaced() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = mkdir(dir.file("real"), 0o755)
        write(dir.file("real/area.geojson"), "old\n", mode: 0o600)
        // A relative link, through a second link.
        #expect(symlink("real/area.geojson", dir.file("link1")) == 0)
        #expect(symlink(dir.file("link1"), dir.file("link2")) == 0)
        try AtomicFile.replace(dir.file("link2"), with: Array("new\n".utf8))
        #expect(isSymbolicLink(dir.file("link1")))
        #expect(isSymbolicLink(dir.file("link2")))
        #expect(read(dir.file("real/area.geojson")) == "new\n")
        #expect(mode(dir.file("real/area.geojson")) == 0o600)
        #expect(dir.entries() == ["link1", "link2", "real"])
    }

    @Test func symbolicLinkLoopIsAnError() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        #expect(symlink("b", dir.file("a")) == 0)
        #expect(symlink("a", dir.file("b")) == 0)
        #expect(throws: AtomicFile.Error.self) { try AtomicFile.replace(dir.file("a"), with: [1]) }
        #expect(dir.entries() == ["a", "b"])
    }

    @Test func failedRenameRemovesTheTemporaryFileAndKeepsTheTarget() {
        // rename(2) of a file over a directory fails (EISDIR) after the temporary file is written.
        let dir = ScratchDirectory()
        defer { dir.remove() }
        _ = mkdir(dir.file("target"), 0o755)
        write(dir.file("target/inside"), "keep\n")
        do {
            try AtomicFile.replace(dir.file("target"), with: Array("new\n".utf8))
            Issue.record("replacing a directory succeeded")
        } catch {
            guard case .system(let system) = error else { Issue.record("\(error)"); return }
            #expect(system.errno == EISDIR)
            #expect(system.description.contains("target"))
        }
        #expect(dir.entries() == ["target"])
        #expect(read(dir.file("target/inside")) == "keep\n")
    }

    @Test func missingDirectoryIsAnError() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        #expect(throws: AtomicFile.Error.self) { try AtomicFile.replace(dir.file("no/such.geojson"), with: [1]) }
        #expect(dir.entries().isEmpty)
    }

    /// A directory nobody may write to: read-only for a normal user; for root (who ignores
    /// permissions) also immutable with chattr(1), and skipped when that is not possible.
    @Test func readOnlyDirectoryLeavesTheTargetUntouched() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        #expect(chmod(dir.path, 0o555) == 0)
        if geteuid() == 0 {
            guard ChildProcess.run(["chattr", "+i", dir.path]) == 0 else {
                Issue.record("running as root and chattr +i is not available: cannot make a read-only directory")
                return
            }
        }
        #expect(throws: AtomicFile.Error.self) { try AtomicFile.replace(target, with: Array("new\n".utf8)) }
        #expect(read(target) == "original\n")
        #expect(dir.entries() == ["area.geojson"])
    }

    // MARK: a change made while the file is replaced

    /// Replaces `target` as read, with `edit` run between the write of the temporary file and the
    /// last check; returns the error (nil if the replace went through).
    private func replaceWhile(_ target: String, _ edit: () -> Void) -> AtomicFile.Error? {
        guard case .success(let read) = FileSnapshot.read(target) else { return .system(SystemError(operation: "read", errno: EIO)) }
        do {
            try AtomicFile.replace(
                target, with: Array("fixed\n".utf8), expecting: .unchanged(read.snapshot), writer: "test", beforeRename: edit)
            return nil
        } catch {
            return error
        }
    }

    private func changes(_ error: AtomicFile.Error?) -> [String] {
        guard case .changed(_, let changes) = error else { return [] }
        return changes
    }

    @Test func anEditSavedInPlaceMeanwhileIsKeptAndReported() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        let error = replaceWhile(target) { write(target, "edited by hand\n") }
        #expect(changes(error).contains { $0.hasPrefix("its size (9 → 15 bytes)") }, "\(String(describing: error))")
        #expect(read(target) == "edited by hand\n")
        #expect(dir.entries() == ["area.geojson"])
    }

    @Test func anEditorSaveByRenameMeanwhileIsKeptAndReported() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        let error = replaceWhile(target) {
            write(dir.file("area.geojson~"), "original\n")
            _ = rename(dir.file("area.geojson~"), target)
        }
        #expect(changes(error).contains { $0.hasPrefix("it is another file now") }, "\(String(describing: error))")
        #expect(read(target) == "original\n")
        #expect(dir.entries() == ["area.geojson"])
    }

    /// Same size, modification time put back: only the digest tells.
    @Test func aChangeThatKeepsSizeAndTimeIsFoundByItsDigest() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        var status = stat()
        _ = stat(target, &status)
        let error = replaceWhile(target) {
            let fd = open(target, O_WRONLY)
            _ = pwrite(fd, "O", 1, 0)
            var times = [status.st_atim, status.st_mtim]
            _ = futimens(fd, &times)
            close(fd)
        }
        #expect(changes(error) == ["its contents (with the same size and modification time)"], "\(String(describing: error))")
        #expect(read(target) == "Original\n")
        #expect(dir.entries() == ["area.geojson"])
    }

    @Test func removedPermissionsChangedOrRelinkedMeanwhileIsRefused() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        #expect(changes(replaceWhile(target) { _ = unlink(target) }) == ["it was removed or renamed"])
        #expect(dir.entries().isEmpty)

        write(target, "original\n", mode: 0o644)
        #expect(changes(replaceWhile(target) { _ = chmod(target, 0o600) }) == ["its permissions (0644 → 0600)"])
        #expect(read(target) == "original\n" && mode(target) == 0o600)

        // Through a link that is pointed elsewhere meanwhile.
        write(dir.file("other.geojson"), "other\n")
        #expect(symlink("area.geojson", dir.file("link")) == 0)
        let error = replaceWhile(dir.file("link")) {
            _ = unlink(dir.file("link"))
            _ = symlink("other.geojson", dir.file("link"))
        }
        #expect(changes(error).first?.hasPrefix("the symbolic link now leads to") == true, "\(String(describing: error))")
        #expect(read(target) == "original\n" && read(dir.file("other.geojson")) == "other\n")
        #expect(dir.entries() == ["area.geojson", "link", "other.geojson"])
    }

    @Test func aFileExpectedAbsentThatAppearsIsKept() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("out.geojson")
        #expect(AtomicFile.Expectation.current(target, sameFileAs: nil) == .absent)
        do {
            try AtomicFile.replace(target, with: [1], expecting: .absent, beforeRename: { write(target, "mine\n") })
            Issue.record("replaced a file that appeared meanwhile")
        } catch {
            #expect(changes(error) == ["it was created"])
        }
        #expect(read(target) == "mine\n")
        #expect(dir.entries() == ["out.geojson"])
    }

    @Test func anUnchangedFileIsReplaced() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n", mode: 0o640)
        #expect(replaceWhile(target) {} == nil)
        #expect(read(target) == "fixed\n" && mode(target) == 0o640)
        #expect(dir.entries() == ["area.geojson"])
    }

    // MARK: read-only and hard-linked files

    @Test func aReadOnlyFileIsRefusedWithoutForceAndKeepsItsModeWithIt() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n", mode: 0o444)
        #expect(throws: AtomicFile.Error.refused(path: target, hazards: [.readOnly(mode: 0o444)])) {
            try AtomicFile.replace(target, with: Array("new\n".utf8))
        }
        #expect(read(target) == "original\n" && dir.entries() == ["area.geojson"])
        let outcome = try AtomicFile.replace(target, with: Array("new\n".utf8), force: true)
        #expect(outcome.overridden == [.readOnly(mode: 0o444)])
        #expect(read(target) == "new\n" && mode(target) == 0o444)
        #expect(dir.entries() == ["area.geojson"])
    }

    @Test func aHardLinkedFileIsRefusedWithoutForceAndSplitWithIt() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        #expect(link(target, dir.file("other-name")) == 0)
        #expect(throws: AtomicFile.Error.refused(path: target, hazards: [.hardLinked(links: 2)])) {
            try AtomicFile.replace(target, with: Array("new\n".utf8))
        }
        #expect(read(target) == "original\n")
        let outcome = try AtomicFile.replace(target, with: Array("new\n".utf8), force: true)
        #expect(outcome.overridden == [.hardLinked(links: 2)])
        #expect(read(target) == "new\n" && read(dir.file("other-name")) == "original\n")
        #expect(dir.entries() == ["area.geojson", "other-name"])
    }

    /// A link made while the temporary file was written is found by the last check.
    @Test func aHardLinkMadeMeanwhileIsRefused() {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        do {
            try AtomicFile.replace(target, with: [1], beforeRename: { _ = link(target, dir.file("backup")) })
            Issue.record("split a hard link")
        } catch {
            #expect(error == .refused(path: target, hazards: [.hardLinked(links: 2)]))
        }
        #expect(read(target) == "original\n" && dir.entries() == ["area.geojson", "backup"])
    }

    // MARK: temporary files

    @Test func temporaryNamesSayWhatTheyAreAndAreRecognisedExactly() {
        let name = Array("area.geojson".utf8)
        let temporary = AtomicFile.temporaryName(for: name, writer: "routingctl-fix", pid: 4242, random: 123_456_789)
        #expect(String(decoding: temporary, as: UTF8.self) == ".area.geojson.routingctl-fix.4242.21i3v9.tmp")
        #expect(AtomicFile.writerPID(in: temporary, name: name, writer: "routingctl-fix") == 4242)
        for other in [
            ".area.geojson.routingctl-fix.4242.21i3v9.tmp~", ".area.geojson.routingctl-fix.4242.21I3V9.tmp",
            ".area.geojson.routingctl-fix.-1.x.tmp", ".area.geojson.routingctl-fix.0.x.tmp",
            ".area.geojson.routingctl-fix..x.tmp", ".area.geojson.routingctl-fix.4242..tmp",
            ".area.geojson.routingctl-fix.4242.tmp", ".area.geojson.other.4242.21i3v9.tmp",
            ".b.geojson.routingctl-fix.4242.21i3v9.tmp", ".area.geojson.21i3v9.tmp",
        ] {
            #expect(AtomicFile.writerPID(in: Array(other.utf8), name: name, writer: "routingctl-fix") == nil, "\(other)")
        }
        // A long name is cut so the temporary name still fits in NAME_MAX.
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 250)
        let longTemporary = AtomicFile.temporaryName(for: long, writer: "routingctl-fix", pid: .max, random: .max)
        #expect(longTemporary.count <= 255)
        #expect(AtomicFile.writerPID(in: longTemporary, name: long, writer: "routingctl-fix") == .max)
    }

    @Test func leftoversOfDeadWritersAreRemovedAndNothingElse() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let target = dir.file("area.geojson")
        write(target, "original\n")
        let dead = deadPID()
        let live = getppid()
        func name(_ pid: Int32, _ random: String = "abc123", for file: String = "area.geojson", writer: String = "routingctl-fix") -> String {
            ".\(file).\(writer).\(pid).\(random).tmp"
        }
        write(dir.file(name(dead)), "stale\n")
        write(dir.file(name(live, "old")), "stale, and its pid was reused\n")
        var old = [timespec(tv_sec: time(nil) - 2 * 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 2 * 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, dir.file(name(live, "old")), &old, 0) == 0)
        // Kept: a running writer's file, another file's, another writer's, a look-alike, a
        // directory, a symbolic link (and what it points to), another user's file.
        write(dir.file(name(live)), "in progress\n")
        write(dir.file(name(dead, for: "b.geojson")), "b\n")
        write(dir.file(name(dead, writer: "other")), "other\n")
        write(dir.file(name(dead, "ABC")), "look-alike\n")
        #expect(mkdir(dir.file(name(dead, "dir")), 0o755) == 0)
        write(dir.file("precious"), "precious\n")
        #expect(symlink("precious", dir.file(name(dead, "link"))) == 0)
        write(dir.file(name(dead, "nobody")), "nobody's\n")
        #expect(chown(dir.file(name(dead, "nobody")), 65534, 65534) == 0 || geteuid() != 0)
        let before = Set(dir.entries())

        let removed = AtomicFile.removeLeftovers(of: target, writer: "routingctl-fix")
        let expected = Set([name(dead), name(live, "old")] + (geteuid() == 0 ? [] : [name(dead, "nobody")]))
        #expect(Set(removed.map(\.name)) == expected)
        #expect(removed.allSatisfy { $0.error == nil })
        let stale = removed.first { $0.name == name(dead) }
        #expect(stale?.writerPID == dead && stale?.size == 6)
        #expect(Set(dir.entries()) == before.subtracting(expected))
        #expect(read(dir.file("precious")) == "precious\n")
        // Through a symbolic link: the leftovers beside its target.
        write(dir.file(name(dead)), "stale\n")
        #expect(symlink("area.geojson", dir.file("link-to-area")) == 0)
        #expect(AtomicFile.removeLeftovers(of: dir.file("link-to-area"), writer: "routingctl-fix").map(\.name) == [name(dead)])
    }

    /// The pid of a child that has exited and been reaped.
    private func deadPID() -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        guard posix_spawn(&pid, "/bin/true", nil, nil, argv, environ) == 0 else { return 999_999_999 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return pid
    }

    @Test func splitAndResolve() throws {
        #expect(AtomicFile.split("a.geojson") == (".", "a.geojson"))
        #expect(AtomicFile.split("/a.geojson") == ("/", "a.geojson"))
        #expect(AtomicFile.split("dir/sub/a.geojson") == ("dir/sub", "a.geojson"))
        // A combining mark after a slash makes one Character with it; the slash still separates.
        #expect(AtomicFile.split("dir/\u{301}a.geojson") == ("dir", "\u{301}a.geojson"))
        #expect(try AtomicFile.resolveLinks("/nonexistent-dir-for-test/x") == "/nonexistent-dir-for-test/x")
    }
}
