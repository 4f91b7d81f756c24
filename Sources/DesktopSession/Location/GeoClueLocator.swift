// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#endif

/// What ``GeoClueLocator/locate()`` found.
public enum GeoClueOutcome: Equatable, Sendable {
    case located(DesktopLocation)
    case unavailable(GeoClueUnavailable)
}

/// Asks GeoClue2 (org.freedesktop.GeoClue2 on the system bus) for the session's current location,
/// once: Manager.GetClient, the client's `DesktopId` and `RequestedAccuracyLevel`, a match for its
/// `LocationUpdated`, `Start`, the first location's `Latitude`, `Longitude`, `Accuracy` and
/// `Timestamp`, then `Stop` (GeoClue2 D-Bus API, freedesktop.org/software/geoclue/docs). The whole
/// exchange is bounded by `timeout`; it never throws and never waits longer.
public struct GeoClueLocator: Sendable {
    public var bus: DBusBus
    /// Seconds for the whole exchange (the default is 3).
    public var timeout: Double
    /// The desktop entry id GeoClue2 and the desktop's location setting know the app by.
    public var desktopId: String
    /// GeoClue2's accuracy level: country 1, city 4, neighbourhood 5, street 6, exact 8. City is
    /// enough to decide coverage.
    public var accuracyLevel: UInt32
    /// D-Bus service files whose presence means GeoClue2 is installed (told apart from "not running"
    /// when nobody owns its name).
    public var serviceFiles: [String]

    public static let defaultServiceFiles = [
        "/usr/share/dbus-1/system-services/org.freedesktop.GeoClue2.service",
        "/usr/local/share/dbus-1/system-services/org.freedesktop.GeoClue2.service",
    ]

    public init(
        bus: DBusBus = .system, timeout: Double = 3, desktopId: String = "routingd-open", accuracyLevel: UInt32 = 4,
        serviceFiles: [String] = GeoClueLocator.defaultServiceFiles
    ) {
        self.bus = bus
        self.timeout = timeout
        self.desktopId = desktopId
        self.accuracyLevel = accuracyLevel
        self.serviceFiles = serviceFiles
    }

    private static let service = "org.freedesktop.GeoClue2"
    private static let clientInterface = "org.freedesktop.GeoClue2.Client"

    /// The first location GeoClue2 reports, or why there is none.
    public func locate() -> GeoClueOutcome {
        let deadline = DBusDeadline.after(seconds: timeout)
        do throws(DBusError) {
            let connection = try DBusConnection(bus)
            return try locate(on: connection, deadline: deadline)
        } catch {
            return .unavailable(unavailable(error))
        }
    }

    private func locate(on connection: DBusConnection, deadline: DBusDeadline) throws(DBusError) -> GeoClueOutcome {
        let service = GeoClueLocator.service
        let clientInterface = GeoClueLocator.clientInterface
        let reply = try connection.call(
            service, "/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Manager", "GetClient",
            deadline: deadline)
        guard let client = reply.first?.text, !client.isEmpty else {
            return .unavailable(.failed("GetClient returned no client path"))
        }
        // Before Start, so that the first LocationUpdated is not missed.
        try connection.addMatch(
            "type='signal',interface='\(clientInterface)',member='LocationUpdated',path='\(client)'")
        try connection.setProperty(service, client, clientInterface, "DesktopId", .string(desktopId), deadline: deadline)
        try connection.setProperty(
            service, client, clientInterface, "RequestedAccuracyLevel", .uint32(accuracyLevel), deadline: deadline)
        _ = try connection.call(service, client, clientInterface, "Start", deadline: deadline)
        defer {
            // Best effort and within the deadline; GeoClue2 also drops the client when this connection closes.
            _ = try? connection.call(service, client, clientInterface, "Stop", deadline: deadline)
        }

        let signal = try connection.waitForSignal(until: deadline) {
            $0.member == "LocationUpdated" && $0.interface == clientInterface && $0.path == client
                && $0.arguments.count == 2
        }
        guard let signal, let locationPath = signal.arguments[1].text, locationPath != "/" else {
            return .unavailable(.timedOut(seconds: timeout))
        }
        let properties = try connection.call(
            service, locationPath, "org.freedesktop.DBus.Properties", "GetAll",
            [.string("org.freedesktop.GeoClue2.Location")], deadline: deadline)
        guard let all = properties.first else { return .unavailable(.failed("the Location object has no properties")) }
        return GeoClueLocator.location(from: all)
    }

    /// The location in a Location object's properties (`a{sv}`), checked for range.
    static func location(from properties: DBusValue) -> GeoClueOutcome {
        guard let latitude = properties["Latitude"]?.doubleValue, let longitude = properties["Longitude"]?.doubleValue
        else { return .unavailable(.failed("the Location object has no Latitude or Longitude")) }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            return .unavailable(.failed("GeoClue2 gave an impossible location (\(latitude), \(longitude))"))
        }
        // GeoClue2 documents Accuracy in metres; a negative or non-finite one means unknown.
        let accuracy = properties["Accuracy"]?.doubleValue.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        var timestamp: Double? = nil
        if case .structure(let parts)? = properties["Timestamp"]?.unwrapped, parts.count == 2,
            let seconds = parts[0].uint64Value, let micro = parts[1].uint64Value, seconds > 0
        {
            timestamp = Double(seconds) + Double(micro) / 1_000_000
        }
        return .located(
            DesktopLocation(latitude: latitude, longitude: longitude, accuracy: accuracy, timestamp: timestamp, source: "geoclue2"))
    }

    /// A D-Bus failure as a reason a person understands.
    func unavailable(_ error: DBusError) -> GeoClueUnavailable {
        if error.name == DBusError.Name.noLibsystemd || error.name == DBusError.Name.noBus {
            return .dbusUnavailable(error.message)
        }
        if error.isServiceMissing {
            return serviceFiles.contains { access($0, F_OK) == 0 } ? .notRunning : .notInstalled
        }
        if error.isAccessDenied { return .accessDenied(error.message) }
        if error.isTimeout { return .timedOut(seconds: timeout) }
        return .failed(error.description)
    }
}
