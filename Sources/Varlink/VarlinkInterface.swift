import StrictJSON

/// Handles one call of one method. Runs on the server's event-loop thread, so it must not block;
/// return the reply parameters or throw a ``VarlinkError`` declared in the interface.
public typealias VarlinkMethodHandler = @Sendable (VarlinkCall) throws(VarlinkError) -> JSONObject

/// An interface a service implements: its IDL text and a handler per method.
public struct VarlinkInterface: Sendable {
    /// The interface name, read from the IDL's `interface` line, e.g. `org.example.echo`.
    public let name: String
    /// The IDL text (varlink.org/Interface-Definition), served verbatim by
    /// `org.varlink.service.GetInterfaceDescription`.
    public let description: String
    /// Handlers by unqualified method name.
    let handlers: [String: VarlinkMethodHandler]
    /// Every method the IDL declares; a declared method without a handler answers
    /// `org.varlink.service.MethodNotImplemented`.
    let declaredMethods: Set<String>

    /// - Parameters:
    ///   - description: The IDL text. Precondition: its first keyword is `interface` followed by a valid
    ///     interface name.
    ///   - methods: Handlers keyed by unqualified method name. Precondition: each key is declared as
    ///     `method Key(` in the IDL.
    public init(description: String, methods: [String: VarlinkMethodHandler]) {
        guard let definition = InterfaceDefinition(description) else {
            preconditionFailure("varlink IDL must start with `interface <reverse.domain.name>`")
        }
        for method in methods.keys {
            precondition(
                definition.methods.contains(method),
                "handler for \(method) but the IDL of \(definition.name) declares no `method \(method)(`")
        }
        self.name = definition.name
        self.description = description
        self.handlers = methods
        self.declaredMethods = definition.methods
    }
}
