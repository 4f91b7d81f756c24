// SPDX-License-Identifier: Apache-2.0
/// Readings shared by the formats in `Formats/Others`. Their paths and words are compared by bytes ignoring
/// ASCII case: exact, since none has a `k`, the only ASCII letter a non-ASCII one (Kelvin sign) lowercases to.
extension [ModeWord] {
    /// The index of the word that the decoded, trimmed `value` spells ignoring ASCII case, or nil.
    func index(ofWord value: LinkInput) -> Int? { firstIndex { value.equalsIgnoringCase($0.value) } }

    /// The word of the mode parameter `p` (decoded, trimmed; blank: none), or nil when `p` is absent.
    /// - Throws: `unknown-mode` naming `name`: `'NAME=VALUE' ` + `notA`.
    func word(of p: LinkInput.Query.Parameter?, name: String, notA: String) throws(DirectionsURLError) -> ModeWord? {
        guard let p, let i = try p.modeWord(name: name, emptyIsUnset: true, notA: notA, index(ofWord:)) else { return nil }
        return self[i]
    }
}

extension LinkInput {
    /// The text for a message (``DirectionsURLParser/shorten(_:)``).
    var shown: String { DirectionsURLParser.shorten(string) }
}

extension DirectionsRequest {
    /// `text` of the source, each waypoint (`waypoints[i]`) and the destination, told the field; nils left out.
    func points<T>(_ text: (Endpoint, String) throws(LinkBuildError) -> T?) throws(LinkBuildError) -> [T] {
        var out: [T] = []
        if let s = try text(source, "source") { out.append(s) }
        for (i, w) in waypoints.enumerated() {
            if let s = try text(w, "waypoints[\(i)]") { out.append(s) }
        }
        if let s = try text(destination, "destination") { out.append(s) }
        return out
    }
}

extension String {
    /// The `latitude,longitude` pair of the text (`CoordinateText.parsePair` of its bytes); throws its errors, naming `parameter`.
    func coordinatePair(parameter: String) throws(DirectionsURLError) -> Coordinate {
        try LinkInput.withBytesThrowing(of: self) { (text) throws(DirectionsURLError) in try CoordinateText.parsePair(text, parameter: parameter) }
    }

    /// Every `character` written as `escape`: Bing's `~` → `%7E` (Microsoft: "If the item contains a
    /// tilde, make sure the tilde is encoded as %7E") and `_` → `%255F` in titles ("double-encode it
    /// as %255F"); Yandex's `~`.
    func escaping(_ character: Character, as escape: String) -> String { map { $0 == character ? escape : String($0) }.joined() }
}
