// SPDX-License-Identifier: Apache-2.0
/// The Levenshtein distance between two texts (insertions, deletions and substitutions each cost 1).
/// Used for "did you mean" hints: a URL parameter that looks like a misspelt known one, a manifest
/// mode such as `Streetcar` for `StreetCar`, a manifest key or link format, a routingctl command.
public enum EditDistance {
    /// The distance between `a` and `b` counted in `Character`s; 0 when they are equal.
    public static func between(_ a: String, _ b: String) -> Int { between(Array(a), Array(b)) }

    /// The candidate nearest to `wanted`, case ignored: the first equal ignoring case, else the first
    /// with the fewest edits; `tied` when another is as near; nil without candidates.
    public static func nearest(to wanted: String, among candidates: [String]) -> (candidate: String, distance: Int, tied: Bool)? {
        let key = wanted.lowercased()
        var best: (candidate: String, distance: Int, tied: Bool)? = nil
        for candidate in candidates {
            let lower = candidate.lowercased()
            if lower == key { return (candidate, 0, false) }
            let distance = between(key, lower)
            if let current = best, distance >= current.distance {
                if distance == current.distance { best?.tied = true }
                continue
            }
            best = (candidate, distance, false)
        }
        return best
    }

    /// The word a mistyped command-line `word` most likely meant: the only candidate it starts (at
    /// least two letters), else the nearest within 2 edits and fewer than its length, untied; or nil.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        if lower.count >= 2 {
            let prefixed = candidates.filter { $0.hasPrefix(lower) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        guard let near = nearest(to: word, among: candidates), !near.tied, near.distance <= 2, near.distance < word.count else { return nil }
        return near.candidate
    }

    /// The distance between two sequences of elements (UTF-8 bytes, `Character`s).
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
