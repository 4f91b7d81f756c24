// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

private func diff(_ old: String, _ new: String, context: Int = 3) -> String {
    UnifiedDiff.of(Array(old.utf8), Array(new.utf8), oldName: "old", newName: "new", context: context)
}

/// Applies a unified diff made by `UnifiedDiff` to `old` (a minimal `patch`), for round-trip checks.
private func apply(_ patch: String, to old: [String]) -> [String]? {
    var result: [String] = []
    var next = 0  // next old line to copy
    let lines = patch.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var i = 2
    while i < lines.count, !lines[i].isEmpty {
        let header = lines[i]
        guard header.hasPrefix("@@ -") else { return nil }
        let oldRange = header.dropFirst(4).prefix { $0 != " " }
        let parts = oldRange.split(separator: ",").compactMap { Int($0) }
        guard let startField = parts.first else { return nil }
        let count = parts.count > 1 ? parts[1] : 1
        let start = count == 0 ? startField : startField - 1
        guard start >= next else { return nil }
        result += old[next..<start]
        next = start
        i += 1
        while i < lines.count, let first = lines[i].first, first != "@" {
            let text = String(lines[i].dropFirst())
            switch first {
            case " ":
                guard next < old.count, old[next] == text else { return nil }
                result.append(text)
                next += 1
            case "-":
                guard next < old.count, old[next] == text else { return nil }
                next += 1
            case "+":
                result.append(text)
            default:
                return nil
            }
            i += 1
        }
    }
    return result + old[next...]
}

/// Length of a longest common subsequence (quadratic DP), for the minimality check.
private func lcs(_ a: [String], _ b: [String]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
        var diagonal = 0
        for (j, y) in b.enumerated() {
            let above = row[j + 1]
            row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
            diagonal = above
        }
    }
    return row[b.count]
}

@Suite struct UnifiedDiffTests {
    @Test func equalTextsGiveNothing() {
        #expect(diff("a\nb\n", "a\nb\n") == "")
        #expect(diff("", "") == "")
    }

    @Test func oneChangedLine() {
        #expect(diff("a\nb\nc\n", "a\nB\nc\n") == "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }

    @Test func distantChangesMakeTwoHunks() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = (1...20).map { $0 == 2 || $0 == 18 ? "LINE \($0)\n" : "line \($0)\n" }.joined()
        let result = diff(old, new)
        let headers = result.split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers == ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
    }

    @Test func insertionIntoEmptyAndMissingFinalNewline() {
        #expect(diff("", "a\n") == "--- old\n+++ new\n@@ -0,0 +1 @@\n+a\n")
        #expect(diff("x", "y\n") == "--- old\n+++ new\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n")
    }

    @Test func randomEditsRoundTripAndAreMinimal() {
        var generator = SplitMix64(seed: 0x5eed)
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let old = a.map { $0 + "\n" }.joined(), new = b.map { $0 + "\n" }.joined()
            let patch = diff(old, new, context: Int.random(in: 0...3, using: &generator))
            if a == b {
                #expect(patch == "")
                continue
            }
            #expect(apply(patch, to: a) == b, "\(a) → \(b):\n\(patch)")
            let changed = patch.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
            #expect(changed == a.count + b.count - 2 * lcs(a, b))
        }
    }

    @Test func hugeDifferencesFallBackToReplacingTheMiddle() {
        let count = UnifiedDiff.maximumEdits + 10
        let old = (0..<count).map { "old \($0)\n" }.joined()
        let new = "same\n" + (0..<count).map { "new \($0)\n" }.joined()
        let result = diff("same\n" + old, new)
        let lines = result.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == count)
        #expect(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count == count)
        #expect(apply(result, to: ["same"] + (0..<count).map { "old \($0)" }) == ["same"] + (0..<count).map { "new \($0)" })
    }
}

