// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization
import Testing

@testable import RoutingService

/// Within one method's lane, waiting calls are taken round-robin by peer uid: one user's backlog
/// does not hold up another user's call.
@Suite struct BlockingCallsFairnessTests {
    @Test func anotherUsersCallDoesNotWaitForAWholeBacklog() {
        let gate = Gate()
        let order = Mutex<[String]>([])
        let done = Atomic<Int>(0)
        let calls = BlockingCalls(wake: { done.add(1, ordering: .relaxed) })
        func work(_ name: String, waits: Bool = false) -> @Sendable () -> [UInt8]? {
            return {
                if waits { gate.pass() }
                order.withLock { $0.append(name) }
                return nil
            }
        }
        calls.run(for: 1, method: "org.example.M", uid: 1000, work("A1", waits: true))
        for n in 2...4 { calls.run(for: 1, method: "org.example.M", uid: 1000, work("A\(n)")) }
        #expect(gate.waitForArrival())
        calls.run(for: 2, method: "org.example.M", uid: 2000, work("B1"))
        gate.open()
        for _ in 0..<500 where done.load(ordering: .relaxed) < 5 { usleep(10_000) }
        #expect(order.withLock { $0 } == ["A1", "A2", "B1", "A3", "A4"])
        #expect(calls.takeFinished().map(\.token) == [1, 1, 2, 1, 1])
    }
}
