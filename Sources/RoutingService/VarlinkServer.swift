import CSystemShim
import Glibc
import Synchronization
import Varlink

/// Serves a ``VarlinkService`` on a ``UnixListener`` with one epoll event-loop thread, and runs the
/// handlers of blocking methods (``VarlinkInterface/blockingMethods``) on a queue of their own
/// (``BlockingCalls``), so a long call does not hold up the other clients.
///
/// Protocol and transport rules: messages are NUL-terminated JSON (varlink.org/Method-Call), handled
/// in order per connection, replies in call order; sockets are non-blocking; writes use `MSG_NOSIGNAL`
/// and SIGPIPE is ignored, so a vanished client is just closed (`EPIPE`/`ECONNRESET`). See
/// ``Limits`` for resource bounds.
///
/// Signals (signalfd(2)): `run()` blocks SIGTERM, SIGINT, SIGHUP and every signal passed to
/// ``onSignal(_:_:)`` in the calling thread and reads them from a signalfd in the same epoll set.
/// A process-directed signal is only seen if **every** thread blocks it, so a daemon should call
/// ``blockSignals(_:)`` first thing in `main`, before any thread (Dispatch included) starts, or call
/// `run()` on the main thread before starting others. SIGTERM and SIGINT stop the server (after their
/// registered actions, if any); SIGHUP does nothing unless an action is registered.
///
/// `Sendable`: configuration is immutable; mutable state is in `Mutex`/`Atomic`. The loop's own state
/// lives in an ``EventLoop`` confined to the thread that calls ``run()``.
public final class VarlinkServer: Sendable {
    /// Resource bounds, per connection unless stated.
    public struct Limits: Sendable {
        /// Longest accepted message in bytes, without its NUL. A longer one gets
        /// `org.varlink.service.InvalidParameter {"parameter":"message"}` and the connection is closed.
        public var maxMessageBytes = 8 << 20
        /// Open connections in total; further clients are accepted and closed at once.
        public var maxConnections = 1024
        /// Reply bytes queued for a client that does not read them, in bytes; above it the server stops
        /// reading (and handling) that client's messages until the queue drains.
        public var maxPendingReplyBytes = 8 << 20

        public init() {}
    }

