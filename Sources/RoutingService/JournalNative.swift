// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// A client of journald's native protocol (systemd's "Native Journal Protocol",
/// systemd.io/JOURNAL_NATIVE_PROTOCOL): one entry per datagram to the `AF_UNIX`/`SOCK_DGRAM` socket
/// `/run/systemd/journal/socket`, as sd_journal_send(3) writes them.
///
/// An entry is a series of fields. A value without a newline is written `NAME=value\n`; one with a
/// newline `NAME\n`, its length as a 64-bit little-endian integer, the bytes, and `\n`. An entry too
/// large for a datagram (`EMSGSIZE`, `ENOBUFS`) goes through a sealed memfd passed as `SCM_RIGHTS`.
public final class JournalNative: Sendable {
    /// journald's native socket.
    public static let defaultPath = "/run/systemd/journal/socket"

    /// The socket entries are sent to.
    public let path: String
    private let fd: Int32

    /// Opens a datagram socket for entries to `path`; nil when no socket can be made. Whether
    /// anything listens at `path` shows at ``send(_:)``.
    public init?(path: String = JournalNative.defaultPath) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// The bytes of one entry: `fields` in order, each in the plain form or, for a value holding a
    /// newline, the binary form. Fields with a name journald would refuse
    /// (``JournalField/isValidName(_:)``) are left out.
    public static func encode(_ fields: [JournalField]) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in fields where JournalField.isValidName(field.name) {
            let value = Array(field.value.utf8)
            bytes += field.name.utf8
            if value.contains(UInt8(ascii: "\n")) {
                bytes.append(UInt8(ascii: "\n"))
                withUnsafeBytes(of: UInt64(value.count).littleEndian) { bytes += $0 }
                bytes += value
            } else {
                bytes.append(UInt8(ascii: "="))
                bytes += value
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Sends one entry.
    /// - Returns: true when journald (or whatever listens at ``path``) got it; false when the
    ///   socket is unreachable (no such file, connection refused, permission denied) or the send
    ///   failed otherwise, so the caller can write the line to standard error instead.
    @discardableResult
    public func send(_ fields: [JournalField]) -> Bool {
        let bytes = Self.encode(fields)
        while true {
            let sent = bytes.withUnsafeBytes { routingd_unix_sendto(fd, path, 0, $0.baseAddress, $0.count) }
            if sent >= 0 { return true }
            switch errno {
            case EINTR: continue
            case EMSGSIZE, ENOBUFS:
                return bytes.withUnsafeBytes { routingd_unix_send_memfd(fd, path, $0.baseAddress, $0.count) } == 0
            default: return false
            }
        }
    }
}
