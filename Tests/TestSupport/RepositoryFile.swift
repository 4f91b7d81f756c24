// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Files of this repository (docs, sample coverage and manifests) for tests that keep them true,
/// read with the C library only.
public enum RepositoryFile {
    /// The repository root, found from this file's path (Tests/TestSupport/RepositoryFile.swift).
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The bytes of the file at `path` (absolute, or relative to ``root``), or nil when it cannot be opened.
    public static func bytes(_ path: String) -> [UInt8]? {
        let absolute = path.hasPrefix("/") ? path : root + "/" + path
        guard let file = fopen(absolute, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// The file's text (UTF-8, invalid bytes replaced), or nil when it cannot be opened.
    public static func text(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }
}