    private let service: VarlinkService
    private let listener: UnixListener
    private let limits: Limits
    private let started = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)
    /// The running loop's eventfd, -1 when not running; the lock keeps ``stop()`` from writing to a
    /// descriptor that is being closed.
    private let wakeupDescriptor = Mutex<Int32>(-1)
    private let signalActions = Mutex<[Int32: [@Sendable () -> Void]]>([:])
    private let readyAction = Mutex<(@Sendable () -> Void)?>(nil)
    private let intervalActions = Mutex<[(microseconds: UInt64, action: @Sendable () -> Void)]>([])
    private let idleExitMilliseconds = Mutex<Int64?>(nil)
    private let stoppedIdle = Atomic<Bool>(false)

    public init(service: VarlinkService, listener: UnixListener, limits: Limits = .init()) {
        self.service = service
        self.listener = listener
        self.limits = limits
    }

    /// Called once on the loop thread when the listener, signalfd and wakeup descriptor are registered
    /// and the loop is about to wait (e.g. to send `READY=1` with sd_notify). Set before ``run()``.
    public var onReady: (@Sendable () -> Void)? {
        get { readyAction.withLock { $0 } }
        set { readyAction.withLock { $0 = newValue } }
    }

    /// Blocks `signals` in the calling thread's mask; threads created afterwards inherit it. Call it
    /// first thing in `main`, before any other thread exists, so process-directed signals stay pending
    /// for the server's signalfd instead of killing the process through another thread.
    /// - Throws: ``SystemError`` from pthread_sigmask(3) (`EINVAL` for an invalid signal number).
    public static func blockSignals(_ signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]) throws(SystemError) {
        try FileDescriptor.check("pthread_sigmask") {
            signals.withUnsafeBufferPointer { routingd_block_signals($0.baseAddress, Int32($0.count), nil) }
        }
    }

    /// Registers `action` to run on the loop thread whenever `signal` arrives (e.g. SIGHUP → reload).
    /// Call before ``run()``; later registrations take effect on the next `run()` (there is none).
    public func onSignal(_ signal: Int32, _ action: @escaping @Sendable () -> Void) {
        signalActions.withLock { $0[signal, default: []].append(action) }
    }

    /// Runs `action` on the loop thread every `microseconds` (> 0) microseconds, from a timerfd in the
    /// loop's epoll set, so a stuck loop runs no action (the systemd watchdog's `WATCHDOG=1`). At most
    /// 13 actions. Call before ``run()``.
    public func every(microseconds: UInt64, _ action: @escaping @Sendable () -> Void) {
        intervalActions.withLock { $0.append((max(microseconds, 1), action)) }
    }

    /// Makes ``run()`` return once no connection has been open for `seconds` seconds (> 0), e.g.
    /// for a socket-activated daemon whose service manager keeps the listening socket. Call before
    /// ``run()``; ``stoppedBecauseIdle`` then tells why it returned.
    public func exitWhenIdle(seconds: Double) {
        idleExitMilliseconds.withLock { $0 = Int64(max(seconds, 0.001) * 1000) }
    }

    /// True when ``run()`` returned because of ``exitWhenIdle(seconds:)``.
    public var stoppedBecauseIdle: Bool { stoppedIdle.load(ordering: .acquiring) }

    /// Runs the event loop on the calling thread until ``stop()``, SIGTERM or SIGINT.
    ///
    /// On return — normal or thrown — every connection and the listener are closed, a socket file the
    /// listener bound is unlinked (if it is still ours), and the thread's signal mask is restored.
    /// A server runs once: a second call throws `EALREADY`.
    /// - Throws: ``SystemError`` when setting up (eventfd, signalfd, epoll, registering the listener —
    ///   e.g. `EBADF` for a bad adopted descriptor) or the loop itself fails.
    public func run() throws(SystemError) {
        defer { listener.close() }
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SystemError(operation: "run", errno: EALREADY)
        }
        routingd_ignore_sigpipe()
        let wakeup = try WakeupEvent()
        wakeupDescriptor.withLock { $0 = wakeup.descriptor.rawValue }
        let blockingCalls = BlockingCalls(wake: { [self] in wake() })
        defer {
            wakeupDescriptor.withLock { $0 = -1 }
            wakeup.descriptor.close()
        }
        let actions = signalActions.withLock { $0 }
        let signalNumbers = Set([SIGTERM, SIGINT, SIGHUP]).union(actions.keys).sorted()
        let signals = try SignalDescriptor(signals: signalNumbers)
        defer { signals.close() }
        var timers: [PeriodicTimer] = []
        defer { for timer in timers { timer.close() } }
        for (microseconds, action) in intervalActions.withLock({ $0 }) {
            timers.append(try PeriodicTimer(intervalMicroseconds: microseconds, action: action))
        }
        let loop = try EventLoop(
            service: service, limits: limits, listener: listener, wakeup: wakeup, blockingCalls: blockingCalls, signals: signals,
            signalActions: actions, timers: timers, idleExitMilliseconds: idleExitMilliseconds.withLock { $0 },
            stopRequested: { self.stopRequested.load(ordering: .acquiring) })
        defer { stoppedIdle.store(loop.stoppedBecauseIdle, ordering: .releasing) }
        try loop.run(onReady: onReady)
    }

    /// Makes ``run()`` return soon (it finishes the current turn of the loop). Thread-safe; calling it
    /// before `run()` makes `run()` return right after setting up.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wake()
    }

    /// Wakes the running loop (its eventfd); a no-op when it is not running. The lock keeps the
    /// descriptor from being closed meanwhile.
    private func wake() {
        wakeupDescriptor.withLock { fd in
            guard fd >= 0 else { return }
            WakeupEvent(descriptor: FileDescriptor(rawValue: fd)).signal()
        }
    }
}
