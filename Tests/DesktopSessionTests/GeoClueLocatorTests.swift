// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Glibc
import TestSupport
import Testing

/// GeoClueLocator against python-dbusmock's GeoClue2 (.ci/dbusmock/geoclue2.py) on a private bus.
@Suite(.serialized, .enabled(if: PrivateBus.available, "needs dbus-daemon and python3-dbusmock"))
struct GeoClueLocatorTests {
    static let manager = "/org/freedesktop/GeoClue2/Manager"

    func seconds(_ body: () -> GeoClueOutcome) -> (GeoClueOutcome, Double) {
        let start = DBusDeadline.now()
        let outcome = body()
        return (outcome, Double(DBusDeadline.now() - start) / 1_000_000)
    }

    @Test func londonThenParisAfterTheLocationMoves() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2")
        let locator = GeoClueLocator(bus: .address(bus.address), timeout: 10)

        guard case .located(let london) = locator.locate() else {
            Issue.record("no location: \(locator.locate())")
            return
        }
        #expect(abs(london.latitude - 51.5074) < 1e-9 && abs(london.longitude - -0.1278) < 1e-9)
        #expect(london.accuracy == 5000)
        #expect(london.source == "geoclue2")
        let now = Double(time(nil))
        #expect(london.timestamp.map { abs($0 - now) < 120 } == true)

        // The client was set up as GeoClue2 requires, and stopped afterwards.
        let control = try DBusConnection(.address(bus.address))
        let client = try control.call(
            "org.freedesktop.GeoClue2", Self.manager, "org.freedesktop.GeoClue2.Mock", "LastClient",
            deadline: .after(seconds: 5)
        ).first
        #expect(client?["DesktopId"]?.text == "routingd-open")
        #expect(client?["RequestedAccuracyLevel"]?.uint64Value == 4)
        #expect(client?["Active"]?.unwrapped == .boolean(false))

