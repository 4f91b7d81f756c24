// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// ``Coverage/boundaryDistance(from:within:)``: metres from a point to the nearest ring edge.
@Suite struct BoundaryDistanceTests {
    /// One degree of latitude on the sphere of radius 6 371 008.8 m.
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    static func box(west: Double, south: Double, east: Double, north: Double, holes: [[Coordinate]] = []) -> Coverage {
        Coverage(polygons: [CoveragePolygon(
            exterior: [
                Coordinate(latitude: south, longitude: west), Coordinate(latitude: south, longitude: east),
                Coordinate(latitude: north, longitude: east), Coordinate(latitude: north, longitude: west),
                Coordinate(latitude: south, longitude: west),
            ],
            holes: holes)])
    }

    @Test func aPointOneKilometreOutsideAnEdge() throws {
        // 1 km north of the northern edge (latitude 51), in the middle of it.
        let coverage = Self.box(west: 0, south: 50, east: 1, north: 51)
        let point = Coordinate(latitude: 51 + 1000 / Self.metresPerDegree, longitude: 0.5)
        #expect(!coverage.contains(point))
        let distance = try #require(coverage.boundaryDistance(from: point))
        #expect(abs(distance - 1000) < 0.01, "\(distance)")
        #expect(coverage.boundaryDistance(from: point, within: 999) == nil, "beyond the limit")
        #expect(coverage.boundaryDistance(from: point, within: 1001) != nil)
        // Far away: the bounding box alone says no.
        #expect(coverage.boundaryDistance(from: Coordinate(latitude: -30, longitude: 100), within: 5000) == nil)
    }

    @Test func aPointInsideIsMeasuredToTheNearestEdge() throws {
        // Latitude 50.5, 0.005° of longitude west of the eastern edge: 0.005 · cos 50.5° degrees.
        let coverage = Self.box(west: 0, south: 50, east: 1, north: 51)
        let point = Coordinate(latitude: 50.5, longitude: 0.995)
        #expect(coverage.contains(point))
        let distance = try #require(coverage.boundaryDistance(from: point))
        let expected = 0.005 * Self.metresPerDegree * Trigonometry.cos(50.5 * .pi / 180)
        #expect(abs(distance - expected) < 0.5, "\(distance) vs \(expected)")
        // On the edge: zero.
        #expect(coverage.boundaryDistance(from: Coordinate(latitude: 50.5, longitude: 1)) == 0)
    }

    @Test func aHoleEdgeIsBoundaryToo() throws {
        // A hole 0.4…0.6 × 50.4…50.6; a point 500 m south of its southern edge, far from the outer ring.
        let hole = [
            Coordinate(latitude: 50.4, longitude: 0.4), Coordinate(latitude: 50.6, longitude: 0.4),
            Coordinate(latitude: 50.6, longitude: 0.6), Coordinate(latitude: 50.4, longitude: 0.6),
            Coordinate(latitude: 50.4, longitude: 0.4),
        ]
        let coverage = Self.box(west: 0, south: 50, east: 1, north: 51, holes: [hole])
        let point = Coordinate(latitude: 50.4 - 500 / Self.metresPerDegree, longitude: 0.5)
        #expect(coverage.contains(point))
        let distance = try #require(coverage.boundaryDistance(from: point, within: 1000))
        #expect(abs(distance - 500) < 0.01, "\(distance)")
        // Inside the hole (not covered), 0.05° of latitude from its northern edge.
        let inHole = Coordinate(latitude: 50.55, longitude: 0.5)
        #expect(!coverage.contains(inHole))
        let toHole = try #require(coverage.boundaryDistance(from: inHole))
        #expect(abs(toHole - 0.05 * Self.metresPerDegree) < 1, "\(toHole)")
    }

    @Test func nonFiniteOrEmptyGivesNil() {
        let coverage = Self.box(west: 0, south: 50, east: 1, north: 51)
        #expect(coverage.boundaryDistance(from: Coordinate(latitude: .nan, longitude: 0)) == nil)
        #expect(Coverage(polygons: []).boundaryDistance(from: Coordinate(latitude: 0, longitude: 0)) == nil)
    }
}
