// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingCore
import StrictJSON
import Synchronization
import Testing
import Varlink

@testable import RoutingService

/// Calls of a concurrent method (``VarlinkInterface/concurrentMethods``: `Resolve`, `DecideApps`)
/// run side by side for different connections (on their event loops, one per core), while each
/// connection keeps one call in flight and its replies in call order.
@Suite struct ConcurrentCallsTests {
    static let idl = """
        # Concurrent-call test interface.
        interface org.example.wide

        # Waits at the test's gate, then returns its input; blocking and concurrent.
        method Wide(text: string) -> (text: string)

        # Waits at the test's gate, then returns its input; blocking, one call at a time.
        method Narrow(text: string) -> (text: string)
        """

    static func service(_ gate: Gate) -> VarlinkService {
        let handler: VarlinkMethodHandler = { call throws(VarlinkError) in
            gate.pass()
            guard let text = call.parameters["text"]?.stringValue else { throw .invalidParameter("text") }
            return ["text": .string(text)]
        }
        let interface = VarlinkInterface(
            description: idl, methods: ["Wide": handler, "Narrow": handler],
            blocking: ["Wide", "Narrow"], concurrent: ["Wide"])
        return VarlinkService(vendor: "Example", product: "wide", version: "1", url: "https://example.org", interfaces: [interface])
    }

    static func text(_ reply: JSONObject?) -> String? { reply?["parameters"]?["text"]?.stringValue }

    @Test func theDaemonRunsResolveAndDecideAppsOnSeveralThreads() throws {
        let daemon = RoutingDaemon(registry: AppRegistry())
        let service = daemon.varlinkService()
        #expect(service.runsConcurrently("org.routingd.Directions.Resolve"))
        #expect(service.runsConcurrently("org.routingd.Directions.DecideApps"))
        #expect(!service.runsConcurrently("org.routingd.Directions.Reload"))
        #expect(!service.runsConcurrently("org.routingd.Directions.ListApps"))
        #expect(BlockingCalls.concurrentWidth >= 2)
    }

