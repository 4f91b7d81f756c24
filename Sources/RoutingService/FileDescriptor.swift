// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// A thin typed wrapper around a file descriptor, in the style of apple/swift-system: every call is
/// retried while it fails with `EINTR`, and "would block" (`EAGAIN`) is a value, not an error.
/// It does not own the descriptor; whoever created it calls ``close()``.
struct FileDescriptor: Hashable, Sendable {
    let rawValue: Int32

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// Runs `body` again while it returns -1 with `errno == EINTR`.
    static func retryingOnInterrupt<T: FixedWidthInteger>(_ body: () -> T) -> T {
        while true {
            let result = body()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// Runs `body` (retrying EINTR) and throws for -1.
    @discardableResult
    static func check<T: FixedWidthInteger>(
        _ operation: String, path: String? = nil, _ body: () -> T
    ) throws(SystemError) -> T {
        let result = retryingOnInterrupt(body)
        if result == -1 { throw SystemError.current(operation, path: path) }
        return result
    }

    /// close(2). Not retried on EINTR: on Linux the descriptor is released even then.
    func close() {
        _ = Glibc.close(rawValue)
    }

    /// recv(2) into `buffer`.
    /// - Returns: The number of bytes read (0 at end of stream), or nil when nothing is available.
    /// - Throws: ``SystemError`` (e.g. `ECONNRESET`).
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        let count = FileDescriptor.retryingOnInterrupt {
            recv(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
        }
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        throw SystemError.current("recv")
    }

    /// send(2) with `MSG_NOSIGNAL` (a closed peer yields `EPIPE`, never SIGPIPE) and `MSG_DONTWAIT`.
    /// - Returns: The number of bytes sent, or nil when the socket buffer is full.
    /// - Throws: ``SystemError`` (e.g. `EPIPE`, `ECONNRESET`).
    func send(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        let count = FileDescriptor.retryingOnInterrupt {
            Glibc.send(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        throw SystemError.current("send")
    }

    /// Sets `O_NONBLOCK` and `FD_CLOEXEC` (fcntl(2)), e.g. on an inherited socket.
    func setNonBlockingAndCloseOnExec() throws(SystemError) {
        let flags = try FileDescriptor.check("fcntl") { fcntl(rawValue, F_GETFL) }
        try FileDescriptor.check("fcntl") { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }
        let descriptorFlags = try FileDescriptor.check("fcntl") { fcntl(rawValue, F_GETFD) }
        try FileDescriptor.check("fcntl") { fcntl(rawValue, F_SETFD, descriptorFlags | FD_CLOEXEC) }
    }
}
