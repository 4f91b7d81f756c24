// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// Inputs large enough (≥ `PolygonValidity.parallelSearchThreshold` positions) for the edge-pair
/// search to run on all processors: the answers must be those of the one-thread search.
@Suite("Polygon validity: large inputs")
struct LargeInputValidityTests {
    /// A closed ring of `n` corners on a circle around (cx, cy), radius `r` degrees, counter-clockwise.
    private func circle(_ n: Int, cx: Double, cy: Double, r: Double) -> [Coordinate] {
        var ring = (0..<n).map { k -> Coordinate in
            let t = Double(k) / Double(n) * 2 * Double.pi
            return Coordinate(latitude: cy + r * Trigonometry.sin(t), longitude: cx + r * Trigonometry.cos(t))
        }
        ring.append(ring[0])
        return ring
    }

    @Test func largeValidMultiPolygonHasNoProblem() {
        let polygons = (0..<30).map { i in [circle(2_000, cx: Double(i % 6) * 10, cy: Double(i / 6) * 10, r: 4)] }
        #expect(polygons.reduce(0) { $0 + $1[0].count } >= PolygonValidity.parallelSearchThreshold)
        #expect(PolygonValidity.problems(in: polygons).isEmpty)
    }

    @Test func oneCrossingAmongManyEdgesIsFound() {
        // 30 circles; in the last one, two neighbouring corners are swapped: a tiny bow-tie.
        var polygons = (0..<30).map { i in [circle(2_000, cx: Double(i % 6) * 10, cy: Double(i / 6) * 10, r: 4)] }
        var last = polygons[29][0]
        last.swapAt(1_000, 1_001)
        polygons[29][0] = last
        let problems = PolygonValidity.problems(in: polygons)
        #expect(problems.map(\.kind) == [.selfIntersection], "\(problems)")
        #expect(problems.first?.at.polygon == 29)
        // Overlapping polygons in a large file are found too (notes in the Apple profile).
        var overlapping = polygons
        overlapping[29] = [circle(2_000, cx: 43, cy: 40, r: 4)]
        #expect(PolygonValidity.problems(in: overlapping).contains { $0.kind == .polygonsOverlap })
    }

    @Test func aRingWhereEveryEdgeCrossesManyStopsEarly() {
        // A 60,000-corner star whose corners alternate between two radii with a large step: each
        // edge crosses hundreds of others. The search stops once errors are certain (no hang) and
        // lists at most the per-kind maximum.
        let n = 60_000
        var ring = (0..<n).map { k -> Coordinate in
            let t = Double(k * 7_919 % n) / Double(n) * 2 * Double.pi
            let r = k % 2 == 0 ? 1.0 : 3.0
            return Coordinate(latitude: r * Trigonometry.sin(t), longitude: r * Trigonometry.cos(t))
        }
        ring.append(ring[0])
        let problems = PolygonValidity.problems(in: [[ring]])
        #expect(!problems.isEmpty)
        #expect(problems.filter { $0.kind == .selfIntersection }.count <= PolygonValidity.maximumProblemsPerKind)
    }
}
