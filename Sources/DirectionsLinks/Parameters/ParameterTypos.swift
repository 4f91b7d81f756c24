// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Warns about query parameters that look like misspellings of a format's known parameters
    /// (`engin=` for `engine=`, `finnish=` for `finish=`) while the link is still usable: each becomes a
    /// `likely-typo` repair (a warning when lenient, an error when strict). "Looks like" is an edit
    /// distance of at most 1 for known names of up to 4 characters and at most 2 for longer ones, for
    /// unknown names of 3 characters or more. Unknown parameters that resemble nothing are ignored, as
    /// every format's vendor does. A parameter's key is built only when it is unknown and long
    /// enough to be a typo.
    static func warnLikelyTypos(
        in query: QueryBytes, known: ParameterNames, format: String, _ context: inout ParseContext
    ) throws(DirectionsURLError) {
        for p in query.parameters {
            if query.isPlain(p) && p.rawName.count < 3 { continue }
            if known.contains(p, of: query) { continue }
            let key = query.key(of: p)
            guard key.utf8.count >= 3 else { continue }
            if let expected = likelyTypo(of: key, known: known.set), !query.contains(expected) {
                let name = p.name
                try context.repair(
                    .likelyTypo,
                    "'\(shorten(name))' is not a \(format) parameter and was ignored; did you mean '\(expected)'?",
                    parameter: name)
            }
        }
    }

    /// The first unknown parameter of `query` that looks like a misspelling of one of `expected`
    /// (for the message of a `missing-destination` error).
    static func likelyTypoParameter(
        in query: QueryBytes, for expected: Set<String>, known: ParameterNames
    ) -> (found: String, expected: String)? {
        for p in query.parameters {
            if query.isPlain(p) && p.rawName.count < 3 { continue }
            if known.contains(p, of: query) { continue }
            let key = query.key(of: p)
            guard key.utf8.count >= 3 else { continue }
            if let e = likelyTypo(of: key, known: expected) { return (p.name, e) }
        }
        return nil
    }

    /// The known name `key` is most likely a misspelling of (the closest; ties go to the name that sorts
    /// first), or nil.
    static func likelyTypo(of key: String, known: Set<String>) -> String? {
        let k = Array(key.utf8)
        guard k.count <= 40 else { return nil }
        var best: (name: String, distance: Int)? = nil
        for name in known {
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
