/// Texts that links use for "start from where I am" instead of leaving the source out.
///
/// Real links write `saddr=Current+Location`, `My+Location`, `here` (which Apple Maps honours on
/// non-English devices) or a localized phrase such as `Ma position` (French Google accounts).
/// Apple Map Links: "If you don't specify a value for saddr, the starting point is 'here'", so the
/// empty text is in the default list too.
///
/// Matching ignores case, `+` (an undecoded form-encoded space) and all whitespace, so
/// `current+location`, `  Current   Location `, `CurrentLocation` and `CURRENT LOCATION` all match
/// "Current Location". Comparison is by Unicode canonical equivalence (a precomposed `ó` matches
/// `o` + combining acute).
public struct CurrentLocationLiterals: Sendable, Hashable {
    /// The literals as given.
    public private(set) var literals: [String]
    private var normalized: Set<String>

    /// The built-in list: "" (empty), English, French, German, Spanish, Italian, Portuguese and Dutch
    /// phrases for "current location" / "my location", and "here".
    public static let `default` = CurrentLocationLiterals([
        "",
        "Current Location", "My Location", "here",
        "Ma position", "Position actuelle",
        "Mein Standort", "Aktueller Standort",
        "Mi ubicación", "Ubicación actual",
        "La mia posizione", "Posizione attuale",
        "Minha localização", "Localização atual",
        "Mijn locatie", "Huidige locatie",
    ])

    /// A list of literals; pass `CurrentLocationLiterals.default.literals + [...]` to extend the defaults.
    /// Leave out "" to make an empty source an address error instead of the current location.
    public init(_ literals: [String]) {
        self.literals = literals
        self.normalized = Set(literals.map(Self.normalize))
        self.asciiLengths = Set(normalized.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map(\.utf8.count))
        self.asciiNormalized = normalized.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }.sorted {
            $0.lexicographicallyPrecedes($1)
        }
    }

    /// The all-ASCII normalized literals as bytes, compared in place with an ASCII text.
    private var asciiNormalized: [[UInt8]]

    /// The UTF-8 lengths of the all-ASCII normalized literals (kept for equality of two lists; the
    /// look-up compares lengths in ``asciiNormalized`` directly).
    private var asciiLengths: Set<Int>

    /// Whether `text` (already percent-decoded) is one of the literals, ignoring case, whitespace and `+`.
    public func matches(_ text: String) -> Bool {
        // ASCII fast path (for ASCII, Unicode lowercasing and whitespace are the ASCII ones).
        var count = 0
        for b in text.utf8 {
            if b >= 0x80 { return normalized.contains(Self.normalize(text)) }
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+") { continue }
            count += 1
        }
        // Compare the text's kept bytes, lowercased, with each literal of that length; no string is built.
        for literal in asciiNormalized where literal.count == count {
            var j = 0
            var equal = true
            for b in text.utf8 where !(b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+")) {
                guard j < literal.count, UTF8Text.lower(b) == literal[j] else {
                    equal = false
                    break
                }
                j += 1
            }
            if equal && j == literal.count { return true }
        }
        return false
    }

    private static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
