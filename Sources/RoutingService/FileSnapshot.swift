// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// A regular file as it was read: which file it is (device and inode), its size in bytes, its
/// modification time to the nanosecond, its permission bits and owner, and a ``ContentDigest`` of
/// its bytes.
///
/// ``AtomicFile/replace(_:with:expecting:force:writer:beforeRename:)`` compares it with the file
/// just before the rename, so that a change saved meanwhile (by an editor, another tool, a second
/// `--fix`) is refused instead of overwritten. The metadata shows most changes at once; the digest
/// also catches one that kept the size and put the time back (`touch -d`, `cp -p`, `rsync -t`).
public struct FileSnapshot: Hashable, Sendable {
    /// `st_dev` and `st_ino` (stat(2)): an editor that saves by rename makes a new inode.
    public var device: UInt64
    public var inode: UInt64
    /// `st_size`, in bytes.
    public var size: Int
    /// `st_mtim`: seconds since the epoch and nanoseconds.
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    /// The permission bits, `st_mode & 0o7777`.
    public var mode: UInt32
    /// `st_uid` and `st_gid`.
    public var owner: UInt32
    public var group: UInt32
    /// The digest of the bytes read.
    public var digest: ContentDigest

    init(_ status: stat, digest: ContentDigest) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        mode = UInt32(status.st_mode) & 0o7777
        owner = status.st_uid
        group = status.st_gid
        self.digest = digest
    }

    /// Reads the regular file at `path` (following symbolic links) whole, as
    /// ``CoverageDirectory/readFile(_:)`` does, and returns its bytes with their snapshot, both from
    /// one open descriptor. The metadata is taken before the first read(2), so a write that lands
    /// during the read shows later as a changed modification time.
    /// - Returns: the bytes and snapshot, or why not (the same messages as `readFile`).
    public static func read(_ path: String) -> Result<(bytes: [UInt8], snapshot: FileSnapshot), AppRegistry.ReadError> {
        CoverageDirectory.readFileAndStatus(path).map { read in
            (read.bytes, FileSnapshot(read.status, digest: ContentDigest(read.bytes)))
        }
    }

    /// What differs in `now` (the file's status at the same path) from this snapshot, in words, e.g.
    /// `its size (120 → 134 bytes)`; empty when the metadata is the same. Contents are not compared.
    func metadataChanges(to now: stat) -> [String] {
        let other = FileSnapshot(now, digest: digest)
        var changes: [String] = []
        if other.device != device || other.inode != inode {
            changes.append("it is another file now (inode \(inode) → \(other.inode): saved anew or replaced)")
        }
        if other.size != size { changes.append("its size (\(size) → \(other.size) bytes)") }
        if other.modifiedSeconds != modifiedSeconds || other.modifiedNanoseconds != modifiedNanoseconds {
            changes.append(
                "its modification time (\(Self.time(modifiedSeconds, modifiedNanoseconds)) → \(Self.time(other.modifiedSeconds, other.modifiedNanoseconds)))")
        }
        if other.mode != mode { changes.append("its permissions (\(Self.octal(mode)) → \(Self.octal(other.mode)))") }
        if other.owner != owner || other.group != group {
            changes.append("its owner (uid \(owner) gid \(group) → uid \(other.owner) gid \(other.group))")
        }
        return changes
    }

    /// `0644`: permission bits as chmod(1) takes them.
    public static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `2026-12-04 15:25:06.123456789` in local time (localtime_r(3)).
    static func time(_ seconds: Int, _ nanoseconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "\(seconds).\(nanoseconds)" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        let fraction = String(nanoseconds)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) + "."
            + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
    }
}
