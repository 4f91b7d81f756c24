// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// A ring from GeoJSON-order [longitude, latitude] pairs, written out closed as in a file.
private func ring(_ positions: [(Double, Double)]) -> [Coordinate] {
    positions.map { Coordinate(geoJSONPosition: $0.0, $0.1) }
}

private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Coordinate] {
    ring([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)])
}

private func kinds(_ multiPolygon: [[[Coordinate]]]) -> [PolygonProblem.Kind] {
    PolygonValidity.problems(in: multiPolygon).map(\.kind)
}

private func p(_ longitude: Double, _ latitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

@Suite("Polygon validity (GEOS IsValidOp semantics)")
struct PolygonValidityTests {
    // MARK: valid shapes

    @Test func simplePolygonsAreValid() {
        #expect(kinds([[box(0, 0, 1, 1)]]).isEmpty)
        #expect(kinds([[ring([(0, 0), (4, 0), (0, 3), (0, 0)])]]).isEmpty, "G14 triangle")
        #expect(kinds([[ring([(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])]]).isEmpty, "G01: clockwise is still valid")
        #expect(kinds([[ring([(170, -5), (-170, -5), (-170, 5), (170, 5), (170, -5)])]]).isEmpty, "G17: planar, valid")
        #expect(kinds([[ring([(-180, 80), (180, 80), (180, 90), (-180, 90), (-180, 80)])]]).isEmpty, "G22: touches the pole, valid")
    }

    /// G06: a repeated position is not a validity problem (the validator warns separately).
    @Test func duplicatePositionsAreNotProblems() {
        #expect(kinds([[ring([(0, 0), (1, 0), (1, 1), (1, 1), (0, 0)])]]).isEmpty)
        #expect(kinds([[ring([(0, 0), (0, 0), (1, 0), (1, 1), (0, 0), (0, 0)])]]).isEmpty)
    }

    @Test func holesInsideAndTouchingOnceAreValid() {
        #expect(kinds([[box(0, 0, 10, 10), box(2, 2, 4, 4), box(6, 6, 8, 8)]]).isEmpty)
        // A hole touching the shell at one point.
        #expect(kinds([[box(0, 0, 4, 4), ring([(2, 0), (3, 1), (1, 1), (2, 0)])]]).isEmpty)
        // Two holes touching each other at one point.
        #expect(kinds([[box(0, 0, 10, 10), box(2, 2, 4, 4), box(4, 4, 6, 6)]]).isEmpty)
    }

    @Test func partsTouchingAtPointsAndIslandsInHolesAreValid() {
        #expect(kinds([[box(0, 0, 1, 1)], [box(1, 1, 2, 2)]]).isEmpty, "corner to corner")
        #expect(kinds([[box(0, 0, 2, 2)], [ring([(2, 1), (3, 0), (3, 2), (2, 1)])]]).isEmpty, "vertex on an edge")
        #expect(kinds([[box(0, 0, 6, 6), box(1, 1, 5, 5)], [box(2, 2, 4, 4)]]).isEmpty, "island in a lake")
        #expect(kinds([[box(0, 0, 6, 6), box(1, 1, 5, 5)], [ring([(1, 3), (3, 2), (4, 3), (3, 4), (1, 3)])]]).isEmpty, "island touching the lake shore at a point")
        #expect(!kinds([[box(0, 0, 6, 6), box(1, 1, 5, 5)], [box(1, 2, 4, 4)]]).isEmpty, "island sharing an edge with the lake shore")
    }

    // MARK: ring problems

    /// G05: fewer than three distinct positions after collapsing repeats.
    @Test func tooFewPoints() {
        let collapsed = PolygonValidity.problems(in: [[ring([(0, 0), (1, 0), (1, 0), (0, 0)])]])
        #expect(collapsed.map(\.kind) == [.tooFewPoints])
        #expect(collapsed.first?.at == RingPosition(polygon: 0, ring: 0, position: 0))
        #expect(kinds([[ring([(0, 0), (1, 0), (0, 0), (1, 0), (0, 0)])]]) == [.tooFewPoints], "two distinct positions only")
        #expect(kinds([[ring([(0, 0), (1, 0), (0, 0)])]]) == [.tooFewPoints], "three positions")
    }

    @Test func zeroArea() {
        #expect(kinds([[ring([(0, 0), (1, 1), (2, 2), (0, 0)])]]) == [.zeroArea])
        #expect(kinds([[box(0, 0, 9, 9), ring([(1, 1), (2, 1), (3, 1), (1, 1)])]]) == [.zeroArea])
    }

    @Test func spikes() {
        // Out and back: (4,0) → (4,4) → (2,4) → (2,6) → (2,4)…: the edges at (2,6) overlap.
        let outAndBack = PolygonValidity.problems(in: [[ring([(0, 0), (4, 0), (4, 4), (2, 4), (2, 6), (2, 4), (0, 4), (0, 0)])]])
        #expect(outAndBack.map(\.kind) == [.spike])
        #expect(outAndBack.first?.at.position == 4)
        #expect(outAndBack.first?.point == p(2, 6))
        // A → B → C with C on segment AB: the ring turns back at B = (4,4).
        let turnBack = PolygonValidity.problems(in: [[ring([(0, 0), (4, 0), (4, 4), (4, 2), (0, 4), (0, 0)])]])
        #expect(turnBack.map(\.kind).contains(.spike))
        #expect(turnBack.first { $0.kind == .spike }?.point == p(4, 4))
    }

    /// G08: a bow-tie, crossing at (4/3, 2/3).
    @Test func bowTie() {
        let problems = PolygonValidity.problems(in: [[ring([(2, 0), (1, 1), (2, 1), (0, 0), (2, 0)])]])
        #expect(problems.map(\.kind) == [.selfIntersection])
        let problem = problems[0]
        #expect(abs(problem.point.longitude - 4.0 / 3) < 1e-12 && abs(problem.point.latitude - 2.0 / 3) < 1e-12)
        #expect(problem.at == RingPosition(polygon: 0, ring: 0, position: 0))
        #expect(problem.other == RingPosition(polygon: 0, ring: 0, position: 2))
    }

    @Test func passingTwiceThroughAVertex() {
        // Crossing at (1,1): the two passes interleave there.
        #expect(kinds([[ring([(0, 0), (1, 1), (2, 2), (2, 0), (1, 1), (0, 2), (0, 0)])]]) == [.selfIntersection])
        // An hourglass: two triangles meeting at (1,1), not crossing.
        #expect(kinds([[ring([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2), (1, 1), (0, 0)])]]) == [.selfTouch])
    }

    @Test func selfTouch() {
        // Two lobes meeting at (2,2) without crossing: GEOS "Ring Self-intersection".
        let lobes = PolygonValidity.problems(in: [[ring([(0, 0), (4, 0), (2, 2), (3, 4), (1, 4), (2, 2), (0, 0)])]])
        #expect(lobes.map(\.kind) == [.selfTouch])
        #expect(lobes[0].point == p(2, 2))
        #expect(lobes[0].at.position == 2 && lobes[0].other?.position == 5)
        // A vertex touching an edge of the same ring (an inverted hole).
        #expect(kinds([[ring([(0, 0), (4, 0), (4, 4), (2, 0), (0, 4), (0, 0)])]]) == [.selfTouch])
    }

    // MARK: holes

    @Test func ringsCross() {
        #expect(kinds([[box(0, 0, 4, 4), box(3, 1, 5, 2)]]) == [.ringsCross, .ringsCross])
        #expect(kinds([[box(0, 0, 4, 4), box(0, 1, 2, 2)]]).allSatisfy { $0 == .ringsCross }, "hole sharing a shell edge")
        #expect(!kinds([[box(0, 0, 4, 4), box(0, 1, 2, 2)]]).isEmpty)
        #expect(!kinds([[box(0, 0, 4, 4), box(0, 0, 4, 4)]]).isEmpty, "hole equal to the shell")
    }

    /// G09: an island written as a hole.
    @Test func holeOutsideShell() {
        let problems = PolygonValidity.problems(in: [[box(0, 0, 10, 10), box(20, 20, 25, 25)]])
        #expect(problems.map(\.kind) == [.holeOutsideShell])
        #expect(problems[0].at == RingPosition(polygon: 0, ring: 1, position: 0))
        // Touching the shell from outside at one point is still outside.
        #expect(kinds([[box(0, 0, 4, 4), ring([(4, 2), (6, 1), (6, 3), (4, 2)])]]) == [.holeOutsideShell])
        // A shell inside its own hole.
        #expect(kinds([[box(2, 2, 3, 3), box(0, 0, 10, 10)]]) == [.holeOutsideShell])
    }

    @Test func nestedHoles() {
        let problems = PolygonValidity.problems(in: [[box(0, 0, 10, 10), box(1, 1, 9, 9), box(3, 3, 5, 5)]])
        #expect(problems.map(\.kind) == [.nestedHoles])
        #expect(problems[0].at.ring == 2 && problems[0].other?.ring == 1)
        // Nested and touching at a vertex: still nested.
        #expect(kinds([[box(0, 0, 10, 10), box(1, 1, 9, 9), box(1, 1, 3, 3)]]).contains(.nestedHoles) == false, "shares edges: rings cross instead")
        #expect(kinds([[box(0, 0, 10, 10), box(1, 1, 9, 9), ring([(1, 1), (3, 2), (2, 3), (1, 1)])]]) == [.nestedHoles])
    }

    @Test func disconnectedInterior() {
        // A hole touching the shell at two points cuts the polygon in two.
        let twice = PolygonValidity.problems(in: [[box(0, 0, 4, 4), ring([(2, 0), (4, 2), (2, 2), (2, 0)])]])
        #expect(twice.map(\.kind) == [.disconnectedInterior])
        // Two holes touching each other at two points (no shared edge) cut out a piece between them.
        let darts = PolygonValidity.problems(in: [[
            box(0, 0, 6, 6), ring([(0, 3), (3, 2), (2, 3), (3, 4), (0, 3)]), ring([(3, 2), (6, 3), (3, 4), (4, 3), (3, 2)]),
        ]])
        #expect(darts.map(\.kind) == [.disconnectedInterior])
        // A cycle shell → hole → hole → shell touching at three distinct points cuts top from bottom.
        let cycle = PolygonValidity.problems(in: [[
            box(0, 0, 6, 6), ring([(0, 3), (3, 2), (2, 4), (0, 3)]), ring([(3, 2), (6, 3), (4, 4), (3, 2)]),
        ]])
        #expect(cycle.map(\.kind) == [.disconnectedInterior])
        #expect(cycle.first.map { [p(0, 3), p(3, 2), p(6, 3)].contains($0.point) } == true)
        // Two holes meeting at one point inside: connected.
        #expect(kinds([[box(0, 0, 6, 6), ring([(3, 3), (4, 2), (4, 4), (3, 3)]), ring([(3, 3), (2, 4), (2, 2), (3, 3)])]]).isEmpty)
    }

    // MARK: between polygons

    /// G11: nested shells.
    @Test func polygonsNested() {
        let problems = PolygonValidity.problems(in: [[box(0, 0, 10, 10)], [box(3, 3, 6, 6)]])
        #expect(problems.map(\.kind) == [.polygonsNested])
        #expect(problems[0].at.polygon == 1 && problems[0].other?.polygon == 0)
        #expect(problems[0].kind.isBetweenPolygons)
        // Nested and touching at a corner.
        #expect(kinds([[box(0, 0, 10, 10)], [box(0, 0, 3, 3)]]) != [], "shares edges")
        #expect(kinds([[box(0, 0, 10, 10)], [ring([(0, 0), (3, 1), (1, 3), (0, 0)])]]) == [.polygonsNested])
    }

    /// G12: two squares sharing an edge.
    @Test func polygonsShareEdge() {
        let problems = kinds([[box(0, 0, 1, 1)], [ring([(1, 0), (2, 0), (2, 1), (1, 1), (1, 0)])]])
        #expect(!problems.isEmpty && problems.allSatisfy { $0 == .polygonsShareEdge })
        // Sharing part of an edge, opposite windings.
        let partial = kinds([[box(0, 0, 2, 2)], [ring([(2, 1), (3, 1), (3, 3), (2, 3), (2, 1)])]])
        #expect(!partial.isEmpty && partial.allSatisfy { $0 == .polygonsShareEdge })
    }

    @Test func polygonsOverlap() {
        #expect(Set(kinds([[box(0, 0, 2, 2)], [box(1, 1, 3, 3)]])) == [.polygonsOverlap])
        // Same side of a shared edge: overlapping interiors.
        #expect(Set(kinds([[box(0, 0, 2, 2)], [box(0, 0, 2, 1)]])) == [.polygonsOverlap])
        // Identical parts.
        #expect(Set(kinds([[box(0, 0, 2, 2)], [box(0, 0, 2, 2)]])) == [.polygonsOverlap])
    }

    @Test func problemsInsideOnePolygonAreFoundDespiteOverlappingParts() {
        let k = kinds([[box(0, 0, 2, 2)], [box(1, 1, 3, 3)], [ring([(10, 0), (11, 1), (11, 0), (10, 1), (10, 0)])]])
        #expect(k.contains(.polygonsOverlap))
        #expect(k.contains(.selfIntersection))
        #expect(PolygonValidity.problems(in: [[box(0, 0, 2, 2)], [box(1, 1, 3, 3)], [ring([(10, 0), (11, 1), (11, 0), (10, 1), (10, 0)])]])
            .first { $0.kind == .selfIntersection }?.at.polygon == 2)
    }

    // MARK: positions, robustness, limits

    @Test func positionsCountRepeatsAndTheClosingPosition() {
        // The bow-tie again, with a repeated first position: the crossing edges start at positions 1 and 3.
        let problems = PolygonValidity.problems(in: [[ring([(2, 0), (2, 0), (1, 1), (2, 1), (0, 0), (2, 0)])]])
        #expect(problems.map(\.kind) == [.selfIntersection])
        #expect(problems[0].at.position == 0 || problems[0].at.position == 1)
        #expect(problems[0].other?.position == 3)
    }

    /// Offsets of about 1e-15 decide between valid and invalid; only exact predicates get them right.
    @Test func tinyOffsets() {
        // A hole vertex exactly on the shell's hypotenuse x + y = 1: touches once, valid.
        #expect(kinds([[ring([(0, 0), (1, 0), (0, 1), (0, 0)]), ring([(0.1, 0.1), (0.6, 0.4), (0.2, 0.2), (0.1, 0.1)])]]).isEmpty)
        // (0.8, 0.2) is just beyond the hypotenuse: the hole crosses the shell.
        let beyond = kinds([[ring([(0, 0), (1, 0), (0, 1), (0, 0)]), ring([(0.1, 0.1), (0.8, 0.2), (0.2, 0.2), (0.1, 0.1)])]])
        #expect(!beyond.isEmpty && beyond.allSatisfy { $0 == .ringsCross })
        // (0.7, 0.3) is just inside: valid, no touch at all.
        #expect(kinds([[ring([(0, 0), (1, 0), (0, 1), (0, 0)]), ring([(0.1, 0.1), (0.7, 0.3), (0.2, 0.2), (0.1, 0.1)])]]).isEmpty)
        // A triangle whose third vertex is 1e-15 off the line through the others is valid, on it zero area.
        #expect(kinds([[ring([(0, 0), (1, 1), (0.5, 0.5 + 1e-15), (0, 0)])]]).isEmpty)
        #expect(kinds([[ring([(0, 0), (1, 1), (0.5, 0.5), (0, 0)])]]) == [.zeroArea])
        // Parts 1e-15 apart do not touch; touching exactly is fine; 1e-15 of overlap is an overlap.
        #expect(kinds([[box(0, 0, 0.7, 0.3)], [ring([(0.7 + 1e-15, 0.1), (1, 0.1), (1, 0.2), (0.7 + 1e-15, 0.1)])]]).isEmpty)
        #expect(kinds([[box(0, 0, 0.7, 0.3)], [ring([(0.7 - 1e-15, 0.1), (1, 0.05), (1, 0.2), (0.7 - 1e-15, 0.1)])]]).contains(.polygonsOverlap))
    }

    @Test func problemsOfOneKindAreCapped() {
        // A comb of 300 teeth crossing one bar: 600 crossings, reported up to the cap.
        var teeth: [(Double, Double)] = [(0, 0)]
        for i in 0..<300 {
            teeth.append((Double(i) + 0.25, 2))
            teeth.append((Double(i) + 0.5, 0))
        }
        teeth += [(301, 0), (301, -1), (0, -1), (0, 0)]
        let problems = PolygonValidity.problems(in: [[ring(teeth)], [box(-1, 1, 302, 1.5)]])
        #expect(problems.count == PolygonValidity.maximumProblemsPerKind)
        #expect(problems.allSatisfy { $0.kind == .polygonsOverlap })
    }

    @Test func manyOverlapsBetweenPolygonsDoNotHideProblemsWithinOne() {
        var teeth: [(Double, Double)] = [(0, 0)]
        for i in 0..<300 {
            teeth.append((Double(i) + 0.25, 2))
            teeth.append((Double(i) + 0.5, 0))
        }
        teeth += [(301, 0), (301, -1), (0, -1), (0, 0)]
        // The bow-tie lies under the bar too, so its edges also overlap the bar's box.
        let bowTie = ring([(150, 1.1), (151, 1.4), (151, 1.1), (150, 1.4), (150, 1.1)])
        let problems = PolygonValidity.problems(in: [[ring(teeth)], [box(-1, 1, 302, 1.5)], [bowTie]])
        #expect(problems.filter { $0.kind == .polygonsOverlap }.count == PolygonValidity.maximumProblemsPerKind)
        #expect(problems.contains { $0.kind == .selfIntersection && $0.at.polygon == 2 })
    }

    @Test func everyKindHasACase() {
        // Guards the list above: a new kind needs a test.
        #expect(PolygonProblem.Kind.allCases.count == 12)
        #expect(PolygonProblem.Kind.allCases.filter(\.isBetweenPolygons) == [.polygonsOverlap, .polygonsNested, .polygonsShareEdge])
    }
}

@Suite("Polygon problem messages")
struct PolygonProblemMessageTests {
    @Test func messagesNamePlacesFromOne() {
        let bowTie = PolygonValidity.problems(in: [[ring([(2, 0), (1, 1), (2, 1), (0, 0), (2, 0)])]])[0]
        #expect(bowTie.message.hasPrefix("polygon 1, exterior ring: edges starting at positions 1 and 3 cross or overlap at [1.33"))
        #expect(bowTie.kind.geosReason == "Self-intersection")
        let hole = PolygonValidity.problems(in: [[box(0, 0, 10, 10), box(20, 20, 25, 25)]])[0]
        #expect(hole.message == "polygon 1, hole 1 is not inside the polygon's exterior ring (starts at [20.0, 20.0])")
        let nested = PolygonValidity.problems(in: [[box(0, 0, 10, 10)], [box(3, 3, 6, 6)]])[0]
        #expect(nested.message == "polygon 2 lies inside polygon 1 (at [3.0, 3.0])")
        for kind in PolygonProblem.Kind.allCases {
            #expect(!kind.geosReason.isEmpty)
        }
    }
}
