// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
import TestSupport
@testable import RoutingCore

/// A random star-shaped polygon (so simple): `corners` corners at sorted random angles around a
/// centre, each at a random distance. Coordinates are multiples of 1/1024 degree, so every edge
/// midpoint is exactly representable. Counter-clockwise, closed.
private func starPolygon(corners: Int, using random: inout SplitMix64) -> [Coordinate] {
    let grid = 1024.0
    let centreLongitude = Double.random(in: -150...150, using: &random)
    let centreLatitude = Double.random(in: -60...60, using: &random)
    let size = [0.01, 0.2, 3, 25][Int.random(in: 0..<4, using: &random)]
    var angles = (0..<corners).map { _ in Double.random(in: 0..<(2 * Double.pi), using: &random) }
    angles.sort()
    var ring: [Coordinate] = []
    for angle in angles {
        let radius = size * Double.random(in: 0.2...1, using: &random)
        let longitude = ((centreLongitude + radius * cos(angle)) * grid).rounded() / grid
        let latitude = ((centreLatitude + radius * sin(angle)) * grid).rounded() / grid
        let c = Coordinate(latitude: latitude, longitude: longitude)
        if ring.last != c, ring.first != c { ring.append(c) }
    }
    return ring + [ring[0]]
}

/// A comb: a bar with `teeth` deep, narrow teeth; its pockets block outward removal, so the convex
/// hull is needed. Counter-clockwise, closed, coordinates on a 1/1024 grid.
private func comb(teeth: Int, at west: Double, _ south: Double) -> [Coordinate] {
    let step = 8.0 / 1024, depth = 1.0
    var ring = [Coordinate(latitude: south, longitude: west)]
    ring.append(Coordinate(latitude: south, longitude: west + Double(2 * teeth) * step))
    for k in stride(from: 2 * teeth, to: 0, by: -2) {
        let x = west + Double(k) * step
        ring.append(Coordinate(latitude: south + depth, longitude: x))
        ring.append(Coordinate(latitude: south + depth, longitude: x - step))
        ring.append(Coordinate(latitude: south + depth / 4, longitude: x - step))
        ring.append(Coordinate(latitude: south + depth / 4, longitude: x - 2 * step))
    }
    // The last corner, (west, south + depth / 4), closes straight down to the start.
    return ring + [ring[0]]
}

private func isValid(_ ring: [Coordinate]) -> Bool {
    PolygonValidity.problems(in: [[ring]]).isEmpty
}

/// The property: at most `maximum` points, valid, and covering every original position and every
/// original edge midpoint (with `contains`, exact).
private func expectOuter(_ original: [Coordinate], maximum: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let (ring, method) = OuterSimplification.simplify(original, maximumPoints: maximum) else {
        Issue.record("no result", sourceLocation: sourceLocation)
        return
    }
    #expect(ring.first == ring.last, sourceLocation: sourceLocation)
    #expect(ring.count - 1 <= maximum, "\(ring.count - 1) points, \(method)", sourceLocation: sourceLocation)
    #expect(isValid(ring), "\(method): \(ring)", sourceLocation: sourceLocation)
    #expect(
        RingOrientation.isCounterclockwise(ring) == RingOrientation.isCounterclockwise(original),
        sourceLocation: sourceLocation)
    let coverage = Coverage(polygons: [CoveragePolygon(ring: ring)])
    let outside = original.filter { !coverage.contains($0) }
    #expect(outside.isEmpty, "\(method): positions outside: \(outside.prefix(3))", sourceLocation: sourceLocation)
    let midpoints = (1..<original.count).map {
        Coordinate(
            latitude: (original[$0 - 1].latitude + original[$0].latitude) / 2,
            longitude: (original[$0 - 1].longitude + original[$0].longitude) / 2)
    }
    let midpointsOutside = midpoints.filter { !coverage.contains($0) }
    #expect(midpointsOutside.isEmpty, "\(method): edge midpoints outside: \(midpointsOutside.prefix(3))", sourceLocation: sourceLocation)
    if original.count - 1 <= maximum { #expect(method == .unchanged && ring == original, sourceLocation: sourceLocation) }
}

