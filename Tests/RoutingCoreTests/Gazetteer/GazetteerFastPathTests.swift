// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

/// The faster gazetteer queries behind the swapped-axes check give exactly the answers of the plain
/// methods they replaced: the k-d tree's nearest place against a scan over every place, the covered
/// places against ``Coverage/contains(_:)`` for every place, and ``SwappedAxes/evidence(for:)``
/// against a copy of the check as it was before its shortcuts (``ReferenceSwappedAxes``), on random
/// points and areas (fixed seeds).
@Suite("Gazetteer fast paths")
struct GazetteerFastPathTests {
    /// Every place's unit vector, computed as ``NearestPlaceIndex`` does.
    static let unitVectors: [(x: Double, y: Double, z: Double)] =
        (0..<Gazetteer.index.count).map { GreatCircle.unitVector(Gazetteer.index.coordinate($0)) }

    /// The nearest place by a scan over every place: smallest squared chord, ties to the smallest index.
    static func scanNearest(_ coordinate: Coordinate) -> (index: Int, angle: Double) {
        let q = GreatCircle.unitVector(coordinate)
        var best = -1
        var bestChordSquared = Double.infinity
        for (i, p) in unitVectors.enumerated() {
            let dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z
            let c2 = dx * dx + dy * dy + dz * dz
            if c2 < bestChordSquared { bestChordSquared = c2; best = i }
        }
        return (best, GreatCircle.angle(chord: bestChordSquared.squareRoot()))
    }

