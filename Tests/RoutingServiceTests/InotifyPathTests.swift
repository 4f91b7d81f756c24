// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingService

/// The ASCII shortcuts of the watch paths give what the character-based code gives.
@Suite struct InotifyPathTests {
    static func referenceNormalized(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return p.isEmpty ? "." : String(p)
    }

    static func referenceParent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    @Test func shortcutsGiveTheCharacterAnswers() {
        var random = SplitMix64(seed: 5)
        let pieces = ["/", "/", "/", ".", "..", "a", "bc", "\r", "\n", "é", "\u{301}", "London.geojson"]
        var paths = ["", "/", "//", "///", "a", "a/", "a//", "/a", "/a/", "\r\n/", "/\r\n", "a/\r\n/"]
        for _ in 0..<5_000 {
            paths.append((0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for path in paths {
            #expect(Inotify.normalized(path) == Self.referenceNormalized(path), "\(path.debugDescription)")
            #expect(Inotify.parent(of: path) == Self.referenceParent(path), "\(path.debugDescription)")
        }
    }
}
