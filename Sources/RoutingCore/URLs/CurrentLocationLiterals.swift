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
        // ASCII fast path (for ASCII, Unicode lowercasing and whitespace are the ASCII ones), over
        // the contiguous bytes; nil when the text has a non-ASCII byte.
        var bytesOfText = text
        let ascii: Bool? = bytesOfText.withUTF8 { bytes -> Bool? in
            @inline(__always) func skipped(_ b: UInt8) -> Bool {
                b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+")
            }
            var count = 0
            for b in bytes {
                if b >= 0x80 { return nil }
                if skipped(b) { continue }
                count &+= 1
            }
            // Compare the text's kept bytes, lowercased, with each literal of that length; no string is built.
            for literal in asciiNormalized where literal.count == count {
                let equal = literal.withUnsafeBufferPointer { literal -> Bool in
                    var j = 0
                    for b in bytes where !skipped(b) {
                        guard j < literal.count, UTF8Text.lower(b) == literal[j] else { return false }
                        j &+= 1
                    }
                    return j == literal.count
                }
                if equal { return true }
            }
            return false
        }
        if let ascii { return ascii }
        return normalized.contains(Self.normalize(text))
    }

    private static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
