// SPDX-License-Identifier: Apache-2.0
/// A parsed JSON value together with where it starts in the source text.
///
/// Produced by ``JSONParser``; the tree mirrors ``JSON`` but every value and member name keeps its
/// ``SourceLocation``, and numbers keep their literal text (for precision checks).
public struct JSONNode: Sendable {
    /// The position of the value's first character.
    public var location: SourceLocation
    public var value: Value

    public init(location: SourceLocation, value: Value) {
        self.location = location
        self.value = value
    }

    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// The correctly rounded binary64 value and the literal as written, e.g. `-0.1250`.
        case number(Double, literal: String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// An object member: its name, where the name starts, and its value.
    public struct Member: Sendable {
        public var name: String
        public var nameLocation: SourceLocation
        public var value: JSONNode
    }

    /// The member named `name` when this is an object.
    public subscript(name: String) -> JSONNode? {
        if case .object(let members) = value { return members.first(where: { $0.name.utf8.elementsEqual(name.utf8) })?.value }
        return nil
    }

    public var members: [Member]? { if case .object(let m) = value { m } else { nil } }
    public var elements: [JSONNode]? { if case .array(let a) = value { a } else { nil } }
    public var string: String? { if case .string(let s) = value { s } else { nil } }
    public var number: Double? { if case .number(let d, _) = value { d } else { nil } }

    /// `null`, `boolean`, `number`, `string`, `array` or `object`.
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The same value without positions.
    public var json: JSON {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let d, _): .number(d)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(\.json))
        case .object(let members):
            .object(members.reduce(into: JSONObject()) { $0[$1.name] = $1.value.json })
        }
    }
}
