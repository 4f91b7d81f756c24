// SPDX-License-Identifier: Apache-2.0
/// A format's parameters sorted into key slots in one pass over a ``QueryBytes``: for each slot, the
/// index of its first parameter and how many there are, so that each look-up afterwards is one read
/// instead of a scan comparing every name. The format supplies `slot`, which maps a parameter to its
/// slot (0 ..< ``capacity``) or -1 for a name the format does not know.
struct QueryKeySlots {
    /// The most slots a format may use.
    static let capacity = 12
    private var first = InlineArray<12, Int32>(repeating: -1)
    private var count = InlineArray<12, Int32>(repeating: 0)
    /// Whether some parameter has none of the format's names (only then can a typo hint be found).
    private(set) var hasUnknown = false

    init(_ query: QueryBytes, slot: (QueryBytes, QueryBytes.Parameter) -> Int) {
        let parameters = query.parameters
        var i = 0
        while i < parameters.count {
            let k = slot(query, parameters[i])
            if k < 0 || k >= Self.capacity {
                hasUnknown = true
            } else {
                if first[k] < 0 { first[k] = Int32(truncatingIfNeeded: i) }
                count[k] &+= 1
            }
            i &+= 1
        }
    }

    /// Whether a parameter of slot `k` appears.
    @inline(__always)
    func contains(_ k: Int) -> Bool { first[k] >= 0 }

    /// ``QueryBytes/single(_:format:)`` for the key `key` of slot `k`: the only parameter, or nil.
    /// - Throws: `duplicate-parameter` naming `key` when it appears more than once.
    @inline(__always)
    func single(_ query: QueryBytes, _ k: Int, _ key: String, format: String) throws(DirectionsURLError) -> QueryBytes.Parameter? {
        let f = Int(first[k])
        if f < 0 { return nil }
        if count[k] > 1 { throw query.duplicate(key, count: Int(count[k]), format: format) }
        return query.parameters[f]
    }
}
