// SPDX-License-Identifier: Apache-2.0
/// Texts that links use for "start from where I am" instead of leaving the source out.
///
/// Real links write `saddr=Current+Location`, `My+Location`, `here` or a localized phrase (`Ma
/// position`). Apple: "If you don't specify a value for saddr, the starting point is 'here'", so the
/// empty text is in the default list. Matching ignores case, `+` and all whitespace
/// (`CurrentLocation`, `CURRENT LOCATION`), under Unicode canonical equivalence.
public struct CurrentLocationLiterals: Sendable, Hashable {
    /// Everything derived from the list, shared: copying the literals is one reference count.
    private final class Storage: Sendable {
        let literals: [String]
        let normalized: Set<String>
        /// The all-ASCII normalized literals' bytes, one after another (one flat array: nothing retained per literal).
        let asciiBytes: [UInt8]
        /// Where ASCII literal `k` starts in ``asciiBytes``; one more entry for the end.
        let asciiStarts: [Int]
        /// The byte count of the longest all-ASCII normalized literal.
        let longestASCII: Int
        /// Decides most texts that are not a literal from their first bytes.
        let missFilter: MissFilter

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
            self.longestASCII = ascii.map(\.count).max() ?? 0
            self.missFilter = MissFilter(normalized)
        }
    }

    private var storage: Storage

    /// The literals as given.
    public var literals: [String] { storage.literals }

    /// A filter over the first three kept bytes (after whitespace and `+`) of a text.
    ///
    /// When every non-empty normalized literal starts with three ASCII bytes (or is shorter, all
    /// ASCII), a text whose first three kept bytes are ASCII normalizes to those bytes lowercased
    /// (ASCII starters are never moved by normalization), so it can match only a literal that starts
    /// with them. Tested against a first-byte set, a 256-bit Bloom filter, then the exact list; a
    /// non-ASCII byte among them, or no kept byte, goes to the full test.
    fileprivate struct MissFilter: Sendable {
        /// Whether the filter applies (else ``rejects(_:)`` is always false).
        var usable = true
        /// Bit `b` is set when some normalized literal starts with the ASCII byte `b`.
        var first: (UInt64, UInt64) = (0, 0)
        /// Bits ``hashes(_:)`` of the packed first three bytes (0 past the end) of each normalized literal.
        var bloom = InlineArray<4, UInt64>(repeating: 0)
        /// The distinct packed first three bytes of the literals.
        var keys: [UInt32] = []

        init(_ normalized: Set<String>) {
            for literal in normalized {
                let bytes = Array(literal.utf8.prefix(3))
                if bytes.isEmpty { continue }  // "": only a text with no kept byte, never rejected
                if bytes.contains(where: { $0 >= 0x80 }) {
                    usable = false
                    return
                }
                Self.set(&first, Int(bytes[0]))
                var key: UInt32 = 0
                for (k, b) in bytes.enumerated() { key |= UInt32(b) << UInt32(k * 8) }
                let (h1, h2) = Self.hashes(key)
                bloom[h1 >> 6] |= 1 << UInt64(h1 & 63)
                bloom[h2 >> 6] |= 1 << UInt64(h2 & 63)
                if !keys.contains(key) { keys.append(key) }
            }
        }

        private static func set(_ bits: inout (UInt64, UInt64), _ b: Int) {
            if b < 64 { bits.0 |= 1 << UInt64(b) } else { bits.1 |= 1 << UInt64(b - 64) }
        }

        /// Two bit positions (0 ..< 256) of `key`.
        @inline(__always)
        private static func hashes(_ key: UInt32) -> (Int, Int) {
            let k = UInt64(key)
            return (Int((k &* 0x9E37_79B9_7F4A_7C15) >> 56), Int((k &* 0xC2B2_AE3D_27D4_EB4F) >> 56))
        }

        @inline(__always)
        private static func skipped(_ b: UInt8) -> Bool {
            b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+")
        }

        /// Whether `bytes` surely matches no literal (false: it may; the full test decides).
        @inline(__always)
        func rejects(_ bytes: LinkInput) -> Bool {
            guard usable else { return false }
            let n = bytes.count
            var i = 0
            while i < n && Self.skipped(bytes[i]) { i &+= 1 }
            if i >= n { return false }
            let b0 = bytes[i]
            if b0 >= 0x80 { return false }
            var key = UInt32(LinkInput.lower(b0))
            if (key < 64 ? first.0 >> UInt64(key) : first.1 >> UInt64(key &- 64)) & 1 == 0 { return true }
            var shift: UInt32 = 8
            i &+= 1
            while shift < 24 && i < n {
                let b = bytes[i]
                i &+= 1
                if Self.skipped(b) { continue }
                if b >= 0x80 { return false }
                key |= UInt32(LinkInput.lower(b)) << shift
                shift &+= 8
            }
            let (h1, h2) = Self.hashes(key)
            if (bloom[h1 >> 6] >> UInt64(h1 & 63)) & (bloom[h2 >> 6] >> UInt64(h2 & 63)) & 1 == 0 { return true }
            return rejectsKey(key)
        }

        /// Whether no literal starts with the packed bytes `key`.
        private func rejectsKey(_ key: UInt32) -> Bool {
            !keys.contains(key)
        }
    }

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
        if let ascii = LinkInput.withBytes(of: text, { buffer -> Bool? in
            if storage.missFilter.rejects(buffer) { return false }
            return Self.matchesASCII(buffer, storage)
        }) {
            return ascii
        }
        return storage.normalized.contains(Self.normalize(text))
    }

    /// ``matches(_:)`` of the bytes of a link being parsed (most texts are turned down by their first bytes).
    @inline(__always)
    func matches(_ text: LinkInput) -> Bool {
        if storage.missFilter.rejects(text) { return false }
        return matchesUnfiltered(text)
    }

    /// ``matches(_:)-(LinkInput)`` past the filter.
    private func matchesUnfiltered(_ text: LinkInput) -> Bool {
        if let ascii = Self.matchesASCII(text, storage) { return ascii }
        return storage.normalized.contains(Self.normalize(text.string))
    }

    /// The ASCII fast path (nil for a non-ASCII byte): kept bytes lowercased onto the stack, compared
    /// with the literals of that length only.
    private static func matchesASCII(_ text: LinkInput, _ storage: Storage) -> Bool? {
        let bytes = text
        let longest = storage.longestASCII
        return LinkInput.withScratch(capacity: longest &+ 1) { kept -> Bool? in
            var count = 0
            var all: UInt8 = 0
            for b in bytes {
                all |= b
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "+") { continue }
                if count < kept.count { kept[count] = LinkInput.lower(b) }
                count &+= 1
            }
            if all >= 0x80 { return nil }
            if count > longest { return false }
            return LinkInput.withBytes(of: storage.asciiBytes) { table in
                let starts = storage.asciiStarts
                do {
                    var k = 0
                    while k &+ 1 < starts.count {
                        let start = starts[k]
                        if starts[k &+ 1] &- start == count && start &+ count <= table.count {
                            var j = 0
                            while j < count && kept[j] == table[start &+ j] { j &+= 1 }
                            if j == count { return true }
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
