// SPDX-License-Identifier: Apache-2.0
extension LinkInput.Query.Parameter {
    /// The decoded value, trimmed (`Character.isWhitespace`), or nil when that is empty.
    var trimmedValue: String? {
        withValue { (v: LinkInput) -> String? in
            let t = v.trimmed
            return t.isEmpty ? nil : t.string
        }
    }

    /// The decoded value, or nil when empty (a raw value is empty exactly when its decoded value is).
    var nonEmptyValue: String? { rawValue.isEmpty ? nil : value }

    /// The decoded value read by `parser` as a stop or a `source` (``DirectionsURLParser/stopEndpoint(_:parameter:source:)``).
    func endpoint(_ parser: DirectionsURLParser, parameter: String, source: Bool = false) throws(DirectionsURLError) -> Endpoint {
        try withValue { (v: LinkInput) throws(DirectionsURLError) -> Endpoint in try parser.stopEndpoint(v, parameter: parameter, source: source) }
    }
}
