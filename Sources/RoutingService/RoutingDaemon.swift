// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import RoutingCore
import StrictJSON
import Glibc
import Synchronization
import Varlink

/// The daemon's state and its varlink interfaces, without the socket.
///
/// Holds the app registry (read from ``AppDirectories`` at start and on each reload) and the current
/// location, like the custom location of the iOS simulator. Requests read a snapshot of the registry
/// and its ``AppCoverageIndex`` taken under the lock, and a reload swaps both in one assignment under
/// the same lock, so a request sees the old registry with its index or the new one with its own,
/// never a mix. No request reads a file or builds an index.
public final class RoutingDaemon: Sendable {
    /// Where the apps are read from; nil for a daemon built over a fixed registry (tests).
    public let directories: AppDirectories?
    /// Where request outcomes go at debug level (`--verbose`), and reload findings at warning level;
    /// nil for silence.
    public let log: Log?
    /// Tells the service manager about reloads (`RELOADING=1` + `MONOTONIC_USEC=`, then `READY=1`
    /// with the new status), whatever asked for them; nil outside systemd and in tests.
    public let notifier: ServiceNotifier?
    private let state: Mutex<State>
    /// The `Monitor()` subscribers; every change of the registry or the own location is made
    /// through it, so each subscriber hears of it exactly once.
    public let monitor = DirectionsMonitor()
    /// Called on every successful reload, under the reload lock, just before the new registry is
    /// put in service, with the directories to watch now (``ReloadThread/rearm(_:)``), whatever asked for the reload.
    private let reloadedHook = Mutex<ReloadedHook?>(nil)

    /// The hook in a box: a closure returned out of `Mutex.withLock` went through a reabstraction
    /// thunk whose context stayed alive at every reload (about 32 bytes each, by massif); a class
    /// reference comes out as itself.
    private final class ReloadedHook: Sendable {
        let call: @Sendable ([String]) -> Void
        init(_ call: @escaping @Sendable ([String]) -> Void) { self.call = call }
    }
    /// Serialises reloads (SIGHUP and inotify on the reload thread, `Reload()` on the server's
    /// ``BlockingCalls`` queue), so each one builds on the registry the previous one installed. Holds
    /// the directories to watch.
    private let reloading: Mutex<[String]>

    private struct State {
        /// The registry and the index over its apps, always assigned together.
        var served: Served
        var ownLocation: DaemonLocation? {
            didSet {
                ownLocationJSON = ownLocation?.json ?? .null
                ownLocationText = ownLocationJSON.serializedBytes()
            }
        }
        /// ``DaemonLocation/json`` of ``ownLocation``, or null: made when it is set, not in every
        /// reply (its `setAt` text alone cost about 8,500 instructions a `Resolve`).
        var ownLocationJSON: JSON
        /// ``ownLocationJSON`` as compact JSON text, as the replies carry it (its two numbers
        /// alone cost about 3,000 instructions a reply to write).
        var ownLocationText: [UInt8]

        init(served: Served, ownLocation: DaemonLocation?) {
            self.served = served
            self.ownLocation = ownLocation
            ownLocationJSON = ownLocation?.json ?? .null
            ownLocationText = ownLocationJSON.serializedBytes()
        }
    }

    /// A registry and the coverage index over its valid apps: built together off the request path
    /// (at start and in the reload), swapped together.
    private struct Served: Sendable {
        let registry: AppRegistry
        let index: AppCoverageIndex

        /// Indexes `registry`'s apps. Their coverages are already indexed by the registry (which
        /// keeps an unchanged app's entry, indexed coverage included, across reloads), so this builds
        /// only the tree over the polygons' boxes.
        init(_ registry: AppRegistry) {
            self.registry = registry
            index = AppCoverageIndex(apps: registry.apps)
        }
    }

