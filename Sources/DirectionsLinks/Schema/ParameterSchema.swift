// SPDX-License-Identifier: Apache-2.0
/// One format's query parameters, declared once: each name, whether it may repeat, the other names
/// people write for it (named in typo hints), and what it means. The lookups (a byte table for plain
/// names, a dictionary for decoded ones) are built once, when the format's `static let schema` is
/// first read.
///
/// A parameter's *slot* is its position in the declaration: ``slots(_:)`` sorts a query's
/// parameters into slots in one pass, and the format then reads them by name.
final class ParameterSchema: Sendable {
    /// One parameter a format knows.
    struct Parameter: Sendable {
        /// The name, lowercase ASCII (a link's name matches ignoring case).
        let name: String
        /// Whether it may appear more than once; a second `single` one is `duplicate-parameter`.
        let repeatable: Bool
        /// Names that are not this format's but mean this parameter (`nav` for `navigate`): a typo
        /// hint suggests the parameter when it finds one.
        let aliases: Set<String>
        /// What the parameter means (for readers; the format's doc comment gives the rules).
        let meaning: String

        /// A parameter read at most once.
        static func single(_ name: String, aliases: Set<String> = [], _ meaning: String) -> Parameter {
            Parameter(name: name, repeatable: false, aliases: aliases, meaning: meaning)
        }

        /// A parameter that may repeat (ordered stops, lists).
        static func repeatable(_ name: String, aliases: Set<String> = [], _ meaning: String) -> Parameter {
            Parameter(name: name, repeatable: true, aliases: aliases, meaning: meaning)
        }

        /// A parameter the format knows but does not read (callbacks, viewport, app names): never a typo.
        static func ignored(_ name: String, _ meaning: String = "ignored") -> Parameter {
            Parameter(name: name, repeatable: true, aliases: [], meaning: meaning)
        }
    }

    /// The most parameters a schema holds (the slots live on the stack).
    static let capacity = 24

    /// The format's name as messages show it (`OsmAnd link`).
    let format: String
    /// The parameters, in slot order.
    let parameters: [Parameter]
    /// Every name, for typo look-ups.
    let known: Set<String>
    /// How a misspelt name is recognised (``TypoPolicy``).
    let typos: TypoPolicy
    private let table: DirectionsURLParser.ByteTable
    private let slotByKey: [String: Int]

