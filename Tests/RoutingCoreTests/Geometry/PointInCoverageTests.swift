// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// Builds a coverage from GeoJSON-order [longitude, latitude] rings.
private func coverage(_ rings: [[(Double, Double)]]) -> Coverage {
    Coverage(polygons: rings.map { ring in
        CoveragePolygon(ring: ring.map { Coordinate(geoJSONPosition: $0.0, $0.1) })
    })
}

/// A point given in GeoJSON order [longitude, latitude].
private func p(_ longitude: Double, _ latitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

@Suite("Point in coverage")
struct PointInCoverageTests {
    // G01 / G02: both windings cover the same area.
    @Test func bothWindingsWork() {
        let clockwise = coverage([[(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]])
        #expect(clockwise.contains(p(0.5, 0.5)))
        #expect(!clockwise.contains(p(1.5, 0.5)))
        let ccw = coverage([[(10, 10), (11, 10), (11, 11), (10, 11), (10, 10)]])
        let reversed = coverage([[(10, 10), (10, 11), (11, 11), (11, 10), (10, 10)]])
        for c in [ccw, reversed] {
            #expect(c.contains(p(10.5, 10.5)))
            #expect(!c.contains(p(50, 50)))
        }
    }

    // G14: a vertex is boundary, and boundary is covered.
    @Test func verticesAreCovered() {
        let c = coverage([[(0, 0), (4, 0), (0, 3), (0, 0)]])
        #expect(c.contains(p(4, 0)))
        #expect(c.contains(p(0, 3)))
        #expect(c.contains(p(0, 0)))
        #expect(c.contains(p(2, 0)), "edge point")
        #expect(c.contains(p(2, 1.5)), "on the hypotenuse")
        #expect(!c.contains(p(4.000000000000001, 0)))
        #expect(!c.contains(p(2, -1e-300)))
    }

    // G15: exact answers near the hypotenuse of (0,0),(1,0),(0,1).
    @Test func exactNearTheHypotenuse() {
        let c = coverage([[(0, 0), (1, 0), (0, 1), (0, 0)]])
        #expect(c.contains(p(0.7, 0.3)), "strictly inside by 2^-54")
        #expect(!c.contains(p(0.8, 0.2)), "strictly outside")
        #expect(c.contains(p(0.6, 0.4)), "exactly on the edge")
        // Same triangle wound the other way.
        let cw = coverage([[(0, 0), (0, 1), (1, 0), (0, 0)]])
        #expect(cw.contains(p(0.7, 0.3)))
        #expect(!cw.contains(p(0.8, 0.2)))
        #expect(cw.contains(p(0.6, 0.4)))
    }

    // G06: a duplicated vertex (zero-length edge) changes nothing.
    @Test func duplicateVertex() {
        let c = coverage([[(0, 0), (1, 0), (1, 1), (1, 1), (0, 0)]])
        #expect(c.contains(p(0.75, 0.25)))
        #expect(c.contains(p(1, 1)))
        #expect(!c.contains(p(0.25, 0.75)))
    }

    // G11: a part inside another part is covered (union, never even-odd across parts).
    @Test func nestedPartsAreAUnion() {
        let c = coverage([
            [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)],
            [(3, 3), (6, 3), (6, 6), (3, 6), (3, 3)],
        ])
        #expect(c.contains(p(4, 4)))
        #expect(c.contains(p(1, 1)))
    }

    // G12: a point on the edge two adjacent parts share.
    @Test func sharedEdgeIsCovered() {
        let c = coverage([
            [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)],
            [(1, 0), (2, 0), (2, 1), (1, 1), (1, 0)],
        ])
        #expect(c.contains(p(1, 0.5)))
        #expect(c.contains(p(1.5, 0.5)))
        #expect(!c.contains(p(2.5, 0.5)))
    }

    /// Rays through vertices and along horizontal edges are counted once.
    @Test func raysThroughVerticesAndHorizontalEdges() {
        // A concave "W"-topped shape with vertices at the query latitude.
        let c = coverage([[(0, 0), (6, 0), (6, 4), (5, 2), (4, 4), (3, 2), (2, 4), (1, 2), (0, 4), (0, 0)]])
        #expect(c.contains(p(0.5, 2)))
        #expect(c.contains(p(3, 2)), "vertex")
        #expect(c.contains(p(2, 2)), "inside, the ray passes through vertices at latitude 2")
        #expect(c.contains(p(2, 3.9)), "near the tip of a tooth")
        #expect(!c.contains(p(3, 3)), "between the teeth")
        #expect(!c.contains(p(3, 2.000000000000001)), "just above a valley vertex")
        #expect(!c.contains(p(-1, 2)))
        #expect(!c.contains(p(7, 2)))
        #expect(c.contains(p(3, 0)), "bottom edge")
        #expect(!c.contains(p(-1, 0)), "on the bottom edge's line, outside")
        #expect(!c.contains(p(7, 4)), "level with the top vertices, outside")
    }

    @Test func planarEdgesAcrossMostOfTheWorld() {
        // G17: a ring written 170 → -170 is, read planarly, a 340-degree-wide box.
        let c = coverage([[(170, -5), (-170, -5), (-170, 5), (170, 5), (170, -5)]])
        #expect(c.contains(p(0, 0)))
        #expect(!c.contains(p(175, 0)))
        // G20: a 190-degree-wide box: planar says inside.
        let wide = coverage([[(-100, 0), (90, 0), (90, 60), (-100, 60), (-100, 0)]])
        #expect(wide.contains(p(7, 51)))
    }

    @Test func polesAndTheAntimeridian() {
        // G22: a cap up to the pole, written per RFC 7946 §5.3.
        let cap = coverage([[(-180, 80), (180, 80), (180, 90), (-180, 90), (-180, 80)]])
        #expect(cap.contains(p(0, 85)))
        #expect(cap.contains(p(0, 90)))
        #expect(cap.contains(p(123, 90)))
        #expect(!cap.contains(p(0, 79.9)))
        // ±180 is one meridian: a box touching +180 covers -180 at the same latitude.
        let east = coverage([[(170, -5), (180, -5), (180, 5), (170, 5), (170, -5)]])
        #expect(east.contains(p(180, 0)))
        #expect(east.contains(p(-180, 0)))
        #expect(!east.contains(p(-179.5, 0)))
        #expect(!east.contains(p(-180, 6)))
    }

    // G40: full precision is kept, so a vertex with 15 decimals is still boundary.
    @Test func noRounding() {
        let x = 13.123456789012345
        let c = coverage([[(x, 52.1), (13.2, 52.1), (13.2, 52.2), (x, 52.1)]])
        #expect(c.contains(p(x, 52.1)))
        #expect(!c.contains(p(x.nextDown, 52.1)))
    }

    @Test func nonFiniteQueriesAreNeverCovered() {
        let world = coverage([[(-180, -90), (180, -90), (180, 90), (-180, 90), (-180, -90)]])
        #expect(world.contains(p(0, 0)))
        #expect(!world.contains(p(.nan, 45)))
        #expect(!world.contains(p(10, .nan)))
        #expect(!world.contains(p(.infinity, 0)))
    }

    @Test func boundingBox() {
        let c = coverage([
            [(1, 2), (3, 2), (3, 4), (1, 2)],
            [(-5, 10), (0, 10), (0, 11), (-5, 10)],
        ])
        #expect(c.boundingBox == BoundingBox(west: -5, south: 2, east: 3, north: 11))
        #expect(!c.contains(p(2, 8)), "inside the box, outside both polygons")
        #expect(!c.contains(p(50, 50)), "early exit")
        var changed = c
        changed.polygons.removeLast()
        #expect(changed.boundingBox == BoundingBox(west: 1, south: 2, east: 3, north: 4))
        let empty = Coverage(polygons: [])
        #expect(!empty.contains(p(0, 0)))
    }

    @Test func polygonInitClosesTheRing() {
        let polygon = CoveragePolygon(ring: [p(0, 0), p(1, 0), p(0, 1)])
        #expect(polygon.exterior.count == 4)
        #expect(polygon.exterior.first == polygon.exterior.last)
        #expect(polygon.covers(p(0.25, 0.25)))
    }

    /// Randomised: for axis-aligned boxes the exact answer is a comparison.
    @Test func randomBoxesMatchComparisons() {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int(state >> 40) % 2001 - 1000) / 8  // a grid, so points land on edges often
        }
        for _ in 0..<3000 {
            let (x0, x1) = { let a = next(), b = next(); return (min(a, b), max(a, b)) }()
            let (y0, y1) = { let a = next() / 2, b = next() / 2; return (min(a, b), max(a, b)) }()
            guard x0 < x1, y0 < y1 else { continue }
            let c = coverage([[(x0, y0), (x0, y1), (x1, y1), (x1, y0), (x0, y0)]])
            let q = p(next(), next() / 2)
            let expected = q.longitude >= x0 && q.longitude <= x1 && q.latitude >= y0 && q.latitude <= y1
            #expect(c.contains(q) == expected)
        }
    }
}

