// SPDX-License-Identifier: Apache-2.0
import Synchronization
import Varlink

/// Carries the replies of `more` calls (``VarlinkStream``) from whatever thread sends them — the
/// loop itself, a blocking call's thread, the reload thread publishing a change — to the event
/// loop, which queues them on their connections. One list for all streams, so replies keep the
/// order in which they were sent; each addition wakes the loop (the server's eventfd, as
/// ``BlockingCalls`` does). Replies for a connection closed meanwhile are dropped by the loop.
/// Thread-safe.
final class StreamReplies: Sendable {
    private let pending = Mutex<[(token: UInt64, reply: [UInt8], last: Bool)]>([])
    private let wake: @Sendable () -> Void

    /// - Parameter wake: wakes the loop, called after each addition.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// A stream whose replies go to the connection with `token`.
    func stream(for token: UInt64) -> VarlinkStream {
        VarlinkStream(deliver: { [self] reply, last in
            pending.withLock { $0.append((token, reply, last)) }
            wake()
        })
    }

    /// The replies added since the last call, in the order they were sent.
    func take() -> [(token: UInt64, reply: [UInt8], last: Bool)] {
        pending.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
