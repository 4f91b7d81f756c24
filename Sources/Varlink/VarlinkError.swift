// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// A varlink error reply: a fully qualified error name and its parameters.
///
/// On the wire it is `{"error": name, "parameters": {…}}` (varlink.org/Method-Call). Errors a method
/// returns must be declared with `error Name(…)` in its interface (varlink.org/Interface-Definition);
/// the factories below build the errors of `org.varlink.service` (varlink.org/Service).
public struct VarlinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fully qualified error name, e.g. `org.varlink.service.MethodNotFound`.
    public var name: String
    /// The error's fields, as declared in the IDL.
    public var parameters: JSONObject

    public init(name: String, parameters: JSONObject = [:]) {
        self.name = name
        self.parameters = parameters
    }

    public var description: String {
        parameters.count == 0 ? name : "\(name) \(JSON.object(parameters).serialized())"
    }

    /// `org.varlink.service.InterfaceNotFound(interface)`: no interface of that name.
    public static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.InterfaceNotFound", parameters: ["interface": .string(interface)])
    }

    /// `org.varlink.service.MethodNotFound(method)`; pass the fully qualified method name
    /// (`org.example.Iface.Method`), as systemd's sd-varlink does.
    public static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.MethodNotFound", parameters: ["method": .string(method)])
    }

    /// `org.varlink.service.MethodNotImplemented(method)`: declared in the interface, not implemented.
    public static func methodNotImplemented(_ method: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.MethodNotImplemented", parameters: ["method": .string(method)])
    }

    /// `org.varlink.service.InvalidParameter(parameter)`: the named input field is missing or invalid.
    public static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.InvalidParameter", parameters: ["parameter": .string(parameter)])
    }

    /// `org.varlink.service.PermissionDenied()`.
    public static func permissionDenied() -> VarlinkError {
        VarlinkError(name: "org.varlink.service.PermissionDenied")
    }

    /// `org.varlink.service.ExpectedMore()`: the method must be called with `more: true`.
    public static func expectedMore() -> VarlinkError {
        VarlinkError(name: "org.varlink.service.ExpectedMore")
    }
}
