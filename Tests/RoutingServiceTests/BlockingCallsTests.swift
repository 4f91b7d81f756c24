// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingService
import StrictJSON
import Synchronization
import Testing
import Varlink

/// A gate that blocking handlers wait at until the test opens it.
final class Gate: Sendable {
    private let passage = DispatchSemaphore(value: 0)
    private let arrivals = DispatchSemaphore(value: 0)

    /// Called by a handler: says it arrived, then waits for the gate to open.
    func pass() {
        arrivals.signal()
        passage.wait()
        passage.signal()  // let the next one through too
    }

    /// Waits until a handler has arrived at the gate.
    func waitForArrival(within seconds: Double = 10) -> Bool {
        arrivals.wait(timeout: .now() + seconds) == .success
    }

    func open() { passage.signal() }
}

/// The server runs blocking methods off its event loop (`BlockingCalls`): other clients are served
/// meanwhile, and each connection's replies keep call order.
@Suite struct BlockingCallsTests {
    static let idl = """
        # Blocking-call test interface.
        interface org.example.gate

        # Waits at the test's gate, then returns its input; declared blocking.
        method Wait(text: string) -> (text: string)

        # Returns its input at once.
        method Echo(text: string) -> (text: string)
        """

    static func service(_ gate: Gate) -> VarlinkService {
        @Sendable func text(_ call: VarlinkCall) throws(VarlinkError) -> JSONObject {
            guard let text = call.parameters["text"]?.stringValue else { throw .invalidParameter("text") }
            return ["text": .string(text)]
        }
        let interface = VarlinkInterface(
            description: idl,
            methods: [
                "Wait": { call throws(VarlinkError) in
                    gate.pass()
                    return try text(call)
                },
                "Echo": { call throws(VarlinkError) in try text(call) },
            ],
            blocking: ["Wait"])
        return VarlinkService(vendor: "Example", product: "gated", version: "1", url: "https://example.org", interfaces: [interface])
    }

    static func text(_ reply: JSONObject?) -> String? { reply?["parameters"]?["text"]?.stringValue }

