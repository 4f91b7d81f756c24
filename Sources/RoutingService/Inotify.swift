// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Watches the routing-app directories with inotify(7) and says when a reload is due.
///
/// Each wanted directory is watched for `IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
/// IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF` (a file written and closed, renamed in or out, created,
/// deleted; the directory itself removed or renamed). A directory that does not exist yet is fine:
/// its nearest existing ancestor is watched instead, for the creation of the next path component, so
/// `mkdir -p ~/.local/share/routingd/apps` is noticed and the caller re-runs ``watch(_:)`` after its
/// reload. Events for names starting with `.` (editors' temporary files) are ignored in a watched
/// directory, but not in an ancestor waiting for such a name (`~/.local`); the rename that puts the
/// finished file in place is not ignored.
///
/// inotify is not recursive and does not follow a file's content through a symbolic link to another
/// directory; a coverage file outside the watched directories is watched through its own directory
/// when the caller lists it. When the kernel's queue overflows (`IN_Q_OVERFLOW`) a reload is due.
///
/// Confined to one thread (the daemon's reload thread); the descriptor is non-blocking, for poll(2).
final class Inotify {
    /// The events watched on every directory (inotify(7)); `IN_ONLYDIR` refuses a path that is not one.
    static let mask: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        | UInt32(IN_ONLYDIR)

    /// What a watch is for: the directory itself (any file name matters) or an ancestor waiting for
    /// one of `children` to appear.
    private struct Watch {
        var path: String
        /// nil: every name matters; else only these names (the next component towards a wanted directory).
        var children: Set<String>?
    }

    let descriptor: FileDescriptor
    private var watches: [Int32: Watch] = [:]
    private let buffer: UnsafeMutableRawBufferPointer

    /// - Throws: ``SystemError`` from inotify_init1(2) (`EMFILE` when the per-user instance limit,
    ///   `/proc/sys/fs/inotify/max_user_instances`, is reached).
    init() throws(SystemError) {
        descriptor = FileDescriptor(
            rawValue: try FileDescriptor.check("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        // Room for many events at once (each is 16 bytes plus a NAME_MAX name at most).
        buffer = .allocate(byteCount: 64 << 10, alignment: MemoryLayout<inotify_event>.alignment)
    }

    deinit {
        descriptor.close()
        buffer.deallocate()
    }

    /// The directories watched now, each with the names that matter there (nil: all).
    var watched: [(path: String, children: Set<String>?)] {
        watches.values.map { ($0.path, $0.children) }.sorted { $0.path < $1.path }
    }

    /// Makes the watch set cover exactly `directories` (absolute or relative to the working
    /// directory): existing ones are watched, a missing one through its nearest existing ancestor.
    /// Watches no longer wanted are removed.
    /// - Returns: one line per directory that could not be watched at all (e.g. `inotify_add_watch
    ///   /etc/routingd/apps: No space left on device` when `max_user_watches` is reached).
    @discardableResult
    func watch(_ directories: [String]) -> [String] {
        var wanted: [String: Set<String>?] = [:]
        for directory in directories {
            let path = Inotify.normalized(directory)
            if Inotify.isDirectory(path) {
                wanted[path] = .some(nil)
                continue
            }
            // The nearest existing ancestor, waiting for the next component.
            var child = path
            var parent = Inotify.parent(of: path)
            while !Inotify.isDirectory(parent) && parent != "/" && parent != "." {
                child = parent
                parent = Inotify.parent(of: parent)
            }
            let name = Inotify.lastComponent(of: child)
            switch wanted[parent] {
            case .some(.none): break  // already watched for every name
            case .some(.some(let names)): wanted[parent] = .some(names.union([name]))
            case .none: wanted[parent] = .some([name])
            }
        }
        var problems: [String] = []
        var kept: [Int32: Watch] = [:]
        for (path, children) in wanted.sorted(by: { $0.key < $1.key }) {
            let wd = inotify_add_watch(descriptor.rawValue, path, Inotify.mask)
            if wd < 0 {
                // The directory may vanish between the check and the call; the ancestor's events tell.
                if errno != ENOENT && errno != ENOTDIR {
                    problems.append(SystemError.current("inotify_add_watch", path: path).description)
                }
                continue
            }
            kept[wd] = Watch(path: path, children: children)
        }
        for wd in watches.keys where kept[wd] == nil {
            _ = inotify_rm_watch(descriptor.rawValue, wd)
        }
        watches = kept
        return problems
    }

    /// The wanted paths that exist now under an ancestor watched for their creation: created
    /// between the look for the nearest existing ancestor and the watch on it, so no event will
    /// come for them. The caller reloads (and watches again) when this is not empty.
    func appeared() -> [String] {
        var paths: [String] = []
        for watch in watches.values {
            for child in (watch.children ?? []).sorted() {
                let path = watch.path == "/" ? "/" + child : watch.path + "/" + child
                if Inotify.isDirectory(path) { paths.append(path) }
            }
        }
        return paths.sorted()
    }

    /// Reads every queued event (never blocks).
    /// - Returns: the paths whose events matter (a file in a watched directory, a watched directory
    ///   removed, a wanted directory created), `"(queue overflow)"` after `IN_Q_OVERFLOW`; empty when
    ///   nothing that matters happened.
    func readEvents() -> [String] {
        var relevant: [String] = []
        while true {
            let count = FileDescriptor.retryingOnInterrupt { read(descriptor.rawValue, buffer.baseAddress, buffer.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let base = buffer.baseAddress! + offset
                let wd = base.load(fromByteOffset: 0, as: Int32.self)
                let mask = base.load(fromByteOffset: 4, as: UInt32.self)
                let length = Int(base.load(fromByteOffset: 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: base + header, count: min(length, count - offset - header))
                let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant.append("(queue overflow)")
                    continue
                }
                guard let watch = watches[wd] else { continue }
                if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)) != 0 {
                    relevant.append(watch.path)
                    if mask & UInt32(IN_IGNORED) != 0 { watches[wd] = nil }
                    continue
                }
                if name.isEmpty { continue }
                if let children = watch.children {
                    // An ancestor waits for exactly these names, dot-directories included
                    // (~/.local for ~/.local/share/routingd/apps).
                    if !children.contains(name) { continue }
                } else if name.hasPrefix(".") {
                    continue
                }
                relevant.append(watch.path == "/" ? "/" + name : watch.path + "/" + name)
            }
        }
    }

    // MARK: Paths

    /// Without trailing `/` bytes (a final `/` is a whole character: nothing combines before it);
    /// empty becomes `.`.
    static func normalized(_ path: String) -> String {
        var utf8 = path.utf8[...]
        while utf8.count > 1 && utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        return utf8.isEmpty ? "." : String(path[utf8.startIndex..<utf8.endIndex])
    }

    /// The directory part of `path`, split at its last `/` byte as the kernel does (a `/` that a
    /// combining mark follows is still a separator): `.` without one, `/` for a path at the root.
    static func parent(of path: String) -> String {
        guard let slash = SourceFile.lastSlash(in: path) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// What follows the last `/` byte of `path` (``SourceFile/lastComponent(of:)``).
    static func lastComponent(of path: String) -> String { SourceFile.lastComponent(of: path) }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
