// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Connecting to a Unix stream socket by path, for tests that talk to a daemon or a bus below any
/// client library.
public enum UnixSocket {
    /// A connected, close-on-exec socket to `path`, or the errno of the step that failed
    /// (`ENAMETOOLONG` for a path longer than `sun_path`).
    public static func connect(_ path: String) -> Result<Int32, UnixSocketError> {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(UnixSocketError(operation: "socket", errno: errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return .failure(UnixSocketError(operation: "connect", errno: ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        guard rc == 0 else {
            let error = errno
            close(fd)
            return .failure(UnixSocketError(operation: "connect", errno: error))
        }
        return .success(fd)
    }
}

/// Which call of ``UnixSocket/connect(_:)`` failed, and its errno.
public struct UnixSocketError: Error {
    public var operation: String
    public var errno: Int32
}
