// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Synchronization

/// Runs the calls of blocking methods (``VarlinkInterface/blockingMethods``: `Reload()`, which reads
/// and validates every file, `Coverage.Validate`, whose document may be megabytes, and `ListApps`,
/// `Resolve` and `DecideApps`, whose replies grow with the catalogue) away from the event loop, and
/// hands their replies back to the loop.
///
/// Each method has a lane of its own, which runs its calls one at a time: a flood of `ListApps`
/// takes one thread, not every core, and a call never waits behind another method's (a `ListApps`
/// does not wait for a `Reload()` of thousands of files). Within a lane the waiting calls are taken
/// round-robin by peer uid (`SO_PEERCRED`), so one user's backlog delays another user's call by at
/// most one call per user ahead of it. The loop keeps serving every other client meanwhile; the
/// calling connection handles its next message only once its reply is queued, so replies keep call
/// order (varlink.org/Method-Call), and each connection has at most one call here at a time.
///
/// A finished call adds `(connection token, reply)` to a list and wakes the loop (the server's
/// wakeup eventfd, as ``VarlinkServer/stop()`` does); the loop takes the list when woken. A reply
/// for a connection closed meanwhile, or after the loop stopped, is dropped. Thread-safe.
final class BlockingCalls: Sendable {
    private struct Call {
        var token: UInt64
        var work: @Sendable () -> [UInt8]?
    }

    /// One method's waiting calls, by peer uid (nil: no credentials), and whether a thread drains it.
    private struct Lane {
        var waiting: [UInt32?: [Call]] = [:]
        /// The uids with waiting calls, in the order they are served next.
        var turns: [UInt32?] = []
        var draining = false

        /// The next call, round-robin by uid.
        mutating func next() -> Call? {
            guard !turns.isEmpty else { return nil }
            let uid = turns.removeFirst()
            var calls = waiting[uid, default: []]
            let call = calls.removeFirst()
            if calls.isEmpty {
                waiting[uid] = nil
            } else {
                waiting[uid] = calls
                turns.append(uid)
            }
            return call
        }
    }

    private let lanes = Mutex<[String: Lane]>([:])
    /// The replies the loop has not taken yet.
    private let finished = Mutex<[(token: UInt64, reply: [UInt8]?)]>([])
    /// Wakes the loop; a no-op once it has stopped.
    private let wake: @Sendable () -> Void

    /// - Parameter wake: wakes the loop, called after each finished call.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Runs `work`, a call of `method` by a peer with `uid`, for the connection with `token`, in
    /// that method's lane.
    func run(for token: UInt64, method: String, uid: UInt32?, _ work: @escaping @Sendable () -> [UInt8]?) {
        let start = lanes.withLock { lanes -> Bool in
            var lane = lanes[method, default: Lane()]
            if lane.waiting[uid] == nil { lane.turns.append(uid) }
            lane.waiting[uid, default: []].append(Call(token: token, work: work))
            let start = !lane.draining
            lane.draining = true
            lanes[method] = lane
            return start
        }
        if start {
            DispatchQueue.global().async { [self] in drain(method) }
        }
    }

    /// Runs the lane's calls until none is waiting.
    private func drain(_ method: String) {
        while let call = lanes.withLock({ lanes -> Call? in
            guard let call = lanes[method]?.next() else {
                lanes[method]?.draining = false
                return nil
            }
            return call
        }) {
            let reply = call.work()
            finished.withLock { $0.append((call.token, reply)) }
            wake()
        }
    }

    /// The replies finished since the last call, in the order they finished.
    func takeFinished() -> [(token: UInt64, reply: [UInt8]?)] {
        finished.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
