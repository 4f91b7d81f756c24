// SPDX-License-Identifier: Apache-2.0
/// Texts that links use for "start from where I am" instead of leaving the source out. Real links write
/// `saddr=Current+Location`, `My+Location`, `here` or a localized phrase (`Ma position`); the empty text is in
/// the default list, as Apple starts an empty `saddr` 'here'. Matching ignores case, `+` and all whitespace,
/// under Unicode canonical equivalence.
public struct CurrentLocationLiterals: Sendable, Hashable {
    /// Everything derived from the list, shared (one reference count). `startsLiteral[b]`: a normalized
    /// literal starts with the ASCII byte `b` (empty when one starts with a non-ASCII byte).
    private final class Storage: Sendable {
        let literals: [String]
        let normalized: Set<String>
        let ascii: DirectionsURLParser.ByteTable
        let startsLiteral: [Bool]

        init(_ literals: [String]) {
            self.literals = literals
            let normalized = Set(literals.map(CurrentLocationLiterals.normalize))
            self.normalized = normalized
            self.ascii = DirectionsURLParser.ByteTable(normalized.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.sorted())
            let firsts = normalized.compactMap(\.utf8.first)
            self.startsLiteral = firsts.allSatisfy { $0 < 0x80 } ? (0..<128).map { firsts.contains(UInt8($0)) } : []
        }
    }

    private var storage: Storage

    public var literals: [String] { storage.literals }

    /// Whether `text` surely matches no literal: its first byte after whitespace and `+` is ASCII and,
    /// lowercased, starts no literal (normalization never moves an ASCII starter).
    @inline(__always)
    private func rejects(_ text: LinkInput) -> Bool {
        let table = storage.startsLiteral
        guard !table.isEmpty,
            let b = text.first(where: { !LinkInput.isASCIIWhitespace($0) && $0 != UInt8(ascii: "+") }), b < 0x80
        else { return false }
        return !table[Int(LinkInput.lower(b))]
    }

    /// The built-in list: "" (empty), "here", and English, French, German, Spanish, Italian, Portuguese and Dutch phrases.
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
    public init(_ literals: [String]) { storage = Storage(literals) }

    /// Equal lists (everything else is derived from the list).
    public static func == (a: CurrentLocationLiterals, b: CurrentLocationLiterals) -> Bool {
        a.storage === b.storage || a.storage.literals == b.storage.literals
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.literals) }

    /// Whether `text` (already percent-decoded) is one of the literals, ignoring case, whitespace and `+`.
    public func matches(_ text: String) -> Bool { LinkInput.withBytes(of: text) { matches($0) } }

    /// ``matches(_:)-(String)`` of the bytes of a link being parsed (most texts are turned down by their first bytes).
    @inline(__always)
    func matches(_ text: LinkInput) -> Bool {
        if rejects(text) { return false }
        return Self.matchesASCII(text, storage) ?? storage.normalized.contains(Self.normalize(text.string))
    }

    /// The ASCII fast path (nil for a non-ASCII byte): kept bytes lowercased onto the stack, looked up
    /// among the literals of that length.
    private static func matchesASCII(_ bytes: LinkInput, _ storage: Storage) -> Bool? {
        let longest = storage.ascii.longest
        return LinkInput.withScratch(capacity: longest &+ 1) { kept -> Bool? in
            var count = 0
            var all: UInt8 = 0
            for b in bytes {
                all |= b
                if LinkInput.isASCIIWhitespace(b) || b == UInt8(ascii: "+") { continue }
                if count < kept.count { kept[count] = LinkInput.lower(b) }
                count &+= 1
            }
            if all >= 0x80 { return nil }
            return count <= longest && storage.ascii.index(of: kept.prefix(count)) >= 0
        }
    }

    fileprivate static func normalize(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "+" }).lowercased()
    }
}
