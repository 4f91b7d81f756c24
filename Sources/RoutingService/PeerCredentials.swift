// SPDX-License-Identifier: Apache-2.0
import Glibc
import StrictJSON
import Varlink

/// Who may change the daemon's state, decided from the peer's credentials as the kernel recorded
/// them at connect(2) time (`SO_PEERCRED`, unix(7); see ``VarlinkPeer``), never from anything the
/// client says.
///
/// Methods that change state (``stateChangingMethods``) are allowed only to root (uid 0) and to the
/// uid the daemon runs as; anyone else gets `org.routingd.Directions.PermissionDenied` with a
/// message. Every other method is open to whoever can reach the socket: the socket's mode and group
/// decide that (0600 for a user session, 0660 group `routingd` for the system).
public enum PeerCredentials {
    /// The methods that change state: the current location and the registry.
    public static let stateChangingMethods: Set<String> = ["SetCurrentLocation", "ClearCurrentLocation", "Reload"]

    /// The varlink error name for a refused call.
    public static let permissionDeniedError = "org.routingd.Directions.PermissionDenied"

    /// True when `peer` may call a state-changing method of a daemon running as `daemonUID`: the
    /// peer is root or the same user. A connection whose credentials could not be read (nil) may not.
    public static func mayChangeState(peer: VarlinkPeer?, daemonUID: UInt32) -> Bool {
        guard let peer else { return false }
        return peer.uid == 0 || peer.uid == daemonUID
    }

    /// The `PermissionDenied` error for `method` called by `peer`.
    public static func permissionDenied(method: String, peer: VarlinkPeer?, daemonUID: UInt32) -> VarlinkError {
        let who = peer.map { "uid \($0.uid)" } ?? "a client whose credentials could not be read"
        return VarlinkError(
            name: permissionDeniedError,
            parameters: [
                "message": .string(
                    "\(method) changes the daemon's state and is allowed only to root and uid \(daemonUID) (the daemon's user), not to \(who); read methods stay open")
            ])
    }

    /// `methods` with each state-changing one wrapped so that it runs only for permitted peers.
    /// - Parameters:
    ///   - daemonUID: the uid allowed besides root; by default the process's effective uid (geteuid(2)).
    ///   - log: gets one warning per refused call (who, which method).
    public static func guarding(
        _ methods: [String: VarlinkMethodHandler], daemonUID: UInt32 = geteuid(), log: Log? = nil
    ) -> [String: VarlinkMethodHandler] {
        var guarded = methods
        for (name, handler) in methods where stateChangingMethods.contains(name) {
            guarded[name] = restricted(handler, method: name, daemonUID: daemonUID, log: log)
        }
        return guarded
    }

    /// `handler`, run only when ``mayChangeState(peer:daemonUID:)`` allows the caller.
    private static func restricted(
        _ handler: @escaping VarlinkMethodHandler, method: String, daemonUID: UInt32, log: Log?
    ) -> VarlinkMethodHandler {
        return { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
            if !mayChangeState(peer: call.peer, daemonUID: daemonUID) {
                let who = call.peer.map { "uid \($0.uid) (pid \($0.pid))" } ?? "a peer without credentials"
                log?.warning(
                    "refused \(method) from \(who): only root and uid \(daemonUID) may change state",
                    JournalField.caller(call.peer))
                throw permissionDenied(method: method, peer: call.peer, daemonUID: daemonUID)
            }
            return try handler(call)
        }
    }
}
