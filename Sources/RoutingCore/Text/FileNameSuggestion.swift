// SPDX-License-Identifier: Apache-2.0
/// The "did you mean" for a file that does not exist: the name in the same directory that the
/// wanted one was most likely meant to be (`london.geojson` for `London.geojson`, `Lodnon.geojson`).
public enum FileNameSuggestion {
    /// The name among `names` that `wanted` most likely misspells: one equal to it ignoring ASCII
    /// case, else the single one closest to it (Levenshtein distance, ignoring case) at a distance
    /// of at most 2, and at most a third of its length; nil when there is none or two tie. Names
    /// starting with `.` are never suggested.
    public static func closest(to wanted: String, among names: [String]) -> String? {
        let candidates = names.filter { !$0.hasPrefix(".") && $0 != wanted }
        guard let best = EditDistance.nearest(to: wanted, among: candidates) else { return nil }
        if best.distance == 0 { return best.candidate }
        guard best.distance <= min(2, wanted.lowercased().count / 3), !best.tied else { return nil }
        return best.candidate
    }
}