    /// Serialises writes of the state file.
    private let persisting = Mutex<Void>(())
    /// Where the daemon's own current location is kept (``DaemonLocation``), so that it survives
    /// the idle exit and a restart; nil keeps it in memory only (tests, `routingctl --offline`).
    public let stateDirectory: String?

    /// The texts that mean "current location" in links (`--current-location-literals FILE`, else
    /// ``CurrentLocationLiterals/default``).
    public let currentLocationLiterals: CurrentLocationLiterals

    /// Reads the apps from `directories`.
    /// - Throws: ``CoverageDirectory/Error`` when the coverage directory cannot be listed. Invalid
    ///   manifests and coverage files do not throw; they are kept as invalid entries and reported.
    /// - Parameters:
    ///   - stateDirectory: where the daemon's own current location is kept; read here (a missing
    ///     or corrupt file is logged and ignored) unless `currentLocation` is given.
    public init(
        directories: AppDirectories, currentLocation: Coordinate? = nil,
        currentLocationLiterals: CurrentLocationLiterals = .default, log: Log? = nil,
        notifier: ServiceNotifier? = nil, stateDirectory: String? = nil
    ) throws(CoverageDirectory.Error) {
        self.directories = directories
        self.log = log
        self.notifier = notifier
        self.currentLocationLiterals = currentLocationLiterals
        self.stateDirectory = stateDirectory
        let reading = try directories.read()
        for note in reading.notes { log?.info(note) }
        var own = currentLocation.map { RoutingDaemon.stamped(CurrentLocation(coordinate: $0, origin: .daemon)) }
        if own == nil, let stateDirectory {
            own = DaemonLocation.load(from: stateDirectory, log: log)
            if let own {
                log?.info("current location \(JSON.format(own.location.coordinate.latitude)), \(JSON.format(own.location.coordinate.longitude)) restored from \(stateDirectory)/\(DaemonLocation.fileName) (set \(own.setAt)\(own.location.source.map { " by \($0)" } ?? ""))")
            }
        }
        state = Mutex(State(served: Served(AppRegistry(sources: reading.sources, previous: nil)), ownLocation: own))
        reloading = Mutex(reading.watchedDirectories)
    }

    /// Reads the coverage directory only: each `*.geojson` file is an app (no manifests).
    /// - Throws: ``CoverageDirectory/Error`` when the directory cannot be listed.
    public convenience init(
        coverageDirectory: String, currentLocation: Coordinate? = nil,
        currentLocationLiterals: CurrentLocationLiterals = .default, log: Log? = nil
    ) throws(CoverageDirectory.Error) {
        try self.init(
            directories: AppDirectories(appDirectories: [], coverageDirectory: coverageDirectory),
            currentLocation: currentLocation, currentLocationLiterals: currentLocationLiterals, log: log)
    }

    /// Creates a daemon over an already-built registry (tests, offline use); ``reload(trigger:caller:)``
    /// then keeps it.
    public init(
        registry: AppRegistry, currentLocation: Coordinate? = nil,
        currentLocationLiterals: CurrentLocationLiterals = .default, log: Log? = nil
    ) {
        directories = nil
        self.log = log
        notifier = nil
        stateDirectory = nil
        self.currentLocationLiterals = currentLocationLiterals
        state = Mutex(State(
            served: Served(registry),
            ownLocation: currentLocation.map { RoutingDaemon.stamped(CurrentLocation(coordinate: $0, origin: .daemon)) }))
        reloading = Mutex([])
    }

    /// The coverage directory, or "" for a daemon over a fixed registry.
    public var coverageDirectory: String { directories?.coverageDirectory ?? "" }

    /// The directories whose changes call for a reload, as of the last reading.
    public var watchedDirectories: [String] { reloading.withLock { $0 } }

    /// What a reload did.
    public struct ReloadOutcome: Sendable {
        /// The registry now in service (the old one when the reload failed).
        public var registry: AppRegistry
        /// Why the reload failed as a whole (the coverage directory could not be listed); then the
        /// old registry stays.
        public var failure: String?
    }

