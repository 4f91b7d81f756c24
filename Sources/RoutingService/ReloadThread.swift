// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import Synchronization

/// The daemon's reload thread: watches the app and coverage directories with ``Inotify`` and reloads
/// the registry when they change or when asked (SIGHUP), off the event-loop thread.
///
/// Reading and validating the files happens here, not on the thread that serves requests: a coverage
/// file may be up to 64 MiB, and validating it can take a second, during which every client would
/// otherwise wait. Requests keep using the old registry until ``RoutingDaemon/reload(trigger:caller:)`` swaps
/// in the new one under the state lock, in one assignment.
///
/// Debounce: a burst of events (an editor writing a temporary file, renaming it, deleting a backup;
/// `cp -r` of a whole directory) becomes one reload, ``quietMilliseconds`` after the last event and
/// at most ``maxDelayMilliseconds`` after the first. After each reload the watch set is brought up to
/// date (a directory created or removed, a manifest naming a coverage file in another directory).
///
/// No change is lost at start-up. The watches are in place before the thread runs, so a change made
/// after ``start(_:)`` returns is always seen; and a daemon built as
/// ```swift
/// let reloader = try ReloadThread(watching: directories, log: log)   // inotify watches first
/// let daemon = try RoutingDaemon(directories: directories, log: log)  // then the first reading
/// try reloader.start(daemon)
/// ```
/// also sees a change made while it read its files the first time: the event waits in the inotify
/// queue and makes one reload once the thread runs. (A coverage file in a directory that only the
/// reading revealed is watched from ``start(_:)`` on.)
public final class ReloadThread: Sendable {
    /// Quiet time after the last event before reloading, in milliseconds.
    public static let quietMilliseconds: Int64 = 100
    /// Longest delay between the first event of a burst and its reload, in milliseconds.
    public static let maxDelayMilliseconds: Int64 = 1000

    private let log: Log?
    private let wakeup: WakeupEvent
    private let requests = Mutex<(reload: Bool, stop: Bool)>((false, false))
    private let thread = Mutex<pthread_t?>(nil)
    /// The watcher; nil when inotify could not be set up (then only SIGHUP and `Reload()` reload).
    /// Under the lock because it is re-armed after every reload, whichever thread did it (this
    /// one, or the server's for `Reload()`), while this thread reads its events.
    private let watcher: Mutex<Inotify?>
    /// Wanted directories found created after the watch on their ancestor was set (see
    /// ``Inotify/appeared()``): a reload is due for them, as for an event.
    private let appeared = Mutex<[String]>([])
    /// The directories watched now, as the thread last set them (an ancestor for one not created yet).
    private let watching = Mutex<[String]>([])
    /// Reloads done by this thread (inotify or ``requestReload()``), for tests and logs.
    private let reloadCount = Atomic<Int>(0)

    /// Watches `directories`' app directories and coverage directory with inotify(7) at once, before
    /// the daemon reads them; the thread starts with ``start(_:)``. Pass nil for a daemon over a fixed
    /// registry (nothing to watch).
    /// - Throws: ``SystemError`` from eventfd(2). inotify failing (too many instances) is not fatal:
    ///   it is logged and only SIGHUP and `Reload()` reload.
    public init(watching directories: AppDirectories?, log: Log?) throws(SystemError) {
        self.log = log
        wakeup = try WakeupEvent()
        var inotify: Inotify? = nil
        if let directories {
            do {
                let watcher = try Inotify()
                let wanted = directories.appDirectories + [directories.coverageDirectory]
                watching.withLock { $0 = ReloadThread.watch(wanted, with: watcher, log: log) }
                inotify = watcher
            } catch {
                log?.error("cannot watch the app directories, reload with SIGHUP or Reload(): \(error)")
            }
        }
        watcher = Mutex(inotify)
    }

