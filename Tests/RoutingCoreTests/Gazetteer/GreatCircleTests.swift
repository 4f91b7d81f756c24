// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

@Suite("Great-circle distances and trigonometry")
struct GreatCircleTests {
    @Test func trigonometryMatchesKnownValues() {
        let cases: [(Double, Double, Double)] = [  // x, sin x, cos x
            (0, 0, 1), (Double.pi / 6, 0.5, 0.8660254037844386), (Double.pi / 2, 1, 0),
            (Double.pi, 0, -1), (-Double.pi / 4, -0.7071067811865476, 0.7071067811865476),
            (2.5, 0.5984721441039565, -0.8011436155469337), (-3.1, -0.04158066243329049, -0.9991351502732795),
        ]
        for (x, s, c) in cases {
            #expect((Trigonometry.sin(x) - s).magnitude < 1e-14, "sin \(x)")
            #expect((Trigonometry.cos(x) - c).magnitude < 1e-14, "cos \(x)")
        }
        #expect((Trigonometry.asin(0.5) - Double.pi / 6).magnitude < 1e-14)
        #expect((Trigonometry.asin(1) - Double.pi / 2).magnitude < 1e-14)
        #expect((Trigonometry.asin(-0.25) - -0.25268025514207865).magnitude < 1e-14)
        #expect((Trigonometry.atan(1) - Double.pi / 4).magnitude < 1e-14)
        #expect((Trigonometry.atan(-7) - -1.4288992721907328).magnitude < 1e-14)
        #expect((Trigonometry.atan2(-1, -1) - -3 * Double.pi / 4).magnitude < 1e-14)
    }

    @Test func distancesMatchTheHaversineFormula() {
        // Quarter of the equator, pole to pole, and one degree of latitude.
        let r = GreatCircle.earthRadius
        #expect((GreatCircle.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 90))
                 - r * Double.pi / 2).magnitude < 1e-6)
        #expect((GreatCircle.distance(Coordinate(latitude: -90, longitude: 0), Coordinate(latitude: 90, longitude: 33))
                 - r * Double.pi).magnitude < 1e-3)
        #expect((GreatCircle.distance(Coordinate(latitude: 10, longitude: 5), Coordinate(latitude: 11, longitude: 5))
                 - r * Double.pi / 180).magnitude < 1e-6)
        // Across the antimeridian: 0.2° of longitude at the equator.
        #expect((GreatCircle.distance(Coordinate(latitude: 0, longitude: 179.9), Coordinate(latitude: 0, longitude: -179.9))
                 - r * 0.2 * Double.pi / 180).magnitude < 1e-6)
    }

    @Test func segmentDistanceIsZeroOnTheSegmentAndMeasuresAcrossIt() {
        let a = Coordinate(latitude: 0, longitude: 0), b = Coordinate(latitude: 0, longitude: 2)
        #expect(GreatCircle.distance(from: Coordinate(latitude: 0, longitude: 1), toSegment: a, b) < 1e-6)
        let off = GreatCircle.distance(from: Coordinate(latitude: 0.5, longitude: 1), toSegment: a, b)
        #expect((off - GreatCircle.earthRadius * 0.5 * Double.pi / 180).magnitude < 1)
        // Beyond an end: the distance to that end.
        let beyond = GreatCircle.distance(from: Coordinate(latitude: 0, longitude: 3), toSegment: a, b)
        #expect((beyond - GreatCircle.distance(Coordinate(latitude: 0, longitude: 3), b)).magnitude < 1e-6)
    }

    /// The box lower bound never exceeds the distance to any point of the box.
    @Test func boxLowerBoundIsALowerBound() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<400 {
            let south = random.uniform(-89...80), west = random.uniform(-180...170)
            let box = BoundingBox(
                west: west, south: south, east: min(180, west + random.uniform(0...60)),
                north: min(90, south + random.uniform(0...40)))
            let point = Coordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
            let bound = GreatCircle.lowerBoundAngle(from: point, to: box) * GreatCircle.earthRadius
            for _ in 0..<30 {
                let inside = Coordinate(
                    latitude: random.uniform(box.south...box.north), longitude: random.uniform(box.west...box.east))
                #expect(bound <= GreatCircle.distance(point, inside) + 1e-6)
            }
            if box.contains(point) { #expect(bound == 0) }
        }
    }
}
