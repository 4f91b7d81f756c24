// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// Handles one call of one method; returns the reply parameters or throws a ``VarlinkError``
/// declared in the interface. Runs on the server's event-loop thread, so it must not block, unless
/// its method is listed in ``VarlinkInterface/blockingMethods``.
public typealias VarlinkMethodHandler = @Sendable (VarlinkCall) throws(VarlinkError) -> JSONObject

/// Handles one call of one method like a ``VarlinkMethodHandler``, but writes its reply parameters,
/// one JSON object, into `out` instead of returning a ``JSONObject``: for the frequent calls whose
/// replies are worth encoding without building JSON values (``JSONByteWriter``). The writer may
/// already hold bytes (the reply envelope); the handler appends exactly one object. What it wrote
/// before throwing is dropped, and the error is the reply.
public typealias VarlinkEncodingHandler = @Sendable (VarlinkCall, inout JSONByteWriter) throws(VarlinkError) -> Void

/// An interface a service implements: its IDL text and a handler per method.
public struct VarlinkInterface: Sendable {
    /// The interface name, read from the IDL's `interface` line, e.g. `org.example.echo`.
    public let name: String
    /// The IDL text (varlink.org/Interface-Definition), served verbatim by
    /// `org.varlink.service.GetInterfaceDescription`.
    public let description: String
    /// Handlers by unqualified method name.
    let handlers: [String: VarlinkMethodHandler]
    /// Handlers that write their replies' bytes (``VarlinkEncodingHandler``), by unqualified method name.
    let encodingHandlers: [String: VarlinkEncodingHandler]
    /// Handlers of the methods that answer with several replies, by unqualified method name. Such a
    /// method must be called with `more: true`; without it the call gets
    /// `org.varlink.service.ExpectedMore`.
    let streamingHandlers: [String: VarlinkStreamingHandler]
    /// Every method the IDL declares; a declared method without a handler answers
    /// `org.varlink.service.MethodNotImplemented`.
    let declaredMethods: Set<String>
    /// Methods whose handlers may take long (read files, validate a large document, wait for a
    /// lock): a server runs them away from the thread that serves the other clients.
    public let blockingMethods: Set<String>
    /// Blocking methods whose calls may run several at once, each on its own thread: handlers that
    /// only read a consistent snapshot of shared state and compute, never wait (a server still runs
    /// at most one call per connection at a time, so replies keep call order). A server with an
    /// event loop per core answers them on the calling connection's loop instead
    /// (``VarlinkService/start(_:peer:concurrentInline:)``). A subset of ``blockingMethods``.
    public let concurrentMethods: Set<String>
    /// For some concurrent methods, which of their calls may take long (e.g. those whose reply
    /// lists the whole catalogue): a server that answers concurrent methods on its event loops
    /// still runs these calls off them, as other blocking calls. By unqualified method name.
    public let longCalls: [String: @Sendable (VarlinkCall) -> Bool]
    /// The methods' input types, to refuse parameters the IDL does not declare.
    let inputTypes: InterfaceTypes

    /// - Parameters:
    ///   - description: The IDL text. Precondition: its first keyword is `interface` followed by a valid
    ///     interface name.
    ///   - methods: Handlers keyed by unqualified method name. Precondition: each key is declared as
    ///     `method Key(` in the IDL.
    ///   - encoding: Handlers that write their reply parameters as bytes
    ///     (``VarlinkEncodingHandler``). Precondition: each key is declared in the IDL and has no
    ///     handler in `methods` or `streaming`.
    ///   - streaming: Handlers of the methods that answer a `more` call with several replies
    ///     (``VarlinkStreamingHandler``). Precondition: each key is declared in the IDL and has no
    ///     handler in `methods`.
    ///   - blocking: The methods whose handlers may take long; see ``blockingMethods``.
    ///     Precondition: each has a handler.
    ///   - concurrent: The blocking methods whose calls may run several at once; see
    ///     ``concurrentMethods``. Precondition: each is in `blocking`.
    ///   - longCalls: For concurrent methods, which calls may take long; see ``longCalls``.
    ///     Precondition: each key is in `concurrent`.
    public init(
        description: String, methods: [String: VarlinkMethodHandler],
        encoding: [String: VarlinkEncodingHandler] = [:],
        streaming: [String: VarlinkStreamingHandler] = [:], blocking: Set<String> = [],
        concurrent: Set<String> = [], longCalls: [String: @Sendable (VarlinkCall) -> Bool] = [:]
    ) {
        guard let definition = InterfaceDefinition(description) else {
            preconditionFailure("varlink IDL must start with `interface <reverse.domain.name>`")
        }
        for method in streaming.keys {
            precondition(methods[method] == nil, "\(method) has both a handler and a streaming handler")
        }
        for method in encoding.keys {
            precondition(methods[method] == nil && streaming[method] == nil, "\(method) has two handlers")
        }
        for method in Array(methods.keys) + Array(streaming.keys) + Array(encoding.keys) {
            precondition(
                definition.methods.contains(method),
                "handler for \(method) but the IDL of \(definition.name) declares no `method \(method)(`")
        }
        guard let inputTypes = InterfaceTypes(description) else {
            preconditionFailure("the varlink IDL of \(definition.name) has a type, method or error declaration that does not parse")
        }
        for method in blocking {
            precondition(
                methods[method] != nil || streaming[method] != nil || encoding[method] != nil, "\(method) is listed as blocking but has no handler")
        }
        self.name = definition.name
        precondition(concurrent.isSubset(of: blocking), "a concurrent method must be a blocking one")
        self.blockingMethods = blocking
        self.concurrentMethods = concurrent
        precondition(Set(longCalls.keys).isSubset(of: concurrent), "longCalls names a method that is not concurrent")
        self.longCalls = longCalls
        self.description = description
        self.handlers = methods
        self.encodingHandlers = encoding
        self.streamingHandlers = streaming
        self.declaredMethods = definition.methods
        self.inputTypes = inputTypes
    }
}