    /// With two event loops, two connections (handed one to each loop) run a concurrent method at
    /// once, each on its own loop.
    @Test func twoConnectionsOnTwoLoopsRunAConcurrentMethodAtOnce() throws {
        let gate = Gate()
        var limits = VarlinkServer.Limits()
        limits.eventLoops = 2
        let running = try RunningServer(service: Self.service(gate), limits: limits)
        defer { running.stop() }
        let a = try RawConnection(path: running.path)
        let b = try RawConnection(path: running.path)
        a.send(call("org.example.wide.Wide", #"{"text":"a"}"#))
        b.send(call("org.example.wide.Wide", #"{"text":"b"}"#))
        #expect(gate.waitForArrival() && gate.waitForArrival(), "both calls run at once")
        gate.open()
        #expect(Self.text(a.readReply()) == "a")
        #expect(Self.text(b.readReply()) == "b")
    }

    /// A loop stuck in a call (here held at the gate) stops loop 0's periodic actions, the watchdog
    /// ping among them, after 2 s; they resume once it turns again.
    @Test func aStuckLoopStopsThePeriodicActions() throws {
        let gate = Gate()
        let ticks = Atomic<Int>(0)
        var limits = VarlinkServer.Limits()
        limits.eventLoops = 2
        let running = try RunningServer(service: Self.service(gate), limits: limits) {
            $0.every(microseconds: 20_000) { ticks.add(1, ordering: .relaxed) }
        }
        defer { running.stop() }
        let first = try RawConnection(path: running.path)  // loop 0's
        let second = try RawConnection(path: running.path)  // loop 1's
        first.send(call("org.varlink.service.GetInfo"))
        #expect(first.readReply() != nil)
        second.send(call("org.example.wide.Wide", #"{"text":"stuck"}"#))
        #expect(gate.waitForArrival())
        usleep(2_600_000)
        let before = ticks.load(ordering: .relaxed)
        usleep(500_000)
        #expect(ticks.load(ordering: .relaxed) == before, "no action while loop 1 is stuck")
        first.send(call("org.varlink.service.GetInfo"))
        #expect(first.readReply() != nil, "loop 0 still serves its connections")
        gate.open()
        #expect(Self.text(second.readReply()) == "stuck")
        var resumed = false
        for _ in 0..<100 where !resumed {
            usleep(20_000)
            resumed = ticks.load(ordering: .relaxed) > before
        }
        #expect(resumed, "the actions resume once the loop turns")
    }

    /// A blocking method that is not concurrent runs one call at a time, off the loops: the other
    /// connections are answered meanwhile.
    @Test func aNarrowMethodRunsOneCallAtATimeWhileOthersAreServed() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let c = try RawConnection(path: running.path)
        let d = try RawConnection(path: running.path)
        c.send(call("org.example.wide.Narrow", #"{"text":"c"}"#))
        d.send(call("org.example.wide.Narrow", #"{"text":"d"}"#))
        #expect(gate.waitForArrival())
        #expect(!gate.waitForArrival(within: 0.3), "the narrow method runs one call at a time")
        for _ in 0..<4 {
            let other = try RawConnection(path: running.path)
            other.send(call("org.varlink.service.GetInfo"))
            #expect(other.readReply(timeout: 5)?["parameters"]?["product"]?.stringValue == "wide")
        }
        gate.open()
        #expect(Self.text(c.readReply()) == "c")
        #expect(Self.text(d.readReply()) == "d")
    }

    /// On the loops (`concurrentInline`), `Resolve` and `DecideApps` are answered at once, except
    /// with `explain` and no `appId`, whose reply lists every app: those go to the worker lanes, as
    /// `ListApps` does, so they do not hold up the loop's other connections.
    @Test func resolveIsAnsweredOnTheLoopUnlessItListsEveryApp() throws {
        let daemon = RoutingDaemon(registry: AppRegistry(), currentLocation: Coordinate(latitude: 51.5, longitude: -0.13))
        let service = daemon.varlinkService()
        let url = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"
        let request = #"{"destination":{"latitude":51.5,"longitude":-0.12},"transportType":"walking"}"#
        func onLoop(_ method: String, _ parameters: String) -> Bool {
            let message = Array(call("org.routingd.Directions." + method, parameters).utf8.dropLast())
            let handling = message.withUnsafeBufferPointer { service.start($0, peer: nil, concurrentInline: true) }
            if case .finished = handling { return true }
            return false
        }
        #expect(onLoop("Resolve", #"{"url":"\#(url)"}"#))
        #expect(onLoop("Resolve", #"{"url":"\#(url)","explain":false}"#))
        #expect(!onLoop("Resolve", #"{"url":"\#(url)","explain":true}"#))
        #expect(onLoop("Resolve", #"{"url":"\#(url)","explain":true,"appId":"x"}"#))
        #expect(!onLoop("Resolve", #"{"url":"\#(url)","explain":true,"appId":null}"#))
        #expect(onLoop("DecideApps", #"{"request":\#(request)}"#))
        #expect(!onLoop("DecideApps", #"{"request":\#(request),"explain":true}"#))
        #expect(!onLoop("ListApps", "{}"), "ListApps stays off the loops")
    }

    @Test func pipelinedCallsOnOneConnectionRunOneAtATimeAndReplyInOrder() throws {
        let gate = Gate()
        let running = try RunningServer(service: Self.service(gate))
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send((1...3).map { call("org.example.wide.Wide", #"{"text":"\#($0)"}"#) }.joined())
        #expect(gate.waitForArrival())
        #expect(!gate.waitForArrival(within: 0.3), "one call of a connection at a time")
        gate.open()
        for i in 1...3 { #expect(Self.text(connection.readReply()) == "\(i)") }
    }

    /// Several clients pipeline `Resolve` calls over the real socket: every reply is the one a
    /// lone call gets, in call order.
    @Test func concurrentClientsGetTheirOwnResolveRepliesInOrder() throws {
        let paris = """
            {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
            """
        let files = (0..<20).map { i in
            (path: "/fixtures/app\(i).geojson",
             contents: Result<[UInt8], AppRegistry.ReadError>.success(Array((i % 2 == 0 ? paris : AppsFixture.london).utf8)))
        }
        let daemon = RoutingDaemon(registry: AppRegistry(files: files), currentLocation: Coordinate(latitude: 48.8606, longitude: 2.3376))
        let running = try RunningServer(service: daemon.varlinkService())
        defer { running.stop() }
        // Destinations alternate between Paris (ten apps) and London (ten others).
        @Sendable func link(_ i: Int) -> String {
            i % 2 == 0 ? "http://maps.apple.com/?daddr=48.85\(i),2.29&dirflg=w"
                : "http://maps.apple.com/?saddr=51.49,-0.13&daddr=51.50\(i),-0.12&dirflg=w"
        }
        let calls = 40
        let expected: [String] = try {
            let lone = try RawConnection(path: running.path)
            return (0..<calls).map { i in
                lone.send(call("org.routingd.Directions.Resolve", #"{"url":"\#(link(i))"}"#))
                return lone.readMessage() ?? ""
            }
        }()
        #expect(expected.allSatisfy { $0.contains("\"apps\":[{") && $0.contains("\"ineligible\":10") })
        let clients = 8
        let got = Mutex<[[String]]>(Array(repeating: [], count: clients))
        let path = running.path
        let threads = (0..<clients).map { client in
            TestThread {
                guard let connection = try? RawConnection(path: path) else { return }
                connection.send((0..<calls).map { call("org.routingd.Directions.Resolve", #"{"url":"\#(link($0))"}"#) }.joined())
                let replies = (0..<calls).map { _ in connection.readMessage(timeout: 10) ?? "" }
                got.withLock { $0[client] = replies }
            }
        }
        for thread in threads { #expect(thread.join(within: 60)) }
        for replies in got.withLock({ $0 }) { #expect(replies == expected) }
    }
}
