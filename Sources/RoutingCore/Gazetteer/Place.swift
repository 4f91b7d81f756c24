// SPDX-License-Identifier: Apache-2.0
/// A populated place from the embedded gazetteer (GeoNames, population ≥ 15,000; see ``Gazetteer``).
///
/// Used as evidence about what a coverage area covers: ``Gazetteer/places(in:limit:)`` lists the
/// places inside an area, ``SwappedAxes`` compares them between two readings of a file and
/// ``AreaDescription`` names the largest ones.
public struct Place: Sendable, Hashable, CustomStringConvertible {
    /// The GeoNames name of the place (UTF-8, e.g. "London", "São Paulo").
    public var name: String
    /// ISO 3166-1 alpha-2 country code as GeoNames gives it, e.g. "GB", "US".
    public var countryCode: String
    /// The place's centre (GeoNames' point for it), WGS 84 degrees, rounded to 0.001° (about 110 m).
    public var coordinate: Coordinate
    /// Number of inhabitants according to GeoNames (≥ 15,000 for every place in the table).
    public var population: Int

    public init(name: String, countryCode: String, coordinate: Coordinate, population: Int) {
        self.name = name
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.population = population
    }

    /// "London (GB)".
    public var description: String { "\(name) (\(countryCode))" }
}
