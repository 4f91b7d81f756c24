// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// An eventfd (eventfd(2)) that other threads write to wake the event loop.
struct WakeupEvent: Sendable {
    let descriptor: FileDescriptor

    init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// - Throws: ``SystemError`` from eventfd(2).
    init() throws(SystemError) {
        descriptor = FileDescriptor(rawValue: try FileDescriptor.check("eventfd") { routingd_eventfd() })
    }

    /// Adds 1 to the counter, making the descriptor readable. Safe from any thread; never blocks
    /// (a saturated counter means a wakeup is pending anyway).
    func signal() {
        var one: UInt64 = 1
        _ = FileDescriptor.retryingOnInterrupt { write(descriptor.rawValue, &one, 8) }
    }

    /// Resets the counter to 0.
    func drain() {
        var value: UInt64 = 0
        _ = FileDescriptor.retryingOnInterrupt { read(descriptor.rawValue, &value, 8) }
    }
}
