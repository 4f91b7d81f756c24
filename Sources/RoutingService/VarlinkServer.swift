// SPDX-License-Identifier: Apache-2.0
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
/// Streams: a `more` call of a streaming method (``VarlinkStreamingHandler``) gets a
/// ``VarlinkStream`` whose replies, sent from any thread, are queued on the connection by the loop
/// (``StreamReplies``), in order; the connection's next message waits for the last one. The loop never
/// waits for a slow reader: a connection that leaves more than `maxStreamBacklogBytes` of them unread
/// is closed, and closing a connection (the client's way of ending a stream) cancels its stream.
///
/// A server made with ``init(service:connection:limits:)`` serves one already connected client
/// instead of a listener (socket activation with a connected socket) and stops when it closes.
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
    /// Resource bounds, per connection unless stated. Times are in seconds.
    public struct Limits: Sendable {
        /// Longest accepted message in bytes, without its NUL. A longer one gets
        /// `org.varlink.service.InvalidParameter {"parameter":"message"}` and the connection is closed.
        public var maxMessageBytes = 8 << 20
        /// Open connections in total; further clients are accepted and closed at once. ``VarlinkServer/run()``
        /// lowers it, with a log line, when the process may not open that many descriptors
        /// (`RLIMIT_NOFILE`, after raising its soft limit to the hard one).
        public var maxConnections = 1024
        /// Open connections per peer uid (`SO_PEERCRED` at accept), so that one user cannot take every
        /// slot; nil for a quarter of ``maxConnections``. The uids in ``unlimitedUIDs`` are not limited
        /// by it, and a peer whose credentials cannot be read counts as one uid. Further connections
        /// of that uid are accepted and closed at once, with a log line (at most one per 10 s per uid,
        /// counting the rest).
        public var maxConnectionsPerUser: Int? = nil
        /// The uids ``maxConnectionsPerUser`` does not apply to: root, so that an administrator can
        /// always connect.
        public var unlimitedUIDs: Set<UInt32> = [0]
        /// Reply bytes queued for a client that does not read them; above it the server stops reading
        /// (and handling) that client's messages until the queue drains below it again. One reply larger
        /// than the bound is still queued and sent whole.
        public var maxPendingReplyBytes = 256 << 10
        /// Replies of a `more` call (a stream, such as `Monitor`) a client may leave unread. The
        /// server never waits for a slow reader: it queues each reply, and when one comes while more
        /// than this many bytes are still unread, it closes that connection (with a log line) rather
        /// than hold the replies, or the others, back. The client reconnects and starts again from
        /// the current state. One reply larger than the bound is still queued whole.
        public var maxStreamBacklogBytes = 1 << 20
        /// A connection without progress for this long is closed: nothing read from it, nothing it read
        /// of its replies, no call of it running. A client waiting for a long call's reply is not idle.
        public var idleTimeout: Double = 60
        /// A connection that has sent part of a message and not the rest for this long is closed
        /// (counted from when the server is ready to read the rest: no call of it running, replies
        /// within their bound).
        public var partialMessageTimeout: Double = 10
        /// Time spent handling one connection's messages in one turn of the loop, in seconds, on top of
        /// the 64-message budget; the rest waits for the next turn, after the other connections.
        public var turnBudget: Double = 0.002

        public init() {}

        /// ``maxConnectionsPerUser`` or its default, a quarter of ``maxConnections`` (at least 1).
        public var effectiveMaxConnectionsPerUser: Int { maxConnectionsPerUser ?? max(1, maxConnections / 4) }
    }

    private let service: VarlinkService
    private let listener: UnixListener?
    /// The connected socket served instead of a listener (``init(service:connection:limits:)``).
    private let connection: Int32?
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
    private let logger = Mutex<Log?>(nil)

    public init(service: VarlinkService, listener: UnixListener, limits: Limits = .init()) {
        self.service = service
        self.listener = listener
        self.connection = nil
        self.limits = limits
    }

    /// A server for one client already connected on `connection` (a socket passed by socket
    /// activation with `Accept=yes`, or by varlinkctl's `exec:` transport): ``run()`` serves it and
    /// returns once it is closed (or on SIGTERM, SIGINT, ``stop()``), closing the descriptor.
    public init(service: VarlinkService, connection: Int32, limits: Limits = .init()) {
        self.service = service
        self.listener = nil
        self.connection = connection
        self.limits = limits
    }

    /// True for a server of one connected client (``init(service:connection:limits:)``).
    public var servesOneConnection: Bool { connection != nil }

    /// Called once on the loop thread when the listener, signalfd and wakeup descriptor are registered
    /// and the loop is about to wait (e.g. to send `READY=1` with sd_notify). Set before ``run()``.
    public var onReady: (@Sendable () -> Void)? {
        get { readyAction.withLock { $0 } }
        set { readyAction.withLock { $0 = newValue } }
    }

    /// Where limits that bite (per-user and total connection caps, deadlines, the descriptor limit)
    /// are reported, each kind at most once per 10 s with a count of the rest; nil for silence. Set
    /// before ``run()``.
    public var log: Log? {
        get { logger.withLock { $0 } }
        set { logger.withLock { $0 = newValue } }
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
        defer { listener?.close() }
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SystemError(operation: "run", errno: EALREADY)
        }
        routingd_ignore_sigpipe()
        let wakeup = try WakeupEvent()
        wakeupDescriptor.withLock { $0 = wakeup.descriptor.rawValue }
        let service = service
        let blockingCalls = BlockingCalls(
            wake: { [self] in wake() },
            width: { service.runsConcurrently($0) ? BlockingCalls.concurrentWidth : 1 })
        let streams = StreamReplies(wake: { [self] in wake() })
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
        let log = logger.withLock { $0 }
        let limits = Self.fitDescriptorLimit(limits, log: log)
        let loop = try EventLoop(
            service: service, limits: limits, log: log, listener: listener, connection: connection, wakeup: wakeup, blockingCalls: blockingCalls, streams: streams, signals: signals,
            signalActions: actions, timers: timers, idleExitMilliseconds: idleExitMilliseconds.withLock { $0 },
            stopRequested: { self.stopRequested.load(ordering: .acquiring) })
        defer { stoppedIdle.store(loop.stoppedBecauseIdle, ordering: .releasing) }
        try loop.run(onReady: onReady)
    }

    /// Descriptors kept free for everything but connections (listener, epoll, signalfd, timers, files
    /// a reload reads, the journal).
    static let reservedDescriptors = 64

    /// `limits` with `maxConnections` lowered to fit `RLIMIT_NOFILE` (less ``reservedDescriptors``),
    /// after raising the soft limit to the hard one if needed (setrlimit(2)); logs when it lowers it.
    static func fitDescriptorLimit(_ limits: Limits, log: Log?) -> Limits {
        var limits = limits
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return limits }
        let wanted = rlim_t(limits.maxConnections + reservedDescriptors)
        if limit.rlim_cur != rlim_t.max && limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? wanted : min(wanted, limit.rlim_max)
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        if limit.rlim_cur != rlim_t.max && limit.rlim_cur < wanted {
            let fitting = max(1, Int(limit.rlim_cur) - reservedDescriptors)
            log?.warning(
                "at most \(fitting) connections instead of \(limits.maxConnections): the descriptor limit (RLIMIT_NOFILE, ulimit -n) is \(limit.rlim_cur); raise it (LimitNOFILE= in the unit) or lower --max-connections")
            limits.maxConnections = fitting
        }
        return limits
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
