// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Testing

@Suite struct SessionNotifierTests {
    /// No bus at that address: the notification is not shown, and notify says so (the message goes to
    /// standard error instead) within the timeout, without hanging.
    @Test func withoutABusItFallsBackToStandardError() {
        let notifier = SessionNotifier(notifier: DesktopNotifier(bus: .address("unix:path=/nonexistent/routingd-test-bus"), timeout: 1))
        #expect(notifier.notify(summary: "No routing app can open this link", body: "test: no bus") == false)
    }

    @Test func theStandardErrorNotifierWrites() {
        #expect(StandardErrorNotifier().notify(summary: "test", body: "a\nb"))
    }
}
