// SPDX-License-Identifier: Apache-2.0
/// One format's query parameters, declared once (name, repeatable, aliases for typo hints, meaning);
/// lookups are built when `static let schema` is first read. A parameter's *slot* is its position in
/// the declaration: ``slots(_:)`` sorts a query's parameters into slots in one pass.
final class ParameterSchema: Sendable {
    /// One known parameter: its name, lowercase ASCII (matched ignoring case); whether it may repeat (a
    /// second `single` one is `duplicate-parameter`); names that mean it (`nav`), for typo hints; its meaning.
    struct Parameter: Sendable {
        let name: String
        let repeatable: Bool
        let aliases: Set<String>
        let meaning: String

        /// A parameter read at most once; one that may repeat (ordered stops, lists); one the format
        /// knows but does not read (callbacks, viewport, app names): never a typo.
        static func single(_ name: String, aliases: Set<String> = [], _ meaning: String) -> Parameter {
            Parameter(name: name, repeatable: false, aliases: aliases, meaning: meaning)
        }
        static func repeatable(_ name: String, aliases: Set<String> = [], _ meaning: String) -> Parameter {
            Parameter(name: name, repeatable: true, aliases: aliases, meaning: meaning)
        }
        static func ignored(_ name: String, _ meaning: String = "ignored") -> Parameter { repeatable(name, meaning) }
    }

    /// The format's name as messages show it (`OsmAnd link`); the parameters, in slot order; every name.
    let format: String
    let parameters: [Parameter]
    let known: Set<String>
    let typos: TypoPolicy
    private let table: DirectionsURLParser.ByteTable
    private let slotByKey: [String: Int]
    /// Bit `k` set: slot `k` may repeat.
    private let repeatableMask: UInt64
    /// For a family (``init(family:_:)``): each member's names and repeatable names as slot bits.
    private let members: [(schema: ObjectIdentifier, known: UInt64, repeatable: UInt64)]

    /// The schema of a family whose formats share one query reading (Google): every name of
    /// `members`, once. A member reads the sorted query through ``Slots/reading(as:)``.
    convenience init(family format: String, _ members: [ParameterSchema]) {
        var parameters: [Parameter] = []
        for p in members.flatMap(\.parameters) where !parameters.contains(where: { $0.name == p.name }) {
            parameters.append(.repeatable(p.name, p.meaning))
        }
        self.init(format: format, typos: .firstWithinTwo, parameters, members: members)
    }

