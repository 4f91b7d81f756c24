import Dispatch
import Synchronization

/// Runs the calls of blocking methods (``VarlinkInterface/blockingMethods``: `Reload()`, which reads
/// and validates every file, and `Coverage.Validate`, whose document may be megabytes) away from the
/// event loop, one at a time on a serial Dispatch queue, and hands their replies back to the loop.
///
/// The loop keeps serving every other client meanwhile; the calling connection handles its next
/// message only once its reply is queued, so replies keep call order (varlink.org/Method-Call).
/// A finished call adds `(connection token, reply)` to a list and signals the loop's eventfd; the
/// loop takes the list when the eventfd is readable. A reply for a connection closed meanwhile is
/// dropped. Thread-safe.
final class BlockingCalls: Sendable {
    private let queue = DispatchQueue(label: "org.routingd.blocking-calls")
    /// The loop's eventfd (-1 once the loop has stopped) and the replies it has not taken yet.
    private let state: Mutex<(wakeup: Int32, finished: [(token: UInt64, reply: [UInt8]?)])>

    /// - Parameter wakeup: the loop's eventfd, signalled after each finished call.
    init(wakeup: WakeupEvent) {
        state = Mutex((wakeup.descriptor.rawValue, []))
    }

    /// Runs `work` for the connection with `token` on the queue.
    func run(for token: UInt64, _ work: @escaping @Sendable () -> [UInt8]?) {
        queue.async { [self] in
            let reply = work()
            state.withLock { state in
                state.finished.append((token, reply))
                if state.wakeup >= 0 { WakeupEvent(descriptor: FileDescriptor(rawValue: state.wakeup)).signal() }
            }
        }
    }

    /// The replies finished since the last call, in the order they finished.
    func takeFinished() -> [(token: UInt64, reply: [UInt8]?)] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }

    /// Stops signalling the eventfd (the loop is about to close it). Calls still running finish and
    /// their replies are dropped.
    func detach() {
        state.withLock { $0.wakeup = -1 }
    }
}
