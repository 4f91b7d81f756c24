// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

@Suite("Gazetteer")
struct GazetteerTests {
    @Test func embeddedTableParsesCompletely() {
        let places = Gazetteer.places
        #expect(places.count == GazetteerData.placeCount)
        #expect(places.count > 30_000)
        for place in places {
            #expect(place.population >= 15_000, "\(place)")
            #expect(place.countryCode.utf8.count == 2, "\(place)")
            #expect(!place.name.isEmpty)
            #expect((-90.0...90.0).contains(place.coordinate.latitude))
            #expect((-180.0...180.0).contains(place.coordinate.longitude))
        }
        for (a, b) in zip(places, places.dropFirst()) {
            #expect(a.population >= b.population)
        }
    }

    @Test func knownPlacesHaveTheirGeoNamesPositions() throws {
        let london = try #require(place("London", "GB"))
        #expect((london.coordinate.latitude - 51.507).magnitude < 0.01)
        #expect((london.coordinate.longitude - -0.126).magnitude < 0.01)
        #expect(london.population > 5_000_000)
        let harrisonburg = try #require(place("Harrisonburg", "US"))
        #expect((harrisonburg.coordinate.latitude - 38.45).magnitude < 0.01)
        #expect((harrisonburg.coordinate.longitude - -78.869).magnitude < 0.01)
        // Non-ASCII names survive the embedding.
        #expect(place("São Paulo", "BR") != nil)
    }

