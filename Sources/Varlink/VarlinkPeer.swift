// SPDX-License-Identifier: Apache-2.0
/// The process at the other end of a Unix socket connection, as the kernel recorded it at
/// `connect(2)` time (`SO_PEERCRED`, unix(7)). Use it for authorisation, never a client's claim.
public struct VarlinkPeer: Hashable, Sendable {
    /// Process ID of the connecting process.
    public var pid: Int32
    /// Effective user ID of the connecting process.
    public var uid: UInt32
    /// Effective group ID of the connecting process.
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }
}
