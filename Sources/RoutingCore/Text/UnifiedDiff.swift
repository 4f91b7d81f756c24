// SPDX-License-Identifier: Apache-2.0
/// A line diff of two texts in the unified format of GNU `diff -u` (POSIX `diff -u`), for showing
/// what `routingctl validate --fix --dry-run` would change.
///
/// Lines end at LF. The edit script is a shortest one (E. W. Myers, "An O(ND) Difference Algorithm
/// and Its Variations", Algorithmica 1, 1986) after the common first and last lines are set aside.
/// When the two middles differ in more than ``maximumEdits`` lines, the middle is shown as removed
/// and added whole instead (still a correct diff, only not a minimal one), so time and memory stay
/// bounded for any input.
///
/// Format: `--- OLD` and `+++ NEW` headers, then hunks `@@ -start,count +start,count @@` (a count of
/// 1 is omitted, and a start is the line before the hunk when its count is 0, as GNU diff writes
/// them), each line prefixed by ` ` (context), `-` (removed) or `+` (added); a last line without a
/// newline is followed by `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The most differing lines for which the minimal edit script is searched.
    public static let maximumEdits = 2_000

    /// The unified diff turning `old` into `new`, or the empty string when they are equal.
    /// - Parameters:
    ///   - old, new: the two texts (UTF-8; invalid bytes are shown as U+FFFD).
    ///   - oldName, newName: the names in the `---` and `+++` headers.
    ///   - context: unchanged lines shown around each change (3, as `diff -u`).
    public static func of(
        _ old: some Collection<UInt8>, _ new: some Collection<UInt8>,
        oldName: String, newName: String, context: Int = 3
    ) -> String {
        let a = lines(Array(old)), b = lines(Array(new))
        guard a != b else { return "" }
        // Lines as small integers, so that comparisons are cheap.
        var ids: [Line: Int] = [:]
        let x = a.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        let y = b.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        let edits = script(x, y)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(edits, context: max(0, context)) {
            out += header(hunk, edits)
            for edit in edits[hunk] {
                switch edit {
                case .equal(let i, _): out += render(" ", a[i])
                case .delete(let i): out += render("-", a[i])
                case .insert(let j): out += render("+", b[j])
                }
            }
        }
        return out
    }

    // MARK: lines

    struct Line: Hashable {
        var text: String
        /// False only for a last line without a final LF.
        var terminated: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(text: String(decoding: bytes[start..<i], as: UTF8.self), terminated: true))
            start = i + 1
        }
        if start < bytes.count {
            result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), terminated: false))
        }
        return result
    }

    static func render(_ prefix: String, _ line: Line) -> String {
        prefix + line.text + (line.terminated ? "\n" : "\n\\ No newline at end of file\n")
    }

    // MARK: edit script

    enum Edit: Equatable {
        /// Old line i is new line j.
        case equal(Int, Int)
        /// Old line i is removed.
        case delete(Int)
        /// New line j is added.
        case insert(Int)
    }

    /// An edit script from `a` to `b`: minimal when the middles differ in at most ``maximumEdits`` lines.
    static func script(_ a: [Int], _ b: [Int]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var edits = (0..<prefix).map { Edit.equal($0, $0) }
        if let middle = myers(middleA, middleB, limit: maximumEdits) {
            edits += middle.map { edit in
                switch edit {
                case .equal(let i, let j): .equal(i + prefix, j + prefix)
                case .delete(let i): .delete(i + prefix)
                case .insert(let j): .insert(j + prefix)
                }
            }
        } else {
            edits += middleA.indices.map { .delete($0 + prefix) }
            edits += middleB.indices.map { .insert($0 + prefix) }
        }
        let oldEnd = a.count - suffix, newEnd = b.count - suffix
        edits += (0..<suffix).map { .equal(oldEnd + $0, newEnd + $0) }
        return edits
    }

    /// Myers' greedy forward algorithm with the furthest-reaching x of every diagonal kept per step
    /// for the backtrack; nil when more than `limit` insertions and deletions are needed.
    static func myers(_ a: [Int], _ b: [Int], limit: Int) -> [Edit]? {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let maxD = min(n + m, limit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // trace[d]: v[-d-1 ... d+1] as it was at the start of step d.
        var trace: [[Int]] = []
        var finalD: Int?
        search: for d in 0...maxD {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    finalD = d
                    break search
                }
            }
        }
        guard let finalD else { return nil }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: finalD, through: 0, by: -1) {
            let row = trace[d]
            func at(_ k: Int) -> Int { row[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                edits.append(.equal(x - 1, y - 1))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX { edits.append(.insert(y - 1)) } else { edits.append(.delete(x - 1)) }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    // MARK: hunks

    /// Ranges of `edits` to show: every change with up to `context` equal lines around it, hunks
    /// merged when their context would touch.
    static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
        let changes = edits.indices.filter { if case .equal = edits[$0] { false } else { true } }
        var result: [Range<Int>] = []
        var index = 0
        while index < changes.count {
            let start = max(0, changes[index] - context)
            var last = changes[index]
            index += 1
            while index < changes.count, changes[index] - last <= 2 * context + 1 {
                last = changes[index]
                index += 1
            }
            result.append(start..<min(edits.count, last + context + 1))
        }
        return result
    }

    static func header(_ hunk: Range<Int>, _ edits: [Edit]) -> String {
        // Lines of each text before the hunk.
        var oldBefore = 0, newBefore = 0
        for edit in edits[..<hunk.lowerBound] {
            switch edit {
            case .equal: oldBefore += 1; newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        var oldCount = 0, newCount = 0
        for edit in edits[hunk] {
            switch edit {
            case .equal: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        func range(_ before: Int, _ count: Int) -> String {
            switch count {
            case 0: "\(before),0"
            case 1: "\(before + 1)"
            default: "\(before + 1),\(count)"
            }
        }
        return "@@ -\(range(oldBefore, oldCount)) +\(range(newBefore, newCount)) @@\n"
    }
}
