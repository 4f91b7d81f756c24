// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Testing

/// DesktopNotifier against python-dbusmock's notification_daemon template on a private bus.
@Suite(.serialized, .enabled(if: PrivateBus.available, "needs dbus-daemon and python3-dbusmock"))
struct DesktopNotifierTests {
    @Test func notifyArrivesWithTheSummaryAndTheEscapedBody() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: "notification_daemon", name: "org.freedesktop.Notifications")
        let outcome = DesktopNotifier(bus: .address(bus.address), timeout: 10)
            .notify(summary: "No routing app for this link", body: "outside <every> coverage & more\n\u{1B}[31m")
        guard case .shown(let id) = outcome else {
            Issue.record("not shown: \(outcome)")
            return
        }
        #expect(id > 0)

        // dbusmock records each call: GetMethodCalls(s) -> a(tav).
        let connection = try DBusConnection(.address(bus.address))
        let calls = try connection.call(
            "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock",
            "GetMethodCalls", [.string("Notify")], deadline: .after(seconds: 5))
        guard case .array(_, let list)? = calls.first, list.count == 1, case .structure(let call) = list[0],
            case .array(_, let arguments) = call[1]
        else {
            Issue.record("unexpected GetMethodCalls reply: \(calls)")
            return
        }
        #expect(arguments.map(\.unwrapped.signature) == ["s", "u", "s", "s", "s", "as", "a{sv}", "i"])
        #expect(arguments[0].text == "routingd")
        #expect(arguments[3].text == "No routing app for this link")
        #expect(arguments[4].text == "outside &lt;every&gt; coverage &amp; more\n\\x1B[31m")
        #expect(arguments[5].unwrapped == .array(elementSignature: "s", []))
        #expect(arguments[6].unwrapped["urgency"]?.unwrapped == .byte(1))
        #expect(arguments[7].unwrapped == .int32(-1))
    }

    @Test func noNotificationServiceIsReportedAsNotShown() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let outcome = DesktopNotifier(bus: .address(bus.address), timeout: 5).notify(summary: "s", body: "b")
        #expect(outcome == .notShown(reason: "no notification service is running on the session bus"))
        #expect(!outcome.wasShown)
    }

    @Test func noBusIsReportedAsNotShown() {
        let outcome = DesktopNotifier(bus: .address("unix:path=/nonexistent/routingd-test/bus"), timeout: 1)
            .notify(summary: "s", body: "b")
        guard case .notShown(let reason) = outcome else {
            Issue.record("shown without a bus")
            return
        }
        #expect(reason.hasPrefix("D-Bus unavailable: "))
    }
}

@Suite struct NotificationMarkupTests {
    @Test func bodyEscapesMarkupAndControlsButKeepsLineFeeds() {
        #expect(NotificationMarkup.body("a<b>&c") == "a&lt;b&gt;&amp;c")
        #expect(NotificationMarkup.body("one\ntwo\rthree\u{7}\u{85}") == "one\ntwo\\rthree\\x07\\x85")
        #expect(NotificationMarkup.body("Zürich → Genève") == "Zürich → Genève")
    }

    @Test func summaryIsOneLine() {
        #expect(NotificationMarkup.summary("a\nb<") == "a\\nb<")
    }
}

@Suite struct DBusValueTests {
    @Test func signatures() {
        #expect(DBusValue.stringVariantDictionary([("k", .uint32(4))]).signature == "a{sv}")
        #expect(DBusValue.structure([.uint64(1), .uint64(2)]).signature == "(tt)")
        #expect(DBusValue.array(elementSignature: "s", []).signature == "as")
        #expect(DBusValue.variant(.objectPath("/")).unwrapped.text == "/")
    }
}
