// SPDX-License-Identifier: Apache-2.0
/// A reply that breaks the varlink framing or message rules (varlink.org/Method-Call), as seen by
/// ``VarlinkClient``.
public enum VarlinkProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server closed the connection before a complete reply arrived.
    case connectionClosed
    /// A reply grew beyond the client's limit (in bytes) without a NUL terminator.
    case replyTooLarge(limit: Int)
    /// The reply is not a JSON object of the reply shape; the string says what is wrong.
    case malformedReply(String)
    /// ``VarlinkClient/call(_:_:)`` after ``VarlinkClient/close()``.
    case clientClosed

    public var description: String {
        switch self {
        case .connectionClosed: "varlink: connection closed before the reply"
        case .replyTooLarge(let limit): "varlink: reply longer than \(limit) bytes"
        case .malformedReply(let what): "varlink: malformed reply: \(what)"
        case .clientClosed: "varlink: client is closed"
        }
    }
}
