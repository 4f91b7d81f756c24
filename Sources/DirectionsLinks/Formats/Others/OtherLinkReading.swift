// SPDX-License-Identifier: Apache-2.0
/// Readings shared by the formats in `Formats/Others`.
extension [ModeWord] {
    /// The index of the word that the decoded, trimmed `value` spells ignoring ASCII case, or nil.
    /// (Byte comparison is exact here: no non-ASCII text lowercases to a word without a `k`.)
    func index(ofWord value: LinkInput) -> Int? { firstIndex { value.equalsIgnoringCase($0.value) } }

    /// The word of the mode parameter `p` (decoded, trimmed; blank: none), or nil when `p` is absent.
    /// - Throws: `unknown-mode` naming `name`: `'NAME=VALUE' ` + `notA`.
    func word(of p: LinkInput.Query.Parameter?, name: String, notA: String) throws(DirectionsURLError) -> ModeWord? {
        guard let p, let i = try p.modeWord(name: name, emptyIsUnset: true, notA: notA, index(ofWord:)) else { return nil }
        return self[i]
    }
}

extension Optional<LinkInput.Query.Parameter> {
    /// Calls `body` with the decoded value, or with no bytes when the parameter is absent.
    @inline(__always)
    func withValue<R, E: Error>(_ body: (LinkInput) throws(E) -> R) throws(E) -> R {
        guard let p = self else { return try body(.empty) }
        return try p.withValue(body)
    }
}

extension String {
    /// Every `character` written as `escape`: Bing's `~` → `%7E` (Microsoft: "If the item contains a
    /// tilde, make sure the tilde is encoded as %7E") and `_` → `%255F` in titles ("double-encode it
    /// as %255F"); Yandex's `~`.
    func escaping(_ character: Character, as escape: String) -> String {
        var out = ""
        for ch in self { if ch == character { out += escape } else { out.append(ch) } }
        return out
    }
}
