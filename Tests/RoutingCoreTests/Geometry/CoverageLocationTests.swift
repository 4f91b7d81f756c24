// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

private func ring(_ positions: [(Double, Double)]) -> [Coordinate] {
    positions.map { Coordinate(geoJSONPosition: $0.0, $0.1) }
}

private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Coordinate] {
    ring([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)])
}

/// A point given in GeoJSON order [longitude, latitude].
private func p(_ longitude: Double, _ latitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

private func coverage(_ polygons: [[[Coordinate]]]) -> Coverage {
    Coverage(polygons: polygons.map { CoveragePolygon(exterior: $0[0], holes: Array($0.dropFirst())) })
}

@Suite("Coverage location (union semantics)")
struct CoverageLocationTests {
    @Test func oneSquare() {
        let c = coverage([[box(0, 0, 2, 2)]])
        #expect(c.location(of: p(1, 1)) == .inside)
        #expect(c.location(of: p(2, 1)) == .boundary, "edge")
        #expect(c.location(of: p(0, 0)) == .boundary, "vertex")
        #expect(c.location(of: p(3, 1)) == .outside)
        #expect(c.location(of: p(.nan, 1)) == .outside)
    }

    /// G14: a vertex is boundary, like an edge point.
    @Test func triangleVertex() {
        let c = coverage([[ring([(0, 0), (4, 0), (0, 3), (0, 0)])]])
        #expect(c.location(of: p(4, 0)) == .boundary)
        #expect(c.location(of: p(2, 1.5)) == .boundary)
        #expect(c.location(of: p(1, 1)) == .inside)
    }

    /// G06: a repeated position changes nothing; G40: a vertex with 15 decimals is found exactly.
    @Test func repeatedAndPrecisePositions() {
        let g06 = coverage([[ring([(0, 0), (1, 0), (1, 1), (1, 1), (0, 0)])]])
        #expect(g06.location(of: p(0.75, 0.25)) == .inside)
        #expect(g06.location(of: p(1, 1)) == .boundary)
        let g40 = coverage([[ring([(13.123456789012345, 52.1), (13.2, 52.1), (13.2, 52.2), (13.123456789012345, 52.1)])]])
        #expect(g40.location(of: p(13.123456789012345, 52.1)) == .boundary)
        #expect(g40.location(of: p(13.12345678901235, 52.1)) == .boundary, "on the bottom edge")
        #expect(g40.location(of: p(13.12345678901234, 52.1)) == .outside, "just west of the vertex")
    }

    /// G15: exact answers on the hypotenuse of (0,0),(1,0),(0,1).
    @Test func exactHypotenuse() {
        let c = coverage([[ring([(0, 0), (1, 0), (0, 1), (0, 0)])]])
        #expect(c.location(of: p(0.7, 0.3)) == .inside)
        #expect(c.location(of: p(0.8, 0.2)) == .outside)
        #expect(c.location(of: p(0.6, 0.4)) == .boundary)
    }

    @Test func holes() {
        let c = coverage([[box(0, 0, 10, 10), box(2, 2, 4, 4)]])
        #expect(c.location(of: p(3, 3)) == .outside, "in the hole")
        #expect(c.location(of: p(2, 3)) == .boundary, "on the hole's edge")
        #expect(c.location(of: p(4, 4)) == .boundary, "on the hole's corner")
        #expect(c.location(of: p(5, 5)) == .inside)
        #expect(c.contains(p(2, 3)))
        #expect(!c.contains(p(3, 3)))
        #expect(c.polygons[0].covers(p(2, 2)))
        #expect(!c.polygons[0].covers(p(3, 3)))
    }

    /// G09: with the geojson profile an island written as a hole is an error; the engine still never
    /// reports the island as covered.
    @Test func holeOutsideShellIsNeverCovered() {
        let c = coverage([[box(0, 0, 10, 10), box(20, 20, 25, 25)]])
        #expect(c.location(of: p(22, 22)) == .outside)
    }

    /// G12: a point on the edge shared by two adjacent squares is interior to their union.
    @Test func sharedEdgeIsInside() {
        let c = coverage([[box(0, 0, 1, 1)], [ring([(1, 0), (2, 0), (2, 1), (1, 1), (1, 0)])]])
        #expect(c.location(of: p(1, 0.5)) == .inside)
        #expect(c.location(of: p(1, 1)) == .boundary, "the shared edge's end is on the union's outline")
        #expect(c.location(of: p(1, 0)) == .boundary)
        #expect(c.location(of: p(0.5, 1)) == .boundary)
        // Same with the second square wound the other way.
        let d = coverage([[box(0, 0, 1, 1)], [ring([(1, 0), (1, 1), (2, 1), (2, 0), (1, 0)])]])
        #expect(d.location(of: p(1, 0.5)) == .inside)
    }

    @Test func partlySharedEdge() {
        let c = coverage([[box(0, 0, 2, 2)], [box(2, 1, 3, 3)]])
        #expect(c.location(of: p(2, 1.5)) == .inside)
        #expect(c.location(of: p(2, 0.5)) == .boundary)
        #expect(c.location(of: p(2, 2.5)) == .boundary)
        #expect(c.location(of: p(2, 1)) == .boundary, "the reflex corner of the union")
        #expect(c.location(of: p(2, 2)) == .boundary)
    }

    @Test func fourSquaresAroundAVertex() {
        let c = coverage([[box(0, 0, 1, 1)], [box(1, 0, 2, 1)], [box(0, 1, 1, 2)], [box(1, 1, 2, 2)]])
        #expect(c.location(of: p(1, 1)) == .inside)
        // Three of four: the missing quarter leaves the vertex on the outline.
        let three = coverage([[box(0, 0, 1, 1)], [box(1, 0, 2, 1)], [box(0, 1, 1, 2)]])
        #expect(three.location(of: p(1, 1)) == .boundary)
        // Two diagonal squares touching at a corner.
        let diagonal = coverage([[box(0, 0, 1, 1)], [box(1, 1, 2, 2)]])
        #expect(diagonal.location(of: p(1, 1)) == .boundary)
    }

    /// G11: nested polygons; the union is the outer one.
    @Test func nestedPolygons() {
        let c = coverage([[box(0, 0, 10, 10)], [box(3, 3, 6, 6)]])
        #expect(c.location(of: p(4, 4)) == .inside)
        #expect(c.location(of: p(3, 4)) == .inside, "the inner square's edge is inside the outer one")
    }

    /// An island in a lake: the hole's edge and the island's edge together.
    @Test func islandFillingItsLake() {
        let c = coverage([[box(0, 0, 6, 6), box(1, 1, 5, 5)], [box(1, 1, 5, 5)]])
        #expect(c.location(of: p(1, 3)) == .inside, "the lake shore is the island's shore")
        #expect(c.location(of: p(3, 3)) == .inside)
        let smaller = coverage([[box(0, 0, 6, 6), box(1, 1, 5, 5)], [box(2, 2, 4, 4)]])
        #expect(smaller.location(of: p(1.5, 3)) == .outside)
        #expect(smaller.location(of: p(1, 3)) == .boundary)
    }

    /// RFC 7946 §3.1.9: a box cut at the antimeridian into two polygons covers the cut.
    @Test func antimeridianCut() {
        let c = coverage([[box(170, -5, 180, 5)], [box(-180, -5, -170, 5)]])
        #expect(c.location(of: p(180, 0)) == .inside)
        #expect(c.location(of: p(-180, 0)) == .inside)
        #expect(c.location(of: p(180, 5)) == .boundary)
        #expect(c.location(of: p(175, 0)) == .inside)
        #expect(c.location(of: p(0, 0)) == .outside)
        // Only one side present: the meridian is its boundary.
        let east = coverage([[box(170, -5, 180, 5)]])
        #expect(east.location(of: p(-180, 0)) == .boundary)
        #expect(east.contains(p(-180, 0)))
    }

    /// G17 and G20: planar reading of long edges.
    @Test func planarLongEdges() {
        let g17 = coverage([[ring([(170, -5), (-170, -5), (-170, 5), (170, 5), (170, -5)])]])
        #expect(g17.location(of: p(175, 0)) == .outside)
        #expect(g17.location(of: p(0, 0)) == .inside)
        let g20 = coverage([[ring([(-100, 0), (90, 0), (90, 60), (-100, 60), (-100, 0)])]])
        #expect(g20.location(of: p(7, 51)) == .inside)
    }

    /// G22: the top edge at latitude 90 is boundary everywhere.
    @Test func poleEdge() {
        let c = coverage([[ring([(-180, 80), (180, 80), (180, 90), (-180, 90), (-180, 80)])]])
        #expect(c.location(of: p(0, 85)) == .inside)
        #expect(c.location(of: p(0, 90)) == .boundary)
        #expect(c.location(of: p(123, 90)) == .boundary)
    }

    /// Offsets of 1e-15 around a shared edge.
    @Test func tinyOffsetsNearASharedEdge() {
        let c = coverage([[ring([(0, 0), (1, 0), (0, 1), (0, 0)])], [ring([(1, 0), (1, 1), (0, 1), (1, 0)])]])
        #expect(c.location(of: p(0.6, 0.4)) == .inside, "exactly on the shared hypotenuse")
        #expect(c.location(of: p(0.7, 0.3)) == .inside)
        #expect(c.location(of: p(0.5, 1e-15)) == .inside)
        #expect(c.location(of: p(0.5, -1e-15)) == .outside)
        #expect(c.location(of: p(1, 1)) == .boundary)
    }

    @Test func containsFollowsLocation() {
        let c = coverage([[box(0, 0, 1, 1)], [box(1, 0, 2, 1)]])
        for point in [p(0.5, 0.5), p(1, 0.5), p(1, 1), p(2, 0), p(3, 3)] {
            #expect(c.contains(point) == (c.location(of: point) != .outside))
        }
    }
}

@Suite("Coverage area with holes")
struct CoverageHoleAreaTests {
    @Test func holesAreSubtracted() {
        let whole = coverage([[box(0, 0, 10, 10)]]).area
        let hole = coverage([[box(2, 2, 4, 4)]]).area
        let withHole = coverage([[box(0, 0, 10, 10), box(2, 2, 4, 4)]]).area
        #expect(abs(withHole - (whole - hole)) / whole < 1e-12)
        // An island in the hole adds back.
        let island = coverage([[box(0, 0, 10, 10), box(2, 2, 4, 4)], [box(2.5, 2.5, 3.5, 3.5)]]).area
        let islandAlone = coverage([[box(2.5, 2.5, 3.5, 3.5)]]).area
        #expect(abs(island - (whole - hole + islandAlone)) / whole < 1e-9)
        // A polygon overlapping the hole fills part of it.
        let overlapping = coverage([[box(0, 0, 10, 10), box(2, 2, 4, 4)], [box(3, 2, 4, 4)]]).area
        let half = coverage([[box(3, 2, 4, 4)]]).area
        #expect(abs(overlapping - (whole - hole + half)) / whole < 1e-9)
    }

    /// A bow-tie covers both lobes (the even-odd region), not their signed difference.
    @Test func bowTieCountsBothLobes() {
        let bowTie = coverage([[ring([(0, 0), (2, 2), (2, 0), (0, 2), (0, 0)])]]).area
        // The ring crosses itself at (1,1); its lobes are the left and right triangles.
        let left = coverage([[ring([(0, 0), (1, 1), (0, 2), (0, 0)])]]).area
        let right = coverage([[ring([(2, 0), (2, 2), (1, 1), (2, 0)])]]).area
        #expect(bowTie > 0)
        #expect(abs(bowTie - (left + right)) / bowTie < 1e-9)
    }
}
