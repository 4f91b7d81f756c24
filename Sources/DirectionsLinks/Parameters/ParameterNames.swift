// SPDX-License-Identifier: Apache-2.0
/// A format's known parameter names (lowercase), looked up by the bytes of a parameter's name:
/// a plain name (ASCII, no escape) is compared byte by byte ignoring ASCII case, with no `String`
/// built and nothing hashed; another name by its decoded, lowercased key.
///
/// Make one per format, once (`static let`), from the same set the format documents.
struct ParameterNames: Sendable {
    /// The names.
    let set: Set<String>
    /// The names' bytes, for the byte look-up.
    private let table: DirectionsURLParser.ByteTable

    init(_ names: Set<String>) {
        set = names
        table = DirectionsURLParser.ByteTable(names.sorted())
    }

    /// Whether `p`, a parameter of `query`, is one of the names.
    @inline(__always)
    func contains(_ p: QueryBytes.Parameter, of query: QueryBytes) -> Bool {
        if query.isPlain(p) { return table.index(of: p.rawName.bytes) >= 0 }
        return set.contains(query.key(of: p))
    }

    /// Whether `key` (lowercase) is one of the names.
    func contains(_ key: String) -> Bool { set.contains(key) }
}
