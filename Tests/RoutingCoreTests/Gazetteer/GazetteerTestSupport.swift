// SPDX-License-Identifier: Apache-2.0
import TestSupport
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


extension SplitMix64 {
    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * (Double(next() >> 11) / Double(1 << 53))
    }
}
