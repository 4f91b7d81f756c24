// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import Synchronization

/// A listening `SOCK_STREAM` Unix socket (unix(7)), non-blocking and close-on-exec.
///
/// `Sendable`: the descriptor lives in an `Atomic`, so ``close()`` from the server's loop thread and
/// reads from elsewhere never race; everything else is immutable.
public final class UnixListener: Sendable {
    /// The socket path this process bound, or nil for an adopted descriptor. The server unlinks it on
    /// shutdown, but only while it is still the socket we created (same device and inode).
    public let path: String?
    private let rawDescriptor: Atomic<Int32>
    private let identity: FileIdentity?

    /// Device and inode of the socket file we bound.
    private struct FileIdentity: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private init(descriptor: Int32, path: String?, identity: FileIdentity?) {
        self.rawDescriptor = Atomic(descriptor)
        self.path = path
        self.identity = identity
    }

    /// Adopts an already-listening socket, e.g. fd 3 from systemd socket activation
    /// (sd_listen_fds(3)). Sets `O_NONBLOCK` and `FD_CLOEXEC`, which the activator may not have done;
    /// if that fails (not a valid descriptor) the server's `run()` reports it when registering it.
    public init(adopting fd: Int32) {
        try? FileDescriptor(rawValue: fd).setNonBlockingAndCloseOnExec()
        self.rawDescriptor = Atomic(fd)
        self.path = nil
        self.identity = nil
    }

    deinit { close() }

    /// The listening descriptor, or -1 once closed.
    var descriptor: FileDescriptor { FileDescriptor(rawValue: rawDescriptor.load(ordering: .acquiring)) }

    /// Binds and listens on `path`.
    ///
    /// 1. Creates missing parent directories with mode 0700 (existing ones are left as they are).
    /// 2. If something exists at `path`: a symbolic link is refused (`ELOOP`, never followed); a
    ///    non-socket is refused (`EEXIST`); a socket someone accepts on is refused (`EADDRINUSE`);
    ///    a socket nobody listens on (connect gives `ECONNREFUSED`) is stale and unlinked.
    /// 3. Binds with the umask set so the file is created with exactly `mode` (no window in which it is
    ///    more open, no chmod through a path that could have been swapped), then listen(2) with
    ///    `SOMAXCONN`. The umask is process-wide: do not create files on other threads meanwhile.
    ///
    /// - Parameters:
    ///   - path: Absolute or relative filesystem path, at most 107 bytes (unix(7) `sun_path`).
    ///   - mode: Permission bits of the socket file; connecting needs write permission.
    /// - Throws: ``SystemError`` naming the failed step (`mkdir`, `lstat`, `bind`, `listen`, …) and path.
    public static func bind(path: String, mode: UInt32 = 0o600) throws(SystemError) -> UnixListener {
        guard path.utf8.count < 108 else { throw SystemError(operation: "bind", path: path, errno: ENAMETOOLONG) }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw SystemError(operation: "bind", path: path, errno: EINVAL) }
        try createParentDirectories(of: path)
        try removeStaleSocket(at: path)

        let fd = try FileDescriptor.check("socket", path: path) {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do throws(SystemError) {
            let previousUmask = umask(mode_t(~mode & 0o777))
            let bound = FileDescriptor.retryingOnInterrupt { routingd_unix_bind(fd, path) }
            let bindErrno = errno
            umask(previousUmask)
            if bound != 0 { throw SystemError(operation: "bind", path: path, errno: bindErrno) }
            try FileDescriptor.check("listen", path: path) { listen(fd, SOMAXCONN) }
            var status = stat()
            try FileDescriptor.check("lstat", path: path) { lstat(path, &status) }
            let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return UnixListener(descriptor: fd, path: path, identity: identity)
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    /// Closes the descriptor (once) and, for a socket we bound, unlinks its file if it is still ours.
    func close() {
        let fd = rawDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard fd >= 0 else { return }
        Glibc.close(fd)
        guard let path, let identity else { return }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK,
            FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) == identity
        {
            unlink(path)
        }
    }

    /// mkdir -p for the directory part of `path`, creating missing components with mode 0700.
    private static func createParentDirectories(of path: String) throws(SystemError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        var current = path.hasPrefix("/") ? "" : "."
        for component in components where !component.isEmpty && component != "." {
            current += "/" + component
            if mkdir(current, 0o700) == 0 {
                // mkdir(2) applies the process-wide umask, which another thread may have narrowed
                // (a bind in progress): set exactly 0700 on the directory just made.
                try FileDescriptor.check("chmod", path: current) { chmod(current, 0o700) }
                continue
            }
            let error = errno
            guard error == EEXIST else { throw SystemError(operation: "mkdir", path: current, errno: error) }
            var status = stat()
            // stat, not lstat: a symlinked directory such as /var/run → /run is fine.
            try FileDescriptor.check("stat", path: current) { stat(current, &status) }
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw SystemError(operation: "mkdir", path: current, errno: ENOTDIR)
            }
        }
    }

    /// Unlinks a socket file at `path` that nobody listens on; see ``bind(path:mode:)`` for the rules.
    private static func removeStaleSocket(at path: String) throws(SystemError) {
        var status = stat()
        guard FileDescriptor.retryingOnInterrupt({ lstat(path, &status) }) == 0 else {
            if errno == ENOENT { return }
            throw SystemError.current("lstat", path: path)
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: throw SystemError(operation: "bind", path: path, errno: ELOOP)
        case S_IFSOCK: break
        default: throw SystemError(operation: "bind", path: path, errno: EEXIST)
        }
        let probe = try FileDescriptor.check("socket", path: path) {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let connected = FileDescriptor.retryingOnInterrupt { routingd_unix_connect(probe, path) }
        let connectErrno = errno
        Glibc.close(probe)
        // A full backlog (EAGAIN) also means a live listener.
        if connected == 0 || connectErrno == EAGAIN || connectErrno == EINPROGRESS {
            throw SystemError(operation: "bind", path: path, errno: EADDRINUSE)
        }
        guard connectErrno == ECONNREFUSED else { throw SystemError(operation: "connect", path: path, errno: connectErrno) }
        if unlink(path) != 0 && errno != ENOENT { throw SystemError.current("unlink", path: path) }
    }
}
