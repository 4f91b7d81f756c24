// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingService

/// Watch paths are split at `/` bytes, as the kernel splits them: trailing slashes go as the
/// character-based code took them off, and the parent directory ends before the last `/` byte even
/// when a combining mark follows it (the character-based code missed that `/`).
@Suite struct InotifyPathTests {
    static func referenceNormalized(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return p.isEmpty ? "." : String(p)
    }

    static func referenceParent(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    @Test func aSlashBeforeACombiningMarkStillSeparates() {
        #expect(Inotify.parent(of: "/srv/apps/\u{301}x.geojson") == "/srv/apps")
        #expect(Inotify.lastComponent(of: "/srv/apps/\u{301}x.geojson") == "\u{301}x.geojson")
        #expect(Inotify.parent(of: "/\u{301}") == "/")
    }

    @Test func pathsSplitAtSlashBytes() {
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
