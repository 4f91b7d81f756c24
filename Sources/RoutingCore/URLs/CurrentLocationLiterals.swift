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
        /// The all-ASCII normalized literals' bytes, one after another (compared in place with an
        /// ASCII text; one flat array, so the scan retains nothing per literal).
        let asciiBytes: [UInt8]
        /// Where ASCII literal `k` starts in ``asciiBytes``; one more entry for the end.
        let asciiStarts: [Int]
        /// Bit `b` is set when some all-ASCII normalized literal is empty (bit 0) or starts with the
        /// ASCII byte `b`; an ASCII text whose first kept byte is not here matches nothing.
        let firstBytes: (UInt64, UInt64)
        /// Bit `b` is set when some normalized literal (ASCII or not) starts with the ASCII byte `b`.
        let anyFirstBytes: (UInt64, UInt64)
        /// Whether every non-empty normalized literal starts with an ASCII byte, so that a text whose
        /// first kept byte is ASCII and not in ``anyFirstBytes`` matches nothing, whatever follows
        /// (a literal starting with a non-ASCII letter could be canonically equivalent to an ASCII
        /// letter and a combining mark).
        let asciiStartsOnly: Bool

        init(_ literals: [String]) {
            self.literals = literals
            let normalized = Set(literals.map(CurrentLocationLiterals.normalize))
            self.normalized = normalized
            let ascii = normalized.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
            var bytes: [UInt8] = []
            var starts: [Int] = [0]
            for literal in ascii {
                bytes += literal
                starts.append(bytes.count)
            }
            self.asciiBytes = bytes
            self.asciiStarts = starts
            func set(_ bits: inout (UInt64, UInt64), _ b: UInt8) {
                if b < 64 { bits.0 |= 1 << UInt64(b) } else if b < 128 { bits.1 |= 1 << UInt64(b &- 64) }
            }
            var first: (UInt64, UInt64) = (0, 0)
            for literal in ascii { set(&first, literal.first ?? 0) }
            self.firstBytes = first
            var any: (UInt64, UInt64) = (0, 0)
            var asciiStartsOnly = true
            for literal in normalized {
                guard let b = literal.utf8.first else { continue }
                if b >= 0x80 { asciiStartsOnly = false } else { set(&any, b) }
            }
            self.anyFirstBytes = any
            self.asciiStartsOnly = asciiStartsOnly
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
        var bytesOfText = text
        if let ascii = bytesOfText.withUTF8({ Self.matchesASCII(ByteText($0), storage) }) { return ascii }
        return storage.normalized.contains(Self.normalize(text))
    }

    /// ``matches(_:)`` of the bytes of a link being parsed.
    func matches(_ text: ByteText) -> Bool {
        if let ascii = Self.matchesASCII(text, storage) { return ascii }
        return storage.normalized.contains(Self.normalize(text.string))
    }

    /// The ASCII fast path (for ASCII, Unicode lowercasing and whitespace are the ASCII ones);
    /// nil when the text has a non-ASCII byte.
    @inline(__always)
    private static func matchesASCII(_ text: ByteText, _ storage: Storage) -> Bool? {
        do {
            let bytes = text.bytes
            @inline(__always) func skipped(_ b: UInt8) -> Bool {
                b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+")
            }
            @inline(__always) func has(_ bits: (UInt64, UInt64), _ b: UInt8) -> Bool {
                (b < 64 ? bits.0 >> UInt64(b) : bits.1 >> UInt64(b &- 64)) & 1 != 0
            }
            // The first kept byte decides most texts at once (a coordinate, most addresses): when it
            // is ASCII, the first Character of the normalized text starts with it lowercased.
            var i = 0
            while i < bytes.count && skipped(bytes[i]) { i &+= 1 }
            if i < bytes.count, storage.asciiStartsOnly {
                let b = bytes[i]
                if b < 0x80 && !has(storage.anyFirstBytes, UTF8Text.lower(b)) { return false }
            }
            var count = 0
            var first: UInt8 = 0
            for b in bytes {
                if b >= 0x80 { return nil }
                if skipped(b) { continue }
                if count == 0 { first = UTF8Text.lower(b) }
                count &+= 1
            }
            // No ASCII literal starts with the first kept byte: done.
            if !has(storage.firstBytes, first) { return false }
            // Compare the text's kept bytes, lowercased, with each literal of that length; no string is built.
            return storage.asciiBytes.withUnsafeBufferPointer { table in
                storage.asciiStarts.withUnsafeBufferPointer { starts in
                    var k = 0
                    while k &+ 1 < starts.count {
                        let start = starts[k]
                        if starts[k &+ 1] &- start == count {
                            var j = start
                            var equal = true
                            for b in bytes where !skipped(b) {
                                guard j < table.count, UTF8Text.lower(b) == table[j] else {
                                    equal = false
                                    break
                                }
                                j &+= 1
                            }
                            if equal && j == start &+ count { return true }
                        }
                        k &+= 1
                    }
                    return false
                }
            }
        }
    }

    fileprivate static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
