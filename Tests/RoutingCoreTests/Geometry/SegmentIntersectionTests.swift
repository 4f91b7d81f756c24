// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

/// A point given in GeoJSON order [longitude, latitude].
private func p(_ longitude: Double, _ latitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

@Suite("Exact segment intersection")
struct SegmentIntersectionTests {
    @Test func disjointSegments() {
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(0, 1), p(1, 1)) == .disjoint, "parallel")
        #expect(SegmentIntersection.of(p(0, 0), p(1, 1), p(2, 0), p(1.5, 0.4)) == .disjoint, "boxes overlap, lines cross outside")
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(2, 0), p(3, 0)) == .disjoint, "collinear with a gap")
        #expect(SegmentIntersection.of(p(0, 0), p(2, 2), p(3, 3), p(1, 1) ) != .disjoint, "collinear, overlapping")
    }

    @Test func properCrossing() {
        guard case .crossing(let point) = SegmentIntersection.of(p(0, 0), p(2, 2), p(0, 2), p(2, 0)) else {
            Issue.record("expected a crossing")
            return
        }
        #expect(point == p(1, 1))
        // G08's bow-tie: edges (1,1)-(2,1)... cross at (4/3, 2/3) (rounded).
        guard case .crossing(let bowTie) = SegmentIntersection.of(p(2, 0), p(1, 1), p(2, 1), p(0, 0)) else {
            Issue.record("expected a crossing")
            return
        }
        #expect(abs(bowTie.longitude - 4.0 / 3) < 1e-15 && abs(bowTie.latitude - 2.0 / 3) < 1e-15)
    }

    @Test func touches() {
        #expect(SegmentIntersection.of(p(0, 0), p(2, 0), p(1, 0), p(1, 1)) == .touch(p(1, 0)), "endpoint on the other's interior")
        #expect(SegmentIntersection.of(p(1, 0), p(1, 1), p(0, 0), p(2, 0)) == .touch(p(1, 0)), "the same, swapped")
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(1, 0), p(1, 1)) == .touch(p(1, 0)), "shared endpoint")
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(1, 0), p(2, 0)) == .touch(p(1, 0)), "collinear, end to end")
    }

    @Test func collinearOverlap() {
        #expect(SegmentIntersection.of(p(0, 0), p(2, 0), p(1, 0), p(3, 0)) == .overlap(start: p(1, 0), end: p(2, 0)))
        #expect(SegmentIntersection.of(p(0, 0), p(4, 4), p(3, 3), p(1, 1)) == .overlap(start: p(1, 1), end: p(3, 3)), "opposite directions")
        #expect(SegmentIntersection.of(p(0, 5), p(0, 1), p(0, 2), p(0, 3)) == .overlap(start: p(0, 2), end: p(0, 3)), "vertical, contained")
    }

    /// Offsets of about 1e-15: deciding these needs more than double precision.
    @Test func tinyOffsetsAreExact() {
        // (0.6, 0.4) lies exactly on x + y = 1; (0.7, 0.3) is 2⁻⁵⁴ off it, inside the triangle.
        #expect(SegmentIntersection.of(p(1, 0), p(0, 1), p(0.6, 0.4), p(0.6, 0.0)) == .touch(p(0.6, 0.4)))
        #expect(SegmentIntersection.of(p(1, 0), p(0, 1), p(0.7, 0.3), p(0.7, 0.0)) == .disjoint)
        #expect(SegmentIntersection.of(p(1, 0), p(0, 1), p(0.8, 0.2), p(0.8, 0.0)) != .disjoint, "(0.8, 0.2) is beyond the line: the vertical segment crosses it")
        // A segment ending 1e-15 short of a line does not touch it; one ending on it does.
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(0.5, 1), p(0.5, 1e-15)) == .disjoint)
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(0.5, 1), p(0.5, -1e-15)) != .disjoint)
        #expect(SegmentIntersection.of(p(0, 0), p(1, 0), p(0.5, 1), p(0.5, 0)) == .touch(p(0.5, 0)))
        // Nearly collinear but not: crossing at a point, not an overlap.
        #expect(SegmentIntersection.of(p(0, 0), p(1, 1), p(0, 1e-15), p(1, 1 - 1e-15)) != .disjoint)
        if case .overlap = SegmentIntersection.of(p(0, 0), p(1, 1), p(0, 1e-15), p(1, 1 - 1e-15)) {
            Issue.record("not collinear, so no overlap")
        }
    }

    @Test func onSegment() {
        #expect(SegmentIntersection.isOnSegment(p(0.5, 0.5), p(0, 0), p(1, 1)))
        #expect(!SegmentIntersection.isOnSegment(p(2, 2), p(0, 0), p(1, 1)))
        #expect(!SegmentIntersection.isOnSegment(p(0.5, 0.5 + 1e-16), p(0, 0), p(1, 1)))
    }
}

