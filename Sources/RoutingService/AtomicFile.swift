// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Replaces a file's contents atomically: readers see the old file or the new one, never a mix; on
/// any failure or refusal the old file is left exactly as it was; and a change saved by someone else
/// after the file was read is never overwritten.
///
/// Method (the usual POSIX recipe, as in `rename(2)`'s "atomic replace" guarantee):
/// 1. follow symbolic links to the real target, so that a link is kept and its target replaced;
/// 2. refuse before writing anything when the target is not what the caller expects
///    (``Expectation``), is read-only or has other hard links (``Hazard``; `force` overrides a
///    hazard, never a change);
/// 3. create a temporary file next to the target (same directory, hence same file system), named
///    `.NAME.WRITER.PID.RANDOM.tmp` (``temporaryName(for:writer:pid:random:)``), with `O_CREAT |
///    O_EXCL` (never an existing file) and the mode of the file it replaces (`0666` less the umask
///    for a new file); when running as root, also the old file's owner and group;
/// 4. write everything and `fsync(2)`;
/// 5. check the target again, contents included (see below), and the link resolution;
/// 6. `rename(2)` it over the target, then `fsync(2)` the directory so the rename is durable.
///
/// The check of step 5 leaves a window of a few system calls (access, close, rename) in which a
/// change by another program is still lost: without a lock that every writer takes it cannot be
/// closed, and editors take none (an advisory `flock(2)` would only exclude other routingctl runs,
/// which the inode check already catches, so none is taken). Checking last keeps the window small.
///
/// As with every rename-based replace: the file gets a new inode (which is why other hard links
/// are a hazard); extended attributes and ACLs are not copied; a writer that is not root owns the
/// new file. A process killed between steps 3 and 6 leaves its temporary file behind;
/// ``removeLeftovers(of:writer:)`` removes such files safely on a later run.
public enum AtomicFile {
    /// The most symbolic links followed before giving up with `ELOOP` (Linux's own limit is 40).
    static let maximumLinks = 40

    /// What must be at the path when the file is replaced (checked before writing and again just
    /// before the rename).
    public enum Expectation: Hashable, Sendable {
        /// Whatever is there (still only a regular file, and subject to the hazards).
        case anything
        /// Nothing: a file that appears meanwhile is kept.
        case absent
        /// The same file, unchanged since it was read: same device and inode, size, modification
        /// time, permissions, owner and contents (``FileSnapshot``).
        case unchanged(FileSnapshot)

        /// What is at `path` now (symbolic links followed): `.absent` when nothing is,
        /// `.unchanged(read)` when `read` is a snapshot of that same file (device and inode), else
        /// `.unchanged` with a fresh snapshot; `.anything` when it cannot be read (the hazards and
        /// the file-type check still apply then).
        public static func current(_ path: String, sameFileAs read: FileSnapshot?) -> Expectation {
            var status = stat()
            guard stat(path, &status) == 0 else { return errno == ENOENT ? .absent : .anything }
            if let read, read.device == UInt64(status.st_dev), read.inode == UInt64(status.st_ino) {
                return .unchanged(read)
            }
            guard status.st_mode & S_IFMT == S_IFREG, case .success(let now) = FileSnapshot.read(path) else {
                return .anything
            }
            return .unchanged(now.snapshot)
        }
    }

    /// Why replacing an existing file would surprise its owner; refused unless `force`.
    public enum Hazard: Hashable, Sendable {
        /// The file is not writable: its owner has no write permission (`mode & 0o200 == 0`,
        /// so even for root), or access(2) refuses this process `W_OK`. rename(2) only needs the
        /// directory to be writable, so without this check a `0444` file would be replaced.
        case readOnly(mode: UInt32)
        /// The file has `links` names (`st_nlink`); the replacement is a new inode, so the other
        /// names would keep the old contents.
        case hardLinked(links: Int)
    }

    /// Why the file was not replaced. The file is then as it was and no temporary file remains.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A system call failed, e.g. `create temporary file in /etc: Permission denied`.
        case system(SystemError)
        /// The file at `path` is not what was expected: `changes` in words, e.g.
        /// `its size (120 → 134 bytes)`, `it was created`.
        case changed(path: String, changes: [String])
        /// The file has hazards and `force` was not given.
        case refused(path: String, hazards: [Hazard])