    @Test func nearestPlaceIsTheScansAnswer() throws {
        var random = SplitMix64(seed: 18)
        let index = Gazetteer.index
        var points: [Coordinate] = []
        for _ in 0..<300 {  // anywhere, oceans and poles included
            points.append(Coordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180)))
        }
        for _ in 0..<300 {  // on a place, or just beside one (dense regions, exact ties)
            let i = Int(random.next() % UInt64(index.count))
            let offset = [0, 0.0005, 0.01, 0.3][Int(random.next() % 4)]
            points.append(Coordinate(
                latitude: max(-90, min(90, index.latitudes[i] + random.uniform(-offset...offset))),
                longitude: index.longitudes[i] + random.uniform(-offset...offset)))
        }
        points += [
            Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0),
            Coordinate(latitude: 0, longitude: 180), Coordinate(latitude: 0, longitude: -180),
            Coordinate(latitude: -78.87, longitude: 38.43), Coordinate(latitude: 0, longitude: 0),
        ]
        for point in points {
            let fast = try #require(Gazetteer.nearestIndex.nearest(to: point))
            let scan = Self.scanNearest(point)
            #expect(fast.index == scan.index, "\(point)")
            #expect(fast.angle == scan.angle, "\(point)")
        }
        #expect(Gazetteer.nearestIndex.nearest(to: Coordinate(latitude: .nan, longitude: 0)) == nil)
    }

    @Test func coveredPlacesAreThoseTheCoverageContains() {
        var random = SplitMix64(seed: 1818)
        let index = Gazetteer.index
        for _ in 0..<40 {
            var rings: [[Coordinate]] = []
            for _ in 0..<(1 + Int(random.next() % 4)) {
                // Around a place (so that some are covered), 4–20 vertices, 0.05–3°.
                let i = Int(random.next() % UInt64(index.count))
                rings.append(Self.randomRing(
                    &random, latitude: index.latitudes[i], longitude: index.longitudes[i],
                    radius: random.uniform(0.05...3)))
            }
            let area = coverage(rings)
            let expected = (0..<index.count).filter { area.contains(index.coordinate($0)) }.map { Int32($0) }
            let covered = Gazetteer.covered(by: area, limit: 200)
            #expect(covered.total == expected.count)
            #expect(covered.indices == Array(expected.prefix(200)))
            #expect(Gazetteer.covered(by: area, limit: 0).indices.isEmpty)
            #expect(Gazetteer.coversAnyPlace(area) == !expected.isEmpty)
        }
    }

    @Test func swappedAxesEvidenceIsTheReferenceChecks() {
        var random = SplitMix64(seed: 181818)
        let index = Gazetteer.index
        var fired = 0
        for n in 0..<150 {
            var rings: [[Coordinate]] = []
            let polygons = n % 5 == 4 ? 2 + Int(random.next() % 12) : 1
            for _ in 0..<polygons {
                switch n % 3 {
                case 0:
                    // Anywhere a swap is possible (as benchmark-scale's generated apps).
                    rings.append(Self.randomRing(
                        &random, latitude: random.uniform(-70...70), longitude: random.uniform(-90...90),
                        radius: random.uniform(0.02...2)))
                default:
                    // Around a place, written [latitude, longitude]: the check should often fire.
                    let i = Int(random.next() % UInt64(index.count))
                    let ring = Self.randomRing(
                        &random, latitude: index.latitudes[i] + random.uniform(-0.2...0.2),
                        longitude: index.longitudes[i] + random.uniform(-0.2...0.2), radius: random.uniform(0.005...1))
                    rings.append(ring.map { Coordinate(latitude: $0.longitude, longitude: $0.latitude) })
                }
            }
            let fast = SwappedAxes.evidence(for: rings)
            #expect(fast == ReferenceSwappedAxes.evidence(for: rings), "case \(n)")
            if fast != nil { fired += 1 }
        }
        // Both outcomes are exercised.
        #expect(fired >= 10)
        #expect(fired <= 140)
    }

    /// The nearest place to an area, with no radius (the search's vertex bound, its candidate order
    /// and its pruning bounds), is a scan's: every place against every edge, smallest distance, ties
    /// to the smaller index. Random small areas anywhere, most of them far from every place.
    @Test func nearestPlaceToAnAreaIsTheScansAnswer() {
        var random = SplitMix64(seed: 0xA4EA)
        let index = Gazetteer.index
        for _ in 0..<16 {
            let ring = Self.randomRing(
                &random, latitude: random.uniform(-75...75), longitude: random.uniform(-180...180),
                radius: random.uniform(0.05...2))
            let area = Coverage(polygons: [CoveragePolygon(ring: ring)])
            guard let found = AreaProximity.nearest(to: area) else {
                Issue.record("no nearest place to \(ring[0])")
                continue
            }
            var best = Double.infinity
            var bestIndex = -1
            for i in 0..<index.count {
                let place = index.coordinate(i)
                var d = Double.infinity
                for (a, b) in zip(ring, ring.dropFirst()) { d = min(d, GreatCircle.distance(from: place, toSegment: a, b)) }
                if d < best { (best, bestIndex) = (d, i) }
            }
            #expect(found.isExhaustive)
            #expect(found.place == index.place(bestIndex), "\(ring[0])")
            #expect((found.distance - best).magnitude <= 1e-9 * max(1, best), "\(ring[0])")
        }
    }

    /// A closed ring of 4, 8, 16 or 20 vertices around a centre, each at 0.7–1 × `radius` degrees.
    static func randomRing(
        _ random: inout SplitMix64, latitude: Double, longitude: Double, radius: Double
    ) -> [Coordinate] {
        let vertices = [4, 4, 8, 16, 20][Int(random.next() % 5)]
        var ring: [Coordinate] = []
        for k in 0..<vertices {
            let angle = 2 * Double.pi * Double(k) / Double(vertices)
            let r = radius * random.uniform(0.7...1)
            ring.append(Coordinate(
                latitude: max(-89.9, min(89.9, latitude + r * Trigonometry.sin(angle))),
                longitude: max(-179.9, min(179.9, longitude + r * Trigonometry.cos(angle)))))
        }
        ring.append(ring[0])
        return ring
    }
}