    @Test func tableParserSkipsMalformedLines() {
        let table = """
            Orphan|1000|2000|50000
            XA
            Alpha|12345|-67890|20000
            Beta|1|2
            Gamma|x|2|3
            Delta|91000|0|20000
            |0|0|20000
            XB
            Épsilon Town|-45500|179999|1234567
            """
        let places = GazetteerTable.parse(table)
        #expect(places == [
            Place(name: "Alpha", countryCode: "XA", coordinate: Coordinate(latitude: 12.345, longitude: -67.89),
                  population: 20_000),
            Place(name: "Épsilon Town", countryCode: "XB",
                  coordinate: Coordinate(latitude: -45.5, longitude: 179.999), population: 1_234_567),
        ])
    }

    @Test func placesInABoxAroundPerthLargestFirst() throws {
        // A box of my own around the Perth metropolitan area, GeoJSON order.
        let box = coverage([ringAsWritten([(115.70, -32.10), (116.05, -32.10), (116.05, -31.80), (115.70, -31.80)])])
        let all = Gazetteer.places(in: box, limit: .max)
        let perth = try #require(place("Perth", "AU"))
        #expect(all.first == perth)
        #expect(all.count > 5)
        for (a, b) in zip(all, all.dropFirst()) { #expect(a.population >= b.population) }
        for p in all { #expect(box.contains(p.coordinate)) }
        #expect(Gazetteer.places(in: box, limit: 2) == Array(all.prefix(2)))
        #expect(Gazetteer.places(in: box, limit: 0).isEmpty)
    }

    @Test func emptyAndDegenerateCoveragesCoverNothing() {
        #expect(Gazetteer.places(in: Coverage(polygons: []), limit: 10).isEmpty)
        let nan = coverage([ringAsWritten([(Double.nan, 0), (1, 0), (1, 1)])])
        #expect(Gazetteer.places(in: nan, limit: 10).isEmpty)
    }

    /// The sweep must agree exactly with `Coverage.contains` (the reference point-in-polygon), for
    /// concave random polygons over a dense region, including polygons with places as vertices and
    /// edges through places.
    @Test func sweepAgreesWithCoverageContains() {
        var random = SplitMix64(seed: 20_261_129)
        let region = BoundingBox(west: 3, south: 50.5, east: 7.5, north: 53.5)  // Low Countries
        let regional = Gazetteer.places.filter { region.contains($0.coordinate) }
        #expect(regional.count > 300)
        for trial in 0..<12 {
            let cx = random.uniform(4...6.5), cy = random.uniform(51...53)
            let vertexCount = 8 + trial * 7
            var ring: [Coordinate] = []
            for k in 0..<vertexCount {
                let angle = Double(k) / Double(vertexCount) * 2 * Double.pi
                let radius = random.uniform(0.1...1.2)
                // Every third vertex sits exactly on a place: boundary cases for the sweep.
                if k % 3 == 0, let p = regional.randomElement(using: &random) {
                    ring.append(p.coordinate)
                } else {
                    ring.append(Coordinate(
                        latitude: cy + radius * Trigonometry.sin(angle),
                        longitude: cx + radius * Trigonometry.cos(angle)))
                }
            }
            // An edge exactly along a run of places at one latitude: horizontal-edge boundary cases.
            if let p = regional.randomElement(using: &random) {
                ring.append(Coordinate(latitude: p.coordinate.latitude, longitude: p.coordinate.longitude - 0.3))
                ring.append(Coordinate(latitude: p.coordinate.latitude, longitude: p.coordinate.longitude + 0.3))
            }
            let area = coverage([ring])
            let expected = Gazetteer.places.filter { area.contains($0.coordinate) }
            let swept = Gazetteer.places(in: area, limit: .max)
            #expect(swept == expected, "trial \(trial)")
        }
    }

    /// A ring of 20,000 edges zig-zagging across a dense box needs more point–edge tests than the
    /// budget: the sweep then keeps the most populous candidates, so the largest places stay exact.
    @Test func overBudgetSweepKeepsTheLargestPlacesExact() {
        var ring: [Coordinate] = []
        let teeth = 10_000
        for k in 0..<teeth {
            let x = -5 + 20 * Double(k) / Double(teeth)
            ring.append(Coordinate(latitude: 43, longitude: x))
            ring.append(Coordinate(latitude: 55, longitude: x + 10 / Double(teeth)))
        }
        ring.append(Coordinate(latitude: 42, longitude: 15))
        ring.append(Coordinate(latitude: 42, longitude: -5))
        let area = coverage([ring])
        let swept = Gazetteer.places(in: area, limit: 3)
        var expected: [Place] = []
        for place in Gazetteer.places where area.contains(place.coordinate) {
            expected.append(place)
            if expected.count == 3 { break }
        }
        #expect(swept.count == 3)
        #expect(swept == expected)
    }

    @Test func nearestAgreesWithBruteForce() {
        var random = SplitMix64(seed: 7)
        let probes = (0..<40).map { _ in
            Coordinate(latitude: random.uniform(-89...89), longitude: random.uniform(-180...180))
        } + [Coordinate(latitude: -78.87, longitude: 38.43), Coordinate(latitude: 51.5, longitude: -0.12),
             Coordinate(latitude: 0, longitude: 179.99), Coordinate(latitude: 90, longitude: 0)]
        for probe in probes {
            guard let found = Gazetteer.nearest(to: probe) else {
                Issue.record("no nearest place for \(probe)")
                continue
            }
            let brute = Gazetteer.places.map { GreatCircle.distance(probe, $0.coordinate) }.min()!
            #expect((found.distance - brute).magnitude <= 1e-6 * max(1, brute), "\(probe)")
            #expect((GreatCircle.distance(probe, found.place.coordinate) - found.distance).magnitude < 1e-3)
        }
        #expect(Gazetteer.nearest(to: Coordinate(latitude: .nan, longitude: 0)) == nil)
    }

    @Test func remotenessNeedsAnExhaustiveEmptySearch() {
        let ocean = coverage([ringAsWritten([(-32, -42), (-27, -42), (-27, -38), (-32, -38)])])
        #expect(AreaProximity.isRemote(ocean, by: 50_000))
        #expect(AreaProximity.nearest(to: ocean, within: 50_000) == nil)
        let besideReading = coverage([ringAsWritten([(-0.95, 51.43), (-0.94, 51.43), (-0.94, 51.44), (-0.95, 51.44)])])
        #expect(!AreaProximity.isRemote(besideReading, by: 50_000))
        let found = AreaProximity.nearest(to: besideReading, within: 50_000)
        #expect(found?.place == place("Reading", "GB") || found?.place == place("Lower Earley", "GB"))
        #expect(!AreaProximity.isRemote(Coverage(polygons: []), by: 50_000))
    }

    @Test func nearestToAreaAgreesWithBruteForce() {
        // Boxes of my own: open ocean, Antarctic interior, a small box near a town, a thin diagonal.
        let areas: [[Coordinate]] = [
            ringAsWritten([(-32, -42), (-27, -42), (-27, -38), (-32, -38)]),
            ringAsWritten([(20.1, -80.2), (20.4, -80.2), (20.4, -80.0), (20.1, -80.0)]),
            ringAsWritten([(-0.97, 51.40), (-0.96, 51.40), (-0.96, 51.41), (-0.97, 51.41)]),
            ringAsWritten([(150, -40), (150.2, -40), (160.2, -30), (160, -30)]),
        ]
        for ring in areas {
            let area = coverage([ring])
            guard let found = AreaProximity.nearest(to: area) else {
                Issue.record("no nearest place")
                continue
            }
            #expect(found.isExhaustive)
            var brute = Double.infinity
            for place in Gazetteer.places {
                for (a, b) in zip(ring, ring.dropFirst()) {
                    brute = min(brute, GreatCircle.distance(from: place.coordinate, toSegment: a, b))
                }
            }
            #expect((found.distance - brute).magnitude <= 1e-6 * max(1, brute), "\(ring[0])")
        }
    }
}

@Suite("Gazetteer distinct listing")
struct DistinctListingTests {
    @Test func districtsGiveWayToOtherTownsThenFillUp() throws {
        // London and its boroughs, plus towns farther out, in population order.
        let area = coverage([ringAsWritten([(-0.6, 51.3), (0.3, 51.3), (0.3, 51.95), (-0.6, 51.95)])])
        let covered = Gazetteer.covered(by: area, limit: 500).indices
        let listed = Gazetteer.distinctLargest(covered, count: 3)
        #expect(listed.count == 3)
        #expect(listed.first == place("London", "GB"))
        for (i, a) in listed.enumerated() {
            for b in listed[(i + 1)...] {
                #expect(GreatCircle.distance(a.coordinate, b.coordinate) >= Gazetteer.distinctSeparation)
            }
        }
        // Without enough distinct towns, the skipped ones fill up in population order.
        let tiny = coverage([ringAsWritten([(-0.2, 51.45), (-0.05, 51.45), (-0.05, 51.55), (-0.2, 51.55)])])
        let tinyCovered = Gazetteer.covered(by: tiny, limit: 500).indices
        let tinyListed = Gazetteer.distinctLargest(tinyCovered, count: 3)
        #expect(tinyListed == tinyCovered.prefix(3).map { Gazetteer.places[Int($0)] })
        #expect(Gazetteer.distinctLargest(tinyCovered, count: 0).isEmpty)
    }
}

@Suite("Gazetteer robustness")
struct GazetteerRobustnessTests {
    /// Out-of-range and non-finite numbers (an invalid file the caller did not stop) never crash.
    @Test func absurdCoordinatesNeverCrash() {
        let absurd: [[Coordinate]] = [
            ringAsWritten([(1e300, 0), (1e300, 1), (-1e300, 1)]),
            ringAsWritten([(0, -1e300), (1, 1e300), (2, 0)]),
            ringAsWritten([(-.infinity, 0), (1, 1), (0, .infinity)]),
            ringAsWritten([(.nan, .nan), (1, 1), (2, 2)]),
            ringAsWritten([(500, 95), (700, 95), (700, 120)]),
        ]
        for ring in absurd {
            let area = coverage([ring])
            _ = Gazetteer.places(in: area, limit: 3)
            _ = AreaProximity.nearest(to: area)
            _ = AreaProximity.nearest(to: area, within: 10_000)
            _ = SwappedAxes.evidence(for: [ring])
            _ = AreaDescription.describe(area).summary
        }
        #expect(Gazetteer.nearest(to: Coordinate(latitude: 1e300, longitude: -1e300)) == nil)
        #expect(DescriptionText.distance(.infinity) == "inf m")
        #expect(DescriptionText.area(squareKilometres: .nan) == "nan km²")
    }
}
