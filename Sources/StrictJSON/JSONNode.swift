// SPDX-License-Identifier: Apache-2.0
/// A parsed JSON value together with the byte offset where it starts in the source text.
///
/// Produced by ``JSONParser``; the tree mirrors ``JSON`` but every value and member name keeps its
/// byte offset. Line and column, and a number's literal as written, are not stored: a parse tree of
/// a large coverage file holds millions of numbers and only the few a finding names need them.
/// ``JSONDocument/location(of:)`` and ``JSONDocument/literal(of:)`` (or ``SourceText``) recompute
/// them from the offset.
public struct JSONNode: Sendable {
    // Declared before the offset so the node packs into 24 bytes (a 17-byte value, then 4 bytes).
    public var value: Value
    private var storedOffset: UInt32

    /// The byte offset of the value's first character in the source text, or ``noOffset`` for a
    /// value built in code. Offsets beyond 4 GiB saturate (inputs are capped far below).
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    /// The offset of a value that does not come from a source text (built in code): its number
    /// literal is ``JSON/format(_:)`` of its value.
    public static let noOffset = Int(UInt32.max)

    public init(offset: Int, value: Value) {
        self.value = value
        self.storedOffset = UInt32(clamping: offset)
    }

    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// The correctly rounded binary64 value (the literal is in the source at the node's offset).
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// A non-empty array whose elements are all numbers (a GeoJSON position), stored packed:
        /// 16 bytes a number and nothing to release element by element. The parser produces this
        /// for every such array, never `.array`; ``elements`` reads either form as nodes.
        case numbers([JSONNumber])
        case object([Member])
    }

    /// An object member: its name, where the name starts (byte offset), and its value.
    public struct Member: Sendable {
        public var name: String
        public var value: JSONNode
        private var storedNameOffset: UInt32

        /// The byte offset of the member name's opening quote.
        public var nameOffset: Int {
            get { Int(storedNameOffset) }
            set { storedNameOffset = UInt32(clamping: newValue) }
        }

        public init(name: String, nameOffset: Int, value: JSONNode) {
            self.name = name
            self.value = value
            self.storedNameOffset = UInt32(clamping: nameOffset)
        }
    }

    /// The member named `name` when this is an object.
    public subscript(name: String) -> JSONNode? {
        if case .object(let members) = value { return members.first(where: { $0.name.utf8.elementsEqual(name.utf8) })?.value }
        return nil
    }

    public var members: [Member]? { if case .object(let m) = value { m } else { nil } }
    /// The elements of an array (of either form), else nil. For `.numbers` this builds the nodes;
    /// hot paths read ``numbers`` instead.
    public var elements: [JSONNode]? {
        switch value {
        case .array(let a): a
        case .numbers(let n): n.map(\.node)
        default: nil
        }
    }
    /// The elements of a packed array of numbers (``Value/numbers(_:)``), else nil.
    public var numbers: [JSONNumber]? { if case .numbers(let n) = value { n } else { nil } }
    public var string: String? { if case .string(let s) = value { s } else { nil } }
    public var number: Double? { if case .number(let d) = value { d } else { nil } }

    /// `null`, `boolean`, `number`, `string`, `array` or `object`.
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array, .numbers: "array"
        case .object: "object"
        }
    }

    /// The same value without positions.
    public var json: JSON {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let d): .number(d)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(\.json))
        case .numbers(let n): .array(n.map { .number($0.value) })
        case .object(let members):
            .object(members.reduce(into: JSONObject()) { $0[$1.name] = $1.value.json })
        }
    }
}

/// One element of a packed array of numbers (``JSONNode/Value/numbers(_:)``): the value and the
/// byte offset of its literal.
public struct JSONNumber: Sendable {
    public var value: Double
    private var storedOffset: UInt32
    // Fits in the padding after the offset: the element stays 16 bytes.
    private var storedDecimals: UInt16

    /// The byte offset of the number's first character in the source text.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    /// How many decimals the literal carries: digits after the point minus the exponent, at least
    /// 0 (3 for `-0.125`, 4 for `1.25e-2`, 0 for `12` or `1e3`), saturating at 65,535. Kept so that
    /// precision checks need not read the literal back.
    public var decimals: Int { Int(storedDecimals) }

    public init(value: Double, offset: Int, decimals: Int = 0) {
        self.value = value
        self.storedOffset = UInt32(clamping: offset)
        self.storedDecimals = UInt16(clamping: decimals)
    }

    /// The same number as a node.
    public var node: JSONNode { JSONNode(offset: offset, value: .number(value)) }
}
