// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import RoutingCore
import StrictJSON
import Testing

@Suite struct GeoJSONReportTests {
    @Test func findingsArePointsWhereTheyAreAndValidateUnderTheGeoJSONProfile() throws {
        // A bow-tie (crossing at [2,2]) and an unclosed ring: places from the crossing and the position.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,4],[4,0],[0,4],[0,0]]],[[[10,10],[11,10],[11,10],[11,11],[10,11],[10,10]]]]}"#
        let bytes = Array(text.utf8)
        let validation = CoverageValidator.validate(bytes)
        let places = FindingPlaces.coordinates(of: validation.diagnostics, in: bytes)
        #expect(places.count == validation.diagnostics.count)
        let crossing = try #require(validation.diagnostics.firstIndex { $0.rule == "ring-self-intersection" })
        #expect(places[crossing] == Coordinate(latitude: 2, longitude: 2))
        let repeated = try #require(validation.diagnostics.firstIndex { $0.rule == "duplicate-position" })
        #expect(places[repeated] == Coordinate(latitude: 10, longitude: 11), "the repeated position, where it is reported")
        // An unclosed ring's finding sits at its last position.
        let open = Array(#"{"type":"MultiPolygon","coordinates":[[[[10,10],[11,10],[11,11],[10,11]]]]}"#.utf8)
        let openValidation = CoverageValidator.validate(open)
        let unclosed = try #require(openValidation.diagnostics.firstIndex { $0.rule == "ring-not-closed" })
        #expect(FindingPlaces.coordinates(of: openValidation.diagnostics, in: open)[unclosed] == Coordinate(latitude: 11, longitude: 10))

        let features = GeoJSONReport.features(path: "x.geojson", diagnostics: validation.diagnostics, places: places)
            + [GeoJSONReport.unreadable(path: "gone.geojson", message: "gone.geojson: cannot read: No such file or directory")]
        let collection = GeoJSONReport.collection(features)
        let first = try #require(collection["features"]?.arrayValue?[crossing])
        #expect(first["geometry"] == ["type": "Point", "coordinates": [2, 2]])
        #expect(first["properties"]?["rule"] == "ring-self-intersection")
        #expect(first["properties"]?["file"] == "x.geojson")
        #expect(first["properties"]?["line"] == 1)
        #expect(collection["features"]?.arrayValue?.last?["geometry"] == .null)
        // The project's own geojson profile accepts the collection (Point features are notes).
        let written = Array(collection.serialized().utf8)
        let check = CoverageValidator.validate(written, profile: .geojson)
        #expect(check.isValid, "\(check.diagnostics)")
        #expect(check.only("feature-point").count == features.count - 1)
    }

    @Test func syntaxFindingsHaveNoPlace() {
        let bytes = Array("{\"type\":\"MultiPolygon\",\"coordinates\":[],}".utf8)
        let validation = CoverageValidator.validate(bytes)
        #expect(FindingPlaces.coordinates(of: validation.diagnostics, in: bytes) == [nil])
    }
}

extension CoverageValidation {
    fileprivate func only(_ rule: String) -> [Diagnostic] { diagnostics.filter { $0.rule == rule } }
}
