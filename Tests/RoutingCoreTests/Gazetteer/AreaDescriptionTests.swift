// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

@Suite("Area description")
struct AreaDescriptionTests {
    @Test func describesACityArea() throws {
        // West Midlands box of my own, GeoJSON order.
        let area = coverage([ringAsWritten([(-2.20, 52.35), (-1.45, 52.35), (-1.45, 52.65), (-2.20, 52.65)])])
        let description = AreaDescription.describe(area)
        #expect(description.boundingBox == area.boundingBox)
        #expect((description.areaSquareKilometres - area.area / 1_000_000).magnitude < 1e-9)
        // 0.75° × 0.30° at 52.5°N: roughly 51 km × 33 km.
        #expect(description.areaSquareKilometres > 1_500 && description.areaSquareKilometres < 1_800)
        #expect(description.largestPlaces.count == 3)
        #expect(description.largestPlaces.first == place("Birmingham", "GB"))
        #expect(description.placeCount == Gazetteer.places(in: area, limit: .max).count)
        #expect(description.placeCount > 10)
        #expect(description.nearestPlace == nil)
        // Listed places are distinct towns while there are enough: Coventry is ~30 km from Birmingham;
        // every other town in the box is within 25 km of one of them, so the third is the largest of
        // those (Wolverhampton), filled in by population.
        let listed = description.largestPlaces
        #expect(listed.map(\.name) == ["Birmingham", "Coventry", "Wolverhampton"])
        #expect(GreatCircle.distance(listed[0].coordinate, listed[1].coordinate) >= Gazetteer.distinctSeparation)
        for p in listed { #expect(area.contains(p.coordinate)) }
        #expect(description.summary.hasPrefix("52.35°N…52.65°N, 2.20°W…1.45°W, "))
        #expect(description.summary.contains("populated places, largest Birmingham, "))
        #expect(description.summary.hasSuffix("(GB)"))
    }

    @Test func describesAnEmptyAreaByItsNearestPlace() throws {
        // Open South Atlantic.
        let area = coverage([ringAsWritten([(-30, -45), (-25, -45), (-25, -40), (-30, -40)])])
        let description = AreaDescription.describe(area)
        #expect(description.largestPlaces.isEmpty)
        #expect(description.placeCount == 0)
        let nearest = try #require(description.nearestPlace)
        let distance = try #require(description.nearestDistance)
        #expect(nearest.countryCode == "BR")
        #expect(distance > 1_000_000)
        #expect(description.summary.contains("no populated place; nearest: \(nearest), "))
        #expect(description.summary.hasSuffix(" km"))
    }

    @Test func fewPlacesAreAllNamed() {
        // A box around a single town: "contains X".
        let area = coverage([ringAsWritten([(115.84, -31.97), (115.88, -31.97), (115.88, -31.93), (115.84, -31.93)])])
        let description = AreaDescription.describe(area, placeLimit: 5)
        #expect(description.placeCount == description.largestPlaces.count)
        #expect(description.summary.contains(", contains Perth"))
    }

    @Test func placeLimitZeroStillCounts() {
        let area = coverage([ringAsWritten([(-2.20, 52.35), (-1.45, 52.35), (-1.45, 52.65), (-2.20, 52.65)])])
        let description = AreaDescription.describe(area, placeLimit: 0)
        #expect(description.largestPlaces.isEmpty)
        #expect(description.placeCount > 10)
        #expect(description.summary.hasSuffix(" populated places"))
        #expect(AreaDescription.describe(area, placeLimit: -4).largestPlaces.isEmpty)
    }

    @Test func emptyCoverage() {
        let description = AreaDescription.describe(Coverage(polygons: []))
        #expect(description.placeCount == 0)
        #expect(description.nearestPlace == nil)
        #expect(description.summary == "empty area (no positions)")
    }

    @Test func overlappingPolygonsAreCountedOnce() {
        // Two overlapping squares, one far away: the description's area is the union's.
        let a = ringAsWritten([(10, 10), (11, 10), (11, 11), (10, 11)])
        let b = ringAsWritten([(10.5, 10.5), (11.5, 10.5), (11.5, 11.5), (10.5, 11.5)])
        let c = ringAsWritten([(40, -20), (41, -20), (41, -19), (40, -19)])
        let area = coverage([c, a, b])
        let described = AreaDescription.describe(area).areaSquareKilometres * 1_000_000
        #expect((described - area.area).magnitude <= 1e-9 * area.area)
        let separate = [a, b, c].reduce(0.0) { $0 + coverage([$1]).area }
        #expect(described < separate - 1e8)
    }
}
