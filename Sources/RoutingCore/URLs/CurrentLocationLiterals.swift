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
    /// Everything derived from the list, shared: copying the literals (and so a parser, and every
    /// parse context) is one reference count.
    private final class Storage: Sendable {
        let literals: [String]
        let normalized: Set<String>
        /// The all-ASCII normalized literals as bytes, compared in place with an ASCII text.
        let asciiNormalized: [[UInt8]]
        /// Bit `b` is set when some normalized literal is empty (bit 0) or starts with the ASCII
        /// byte `b`; an ASCII text whose first kept byte is not here matches nothing.
        let firstBytes: (UInt64, UInt64)

        init(_ literals: [String]) {
            self.literals = literals
            let normalized = Set(literals.map(CurrentLocationLiterals.normalize))
            self.normalized = normalized
            self.asciiNormalized = normalized.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
            var bits: (UInt64, UInt64) = (0, 0)
            for literal in asciiNormalized {
                let b = literal.first ?? 0
                if b < 64 { bits.0 |= 1 << UInt64(b) } else { bits.1 |= 1 << UInt64(b &- 64) }
            }
            self.firstBytes = bits
        }
    }

    private var storage: Storage

    /// The literals as given.
    public var literals: [String] { storage.literals }

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
        storage = Storage(literals)
    }

    /// Equal lists (everything else is derived from the list).
    public static func == (a: CurrentLocationLiterals, b: CurrentLocationLiterals) -> Bool {
        a.storage === b.storage || a.storage.literals == b.storage.literals
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.literals)
    }

    /// Whether `text` (already percent-decoded) is one of the literals, ignoring case, whitespace and `+`.
    public func matches(_ text: String) -> Bool {
        let storage = storage
        // ASCII fast path (for ASCII, Unicode lowercasing and whitespace are the ASCII ones), over
        // the contiguous bytes; nil when the text has a non-ASCII byte.
        var bytesOfText = text
        let ascii: Bool? = bytesOfText.withUTF8 { bytes -> Bool? in
            @inline(__always) func skipped(_ b: UInt8) -> Bool {
                b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+")
            }
            var count = 0
            var first: UInt8 = 0
            for b in bytes {
                if b >= 0x80 { return nil }
                if skipped(b) { continue }
                if count == 0 { first = UTF8Text.lower(b) }
                count &+= 1
            }
            // No literal starts with the first kept byte (a coordinate, most addresses): done.
            let bits = storage.firstBytes
            let known = first < 64 ? bits.0 >> UInt64(first) & 1 : bits.1 >> UInt64(first &- 64) & 1
            if known == 0 { return false }
            // Compare the text's kept bytes, lowercased, with each literal of that length; no string is built.
            for literal in storage.asciiNormalized where literal.count == count {
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
        return storage.normalized.contains(Self.normalize(text))
    }

    fileprivate static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
