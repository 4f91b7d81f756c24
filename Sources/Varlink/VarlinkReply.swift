// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// Encodes replies (varlink.org/Method-Call): `{"parameters": {…}}` for success,
/// `{"continues": true, "parameters": {…}}` for a reply of a `more` call that is not the last,
/// `{"error": name, "parameters": {…}}` for an error, each followed by the NUL that ends a message.
/// `parameters` is always present, also when empty, which every client accepts.
enum VarlinkReply {
    /// The bytes of a successful reply, NUL included; `continues` marks one that is not the last.
    static func success(_ parameters: JSONObject, continues: Bool = false) -> [UInt8] {
        continues
            ? encode(["continues": .bool(true), "parameters": .object(parameters)])
            : encode(["parameters": .object(parameters)])
    }

    /// `{"parameters":`: how ``success(_:continues:)`` starts a last reply; the parameters object,
    /// `}` and the NUL follow.
    static let successPrefix: [UInt8] = Array(#"{"parameters":"#.utf8)

    /// The bytes of an error reply, NUL included.
    static func failure(_ error: VarlinkError) -> [UInt8] {
        encode(["error": .string(error.name), "parameters": .object(error.parameters)])
    }

    private static func encode(_ object: JSONObject) -> [UInt8] {
        // The writer escapes U+0000 as \u0000, so the only NUL is the terminator.
        var bytes = JSON.object(object).serializedBytes(extraCapacity: 1)
        bytes.append(0)
        return bytes
    }
}
