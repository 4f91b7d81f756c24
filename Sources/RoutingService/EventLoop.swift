// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import Varlink

/// One of the server's epoll loops (epoll(7)), one thread each: reads its connections, dispatches
/// each complete message to the service, writes replies. Loop 0 also accepts every connection and
/// hands them round-robin to the loops of its ``LoopGroup`` (itself included), reads signals from a
/// signalfd and runs the periodic timers; the others only serve the connections handed to them.
/// A call of a concurrent method (`Resolve`, `DecideApps`) is answered on the loop of its
/// connection, so with a loop per core such calls of different connections use every core.
///
/// Fairness: each connection gets at most one recv(2) of 64 KiB, ``messageBudget`` handled messages
/// and `turnBudget` of time per turn; connections with messages left over are revisited without
/// blocking in epoll_wait. A handler runs on this thread, so a slow handler would delay every client of this loop:
/// the handlers of blocking methods run on ``BlockingCalls``' queues instead, and their replies come
/// back through the wakeup eventfd, as do the replies of streams (`more` calls), which the loop
/// queues on their connections (closing one that leaves too many unread). Pending signals are also read between connections, at least
/// every ``signalPollMilliseconds``, so a long turn does not delay SIGTERM.
///
/// Deadlines and caps (``VarlinkServer/Limits``): a timerfd sweeps every connection every
/// ``sweepMilliseconds`` and closes those idle for `idleTimeout` or waiting for the rest of a message
/// for `partialMessageTimeout`; at accept, a connection beyond `maxConnections` or beyond its peer
/// uid's `maxConnectionsPerUser` is closed at once (counted over every loop, ``LoopGroup``). Each is
/// logged through ``LimitLog``. Confined to the thread that calls ``run(onReady:)``.
final class EventLoop {
    private enum Token {
        static let listener: UInt64 = 0
        static let signals: UInt64 = 1
        static let wakeup: UInt64 = 2
        /// Timers take tokens from here up to `sweep`.
        static let firstTimer: UInt64 = 3
        static let sweep: UInt64 = 16
        static let firstConnection: UInt64 = 17
    }

    /// Messages handled per connection per turn.
    private let messageBudget = 64
    /// How long accepting pauses after running out of descriptors or memory (`EMFILE`, `ENFILE`,
    /// `ENOBUFS`, `ENOMEM`), in milliseconds; level-triggered epoll would otherwise spin.
    private let acceptPauseMilliseconds: Int64 = 100
    /// How often the deadlines are checked, in milliseconds: they are coarse by this much.
    static let sweepMilliseconds: UInt64 = 250
    /// How long a loop may go without a sweep before loop 0 stops running the periodic actions (the
    /// watchdog ping), in milliseconds: several sweeps, more than a long turn.
    static let stalledMilliseconds: Int64 = 2000
    /// Longest time between reads of pending signals within a turn, in milliseconds.
    static let signalPollMilliseconds: Int64 = 20
    /// Longest time a reply made in a turn waits for the turn's end, in nanoseconds: past it the
    /// replies made so far are written at once (a long turn of many busy connections).
    static let flushAfterNanoseconds: UInt64 = 1_000_000

    private let service: VarlinkService
    private let limits: VarlinkServer.Limits
    private var limitLog: LimitLog
    private let turnBudgetNanoseconds: UInt64
    private let idleTimeoutMilliseconds: Int64
    private let partialTimeoutMilliseconds: Int64
    private let maxConnectionsPerUser: Int
    /// This loop's index in `group`; 0 accepts, reads signals and runs the timers.
    private let index: Int
    /// The loops of the server: shared connection counts, hand-off of accepted connections, stop.
    private let group: LoopGroup
    /// The loop the next accepted connection goes to (loop 0 only).
    private var nextLoop = 0
    /// CLOCK_MONOTONIC milliseconds of the last read of pending signals.
    private var lastSignalPoll: Int64 = 0
    /// Where clients connect; nil when the loop serves one already connected client.
    private let listener: UnixListener?
    /// The one connected client served without a listener; the loop stops when it closes.
    private let initialConnection: Int32?
    private let wakeup: WakeupEvent
    private let blockingCalls: BlockingCalls
    private let streams: StreamReplies
    /// Loop 0's signalfd; nil for the other loops.
    private let signals: SignalDescriptor?
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
    /// True once the loop stopped because it was idle for `idleExitMilliseconds`.
    private(set) var stoppedBecauseIdle = false

