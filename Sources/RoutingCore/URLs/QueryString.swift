extension DirectionsURLParser {
    /// A URL query split by hand, keeping every parameter in order (repeated `daddr`/`waypoint`
    /// parameters are ordered stops, so a last-wins dictionary would lose them).
    ///
    /// Rules: the raw query (without `?`, without `#fragment`) is split on `&`; each piece is split into
    /// name and value at its first `=` (a piece without `=` has an empty value); empty pieces (`a=1&&b=2`)
    /// are skipped. Name and value are percent-decoded exactly once, as UTF-8. When `plusAsSpace` is true
    /// (form-encoded formats: Apple, Google, the `q` of `geo:`) a raw `+` becomes a space; an encoded
    /// `%2B` always stays a literal `+`. Names are looked up ignoring ASCII case.
    ///
    /// Foundation's `URLComponents` is deliberately not used: it never turns `+` into a space.
    struct QueryString: Hashable, Sendable {
        /// One `name=value` pair.
        struct Parameter: Hashable, Sendable {
            /// The decoded name as written.
            var name: String
            /// The decoded name lowercased, for look-ups.
            var key: String
            /// The decoded value.
            var value: String
            /// The value before percent-decoding (needed where `+` is sometimes literal, e.g. Plus Codes).
            var rawValue: Substring
            /// Whether the piece had an `=` at all.
            var hasEquals: Bool
        }

        /// All parameters, in URL order.
        var parameters: [Parameter]

        /// Splits and decodes `raw`.
        /// - Throws: `malformed-url` naming the parameter when a `%` escape is malformed or the decoded
        ///   bytes are not UTF-8.
        init(_ raw: Substring, plusAsSpace: Bool) throws(DirectionsURLError) {
            var parameters: [Parameter] = []
            // Split on raw '&' and '=' by UTF-8 code unit (both ASCII, so the indices are valid
            // Substring indices); no grapheme breaking on this hot path.
            let utf8 = raw.utf8
            var pieceStart = utf8.startIndex
            while pieceStart < utf8.endIndex {
                let pieceEnd = utf8[pieceStart...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
                defer { pieceStart = pieceEnd < utf8.endIndex ? utf8.index(after: pieceEnd) : pieceEnd }
                if pieceEnd == pieceStart { continue }
                let piece = raw[pieceStart..<pieceEnd]
                let rawName: Substring
                let rawValue: Substring
                let hasEquals: Bool
                if let eq = piece.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    rawName = piece[..<eq]
                    rawValue = piece[piece.utf8.index(after: eq)...]
                    hasEquals = true
                } else {
                    rawName = piece
                    rawValue = piece[piece.endIndex...]
                    hasEquals = false
                }
                let name = try Self.decode(rawName, plusAsSpace: plusAsSpace, parameter: rawName.isEmpty ? "query" : String(rawName), what: "name")
                let value = try Self.decode(rawValue, plusAsSpace: plusAsSpace, parameter: name.isEmpty ? "query" : name, what: "value")
                parameters.append(Parameter(
                    name: name, key: Self.lowercasedKey(name), value: value, rawValue: rawValue, hasEquals: hasEquals))
            }
            self.parameters = parameters
        }

        /// `name` lowercased; ASCII names without Unicode case mapping, and without a copy when
        /// they are lowercase already (the usual case).
        static func lowercasedKey(_ name: String) -> String {
            var upper = false
            for b in name.utf8 {
                if b >= 0x80 { return name.lowercased() }
                if b >= 65 && b <= 90 { upper = true }
            }
            guard upper else { return name }
            return String(decoding: name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
        }

        /// Every parameter called `key` (any case), in order.
        func all(_ key: String) -> [Parameter] { parameters.filter { $0.key == key } }

        /// Every value of `key` (any case), in order.
        func values(_ key: String) -> [String] { all(key).map(\.value) }

        /// Whether `key` (any case) appears at all.
        func contains(_ key: String) -> Bool { parameters.contains { $0.key == key } }

        /// The only parameter called `key`, or nil when absent.
        /// - Throws: `duplicate-parameter` when it appears more than once.
        func single(_ key: String, format: String) throws(DirectionsURLError) -> Parameter? {
            let found = all(key)
            if found.count > 1 {
                throw DirectionsURLError(
                    code: .duplicateParameter,
                    message: "'\(key)' appears \(found.count) times in this \(format); give it once",
                    parameter: key)
            }
            return found.first
        }

        /// Percent-decodes once, throwing `malformed-url` naming `parameter`.
        static func decode(
            _ raw: Substring, plusAsSpace: Bool, parameter: String, what: String = "value"
        ) throws(DirectionsURLError) -> String {
            switch PercentDecoding.decode(raw, plusAsSpace: plusAsSpace) {
            case .success(let text):
                return text
            case .failure(.badEscape(let escape)):
                throw DirectionsURLError(
                    code: .malformedURL,
                    message: "the \(what) of '\(parameter)' has a malformed percent-escape '\(escape)'; write '%' as %25 and escapes as %XX with two hex digits",
                    parameter: parameter)
            case .failure(.invalidUTF8):
                throw DirectionsURLError(
                    code: .malformedURL,
                    message: "the \(what) of '\(parameter)' does not decode to UTF-8 text; percent-encode the UTF-8 bytes of the text",
                    parameter: parameter)
            }
        }
    }

    /// RFC 3986 §2.1 percent-decoding to UTF-8 text, done once.
    enum PercentDecoding {
        enum Failure: Error, Hashable {
            /// A `%` not followed by two hex digits; carries the offending text (at most three characters).
            case badEscape(String)
            /// The decoded bytes are not valid UTF-8.
            case invalidUTF8
        }

        /// Decodes `%XX` escapes; with `plusAsSpace`, a raw `+` becomes U+0020.
        static func decode(_ text: Substring, plusAsSpace: Bool) -> Result<String, Failure> {
            if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
                return .success(String(text))
            }
            let bytes = Array(text.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "%") {
                    guard i + 2 < bytes.count,
                          let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else {
                        let end = min(i + 3, bytes.count)
                        let snippet = String(decoding: bytes[i..<end], as: UTF8.self)
                        return .failure(.badEscape(snippet))
                    }
                    out.append(hi << 4 | lo)
                    i += 3
                } else if plusAsSpace && b == UInt8(ascii: "+") {
                    out.append(UInt8(ascii: " "))
                    i += 1
                } else {
                    out.append(b)
                    i += 1
                }
            }
            guard let decoded = String(validating: out, as: UTF8.self) else { return .failure(.invalidUTF8) }
            return .success(decoded)
        }

        private static func hexValue(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
