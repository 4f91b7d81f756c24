import CSystemShim
import Glibc
import Varlink

/// The server's single-threaded epoll loop (epoll(7)): accepts connections, reads, dispatches each
/// complete message to the service, writes replies, and reads signals from a signalfd.
///
/// Fairness: each connection gets at most one recv(2) of 64 KiB and ``messageBudget`` handled messages
/// per turn; connections with messages left over are revisited without blocking in epoll_wait. A
/// handler runs on this thread, so a slow handler would delay every client: the handlers of blocking
/// methods run on ``BlockingCalls``' queue instead, and their replies come back through the wakeup
/// eventfd.
/// Confined to the thread that calls ``run(onReady:)``.
final class EventLoop {
    private enum Token {
        static let listener: UInt64 = 0
        static let signals: UInt64 = 1
        static let wakeup: UInt64 = 2
        /// Timers take tokens from here up to `firstConnection`.
        static let firstTimer: UInt64 = 3
        static let firstConnection: UInt64 = 16
    }

    /// Messages handled per connection per turn.
    private let messageBudget = 64
    /// How long accepting pauses after running out of descriptors or memory (`EMFILE`, `ENFILE`,
    /// `ENOBUFS`, `ENOMEM`), in milliseconds; level-triggered epoll would otherwise spin.
    private let acceptPauseMilliseconds: Int64 = 100

    private let service: VarlinkService
    private let limits: VarlinkServer.Limits
    private let listener: UnixListener
    private let wakeup: WakeupEvent
    private let blockingCalls: BlockingCalls
    private let signals: SignalDescriptor
    private let signalActions: [Int32: [@Sendable () -> Void]]
    private let stopRequested: () -> Bool
    private let epoll: Epoll
    private let readBuffer: UnsafeMutableRawBufferPointer

    private var connections: [UInt64: VarlinkConnection] = [:]
    /// Connections with complete messages not yet handled.
    private var backlog: Set<UInt64> = []
    private var nextToken = Token.firstConnection
    /// CLOCK_MONOTONIC milliseconds at which accepting resumes, while paused.
    private var acceptPausedUntil: Int64?
    private var stopping = false
    /// Periodic actions (e.g. the systemd watchdog ping), by token from `Token.firstTimer`.
    private let timers: [PeriodicTimer]
    /// With `--exit-idle`: how long, in milliseconds, the loop may go without an open connection
    /// before it stops; nil never.
    private let idleExitMilliseconds: Int64?
    /// CLOCK_MONOTONIC milliseconds since which no connection has been open; nil while one is.
    private var idleSince: Int64?
    /// True once the loop stopped because it was idle for `idleExitMilliseconds`.
    private(set) var stoppedBecauseIdle = false

    init(
        service: VarlinkService, limits: VarlinkServer.Limits, listener: UnixListener, wakeup: WakeupEvent,
        blockingCalls: BlockingCalls, signals: SignalDescriptor, signalActions: [Int32: [@Sendable () -> Void]],
        timers: [PeriodicTimer] = [], idleExitMilliseconds: Int64? = nil,
        stopRequested: @escaping () -> Bool
    ) throws(SystemError) {
        precondition(UInt64(timers.count) <= Token.firstConnection - Token.firstTimer, "too many timers")
        self.timers = timers
        self.idleExitMilliseconds = idleExitMilliseconds
        self.service = service
        self.limits = limits
        self.listener = listener
        self.wakeup = wakeup
        self.blockingCalls = blockingCalls
        self.signals = signals
        self.signalActions = signalActions
        self.stopRequested = stopRequested
        self.epoll = try Epoll()
        self.readBuffer = .allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        closeConnections()
        readBuffer.deallocate()
    }

    /// Runs until SIGTERM/SIGINT or `stopRequested()`; closes every connection before returning.
    /// - Throws: ``SystemError`` for failures of the loop itself (epoll, accept4 with an unexpected errno).
    func run(onReady: (@Sendable () -> Void)?) throws(SystemError) {
        defer { closeConnections() }
        try epoll.add(listener.descriptor, token: Token.listener, events: .readable)
        try epoll.add(signals.descriptor, token: Token.signals, events: .readable)
        try epoll.add(wakeup.descriptor, token: Token.wakeup, events: .readable)
        for (index, timer) in timers.enumerated() {
            try epoll.add(timer.descriptor, token: Token.firstTimer + UInt64(index), events: .readable)
        }
        idleSince = EventLoop.monotonicMilliseconds()
        onReady?()
        while !stopping && !stopRequested() {
            let events = try epoll.wait(timeoutMilliseconds: waitTimeout())
            for event in events where !stopping {
                switch event.token {
                case Token.listener: try acceptConnections()
                case Token.signals: handleSignals()
                case Token.wakeup:
                    wakeup.drain()
                    finishBlockingCalls()
                case Token.firstTimer..<Token.firstConnection:
                    let timer = timers[Int(event.token - Token.firstTimer)]
                    if timer.drain() > 0 { timer.action() }
                default:
                    if let connection = connections[event.token] { serve(connection, events: event.events) }
                }
            }
            for token in backlog where !stopping {
                if let connection = connections[token] { serve(connection, events: []) }
            }
            try resumeAcceptingIfDue()
            stopIfIdleTooLong()
        }
    }

    /// 0 while connections have messages waiting, else the nearest of the remaining accept pause and
    /// the idle deadline, or -1 (block).
    private func waitTimeout() -> Int32 {
        if !backlog.isEmpty { return 0 }
        let deadlines = [acceptPausedUntil, idleDeadline()].compactMap { $0 }
        guard let until = deadlines.min() else { return -1 }
        return Int32(clamping: max(0, until - EventLoop.monotonicMilliseconds()) + 1)
    }

