// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// A periodic CLOCK_MONOTONIC timer the event loop waits on like any descriptor (timerfd_create(2)):
/// its action runs on the loop thread, so a loop that is stuck runs no action (which is what the
/// systemd watchdog wants to notice). Confined to the event-loop thread.
final class PeriodicTimer {
    let descriptor: FileDescriptor
    /// Runs once per expiry batch (missed expiries are not replayed).
    let action: @Sendable () -> Void

    /// - Parameter intervalMicroseconds: the period in microseconds, > 0; the first expiry is one
    ///   period from now.
    /// - Throws: ``SystemError`` from timerfd_create(2) or timerfd_settime(2).
    init(intervalMicroseconds: UInt64, action: @escaping @Sendable () -> Void) throws(SystemError) {
        descriptor = FileDescriptor(
            rawValue: try FileDescriptor.check("timerfd_create") { routingd_timerfd_periodic(intervalMicroseconds) })
        self.action = action
    }

    /// Reads the expiry count (resetting it); 0 when the timer has not expired.
    func drain() -> UInt64 {
        var expirations: UInt64 = 0
        let n = FileDescriptor.retryingOnInterrupt { read(descriptor.rawValue, &expirations, 8) }
        return n == 8 ? expirations : 0
    }

    func close() { descriptor.close() }
}
