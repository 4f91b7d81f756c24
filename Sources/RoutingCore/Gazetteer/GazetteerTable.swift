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
            var bars: [Int] = []
            for i in lineStart..<lineEnd where bytes[i] == UInt8(ascii: "|") { bars.append(i) }
            if bars.isEmpty {
                if lineEnd - lineStart == 2 {
                    country = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                }
                continue
            }
            guard bars.count == 3, !country.isEmpty, bars[0] > lineStart,
                let latitude = integer(bytes, bars[0] + 1, bars[1]),
                let longitude = integer(bytes, bars[1] + 1, bars[2]),
                let population = integer(bytes, bars[2] + 1, lineEnd),
                (-90_000...90_000).contains(latitude), (-180_000...180_000).contains(longitude),
                population >= 0
            else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<bars[0]]), as: UTF8.self)
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
