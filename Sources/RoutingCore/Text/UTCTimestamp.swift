// SPDX-License-Identifier: Apache-2.0
/// A moment as whole seconds since the Unix epoch, written and read as ISO 8601 UTC text,
/// `2026-12-04T18:47:51Z` (RFC 3339 §5.6 `date-time` with `Z`, no fraction).
///
/// Days from civil dates with Howard Hinnant's algorithm (proleptic Gregorian calendar), so no
/// time-zone database or locale is involved.
public struct UTCTimestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z, leap seconds not counted (POSIX time).
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    public static func < (a: UTCTimestamp, b: UTCTimestamp) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }

    /// `YYYY-MM-DDThh:mm:ssZ` (years 0000...9999; others are written with as many digits as they need).
    public var description: String {
        let days = Self.floorDivide(secondsSinceEpoch, 86_400)
        let secondOfDay = secondsSinceEpoch - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yearText = year >= 0 && year < 10_000 ? String(String(year + 10_000).dropFirst()) : "\(year)"
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// Reads exactly `YYYY-MM-DDThh:mm:ssZ` as ``description`` writes it (ASCII digits, a real
    /// date, hour 00-23, minute and second 00-59); nil otherwise.
    public init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for i in range {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int64(b[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[Int(month - 1)] else { return nil }
        secondsSinceEpoch = Self.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