@Suite("Segment sweep")
struct SegmentSweepTests {
    /// A deterministic pseudo-random generator (no Foundation).
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// The edge search's variant (the orientation filter inlined, inputs checked once) answers as
    /// the general one, on grids (exact degeneracies: touches, overlaps, collinear points) and on
    /// nearly collinear doubles (where the filter cannot decide and the exact expansion must).
    @Test func theSafeVariantAnswersAsTheGeneralOne() {
        var random = SplitMix64(seed: 18)
        var cases = 0
        for round in 0..<20_000 {
            var q: [Coordinate] = []
            for _ in 0..<4 {
                if round % 2 == 0 {
                    q.append(p(Double(random.next() % 6), Double(random.next() % 6)))
                } else {
                    // On x + y = 1 in decimals (k / 10⁷, (10⁷ − k) / 10⁷), each rounded to a double:
                    // the determinants are rounding errors, below the filter's bound.
                    let k = Double(random.next() % 10_000_000)
                    q.append(p(k / 1e7, (1e7 - k) / 1e7))
                }
            }
            guard q[0] != q[1], q[2] != q[3] else { continue }
            let points = q
            #expect(points.withUnsafeBufferPointer { PlanarOrientation.areSafe($0) })
            #expect(SegmentIntersection.of(safe: q[0], q[1], q[2], q[3]) == SegmentIntersection.of(q[0], q[1], q[2], q[3]))
            for (a, b, c) in [(q[0], q[1], q[2]), (q[0], q[1], q[3]), (q[2], q[3], q[0])] {
                #expect(PlanarOrientation.sign(safe: a, b, c) == PlanarOrientation.of(a, b, c).sign)
            }
            cases += 1
        }
        #expect(cases > 15_000)
        // Subnormal and non-finite coordinates are not safe: the search then uses the checked predicate.
        let odd = [p(0, 0), p(5e-324, 1), p(.infinity, 0), p(1e300, 0)]
        for c in odd.dropFirst() {
            #expect(![odd[0], c].withUnsafeBufferPointer { PlanarOrientation.areSafe($0) })
        }
    }

    @Test func findsEveryIntersectingPairThatBruteForceFinds() {
        var generator = Generator(state: 42)
        var lines: [[Coordinate]] = []
        for _ in 0..<6 {
            var line: [Coordinate] = []
            for _ in 0..<25 {
                // Small integer grid: many touches and overlaps.
                var c = p((generator.next() * 8).rounded(.down), (generator.next() * 8).rounded(.down))
                if line.last == c { c.longitude += 1 }
                line.append(c)
            }
            lines.append(line)
        }
        var found: Set<[Int]> = []
        SegmentSweep(polylines: lines).forEachCandidatePair { la, sa, lb, sb in
            let key = (la, sa) < (lb, sb) ? [la, sa, lb, sb] : [lb, sb, la, sa]
            #expect(!found.contains(key), "each pair once")
            found.insert(key)
            return true
        }
        var expected = 0
        for la in lines.indices {
            for sa in 0..<(lines[la].count - 1) {
                for lb in lines.indices {
                    for sb in 0..<(lines[lb].count - 1) where (la, sa) < (lb, sb) {
                        let a = lines[la], b = lines[lb]
                        if SegmentIntersection.of(a[sa], a[sa + 1], b[sb], b[sb + 1]) == .disjoint { continue }
                        // Pairs within one monotone chain can only share a vertex; they are not reported.
                        let key = [la, sa, lb, sb]
                        if found.contains(key) { expected += 1; continue }
                        let adjacent = la == lb && sb == sa + 1
                        #expect(adjacent, "missed intersecting pair \(key)")
                    }
                }
            }
        }
        #expect(expected > 50, "the sample has many intersections")
    }

    @Test func stopsWhenAsked() {
        let zigzag = (0..<200).map { p(Double($0 % 2), Double($0) * 0.01) }
        var calls = 0
        SegmentSweep(polylines: [zigzag, zigzag.map { p($0.longitude + 0.5, $0.latitude) }]).forEachCandidatePair { _, _, _, _ in
            calls += 1
            return calls < 10
        }
        #expect(calls == 10)
    }
}