    @Test func otherClientsAreServedWhileABlockingCallRuns() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let waiting = try RawConnection(path: running.path)
        waiting.send(call("org.example.gate.Wait", #"{"text":"slow"}"#) + call("org.example.gate.Echo", #"{"text":"after"}"#))
        #expect(gate.waitForArrival(), "the blocking call did not start")

        let other = try RawConnection(path: running.path)
        for i in 0..<20 {
            other.send(call("org.example.gate.Echo", #"{"text":"quick \#(i)"}"#))
            #expect(Self.text(other.readReply()) == "quick \(i)", "served while the blocking call runs")
        }
        #expect(waiting.readReply(timeout: 0.2) == nil, "no reply before the blocking call's, not even the Echo after it")

        gate.open()
        #expect(Self.text(waiting.readReply()) == "slow")
        #expect(Self.text(waiting.readReply()) == "after")
    }

    @Test func repliesKeepCallOrderAcrossBlockingCalls() throws {
        let gate = Gate()
        gate.open()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send(
            call("org.example.gate.Wait", #"{"text":"1"}"#) + call("org.example.gate.Echo", #"{"text":"2"}"#)
                + call("org.example.gate.Wait", #"{"text":"3"}"#)
                + #"{"method":"org.example.gate.Wait","parameters":{"text":"silent"},"oneway":true}"# + "\0"
                + call("org.example.gate.Nope") + call("org.example.gate.Echo", #"{"text":"5"}"#))
        #expect(Self.text(connection.readReply()) == "1")
        #expect(Self.text(connection.readReply()) == "2")
        #expect(Self.text(connection.readReply()) == "3")
        #expect(connection.readReply()?["error"] == "org.varlink.service.MethodNotFound")
        #expect(Self.text(connection.readReply()) == "5")
    }

    @Test func aClientThatHalfClosesStillGetsItsReply() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send(call("org.example.gate.Wait", #"{"text":"kept"}"#))
        #expect(gate.waitForArrival())
        #expect(shutdown(connection.fd, Int32(SHUT_WR)) == 0)
        usleep(50_000)
        gate.open()
        #expect(Self.text(connection.readReply()) == "kept")
        #expect(connection.waitForClose(), "the server closes once the reply is out")
    }

    @Test func aClientThatLeavesDuringABlockingCallIsDroppedAndTheServerGoesOn() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let leaving = try RawConnection(path: running.path)
        leaving.send(call("org.example.gate.Wait", #"{"text":"nobody reads this"}"#))
        #expect(gate.waitForArrival())
        leaving.close()
        let other = try RawConnection(path: running.path)
        other.send(call("org.example.gate.Echo", #"{"text":"still here"}"#))
        #expect(Self.text(other.readReply()) == "still here")
        // A level-triggered hang-up must not keep the loop busy while the call runs.
        let before = try #require(running.loopThreadCPUSeconds())
        usleep(1_000_000)
        let used = try #require(running.loopThreadCPUSeconds()) - before
        #expect(used < 0.3, "the loop thread used \(used) s of CPU in 1 s while idle")
        gate.open()
        // The reply for the closed connection is dropped; the next blocking call is served.
        other.send(call("org.example.gate.Wait", #"{"text":"next"}"#))
        #expect(Self.text(other.readReply()) == "next")
    }

    @Test func anOversizeMessageSentDuringABlockingCallStillFailsTheConnection() throws {
        let gate = Gate()
        var limits = VarlinkServer.Limits()
        limits.maxMessageBytes = 1000
        let running = try RunningServer(service: Self.service(gate), limits: limits)
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send(call("org.example.gate.Wait", #"{"text":"first"}"#))
        #expect(gate.waitForArrival())
        connection.send(String(repeating: "x", count: 5000))  // no NUL: a message growing past the limit
        #expect(
            connection.readReply() == ["error": "org.varlink.service.InvalidParameter", "parameters": ["parameter": "message"]])
        #expect(connection.waitForClose())
        gate.open()
    }

    @Test func stopDoesNotWaitForABlockingCall() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        let connection = try RawConnection(path: running.path)
        connection.send(call("org.example.gate.Wait", #"{"text":"late"}"#))
        #expect(gate.waitForArrival())
        running.stop()  // records an issue if run() does not return
        gate.open()  // the call finishes after the loop closed its eventfd: the reply is dropped
        #expect(connection.waitForClose())
    }

    @Test func theDaemonRunsReloadAndValidateOffTheEventLoop() throws {
        let fixture = try AppsFixture()
        let service = try RoutingDaemon(directories: fixture.directories).varlinkService()
        // Monitor's first reply lists every app, as ListApps does.
        #expect(service.blockingMethods(of: "org.routingd.Directions") == ["Reload", "ListApps", "Resolve", "DecideApps", "SetCurrentLocation", "ClearCurrentLocation", "Monitor"])
        #expect(service.blockingMethods(of: "org.routingd.Coverage") == ["Validate"])
    }
}

/// Each blocking method has a queue of its own: a call of one never waits behind another's.
@Suite struct BlockingMethodQueuesTests {
    static let idl = """
        # Two blocking methods.
        interface org.example.lanes

        # Waits at the test's gate; blocking.
        method Slow() -> ()

        # Returns at once, but is declared blocking too.
        method Quick(text: string) -> (text: string)
        """

    @Test func aBlockingCallDoesNotWaitBehindAnotherMethods() throws {
        let gate = Gate()
        let interface = VarlinkInterface(
            description: Self.idl,
            methods: [
                "Slow": { _ throws(VarlinkError) in
                    gate.pass()
                    return [:]
                },
                "Quick": { call throws(VarlinkError) in ["text": call.parameters["text"] ?? .null] },
            ],
            blocking: ["Slow", "Quick"])
        let service = VarlinkService(vendor: "Example", product: "lanes", version: "1", url: "https://example.org", interfaces: [interface])
        let running = try RunningServer(service: service)
        defer { running.stop() }
        defer { gate.open() }
        let slow = try RawConnection(path: running.path)
        slow.send(call("org.example.lanes.Slow"))
        #expect(gate.waitForArrival())
        let quick = try RawConnection(path: running.path)
        quick.send(call("org.example.lanes.Quick", #"{"text":"not queued behind Slow"}"#))
        #expect(BlockingCallsTests.text(quick.readReply()) == "not queued behind Slow")
    }
}
