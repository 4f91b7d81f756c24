// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#endif

/// A point in time on CLOCK_MONOTONIC, in microseconds: the clock sd-bus's timeouts use
/// (sd_bus_get_timeout(3)). Every blocking D-Bus operation here takes one and returns by it.
public struct DBusDeadline: Sendable, Comparable {
    /// CLOCK_MONOTONIC, µs.
    public let microseconds: UInt64

    public init(microseconds: UInt64) { self.microseconds = microseconds }

    /// `seconds` from now (negative or NaN count as 0).
    public static func after(seconds: Double) -> DBusDeadline {
        let span = seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 1e9) * 1_000_000) : 0
        return DBusDeadline(microseconds: now() &+ span)
    }

    /// CLOCK_MONOTONIC now, µs.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }

    /// Microseconds left, 0 once passed.
    public var remaining: UInt64 {
        let now = DBusDeadline.now()
        return microseconds > now ? microseconds - now : 0
    }

    /// The earlier of this deadline and `seconds` from now.
    public func capped(atSeconds seconds: Double) -> DBusDeadline { min(self, .after(seconds: seconds)) }

    public static func < (a: DBusDeadline, b: DBusDeadline) -> Bool { a.microseconds < b.microseconds }
}
