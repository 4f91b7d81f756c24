// SPDX-License-Identifier: Apache-2.0
/// Text for area descriptions and swapped-axes messages: degrees with hemisphere letters, grouped
/// thousands, distances and areas with sensible precision, and lists of places. No Foundation, no
/// locale: the output is the same everywhere (English, "." for decimals, "," between thousands).
enum DescriptionText {
    /// "1,572", "-12,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `value` rounded to `decimals` places: "51.29", "0.50", "-3.000".
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled)
        var unit = 1
        for _ in 0..<decimals { unit *= 10 }
        let integerPart = whole / unit
        var text = String(integerPart)
        if decimals > 0 {
            let fraction = String(whole % unit)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return (value < 0 && whole != 0 ? "-" : "") + text
    }

    /// "51.29°N", "0.51°W".
    static func latitude(_ degrees: Double, decimals: Int = 2) -> String {
        fixed(degrees.magnitude, decimals: decimals) + (degrees < 0 ? "°S" : "°N")
    }

    /// "0.33°E", "78.87°W".
    static func longitude(_ degrees: Double, decimals: Int = 2) -> String {
        fixed(degrees.magnitude, decimals: decimals) + (degrees < 0 ? "°W" : "°E")
    }

    /// "78.87°S 38.43°E".
    static func position(_ coordinate: Coordinate, decimals: Int = 2) -> String {
        latitude(coordinate.latitude, decimals: decimals) + " " + longitude(coordinate.longitude, decimals: decimals)
    }

    /// Decimals that show a span of `degrees` (2, or 3 for boxes narrower than 0.1°).
    static func decimals(forSpan degrees: Double) -> Int { degrees < 0.1 ? 3 : 2 }

    /// "51.29°N…51.69°N, 0.51°W…0.33°E": latitudes first, then longitudes, south to north and west to east.
    static func box(_ box: BoundingBox) -> String {
        let d = decimals(forSpan: min(box.north - box.south, box.east - box.west))
        return latitude(box.south, decimals: d) + "…" + latitude(box.north, decimals: d) + ", "
            + longitude(box.west, decimals: d) + "…" + longitude(box.east, decimals: d)
    }

    /// "850 m", "1.2 km", "620 km", "3,010 km".
    static func distance(_ metres: Double) -> String {
        guard metres.isFinite, metres < 1e15 else { return "\(metres) m" }
        if metres < 1000 { return "\(Int((metres / 10).rounded()) * 10) m" }
        if metres < 10_000 { return fixed(metres / 1000, decimals: 1) + " km" }
        return grouped(Int((metres / 1000).rounded())) + " km"
    }

    /// "1,572 km²", "2.87 km²", "< 0.01 km²".
    static func area(squareKilometres km2: Double) -> String {
        guard km2.isFinite, km2 < 1e15 else { return "\(km2) km²" }
        if km2 >= 10 { return grouped(Int(km2.rounded())) + " km²" }
        if km2 >= 0.01 { return fixed(km2, decimals: 2) + " km²" }
        return km2 > 0 ? "< 0.01 km²" : "0 km²"
    }

    /// "London, Luton and Watford (GB)" when all places share a country, otherwise
    /// "Paris (FR), Geneva (CH) and Lausanne (CH)".
    static func list(_ places: [Place]) -> String {
        guard let first = places.first else { return "" }
        let sameCountry = places.allSatisfy { $0.countryCode == first.countryCode }
        let names = places.map { sameCountry ? $0.name : $0.description }
        var text: String
        if names.count == 1 {
            text = names[0]
        } else {
            text = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
        if sameCountry { text += " (\(first.countryCode))" }
        return text
    }
}
