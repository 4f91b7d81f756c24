// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A failed system call: which operation, the path it concerned if any, and `errno` (errno(3)).
///
/// `description` reads like `bind /run/x: Permission denied`.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call or step that failed, e.g. `bind`, `connect`, `epoll_wait`.
    public var operation: String
    /// The filesystem path involved, if any.
    public var path: String?
    /// The `errno` value, e.g. `EADDRINUSE`.
    public var errno: Int32

    public init(operation: String, path: String? = nil, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// The error for the calling thread's current `errno`.
    static func current(_ operation: String, path: String? = nil) -> SystemError {
        SystemError(operation: operation, path: path, errno: Glibc.errno)
    }

    public var description: String {
        // glibc's strerror returns static strings for known values (thread-safe since 2.32 for the rest).
        let message = String(cString: strerror(errno))
        if let path { return "\(operation) \(path): \(message)" }
        return "\(operation): \(message)"
    }
}
