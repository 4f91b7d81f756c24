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
    /// One place as the table gives it: where its name lies in the table's bytes, and its values.
    /// No string is made: ``GazetteerIndex`` keeps these numbers and makes a ``Place`` only when asked.
    struct Record {
        /// Byte offset and length of the name in the table.
        var nameStart: Int
        var nameLength: Int
        /// The two bytes of the country code, the first in the high byte.
        var country: UInt16
        /// Thousandths of a degree.
        var latitude: Int
        var longitude: Int
        var population: Int
    }

    /// Parses `table` into places, in table order.
    static func parse(_ table: String) -> [Place] {
        var table = table
        return table.withUTF8 { bytes in
            var places: [Place] = []
            scan(bytes) { places.append(place($0, in: bytes)) }
            return places
        }
    }

    /// The place `record` of the table `bytes` describes.
    static func place(_ record: Record, in bytes: UnsafeBufferPointer<UInt8>) -> Place {
        let name = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[record.nameStart..<(record.nameStart + record.nameLength)]),
            as: UTF8.self)
        return Place(
            name: name, countryCode: countryCode(record.country),
            coordinate: Coordinate(latitude: Double(record.latitude) / 1000, longitude: Double(record.longitude) / 1000),
            population: record.population)
    }

    /// `GB` for the two bytes of a country line packed as in ``Record/country``.
    static func countryCode(_ packed: UInt16) -> String {
        String(decoding: [UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed)], as: UTF8.self)
    }

    /// Calls `body` with every well-formed record of `bytes`, in table order.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Record) -> Void) {
        var country: UInt16? = nil
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
                    country = UInt16(bytes[lineStart]) << 8 | UInt16(bytes[lineStart + 1])
                }
                continue
            }
            guard bars == 3, let country, bar0 > lineStart,
                let latitude = integer(bytes, bar0 + 1, bar1),
                let longitude = integer(bytes, bar1 + 1, bar2),
                let population = integer(bytes, bar2 + 1, lineEnd),
                (-90_000...90_000).contains(latitude), (-180_000...180_000).contains(longitude),
                population >= 0
            else { continue }
            body(Record(
                nameStart: lineStart, nameLength: bar0 - lineStart, country: country,
                latitude: latitude, longitude: longitude, population: population))
        }
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