    init(format: String, typos: TypoPolicy, _ parameters: [Parameter], members: [ParameterSchema] = []) {
        // The slots live on the stack (`Slots.first`); a family's union too.
        precondition(parameters.count <= 40, "a schema holds at most 40 parameters")
        self.format = format
        self.typos = typos
        self.parameters = parameters
        self.known = Set(parameters.map(\.name))
        self.table = DirectionsURLParser.ByteTable(parameters.map(\.name))
        let slotByKey = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1.name, $0) })
        self.slotByKey = slotByKey
        /// The slot bits of `names` (only the repeatable ones with `repeatable`).
        func mask(_ names: [Parameter], repeatable: Bool) -> UInt64 {
            names.reduce(0) { !repeatable || $1.repeatable ? $0 | 1 << UInt64(slotByKey[$1.name]!) : $0 }
        }
        self.repeatableMask = mask(parameters, repeatable: true)
        self.members = members.map { (ObjectIdentifier($0), mask($0.parameters, repeatable: false), mask($0.parameters, repeatable: true)) }
    }

    /// The slot of `p`, a parameter of `query`, or -1 for an unknown name (a plain name by bytes ignoring ASCII case).
    @inline(__always)
    func slot(of p: LinkInput.Query.Parameter, in query: LinkInput.Query) -> Int {
        if query.isPlain(p) { return table.index(of: p.rawName) }
        return slotByKey[query.key(of: p)] ?? -1
    }

    /// The slot of `name`, a name of this schema, from the byte table (cheaper than hashing the literal).
    @inline(__always)
    func slot(_ name: String) -> Int {
        let k = LinkInput.withBytes(of: name) { table.index(of: $0) }
        if k < 0 { preconditionFailure("'\(name)' is not in the \(format) schema") }
        return k
    }

    /// `query`'s parameters sorted into this schema's slots.
    func slots(_ query: LinkInput.Query) -> Slots { Slots(self, query) }

    /// A query's parameters sorted into a schema's slots in one pass: each slot's first parameter and count.
    struct Slots {
        let schema: ParameterSchema
        let query: LinkInput.Query
        /// The format whose rules apply: its name, its names and its repeatable ones (slot bits).
        private(set) var format: String
        private var knownMask: UInt64 = ~0
        private var repeatableMask: UInt64
        /// Each slot's first parameter's index in the query; the slots that appear, and more than once
        /// (bit per slot); whether some parameter has none of the schema's names.
        private var first = InlineArray<40, Int32>(repeating: -1)
        private var seen: UInt64 = 0
        private var repeated: UInt64 = 0
        private var hasOther = false

        init(_ schema: ParameterSchema, _ query: LinkInput.Query) {
            self.schema = schema
            self.query = query
            self.format = schema.format
            self.repeatableMask = schema.repeatableMask
            for (i, p) in query.parameters.enumerated() {
                let k = schema.slot(of: p, in: query)
                if k < 0 {
                    hasOther = true
                    continue
                }
                let bit: UInt64 = 1 << UInt64(k)
                if seen & bit == 0 { first[k] = Int32(truncatingIfNeeded: i) }
                repeated |= seen & bit
                seen |= bit
            }
            if hasOther { schema.noteLikelyTypos(query) }
        }

        /// The same slots read by `member` of the family whose schema sorted them (its names, repeats, messages).
        func reading(as member: ParameterSchema) -> Slots {
            // A family has a few members: a scan, no hashing.
            guard let masks = schema.members.first(where: { $0.schema == ObjectIdentifier(member) }) else {
                preconditionFailure("\(member.format) is not a member of the \(schema.format) family")
            }
            var view = self
            view.format = member.format
            view.knownMask = masks.known
            view.repeatableMask = masks.repeatable
            return view
        }

        /// Whether some parameter has none of the format's names (only then can a typo be found).
        var hasUnknown: Bool { hasOther || seen & ~knownMask != 0 }

        /// Whether the parameter `name` appears.
        @inline(__always) func contains(_ name: String) -> Bool { first[schema.slot(name)] >= 0 }

        /// The parameter `name` (of a repeatable one, the first), or nil.
        /// - Throws: `duplicate-parameter` naming `name` when a single parameter appears more than once.
        @inline(__always)
        func single(_ name: String) throws(DirectionsURLError) -> LinkInput.Query.Parameter? {
            let k = schema.slot(name)
            let f = Int(first[k])
            if f < 0 { return nil }
            if repeated & ~repeatableMask & (1 << UInt64(k)) != 0 { throw duplicate(name, slot: k) }
            return query.parameters[f]
        }

        /// The `duplicate-parameter` error of `name`, whose slot `k` holds more than one parameter (kept out of ``single(_:)``).
        @inline(never) private func duplicate(_ name: String, slot k: Int) -> DirectionsURLError {
            query.duplicate(name, count: query.parameters.count { schema.slot(of: $0, in: query) == k }, format: format)
        }

        /// The last parameter `name` (of a repeatable one, the last of them); nil when absent.
        @inline(__always)
        func last(_ name: String) -> LinkInput.Query.Parameter? {
            var last: LinkInput.Query.Parameter? = nil
            forEach(name) { last = $0 }
            return last
        }

        /// Calls `body` with each parameter called `name`, in order.
        @inline(__always)
        func forEach<E: Error>(_ name: String, _ body: (LinkInput.Query.Parameter) throws(E) -> Void) throws(E) {
            let k = schema.slot(name)
            let f = Int(first[k])
            if f < 0 { return }
            let parameters = query.parameters
            if repeated & (1 << UInt64(k)) == 0 { return try body(parameters[f]) }
            for i in f..<parameters.count where schema.slot(of: parameters[i], in: query) == k { try body(parameters[i]) }
        }
    }

    /// A `likely-typo` repair for each unknown parameter of `query` that ``typos`` takes for a known name it lacks.
    func warnLikelyTypos(_ query: LinkInput.Query, _ context: inout ParseContext) throws(DirectionsURLError) {
        for p in query.parameters where slot(of: p, in: query) < 0 {
            if let expected = typos.closest(to: query.key(of: p), among: known), !query.contains(expected) {
                try context.repair(.likelyTypo,
                    "'\(DirectionsURLParser.shorten(p.name))' is not a \(format) parameter and was ignored; did you mean '\(expected)'?", parameter: p.name)
            }
        }
    }

    /// Typos for every format, whatever its own checks: each unknown parameter of `query` that is within
    /// ``TypoPolicy/closestByLength``'s distance of a known name the query lacks (`origin_lat` for `orig_lat`)
    /// is noted in the parse's ``LinkRepairLog`` as a `likely-typo`; the parser keeps these notes only when
    /// the format itself reported no `likely-typo` (its own policy and wording come first).
    @inline(never)
    func noteLikelyTypos(_ query: LinkInput.Query) {
        guard LinkRepairLog.isActive else { return }
        for p in query.parameters where slot(of: p, in: query) < 0 {
            let key = query.key(of: p)
            // Two neighbours swapped (`mdoe`) count as one edit, so short names get them too.
            if let expected = TypoPolicy.closestByLength.closest(to: key, among: known) ?? TypoPolicy.swapped(key, among: known),
                !query.contains(expected) {
                _ = LinkRepairLog.note(.likelyTypo, p.name,
                    "'\(DirectionsURLParser.shorten(p.name))' is not a \(format) parameter and was ignored; did you mean '\(expected)'?")
            }
        }
    }

    /// The first unknown parameter of `query` that ``typos`` takes for one of `expected` (for `missing-destination`).
    func likelyTypo(in query: LinkInput.Query, for expected: Set<String>) -> (found: String, expected: String)? {
        for p in query.parameters where slot(of: p, in: query) < 0 {
            if let e = typos.closest(to: query.key(of: p), among: expected) { return (p.name, e) }
        }
        return nil
    }

    /// Under ``TypoPolicy/firstWithinTwo``: a `likely-typo` repair for each `optional` parameter `slots` (this
    /// schema's, or its family's ``Slots/reading(as:)`` it) lacks while an unknown one looks like it (`mdoe`).
    func warnAbsentTypos(_ optional: [String], _ slots: Slots, _ context: inout ParseContext) throws(DirectionsURLError) {
        guard slots.hasUnknown else { return }
        for expected in optional where !slots.contains(expected) {
            if let hint = hint(in: slots.query, for: expected) {
                try context.repair(.likelyTypo, hint + " It was ignored.", parameter: expected)
            }
        }
    }

    /// `missing-destination` naming `name`: `this <format> has no <what>; ` and the typo hint for `name`, else `add <add>`.
    func missing(_ what: String, _ name: String, in query: LinkInput.Query, add: String) -> DirectionsURLError {
        DirectionsURLError(.missingDestination, name, "this \(format) has no \(what); " + (hint(in: query, for: name) ?? "add " + add))
    }

    /// Under ``TypoPolicy/firstWithinTwo``: `found 'addr': did you mean 'daddr'?` when `query` has a parameter not
    /// in ``known`` that is an alias of `name` or has 3 characters or more within edit distance 2 of it.
    func hint(in query: LinkInput.Query, for name: String) -> String? {
        let aliases = parameters[slot(name)].aliases
        for p in query.parameters {
            let key = query.key(of: p)
            guard key != name && !known.contains(key) else { continue }
            if aliases.contains(key) || (key.count >= 3 && EditDistance.between(key, name) <= 2) {
                return "found '\(p.name)': did you mean '\(name)'?"
            }
        }
        return nil
    }
}
