// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Synchronization

/// A varlink service: decodes calls, dispatches them to interfaces, encodes replies. Pure — no I/O —
/// so it is tested without sockets and driven by the transport (`VarlinkServer`) one message at a time.
///
/// It implements `org.varlink.service` itself (varlink.org/Service). Dispatch rules
/// (varlink.org/Method-Call):
/// - malformed message → `org.varlink.service.InvalidParameter` with `parameter` naming the field:
///   `message` (not JSON or not an object), `method`, `parameters`, `oneway`, `more` or `upgrade`;
/// - a parameter the method's IDL does not declare, at any depth → `InvalidParameter` naming its
///   path (`strcit`, `request.destination.lattitude`; see ``InterfaceTypes``), before the handler runs;
/// - unknown interface → `InterfaceNotFound(interface)`;
/// - method not declared by the interface → `MethodNotFound(method)` with the fully qualified name;
/// - declared but without a handler → `MethodNotImplemented(method)`;
/// - `upgrade: true` → `MethodNotImplemented(method)`: no method of this implementation supports
///   protocol upgrades, and answering normally would let the client believe the connection changed
///   protocol;
/// - a method with a streaming handler (``VarlinkStreamingHandler``) answers a `more: true` call
///   with its replies, each but the last with `continues: true`; called without `more` it answers
///   `org.varlink.service.ExpectedMore`, and called `oneway` it is not run (nobody would read it);
/// - `more: true` on any other method → one normal reply without `continues` (a server may ignore
///   `more`);
/// - `oneway: true` → the handler runs and nothing is sent, not even an error.
public final class VarlinkService: Sendable {
    /// The `GetInfo` reply.
    public let info: JSONObject
    private let interfaces: [String: VarlinkInterface]
    /// Every method with a handler, by fully qualified name: a call of one is routed with one
    /// lookup instead of splitting and checking its name and looking up interface, declaration and
    /// handler in turn (the other calls, errors included, take that way).
    private let routes: [String: Route]

    /// - Parameters: The `GetInfo` fields (free text, `url` a web address), and the interfaces besides
    ///   `org.varlink.service`. Precondition: interface names are unique and none is
    ///   `org.varlink.service`.
    public init(vendor: String, product: String, version: String, url: String, interfaces: [VarlinkInterface]) {
        var names = [ServiceInterface.name]
        var descriptions = [ServiceInterface.name: ServiceInterface.definition]
        for interface in interfaces {
            precondition(descriptions[interface.name] == nil, "interface \(interface.name) given twice")
            names.append(interface.name)
            descriptions[interface.name] = interface.description
        }
        let info: JSONObject = [
            "vendor": .string(vendor), "product": .string(product), "version": .string(version),
            "url": .string(url), "interfaces": .array(names.map { .string($0) }),
        ]
        var table = [ServiceInterface.name: ServiceInterface.make(info: info, descriptions: descriptions)]
        for interface in interfaces { table[interface.name] = interface }
        self.info = info
        self.interfaces = table
        var routes: [String: Route] = [:]
        for interface in table.values {
            func add(_ method: String, _ handler: Handler) {
                routes[interface.name + "." + method] = Route(
                    interface: interface, method: method, handler: handler,
                    blocking: interface.blockingMethods.contains(method),
                    concurrent: interface.concurrentMethods.contains(method), longCall: interface.longCalls[method])
            }
            for (method, handler) in interface.handlers { add(method, .single(handler)) }
            for (method, handler) in interface.encodingHandlers { add(method, .encoding(handler)) }
            for (method, handler) in interface.streamingHandlers { add(method, .streaming(handler)) }
        }
        self.routes = routes
    }

    /// A method with a handler: its interface, unqualified name, handler, whether it blocks and
    /// whether it is a concurrent one.
    private struct Route: Sendable {
        let interface: VarlinkInterface
        let method: String
        let handler: Handler
        let blocking: Bool
        let concurrent: Bool
        /// Which calls of a concurrent method may take long (``VarlinkInterface/longCalls``).
        let longCall: (@Sendable (VarlinkCall) -> Bool)?
    }

