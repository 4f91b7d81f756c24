// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Reads coverage and manifest files whole, safely (``readFile(_:)``), for ``AppDirectories`` (at
/// start and on reload, never per request) and for routingctl's commands. A file that cannot be read
/// becomes an invalid registry entry with the reason (`strerror(3)` text), never an error for the
/// whole directory; ``Error`` is for a coverage directory that cannot be listed.
public enum CoverageDirectory {
    /// Why the directory itself could not be listed.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        /// The name beside `path` that it most likely misspells, when it does not exist.
        public var nearName: String? = nil
        /// `path` was given with `--coverage`: the message starts with the option, so the person
        /// knows what to correct (`--coverage /nope: cannot read the coverage directory: …`).
        public var given = false
        public var description: String {
            (given ? "--coverage \(path): cannot read the coverage directory: " : "cannot read coverage directory \(path): ")
                + reason + (nearName.map { "; did you mean '\($0)'?" } ?? "")
        }
    }

    /// The largest coverage file read, in bytes (64 MiB). Larger files become invalid entries.
    public static let maxFileBytes = 64 << 20

    /// Reads one regular file whole (following symbolic links).
    ///
    /// Never blocks on something that is not a regular file: the file is opened with `O_NONBLOCK`
    /// (opening a FIFO with no writer, or a device such as a tape or a terminal, would otherwise
    /// wait forever: fifo(7), open(2)) and `O_NOCTTY`, checked with fstat(2) before the first read,
    /// and only then put back in blocking mode. A FIFO, socket or device is refused as
    /// `not a regular file (a FIFO)`, a directory as `it is a directory`.
    /// - Returns: the bytes, or why not: e.g. `nope.geojson: cannot read: No such file or directory`.
    public static func readFile(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
        readFileAndStatus(path).map(\.bytes)
    }

    /// ``readFile(_:)``, with the file's fstat(2) status from before the first read (for
    /// ``FileSnapshot``).
    static func readFileAndStatus(_ path: String) -> Result<(bytes: [UInt8], status: stat), AppRegistry.ReadError> {
        func failure(_ reason: String) -> Result<(bytes: [UInt8], status: stat), AppRegistry.ReadError> {
            .failure(.init("\(path): cannot read: \(reason)"))
        }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            // A socket cannot be opened at all (ENXIO): say what it is rather than the errno text.
            let code = errno
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return failure(describeType(status.st_mode)) }
            if code == ENOENT, let near = nearName(to: path) {
                return failure(describeErrno(code) + "; did you mean '\(near)'?")
            }
            return failure(describeErrno(code))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return failure(describeErrno(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return failure(describeType(status.st_mode))
        }
        guard Int(status.st_size) <= maxFileBytes else {
            return failure("the file is \(status.st_size) bytes, more than the \(limitText) limit; " + tooLargeHint)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        // Sized to the file plus one byte (to meet the end in one read), and not zeroed: read(2)
        // fills what is used (at start, zeroing chunks for 20,000 files was most of the copying).
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: min(64 << 10, max(4 << 10, Int(status.st_size) + 1)), alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = read(fd, chunk.baseAddress, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                // O_NONBLOCK (for open(2) of a FIFO) means nothing to a regular file on Linux; should a
                // file system say EAGAIN anyway, clear it and read again, blocking. No syscall otherwise.
                if errno == EAGAIN, fcntl(fd, F_SETFL, 0) == 0 { continue }
                return failure(describeErrno(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            if bytes.count > maxFileBytes {
                return failure("the file grew past the \(limitText) limit while it was read (is it still being written?); " + tooLargeHint)
            }
            // A short read that brings the file to its fstat(2) size is its end: no read(2) for the 0.
            if n < chunk.count && bytes.count == Int(status.st_size) { break }
        }
        return .success((bytes, status))
    }

    /// The name in `path`'s directory that `path` most likely misspells
    /// (``FileNameSuggestion/closest(to:among:)``), for the message of a file that does not exist.
    static func nearName(to path: String) -> String? {
        let directory = Inotify.parent(of: path)
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle), names.count < 10_000 {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            })
        }
        return FileNameSuggestion.closest(to: Inotify.lastComponent(of: path), among: names)
    }

    /// `64 MiB (67108864 bytes)`: ``maxFileBytes`` for messages.
    static let limitText = "\(maxFileBytes >> 20) MiB (\(maxFileBytes) bytes)"

    /// What to do about a file over the limit: coverage outlines are small (Apple recommends at
    /// most 20 positions per polygon; see docs/coverage-rules.md, `too-many-points`).
    static let tooLargeHint = "outline the area with fewer positions (Apple recommends at most 20 per polygon)"

    /// Why a file of type `mode` (st_mode) is not read: `it is a directory`, `not a regular file (a FIFO)`, ….
    static func describeType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "it is a directory"
        case S_IFIFO: "not a regular file (a FIFO)"
        case S_IFSOCK: "not a regular file (a socket)"
        case S_IFCHR: "not a regular file (a character device)"
        case S_IFBLK: "not a regular file (a block device)"
        default: "not a regular file"
        }
    }

    private static func describeErrno(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