    init(
        service: VarlinkService, limits: VarlinkServer.Limits, log: Log? = nil, listener: UnixListener?,
        connection: Int32? = nil, wakeup: WakeupEvent,
        blockingCalls: BlockingCalls, streams: StreamReplies, signals: SignalDescriptor?, signalActions: [Int32: [@Sendable () -> Void]],
        timers: [PeriodicTimer] = [], idleExitMilliseconds: Int64? = nil, index: Int = 0, group: LoopGroup,
        stopRequested: @escaping () -> Bool
    ) throws(SystemError) {
        precondition(UInt64(timers.count) <= Token.sweep - Token.firstTimer, "too many timers")
        self.limitLog = LimitLog(log: log)
        self.turnBudgetNanoseconds = UInt64(max(0, min(limits.turnBudget, 1)) * 1e9)
        self.idleTimeoutMilliseconds = Self.milliseconds(limits.idleTimeout)
        self.partialTimeoutMilliseconds = Self.milliseconds(limits.partialMessageTimeout)
        self.maxConnectionsPerUser = limits.effectiveMaxConnectionsPerUser
        self.timers = timers
        self.idleExitMilliseconds = idleExitMilliseconds
        self.service = service
        self.limits = limits
        self.listener = listener
        self.initialConnection = connection
        self.wakeup = wakeup
        self.blockingCalls = blockingCalls
        self.streams = streams
        self.signals = signals
        self.signalActions = signalActions
        self.stopRequested = stopRequested
        self.index = index
        self.group = group
        self.epoll = try Epoll()
        self.readBuffer = .allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        closeConnections()
        readBuffer.deallocate()
    }