    /// When the loop stops for want of connections, in CLOCK_MONOTONIC milliseconds; nil while a
    /// connection is open or without `idleExitMilliseconds`.
    private func idleDeadline() -> Int64? {
        guard let idleExitMilliseconds, let idleSince, connections.isEmpty else { return nil }
        return idleSince + idleExitMilliseconds
    }

    /// Stops the loop once no connection has been open for `idleExitMilliseconds`. A client that
    /// connects meanwhile waits in the listen backlog, which the service manager keeps for the next
    /// instance.
    private func stopIfIdleTooLong() {
        guard let deadline = idleDeadline(), EventLoop.monotonicMilliseconds() >= deadline else { return }
        stoppedBecauseIdle = true
        stopping = true
    }

    // MARK: Connections

    /// Accepts pending connections (at most 64 per turn) with accept4(SOCK_NONBLOCK | SOCK_CLOEXEC).
    /// Beyond `maxConnections` a connection is accepted and closed at once.
    private func acceptConnections() throws(SystemError) {
        for _ in 0..<64 {
            let fd = FileDescriptor.retryingOnInterrupt { routingd_accept4(listener.descriptor.rawValue) }
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return
                case ECONNABORTED, EPROTO, EPERM: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    try epoll.modify(listener.descriptor, token: Token.listener, events: [])
                    acceptPausedUntil = EventLoop.monotonicMilliseconds() + acceptPauseMilliseconds
                    return
                default: throw SystemError.current("accept4", path: listener.path)
                }
            }
            let descriptor = FileDescriptor(rawValue: fd)
            guard connections.count < limits.maxConnections else {
                descriptor.close()
                continue
            }
            var pid: Int32 = 0
            var uid: UInt32 = 0
            var gid: UInt32 = 0
            let peer =
                routingd_peer_credentials(fd, &pid, &uid, &gid) == 0 ? VarlinkPeer(pid: pid, uid: uid, gid: gid) : nil
            let connection = VarlinkConnection(descriptor: descriptor, token: nextToken, peer: peer, limits: limits)
            nextToken += 1
            do {
                try epoll.add(descriptor, token: connection.token, events: .readable)
            } catch {
                descriptor.close()
                continue
            }
            connection.registeredEvents = .readable
            connections[connection.token] = connection
            idleSince = nil
        }
    }

    private func resumeAcceptingIfDue() throws(SystemError) {
        guard let until = acceptPausedUntil, EventLoop.monotonicMilliseconds() >= until else { return }
        acceptPausedUntil = nil
        try epoll.modify(listener.descriptor, token: Token.listener, events: .readable)
    }

    /// Does one turn of work for `connection`: write, read, handle messages, write replies, then
    /// re-registers its epoll interest. Any I/O error (`ECONNRESET`, `EPIPE`, …) closes just it.
    private func serve(_ connection: VarlinkConnection, events: Epoll.Events) {
        if connection.awaitingReply && !events.intersection([.hangUp, .error]).isEmpty {
            // The client is gone while its blocking call runs: nobody can read the reply, and a
            // level-triggered hang-up would otherwise be reported on every turn until it is done.
            close(connection)
            return
        }
        do throws(SystemError) {
            if connection.wantsWrite && !events.isEmpty { try connection.flush() }
            if connection.wantsRead && !events.intersection([.readable, .hangUp, .error]).isEmpty {
                try connection.read(using: readBuffer)
            }
            connection.handleMessages(with: service, budget: messageBudget, blockingCalls: blockingCalls)
            try connection.flush()
            if connection.isFinished {
                close(connection)
                return
            }
            if connection.canHandleMessage && connection.pendingReplyBytes <= limits.maxPendingReplyBytes {
                backlog.insert(connection.token)
            } else {
                backlog.remove(connection.token)
            }
            var wanted: Epoll.Events = []
            if connection.wantsRead { wanted.insert(.readable) }
            if connection.wantsWrite { wanted.insert(.writable) }
            if wanted != connection.registeredEvents {
                try epoll.modify(connection.descriptor, token: connection.token, events: wanted)
                connection.registeredEvents = wanted
            }
        } catch {
            close(connection)
        }
    }

    /// Queues the replies of the blocking calls that finished, and serves their connections (the
    /// reply is written, the next message handled). A reply for a closed connection is dropped.
    private func finishBlockingCalls() {
        for (token, reply) in blockingCalls.takeFinished() {
            guard let connection = connections[token] else { continue }
            connection.finishBlockingCall(reply)
            serve(connection, events: [])
        }
    }

    private func close(_ connection: VarlinkConnection) {
        epoll.remove(connection.descriptor)
        connection.descriptor.close()
        connections[connection.token] = nil
        backlog.remove(connection.token)
        if connections.isEmpty { idleSince = EventLoop.monotonicMilliseconds() }
    }

    private func closeConnections() {
        for connection in connections.values { connection.descriptor.close() }
        connections = [:]
        backlog = []
    }

    // MARK: Signals

    /// Runs registered actions for each pending signal; SIGTERM and SIGINT then stop the loop.
    private func handleSignals() {
        for signal in signals.readPending() {
            for action in signalActions[signal, default: []] { action() }
            if signal == SIGTERM || signal == SIGINT { stopping = true }
        }
    }

    /// CLOCK_MONOTONIC in milliseconds.
    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
