// SPDX-License-Identifier: Apache-2.0
/// A JSON value (RFC 8259), without source positions. Used to build and inspect messages.
///
/// Numbers are IEEE 754 binary64, as I-JSON (RFC 7493 §2.2) requires. Object members keep their order;
/// names are unique (I-JSON §2.3), which ``JSONObject`` enforces on insertion.
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The member `name` when this is an object, else nil.
    public subscript(name: String) -> JSON? {
        if case .object(let object) = self { return object[name] }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var doubleValue: Double? { if case .number(let d) = self { d } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { self == .null }

    /// An integer value when this is a number with no fractional part that fits in `Int`.
    public var intValue: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) < 9.007_199_254_740_992e15 else { return nil }
        return Int(d)
    }

    /// The name of this value's JSON type, for messages: `null`, `boolean`, `number`, `string`,
    /// `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// An ordered JSON object with unique member names.
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    public private(set) var members: [(name: String, value: JSON)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, JSON)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// The value of member `name`; setting nil removes the member, setting a value replaces it in place.
    public subscript(name: String) -> JSON? {
        get { index(of: name).map { members[$0].value } }
        set {
            if let i = index(of: name) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                members.append((name, newValue))
            }
        }
    }

    /// Adds member `name` at the end unless the object has one already (then it is left as it is).
    /// - Returns: false when `name` was already a member.
    public mutating func appendNew(_ name: String, _ value: JSON) -> Bool {
        if index(of: name) != nil { return false }
        members.append((name, value))
        return true
    }

    /// The position of member `name`. Names are compared byte for byte (I-JSON names are code point
    /// sequences: `é` and `e` + U+0301 are two names), over contiguous bytes rather than through
    /// both strings' UTF-8 views.
    private func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted in
            members.firstIndex { member in
                var candidate = member.name
                guard candidate.utf8.count == wanted.count else { return false }
                return candidate.withUTF8 { bytes in
                    for i in 0..<bytes.count where bytes[i] != wanted[i] { return false }
                    return true
                }
            }
        }
    }

    public var names: [String] { members.map(\.name) }
    public var count: Int { members.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: JSON)]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && lhs.members.allSatisfy { rhs[$0.name] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with ==.
        var combined = 0
        for member in members {
            var h = Hasher()
            h.combine(member.name)
            h.combine(member.value)
            combined ^= h.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral, ExpressibleByDictionaryLiteral
{
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var object = JSONObject()
        for (name, value) in elements { object[name] = value }
        self = .object(object)
    }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}
