// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Why GeoClue2 gave no location; `description` is worded for a person and fits after "current
/// location unavailable: ".
public enum GeoClueUnavailable: Equatable, Sendable, CustomStringConvertible {
    /// Nobody owns org.freedesktop.GeoClue2 on the system bus, though a D-Bus service file for it exists.
    case notRunning
    /// Nobody owns org.freedesktop.GeoClue2 and no D-Bus service file provides it.
    case notInstalled
    /// GeoClue2 refused the app (the desktop's location setting, or no agent allows it); GeoClue2's
    /// own message, unescaped.
    case accessDenied(String)
    /// No location came within this many seconds.
    case timedOut(seconds: Double)
    /// libsystemd.so.0 or the system bus is missing; the cause, unescaped.
    case dbusUnavailable(String)
    /// Anything else GeoClue2 or the bus answered, or a location out of range; unescaped.
    case failed(String)

    public var description: String {
        switch self {
        case .notRunning: "GeoClue2 is not running"
        case .notInstalled: "GeoClue2 is not installed"
        case .accessDenied(let detail):
            "location access denied by the desktop's location setting"
                + (detail.isEmpty ? "" : " (GeoClue2: \(OneLine.escaped(detail)))")
        case .timedOut(let seconds): "GeoClue2 gave no location within \(GeoClueUnavailable.format(seconds)) s"
        case .dbusUnavailable(let detail): "D-Bus unavailable: " + OneLine.escaped(detail)
        case .failed(let detail): "GeoClue2 failed: " + OneLine.escaped(detail)
        }
    }

    /// 3 → "3", 0.25 → "0.3": tenths at most.
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        let tenths = (seconds * 10).rounded() / 10
        return tenths == tenths.rounded() && abs(tenths) < 1e15 ? "\(Int(tenths))" : "\(tenths)"
    }
}
