// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Whether a desktop notification was shown.
public enum NotificationOutcome: Equatable, Sendable {
    /// The notification server took it and gave it this id.
    case shown(id: UInt32)
    /// Not shown, and why, for a person (already escaped to one line): no session bus, no
    /// notification service, a refusal or no answer in time. The caller falls back to standard error.
    case notShown(reason: String)

    public var wasShown: Bool {
        if case .shown = self { return true }
        return false
    }
}

/// Sends desktop notifications: org.freedesktop.Notifications.Notify on the session bus (Desktop
/// Notifications Specification 1.2), as app "routingd", with no actions and the server's default
/// expiry (-1). Each call opens its own connection and waits at most `timeout` seconds.
public struct DesktopNotifier: Sendable {
    /// The bus with the notification service: the session bus unless a test says otherwise.
    public var bus: DBusBus
    /// Seconds to wait for the server's answer.
    public var timeout: Double

    public init(bus: DBusBus = .session, timeout: Double = 2) {
        self.bus = bus
        self.timeout = timeout
    }

    /// Urgency hint values (the specification's "urgency" byte).
    public enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    /// Shows `summary` (plain text, one line) and `body` (plain text, may have line feeds; escaped
    /// here for the body markup: `&`, `<`, `>` and control characters). Never throws: the outcome
    /// says whether it was shown or why not.
    public func notify(summary: String, body: String, urgency: Urgency = .normal) -> NotificationOutcome {
        let deadline = DBusDeadline.after(seconds: timeout)
        do throws(DBusError) {
            let connection = try DBusConnection(bus)
            let hints = DBusValue.stringVariantDictionary([("urgency", .byte(urgency.rawValue))])
            let reply = try connection.call(
                "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                "Notify",
                [
                    .string("routingd"), .uint32(0), .string(""), .string(NotificationMarkup.summary(summary)),
                    .string(NotificationMarkup.body(body)), .array(elementSignature: "s", []), hints, .int32(-1),
                ], deadline: deadline)
            guard let id = reply.first?.uint64Value, let id32 = UInt32(exactly: id) else {
                return .notShown(reason: "the notification service gave an unexpected answer")
            }
            return .shown(id: id32)
        } catch {
            return .notShown(reason: DesktopNotifier.reason(error))
        }
    }

    /// Why a notification was not shown, for a person.
    static func reason(_ error: DBusError) -> String {
        if error.name == DBusError.Name.noLibsystemd || error.name == DBusError.Name.noBus {
            return "D-Bus unavailable: " + OneLine.escaped(error.message)
        }
        if error.isServiceMissing { return "no notification service is running on the session bus" }
        if error.isTimeout { return "the notification service did not answer in time" }
        if error.isAccessDenied { return "the notification service refused: " + OneLine.escaped(error.message) }
        return "the notification service failed: \(error)"
    }
}
