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
}
