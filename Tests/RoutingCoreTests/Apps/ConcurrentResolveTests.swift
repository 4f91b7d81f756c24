// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
import DirectionsLinks
@testable import RoutingCore

/// What start does on every processor gives what the one-by-one way gives: the concurrent map, the
/// directory rules with coverage files read concurrently, and manifest strings made from scalars.
@Suite struct ConcurrentResolveTests {
    @Test(arguments: [0, 1, 2, 63, 64, 65, 1_000])
    func concurrentMapKeepsOrder(count: Int) {
        let items = Array(0..<count)
        #expect(concurrentMap(items) { $0 * 3 + 1 } == items.map { $0 * 3 + 1 })
        #expect(concurrentMap(items, threshold: 2) { "\($0)" } == items.map { "\($0)" })
    }

    @Test func resolvingWithConcurrentReadsGivesTheSameSources() {
        var random = SplitMix64(seed: 7)
        var directories: [[SourceFile]] = [[], [], []]
        var coverageFiles: [String] = []
        for i in 0..<400 {
            let directory = Int(random.next() % 3)
            let id = "org.example.App\(random.next() % 300)"  // some ids given twice: overrides
            let coverage = ["/cov/\(i).geojson", "missing-\(i).geojson", "maps/../\(i).geojson"][Int(random.next() % 3)]
            let text: String
            switch random.next() % 5 {
            case 0: text = "[Routing App]\nName=Broken \(i)\nModes=Streetcar\nCoverage=\(coverage)\n"
            case 1: text = "[Routing App]\nName=Käse \(i) \u{1F68C}\nModes=Bus;Pedestrian;\nCoverage=\(coverage)\nLinkFormat=google\n"
            default: text = "[Routing App]\nId=\(id)\nName=App \(i)\nModes=Bus\nCoverage=\(coverage)\nExec=bus %u\n"
            }
            let path = "/apps\(directory)/\(fourDigits(i)).routingapp"
            directories[directory].append(
                i % 37 == 0
                    ? SourceFile(path: path, contents: .failure(.init("\(path): cannot read: Permission denied")))
                    : SourceFile(path: path, contents: .success(Array(text.utf8))))
            if random.next() % 4 == 0 { coverageFiles.append("/cov/\(i).geojson") }
            if random.next() % 9 == 0 { coverageFiles.append("/cov/bare-\(i).geojson") }
        }
        for k in directories.indices { directories[k].sort { $0.path < $1.path } }
        @Sendable func read(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
            path.contains("missing") ? .failure(.init("\(path): cannot read: No such file or directory")) : .success(Array(path.utf8))
        }
        let oneByOne = AppSource.resolve(manifests: directories, coverageFiles: coverageFiles, readCoverage: read)
        let concurrent = AppSource.resolve(manifests: directories, coverageFiles: coverageFiles, concurrentlyReading: read)
        #expect(oneByOne.count > 300)
        #expect(oneByOne.contains { $0.manifest == nil })
        #expect(oneByOne.contains { !$0.overridden.isEmpty })
        #expect(concurrent == oneByOne)
    }

    @Test func manifestStringsFromScalarsAreTheScalars() {
        var random = SplitMix64(seed: 11)
        let pool: [Unicode.Scalar] = ["a", "Z", "=", " ", "\\", ";", "é", "\u{FFFD}", "\u{2028}", "\u{1F68C}", "\u{7F}", "漢"]
        for length in 0..<60 {
            let scalars = (0..<length).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            let text = DesktopEntryText.string(scalars)
            #expect(text == String(String.UnicodeScalarView(scalars)))
            #expect(Array(text.unicodeScalars) == scalars)
            #expect(DesktopEntryText.string(scalars[...].dropFirst(min(1, length))) == String(String.UnicodeScalarView(scalars.dropFirst(min(1, length)))))
        }
    }
}

/// `i` as four digits, so that file names sort as numbers.
private func fourDigits(_ i: Int) -> String {
    let digits = String(i)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// The byte shortcuts for paths give what the general code gives.
@Suite struct PathShortcutTests {
    /// `AppSource.normalize` before its shortcut for paths that are already normal.
    static func referenceNormalize(_ path: String) -> String {
        let absolute = path.utf8.first == UInt8(ascii: "/")
        var parts: [Substring] = []
        for part in Substring(path).pieces(separatedBy: UInt8(ascii: "/")) where !part.isEmpty {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Random paths made of the pieces that matter: separators, dots, names, non-ASCII.
    static func randomPaths(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let pieces = ["/", "/", "/", ".", "..", "...", "a", "bc", ".x", "x.", "é", "\u{301}", "apps", "London.geojson"]
        var paths = ["", "/", "//", ".", "..", "/.", "/..", "a", "/a", "a/", "./a", "a/.", "../a", "/a/b/../c"]
        for _ in 0..<count {
            paths.append((0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        return paths
    }

    @Test func normalizeShortcutGivesTheGeneralAnswer() {
        for path in Self.randomPaths(count: 5_000, seed: 3) {
            #expect(AppSource.normalize(path) == Self.referenceNormalize(path), "\(path)")
        }
    }

    @Test func lastComponentIsTheLastPiece() {
        for path in Self.randomPaths(count: 2_000, seed: 4) {
            let expected = Substring(path).pieces(separatedBy: UInt8(ascii: "/")).last.map(String.init) ?? path
            #expect(SourceFile.lastComponent(of: path) == expected, "\(path)")
        }
    }
}

/// `OneLine`'s overloads for `String` give what its generic functions give.
@Suite struct OneLineStringOverloadTests {
    @Test func stringOverloadsEqualTheGenericOnes() {
        var random = SplitMix64(seed: 6)
        let pieces = ["a", " ", "\n", "\r", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{2027}", "é", "\\", "漢"]
        for _ in 0..<3_000 {
            let text = (0..<Int(random.next() % 10)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(OneLine.escaped(text) == OneLine.escaped(text[...]), "\(text.debugDescription)")
            #expect(OneLine.needsEscaping(text) == OneLine.needsEscaping(text[...]), "\(text.debugDescription)")
        }
    }
}
