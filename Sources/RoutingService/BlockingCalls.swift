import Dispatch
import Synchronization

/// Runs the calls of blocking methods (``VarlinkInterface/blockingMethods``: `Reload()`, which reads
/// and validates every file, and `Coverage.Validate`, whose document may be megabytes) away from the
/// event loop, one at a time on a serial Dispatch queue, and hands their replies back to the loop.
///
/// The loop keeps serving every other client meanwhile; the calling connection handles its next
/// message only once its reply is queued, so replies keep call order (varlink.org/Method-Call).
/// A finished call adds `(connection token, reply)` to a list and wakes the loop (the server's
/// wakeup eventfd, as ``VarlinkServer/stop()`` does); the loop takes the list when woken. A reply
/// for a connection closed meanwhile, or after the loop stopped, is dropped. Thread-safe.
final class BlockingCalls: Sendable {
    private let queue = DispatchQueue(label: "org.routingd.blocking-calls")
    /// The replies the loop has not taken yet.
    private let finished = Mutex<[(token: UInt64, reply: [UInt8]?)]>([])
    /// Wakes the loop; a no-op once it has stopped.
    private let wake: @Sendable () -> Void

    /// - Parameter wake: wakes the loop, called after each finished call.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Runs `work` for the connection with `token` on the queue.
    func run(for token: UInt64, _ work: @escaping @Sendable () -> [UInt8]?) {
        queue.async { [self] in
            let reply = work()
            finished.withLock { $0.append((token, reply)) }
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
