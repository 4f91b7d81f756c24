/// The Levenshtein distance between two texts (insertions, deletions and substitutions each cost 1).
/// Used for "did you mean" hints: a URL parameter that looks like a misspelt known one, a manifest
/// mode such as `Streetcar` for `StreetCar`, a manifest key or link format.
enum EditDistance {
    /// The distance between `a` and `b` counted in `Character`s; 0 when they are equal.
    static func between(_ a: String, _ b: String) -> Int {
        between(Array(a), Array(b))
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