    /// Watches `daemon`'s directories and starts the thread: ``init(watching:log:)`` then
    /// ``start(_:)``, for a daemon already read. A change made between that reading and this call is
    /// not seen until the next one; build the thread before the daemon to close that gap.
    /// - Throws: ``SystemError`` from eventfd(2) or pthread_create(3).
    public convenience init(daemon: RoutingDaemon) throws(SystemError) {
        try self.init(watching: daemon.directories, log: daemon.log)
        try start(daemon)
    }

    /// Adds the directories `daemon`'s reading found (coverage files named in other directories) to
    /// the watch set, then starts the thread that reloads `daemon`. When this returns, every watched
    /// directory is watched. Call once, after ``VarlinkServer/blockSignals(_:)`` so the thread inherits
    /// the blocked signals.
    /// - Throws: ``SystemError`` from pthread_create(3); then nothing runs and ``stop()`` is a no-op.
    public func start(_ daemon: RoutingDaemon) throws(SystemError) {
        rearm(daemon.watchedDirectories)
        // Every reload, whatever asked for it (this thread, SIGHUP, Reload() on the server's
        // blocking queue), re-arms the watches for the directories it found.
        daemon.onReloaded { [self] directories in rearm(directories) }
        let descriptor = watcher.withLock { $0?.descriptor.rawValue }
        let box = Unmanaged.passRetained(Start(thread: self, daemon: daemon, inotify: descriptor)).toOpaque()
        var handle = pthread_t()
        let rc = pthread_create(&handle, nil, { raw in
            let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
            start.thread.run(start.daemon, inotify: start.inotify)
            return nil
        }, box)
        guard rc == 0 else {
            Unmanaged<Start>.fromOpaque(box).release()
            throw SystemError(operation: "pthread_create", errno: rc)
        }
        thread.withLock { $0 = handle }
    }

    /// What the new thread needs, handed over through pthread_create(3)'s argument.
    private final class Start {
        let thread: ReloadThread
        let daemon: RoutingDaemon
        /// The inotify descriptor to poll, owned by the ``Inotify`` in ``ReloadThread/watcher``.
        let inotify: Int32?
        init(thread: ReloadThread, daemon: RoutingDaemon, inotify: Int32?) {
            self.thread = thread
            self.daemon = daemon
            self.inotify = inotify
        }
    }

    deinit { wakeup.descriptor.close() }

    /// Asks for a reload as soon as possible (SIGHUP). Returns at once; thread-safe.
    public func requestReload() {
        requests.withLock { $0.reload = true }
        wakeup.signal()
    }

    /// Makes SIGHUP on `server`'s loop ask this thread for a reload. Call before the server runs.
    public func reloadOnHangUp(_ server: VarlinkServer) {
        server.onSignal(SIGHUP) { [self] in requestReload() }
    }

    /// Stops the thread. With `waiting`, waits for it (a reload in progress finishes first);
    /// without, detaches it and returns at once (it ends after that reload, unless the process
    /// exits first), for a daemon that must exit promptly on SIGTERM.
    public func stop(waiting: Bool = true) {
        requests.withLock { $0.stop = true }
        wakeup.signal()
        if let handle = thread.withLock({ h -> pthread_t? in defer { h = nil }; return h }) {
            if waiting { pthread_join(handle, nil) } else { pthread_detach(handle) }
        }
    }

    /// Reloads this thread has done so far.
    public var reloads: Int { reloadCount.load(ordering: .acquiring) }

    /// The directories inotify watches now (absolute or as configured, normalized), each the wanted
    /// directory itself or, for one not created yet, its nearest existing ancestor. Updated after each
    /// reload; empty without inotify.
    public var watchedDirectories: [String] { watching.withLock { $0 } }

    /// Points `inotify` at `directories`, logs what could not be watched, and returns what is watched.
    private static func watch(_ directories: [String], with inotify: Inotify, log: Log?) -> [String] {
        for problem in inotify.watch(directories) {
            log?.warning("cannot watch for changes: \(problem)")
        }
        return inotify.watched.map(\.path)
    }

