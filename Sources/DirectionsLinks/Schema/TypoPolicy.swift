// SPDX-License-Identifier: Apache-2.0
/// How a format decides that an unknown query parameter is a misspelt known one. Two policies because
/// the formats grew two; merging them changes the warnings of hundreds of links, so it is the owner's
/// decision. Both compare lowercase keys by ``EditDistance`` over UTF-8 bytes, never suggesting a known name.
enum TypoPolicy: Sendable {
    /// The OpenStreetMap family's: an unknown key of 3 bytes or more is a typo of the *closest* known
    /// name within edit distance 1 (names of up to 4 bytes) or 2 (longer names); ties go to the name
    /// that sorts first. Message: `'x' is not a <format> parameter and was ignored; did you mean 'y'?`.
    case closestByLength
    /// The others' (Apple, Google, Waze, Citymapper, Moovit, Bing, Yandex, HERE): the *first*
    /// parameter, in query order, whose key is an alias of the expected name or has 3 characters or
    /// more within edit distance 2 of it. Message: `found 'x': did you mean 'y'?` (``ParameterSchema/hint(in:for:)``).
    case firstWithinTwo

    /// The name of `names` that is `key` (3 bytes or more) with two neighbouring bytes swapped (`mdoe`
    /// for `mode`), the first in sort order, or nil.
    static func swapped(_ key: String, among names: Set<String>) -> String? {
        let k = Array(key.utf8)
        guard k.count >= 3 && k.count <= 40 else { return nil }
        return names.sorted().first { name in
            let n = Array(name.utf8)
            guard n.count == k.count, let i = k.indices.first(where: { k[$0] != n[$0] }), i + 1 < k.count else { return false }
            return k[i] == n[i + 1] && k[i + 1] == n[i] && k[(i + 2)...] == n[(i + 2)...]
        }
    }

    /// The name of `names` that `key` most likely misspells, under ``closestByLength``, or nil.
    func closest(to key: String, among names: Set<String>) -> String? {
        let k = Array(key.utf8)
        guard k.count >= 3 && k.count <= 40 else { return nil }
        var best: (name: String, distance: Int)? = nil
        for name in names {
            let count = name.utf8.count
            let limit = count <= 4 ? 1 : 2
            guard abs(count - k.count) <= limit else { continue }
            let d = EditDistance.between(k, Array(name.utf8))
            if d <= limit, best.map({ d < $0.distance || (d == $0.distance && name < $0.name) }) ?? true {
                best = (name, d)
            }
        }
        return best?.name
    }
}
