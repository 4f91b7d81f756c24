// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
import TestSupport

/// Every source, script, unit, completion and manual page names its licence with an SPDX tag in its
/// first lines (issue 21), so a packager can check the tree with a tool such as `reuse` or licensecheck.
@Suite struct LicenceHeaderTests {
    /// The folders holding the project's own files; test data (Fuzz corpora, Coverage samples) is not code.
    static let folders = ["Sources", "Tests", "Fuzz/Sources", "scripts", ".ci", "completions", "man", "systemd"]
    static let suffixes = [".swift", ".c", ".h", ".py", ".sh", ".bash", ".fish", ".service", ".socket", ".conf",
                           ".desktop", ".1", ".5", ".8"]
    static let extensionless: Set<String> = [".ci/run", "scripts/fuzz", "scripts/install", "scripts/link-dump-compare", "completions/_routingctl"]

    /// Paths below `folder` (relative to the repository root), depth first, in name order.
    static func files(below folder: String) -> [String] {
        guard let handle = opendir(RepositoryFile.root + "/" + folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || name == "__pycache__" { continue }
            names.append(name)
        }
        var found: [String] = []
        for name in names.sorted() {
            let path = folder + "/" + name
            var status = stat()
            guard stat(RepositoryFile.root + "/" + path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                found += files(below: path)
            } else if extensionless.contains(path) || suffixes.contains(where: { name.hasSuffix($0) }) {
                found.append(path)
            }
        }
        return found
    }

    @Test func everyFileNamesItsLicence() throws {
        let all = Self.folders.flatMap { Self.files(below: $0) } + ["Package.swift"]
        #expect(all.count > 300, "the walk found \(all.count) files; is the repository root right?")
        var missing: [String] = []
        for path in all {
            let text = try #require(RepositoryFile.text(path), "\(path) cannot be read")
            let head = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
            let tagged = head.contains { line in
                line.contains("SPDX-License-Identifier: Apache-2.0")
            }
            if !tagged { missing.append(path) }
        }
        #expect(missing.isEmpty, "no 'SPDX-License-Identifier: Apache-2.0' in the first lines of: \(missing.joined(separator: ", "))")
    }
}
