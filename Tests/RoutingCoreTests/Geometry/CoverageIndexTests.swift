// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// The indexes (``RingEdgeIndex``, ``Coverage/indexed()``, ``AppCoverageIndex``) against the scans
/// they replace, on fixed-seed random shapes and points. Lattice coordinates put many points exactly
/// on edges and vertices, where the exact predicates matter most.
@Suite("Coverage indexes give the scans' answers") struct CoverageIndexTests {
    /// A star-shaped ring around (cx, cy) with `count` vertices on a lattice of step `step` degrees,
    /// closed. Rounding may make it touch itself: the comparisons do not need a simple ring.
    static func starRing(
        _ rng: inout SplitMix64, cx: Double, cy: Double, radius: Double, count: Int, step: Double
    ) -> [Coordinate] {
        var ring: [Coordinate] = []
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            let r = radius * Double.random(in: 0.5...1, using: &rng)
            let x = ((cx + r * Trigonometry.cos(angle)) / step).rounded() * step
            let y = ((cy + r * Trigonometry.sin(angle)) / step).rounded() * step
            ring.append(Coordinate(latitude: y, longitude: x))
        }
        ring.append(ring[0])
        return ring
    }

    /// A point on the lattice (often on an edge or a vertex), between lattice points, or anywhere.
    static func point(_ rng: inout SplitMix64, west: Double, south: Double, east: Double, north: Double, step: Double)
        -> Coordinate
    {
        switch rng.next() % 3 {
        case 0:
            let x = (Double.random(in: west...east, using: &rng) / step).rounded() * step
            let y = (Double.random(in: south...north, using: &rng) / step).rounded() * step
            return Coordinate(latitude: y, longitude: x)
        case 1:
            let x = ((Double.random(in: west...east, using: &rng) / step).rounded() + 0.5) * step
            let y = (Double.random(in: south...north, using: &rng) / step).rounded() * step
            return Coordinate(latitude: y, longitude: x)
        default:
            return Coordinate(
                latitude: Double.random(in: south...north, using: &rng),
                longitude: Double.random(in: west...east, using: &rng))
        }
    }

    @Test func edgeIndexLocatesLikeTheScan() throws {
        var rng = SplitMix64(seed: 18)
        var counts: [RingLocation: Int] = [:]
        for shape in 0..<20 {
            let count = [16, 40, 200, 1_000][shape % 4]
            let ring = Self.starRing(&rng, cx: 0, cy: 0, radius: 10, count: count, step: 0.5)
            let index = try #require(RingEdgeIndex(ring: ring))
            for _ in 0..<5_000 {
                let p = Self.point(&rng, west: -11, south: -11, east: 11, north: 11, step: 0.5)
                let expected = RingLocation.of(p, in: ring)
                #expect(index.location(of: p) == expected, "ring \(shape), point \(p)")
                counts[expected, default: 0] += 1
            }
            // Every vertex is on the boundary, both ways.
            for v in ring {
                #expect(index.location(of: v) == .boundary)
                #expect(RingLocation.of(v, in: ring) == .boundary)
            }
        }
        // The cases the comparison is about all occurred.
        #expect(counts[.boundary, default: 0] > 1_000)
        #expect(counts[.inside, default: 0] > 10_000)
        #expect(counts[.outside, default: 0] > 10_000)
    }

    @Test func smallAndFlatRingsAreNotIndexed() throws {
        let box = [(0.0, 0.0), (1, 0), (1, 1), (0, 1), (0, 0)].map { Coordinate(latitude: $1, longitude: $0) }
        #expect(RingEdgeIndex(ring: box) == nil)
        // A ring with every vertex at one latitude: one band, still the scan's answers.
        let flat = (0...20).map { Coordinate(latitude: 5, longitude: Double($0 % 11)) }
        let index = try #require(RingEdgeIndex(ring: flat + [flat[0]]))
        for x in stride(from: -1.0, through: 11, by: 0.5) {
            for y in [4.0, 5, 6] {
                let p = Coordinate(latitude: y, longitude: x)
                #expect(index.location(of: p) == RingLocation.of(p, in: flat + [flat[0]]))
            }
        }
    }

    @Test func indexedCoverageLocatesLikeTheScan() {
        var rng = SplitMix64(seed: 1_800)
        // Many polygons (the polygon tree), holes, shared lattice edges, and the ±180 meridian.
        var polygons: [CoveragePolygon] = []
        for i in 0..<30 {
            let cx = -170 + Double(i % 10) * 38, cy = -40 + Double(i / 10) * 40
            let exterior = Self.starRing(&rng, cx: min(cx, 170), cy: cy, radius: 15, count: 24 + i * 7, step: 1)
            let hole = Self.starRing(&rng, cx: min(cx, 170), cy: cy, radius: 4, count: 20, step: 1)
            polygons.append(CoveragePolygon(exterior: exterior, holes: i % 3 == 0 ? [hole] : []))
        }
        polygons.append(CoveragePolygon(ring: [(170.0, -10.0), (180, -10), (180, 10), (170, 10), (170, -10)]
            .map { Coordinate(latitude: $1, longitude: $0) }))
        polygons.append(CoveragePolygon(ring: [(-180.0, -10.0), (-170, -10), (-170, 10), (-180, 10), (-180, -10)]
            .map { Coordinate(latitude: $1, longitude: $0) }))
        let plain = Coverage(polygons: polygons)
        let indexed = plain.indexed()
        #expect(indexed.isIndexed && !plain.isIndexed)
        #expect(indexed == plain)
        var boundary = 0
        for _ in 0..<20_000 {
            let p = Self.point(&rng, west: -180, south: -60, east: 180, north: 80, step: 1)
            let expected = plain.location(of: p)
            #expect(indexed.location(of: p) == expected, "point \(p)")
            if expected == .boundary { boundary += 1 }
        }
        #expect(boundary > 100)
        for y in stride(from: -10.0, through: 10, by: 0.5) {
            for x in [-180.0, 180] {
                let p = Coordinate(latitude: y, longitude: x)
                #expect(indexed.location(of: p) == plain.location(of: p))
            }
        }
        // Changing the polygons drops the polygon tree; the answers follow the new polygons.
        var changed = indexed
        changed.polygons.removeLast()
        let fewer = Coverage(polygons: Array(polygons.dropLast()))
        #expect(changed == fewer)
        for y in stride(from: -10.0, through: 10, by: 0.5) {
            let p = Coordinate(latitude: y, longitude: -175)
            #expect(changed.location(of: p) == fewer.location(of: p))
        }
    }

    @Test func fewPolygonsWithHolesLocateLikeTheScan() {
        var rng = SplitMix64(seed: 1_818)
        // Fewer polygons than the tree's minimum; holes small (a chain) and large (banded).
        let box = [(0.0, 0.0), (20, 0), (20, 20), (0, 20), (0, 0)].map { Coordinate(latitude: $1, longitude: $0) }
        let smallHole = [(2.0, 2.0), (2, 5), (5, 5), (5, 2), (2, 2)].map { Coordinate(latitude: $1, longitude: $0) }
        let polygons = [
            CoveragePolygon(exterior: box, holes: [smallHole, Self.starRing(&rng, cx: 12, cy: 12, radius: 6, count: 40, step: 1)]),
            CoveragePolygon(ring: Self.starRing(&rng, cx: 10, cy: 10, radius: 3, count: 12, step: 1)),
            CoveragePolygon(exterior: Self.starRing(&rng, cx: 30, cy: 10, radius: 9, count: 60, step: 1),
                            holes: [Self.starRing(&rng, cx: 30, cy: 10, radius: 3, count: 8, step: 1)]),
        ]
        let plain = Coverage(polygons: polygons)
        let indexed = plain.indexed()
        #expect(indexed.isIndexed && !plain.isIndexed)
        var seen: Set<CoverageLocation> = []
        for _ in 0..<20_000 {
            let p = Self.point(&rng, west: -2, south: -2, east: 42, north: 22, step: 1)
            let expected = plain.location(of: p)
            #expect(indexed.location(of: p) == expected, "point \(p)")
            seen.insert(expected)
        }
        #expect(seen == Set(CoverageLocation.allCases))
    }

    /// Apps with one to twelve star polygons each, some overlapping, some across the whole range.
    static func apps(_ rng: inout SplitMix64, count: Int) -> [RoutingApp] {
        (0..<count).map { i in
            var polygons: [CoveragePolygon] = []
            for _ in 0..<(1 + Int(rng.next() % 12)) {
                let cx = Double(Int(rng.next() % 60)) - 30, cy = Double(Int(rng.next() % 40)) - 20
                let radius = Double(1 + rng.next() % 8)
                polygons.append(CoveragePolygon(ring: Self.starRing(
                    &rng, cx: cx, cy: cy, radius: radius, count: 5 + Int(rng.next() % 40), step: 0.5)))
            }
            let modes: Set<DirectionsMode> = i % 5 == 0 ? [.pedestrian] : Set(DirectionsMode.allCases)
            return RoutingApp(id: "app\(i)", modes: modes, coverage: Coverage(polygons: polygons), priority: i % 3)
        }
    }

    @Test func appIndexFindsTheAppsAScanFinds() {
        var rng = SplitMix64(seed: 18_000)
        let apps = Self.apps(&rng, count: 40)
        let index = AppCoverageIndex(apps: apps)
        #expect(index.apps == apps)
        var covered = 0
        for _ in 0..<100_000 {
            let p = Self.point(&rng, west: -40, south: -30, east: 40, north: 30, step: 0.5)
            let expected = apps.indices.filter { apps[$0].coverage.contains(p) }
            let found = index.apps(covering: p)
            #expect(found == expected, "point \(p)")
            covered += expected.count
        }
        #expect(covered > 50_000)
    }

    @Test func indexedVerdictsAreTheScansVerdicts() {
        var rng = SplitMix64(seed: 180)
        let apps = Self.apps(&rng, count: 40)
        let index = AppCoverageIndex(apps: apps)
        func endpoint(_ rng: inout SplitMix64) -> Endpoint {
            switch rng.next() % 8 {
            case 0: .currentLocation
            case 1: .address("1 Main Street")
            case 2: .coordinate(Self.point(&rng, west: -40, south: -30, east: 40, north: 30, step: 0.5), label: nil, precision: .approximate)
            default: .coordinate(Self.point(&rng, west: -40, south: -30, east: 40, north: 30, step: 0.5), label: nil)
            }
        }
        for round in 0..<400 {
            let request = DirectionsRequest(
                source: endpoint(&rng), destination: endpoint(&rng),
                waypoints: round % 4 == 0 ? [endpoint(&rng)] : [],
                mode: round % 3 == 0 ? .car : nil)
            let location: CurrentLocation? = round % 5 == 0 ? nil : CurrentLocation(
                coordinate: Self.point(&rng, west: -40, south: -30, east: 40, north: 30, step: 0.5),
                accuracy: round % 2 == 0 ? 50_000 : nil, origin: .daemon)
            let scanned = Eligibility.verdicts(for: request, apps: apps, location: location)
            #expect(Eligibility.verdicts(for: request, index: index, location: location) == scanned)
            let possible = Eligibility.possibleVerdicts(for: request, index: index, location: location)
            #expect(possible.listed == scanned.filter { $0.eligible != false })
            #expect(possible.ruledOut == scanned.filter { $0.eligible == false }.count)
        }
    }
}
