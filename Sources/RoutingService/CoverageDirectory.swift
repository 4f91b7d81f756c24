import FoundationEssentials
import RoutingCore

/// Reads a coverage directory: every `*.geojson` file in it is one routing app.
///
/// This is the only place coverage files are read. The daemon calls it at start and on reload, never
/// per request. Files are read whole; a file that cannot be read becomes an invalid registry entry
/// with the reason, never an error for the whole directory.
public enum CoverageDirectory {
    /// Why the directory itself could not be listed.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot read coverage directory \(path): \(reason)" }
    }

    /// The largest coverage file read, in bytes (64 MiB). Larger files become invalid entries.
    public static let maxFileBytes = 64 << 20

    /// Lists `directory` and reads each `*.geojson` file (hidden files are skipped).
    /// - Throws: ``Error`` when the directory does not exist or cannot be listed.
    public static func load(_ directory: String) throws(Error) -> AppRegistry {
        let names: [String]
        do {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw Error(path: directory, reason: "no such directory")
            }
            guard isDirectory else { throw Error(path: directory, reason: "not a directory") }
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch let error as Error {
            throw error
        } catch {
            throw Error(path: directory, reason: "\(error)")
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let files = names
            .filter { $0.hasSuffix(".geojson") && !$0.hasPrefix(".") }
            .sorted()
            .map { name -> (path: String, contents: Result<[UInt8], AppRegistry.ReadError>) in
                let path = base + name
                return (path, readFile(path))
            }
        return AppRegistry(files: files)
    }

    /// Reads one file whole.
    public static func readFile(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > maxFileBytes {
                return .failure(.init("\(path): file is \(size) bytes, more than the \(maxFileBytes)-byte limit"))
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return .success([UInt8](data))
        } catch {
            return .failure(.init("\(path): cannot read: \(describe(error))"))
        }
    }

    private static func describe(_ error: any Swift.Error) -> String {
        let text = "\(error)"
        return text.isEmpty ? "I/O error" : text
    }
}
