// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Tells the person at the desktop something: a short summary and a body. A desktop notification
/// over D-Bus where the session has a notification service, standard error otherwise.
public protocol UserNotifier {
    /// - Returns: whether the message was shown.
    func notify(summary: String, body: String) -> Bool
}

/// Writes `routingctl: SUMMARY: BODY` on standard error (control characters escaped).
public struct StandardErrorNotifier: UserNotifier {
    public init() {}

    public func notify(summary: String, body: String) -> Bool {
        let line = "routingctl: \(OneLine.escaped(summary)): \(OneLine.escaped(body))\n"
        return line.utf8.withContiguousStorageIfAvailable { write(2, $0.baseAddress, $0.count) == $0.count } ?? false
    }
}
