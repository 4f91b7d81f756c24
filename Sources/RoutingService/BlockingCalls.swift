import Dispatch
import Synchronization

/// Runs the calls of blocking methods (``VarlinkInterface/blockingMethods``: `Reload()`, which reads
/// and validates every file, `Coverage.Validate`, whose document may be megabytes, and `ListApps`,
/// `Resolve` and `DecideApps`, whose replies grow with the catalogue) away from the event loop, and
/// hands their replies back to the loop.
///
/// Each method has a serial Dispatch queue of its own: calls of one method run one at a time (a
/// flood of `ListApps` takes one thread, not every core), and a call never waits behind another
/// method's (a `ListApps` does not wait for a `Reload()` of thousands of files). The loop keeps
/// serving every other client meanwhile; the calling connection handles its next message only once
/// its reply is queued, so replies keep call order (varlink.org/Method-Call), and each connection
/// has at most one call here at a time.
///
/// A finished call adds `(connection token, reply)` to a list and wakes the loop (the server's
/// wakeup eventfd, as ``VarlinkServer/stop()`` does); the loop takes the list when woken. A reply
/// for a connection closed meanwhile, or after the loop stopped, is dropped. Thread-safe.
final class BlockingCalls: Sendable {
    /// One serial queue per fully qualified method name, made on first use.
    private let queues = Mutex<[String: DispatchQueue]>([:])
    /// The replies the loop has not taken yet.
    private let finished = Mutex<[(token: UInt64, reply: [UInt8]?)]>([])
    /// Wakes the loop; a no-op once it has stopped.
    private let wake: @Sendable () -> Void

    /// - Parameter wake: wakes the loop, called after each finished call.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Runs `work`, a call of `method`, for the connection with `token` on that method's queue.
    func run(for token: UInt64, method: String, _ work: @escaping @Sendable () -> [UInt8]?) {
        let queue = queues.withLock { queues in
            if let queue = queues[method] { return queue }
            let queue = DispatchQueue(label: "org.routingd.blocking-calls.\(method)")
            queues[method] = queue
            return queue
        }
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
