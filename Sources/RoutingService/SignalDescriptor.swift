// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// Signals delivered through a signalfd (signalfd(2)) instead of asynchronous handlers.
///
/// signalfd only receives signals that are blocked: process-directed signals go to any thread that
/// does not block them, so a process must block them **before it starts other threads** (see
/// ``VarlinkServer/blockSignals(_:)``); otherwise a thread that does not block SIGTERM takes the
/// default action and the process dies without cleanup. Creating this blocks the signals in the
/// calling thread; ``close()`` restores that thread's previous mask.
/// Confined to the thread that created it (a signalfd reads the creating thread's pending signals).
final class SignalDescriptor {
    let descriptor: FileDescriptor
    private var previousMask = sigset_t()
    private var isClosed = false

    /// - Throws: ``SystemError`` from pthread_sigmask(3) or signalfd(2).
    init(signals: [Int32]) throws(SystemError) {
        var mask = sigset_t()
        try FileDescriptor.check("pthread_sigmask") {
            signals.withUnsafeBufferPointer { routingd_block_signals($0.baseAddress, Int32($0.count), &mask) }
        }
        previousMask = mask
        do throws(SystemError) {
            descriptor = FileDescriptor(
                rawValue: try FileDescriptor.check("signalfd") {
                    signals.withUnsafeBufferPointer { routingd_signalfd($0.baseAddress, Int32($0.count)) }
                })
        } catch {
            _ = routingd_set_signal_mask(&mask)
            throw error
        }
    }

    /// Reads every pending signal.
    /// - Returns: Signal numbers in arrival order (each standard signal at most once while pending).
    func readPending() -> [Int32] {
        var signals: [Int32] = []
        while true {
            let signal = FileDescriptor.retryingOnInterrupt { routingd_read_signal(descriptor.rawValue) }
            if signal < 0 { return signals }
            signals.append(signal)
        }
    }

    /// Closes the descriptor and restores the calling thread's previous signal mask.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        descriptor.close()
        _ = routingd_set_signal_mask(&previousMask)
    }

    deinit { close() }
}