    /// Reads the directories again and swaps the registry in one step. An app whose files now fail
    /// keeps its last good version (state `stale`) with the error as `lastError`. Each app whose
    /// state or error changed gets one log line (`FILE:LINE:COLUMN: message`).
    /// The ``notifier`` hears `RELOADING=1` before and `READY=1` with ``ServiceLifecycle/status(_:)``
    /// after, also when the reload failed (the old apps still serve).
    /// - Parameters:
    ///   - trigger: what asked for it, for the log (`SIGHUP`, `Reload()`, the changed files).
    ///   - caller: the varlink peer that called `Reload()`, for the journal fields; nil otherwise.
    /// - Returns: the registry in service afterwards, and the failure if the whole reload failed.
    @discardableResult
    public func reload(trigger: String, caller: VarlinkPeer? = nil) -> ReloadOutcome {
        guard let directories else { return ReloadOutcome(registry: registry, failure: nil) }
        defer {
            // The old registry and the files read are freed by now, partly in this thread's malloc
            // arena (Reload() runs on a worker, SIGHUP and inotify on the reload thread): give the
            // free pages back, or resident memory grows with every reload (70 MB after a few at
            // 10,000 apps). The gazetteer's indexes served validation only.
            MemoryAtRest.release()
        }
        return reloading.withLock { watched in
            notifier?.reloading()
            let started = ReloadThread.now()
            let previous = registry
            let reading: AppDirectories.Reading
            do throws(CoverageDirectory.Error) {
                reading = try directories.read()
            } catch {
                log?.error(
                    "reload (\(trigger)) failed, keeping the previous apps: \(error)",
                    [.messageID(.reloaded)] + JournalField.caller(caller))
                let seconds = Double(ReloadThread.now() - started) / 1000
                monitor.update { listening in
                    ((), listening
                        ? [DirectionsMonitor.reloadEvent(trigger: trigger, registry: previous, seconds: seconds, failure: error.description)]
                        : [])
                }
                notifier?.ready(status: ServiceLifecycle.status(previous))
                return ReloadOutcome(registry: previous, failure: error.description)
            }
            let next = AppRegistry(sources: reading.sources, previous: previous)
            // Indexed here, on the reload's thread, not by the first request after the swap.
            let served = Served(next)
            // Watches first: once a client can see an app from a new directory, that directory is
            // watched.
            watched = reading.watchedDirectories
            reloadedHook.withLock { $0 }?.call(watched)
            let seconds = Double(ReloadThread.now() - started) / 1000
            let events = {
                DirectionsMonitor.appEvents(from: previous, to: next)
                    + [DirectionsMonitor.reloadEvent(trigger: trigger, registry: next, seconds: seconds, failure: nil)]
            }
            // Built before taking the monitor's lock when someone listens (the lock is held only to
            // swap and send); built under it for a monitor that started meanwhile.
            let prepared = monitor.count > 0 ? events() : nil
            // The swap and its events under the monitor's lock: a Monitor() starting meanwhile
            // sees the change in its first reply or as events, never both.
            monitor.update { listening in
                state.withLock { $0.served = served }
                guard listening else { return ((), []) }
                return ((), prepared ?? events())
            }
            let kept = next.unchangedCoveragePaths.count
            let unchanged = kept == 0 ? "" : kept == 1 ? "; 1 unchanged coverage file not validated again"
                : "; \(kept) unchanged coverage files not validated again"
            log?.info(
                "reloaded (\(trigger)) in \(ElapsedTime.text(seconds: seconds)): \(DaemonMain.summary(next))" + unchanged,
                [.messageID(.reloaded)] + JournalField.caller(caller))
            for line in RoutingDaemon.changeLines(from: previous, to: next) {
                if line.warning { log?.warning(line.text, line.fields) } else { log?.info(line.text, line.fields) }
            }
            notifier?.ready(status: ServiceLifecycle.status(next))
            return ReloadOutcome(registry: next, failure: nil)
        }
    }