@Suite("Coverage area")
struct CoverageAreaTests {
    let radius = 6_371_008.8

    @Test func wholeSphere() {
        let world = coverage([[(-180, -90), (180, -90), (180, 90), (-180, 90), (-180, -90)]])
        let sphere = 4 * Double.pi * radius * radius
        #expect(abs(world.area - sphere) / sphere < 1e-12)
    }

    @Test func oneDegreeAtTheEquator() {
        // R² · Δλ · (sin φ₂ − sin φ₁) = R² · π/180 · sin(1°)
        let box = coverage([[(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]])
        let expected = radius * radius * (Double.pi / 180) * 0.017452406437283512
        #expect(abs(box.area - expected) / expected < 1e-12)
        let reversed = coverage([[(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]])
        #expect(abs(reversed.area - box.area) / expected < 1e-12)
    }

    @Test func slopedEdgesMatchTheClosedForm() {
        // Triangle (0,0),(2,0),(0,2): ∫₀² sin(2−λ) dλ in radians-scaled degrees.
        let t = coverage([[(0, 0), (2, 0), (0, 2), (0, 0)]])
        // Area = R² ∫_{λ=0}^{2°} sin(φ_top(λ)) dλ, φ_top = 2° − λ  →  R² (1 − cos 2°)
        let expected = radius * radius * (1 - 0.9993908270190958)
        #expect(abs(t.area - expected) / expected < 1e-9)
    }

    @Test func unionDoesNotCountOverlapsTwice() {
        let one = coverage([[(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)]]).area
        let overlapping = coverage([
            [(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)],
            [(1, 0), (3, 0), (3, 2), (1, 2), (1, 0)],
        ]).area
        let wide = coverage([[(0, 0), (3, 0), (3, 2), (0, 2), (0, 0)]]).area
        #expect(abs(overlapping - wide) / wide < 1e-9)
        let nested = coverage([
            [(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)],
            [(0.5, 0.5), (1, 0.5), (1, 1), (0.5, 0.5)],
        ]).area
        #expect(abs(nested - one) / one < 1e-9)
        let crossing = coverage([
            [(0, 0), (4, 0), (4, 1), (0, 1), (0, 0)],
            [(1, -1), (2, -1), (3, 2), (1, 2), (1, -1)],
        ]).area
        // Slab check by hand is tedious; the union must exceed each part and be below their sum.
        let a = coverage([[(0, 0), (4, 0), (4, 1), (0, 1), (0, 0)]]).area
        let b = coverage([[(1, -1), (2, -1), (3, 2), (1, 2), (1, -1)]]).area
        #expect(crossing > max(a, b) && crossing < a + b)
        // Inclusion–exclusion with the intersection, the quadrilateral (1,0),(2⅓,0),(2⅔,1),(1,1).
        let intersection = coverage([[(1, 0), (7.0 / 3, 0), (8.0 / 3, 1), (1, 1), (1, 0)]]).area
        #expect(abs(crossing - (a + b - intersection)) / crossing < 1e-9)
    }
}
