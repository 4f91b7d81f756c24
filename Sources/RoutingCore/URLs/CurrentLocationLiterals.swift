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
    }

    /// Whether `text` (already percent-decoded) is one of the literals, ignoring case, whitespace and `+`.
    public func matches(_ text: String) -> Bool {
        normalized.contains(Self.normalize(text))
    }

    private static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