    /// Calls `hook` on every successful reload (SIGHUP, inotify, `Reload()`) with the directories
    /// to watch, just before the new registry is put in service; replaces an earlier hook.
    public func onReloaded(_ hook: @escaping @Sendable ([String]) -> Void) {
        reloadedHook.withLock { $0 = ReloadedHook(hook) }
    }

    /// One line per app whose state or last error differs between the two registries, and per app
    /// removed: what an admin reading the journal needs after a reload.
    static func changes(from old: AppRegistry, to new: AppRegistry) -> [String] {
        changeLines(from: old, to: new).map(\.text)
    }

    /// ``changes(from:to:)`` with each line's weight: a warning for an app that stopped serving its
    /// files (stale, not loaded), information for one added, loaded, active again or removed.
    /// Each line has its journal fields: the app and file, and for an app not loaded or stale the
    /// invalid-file `MESSAGE_ID=` and rule (``DaemonMain/invalidFileFields(_:)``).
    static func changeLines(from old: AppRegistry, to new: AppRegistry) -> [(warning: Bool, text: String, fields: [JournalField])] {
        var lines: [(warning: Bool, text: String, fields: [JournalField])] = []
        for entry in new.entries {
            // Taken unchanged from `old` (same files, same bytes): nothing to report.
            if new.unchangedIDs.contains(entry.id) { continue }
            let before = old[entry.id]
            let warningsBefore = Set(before?.lines(.warning) ?? [])
            let newWarnings = entry.lines(.warning).filter { !warningsBefore.contains($0) }
            if before?.state != entry.state || before?.lastError != entry.lastError {
                switch entry.state {
                case .active:
                    // "active again" only for an app that served before (stale); one that never loaded is "loaded".
                    lines.append((false,
                        before == nil ? "app \(entry.id): added"
                            : before?.state == .invalid ? "app \(entry.id): loaded" : "app \(entry.id): active again",
                        DaemonMain.appFields(entry)))
                case .stale:
                    lines.append((true, "app \(entry.id): keeping the last good version: \(entry.lastError ?? "invalid")",
                        DaemonMain.invalidFileFields(entry)))
                case .invalid:
                    lines.append((true, "app \(entry.id): not loaded: \(entry.lastError ?? "invalid")",
                        DaemonMain.invalidFileFields(entry)))
                }
            }
            // Warnings that are new with this reading (swapped axes, too many points), as at start.
            for line in newWarnings { lines.append((true, "app \(entry.id): \(line)", DaemonMain.appFields(entry))) }
        }
        // Built once, only when an app was removed: a scan of `new` per removed app would be
        // quadratic when a whole directory goes.
        var successors: (byManifest: [String: String], byCoverage: [String: String])? = nil
        for entry in old.entries where new[entry.id] == nil {
            if successors == nil {
                var byManifest: [String: String] = [:], byCoverage: [String: String] = [:]
                for entry in new.entries.reversed() {
                    if let path = entry.manifestPath { byManifest[path] = entry.id }
                    if let path = entry.coveragePath { byCoverage[path] = entry.id }
                }
                successors = (byManifest, byCoverage)
            }
            lines.append((false, "app \(entry.id): removed" + removalReason(entry, successors!), DaemonMain.appFields(entry)))
        }
        return lines
    }

    /// Why `entry` has no successor in the new registry, for its `removed` line: its manifest now
    /// gives another id, its bare coverage file is now named by a manifest, or its file is gone.
    /// `successors` gives the id of the first new entry with each manifest and coverage path.
    private static func removalReason(
        _ entry: AppRegistry.Entry, _ successors: (byManifest: [String: String], byCoverage: [String: String])
    ) -> String {
        if let manifest = entry.manifestPath {
            if let successor = successors.byManifest[manifest] {
                return " (\(manifest) now gives the id \(successor))"
            }
            return " (\(manifest) is gone)"
        }
        if let coverage = entry.coveragePath {
            if let user = successors.byCoverage[coverage] {
                return " (\(coverage) is now the coverage file of \(user), no bare app of its own)"
            }
            return " (\(coverage) is gone)"
        }
        return ""
    }

