// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Synchronization
import Testing

@testable import Varlink

/// ``VarlinkService/start(_:peer:)``: calls of blocking methods come back as work, everything else is
/// answered at once.
@Suite struct BlockingMethodTests {
    static let idl = """
        # Blocking-method test interface.
        interface org.example.slow

        # Counts its calls; declared blocking.
        method Count() -> (count: int)

        # Answers at once.
        method Quick() -> ()

        # Declared blocking, fails.
        method Broken() -> ()

        error Refused ()
        """

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
    }
    let calls = Counter()

    func service() -> VarlinkService {
        let calls = self.calls
        let slow = VarlinkInterface(
            description: Self.idl,
            methods: [
                "Count": { _ throws(VarlinkError) in ["count": .number(Double(calls.value.add(1, ordering: .relaxed).newValue))] },
                "Quick": { _ throws(VarlinkError) in [:] },
                "Broken": { _ throws(VarlinkError) in throw VarlinkError(name: "org.example.slow.Refused") },
            ],
            blocking: ["Count", "Broken"])
        return VarlinkService(vendor: "Example", product: "slowd", version: "1", url: "https://example.org", interfaces: [slow])
    }

    func text(_ reply: [UInt8]?) -> String? { reply.map { String(decoding: $0.dropLast(), as: UTF8.self) } }

    @Test func aBlockingMethodComesBackAsWorkThatRunsOnlyWhenCalled() {
        let service = service()
        #expect(service.blockingMethods(of: "org.example.slow") == ["Count", "Broken"])
        guard case .blocking(_, let work) = service.start(Array(#"{"method":"org.example.slow.Count"}"#.utf8), peer: nil) else {
            Issue.record("Count was answered at once")
            return
        }
        #expect(calls.count == 0, "the handler has not run yet")
        #expect(text(work()) == #"{"parameters":{"count":1}}"#)
        #expect(calls.count == 1)
        guard case .blocking(_, let failing) = service.start(Array(#"{"method":"org.example.slow.Broken"}"#.utf8), peer: nil) else {
            Issue.record("Broken was answered at once")
            return
        }
        #expect(text(failing()) == #"{"error":"org.example.slow.Refused","parameters":{}}"#)
    }

    /// With `concurrentInline` (a transport with an event loop per core) a concurrent method is
    /// answered at once, oneway and errors included, and a blocking one that is not concurrent
    /// still comes back as work.
    @Test func concurrentInlineAnswersAConcurrentMethodAtOnceAndOnlyIt() {
        let calls = self.calls
        let wide = VarlinkInterface(
            description: Self.idl,
            methods: [
                "Count": { _ throws(VarlinkError) in ["count": .number(Double(calls.value.add(1, ordering: .relaxed).newValue))] },
                "Quick": { _ throws(VarlinkError) in [:] },
                "Broken": { _ throws(VarlinkError) in throw VarlinkError(name: "org.example.slow.Refused") },
            ],
            blocking: ["Count", "Broken"], concurrent: ["Count"])
        let service = VarlinkService(vendor: "Example", product: "slowd", version: "1", url: "https://example.org", interfaces: [wide])
        func start(_ message: String) -> VarlinkService.Handling {
            Array(message.utf8).withUnsafeBufferPointer { service.start($0, peer: nil, concurrentInline: true) }
        }
        guard case .finished(let reply) = start(#"{"method":"org.example.slow.Count"}"#) else {
            Issue.record("a concurrent method came back as work")
            return
        }
        #expect(text(reply) == #"{"parameters":{"count":1}}"#)
        guard case .finished(let none) = start(#"{"method":"org.example.slow.Count","oneway":true}"#) else {
            Issue.record("a oneway concurrent call came back as work")
            return
        }
        #expect(none == nil)
        #expect(calls.count == 2)
        guard case .blocking = start(#"{"method":"org.example.slow.Broken"}"#) else {
            Issue.record("a blocking method that is not concurrent was answered at once")
            return
        }
        // Without the flag a concurrent method is still blocking work.
        guard case .blocking = service.start(Array(#"{"method":"org.example.slow.Count"}"#.utf8), peer: nil) else {
            Issue.record("a concurrent method was answered at once without concurrentInline")
            return
        }
    }

    @Test func aOnewayBlockingCallRunsAndRepliesNothing() {
        let service = service()
        guard case .blocking(_, let work) = service.start(Array(#"{"method":"org.example.slow.Count","oneway":true}"#.utf8), peer: nil) else {
            Issue.record("Count was answered at once")
            return
        }
        #expect(work() == nil)
        #expect(calls.count == 1)
    }

    @Test(arguments: [
        (#"{"method":"org.example.slow.Quick"}"#, #"{"parameters":{}}"#),
        (#"{"method":"org.example.slow.Count","parameters":7}"#, #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"parameters"}}"#),
        (#"{"method":"org.example.slow.Count","upgrade":true}"#, #"{"error":"org.varlink.service.MethodNotImplemented","parameters":{"method":"org.example.slow.Count"}}"#),
        (#"{"method":"org.example.nowhere.Count"}"#, #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"org.example.nowhere"}}"#),
        ("not json", #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"message"}}"#),
    ])
    func everythingElseIsAnsweredAtOnce(_ message: String, _ reply: String) {
        guard case .finished(let bytes) = service().start(Array(message.utf8), peer: nil) else {
            Issue.record("\(message) came back as work")
            return
        }
        #expect(text(bytes) == reply)
        #expect(calls.count == 0, "no handler ran")
    }

    @Test func handleRunsABlockingMethodInline() {
        #expect(text(service().handle(Array(#"{"method":"org.example.slow.Count"}"#.utf8), peer: nil)) == #"{"parameters":{"count":1}}"#)
    }
}
