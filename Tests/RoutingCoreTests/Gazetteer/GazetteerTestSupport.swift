@testable import RoutingCore

/// A ring from GeoJSON-order [first number, second number] pairs: longitude = first, latitude = second,
/// exactly as a coverage file's positions are read. Closed by repeating the first pair.
func ringAsWritten(_ pairs: [(Double, Double)]) -> [Coordinate] {
    var ring = pairs.map { Coordinate(latitude: $0.1, longitude: $0.0) }
    if let first = ring.first { ring.append(first) }
    return ring
}

func coverage(_ rings: [[Coordinate]]) -> Coverage {
    Coverage(polygons: rings.map { CoveragePolygon(ring: $0) })
}

/// The gazetteer place with this name and country (test fixture lookup).
func place(_ name: String, _ country: String) -> Place? {
    Gazetteer.places.first { $0.name == name && $0.countryCode == country }
}

/// Deterministic pseudo-random numbers (SplitMix64).
struct TestRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * (Double(next() >> 11) / Double(1 << 53))
    }
}