    /// The link parser with this daemon's current-location literals.
    public func parser(strict: Bool = false) -> DirectionsURLParser {
        DirectionsURLParser(currentLocationLiterals: currentLocationLiterals, strict: strict)
    }

    /// The registry now in use.
    public var registry: AppRegistry { state.withLock { $0.served.registry } }

    /// Starts a `Monitor()` stream: its first reply is the current state (every app, the own
    /// location), then one reply per change (``DirectionsMonitor``).
    public func startMonitor(_ stream: VarlinkStream) {
        monitor.subscribe(stream) {
            let (registry, own) = state.withLock { ($0.served.registry, $0.ownLocation) }
            return DirectionsMonitor.stateEvent(registry, location: own)
        }
    }

    /// The daemon's own current location, in WGS84 degrees, or nil when unknown. Setting it is
    /// ``setOwnLocation(_:)`` without a source or accuracy.
    public var currentLocation: Coordinate? {
        get { state.withLock { $0.ownLocation?.location.coordinate } }
        set { _ = setOwnLocation(newValue.map { CurrentLocation(coordinate: $0, origin: .daemon) }) }
    }

    /// The daemon's own current location with when it was set, or nil when unknown.
    public var ownLocation: DaemonLocation? { state.withLock { $0.ownLocation } }

    /// ``ownLocation``'s ``DaemonLocation/json``, or null when none is set.
    public var ownLocationJSON: JSON { state.withLock { $0.ownLocationJSON } }

    /// ``ownLocationJSON`` as compact JSON text (`JSON.serializedBytes()`), kept from when it was set.
    public var ownLocationText: [UInt8] { state.withLock { $0.ownLocationText } }

    /// Sets (or with nil forgets) the daemon's own current location, stamped with the time now,
    /// and keeps it in the ``stateDirectory``.
    /// - Returns: why it could not be stored (it is set in memory all the same), or nil.
    @discardableResult
    public func setOwnLocation(_ location: CurrentLocation?) -> String? {
        let stored = location.map { RoutingDaemon.stamped($0) }
        monitor.update { listening in
            let before = state.withLock { state in
                defer { state.ownLocation = stored }
                return state.ownLocation
            }
            // Clearing a location that was not set changes nothing, and tells nobody.
            return ((), listening && (stored != nil || before != nil) ? [DirectionsMonitor.locationEvent(stored)] : [])
        }
        guard let stateDirectory else { return nil }
        // One writer at a time, each writing the latest value: the file never ends older than memory.
        return persisting.withLock { _ -> String? in
            let latest = state.withLock { $0.ownLocation }
            do throws(DaemonLocation.FileError) {
                try DaemonLocation.store(latest, in: stateDirectory)
                return nil
            } catch {
                let message = "cannot keep the current location in \(stateDirectory): \(error); it is kept in memory until routingd stops"
                log?.error(message)
                return message
            }
        }
    }

    static func stamped(_ location: CurrentLocation) -> DaemonLocation {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return DaemonLocation(location: location, setAt: UTCTimestamp(secondsSinceEpoch: Int64(now.tv_sec)))
    }

    /// The location that decides a request's `currentLocation` endpoints: the request's own when
    /// it carries one, else the daemon's, else nil.
    public func location(for requestLocation: CurrentLocation?) -> CurrentLocation? {
        requestLocation ?? ownLocation?.location
    }

