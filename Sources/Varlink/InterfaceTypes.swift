// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// The input types of an interface's methods, read from its IDL (varlink.org/Interface-Definition),
/// enough to refuse members the IDL does not declare, at every depth: a call of
/// `Resolve(url: string, strict: ?bool)` with `"strcit": true` is refused with
/// `org.varlink.service.InvalidParameter {"parameter":"strcit"}` instead of running as if `strict`
/// were absent, and an unknown member of a nested struct is named by its path
/// (`request.destination.lattitude`, `waypoints[1].foo`, `labels[key].foo`).
///
/// The reference server (python-varlink's `Service._handle`) refuses unknown top-level parameters
/// the same way; this also refuses them inside structs, arrays and maps, as sd-varlink's IDL
/// validation does. Types are not checked here: a value of the wrong type is left to the handler,
/// which names it with its own error. A value that is not an object where a struct is declared is
/// not descended into.
struct InterfaceTypes: Sendable {
    /// A declared type, reduced to what finding unknown members needs.
    indirect enum Shape: Sendable {
        /// `bool`, `int`, `float`, `string`, `object` or an enum: no members to check.
        case leaf
        /// `(name: type, …)`: these members and no others.
        case structure([String: Shape])
        /// `[]type`
        case array(Shape)
        /// `[string]type`
        case map(Shape)
        /// A `type` declared by name elsewhere in the IDL.
        case named(String)
    }

    /// Each method's input struct, by unqualified method name.
    private(set) var inputs: [String: Shape] = [:]
    /// Each `type NAME …`, by name.
    private(set) var types: [String: Shape] = [:]

    /// Parses the `type` and `method` declarations of `idl`; nil when they do not follow the grammar.
    init?(_ idl: String) {
        var tokens = Tokens(idl)
        while let word = tokens.next() {
            switch word {
            case "type":
                guard let name = tokens.next(), let shape = Self.parseType(&tokens) else { return nil }
                types[name] = shape
            case "method":
                guard let name = tokens.next(), let input = Self.parseType(&tokens), tokens.next() == "->",
                    Self.parseType(&tokens) != nil
                else { return nil }
                inputs[name] = input
            case "error":
                guard tokens.next() != nil, Self.parseType(&tokens) != nil else { return nil }
            default:
                continue  // `interface NAME`
            }
        }
    }

    /// The path of the first member of `parameters` that the input of `method` does not declare,
    /// or nil when every member is declared (or the method is unknown here).
    func unknownParameter(of method: String, in parameters: JSONObject) -> String? {
        guard let input = inputs[method] else { return nil }
        // The path is written only for the member found: nothing is built for a call without one.
        guard let steps = unknownMember(in: .object(parameters), shape: input) else { return nil }
        var path: String? = nil
        for step in steps.reversed() {
            switch step {
            case .member(let name): path = path.map { "\($0).\(name)" } ?? name
            case .element(let key): path = "\(path ?? "")[\(key)]"
            }
        }
        return path
    }

    /// One step of the path to an unknown member: a member name, or an array index or map key.
    private enum Step {
        case member(String)
        case element(String)
    }

    /// The steps to the first unknown member, innermost first; nil when there is none.
    private func unknownMember(in value: JSON, shape: Shape) -> [Step]? {
        switch shape {
        case .leaf:
            return nil
        case .named(let name):
            guard let declared = types[name] else { return nil }
            return unknownMember(in: value, shape: declared)
        case .structure(let fields):
            guard case .object(let object) = value else { return nil }
            for (name, member) in object {
                guard let fieldShape = fields[name] else { return [.member(name)] }
                if let found = unknownMember(in: member, shape: fieldShape) { return found + [.member(name)] }
            }
            return nil
        case .array(let element):
            guard case .array(let elements) = value else { return nil }
            for (index, item) in elements.enumerated() {
                if let found = unknownMember(in: item, shape: element) { return found + [.element(String(index))] }
            }
            return nil
        case .map(let element):
            guard case .object(let object) = value else { return nil }
            for (key, item) in object {
                if let found = unknownMember(in: item, shape: element) { return found + [.element(key)] }
            }
            return nil
        }
    }

    /// `?T`, `[]T`, `[string]T`, `( … )` (struct or enum), a built-in or a type name.
    private static func parseType(_ tokens: inout Tokens) -> Shape? {
        guard let token = tokens.next() else { return nil }
        switch token {
        case "?":
            return parseType(&tokens)
        case "[":
            switch tokens.next() {
            case "]": return parseType(&tokens).map(Shape.array)
            case "string":
                guard tokens.next() == "]" else { return nil }
                return parseType(&tokens).map(Shape.map)
            default: return nil
            }
        case "(":
            return parseParenthesised(&tokens)
        case "bool", "int", "float", "string", "object":
            return .leaf
        default:
            guard let first = token.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return nil }
            return .named(token)
        }
    }

    /// After `(`: `)` (an empty struct), `name: T, …)` (a struct) or `a, b, …)` (an enum).
    private static func parseParenthesised(_ tokens: inout Tokens) -> Shape? {
        var fields: [String: Shape] = [:]
        var isEnum = false
        while let token = tokens.next() {
            if token == ")" { return isEnum ? .leaf : .structure(fields) }
            if token == "," { continue }
            if tokens.peek() == ":" {
                _ = tokens.next()
                guard !isEnum, let shape = parseType(&tokens) else { return nil }
                fields[token] = shape
            } else {
                guard fields.isEmpty else { return nil }
                isEnum = true
            }
        }
        return nil
    }

    /// The IDL's tokens: names and the punctuation `( ) , : ? [ ] ->`; `#` comments dropped.
    private struct Tokens {
        private var list: [String] = []
        private var position = 0

        init(_ text: String) {
            var current: [UInt8] = []
            var inComment = false
            let bytes = Array(text.utf8)
            var index = 0
            func flush() {
                if !current.isEmpty { list.append(String(decoding: current, as: UTF8.self)); current = [] }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inComment {
                    if byte == UInt8(ascii: "\n") { inComment = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "#"):
                    flush()
                    inComment = true
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "?"),
                    UInt8(ascii: "["), UInt8(ascii: "]"):
                    flush()
                    list.append(String(UnicodeScalar(byte)))
                case UInt8(ascii: "-") where index < bytes.count && bytes[index] == UInt8(ascii: ">"):
                    flush()
                    list.append("->")
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    flush()
                default:
                    current.append(byte)
                }
            }
            flush()
        }

        mutating func next() -> String? {
            guard position < list.count else { return nil }
            defer { position += 1 }
            return list[position]
        }

        func peek() -> String? { position < list.count ? list[position] : nil }
    }
}
