import Glibc
import RoutingCore

/// Reads a coverage directory: every `*.geojson` file in it is one routing app.
///
/// This is the only place coverage files are read. The daemon calls it at start and on reload, never
/// per request. Files are read whole; a file that cannot be read becomes an invalid registry entry
/// with the reason (`strerror(3)` text), never an error for the whole directory.
public enum CoverageDirectory {
    /// Why the directory itself could not be listed.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot read coverage directory \(path): \(reason)" }
    }

    /// The largest coverage file read, in bytes (64 MiB). Larger files become invalid entries.
    public static let maxFileBytes = 64 << 20

    /// Lists `directory` and reads each `*.geojson` entry (names starting with `.` are skipped).
    /// A relative `directory` is taken from the current working directory.
    /// - Throws: ``Error`` when the directory does not exist or cannot be listed.
    public static func load(_ directory: String) throws(Error) -> AppRegistry {
        guard let handle = opendir(directory) else {
            throw Error(path: directory, reason: describeErrno(errno))
        }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw Error(path: directory, reason: describeErrno(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".geojson"), !name.hasPrefix(".") { names.append(name) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let files = names.sorted().map { name -> (path: String, contents: Result<[UInt8], AppRegistry.ReadError>) in
            let path = base + name
            return (path, readFile(path))
        }
        return AppRegistry(files: files)
    }

    /// Reads one regular file whole (following symbolic links).
    /// - Returns: the bytes, or why not: e.g. `nope.geojson: cannot read: No such file or directory`.
    public static func readFile(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
        func failure(_ reason: String) -> Result<[UInt8], AppRegistry.ReadError> {
            .failure(.init("\(path): cannot read: \(reason)"))
        }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return failure(describeErrno(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return failure(describeErrno(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return failure(status.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "not a regular file")
        }
        guard Int(status.st_size) <= maxFileBytes else {
            return failure("the file is \(status.st_size) bytes, more than the \(maxFileBytes)-byte limit")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return failure(describeErrno(errno))
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maxFileBytes {
                return failure("the file is more than the \(maxFileBytes)-byte limit")
            }
        }
        return .success(bytes)
    }

    private static func describeErrno(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
