// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import Synchronization
import Varlink

/// Serves a ``VarlinkService`` on a ``UnixListener`` with one epoll event-loop thread per core
/// (``Limits/eventLoops``), and runs the handlers of blocking methods
/// (``VarlinkInterface/blockingMethods``) on a queue of their own (``BlockingCalls``), so a long
/// call does not hold up the other clients.
///
/// Loops: the thread that calls ``run()`` runs loop 0, which accepts every connection and hands
/// them round-robin to the loops (itself included); each loop then reads, answers and writes for
/// its own connections, so a connection's messages are always handled by one thread, in order.
/// Calls of concurrent methods (``VarlinkInterface/concurrentMethods``: they compute on a
/// snapshot and never wait) are answered on the connection's loop, without a hand-off; the other
/// blocking methods (a reload, a state file's fsync, replies that grow with the catalogue) still go
/// to ``BlockingCalls``. Loop 0 also reads the signals and runs the periodic actions. Connection
/// limits count over every loop (``LoopGroup``).
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
/// `Sendable`: configuration is immutable; mutable state is in `Mutex`/`Atomic`. Each loop's own
/// state lives in an ``EventLoop`` confined to its thread.
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
        /// Event-loop threads serving connections (not a per-connection bound); nil for one per CPU
        /// this process may run on (sched_getaffinity(2), e.g. as narrowed by `taskset` or
        /// `CPUAffinity=`), at most 64. A server of one passed connection uses one.
        public var eventLoops: Int? = nil

        public init() {}

        /// ``eventLoops`` or its default, the CPUs this process may run on (at least 1, at most 64).
        public var effectiveEventLoops: Int { max(1, min(eventLoops ?? VarlinkServer.availableCPUs(), 64)) }

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
    /// The running loops' eventfds by loop index, empty when not running; the lock keeps ``stop()``
    /// and finished calls from writing to a descriptor that is being closed.
    private let wakeupDescriptors = Mutex<[Int32]>([])
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

    /// Runs `action` on loop 0's thread every `microseconds` (> 0) microseconds, from a timerfd in
    /// that loop's epoll set, so a stuck loop runs no action (the systemd watchdog's `WATCHDOG=1`);
    /// nor does it while any other loop has not turned for 2 s (``EventLoop/stalledMilliseconds``).
    /// At most 13 actions. Call before ``run()``.
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
        let log = logger.withLock { $0 }
        let limits = Self.fitDescriptorLimit(limits, log: log)
        let loopCount = connection == nil ? limits.effectiveEventLoops : 1
        var wakeups: [WakeupEvent] = []
        defer {
            wakeupDescriptors.withLock { $0 = [] }
            for wakeup in wakeups { wakeup.descriptor.close() }
        }
        for _ in 0..<loopCount { wakeups.append(try WakeupEvent()) }
        wakeupDescriptors.withLock { $0 = wakeups.map(\.descriptor.rawValue) }
        let service = service
        let blockingCalls = BlockingCalls(
            loops: loopCount, wake: { [self] in wake($0) },
            width: { service.runsConcurrently($0) ? BlockingCalls.concurrentWidth : 1 })
        let group = LoopGroup(count: loopCount, now: EventLoop.monotonicMilliseconds(), wake: { [self] in wake($0) })
        let actions = signalActions.withLock { $0 }
        let signalNumbers = Set([SIGTERM, SIGINT, SIGHUP]).union(actions.keys).sorted()
        // Blocks the signals in this thread; the other loops' threads, started below, inherit that.
        let signals = try SignalDescriptor(signals: signalNumbers)
        defer { signals.close() }
        var timers: [PeriodicTimer] = []
        defer { for timer in timers { timer.close() } }
        for (microseconds, action) in intervalActions.withLock({ $0 }) {
            timers.append(try PeriodicTimer(intervalMicroseconds: microseconds, action: action))
        }
        let stopRequested = { self.stopRequested.load(ordering: .acquiring) || group.isStopping }
        var loops: [EventLoop] = []
        for index in 0..<loopCount {
            loops.append(try EventLoop(
                service: service, limits: limits, log: log, listener: index == 0 ? listener : nil,
                connection: index == 0 ? connection : nil, wakeup: wakeups[index], blockingCalls: blockingCalls,
                streams: StreamReplies(wake: { [self] in wake(index) }), signals: index == 0 ? signals : nil,
                signalActions: index == 0 ? actions : [:], timers: index == 0 ? timers : [],
                idleExitMilliseconds: index == 0 ? idleExitMilliseconds.withLock { $0 } : nil,
                index: index, group: group, stopRequested: stopRequested))
        }
        // The other loops' threads; whichever loop stops first (an error) stops them all.
        let failure = FirstFailure()
        var threads: [pthread_t] = []
        defer {
            group.stop()
            for thread in threads { pthread_join(thread, nil) }
        }
        for loop in loops.dropFirst() {
            let thread = try Self.startThread {
                do throws(SystemError) {
                    try loop.run(onReady: nil)
                } catch {
                    failure.record(error)
                }
                group.stop()
            }
            threads.append(thread)
        }
        defer { stoppedIdle.store(loops[0].stoppedBecauseIdle, ordering: .releasing) }
        try loops[0].run(onReady: onReady)
        group.stop()
        for thread in threads { pthread_join(thread, nil) }
        threads = []
        if let error = failure.error { throw error }
    }

    /// The first error of the other loops' threads.
    private final class FirstFailure: Sendable {
        private let first = Mutex<SystemError?>(nil)
        func record(_ error: SystemError) { first.withLock { $0 = $0 ?? error } }
        var error: SystemError? { first.withLock { $0 } }
    }

    /// The CPUs this process may run on (sched_getaffinity(2)); sysconf's online count if that fails.
    static func availableCPUs() -> Int {
        let count = Int(routingd_available_cpus())
        if count > 0 { return count }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Runs `body` on a new thread (pthread_create(3)), which inherits the calling thread's signal mask.
    /// - Throws: ``SystemError`` from pthread_create(3); then `body` does not run.
    private static func startThread(_ body: @escaping () -> Void) throws(SystemError) -> pthread_t {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var handle = pthread_t()
        let rc = pthread_create(&handle, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        guard rc == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw SystemError(operation: "pthread_create", errno: rc)
        }
        return handle
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

    /// Makes ``run()`` return soon (each loop finishes its current turn). Thread-safe; calling it
    /// before `run()` makes `run()` return right after setting up.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        let count = wakeupDescriptors.withLock { $0.count }
        for loop in 0..<count { wake(loop) }
    }

    /// Wakes the running loop with index `loop` (its eventfd); a no-op when it is not running. The
    /// lock keeps the descriptor from being closed meanwhile.
    private func wake(_ loop: Int) {
        wakeupDescriptors.withLock { fds in
            guard loop < fds.count else { return }
            WakeupEvent(descriptor: FileDescriptor(rawValue: fds[loop])).signal()
        }
    }
}
