// SPDX-License-Identifier: Apache-2.0
/// The few facts the dispatcher needs from an interface definition (varlink.org/Interface-Definition):
/// the interface name and the declared method and error names. Not a validating IDL parser: it skips
/// `#` comments, splits the text into words, and reads the word after each `interface`, `method` and
/// `error` keyword.
struct InterfaceDefinition: Sendable {
    /// The name after the `interface` keyword, which must be the first keyword.
    var name: String
    /// Unqualified names declared with `method Name(`.
    var methods: Set<String>
    /// Unqualified names declared with `error Name`.
    var errors: Set<String>

    /// Scans `text`; nil when it does not start (after comments and whitespace) with
    /// `interface <valid interface name>`.
    init?(_ text: String) {
        let words = InterfaceDefinition.words(text)
        guard words.count >= 2, words[0] == "interface", VarlinkNames.isInterfaceName(words[1]) else { return nil }
        name = words[1]
        methods = []
        errors = []
        for (keyword, next) in zip(words, words.dropFirst()) where VarlinkNames.isMemberName(next) {
            if keyword == "method" { methods.insert(next) }
            if keyword == "error" { errors.insert(next) }
        }
    }

    /// Maximal runs of name characters (`A-Z a-z 0-9 _ . -`), comments removed.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inComment = false
        for character in text.unicodeScalars {
            if inComment {
                if character == "\n" { inComment = false }
                continue
            }
            let isWordCharacter =
                ("a"..."z").contains(character) || ("A"..."Z").contains(character) || ("0"..."9").contains(character)
                || character == "_" || character == "." || character == "-"
            if isWordCharacter {
                current.unicodeScalars.append(character)
                continue
            }
            if !current.isEmpty { words.append(current); current = "" }
            if character == "#" { inComment = true }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
