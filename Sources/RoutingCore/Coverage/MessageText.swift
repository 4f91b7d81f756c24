// SPDX-License-Identifier: Apache-2.0
import StrictJSON

// Small helpers shared by the validator and the fixer for reading coordinates and writing messages.

/// How many arrays deep the first leaf is, following first elements: 4 for a MultiPolygon's
/// coordinates, 3 for a Polygon's. Nil when an empty array or a non-number leaf is reached first
/// (nothing to judge the depth by).
func leafDepth(_ node: JSONNode) -> Int? {
    var depth = 0
    var current = node
    while let elements = current.elements {
        depth += 1
        guard let first = elements.first else { return nil }
        current = first
    }
    return current.number != nil ? depth : nil
}

/// `word` with "a" or "an" before it ("an array", "a number"); `null` stays bare.
func article(_ word: String) -> String {
    if word == "null" { return "null" }
    let vowel = word.first.map { "aeiouAEIOU".contains($0) } ?? false
    return (vowel ? "an " : "a ") + word
}