    /// The route of `method`, a fully qualified name; nil for one without a handler (or not all
    /// ASCII: the table's names are, and a String key would also match a canonically equivalent
    /// non-ASCII spelling, which the naming rules refuse).
    private func route(_ method: String) -> Route? {
        // On the contiguous bytes: `utf8.allSatisfy` went through the generic String iterator, about
        // 60 instructions a byte.
        let ascii = method.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 }
        } ?? method.utf8.allSatisfy { $0 < 0x80 }
        guard ascii else { return nil }
        return routes[method]
    }

    /// The blocking methods of `interface` (``VarlinkInterface/blockingMethods``); empty for an
    /// interface the service does not implement.
    public func blockingMethods(of interface: String) -> Set<String> {
        interfaces[interface]?.blockingMethods ?? []
    }

    /// Whether calls of `method` (fully qualified, e.g. `org.example.Get`) may run several at once
    /// (``VarlinkInterface/concurrentMethods``); false for a method the service does not implement.
    public func runsConcurrently(_ method: String) -> Bool {
        guard let (interface, name) = VarlinkNames.splitQualifiedMethod(method) else { return false }
        return interfaces[interface]?.concurrentMethods.contains(name) ?? false
    }

    /// Handles one message, running its handler here whatever it is.
    /// - Parameters:
    ///   - message: The message bytes without the NUL terminator.
    ///   - peer: The connecting process, passed on in ``VarlinkCall/peer``.
    /// - Returns: The reply bytes including the trailing NUL, or nil for a `oneway` call.
    /// A streaming method's replies are those it sends before its handler returns, concatenated;
    /// later ones are dropped (the stream is cancelled on return).
    public func handle(_ message: [UInt8], peer: VarlinkPeer?) -> [UInt8]? {
        switch start(message, peer: peer) {
        case .finished(let reply): return reply
        case .blocking(_, let work): return work()
        case .streaming(_, _, let begin):
            let collected = Mutex<[UInt8]>([])
            let stream = VarlinkStream(deliver: { reply, _ in collected.withLock { $0 += reply } })
            begin(stream)
            stream.cancel()
            return collected.withLock { $0 }
        }
    }

    /// What ``start(_:peer:)`` did with a message.
    public enum Handling: Sendable {
        /// Answered at once: the reply bytes with their NUL, or nil for a `oneway` call.
        case finished([UInt8]?)
        /// A call of one of ``VarlinkInterface/blockingMethods``, not run yet: run `work` on another
        /// thread; it returns the reply bytes (nil for `oneway`). Replies keep call order, so the
        /// caller handles that connection's next message only once `work` is done. `method` is the
        /// fully qualified method name, e.g. to give each method a queue of its own.
        case blocking(method: String, work: @Sendable () -> [UInt8]?)
        /// A `more` call of a streaming method, not run yet: the transport makes a ``VarlinkStream``
        /// that queues replies for this connection and passes it to `start`, on its loop or, when
        /// `blocking`, on another thread. The call lasts until the stream's last reply or until the
        /// transport cancels it (the client closed); the connection's next message waits until then.
        case streaming(method: String, blocking: Bool, start: @Sendable (VarlinkStream) -> Void)
    }

    /// Decodes one message and answers it, unless its method is a blocking one: then the call,
    /// decoded and checked, comes back as work to run elsewhere.
    /// - Parameters: As ``handle(_:peer:)``.
    public func start(_ message: [UInt8], peer: VarlinkPeer?) -> Handling {
        message.withUnsafeBufferPointer { start($0, peer: peer) }
    }

    /// ``start(_:peer:)`` for a message read in place (the transport's input buffer), not copied.
    /// - Parameter concurrentInline: true to answer the calls of concurrent methods
    ///   (``VarlinkInterface/concurrentMethods``, which only compute on a snapshot) here, as
    ///   `.finished`, instead of handing them back as `.blocking` work: for a transport with an
    ///   event loop per core, where a hand-off to another thread costs more than the call. The calls
    ///   the interface marks as long (``VarlinkInterface/longCalls``) still come back as work.
    public func start(_ message: UnsafeBufferPointer<UInt8>, peer: VarlinkPeer?, concurrentInline: Bool = false) -> Handling {
        let call: VarlinkCall
        // The route is looked up once, while decoding: hashing the name and copying the route
        // again cost as much as the look-up.
        var routed: Route?
        do {
            call = try VarlinkCall.decode(message, peer: peer, isRouted: {
                routed = route($0)
                return routed != nil
            })
        } catch {
            return .finished(error.oneway ? nil : VarlinkReply.failure(error.error))
        }
        var found: (handler: Handler, blocking: Bool, concurrent: Bool, longCall: (@Sendable (VarlinkCall) -> Bool)?)
        do {
            found = try handler(for: call, routed: routed)
        } catch {
            return .finished(call.oneway ? nil : VarlinkReply.failure(error))
        }
        if concurrentInline && found.concurrent && !(found.longCall?(call) ?? false) { found.blocking = false }
        switch found.handler {
        case .single(let handler):
            guard found.blocking else { return .finished(Self.run(handler, call)) }
            return .blocking(method: call.method, work: { Self.run(handler, call) })
        case .encoding(let handler):
            guard found.blocking else { return .finished(Self.run(handler, call)) }
            return .blocking(method: call.method, work: { Self.run(handler, call) })
        case .streaming(let handler):
            if call.oneway { return .finished(nil) }
            guard call.more else { return .finished(VarlinkReply.failure(.expectedMore())) }
            return .streaming(method: call.method, blocking: found.blocking, start: { stream in
                do throws(VarlinkError) {
                    try handler(call, stream)
                } catch {
                    stream.fail(error)
                }
            })
        }
    }

    /// A method's handler: one reply, or a stream of them.
    private enum Handler: Sendable {
        case single(VarlinkMethodHandler)
        case encoding(VarlinkEncodingHandler)
        case streaming(VarlinkStreamingHandler)
    }

    /// Runs `handler` on `call` and encodes its reply (nil for `oneway`).
    private static func run(_ handler: VarlinkMethodHandler, _ call: VarlinkCall) -> [UInt8]? {
        let reply: [UInt8]
        do {
            reply = VarlinkReply.success(try handler(call))
        } catch {
            reply = VarlinkReply.failure(error)
        }
        return call.oneway ? nil : reply
    }

    /// Runs an encoding `handler` on `call`, writing its parameters straight after the reply's
    /// `{"parameters":` (nil for `oneway`).
    private static func run(_ handler: VarlinkEncodingHandler, _ call: VarlinkCall) -> [UInt8]? {
        var writer = JSONByteWriter(bytes: VarlinkReply.successPrefix, capacity: 1024)
        do throws(VarlinkError) {
            try handler(call, &writer)
        } catch {
            return call.oneway ? nil : VarlinkReply.failure(error)
        }
        if call.oneway { return nil }
        writer.raw(UInt8(ascii: "}"))
        writer.raw(0)
        return writer.bytes
    }

    /// Finds the handler for `call`, and whether its method is a blocking one and a concurrent one.
    /// - Throws: The routing errors listed on the type.
    /// `routed` is `route(call.method)`, already looked up.
    private func handler(for call: VarlinkCall, routed: Route?) throws(VarlinkError) -> (
        handler: Handler, blocking: Bool, concurrent: Bool, longCall: (@Sendable (VarlinkCall) -> Bool)?
    ) {
        if !call.upgrade, let route = routed {
            if let unknown = route.interface.inputTypes.unknownParameter(of: route.method, in: call.parameters) {
                throw .invalidParameter(unknown)
            }
            return (route.handler, route.blocking, route.concurrent, route.longCall)
        }
        // `decode` has validated the form `interface.Method`.
        guard let (interfaceName, methodName) = VarlinkNames.splitQualifiedMethod(call.method) else {
            throw .invalidParameter("method")
        }
        guard let interface = interfaces[interfaceName] else { throw .interfaceNotFound(interfaceName) }
        guard interface.declaredMethods.contains(methodName) else { throw .methodNotFound(call.method) }
        let handler: Handler
        if !call.upgrade, let single = interface.handlers[methodName] {
            handler = .single(single)
        } else if !call.upgrade, let encoding = interface.encodingHandlers[methodName] {
            handler = .encoding(encoding)
        } else if !call.upgrade, let streaming = interface.streamingHandlers[methodName] {
            handler = .streaming(streaming)
        } else {
            throw .methodNotImplemented(call.method)
        }
        if let unknown = interface.inputTypes.unknownParameter(of: methodName, in: call.parameters) {
            throw .invalidParameter(unknown)
        }
        return (
            handler, interface.blockingMethods.contains(methodName), interface.concurrentMethods.contains(methodName),
            interface.longCalls[methodName])
    }
}
