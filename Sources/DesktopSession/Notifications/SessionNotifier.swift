// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// A desktop notification (``DesktopNotifier``, org.freedesktop.Notifications on the session bus),
/// and standard error when none can be shown (no session bus, no notification service, no answer
/// in time): the message then goes there, with why the notification was not shown.
public struct SessionNotifier: UserNotifier {
    public var notifier: DesktopNotifier
    public var fallback: StandardErrorNotifier

    public init(notifier: DesktopNotifier = DesktopNotifier(), fallback: StandardErrorNotifier = StandardErrorNotifier()) {
        self.notifier = notifier
        self.fallback = fallback
    }

    public func notify(summary: String, body: String) -> Bool {
        switch notifier.notify(summary: summary, body: body) {
        case .shown: return true
        case .notShown(let reason):
            _ = fallback.notify(summary: summary, body: body)
            _ = fallback.notify(summary: "note", body: "no desktop notification: \(reason)")
            return false
        }
    }
}
