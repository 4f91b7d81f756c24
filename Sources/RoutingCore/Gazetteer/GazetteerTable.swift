// SPDX-License-Identifier: Apache-2.0
/// Reads the embedded place table of ``GazetteerData`` (written by scripts/gazetteer/generate.py).
///
/// Format, one record per line:
/// - a line of exactly two characters is an ISO 3166-1 alpha-2 country code that applies to the
///   following lines;
/// - `name|latitude|longitude|population`, with latitude and longitude as integers in thousandths
///   of a degree (WGS 84) and the population as a non-negative integer.
///
/// Malformed lines (wrong field count, numbers that do not parse, coordinates out of range, a place
/// before any country line) are skipped; the tests check that the embedded table has none, by
/// comparing the count with ``GazetteerData/placeCount``.
enum GazetteerTable {
    /// Parses `table` into places, in table order.
    static func parse(_ table: String) -> [Place] {
        var table = table
        return table.withUTF8 { bytes in parse(bytes) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [Place] {
        var places: [Place] = []
        places.reserveCapacity(GazetteerData.placeCount)
        var country = ""
        var lineStart = 0
        let count = bytes.count
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            // Positions of the three '|' separators; a fourth makes the line malformed.
            var bar0 = -1, bar1 = -1, bar2 = -1, bars = 0
            for i in lineStart..<lineEnd where bytes[i] == UInt8(ascii: "|") {
                switch bars {
                case 0: bar0 = i
                case 1: bar1 = i
                case 2: bar2 = i
                default: break
                }
                bars += 1
            }
            if bars == 0 {
                if lineEnd - lineStart == 2 {
                    country = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                }
                continue
            }
            guard bars == 3, !country.isEmpty, bar0 > lineStart,
                let latitude = integer(bytes, bar0 + 1, bar1),
                let longitude = integer(bytes, bar1 + 1, bar2),
                let population = integer(bytes, bar2 + 1, lineEnd),
                (-90_000...90_000).contains(latitude), (-180_000...180_000).contains(longitude),
                population >= 0
            else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<bar0]), as: UTF8.self)
            places.append(Place(
                name: name, countryCode: country,
                coordinate: Coordinate(latitude: Double(latitude) / 1000, longitude: Double(longitude) / 1000),
                population: population))
        }
        return places
    }

    /// A decimal integer with optional leading '-', or nil.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var i = start
        var negative = false
        if i < end && bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < end, end - i <= 12 else { return nil }
        var value = 0
        while i < end {
            let digit = Int(bytes[i]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
            i += 1
        }
        return negative ? -value : value
    }
}
