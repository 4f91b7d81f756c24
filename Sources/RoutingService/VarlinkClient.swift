// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import StrictJSON
import Varlink

/// A blocking varlink client over a Unix socket, for the CLI, tests and the certification client:
/// one call at a time, with one reply (``call(_:_:)``), several (``callMore(_:_:onReply:)``,
/// varlink.org/Method-Call `more`) or none (``callOneway(_:_:)``). It sends only the message members
/// a call needs (`method`, `parameters`, and `more` or `oneway` when true), as the reference clients do.
///
/// Not `Sendable`: use one client per thread.
public final class VarlinkClient {
    /// Longest accepted reply in bytes, without its NUL.
    public let maxReplyBytes = 64 << 20
    private let path: String
    private var descriptor: Int32
    /// Bytes received after the last complete reply.
    private var buffer: [UInt8] = []

    /// Connects to the socket at `path`.
    /// - Parameters:
    ///   - path: Filesystem path of the server's socket.
    ///   - timeout: Seconds each connect, send and receive may block (`SO_SNDTIMEO`/`SO_RCVTIMEO`,
    ///     socket(7)); 0 waits forever.
    /// - Throws: ``SystemError`` (`ENOENT`, `ECONNREFUSED`, `EACCES`, `ENAMETOOLONG`, …).
    public init(path: String, timeout: Double = 5) throws(SystemError) {
        self.path = path
        let fd = try FileDescriptor.check("socket", path: path) {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        descriptor = fd
        do throws(SystemError) {
            let seconds = max(0, timeout)
            var interval = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
            let size = socklen_t(MemoryLayout<timeval>.size)
            try FileDescriptor.check("setsockopt", path: path) { setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, size) }
            try FileDescriptor.check("setsockopt", path: path) { setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, size) }
            let connected = FileDescriptor.retryingOnInterrupt { routingd_unix_connect(fd, path) }
            if connected != 0 {
                throw SystemError(operation: "connect", path: path, errno: errno == EAGAIN ? ETIMEDOUT : errno)
            }
        } catch {
            Glibc.close(fd)
            descriptor = -1
            throw error
        }
    }

    deinit { close() }

    /// Calls `method` and waits for its reply. Sends `{"method": method, "parameters": parameters}`.
    /// - Parameters:
    ///   - method: Fully qualified method name, e.g. `org.varlink.service.GetInfo`.
    ///   - parameters: The method's input.
    /// - Returns: The reply's `parameters` (`{}` when absent or null).
    /// - Throws: ``VarlinkError`` for an error reply; ``SystemError`` for I/O failures (a timeout is
    ///   `ETIMEDOUT`); ``VarlinkProtocolError`` for a closed connection or malformed reply.
    public func call(_ method: String, _ parameters: JSONObject = [:]) throws -> JSONObject {
        guard descriptor >= 0 else { throw VarlinkProtocolError.clientClosed }
        try send(Self.message(method, parameters, flag: nil))
        let reply = try Self.decodeReply(try receiveMessage())
        if reply.continues { throw VarlinkProtocolError.malformedReply("continues is true for a call without more") }
        return reply.parameters
    }

    /// Calls `method` with `more: true` and hands each reply's `parameters` to `onReply`, in order,
    /// until the last one (the reply without `continues: true`).
    /// - Parameters:
    ///   - onReply: gets the parameters and whether more replies follow; returns false to stop
    ///     listening, which closes the connection (how a varlink client ends a stream).
    /// - Throws: as ``call(_:_:)``; an error reply ends the call with its ``VarlinkError``. The
    ///   receive timeout given at ``init(path:timeout:)`` applies to each reply: use 0 for a stream
    ///   that may be quiet for long (a monitor).
    public func callMore(
        _ method: String, _ parameters: JSONObject = [:], onReply: (_ parameters: JSONObject, _ continues: Bool) throws -> Bool
    ) throws {
        guard descriptor >= 0 else { throw VarlinkProtocolError.clientClosed }
        try send(Self.message(method, parameters, flag: "more"))
        while true {
            let reply = try Self.decodeReply(try receiveMessage())
            guard try onReply(reply.parameters, reply.continues) else {
                close()
                return
            }
            if !reply.continues { return }
        }
    }

    /// Sends a call of `method` with `oneway: true`: the service runs it and sends nothing back,
    /// not even an error.
    /// - Throws: ``SystemError`` when sending fails; ``VarlinkProtocolError/clientClosed``.
    public func callOneway(_ method: String, _ parameters: JSONObject = [:]) throws {
        guard descriptor >= 0 else { throw VarlinkProtocolError.clientClosed }
        try send(Self.message(method, parameters, flag: "oneway"))
    }

    /// `{"method": …, "parameters": {…}}` (without `parameters` when empty) and the NUL, with
    /// `flag: true` (`more`, `oneway`) when given.
    private static func message(_ method: String, _ parameters: JSONObject, flag: String?) -> [UInt8] {
        var message: JSONObject = ["method": .string(method)]
        if parameters.count > 0 { message["parameters"] = .object(parameters) }
        if let flag { message[flag] = .bool(true) }
        var bytes = JSON.object(message).serializedBytes(extraCapacity: 1)
        bytes.append(0)
        return bytes
    }

    /// Closes the connection. Idempotent.
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func send(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                FileDescriptor.retryingOnInterrupt {
                    Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                }
            }
            if sent < 0 {
                throw SystemError(operation: "send", path: path, errno: errno == EAGAIN ? ETIMEDOUT : errno)
            }
            offset += sent
        }
    }

    /// The next NUL-terminated message, without the NUL.
    private func receiveMessage() throws -> [UInt8] {
        var scanned = 0
        while true {
            if let end = buffer[scanned...].firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                return message
            }
            scanned = buffer.count
            if buffer.count > maxReplyBytes { throw VarlinkProtocolError.replyTooLarge(limit: maxReplyBytes) }
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let count = chunk.withUnsafeMutableBytes { raw in
                FileDescriptor.retryingOnInterrupt { recv(descriptor, raw.baseAddress, raw.count, 0) }
            }
            if count < 0 {
                throw SystemError(operation: "recv", path: path, errno: errno == EAGAIN ? ETIMEDOUT : errno)
            }
            if count == 0 { throw VarlinkProtocolError.connectionClosed }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Decodes `{"parameters": {…}, "continues"?: bool}` or `{"error": name, "parameters": {…}}`.
    private static func decodeReply(_ bytes: [UInt8]) throws -> (parameters: JSONObject, continues: Bool) {
        let root: JSON
        do {
            root = try JSONParser().parse(bytes).root.json
        } catch {
            throw VarlinkProtocolError.malformedReply("\(error)")
        }
        guard case .object(let reply) = root else { throw VarlinkProtocolError.malformedReply("not an object") }
        let parameters: JSONObject
        switch reply["parameters"] {
        case nil, .null?: parameters = [:]
        case .object(let object)?: parameters = object
        default: throw VarlinkProtocolError.malformedReply("parameters is not an object")
        }
        let continues: Bool
        switch reply["continues"] {
        case nil, .null?: continues = false
        case .bool(let value)?: continues = value
        default: throw VarlinkProtocolError.malformedReply("continues is not a bool")
        }
        switch reply["error"] {
        case nil, .null?: return (parameters, continues)
        case .string(let name)?: throw VarlinkError(name: name, parameters: parameters)
        default: throw VarlinkProtocolError.malformedReply("error is not a string")
        }
    }
}