@Suite struct OuterSimplificationTests {
    @Test func randomValidPolygonsComeOutSmallerValidAndContainingTheOriginal() {
        var random = SplitMix64(seed: 20)
        var methods: [OuterSimplification.Method: Int] = [:]
        for _ in 0..<300 {
            let ring = starPolygon(corners: Int.random(in: 5...160, using: &random), using: &random)
            guard isValid(ring) else { continue }  // rounding to the grid can pinch a thin star
            let maximum = [4, 5, 8, 20, 20, 50][Int.random(in: 0..<6, using: &random)]
            expectOuter(ring, maximum: maximum)
            if let method = OuterSimplification.simplify(ring, maximumPoints: maximum)?.method {
                methods[method, default: 0] += 1
            }
            // Either winding means the same area, and keeps its winding.
            expectOuter(ring.reversed(), maximum: maximum)
        }
        // The cases reach every step.
        #expect(methods[.outward, default: 0] > 10, "\(methods)")
        #expect(methods[.convexHull, default: 0] > 10, "\(methods)")
        #expect(methods[.unchanged, default: 0] > 0, "\(methods)")
    }

    @Test func aCombNeedsItsConvexHull() throws {
        let ring = comb(teeth: 30, at: 2.25, 48.75)
        #expect(isValid(ring))
        #expect(ring.count - 1 > 100)
        expectOuter(ring, maximum: 20)
        expectOuter(ring, maximum: 4)
        let (simplified, method) = try #require(OuterSimplification.simplify(ring, maximumPoints: 20))
        #expect(method == .convexHull || method == .outward, "\(method)")
        #expect(simplified.count - 1 <= 20)
    }

    @Test func aLargeRingGoesStraightToItsHull() throws {
        let ring = comb(teeth: OuterSimplification.outwardRemovalLimit / 4 + 10, at: -40, -10)
        #expect(ring.count - 1 > OuterSimplification.outwardRemovalLimit)
        let (simplified, method) = try #require(OuterSimplification.simplify(ring, maximumPoints: 20))
        #expect(method == .convexHull)
        #expect(simplified.count - 1 <= 20)
        let polygon = CoveragePolygon(ring: simplified)
        #expect(ring.allSatisfy(polygon.covers))
    }

    @Test func aLargeConvexOutlineIsCollapsedToTwentyCorners() throws {
        // 8,000 corners of a disc: beyond step 1, a hull of thousands of corners to collapse.
        var ring: [Coordinate] = []
        for k in 0..<8_000 {
            let angle = Double(k) / 8_000 * 2 * Double.pi
            ring.append(Coordinate(latitude: 45 + 3 * sin(angle), longitude: 7 + 4 * cos(angle)))
        }
        ring.append(ring[0])
        let (simplified, method) = try #require(OuterSimplification.simplify(ring, maximumPoints: 20))
        #expect(method == .convexHull)
        #expect(simplified.count - 1 <= 20)
        #expect(isValid(simplified))
        let polygon = CoveragePolygon(ring: simplified)
        #expect(ring.allSatisfy(polygon.covers))
        // An outer 20-gon of a disc adds little: well under 5 % here.
        #expect(SphericalArea.ringArea(simplified) < 1.05 * SphericalArea.ringArea(ring))
    }

    @Test func resultsStayInRangeNearThePoleAndTheAntimeridian() throws {
        // A 40-corner disc touching latitude 90 and longitude 180: extended edges would leave the
        // globe, so the corners found must stay in range.
        var ring: [Coordinate] = []
        for k in 0..<40 {
            let angle = Double(k) / 40 * 2 * Double.pi
            ring.append(Coordinate(
                latitude: ((85 + 5 * sin(angle)) * 1024).rounded() / 1024,
                longitude: ((175 + 5 * cos(angle)) * 1024).rounded() / 1024))
        }
        ring.append(ring[0])
        #expect(isValid(ring))
        for maximum in [4, 6, 20] {
            expectOuter(ring, maximum: maximum)
            let simplified = try #require(OuterSimplification.simplify(ring, maximumPoints: maximum)).ring
            #expect(simplified.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
        }
    }

    @Test func refusesWhatItCannotDo() {
        let square = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
            Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 1, longitude: 0),
            Coordinate(latitude: 0, longitude: 0),
        ]
        #expect(OuterSimplification.simplify(square, maximumPoints: 3) == nil)
        #expect(OuterSimplification.simplify(Array(square.dropLast()), maximumPoints: 4) == nil)
        #expect(OuterSimplification.simplify(square, maximumPoints: 4)?.method == .unchanged)
    }
}
