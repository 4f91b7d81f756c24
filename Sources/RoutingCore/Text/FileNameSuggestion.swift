/// The "did you mean" for a file that does not exist: the name in the same directory that the
/// wanted one was most likely meant to be (`london.geojson` for `London.geojson`, `Lodnon.geojson`).
public enum FileNameSuggestion {
    /// The name among `names` that `wanted` most likely misspells: one equal to it ignoring ASCII
    /// case, else the single one closest to it (Levenshtein distance, ignoring case) at a distance
    /// of at most 2, and at most a third of its length; nil when there is none or two tie. Names
    /// starting with `.` are never suggested.
    public static func closest(to wanted: String, among names: [String]) -> String? {
        let key = wanted.lowercased()
        let candidates = names.filter { !$0.hasPrefix(".") && $0 != wanted }
        if let same = candidates.first(where: { $0.lowercased() == key }) { return same }
        let limit = min(2, key.count / 3)
        guard limit > 0 else { return nil }
        var best: (name: String, distance: Int)? = nil
        var tied = false
        for name in candidates {
            let distance = EditDistance.between(name.lowercased(), key)
            guard distance <= limit else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance { tied = true }
                continue
            }
            best = (name, distance)
            tied = false
        }
        return tied ? nil : best?.name
    }
}
