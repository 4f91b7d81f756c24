// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// One method call, decoded from `{"method": …, "parameters"?: {…}, "oneway"?: bool, "more"?: bool,
/// "upgrade"?: bool}` (varlink.org/Method-Call).
public struct VarlinkCall: Sendable {
    /// The fully qualified method name, `org.example.Iface.Method`.
    public var method: String
    /// The call's input; `{}` when the message had no `parameters` or `null`.
    public var parameters: JSONObject
    /// The client wants no reply; the service must not send one.
    public var oneway: Bool
    /// The client accepts several replies (`continues: true` on all but the last).
    public var more: Bool
    /// The client asks to leave the varlink protocol after the reply.
    public var upgrade: Bool
    /// The connecting process (`SO_PEERCRED`), when the transport knows it.
    public var peer: VarlinkPeer?

    public init(
        method: String, parameters: JSONObject = [:], oneway: Bool = false, more: Bool = false,
        upgrade: Bool = false, peer: VarlinkPeer? = nil
    ) {
        self.method = method
        self.parameters = parameters
        self.oneway = oneway
        self.more = more
        self.upgrade = upgrade
        self.peer = peer
    }

    /// Why a message could not be decoded, and whether it still asked for no reply.
    struct DecodingFailure: Error {
        var error: VarlinkError
        /// True when the message was an object with `"oneway": true`; its error is then not sent.
        var oneway: Bool
    }

    /// Decodes one message (without its NUL terminator).
    ///
    /// - Throws: ``DecodingFailure`` with `org.varlink.service.InvalidParameter` naming the bad field:
    ///   `message` (not JSON, not an object), `method` (absent, not a string, not `iface.Method`),
    ///   `parameters` (neither an object nor null), `oneway`/`more`/`upgrade` (neither a bool nor null).
    ///   Unknown keys of the message itself are ignored (varlink.org/FAQ allows vendor keys); unknown
    ///   keys in `parameters` are refused later, against the method's IDL (``InterfaceTypes``).
    ///   `isRouted` says a method name is one the service routes, valid by construction, so its
    ///   form is not checked again.
    static func decode(
        _ message: UnsafeBufferPointer<UInt8>, peer: VarlinkPeer?, isRouted: (String) -> Bool = { _ in false }
    ) throws(DecodingFailure) -> VarlinkCall {
        let root: JSON
        // The usual message in one pass to JSON values (MessageJSON); anything outside its subset,
        // errors included, through the strict parser, which decides and gives the same values.
        if let lean = MessageJSON.parse(message) {
            root = lean
        } else {
            do {
                root = try JSONParser(maxDepth: 64).parse(Array(message)).root.json
            } catch {
                throw DecodingFailure(error: .invalidParameter("message"), oneway: false)
            }
        }
        guard case .object(let object) = root else {
            throw DecodingFailure(error: .invalidParameter("message"), oneway: false)
        }
        let oneway = object["oneway"]?.boolValue ?? false
        func fail(_ field: String) -> DecodingFailure {
            DecodingFailure(error: .invalidParameter(field), oneway: oneway)
        }
        func flag(_ name: String) throws(DecodingFailure) -> Bool {
            switch object[name] {
            case nil, .null?: return false
            case .bool(let value)?: return value
            default: throw fail(name)
            }
        }
        guard let method = object["method"]?.stringValue, isRouted(method) || VarlinkNames.splitQualifiedMethod(method) != nil
        else {
            throw fail("method")
        }
        let parameters: JSONObject
        switch object["parameters"] {
        case nil, .null?: parameters = [:]
        case .object(let value)?: parameters = value
        default: throw fail("parameters")
        }
        return VarlinkCall(
            method: method, parameters: parameters, oneway: try flag("oneway"), more: try flag("more"),
            upgrade: try flag("upgrade"), peer: peer)
    }
}
