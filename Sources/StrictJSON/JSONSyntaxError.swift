// SPDX-License-Identifier: Apache-2.0
/// Why a text is not strict JSON (RFC 8259 with the I-JSON restrictions of RFC 7493), and where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for the kind of error, e.g. `json-trailing-comma`.
    public var rule: Rule
    /// One line saying what is wrong, e.g. `trailing comma before ']'`.
    public var message: String
    /// Where the offending text starts.
    public var location: SourceLocation

    public init(rule: Rule, message: String, location: SourceLocation) {
        self.rule = rule
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): \(message) [\(rule.rawValue)]" }

    /// Kinds of syntax error. Raw values are stable rule ids.
    public enum Rule: String, Sendable, CaseIterable {
        /// Unexpected character or end of input.
        case syntax = "json-syntax"
        /// `//` or `/* */` comment (not JSON; Apple forbids comments in coverage files).
        case comment = "json-comment"
        /// A comma before `]` or `}`.
        case trailingComma = "json-trailing-comma"
        /// `NaN`, `Infinity` or `-Infinity` (RFC 8259 §6).
        case nonFiniteNumber = "json-non-finite-number"
        /// A number outside the grammar: leading zero, `+1`, `.5`, `1.`, hex.
        case malformedNumber = "json-malformed-number"
        /// A number too large for binary64 (I-JSON §2.2).
        case numberOutOfRange = "json-number-out-of-range"
        /// A member name that occurs twice in one object (I-JSON §2.3).
        case duplicateMember = "json-duplicate-member"
        /// Bytes that are not UTF-8, or a lone surrogate escape (RFC 8259 §8.1, I-JSON §2.1).
        case invalidEncoding = "json-invalid-encoding"
        /// A control character, bad escape or unterminated string.
        case invalidString = "json-invalid-string"
        /// Deeper nesting than the parser's limit.
        case tooDeep = "json-too-deep"
        /// Text after the single top-level value.
        case trailingContent = "json-trailing-content"
        /// No value at all.
        case empty = "json-empty"
    }
}

/// A parsed document: the root value, the source text its offsets point into, and what the parser
/// noticed without rejecting.
public struct JSONDocument: Sendable {
    public var root: JSONNode
    /// True when the text began with a UTF-8 byte order mark, which RFC 8259 §8.1 says senders
    /// MUST NOT add and parsers MAY ignore. The parser skips it; callers decide whether to warn.
    public var hadByteOrderMark: Bool
    /// The parsed bytes, indexed for line and column.
    public var source: SourceText

    public init(root: JSONNode, hadByteOrderMark: Bool, source: SourceText) {
        self.root = root
        self.hadByteOrderMark = hadByteOrderMark
        self.source = source
    }

    /// Line, column and offset of the byte at `offset`.
    public func location(at offset: Int) -> SourceLocation { source.location(at: offset) }

    /// Line, column and offset where `node` starts.
    public func location(of node: JSONNode) -> SourceLocation { source.location(at: node.offset) }

    /// A number node's literal as written (see ``SourceText/literal(of:)``).
    public func literal(of node: JSONNode) -> String { source.literal(of: node) }
}
