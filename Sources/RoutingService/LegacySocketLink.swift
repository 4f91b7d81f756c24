// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The symbolic link from the socket's earlier name, `io.socket`, to its name now,
/// `org.routingd.Directions` (``DefaultPaths/legacySocketName``), beside a default socket that
/// routingd bound itself; the units make the same link with `Symlinks=`. Clients and scripts that
/// still name `io.socket` reach the daemon through it.
struct LegacySocketLink {
    /// Where the link is.
    let path: String

    /// Links `io.socket` beside `socketPath` to the socket's file name (a relative target, so the
    /// directory can move) when nothing is there; something already there (an older daemon's
    /// socket, a file of the admin's) is left alone. Nil when no link was made; a failure other than
    /// "something is there" is one warning in `log`.
    static func create(beside socketPath: String, log: Log) -> LegacySocketLink? {
        let path = DefaultPaths.legacySocket(beside: socketPath)
        let target = socketPath.split(separator: "/").last.map(String.init) ?? DefaultPaths.socketName
        guard path != socketPath else { return nil }
        if symlink(target, path) != 0 {
            if errno != EEXIST {
                log.warning("cannot link \(path) to \(target) for clients that use the earlier socket name: \(String(cString: strerror(errno)))")
            }
            return nil
        }
        return LegacySocketLink(path: path)
    }

    /// Removes the link if it is still ours: a symbolic link to the socket's file name.
    func remove() {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !target.contains("/") && target.hasPrefix("org.routingd.") { unlink(path) }
    }
}