/// ``SwappedAxes/evidence(for:)`` as it was before it skipped the repeated search of a one-polygon
/// file (commit b224955), kept verbatim as the reference for the property test.
enum ReferenceSwappedAxes {
    static func evidence(for polygons: [[Coordinate]]) -> SwappedAxesEvidence? {
        typealias S = SwappedAxes
        let rings = polygons.filter { !$0.isEmpty }
        guard !rings.isEmpty else { return nil }
        for ring in rings {
            for c in ring {
                guard c.longitude.isFinite, c.latitude.isFinite, (-90.0...90.0).contains(c.longitude),
                    (-180.0...180.0).contains(c.latitude)
                else { return nil }
            }
        }
        let written = Coverage(polygons: rings.map { CoveragePolygon(ring: $0) })
        guard !Gazetteer.coversAnyPlace(written) else { return nil }
        let swappedRings = rings.map { ring in
            ring.map { Coordinate(latitude: $0.longitude, longitude: $0.latitude) }
        }
        let step = max(1, (swappedRings.count + S.sampledPolygons - 1) / S.sampledPolygons)
        let sample = Swift.stride(from: 0, to: swappedRings.count, by: step).map { swappedRings[$0] }
        let needed = sample.count / 2 + 1
        var landed = 0
        var missed = 0
        for ring in sample {
            let single = Coverage(polygons: [CoveragePolygon(ring: ring)])
            if Gazetteer.coversAnyPlace(single)
                || AreaProximity.nearest(to: single, within: nearLimit(single.boundingBox)) != nil
            {
                landed += 1
                if landed >= needed { break }
            } else {
                missed += 1
                if missed > sample.count - needed { return nil }
            }
        }
        let swapped = Coverage(polygons: swappedRings.map { CoveragePolygon(ring: $0) })
        let swappedCovered = Gazetteer.covered(by: swapped, limit: Gazetteer.distinctCandidateLimit(3))
        let swappedPlaces = Gazetteer.distinctLargest(swappedCovered.indices, count: 3)
        let swappedNearest: Place
        let swappedDistance: Double
        if let largest = swappedPlaces.first {
            swappedNearest = largest
            swappedDistance = 0
        } else {
            guard let found = AreaProximity.nearest(to: swapped, within: nearLimit(swapped.boundingBox))
            else { return nil }
            swappedNearest = found.place
            swappedDistance = found.distance
        }
        let strong = swappedCovered.total >= S.strongPlaceCount
        let required = strong ? S.strongRemoteDistance : max(S.remoteDistance, S.ratio * max(swappedDistance, S.ratioFloor))
        guard AreaProximity.isRemote(written, by: required) else { return nil }
        guard let writtenNearest = AreaProximity.nearest(to: written), writtenNearest.distance >= required
        else { return nil }
        let writtenCentre = centre(of: written.boundingBox)
        let swappedCentre = centre(of: swapped.boundingBox)
        var message = "as written ([longitude, latitude]) this area lies at "
            + DescriptionText.position(writtenCentre)
            + " and contains no populated place; the nearest, \(writtenNearest.place), is "
            + DescriptionText.distance(writtenNearest.distance) + " away; read as [latitude, longitude] it "
        if swappedPlaces.isEmpty {
            message += "lies at " + DescriptionText.position(swappedCentre) + ", "
                + DescriptionText.distance(swappedDistance) + " from \(swappedNearest)"
        } else {
            message += "contains " + DescriptionText.list(swappedPlaces)
        }
        return SwappedAxesEvidence(
            message: message, asWritten: [], swapped: swappedPlaces,
            asWrittenCentre: writtenCentre, asWrittenNearest: writtenNearest.place,
            asWrittenDistance: writtenNearest.distance,
            swappedCentre: swappedCentre, swappedNearest: swappedNearest, swappedDistance: swappedDistance)
    }

    static func nearLimit(_ box: BoundingBox) -> Double {
        let size = GreatCircle.distance(
            Coordinate(latitude: box.south, longitude: box.west),
            Coordinate(latitude: box.north, longitude: box.east))
        return max(SwappedAxes.nearDistance, min(size, SwappedAxes.maximumNearDistance))
    }

    static func centre(of box: BoundingBox) -> Coordinate {
        Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }
}