    /// Parses `url` (lenient, or `strict`: repairs are errors) and decides every valid app's
    /// eligibility against one consistent snapshot.
    /// - Parameter currentLocation: the request's own current location (used for this request only,
    ///   never stored), else the daemon's is used.
    /// - Returns: the parsed link (request, format, warnings) and the verdicts.
    /// - Throws: ``DirectionsURLError`` when the link cannot be parsed.
    public func resolve(_ url: String, strict: Bool = false, currentLocation: CurrentLocation? = nil)
        throws(DirectionsURLError) -> (parsed: ParsedLink, verdicts: [AppVerdict])
    {
        let parsed = try parser(strict: strict).parseLink(url)
        return (parsed, decide(parsed.request, currentLocation: currentLocation))
    }

    /// Decides every valid app's eligibility for a request already parsed (a `.mkdirectionsrequest`
    /// file, a program's own request), against one consistent snapshot, in ``Eligibility`` order.
    /// - Parameter currentLocation: the request's own current location (used for this request only,
    ///   never stored), else the daemon's is used.
    public func decide(_ request: DirectionsRequest, currentLocation: CurrentLocation? = nil) -> [AppVerdict] {
        let (served, own) = state.withLock { ($0.served, $0.ownLocation) }
        return Eligibility.verdicts(for: request, index: served.index, location: currentLocation ?? own?.location)
    }

    /// The verdicts a reply lists and how many apps it only counts, against one consistent snapshot.
    /// With `explain`, every app's verdict (``decide(_:currentLocation:)``) and `unlisted` 0;
    /// without, only the verdicts that do not rule their app out (eligible or undetermined, in the
    /// same order) and `unlisted` the number of apps ruled out, found through the coverage index so
    /// that the cost follows the answer, not the number of apps.
    public func decide(_ request: DirectionsRequest, currentLocation: CurrentLocation? = nil, explain: Bool)
        -> (verdicts: [AppVerdict], unlisted: Int)
    {
        if explain { return (decide(request, currentLocation: currentLocation), 0) }
        let (served, own) = state.withLock { ($0.served, $0.ownLocation) }
        let possible = Eligibility.possibleVerdicts(for: request, index: served.index, location: currentLocation ?? own?.location)
        return (possible.listed, possible.ruledOut)
    }

    /// Decides one app's eligibility for a request, as ``decide(_:currentLocation:)`` does for every
    /// app; nil when no app with that id serves requests (unknown, or invalid).
    public func decide(_ request: DirectionsRequest, currentLocation: CurrentLocation? = nil, appID: String) -> AppVerdict? {
        let (served, own) = state.withLock { ($0.served, $0.ownLocation) }
        guard let app = served.registry[appID]?.app else { return nil }
        return Eligibility.verdict(for: request, app: app, location: currentLocation ?? own?.location)
    }

    /// The varlink service with `org.varlink.service`, `org.routingd.Directions` and `org.routingd.Coverage`.
    public func varlinkService(version: String = RoutingDaemon.version) -> VarlinkService {
        VarlinkService(
            vendor: "routingd", product: "routingd", version: version,
            url: RoutingDaemon.documentationURL,
            interfaces: [DirectionsInterface.make(self), CoverageInterface.make(daemon: self, log: log)])
    }

    /// `GetInfo`'s `url`: where routingd's documentation is, as a `file:` URL, since the project has
    /// no public home page: the README found as the `see:` lines of `routingctl validate` find the
    /// rule catalogue (``DefaultPaths/documentationFile(installed:sourceTree:executable:exists:)``:
    /// installed next to the program, else the checkout's `README.md` when run from a build in
    /// one, else an installed copy), else the Debian package's `/usr/share/doc/routingd/README.md`.
    public static let documentationURL: String = {
        let path = DefaultPaths.documentationFile(installed: "README.md", sourceTree: "README.md")
        return "file://" + (path ?? "/usr/share/doc/routingd/README.md")
    }()

    /// The release this build calls itself.
    public static let version = "0.1.0"
}
