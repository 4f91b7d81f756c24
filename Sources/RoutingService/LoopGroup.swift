// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization
import Varlink

/// What the event loops of one ``VarlinkServer`` share: the connection counts behind
/// `maxConnections` and `maxConnectionsPerUser` (a connection counts from its accept on loop 0 to
/// its close on whichever loop serves it), since when no connection has been open (for
/// `--exit-idle`), the connections loop 0 accepted for another loop and that loop has not adopted
/// yet, and the request to stop.
///
/// Loop 0 owns the listener, the signals and the timers; it accepts every connection and hands
/// them round-robin to the loops (itself included), each of which then serves its connections
/// alone: reads, handles their calls in order, writes. Thread-safe; each operation takes one lock.
final class LoopGroup: Sendable {
    /// A connection accepted by loop 0 for another loop.
    struct Handed: Sendable {
        let descriptor: Int32
        let peer: VarlinkPeer?
        let limitedUID: UInt32?
    }

    /// Why ``admit(limitedUID:maxTotal:maxPerUser:now:)`` refused a connection, with the count open.
    enum Refusal: Equatable {
        case total(open: Int)
        case perUser(open: Int)
    }

    private struct Counts {
        var total = 0
        var perUID: [UInt32: Int] = [:]
        /// CLOCK_MONOTONIC milliseconds since which no connection has been open; nil while one is.
        var idleSince: Int64?
    }

    /// How many loops the group has (at least 1), indexed from 0.
    let count: Int
    private let counts: Mutex<Counts>
    private let handed: Mutex<[[Handed]]>
    /// When each loop last showed it was turning (its deadline sweep), CLOCK_MONOTONIC milliseconds.
    private let beats: Mutex<[Int64]>
    private let stopping = Atomic<Bool>(false)
    /// Wakes the loop with the given index (its eventfd); a no-op once it has stopped.
    private let wake: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - count: the number of loops (at least 1).
    ///   - now: CLOCK_MONOTONIC milliseconds: no connection is open since then.
    ///   - wake: wakes the loop with the given index.
    init(count: Int, now: Int64, wake: @escaping @Sendable (Int) -> Void) {
        self.count = max(1, count)
        self.counts = Mutex(Counts(idleSince: now))
        self.handed = Mutex(Array(repeating: [], count: max(1, count)))
        self.beats = Mutex(Array(repeating: now, count: max(1, count)))
        self.wake = wake
    }

    /// Counts a new connection of a peer limited as `limitedUID` (nil: not limited per user), or
    /// says why it may not be opened (then nothing is counted).
    func admit(limitedUID: UInt32?, maxTotal: Int, maxPerUser: Int) -> Refusal? {
        counts.withLock { counts in
            guard counts.total < maxTotal else { return .total(open: counts.total) }
            if let limitedUID {
                let open = counts.perUID[limitedUID, default: 0]
                guard open < maxPerUser else { return .perUser(open: open) }
                counts.perUID[limitedUID] = open + 1
            }
            counts.total += 1
            counts.idleSince = nil
            return nil
        }
    }

    /// Counts a connection as closed (admitted with `limitedUID`).
    /// - Returns: true when it was the last open connection.
    @discardableResult
    func release(limitedUID: UInt32?, now: Int64) -> Bool {
        counts.withLock { counts in
            if let limitedUID {
                let open = counts.perUID[limitedUID, default: 1] - 1
                counts.perUID[limitedUID] = open > 0 ? open : nil
            }
            counts.total = max(0, counts.total - 1)
            if counts.total == 0 { counts.idleSince = now }
            return counts.total == 0
        }
    }

    /// Connections open on every loop (handed ones not adopted yet included).
    var open: Int { counts.withLock { $0.total } }

    /// Since when no connection has been open, in CLOCK_MONOTONIC milliseconds; nil while one is.
    var idleSince: Int64? { counts.withLock { $0.idleSince } }

    /// Gives the accepted connection `connection` to the loop with index `loop`, and wakes it.
    func hand(_ connection: Handed, to loop: Int) {
        handed.withLock { $0[loop].append(connection) }
        wake(loop)
    }

    /// The connections handed to the loop with index `loop` since its last call.
    func takeHanded(loop: Int) -> [Handed] {
        handed.withLock { lists in
            defer { lists[loop] = [] }
            return lists[loop]
        }
    }

    /// Wakes the loop with index `loop` (e.g. loop 0 when the last connection closed elsewhere, for
    /// `--exit-idle`).
    func wakeLoop(_ loop: Int) { wake(loop) }

    /// Records that the loop with index `loop` is turning at `now` (CLOCK_MONOTONIC milliseconds).
    func beat(loop: Int, now: Int64) {
        beats.withLock { $0[loop] = now }
    }

    /// True when every loop has turned within `milliseconds` before `now`: loop 0 runs the periodic
    /// actions (the systemd watchdog's `WATCHDOG=1`) only then, so that a stuck loop, whichever it
    /// is, stops the pings.
    func allLoopsTurned(within milliseconds: Int64, now: Int64) -> Bool {
        beats.withLock { $0.allSatisfy { now - $0 <= milliseconds } }
    }

    /// Asks every loop to stop, and wakes them.
    func stop() {
        stopping.store(true, ordering: .releasing)
        for loop in 0..<count { wake(loop) }
    }

    /// True once ``stop()`` was called.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }
}