    /// `seconds` in milliseconds, at least 1; a huge or infinite value is clamped.
    private static func milliseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return Int64.max / 2 }
        return Int64(max(0.001, min(seconds, 1e12)) * 1000)
    }

    /// Runs until SIGTERM/SIGINT or `stopRequested()`; closes every connection before returning.
    /// - Throws: ``SystemError`` for failures of the loop itself (epoll, accept4 with an unexpected errno).
    func run(onReady: (@Sendable () -> Void)?) throws(SystemError) {
        defer { closeConnections() }
        if let listener { try epoll.add(listener.descriptor, token: Token.listener, events: .readable) }
        if let initialConnection {
            _ = group.admit(limitedUID: nil, maxTotal: Int.max, maxPerUser: Int.max)
            guard adopt(initialConnection, peer: Self.peer(of: initialConnection), limitedUID: nil, now: EventLoop.monotonicMilliseconds()) else {
                throw SystemError(operation: "epoll_ctl (the passed connection)", errno: EBADF)
            }
        }
        if let signals { try epoll.add(signals.descriptor, token: Token.signals, events: .readable) }
        try epoll.add(wakeup.descriptor, token: Token.wakeup, events: .readable)
        for (index, timer) in timers.enumerated() {
            try epoll.add(timer.descriptor, token: Token.firstTimer + UInt64(index), events: .readable)
        }
        // Fires every sweepMilliseconds: the deadlines' check.
        let sweepTimer = try PeriodicTimer(intervalMicroseconds: EventLoop.sweepMilliseconds * 1000, action: {})
        defer { sweepTimer.close() }
        try epoll.add(sweepTimer.descriptor, token: Token.sweep, events: .readable)
        lastSignalPoll = EventLoop.monotonicMilliseconds()
        onReady?()
        while !stopping && !stopRequested() {
            let events = try epoll.wait(timeoutMilliseconds: waitTimeout())
            for event in events where !stopping {
                switch event.token {
                case Token.listener: try acceptConnections()
                case Token.signals: handleSignals()
                case Token.wakeup:
                    wakeup.drain()
                    adoptHandedConnections()
                    finishBlockingCalls()
                    queueStreamReplies()
                case Token.firstTimer..<Token.sweep:
                    let timer = timers[Int(event.token - Token.firstTimer)]
                    if timer.drain() > 0 && loopsAreTurning() { timer.action() }
                case Token.sweep:
                    if sweepTimer.drain() > 0 { sweep() }
                default:
                    if let connection = connections[event.token] { serve(connection, events: event.events) }
                    pollSignalsIfDue()
                }
                finishServingIfLate()
            }
            for token in backlog where !stopping {
                if let connection = connections[token] { serve(connection, events: []) }
                pollSignalsIfDue()
                finishServingIfLate()
            }
            finishServing()
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
    /// connection is open on any loop or without `idleExitMilliseconds` (only loop 0 has it).
    private func idleDeadline() -> Int64? {
        guard let idleExitMilliseconds, connections.isEmpty, let idleSince = group.idleSince else { return nil }
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
    /// Beyond `maxConnections`, or beyond `maxConnectionsPerUser` for its peer uid (except
    /// `unlimitedUIDs`; a peer without credentials counts as one uid, `UInt32.max`), a connection
    /// is accepted and closed at once, and the refusal logged.
    private func acceptConnections() throws(SystemError) {
        guard let listener else { return }
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
            let now = EventLoop.monotonicMilliseconds()
            let peer = Self.peer(of: fd)
            let limitedUID: UInt32? = peer.map { limits.unlimitedUIDs.contains($0.uid) ? nil : $0.uid } ?? UInt32.max
            switch group.admit(limitedUID: limitedUID, maxTotal: limits.maxConnections, maxPerUser: maxConnectionsPerUser) {
            case nil:
                break
            case .total(let open):
                FileDescriptor(rawValue: fd).close()
                limitLog.report(
                    "total", .warning,
                    "refused a connection: \(open) are open, the limit (--max-connections)", now: now)
                continue
            case .perUser(let open):
                FileDescriptor(rawValue: fd).close()
                let who = limitedUID == UInt32.max ? "a peer without credentials" : "uid \(limitedUID ?? 0)"
                limitLog.report(
                    "uid \(limitedUID ?? 0)", .warning,
                    "refused a connection from \(who): it has \(open) open, the per-user limit (--max-connections-per-user)",
                    now: now)
                continue
            }
            // Round-robin over the loops: each core serves its share of the connections.
            let target = nextLoop
            nextLoop = (nextLoop + 1) % group.count
            if target == index {
                _ = adopt(fd, peer: peer, limitedUID: limitedUID, now: now)
            } else {
                group.hand(LoopGroup.Handed(descriptor: fd, peer: peer, limitedUID: limitedUID), to: target)
            }
        }
    }

    /// Serves the connections loop 0 handed to this loop.
    private func adoptHandedConnections() {
        let handed = group.takeHanded(loop: index)
        guard !handed.isEmpty else { return }
        let now = EventLoop.monotonicMilliseconds()
        for connection in handed {
            if stopping || stopRequested() {
                FileDescriptor(rawValue: connection.descriptor).close()
                releaseCount(limitedUID: connection.limitedUID, now: now)
                continue
            }
            _ = adopt(connection.descriptor, peer: connection.peer, limitedUID: connection.limitedUID, now: now)
        }
    }

    /// The process at the other end of `fd` (`SO_PEERCRED`), nil when unknown.
    private static func peer(of fd: Int32) -> VarlinkPeer? {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        return routingd_peer_credentials(fd, &pid, &uid, &gid) == 0 ? VarlinkPeer(pid: pid, uid: uid, gid: gid) : nil
    }

    /// Serves the connected socket `fd`, already counted in `group`, from now on (registers it for
    /// reading); closes it, uncounts it and returns false when epoll refuses it.
    private func adopt(_ fd: Int32, peer: VarlinkPeer?, limitedUID: UInt32?, now: Int64) -> Bool {
        let descriptor = FileDescriptor(rawValue: fd)
        let connection = VarlinkConnection(descriptor: descriptor, token: nextToken, peer: peer, limits: limits, now: now)
        connection.limitedUID = limitedUID
        nextToken += 1
        do {
            try epoll.add(descriptor, token: connection.token, events: .readable)
        } catch {
            descriptor.close()
            releaseCount(limitedUID: limitedUID, now: now)
            return false
        }
        connection.registeredEvents = .readable
        connections[connection.token] = connection
        return true
    }

    private func resumeAcceptingIfDue() throws(SystemError) {
        guard let listener, let until = acceptPausedUntil, EventLoop.monotonicMilliseconds() >= until else { return }
        acceptPausedUntil = nil
        try epoll.modify(listener.descriptor, token: Token.listener, events: .readable)
    }

    /// Does one turn of work for `connection`: write, read, handle messages; its replies are written
    /// and its epoll interest updated at the end of the turn (``finishServing()``). Any I/O error
    /// (`ECONNRESET`, `EPIPE`, …) closes just it.
    private func serve(_ connection: VarlinkConnection, events: Epoll.Events) {
        if connection.callInProgress && !events.intersection([.hangUp, .error]).isEmpty {
            // The client is gone while its blocking call runs or its stream is open: nobody can read
            // the replies, and a level-triggered hang-up would otherwise be reported on every turn.
            close(connection)
            return
        }
        do throws(SystemError) {
            if connection.wantsWrite && !events.isEmpty { try connection.flush() }
            if connection.wantsRead && !events.intersection([.readable, .hangUp, .error]).isEmpty {
                try connection.read(using: readBuffer)
            }
            connection.handleMessages(
                with: service, budget: messageBudget, deadline: EventLoop.monotonicNanoseconds() &+ turnBudgetNanoseconds,
                blockingCalls: blockingCalls, streams: streams, loop: index)
            if !connection.turnPending {
                connection.turnPending = true
                if unflushed.isEmpty { firstUnflushedAt = EventLoop.monotonicNanoseconds() }
                unflushed.append(connection)
            }
        } catch {
            close(connection)
        }
    }

    /// The connections served this turn, whose replies are not written yet. Every ready
    /// connection's calls are answered first and then the replies written together, as redis does
    /// before it sleeps: a client with many connections is woken once for many replies, not once
    /// per reply while the loop still works (measured: `Resolve` 8–28 % more calls a second at 16
    /// and 64 connections, `scripts/benchmark-socket`).
    private var unflushed: [VarlinkConnection] = []
    /// When the first of `unflushed` was served (CLOCK_MONOTONIC nanoseconds).
    private var firstUnflushedAt: UInt64 = 0

    /// ``finishServing()`` when the first reply waiting for the turn's end has waited
    /// ``flushAfterNanoseconds``: many busy connections in one turn do not hold every reply back
    /// until the last of them is answered.
    private func finishServingIfLate() {
        guard !unflushed.isEmpty,
            EventLoop.monotonicNanoseconds() &- firstUnflushedAt >= EventLoop.flushAfterNanoseconds
        else { return }
        finishServing()
    }

    /// Writes the replies of the connections served this turn and updates their epoll interest
    /// (``finish(_:)``); a connection closed meanwhile is skipped.
    private func finishServing() {
        // finish(_:) serves no connection, so the list does not change while it is walked.
        defer { unflushed.removeAll(keepingCapacity: true) }
        for connection in unflushed {
            connection.turnPending = false
            if connection.isClosed { continue }
            do throws(SystemError) {
                try finish(connection)
            } catch {
                close(connection)
            }
        }
    }

    /// The end of a connection's turn: writes its replies, closes it when it is done, keeps it in
    /// the backlog while it has messages waiting, and re-registers its epoll interest.
    private func finish(_ connection: VarlinkConnection) throws(SystemError) {
        try connection.flush()
        if connection.inputClosed && connection.openStream != nil {
            // Closing the connection is how a client ends a stream (a Monitor it no longer wants).
            close(connection)
            return
        }
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
    }

    /// Queues the replies of the blocking calls that finished, and serves their connections (the
    /// reply is written, the next message handled). A reply for a closed connection is dropped.
    private func finishBlockingCalls() {
        for (token, reply) in blockingCalls.takeFinished(loop: index) {
            guard let connection = connections[token] else { continue }
            connection.finishBlockingCall(reply)
            serve(connection, events: [])
        }
    }

    /// Queues the replies streams sent since the last turn on their connections, and serves those
    /// (the replies are written; after a stream's last reply the next message is handled). A
    /// connection that left more than `maxStreamBacklogBytes` unread is closed and its stream
    /// cancelled, so one slow reader never holds up the others or the sender.
    private func queueStreamReplies() {
        var touched: [UInt64] = []
        for (token, reply, last) in streams.take() {
            guard let connection = connections[token] else { continue }
            if connection.queueStreamReply(reply, last: last) {
                if touched.last != token { touched.append(token) }
                continue
            }
            let unread = connection.pendingReplyBytes
            close(connection)
            let who = connection.peer.map { "uid \($0.uid) (pid \($0.pid))" } ?? "a peer without credentials"
            limitLog.report(
                "stream", .warning,
                "closed a connection of \(who): it left \(unread) bytes of streamed replies unread, more than \(limits.maxStreamBacklogBytes); its client may reconnect",
                now: EventLoop.monotonicMilliseconds())
        }
        for token in Set(touched) {
            if let connection = connections[token] { serve(connection, events: []) }
        }
    }

    private func close(_ connection: VarlinkConnection) {
        connection.isClosed = true
        connection.cancelStream()
        epoll.remove(connection.descriptor)
        connection.descriptor.close()
        connections[connection.token] = nil
        backlog.remove(connection.token)
        releaseCount(limitedUID: connection.limitedUID, now: EventLoop.monotonicMilliseconds())
        // Serving one passed connection: its end is the end.
        if initialConnection != nil && connections.isEmpty { stopping = true }
    }

    /// Uncounts a closed connection in `group`; when it was the last one anywhere, wakes loop 0 so
    /// that it starts counting towards `--exit-idle` at once.
    private func releaseCount(limitedUID: UInt32?, now: Int64) {
        if group.release(limitedUID: limitedUID, now: now) && index != 0 { group.wakeLoop(0) }
    }

    private func closeConnections() {
        let now = EventLoop.monotonicMilliseconds()
        for connection in connections.values {
            connection.cancelStream()
            connection.descriptor.close()
            _ = group.release(limitedUID: connection.limitedUID, now: now)
        }
        // Handed to this loop but not adopted before it stopped.
        for handed in group.takeHanded(loop: index) {
            FileDescriptor(rawValue: handed.descriptor).close()
            _ = group.release(limitedUID: handed.limitedUID, now: now)
        }
        connections = [:]
        backlog = []
    }

    // MARK: Deadlines

    /// Closes the connections past their deadline: idle (no progress, no call running) for
    /// `idleTimeout`, or waiting for the rest of a message for `partialMessageTimeout`. Then writes
    /// the limit log's summaries that are due. One pass over the connections, every
    /// ``sweepMilliseconds``.
    private func sweep() {
        let now = EventLoop.monotonicMilliseconds()
        group.beat(loop: index, now: now)
        var expired: [(VarlinkConnection, partial: Bool)] = []
        for connection in connections.values {
            if connection.isWaitingForRestOfMessage {
                if let since = connection.partialSince {
                    if now - since >= partialTimeoutMilliseconds { expired.append((connection, true)) }
                    continue
                }
                connection.partialSince = now
            } else {
                connection.partialSince = nil
            }
            if !connection.callInProgress && now - connection.lastActivity >= idleTimeoutMilliseconds {
                expired.append((connection, false))
            }
        }
        for (connection, partial) in expired {
            close(connection)
            let who = connection.peer.map { "uid \($0.uid)" } ?? "a peer without credentials"
            if partial {
                limitLog.report(
                    "partial", .warning,
                    "closed a connection of \(who): part of a message and not the rest for \(ServiceLifecycle.format(limits.partialMessageTimeout)) s (--message-timeout)",
                    now: now)
            } else {
                limitLog.report(
                    "idle", .debug,
                    "closed a connection of \(who): idle for \(ServiceLifecycle.format(limits.idleTimeout)) s (--idle-timeout)",
                    now: now)
            }
        }
        limitLog.flush(now: now)
    }

    // MARK: Signals

    /// True when every loop of the group has swept within ``stalledMilliseconds`` (this one is
    /// turning, since it asks).
    private func loopsAreTurning() -> Bool {
        let now = EventLoop.monotonicMilliseconds()
        group.beat(loop: index, now: now)
        return group.allLoopsTurned(within: EventLoop.stalledMilliseconds, now: now)
    }

    /// Reads pending signals when ``signalPollMilliseconds`` have passed since the last time, so a
    /// long turn (thousands of busy connections) still stops soon after SIGTERM.
    private func pollSignalsIfDue() {
        let now = EventLoop.monotonicMilliseconds()
        guard now - lastSignalPoll >= EventLoop.signalPollMilliseconds else { return }
        lastSignalPoll = now
        handleSignals()
    }

    /// Runs registered actions for each pending signal; SIGTERM and SIGINT then stop the loop.
    private func handleSignals() {
        guard let signals else { return }
        for signal in signals.readPending() {
            for action in signalActions[signal, default: []] { action() }
            if signal == SIGTERM || signal == SIGINT { stopping = true }
        }
    }

    /// CLOCK_MONOTONIC in milliseconds.
    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
