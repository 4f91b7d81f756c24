// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import Synchronization

/// Runs the calls of blocking methods (``VarlinkInterface/blockingMethods``: `Reload()`, which reads
/// and validates every file, `Coverage.Validate`, whose document may be megabytes, `ListApps`,
/// whose reply grows with the catalogue, and the location changes, which fsync a file) away from
/// the event loops, and hands their replies back to the loop of their connection. (The concurrent
/// methods, `Resolve` and `DecideApps`, are answered on the loops themselves, one per core.)
///
/// Each method has a lane of its own, which runs its calls one at a time, or up to `width(method)`
/// at once for a method whose calls only read a snapshot (``VarlinkInterface/concurrentMethods``,
/// when a transport sends them here): a flood of `ListApps` takes one thread, not every
/// core, and a call never waits behind another method's (a `ListApps` does not wait for a `Reload()`
/// of thousands of files). Within a lane the waiting calls are taken round-robin by peer uid
/// (`SO_PEERCRED`), so one user's backlog delays another user's call by at most one call per user
/// (per thread of the lane) ahead of it. The loop keeps serving every other client meanwhile; the
/// calling connection handles its next message only once its reply is queued, so replies keep call
/// order (varlink.org/Method-Call), and each connection has at most one call here at a time: calls
/// running side by side are always of different connections. No lock is held while a call runs
/// (and encodes its reply).
///
/// One instance serves every event loop of a server (the lanes' widths and fairness are the
/// server's, not a loop's). A finished call adds `(connection token, reply)` to the list of the loop
/// that owns the connection and wakes that loop (its wakeup eventfd, as ``VarlinkServer/stop()``
/// does); the loop takes its list when woken. A reply for a connection closed meanwhile, or after
/// the loop stopped, is dropped. Thread-safe.
final class BlockingCalls: Sendable {
    private struct Call {
        var token: UInt64
        /// The index of the event loop that owns the connection.
        var loop: Int
        var work: @Sendable () -> [UInt8]?
    }

    /// One method's waiting calls, by peer uid (nil: no credentials), and how many threads drain it.
    private struct Lane {
        var waiting: [UInt32?: [Call]] = [:]
        /// The uids with waiting calls, in the order they are served next.
        var turns: [UInt32?] = []
        var draining = 0
        /// How many threads may drain it at once.
        let width: Int

        init(width: Int) { self.width = width }

        /// The next call, round-robin by uid.
        mutating func next() -> Call? {
            guard !turns.isEmpty else { return nil }
            let uid = turns.removeFirst()
            // In place: a copy of the uid's calls taken out and put back was a new array per call.
            let call = waiting[uid]!.removeFirst()
            if waiting[uid]!.isEmpty {
                waiting[uid] = nil
            } else {
                turns.append(uid)
            }
            return call
        }

        /// Queues `call` of the peer with `uid`; true when a thread should start draining.
        mutating func add(_ call: Call, uid: UInt32?) -> Bool {
            if waiting[uid] == nil { turns.append(uid) }
            waiting[uid, default: []].append(call)
            let start = draining < width
            if start { draining += 1 }
            return start
        }
    }

    private let lanes = Mutex<[String: Lane]>([:])
    /// The replies each loop has not taken yet, by loop index.
    private let finished: Mutex<[[(token: UInt64, reply: [UInt8]?)]]>
    /// Wakes the loop with the given index; a no-op once it has stopped.
    private let wake: @Sendable (Int) -> Void

    /// How many calls of a method may run at once (at least 1).
    private let width: @Sendable (String) -> Int

    /// - Parameters:
    ///   - loops: how many event loops take replies (at least 1), indexed from 0.
    ///   - wake: wakes the loop with the given index, called after each call of its finished.
    ///   - width: how many calls of a method (fully qualified name) may run at once; 1 by default.
    init(loops: Int, wake: @escaping @Sendable (Int) -> Void, width: @escaping @Sendable (String) -> Int = { _ in 1 }) {
        self.finished = Mutex(Array(repeating: [], count: max(1, loops)))
        self.wake = wake
        self.width = width
    }

    /// For one event loop (index 0).
    convenience init(wake: @escaping @Sendable () -> Void, width: @escaping @Sendable (String) -> Int = { _ in 1 }) {
        self.init(loops: 1, wake: { _ in wake() }, width: width)
    }

    /// The threads a lane of concurrent calls uses: the cores this process may run on, at least 2.
    static let concurrentWidth: Int = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Runs `work`, a call of `method` by a peer with `uid`, for the connection with `token` of the
    /// loop with index `loop`, in that method's lane.
    func run(for token: UInt64, loop: Int = 0, method: String, uid: UInt32?, _ work: @escaping @Sendable () -> [UInt8]?) {
        let start = lanes.withLock { lanes -> Bool in
            // The width is asked once per method, when its lane is made.
            if lanes[method] == nil { lanes[method] = Lane(width: max(1, width(method))) }
            // Changed in place: a lane copied out and stored back copied its queues on every call.
            return lanes[method]!.add(Call(token: token, loop: loop, work: work), uid: uid)
        }
        if start {
            DispatchQueue.global().async { [self] in drain(method) }
        }
    }

    /// Runs the lane's calls until none is waiting (one of the lane's threads).
    private func drain(_ method: String) {
        while let call = lanes.withLock({ lanes -> Call? in
            guard let call = lanes[method]?.next() else {
                lanes[method]?.draining -= 1
                return nil
            }
            return call
        }) {
            let reply = call.work()
            finished.withLock { $0[call.loop].append((call.token, reply)) }
            wake(call.loop)
        }
    }

    /// The replies for the loop with index `loop` finished since its last call, in the order they
    /// finished.
    func takeFinished(loop: Int = 0) -> [(token: UInt64, reply: [UInt8]?)] {
        finished.withLock { lists in
            defer { lists[loop] = [] }
            return lists[loop]
        }
    }
}
