// SPDX-License-Identifier: Apache-2.0
import Varlink

/// One field of a journal entry (systemd.journal-fields(7)): an upper-case name (`A`–`Z`, `0`–`9`,
/// `_`, not starting with `_` or a digit, at most 64 bytes) and a value of any bytes.
///
/// routingd's own fields, for `journalctl -u routingd ROUTINGD_APP=…`:
/// - `ROUTINGD_APP`: the app id an entry is about.
/// - `ROUTINGD_FILE`: the manifest or coverage file an entry is about.
/// - `ROUTINGD_RULE`: the validation rule or manifest problem code that made a file invalid
///   (`ring-not-closed`, docs/coverage-rules.md).
/// - `ROUTINGD_CALLER_UID`, `ROUTINGD_CALLER_PID`: the varlink peer (`SO_PEERCRED`) that changed
///   the daemon's state (`Reload()`, `SetCurrentLocation()`, `ClearCurrentLocation()`).
public struct JournalField: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `MESSAGE_ID=` of one kind of event: a fixed 128-bit id in 32 lower-case hex digits, so that
    /// `journalctl MESSAGE_ID=…` finds every such entry whatever its text.
    public enum MessageID: String, CaseIterable, Sendable {
        /// The daemon listens and serves (the line systemd's `READY=1` follows).
        case started = "393447c4f66a46459d7794dc543f75c3"
        /// A reload finished (SIGHUP, inotify, `Reload()`), or failed as a whole.
        case reloaded = "0f932f5953134758ac3333496d808bf1"
        /// An app's manifest or coverage file is invalid: the app is not loaded, or keeps its last
        /// good version (stale).
        case invalidFile = "bb7a74851a344e6b85b63bfbc7a818f5"
        /// The current location was set or cleared.
        case currentLocation = "938386d783634321a5192ac323175fe9"
    }

    public static func messageID(_ id: MessageID) -> JournalField { JournalField("MESSAGE_ID", id.rawValue) }
    public static func app(_ id: String) -> JournalField { JournalField("ROUTINGD_APP", id) }
    public static func file(_ path: String) -> JournalField { JournalField("ROUTINGD_FILE", path) }
    public static func rule(_ code: String) -> JournalField { JournalField("ROUTINGD_RULE", code) }

    /// `ROUTINGD_CALLER_UID=` and `ROUTINGD_CALLER_PID=` of `peer`; none when its credentials are unknown.
    public static func caller(_ peer: VarlinkPeer?) -> [JournalField] {
        guard let peer else { return [] }
        return [JournalField("ROUTINGD_CALLER_UID", String(peer.uid)), JournalField("ROUTINGD_CALLER_PID", String(peer.pid))]
    }

    /// True for a name journald accepts from a client (systemd.journal-fields(7)): 1–64 bytes of
    /// `A`–`Z`, `0`–`9` and `_`, not starting with `_` (trusted fields) or a digit.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 64, bytes[0] != UInt8(ascii: "_") else { return false }
        guard !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }
}
