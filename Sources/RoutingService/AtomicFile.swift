import Glibc

/// Replaces a file's contents atomically: readers see the old file or the new one, never a mix,
/// and on any failure the old file is left exactly as it was.
///
/// Method (the usual POSIX recipe, as in `rename(2)`'s "atomic replace" guarantee):
/// 1. follow symbolic links to the real target, so that a link is kept and its target replaced;
/// 2. create a temporary file next to the target (same directory, hence same file system) with
///    `O_CREAT | O_EXCL` (never an existing file) and the mode of the file it replaces (`0666` less
///    the umask for a new file); when running as root, also the old file's owner and group;
/// 3. write everything, `fsync(2)`, `close(2)`;
/// 4. `rename(2)` it over the target, then `fsync(2)` the directory so the rename is durable.
///
/// If any step fails, the temporary file is removed and a ``SystemError`` names the step and path.
///
/// As with every rename-based replace: the file gets a new inode, so other hard links keep the old
/// contents; extended attributes and ACLs are not copied; a writer that is not root owns the new
/// file. A process killed between steps 2 and 4 leaves its `.NAME.XXXX.tmp` file behind.
public enum AtomicFile {
    /// The most symbolic links followed before giving up with `ELOOP` (Linux's own limit is 40).
    static let maximumLinks = 40

    /// Atomically replaces (or creates) the file at `path` with `bytes`.
    /// - Parameter path: the file to replace; a symbolic link is followed and its target replaced.
    /// - Throws: ``SystemError`` for the step that failed, e.g. `create temporary file in /etc:
    ///   Permission denied`. The file at `path` is then unchanged and no temporary file remains.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        let target = try resolveLinks(path)
        let (directory, name) = split(target)

        // The mode, owner and group to keep.
        var status = stat()
        let exists = stat(target, &status) == 0
        if !exists && errno != ENOENT { throw SystemError.current("stat", path: target) }
        // Only a regular file is replaced (a directory makes rename(2) fail with EISDIR below).
        let kind = status.st_mode & S_IFMT
        if exists && kind != S_IFREG && kind != S_IFDIR {
            throw SystemError(operation: "replace (not a regular file)", path: target, errno: EINVAL)
        }

        // 2. The temporary file.
        var generator = SystemRandomNumberGenerator()
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            let suffix = String(generator.next() as UInt64, radix: 36)
            temporary = (directory == "/" ? "" : directory) + "/.\(name).\(suffix).tmp"
            fd = FileDescriptor.retryingOnInterrupt {
                open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? status.st_mode & 0o7777 : 0o666)
            }
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw SystemError.current("create temporary file in", path: directory) }
        var closed = false
        func fail(_ operation: String, _ code: Int32) -> SystemError {
            if !closed { _ = close(fd) }
            _ = unlink(temporary)
            return SystemError(operation: operation, path: temporary, errno: code)
        }

        if exists {
            // open(2) applied the umask; give the new file exactly the old mode.
            if fchmod(fd, status.st_mode & 0o7777) != 0 { throw fail("chmod", errno) }
            if geteuid() == 0, fchown(fd, status.st_uid, status.st_gid) != 0 { throw fail("chown", errno) }
        }

        // 3. Write, sync, close.
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                FileDescriptor.retryingOnInterrupt { write(fd, buffer.baseAddress! + written, buffer.count - written) }
            }
            if n < 0 { throw fail("write", errno) }
            written += n
        }
        if FileDescriptor.retryingOnInterrupt({ fsync(fd) }) != 0 { throw fail("fsync", errno) }
        closed = true
        if close(fd) != 0 { throw fail("close", errno) }

        // 4. Replace, and make the rename durable.
        if rename(temporary, target) != 0 {
            let code = errno
            _ = unlink(temporary)
            throw SystemError(operation: "rename to", path: target, errno: code)
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            // The file is already replaced; a failed directory sync only weakens durability.
            _ = FileDescriptor.retryingOnInterrupt { fsync(directoryFD) }
            _ = close(directoryFD)
        }
    }

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
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
