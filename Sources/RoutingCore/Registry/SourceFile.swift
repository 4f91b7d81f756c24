// SPDX-License-Identifier: Apache-2.0
/// One file as the I/O layer read it: its path and its bytes, or why it could not be read.
public struct SourceFile: Sendable, Hashable {
    /// The path the file was read from (kept as given: absolute, or relative to the daemon's working
    /// directory).
    public var path: String
    /// The bytes, or the reason they could not be read (e.g. `…: cannot read: Permission denied`).
    public var contents: Result<[UInt8], AppRegistry.ReadError>

    public init(path: String, contents: Result<[UInt8], AppRegistry.ReadError>) {
        self.path = path
        self.contents = contents
    }

    /// The last path component: `London.routingapp` for `/etc/routingd/apps/London.routingapp`.
    public var fileName: String {
        Self.lastComponent(of: path)
    }

    /// What follows the last `/` byte of `path` (all of it without one; empty after a final `/`):
    /// the last of its `/`-separated pieces, found without splitting the whole path.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