    init(format: String, typos: TypoPolicy, _ parameters: [Parameter]) {
        precondition(parameters.count <= Self.capacity, "a schema holds at most \(Self.capacity) parameters")
        self.format = format
        self.typos = typos
        self.parameters = parameters
        self.known = Set(parameters.map(\.name))
        self.table = DirectionsURLParser.ByteTable(parameters.map(\.name))
        self.slotByKey = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1.name, $0) })
    }

    /// The slot of `p`, a parameter of `query`, or -1 for a name the format does not know. A plain
    /// name (ASCII, no escape, no `+`) is compared by bytes, ignoring ASCII case; another by its key.
    @inline(__always)
    func slot(of p: QueryBytes.Parameter, in query: QueryBytes) -> Int {
        if query.isPlain(p) { return table.index(of: p.rawName.bytes) }
        return slotByKey[query.key(of: p)] ?? -1
    }

    /// The slot of the parameter called `name` (a name of this schema).
    @inline(__always)
    func slot(_ name: String) -> Int {
        guard let k = slotByKey[name] else { preconditionFailure("'\(name)' is not in the \(format) schema") }
        return k
    }

    /// `query`'s parameters sorted into this schema's slots.
    func slots(_ query: QueryBytes) -> Slots { Slots(self, query) }

    /// A query's parameters sorted into a schema's slots in one pass: for each slot, the index of its
    /// first parameter and how many there are.
    struct Slots {
        let schema: ParameterSchema
        let query: QueryBytes
        private var first = InlineArray<24, Int32>(repeating: -1)
        private var count = InlineArray<24, Int32>(repeating: 0)
        /// Whether some parameter has none of the format's names (only then can a typo be found).
        private(set) var hasUnknown = false

        init(_ schema: ParameterSchema, _ query: QueryBytes) {
            self.schema = schema
            self.query = query
            var i = 0
            for p in query.parameters {
                let k = schema.slot(of: p, in: query)
                if k < 0 {
                    hasUnknown = true
                } else {
                    if first[k] < 0 { first[k] = Int32(truncatingIfNeeded: i) }
                    count[k] &+= 1
                }
                i &+= 1
            }
        }

        /// Whether the parameter `name` appears.
        @inline(__always) func contains(_ name: String) -> Bool { first[schema.slot(name)] >= 0 }

        /// Whether the parameter `name` appears exactly once.
        @inline(__always) func hasOne(_ name: String) -> Bool { count[schema.slot(name)] == 1 }

        /// The index in the query of the first parameter `name` (-1 when absent).
        @inline(__always) func index(_ name: String) -> Int { Int(first[schema.slot(name)]) }

        /// The parameter `name`: the only one, or for a repeatable one the first; nil when absent.
        /// - Throws: `duplicate-parameter` naming `name` when a single parameter appears more than once.
        @inline(__always)
        func single(_ name: String) throws(DirectionsURLError) -> QueryBytes.Parameter? {
            let k = schema.slot(name)
            let f = Int(first[k])
            if f < 0 { return nil }
            if count[k] > 1 && !schema.parameters[k].repeatable {
                throw query.duplicate(name, count: Int(count[k]), format: schema.format)
            }
            return query.parameters[f]
        }

        /// The last parameter `name` (of a repeatable one, the last of them); nil when absent.
        @inline(__always)
        func last(_ name: String) -> QueryBytes.Parameter? {
            let k = schema.slot(name)
            let f = Int(first[k])
            if f < 0 { return nil }
            if count[k] == 1 { return query.parameters[f] }
            var i = query.parameters.count
            while i > f {
                i &-= 1
                if schema.slot(of: query.parameters[i], in: query) == k { return query.parameters[i] }
            }
            return query.parameters[f]
        }

        /// How many parameters are called `name`.
        @inline(__always) func count(_ name: String) -> Int { Int(count[schema.slot(name)]) }
    }

    // MARK: - Typos

    /// Whether `p`'s key is one of this schema's names (without building the key for a plain name).
    @inline(__always)
    func knows(_ p: QueryBytes.Parameter, in query: QueryBytes) -> Bool { slot(of: p, in: query) >= 0 }

    /// A `likely-typo` repair (a warning when lenient, the error when strict) for each unknown
    /// parameter of `query` that ``typos`` takes for a misspelt known name the query lacks.
    func warnLikelyTypos(_ query: QueryBytes, _ context: inout ParseContext) throws(DirectionsURLError) {
        for p in query.parameters where !knows(p, in: query) {
            let key = query.key(of: p)
            guard key.utf8.count >= 3 else { continue }
            if let expected = typos.closest(to: key, among: known), !query.contains(expected) {
                try context.repair(
                    .likelyTypo,
                    "'\(DirectionsURLParser.shorten(p.name))' is not a \(format) parameter and was ignored; did you mean '\(expected)'?",
                    parameter: p.name)
            }
        }
    }

    /// The first unknown parameter of `query` that ``typos`` takes for a misspelling of one of
    /// `expected` (for the message of a `missing-destination` error).
    func likelyTypo(in query: QueryBytes, for expected: Set<String>) -> (found: String, expected: String)? {
        for p in query.parameters where !knows(p, in: query) {
            let key = query.key(of: p)
            guard key.utf8.count >= 3 else { continue }
            if let e = typos.closest(to: key, among: expected) { return (p.name, e) }
        }
        return nil
    }

    /// Under ``TypoPolicy/firstWithinTwo``: a `likely-typo` repair (a warning when lenient, the error
    /// when strict) for each of the `optional` parameters that `slots` lacks while an unknown
    /// parameter looks like a misspelling of it (`mdoe=walking` for `mode`): the link is still usable
    /// and the misspelt parameter is ignored (`found 'mdoe': did you mean 'mode'? It was ignored.`).
    /// Nothing is looked at unless a parameter is unknown (``Slots/hasUnknown``).
    func warnAbsentTypos(_ optional: [String], _ slots: Slots, _ context: inout ParseContext) throws(DirectionsURLError) {
        guard slots.hasUnknown else { return }
        for expected in optional where !slots.contains(expected) {
            if let hint = hint(in: slots.query, for: expected) {
                try context.repair(.likelyTypo, hint + " It was ignored.", parameter: expected)
            }
        }
    }

    /// The aliases of the parameter `name` (for a format that borrows another's).
    func aliases(of name: String) -> Set<String> { parameters[slot(name)].aliases }

    /// ``TypoPolicy/hint(in:for:known:aliases:)`` for the parameter `name`, with its aliases.
    func hint(in query: QueryBytes, for name: String) -> String? {
        TypoPolicy.hint(in: query, for: name, known: known, aliases: parameters[slot(name)].aliases)
    }
}
