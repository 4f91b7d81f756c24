import CSystemShim
import Glibc
import Synchronization

/// The daemon's reload thread: watches the app and coverage directories with ``Inotify`` and reloads
/// the registry when they change or when asked (SIGHUP), off the event-loop thread.
///
/// Reading and validating the files happens here, not on the thread that serves requests: a coverage
/// file may be up to 64 MiB, and validating it can take a second, during which every client would
/// otherwise wait. Requests keep using the old registry until ``RoutingDaemon/reload(trigger:)`` swaps
/// in the new one under the state lock, in one assignment.
///
/// Debounce: a burst of events (an editor writing a temporary file, renaming it, deleting a backup;
/// `cp -r` of a whole directory) becomes one reload, ``quietMilliseconds`` after the last event and
/// at most ``maxDelayMilliseconds`` after the first. After each reload the watch set is brought up to
/// date (a directory created or removed, a manifest naming a coverage file in another directory).
public final class ReloadThread: Sendable {
    /// Quiet time after the last event before reloading, in milliseconds.
    public static let quietMilliseconds: Int64 = 100
    /// Longest delay between the first event of a burst and its reload, in milliseconds.
    public static let maxDelayMilliseconds: Int64 = 1000

    private let daemon: RoutingDaemon
    private let wakeup: WakeupEvent
    private let requests = Mutex<(reload: Bool, stop: Bool)>((false, false))
    private let thread = Mutex<pthread_t?>(nil)
    /// Reloads done by this thread (inotify or ``requestReload()``), for tests and logs.
    private let reloadCount = Atomic<Int>(0)

    /// Starts the thread. Call after ``VarlinkServer/blockSignals(_:)`` so the thread inherits the
    /// blocked signals.
    /// - Throws: ``SystemError`` from eventfd(2) or pthread_create(3). inotify failing (too many
    ///   instances) is not fatal: it is logged and only SIGHUP and `Reload()` reload.
    public init(daemon: RoutingDaemon) throws(SystemError) {
        self.daemon = daemon
        wakeup = try WakeupEvent()
        let box = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        let rc = pthread_create(&handle, nil, { raw in
            let me = Unmanaged<ReloadThread>.fromOpaque(raw!).takeRetainedValue()
            me.run()
            return nil
        }, box)
        guard rc == 0 else {
            Unmanaged<ReloadThread>.fromOpaque(box).release()
            wakeup.descriptor.close()
            throw SystemError(operation: "pthread_create", errno: rc)
        }
        thread.withLock { $0 = handle }
    }

    /// Asks for a reload as soon as possible (SIGHUP). Returns at once; thread-safe.
    public func requestReload() {
        requests.withLock { $0.reload = true }
        wakeup.signal()
    }

    /// Makes SIGHUP on `server`'s loop ask this thread for a reload. Call before the server runs.
    public func reloadOnHangUp(_ server: VarlinkServer) {
        server.onSignal(SIGHUP) { [self] in requestReload() }
    }

    /// Stops the thread and waits for it (a reload in progress finishes first).
    public func stop() {
        requests.withLock { $0.stop = true }
        wakeup.signal()
        if let handle = thread.withLock({ h -> pthread_t? in defer { h = nil }; return h }) {
            pthread_join(handle, nil)
            wakeup.descriptor.close()
        }
    }

    /// Reloads this thread has done so far.
    public var reloads: Int { reloadCount.load(ordering: .acquiring) }

    private func run() {
        let log = daemon.log
        var inotify: Inotify?
        do {
            inotify = try Inotify()
        } catch {
            log?.error("cannot watch the app directories, reload with SIGHUP or Reload(): \(error)")
        }
        func rewatch() {
            guard let inotify else { return }
            for problem in inotify.watch(daemon.watchedDirectories) {
                log?.warning("cannot watch for changes: \(problem)")
            }
        }
        rewatch()
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
            if let inotify { fds.append(pollfd(fd: inotify.descriptor.rawValue, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR {
                log?.error("reload thread: \(SystemError.current("poll")); stopping inotify")
                inotify = nil
                continue
            }
            if fds[0].revents != 0 { wakeup.drain() }
            let (reloadRequested, stopRequested) = requests.withLock { r in
                defer { r.reload = false }
                return (r.reload, r.stop)
            }
            if stopRequested { break }
            if let inotify, fds.count > 1, fds[1].revents != 0 {
                let paths = inotify.readEvents()
                if !paths.isEmpty {
                    let now = ReloadThread.now()
                    if firstEvent == nil { firstEvent = now }
                    lastEvent = now
                    changed += paths
                }
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
            daemon.reload(trigger: trigger)
            reloadCount.add(1, ordering: .releasing)
            rewatch()
        }
    }

    /// `a, b and 3 more`, for the log line of a reload.
    static func summary(_ paths: [String]) -> String {
        var seen = Set<String>()
        let unique = paths.filter { seen.insert($0).inserted }
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
