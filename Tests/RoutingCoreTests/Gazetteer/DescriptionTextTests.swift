// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

@Suite("Description text")
struct DescriptionTextTests {
    @Test func numbers() {
        #expect(DescriptionText.grouped(0) == "0")
        #expect(DescriptionText.grouped(999) == "999")
        #expect(DescriptionText.grouped(1572) == "1,572")
        #expect(DescriptionText.grouped(-1_234_567) == "-1,234,567")
        #expect(DescriptionText.fixed(51.2949, decimals: 2) == "51.29")
        #expect(DescriptionText.fixed(0.5, decimals: 2) == "0.50")
        #expect(DescriptionText.fixed(-0.004, decimals: 2) == "0.00")
        #expect(DescriptionText.fixed(-3.14159, decimals: 3) == "-3.142")
        #expect(DescriptionText.fixed(7.96, decimals: 0) == "8")
    }

    @Test func coordinatesAndBoxes() {
        #expect(DescriptionText.position(Coordinate(latitude: -78.8687, longitude: 38.4321)) == "78.87°S 38.43°E")
        #expect(DescriptionText.box(BoundingBox(west: -0.51, south: 51.29, east: 0.33, north: 51.69))
                == "51.29°N…51.69°N, 0.51°W…0.33°E")
        // Narrow boxes get a third decimal so that both ends differ.
        #expect(DescriptionText.box(BoundingBox(west: -78.8775, south: 38.4228, east: -78.8593, north: 38.4419))
                == "38.423°N…38.442°N, 78.878°W…78.859°W")
    }

    @Test func distancesAndAreas() {
        #expect(DescriptionText.distance(846) == "850 m")
        #expect(DescriptionText.distance(1_234) == "1.2 km")
        #expect(DescriptionText.distance(620_400) == "620 km")
        #expect(DescriptionText.distance(3_010_000) == "3,010 km")
        #expect(DescriptionText.area(squareKilometres: 1571.6) == "1,572 km²")
        #expect(DescriptionText.area(squareKilometres: 2.871) == "2.87 km²")
        #expect(DescriptionText.area(squareKilometres: 0.004) == "< 0.01 km²")
        #expect(DescriptionText.area(squareKilometres: 0) == "0 km²")
    }

    @Test func placeLists() {
        let c = Coordinate(latitude: 0, longitude: 0)
        let a = Place(name: "Aton", countryCode: "XA", coordinate: c, population: 30_000)
        let b = Place(name: "Bville", countryCode: "XA", coordinate: c, population: 20_000)
        let d = Place(name: "Dorf", countryCode: "XB", coordinate: c, population: 16_000)
        #expect(DescriptionText.list([a]) == "Aton (XA)")
        #expect(DescriptionText.list([a, b]) == "Aton and Bville (XA)")
        #expect(DescriptionText.list([a, b, d]) == "Aton (XA), Bville (XA) and Dorf (XB)")
        #expect(DescriptionText.list([]) == "")
    }
}