        public var description: String {
            switch self {
            case .system(let error): error.description
            case .changed(let path, let changes): "\(path) changed: \(changes.joined(separator: ", "))"
            case .refused(let path, let hazards): "\(path): \(hazards.map(\.description).joined(separator: ", "))"
            }
        }
    }

    /// What a successful replace did.
    public struct Outcome: Hashable, Sendable {
        /// The file written: the path with its symbolic links followed.
        public var target: String
        /// The hazards that `force` overrode (empty without them).
        public var overridden: [Hazard]
    }

    /// Atomically replaces (or creates) the file at `path` with `bytes`.
    /// - Parameters:
    ///   - path: the file to replace; a symbolic link is followed and its target replaced.
    ///   - expecting: what must be there; checked before writing and again just before the rename.
    ///   - force: replace even a read-only or hard-linked file (``Hazard``).
    ///   - writer: names the temporary file, `[a-z0-9-]+`, e.g. `routingctl-fix`.
    ///   - beforeRename: called after the temporary file is written and synced, before the last
    ///     check; for tests (to change the file meanwhile, or to be killed there).
    /// - Returns: the target and the hazards overridden.
    /// - Throws: ``Error``: `.changed` (never overridden), `.refused`, or `.system` for the step
    ///   that failed. The file at `path` is then unchanged and no temporary file remains.
    @discardableResult
    public static func replace(
        _ path: String, with bytes: [UInt8], expecting: Expectation = .anything, force: Bool = false,
        writer: String = "atomic", beforeRename: () -> Void = {}
    ) throws(Error) -> Outcome {
        precondition(!writer.isEmpty && writer.utf8.allSatisfy(isWriterByte), "writer must be [a-z0-9-]+")
        let target: String
        do { target = try resolveLinks(path) } catch { throw .system(error) }
        let (directory, name) = split(target)

        // 2. Refuse before writing anything.
        let before = try check(target, expecting, contents: false)
        let hazardsBefore = before.map { hazards(of: $0, at: target) } ?? []
        if !hazardsBefore.isEmpty && !force { throw .refused(path: target, hazards: hazardsBefore) }

        // 3. The temporary file.
        var generator = SystemRandomNumberGenerator()
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = (directory == "/" ? "" : directory) + "/"
                + String(decoding: temporaryName(for: Array(name.utf8), writer: writer, pid: getpid(), random: generator.next()), as: UTF8.self)
            let mode = before.map { $0.st_mode & 0o7777 } ?? 0o666
            fd = FileDescriptor.retryingOnInterrupt { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .system(.current("create temporary file in", path: directory)) }
        var closed = false
        func discard() {
            if !closed { _ = close(fd) }
            _ = unlink(temporary)
        }
        func fail(_ operation: String, _ code: Int32) -> Error {
            discard()
            return .system(SystemError(operation: operation, path: temporary, errno: code))
        }

        // open(2) applied the umask; give the new file exactly the old mode (and owner, as root).
        var applied: (mode: mode_t, owner: uid_t, group: gid_t)? = nil
        func apply(_ status: stat) -> Error? {
            let wanted = (status.st_mode & 0o7777, status.st_uid, status.st_gid)
            if let applied, applied == wanted { return nil }
            // chown(2) clears the set-user-ID and set-group-ID bits, even for root: chmod after it.
            if geteuid() == 0, fchown(fd, wanted.1, wanted.2) != 0 { return fail("chown", errno) }
            if fchmod(fd, wanted.0) != 0 { return fail("chmod", errno) }
            applied = wanted
            return nil
        }
        if let before, let error = apply(before) { throw error }

        // 4. Write and sync.
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                FileDescriptor.retryingOnInterrupt { write(fd, buffer.baseAddress! + written, buffer.count - written) }
            }
            if n < 0 { throw fail("write", errno) }
            written += n
        }
        if FileDescriptor.retryingOnInterrupt({ fsync(fd) }) != 0 { throw fail("fsync", errno) }

        beforeRename()

        // 5. The last check: the link still leads here, and the file is still the one expected.
        let now: String
        do { now = try resolveLinks(path) } catch {
            discard()
            throw .system(error)
        }
        if now != target {
            discard()
            throw .changed(path: path, changes: ["the symbolic link now leads to \(now), not \(target)"])
        }
        let after: stat?
        do { after = try check(target, expecting, contents: true) } catch {
            discard()
            throw error
        }
        let hazardsAfter = after.map { hazards(of: $0, at: target) } ?? []
        if !hazardsAfter.isEmpty && !force {
            discard()
            throw .refused(path: target, hazards: hazardsAfter)
        }
        // Only with `.anything` can the mode or owner have changed meanwhile: keep the new ones.
        if let after, let error = apply(after) { throw error }
        closed = true
        if close(fd) != 0 { throw fail("close", errno) }

        // 6. Replace, and make the rename durable.
        if rename(temporary, target) != 0 {
            let code = errno
            _ = unlink(temporary)
            throw .system(SystemError(operation: "rename to", path: target, errno: code))
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            // The file is already replaced; a failed directory sync only weakens durability.
            _ = FileDescriptor.retryingOnInterrupt { fsync(directoryFD) }
            _ = close(directoryFD)
        }
        return Outcome(target: target, overridden: hazardsAfter)
    }

    /// The status of `target` (not following a symbolic link), nil when nothing is there, after
    /// checking it against `expecting`; with `contents`, an `.unchanged` file is read and its digest
    /// compared too.
    /// - Throws: `.changed` when it differs; `.system` when it cannot be examined or is not a
    ///   regular file (a directory is let through: rename(2) then fails with `EISDIR`).
    static func check(_ target: String, _ expecting: Expectation, contents: Bool) throws(Error) -> stat? {
        var status = stat()
        guard lstat(target, &status) == 0 else {
            guard errno == ENOENT else { throw .system(.current("lstat", path: target)) }
            if case .unchanged = expecting { throw .changed(path: target, changes: ["it was removed or renamed"]) }
            return nil
        }
        switch expecting {
        case .anything:
            break
        case .absent:
            throw .changed(path: target, changes: ["it was created"])
        case .unchanged(let snapshot):
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .changed(path: target, changes: ["it was replaced by \(CoverageDirectory.describeType(status.st_mode))"])
            }
            var changes = snapshot.metadataChanges(to: status)
            if changes.isEmpty && contents {
                let (digest, statusAfter) = try digest(of: target, limit: snapshot.size)
                changes = snapshot.metadataChanges(to: statusAfter)
                if changes.isEmpty && digest != snapshot.digest {
                    changes.append("its contents (with the same size and modification time)")
                }
                status = statusAfter
            }
            if !changes.isEmpty { throw .changed(path: target, changes: changes) }
        }
        let kind = status.st_mode & S_IFMT
        if kind != S_IFREG && kind != S_IFDIR {
            throw .system(SystemError(operation: "replace (not a regular file)", path: target, errno: EINVAL))
        }
        return status
    }

    /// The digest of the regular file `target` (read without following a symbolic link, at most
    /// `limit + 1` bytes: more means it changed) and its fstat(2) status after the read.
    static func digest(of target: String, limit: Int) throws(Error) -> (ContentDigest, stat) {
        let fd = FileDescriptor.retryingOnInterrupt {
            open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard fd >= 0 else {
            if errno == ENOENT { throw .changed(path: target, changes: ["it was removed or renamed"]) }
            if errno == ELOOP { throw .changed(path: target, changes: ["it was replaced by a symbolic link"]) }
            throw .system(.current("open", path: target))
        }
        defer { _ = close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                FileDescriptor.retryingOnInterrupt { read(fd, buffer.baseAddress! + count, buffer.count - count) }
            }
            if n < 0 { throw .system(.current("read", path: target)) }
            if n == 0 { break }
            count += n
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(.current("fstat", path: target)) }
        return (ContentDigest(Array(bytes[..<count])), status)
    }

    /// The hazards of replacing the regular file `target` whose status is `status`.
    static func hazards(of status: stat, at target: String) -> [Hazard] {
        guard status.st_mode & S_IFMT == S_IFREG else { return [] }
        var hazards: [Hazard] = []
        let mode = UInt32(status.st_mode) & 0o7777
        if mode & 0o200 == 0 || (faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 && errno == EACCES) {
            hazards.append(.readOnly(mode: mode))
        }
        if status.st_nlink > 1 { hazards.append(.hardLinked(links: Int(status.st_nlink))) }
        return hazards
    }

    // MARK: temporary files

    /// How old a leftover temporary file must be to be removed although a process with its writer's
    /// pid runs (that pid was reused): one hour, in seconds. No replace takes that long.
    public static let leftoverAge = 3600

    /// A temporary file found by ``removeLeftovers(of:writer:)``.
    public struct Leftover: Hashable, Sendable {
        /// Its name in the target's directory (bytes decoded as UTF-8; escape before printing).
        public var name: String
        /// The process id in its name.
        public var writerPID: Int32
        /// Its size in bytes.
        public var size: Int
        /// Why it could not be removed; nil when it was.
        public var error: SystemError?
    }

    /// `.NAME.WRITER.PID.RANDOM.tmp`, the temporary file's name for `name`: hidden, and saying what it
    /// is, for which file, which program and which process wrote it. `NAME` is cut (by bytes) when
    /// needed so the whole name fits in `NAME_MAX` (255 bytes).
    static func temporaryName(for name: [UInt8], writer: String, pid: Int32, random: UInt64) -> [UInt8] {
        temporaryPrefix(for: name, writer: writer) + Array("\(pid).\(String(random, radix: 36)).tmp".utf8)
    }

    /// `.NAME.WRITER.`: what all temporary names for `name` start with.
    static func temporaryPrefix(for name: [UInt8], writer: String) -> [UInt8] {
        // The longest tail is "4294967295.3w5e11264sgsf.tmp" (28 bytes).
        let keep = max(1, 255 - (3 + writer.utf8.count + 28))
        return [UInt8(ascii: ".")] + name.prefix(keep) + [UInt8(ascii: ".")] + Array(writer.utf8) + [UInt8(ascii: ".")]
    }

    /// The writer pid in `entry` if it is exactly a temporary name for `name` and `writer`
    /// (`.NAME.WRITER.` then 1 to 10 digits, `.`, 1 to 13 of `0-9a-z`, `.tmp`); nil otherwise.
    static func writerPID(in entry: [UInt8], name: [UInt8], writer: String) -> Int32? {
        let prefix = temporaryPrefix(for: name, writer: writer)
        let suffix = Array(".tmp".utf8)
        guard entry.count > prefix.count + suffix.count, entry.starts(with: prefix), entry.suffix(4).elementsEqual(suffix)
        else { return nil }
        let middle = entry[prefix.count..<(entry.count - suffix.count)]
        guard let dot = middle.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let digits = middle[..<dot]
        let random = middle[(dot + 1)...]
        guard (1...10).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
            (1...13).contains(random.count),
            random.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        guard let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }

    /// Removes the temporary files that earlier runs of `writer` killed before their rename left
    /// beside the file at `path` (symbolic links followed, as ``replace(_:with:expecting:force:writer:beforeRename:)``
    /// does), and lists them.
    ///
    /// A file is removed only when all hold: its name is exactly a temporary name for this file and
    /// writer (``writerPID(in:name:writer:)``); it is a regular file, looked at without following a
    /// symbolic link (fstatat(2) `AT_SYMLINK_NOFOLLOW`; unlinkat(2) removes a name, never a link's
    /// target); it belongs to this process's effective user; and no process with its writer's pid
    /// runs (kill(2) with signal 0 says `ESRCH`), or the file is older than ``leftoverAge`` (the pid
    /// was reused). A writer in another pid namespace that shares the directory may look dead: its
    /// rename then fails with `ENOENT` and its target is untouched.
    /// - Returns: the files found stale, each with the error if it could not be removed; empty when
    ///   the directory cannot be read.
    public static func removeLeftovers(of path: String, writer: String) -> [Leftover] {
        guard let target = try? resolveLinks(path) else { return [] }
        let (directory, name) = split(target)
        let nameBytes = Array(name.utf8)
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0, let handle = fdopendir(directoryFD) else {
            if directoryFD >= 0 { _ = close(directoryFD) }
            return []
        }
        defer { closedir(handle) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var found: [(name: [UInt8], pid: Int32, size: Int)] = []
        while let entry = readdir(handle) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            guard let pid = writerPID(in: entryName, name: nameBytes, writer: writer) else { continue }
            var status = stat()
            let cName = entryName.map { CChar(bitPattern: $0) } + [0]
            guard fstatat(directoryFD, cName, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { continue }
            let running = pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
            let old = Int(now.tv_sec) - Int(status.st_mtim.tv_sec) > leftoverAge
            if running && !old { continue }
            found.append((entryName, pid, Int(status.st_size)))
        }
        return found.map { file in
            let removed = unlinkat(directoryFD, file.name.map { CChar(bitPattern: $0) } + [0], 0)
            let text = String(decoding: file.name, as: UTF8.self)
            return Leftover(
                name: text, writerPID: file.pid, size: file.size,
                error: removed == 0 ? nil : .current("remove", path: directory + "/" + text))
        }
    }

    static func isWriterByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
    }

    // MARK: paths

    /// `path` with every symbolic link in its last component followed (relative targets are taken
    /// from the link's directory). A dangling link gives its would-be target.
    static func resolveLinks(_ path: String) throws(SystemError) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            if lstat(current, &status) != 0 {
                if errno == ENOENT { return current }
                throw SystemError.current("lstat", path: current)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            if count < 0 { throw SystemError.current("readlink", path: current) }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let (directory, _) = split(current)
                current = directory + "/" + link
            }
        }
        throw SystemError(operation: "follow symbolic links", path: path, errno: ELOOP)
    }

    /// The directory and the last component of `path` (`.` when there is no slash).
    /// Found by byte: a `/` followed by a combining mark is one `Character`, yet a separator.
    static func split(_ path: String) -> (directory: String, name: String) {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let directory = String(decoding: bytes[..<slash], as: UTF8.self)
        return (directory.isEmpty ? "/" : directory, String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self))
    }
}

extension AtomicFile.Hazard: CustomStringConvertible {
    public var description: String {
        switch self {
        case .readOnly(let mode): "read-only (mode \(FileSnapshot.octal(mode)))"
        case .hardLinked(let links): "\(links) hard links"
        }
    }
}