    /// Makes the watches cover `directories` (the daemon's ``RoutingDaemon/watchedDirectories``
    /// after a reading). A wanted directory that was created while its ancestor's watch was being
    /// set gives no event: it makes a reload as if it had. Thread-safe; called after every reload.
    public func rearm(_ directories: [String]) {
        let found = watcher.withLock { inotify -> [String] in
            guard let inotify else { return [] }
            let paths = ReloadThread.watch(directories, with: inotify, log: log)
            watching.withLock { $0 = paths }
            return inotify.appeared()
        }
        guard !found.isEmpty else { return }
        appeared.withLock { $0 += found }
        wakeup.signal()
    }

    private func run(_ daemon: RoutingDaemon, inotify descriptor: Int32?) {
        var descriptor = descriptor
        var firstEvent: Int64? = nil
        var lastEvent: Int64 = 0
        var changed: [String] = []
        while true {
            var timeout: Int32 = -1
            if let first = firstEvent {
                let due = min(lastEvent + ReloadThread.quietMilliseconds, first + ReloadThread.maxDelayMilliseconds)
                timeout = Int32(clamping: max(0, due - ReloadThread.now()))
            }
            var fds = [pollfd(fd: wakeup.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR {
                log?.error("reload thread: \(SystemError.current("poll")); stopping inotify")
                descriptor = nil
                watcher.withLock { $0 = nil }
                watching.withLock { $0 = [] }
                continue
            }
            if fds[0].revents != 0 { wakeup.drain() }
            let (reloadRequested, stopRequested) = requests.withLock { r in
                defer { r.reload = false }
                return (r.reload, r.stop)
            }
            if stopRequested { break }
            var paths = appeared.withLock { found in
                defer { found = [] }
                return found
            }
            if fds.count > 1, fds[1].revents != 0 {
                paths += watcher.withLock { $0?.readEvents() ?? [] }
            }
            if !paths.isEmpty {
                let now = ReloadThread.now()
                if firstEvent == nil { firstEvent = now }
                lastEvent = now
                changed += paths
            }
            var trigger: String? = nil
            if reloadRequested {
                trigger = "SIGHUP"
            } else if let first = firstEvent {
                let now = ReloadThread.now()
                if now >= lastEvent + ReloadThread.quietMilliseconds || now >= first + ReloadThread.maxDelayMilliseconds {
                    trigger = "changes in " + ReloadThread.summary(changed)
                }
            }
            guard let trigger else { continue }
            firstEvent = nil
            changed = []
            // The watches are re-armed by the daemon's onReloaded hook (rearm(_:)).
            daemon.reload(trigger: trigger)
            reloadCount.add(1, ordering: .releasing)
        }
    }

    /// `a, b and 3 more`, for the log line of a reload. When manifests, coverage files or a queue
    /// overflow are among the paths, only they are named and the rest counted (`…/bus.routingapp and
    /// 1 other path`), so an editor's temporary file (`sedOKLMpz`, `file~`) takes no room.
    static func summary(_ paths: [String]) -> String {
        var seen = Set<String>()
        let all = paths.filter { seen.insert($0).inserted }
        func known(_ path: String) -> Bool {
            path.hasSuffix(".routingapp") || path.hasSuffix(".geojson") || path.hasPrefix("(")
        }
        let names = all.filter(known)
        let others = all.count - names.count
        if !names.isEmpty && others > 0 {
            // Name what matters; count the rest (an editor's temporary file is not worth a name).
            let rest = others == 1 ? "1 other path" : "\(others) other paths"
            return (names.count <= 3 ? names : Array(names.prefix(2))).joined(separator: ", ")
                + (names.count <= 3 ? " and " + rest : ", \(names.count - 2) more and " + rest)
        }
        let unique = all
        if unique.count <= 3 { return unique.joined(separator: ", ") }
        return unique.prefix(2).joined(separator: ", ") + " and \(unique.count - 2) more"
    }

    /// CLOCK_MONOTONIC in milliseconds.
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
