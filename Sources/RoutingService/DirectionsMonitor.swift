// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RoutingCore
import StrictJSON
import Synchronization
import Varlink

/// The subscribers of `org.routingd.Directions.Monitor()` and what they are told.
///
/// Each subscriber is a ``VarlinkStream``. Its first reply is the current state, taken under the
/// monitor's lock; every change of the daemon's state is made under the same lock
/// (``update(_:)``) and its events sent to every subscriber before the lock is released. So a
/// subscriber sees each change exactly once: either in its first reply or as an event after it,
/// never both, never neither, and in the order the changes were made.
///
/// Sending never blocks: a reply is queued for the connection (``StreamReplies``) and the server
/// closes a connection that leaves too much unread (`maxStreamBacklogBytes`), which cancels the
/// stream and removes the subscriber. A client that closes its connection is removed the same way.
/// Thread-safe.
public final class DirectionsMonitor: Sendable {
    private struct Subscribers {
        var streams: [UInt64: VarlinkStream] = [:]
        var nextID: UInt64 = 0
    }

    private let subscribers = Mutex(Subscribers())

    public init() {}

    /// How many streams are subscribed now.
    public var count: Int { subscribers.withLock { $0.streams.count } }

    /// Sends `initial()` as the stream's first reply and subscribes it, atomically with respect to
    /// ``update(_:)``; the stream is removed when cancelled.
    func subscribe(_ stream: VarlinkStream, initial: () -> JSONObject) {
        let id = subscribers.withLock { subscribers -> UInt64? in
            guard stream.send(initial()) else { return nil }
            let id = subscribers.nextID
            subscribers.nextID += 1
            subscribers.streams[id] = stream
            return id
        }
        guard let id else { return }
        // Cancelled on the event loop's thread (the connection closed): unsubscribe elsewhere, so
        // the loop never waits for a change being told under the lock.
        stream.onCancel { [self] in
            DispatchQueue.global().async { [self] in
                _ = subscribers.withLock { $0.streams.removeValue(forKey: id) }
            }
        }
    }

    /// Runs `change` under the monitor's lock and sends the events it returns to every subscriber,
    /// in order. `change` learns whether anyone listens, so that it can skip building events
    /// nobody would read. Returns what `change` returned besides its events.
    func update<Result>(_ change: (_ listening: Bool) -> (result: Result, events: [JSONObject])) -> Result {
        subscribers.withLock { subscribers in
            let (result, events) = change(!subscribers.streams.isEmpty)
            for (id, stream) in subscribers.streams {
                for event in events where !stream.send(event) {
                    subscribers.streams[id] = nil
                    break
                }
            }
            return result
        }
    }

    // MARK: Events

    /// The first reply: `{"event": "state", "apps": [App…], "location": Location?}`.
    static func stateEvent(_ registry: AppRegistry, location: DaemonLocation?) -> JSONObject {
        [
            "event": "state", "apps": .array(registry.entries.map { WireFormat.encode($0) }),
            "location": location?.json ?? .null,
        ]
    }

    /// One event per app added, removed, gone stale, fixed or otherwise changed between the two
    /// registries, in the new registry's order, then the removals.
    static func appEvents(from old: AppRegistry, to new: AppRegistry) -> [JSONObject] {
        var events: [JSONObject] = []
        let previous = Dictionary(old.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let current = Set(new.entries.map(\.id))
        for entry in new.entries {
            // Taken unchanged from `old`: no event, and no need to encode it twice to find that out.
            if new.unchangedIDs.contains(entry.id), previous[entry.id] != nil { continue }
            let encoded = WireFormat.encode(entry)
            guard let before = previous[entry.id] else {
                events.append(["event": "appAdded", "app": encoded])
                continue
            }
            let kind: String
            if before.state != .stale && entry.state == .stale {
                kind = "appStale"
            } else if before.state != .active && entry.state == .active {
                kind = "appFixed"
            } else if WireFormat.encode(before) != encoded {
                kind = "appChanged"
            } else {
                continue
            }
            events.append(["event": .string(kind), "app": encoded])
        }
        for entry in old.entries where !current.contains(entry.id) {
            events.append(["event": "appRemoved", "id": .string(entry.id)])
        }
        return events
    }

    /// `locationSet` with the location, or `locationCleared`.
    static func locationEvent(_ location: DaemonLocation?) -> JSONObject {
        guard let location else { return ["event": "locationCleared"] }
        return ["event": "locationSet", "location": location.json]
    }

    /// `reloaded` with the reload's summary: what asked for it, how many apps serve and how many
    /// have an error afterwards, how long it took (seconds), and why it failed as a whole.
    static func reloadEvent(trigger: String, registry: AppRegistry, seconds: Double, failure: String?) -> JSONObject {
        [
            "event": "reloaded",
            "reload": [
                "trigger": .string(trigger),
                "apps": .number(Double(registry.apps.count)),
                "invalid": .number(Double(registry.errorCount)),
                "seconds": .number(seconds),
                "failure": failure.map { .string($0) } ?? .null,
            ],
        ]
    }
}
