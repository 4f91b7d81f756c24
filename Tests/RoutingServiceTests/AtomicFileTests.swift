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

    @Test func splitAndResolve() throws {
        #expect(AtomicFile.split("a.geojson") == (".", "a.geojson"))
        #expect(AtomicFile.split("/a.geojson") == ("/", "a.geojson"))
        #expect(AtomicFile.split("dir/sub/a.geojson") == ("dir/sub", "a.geojson"))
        #expect(try AtomicFile.resolveLinks("/nonexistent-dir-for-test/x") == "/nonexistent-dir-for-test/x")
    }
}
