// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Whether standard error is connected to the systemd journal, so log lines should carry a syslog
/// priority prefix (`<3>` error … `<7>` debug) instead of the program name.
///
/// systemd.exec(5): for `StandardError=journal` the service gets `JOURNAL_STREAM=DEVICE:INODE`, the
/// device and inode of the stream socket, both decimal. The variable is inherited by children whose
/// stderr may be something else, so it counts only when fd 2's fstat(2) gives the same pair
/// (sd-daemon(3) explains the `<N>` prefixes).
public enum JournalStream {
    /// The device and inode `JOURNAL_STREAM` names.
    public struct Identity: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// Parses `DEVICE:INODE` (decimal numbers); nil when malformed.
    public static func parse(_ text: String) -> Identity? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        return Identity(device: device, inode: inode)
    }

    /// True when descriptor `fd` is the stream `value` (a `JOURNAL_STREAM` value) names.
    public static func matches(_ value: String?, descriptor fd: Int32) -> Bool {
        guard let value, let identity = parse(value) else { return false }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) == identity
    }

    /// True when standard error is the journal stream of `$JOURNAL_STREAM`.
    public static func standardErrorIsJournal() -> Bool {
        matches(getenv("JOURNAL_STREAM").map { String(cString: $0) }, descriptor: 2)
    }
}