        _ = try control.call(
            "org.freedesktop.GeoClue2", Self.manager, "org.freedesktop.GeoClue2.Mock", "SetLocation",
            [.double(48.8566), .double(2.3522), .double(100)], deadline: .after(seconds: 5))
        let paris = locator.locate()
        guard case .located(let location) = paris else {
            Issue.record("no location after the move: \(paris)")
            return
        }
        #expect(location.latitude == 48.8566 && location.longitude == 2.3522 && location.accuracy == 100)
    }

    /// A started client hears every move (the template's SetLocation), through the poll loop.
    @Test func aStartedClientHearsTheMove() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2")
        let connection = try DBusConnection(.address(bus.address))
        let deadline = DBusDeadline.after(seconds: 10)
        let client = try #require(
            try connection.call(
                "org.freedesktop.GeoClue2", Self.manager, "org.freedesktop.GeoClue2.Manager", "CreateClient", deadline: deadline
            ).first?.text)
        try connection.addMatch("type='signal',interface='org.freedesktop.GeoClue2.Client',member='LocationUpdated'")
        try connection.setProperty(
            "org.freedesktop.GeoClue2", client, "org.freedesktop.GeoClue2.Client", "DesktopId", .string("routingd-open"),
            deadline: deadline)
        _ = try connection.call("org.freedesktop.GeoClue2", client, "org.freedesktop.GeoClue2.Client", "Start", deadline: deadline)
        let first = try #require(try connection.waitForSignal(until: deadline) { $0.member == "LocationUpdated" })
        #expect(first.arguments.first == .objectPath("/"))

        let control = try DBusConnection(.address(bus.address))
        _ = try control.call(
            "org.freedesktop.GeoClue2", Self.manager, "org.freedesktop.GeoClue2.Mock", "SetLocation",
            [.double(48.8566), .double(2.3522), .double(100)], deadline: deadline)
        let moved = try #require(try connection.waitForSignal(until: deadline) { $0.member == "LocationUpdated" })
        #expect(moved.arguments.first == first.arguments.last)
        let path = try #require(moved.arguments.last?.text)
        let latitude = try connection.property(
            "org.freedesktop.GeoClue2", path, "org.freedesktop.GeoClue2.Location", "Latitude", deadline: deadline)
        #expect(latitude == .double(48.8566))
        let stamp = try connection.property(
            "org.freedesktop.GeoClue2", path, "org.freedesktop.GeoClue2.Location", "Timestamp", deadline: deadline)
        #expect(stamp.signature == "(tt)")
    }

    @Test func noGeoClueOnTheBus() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        // A service file exists (any existing file stands for it): installed, not running.
        let installed = GeoClueLocator(bus: .address(bus.address), timeout: 3, serviceFiles: [bus.directory + "/bus.conf"])
        let (outcome, elapsed) = seconds { installed.locate() }
        #expect(outcome == .unavailable(.notRunning))
        #expect("\(GeoClueUnavailable.notRunning)" == "GeoClue2 is not running")
        #expect(elapsed < 3)

        let absent = GeoClueLocator(bus: .address(bus.address), timeout: 3, serviceFiles: [bus.directory + "/none.service"])
        #expect(absent.locate() == .unavailable(.notInstalled))
        #expect("\(GeoClueUnavailable.notInstalled)" == "GeoClue2 is not installed")
    }

    @Test func deniedByTheLocationSetting() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2", parameters: #"{"mode": "deny"}"#)
        let outcome = GeoClueLocator(bus: .address(bus.address), timeout: 10).locate()
        guard case .unavailable(let reason) = outcome, case .accessDenied = reason else {
            Issue.record("expected access denied, got \(outcome)")
            return
        }
        #expect("\(reason)".hasPrefix("location access denied by the desktop's location setting"))
        #expect("\(reason)".contains("'routingd-open' disallowed"))
    }

    @Test func silentGeoClueTimesOutOnTime() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2", parameters: #"{"mode": "silent"}"#)
        let locator = GeoClueLocator(bus: .address(bus.address), timeout: 1)
        let (outcome, elapsed) = seconds { locator.locate() }
        #expect(outcome == .unavailable(.timedOut(seconds: 1)))
        #expect("\(GeoClueUnavailable.timedOut(seconds: 1))" == "GeoClue2 gave no location within 1 s")
        #expect(elapsed >= 0.9 && elapsed < 3)
    }

    /// Start never answers: the call's own timeout is the deadline.
    @Test func unresponsiveGeoClueTimesOutOnTime() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try bus.startMock(template: PrivateBus.geoclueTemplate, name: "org.freedesktop.GeoClue2", parameters: #"{"mode": "hang"}"#)
        let locator = GeoClueLocator(bus: .address(bus.address), timeout: 1)
        let (outcome, elapsed) = seconds { locator.locate() }
        #expect(outcome == .unavailable(.timedOut(seconds: 1)))
        #expect(elapsed >= 0.9 && elapsed < 3)
    }

    @Test func noBusMeansDBusUnavailable() {
        let outcome = GeoClueLocator(bus: .address("unix:path=/nonexistent/routingd-test/bus"), timeout: 1).locate()
        guard case .unavailable(let reason) = outcome, case .dbusUnavailable = reason else {
            Issue.record("expected D-Bus unavailable, got \(outcome)")
            return
        }
        #expect("\(reason)".hasPrefix("D-Bus unavailable: cannot connect to the bus at unix:path=/nonexistent/routingd-test/bus"))
    }

    @Test func secondsAreWrittenShortly() {
        #expect("\(GeoClueUnavailable.timedOut(seconds: 3))" == "GeoClue2 gave no location within 3 s")
        #expect("\(GeoClueUnavailable.timedOut(seconds: 0.25))" == "GeoClue2 gave no location within 0.3 s")
        #expect("\(GeoClueUnavailable.failed("a\nb"))" == "GeoClue2 failed: a\\nb")
    }
}

/// GeoClue2 knows the app by its desktop entry: the id routingctl sends names systemd/routingd-open.desktop,
/// which tells the location prompt why (X-Geoclue-Reason).
@Suite struct GeoClueDesktopEntryTests {
    @Test func theDesktopIdNamesTheEntryAndItGivesAReason() throws {
        let id = GeoClueLocator().desktopId
        let text = try #require(RepositoryFile.text("systemd/\(id).desktop"))
        let reason = text.split(separator: "\n").first { $0.hasPrefix("X-Geoclue-Reason=") }
        #expect((reason?.count ?? 0) > "X-Geoclue-Reason=".count)
    }
}
