// SPDX-License-Identifier: Apache-2.0
/// A single point typed longitude first where latitude first was asked for (`routingctl location
/// set LAT LON`, `--current-location LAT,LON`): judged on the gazetteer, like ``SwappedAxes`` judges
/// a coverage file, and as conservatively. Evidence needs both:
/// - as given, every populated place is at least ``SwappedAxes/remoteDistance`` (50 km) away, and at
///   least ``SwappedAxes/ratio`` (25) times farther than from the other reading;
/// - read the other way round, a populated place lies within ``SwappedAxes/nearDistance`` (5 km).
///
/// Example: Paris given as `2.3522 48.8566` lies in the Indian Ocean, 250 km from the nearest town
/// (Ceeldheer, Somalia); read the other way round it is 390 m from central Paris.
public struct SwappedPoint: Sendable, Hashable {
    /// The point read the other way round (WGS84 degrees).
    public var swapped: Coordinate
    /// The nearest populated place to the point as given, and its distance in metres.
    public var asGivenNearest: Place
    public var asGivenDistance: Double
    /// The nearest populated place to the swapped point, and its distance in metres.
    public var swappedNearest: Place
    public var swappedDistance: Double

    /// The evidence that `point` (as given: latitude, longitude) was meant the other way round, or
    /// nil when there is none (the usual case, and always when |longitude| > 90).
    public static func evidence(for point: Coordinate) -> SwappedPoint? {
        guard let swapped = Eligibility.swappedPoint(point),
            let near = Gazetteer.nearest(to: swapped), near.distance <= SwappedAxes.nearDistance,
            let given = Gazetteer.nearest(to: point),
            given.distance >= max(SwappedAxes.remoteDistance, SwappedAxes.ratio * max(near.distance, SwappedAxes.ratioFloor))
        else { return nil }
        return SwappedPoint(
            swapped: swapped, asGivenNearest: given.place, asGivenDistance: given.distance,
            swappedNearest: near.place, swappedDistance: near.distance)
    }

    /// One sentence for a note: where the point lies as given and the other way round.
    public var message: String {
        "as given (latitude, longitude) it lies at \(DescriptionText.position(Coordinate(latitude: swapped.longitude, longitude: swapped.latitude))), "
            + "\(DescriptionText.distance(asGivenDistance)) from the nearest populated place, \(asGivenNearest); "
            + "read the other way round it is \(DescriptionText.distance(swappedDistance)) from \(swappedNearest)"
    }
}
