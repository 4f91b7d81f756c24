// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import RoutingCore

/// The GeoJSON and point-in-polygon edge cases of the shared corpus (`corpus/geo/cases.tsv`, rows
/// G01…G40), each written here as this project's own assertion: the verdict, the rule that reports it
/// and where, and the answer for the row's points. Points are [longitude, latitude] like GeoJSON.
@Suite("Geometry corpus: GeoJSON and point-in-polygon edge cases")
struct GeoCorpusTests {
    private func at(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    private func location(_ text: String, _ point: Coordinate, profile: ValidationProfile = .apple) throws -> CoverageLocation {
        let result = validateText(text, profile: profile)
        return try #require(result.coverage, "\(result.diagnostics)").location(of: point)
    }

    @Test func g01ClockwiseExteriorIsANoteAndCoversTheSame() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[0,1],[1,1],[1,0],[0,0]]]]}"#
        let result = validateText(text)
        #expect(result.isValid)
        expectOne(result, "ring-clockwise", .note, at: "[[0,0]", in: text)
        #expect(try location(text, at(0.5, 0.5)) == .inside)
        #expect(try location(text, at(1.5, 0.5)) == .outside)
    }

    @Test func g02BothWindingsCoverTheSmallSquare() throws {
        let ccw = #"{"type":"MultiPolygon","coordinates":[[[[10,10],[11,10],[11,11],[10,11],[10,10]]]]}"#
        let cw = #"{"type":"MultiPolygon","coordinates":[[[[10,10],[10,11],[11,11],[11,10],[10,10]]]]}"#
        for text in [ccw, cw] {
            #expect(try location(text, at(10.5, 10.5)) == .inside)
            #expect(try location(text, at(50, 50)) == .outside)
        }
    }

    @Test func g03UnclosedRingIsRejectedAtItsLastPosition() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[4,4],[0,4]]]]}"#
        let d = expectOne(validateText(text), "ring-not-closed", .error, at: "[0,4]", in: text)
        #expect(d?.message.contains("polygon 1, ring 1") == true)
    }

    @Test func g05TooFewPositionsAndTooFewDistinctPositions() {
        let three = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,0]]]]}"#
        expectOne(validateText(three), "ring-too-short", .error, at: "[[0,0]", in: three)
        let collapsed = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,0],[0,0]]]]}"#
        expectOne(validateText(collapsed), "ring-too-few-points", .error, at: "[[0,0]", in: collapsed)
    }

    @Test func g06DuplicateVertexWarnsAndTheVertexIsBoundary() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[1,1],[0,0]]]]}"#
        expectOne(validateText(text), "duplicate-position", .warning, at: "[1,1]", occurrence: 2, in: text)
        #expect(try location(text, at(0.75, 0.25)) == .inside)
        #expect(try location(text, at(1, 1)) == .boundary)
    }

    @Test func g08BowTieIsASelfIntersection() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[2,0],[1,1],[2,1],[0,0],[2,0]]]]}"#
        for profile in ValidationProfile.allCases {
            let result = validateText(text, profile: profile)
            #expect(!result.isValid)
            let found = result.only("ring-self-intersection")
            #expect(found.count == 1, "\(result.diagnostics)")
            // Crossing at (4/3, 2/3), between the first edge and the third.
            #expect(found.first?.message.contains("1.3333333") == true, "\(found)")
        }
    }

    @Test func g09IslandWrittenAsAHole() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[20,20],[20,25],[25,25],[25,20],[20,20]]]]}"#
        expectOne(validateText(text), "polygon-has-hole", .error, at: "[[20,20]", in: text)
        let geojson = validateText(text, profile: .geojson)
        expectOne(geojson, "hole-outside-shell", .error, at: "[20,20]", in: text)
        #expect(geojson.coverage == nil, "never answered inside for [22,22]")
    }

    @Test func g11NestedPolygonsAreANoteAndCoverageIsTheUnion() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]]],[[[3,3],[6,3],[6,6],[3,6],[3,3]]]]}"#
        expectOne(validateText(text), "polygons-nested", .note, at: "[3,3]", in: text)
        #expect(try location(text, at(4, 4)) == .inside)
        expectOne(validateText(text, profile: .geojson), "polygons-nested", .error, at: "[3,3]", in: text)
    }

    @Test func g12PolygonsSharingAnEdgeCoverTheEdgeAsInterior() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]],[[[1,0],[2,0],[2,1],[1,1],[1,0]]]]}"#
        let result = validateText(text)
        #expect(result.isValid)
        #expect(result.only("polygons-share-edge").count == 1, "\(result.diagnostics)")
        #expect(result.only("polygons-share-edge").first?.severity == .note)
        #expect(try location(text, at(1, 0.5)) == .inside)
        #expect(!validateText(text, profile: .geojson).isValid)
    }

    @Test func g14VertexIsBoundary() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[0,3],[0,0]]]]}"#
        #expect(try location(text, at(4, 0)) == .boundary)
        #expect(try location(text, at(2, 0)) == .boundary)
    }

    @Test func g15ExactAnswersNearTheHypotenuse() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,1],[0,0]]]]}"#
        #expect(try location(text, at(0.7, 0.3)) == .inside)
        #expect(try location(text, at(0.8, 0.2)) == .outside)
        #expect(try location(text, at(0.6, 0.4)) == .boundary)
    }

    @Test func g17AntimeridianBoxIsTakenAsWrittenWithAWarning() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[170,-5],[-170,-5],[-170,5],[170,5],[170,-5]]]]}"#
        #expect(validateText(text).only("antimeridian-jump").count == 1)
        #expect(try location(text, at(175, 0)) == .outside)
        #expect(try location(text, at(0, 0)) == .inside)
    }

    @Test func g19LongitudeBeyond180IsRejected() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[170,-5],[190,-5],[190,5],[170,5],[170,-5]]]]}"#
        let result = validateText(text)
        #expect(result.coverage == nil)
        #expect(result.only("longitude-out-of-range").count == 2)
    }

    @Test func g20WideBoxIsPlanar() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-100,0],[90,0],[90,60],[-100,60],[-100,0]]]]}"#
        #expect(try location(text, at(7, 51)) == .inside)
        #expect(validateText(text).only("antimeridian-jump").count == 1)
    }

    @Test func g22PolarCapTouchesThePole() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-180,80],[180,80],[180,90],[-180,90],[-180,80]]]]}"#
        #expect(validateText(text).only("polygon-touches-pole").count == 1)
        #expect(try location(text, at(0, 85)) == .inside)
        #expect(try location(text, at(0, 90)) == .boundary)
        #expect(try location(text, at(123, 90)) == .boundary)
    }

    @Test func g23NaNIsNotJSON() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[NaN,0],[1,0],[1,1],[0,1],[NaN,0]]]]}"#
        expectOne(validateText(text), "json-non-finite-number", .error, at: "NaN", in: text)
    }

    @Test func g25QuotedNumbersAreNotNumbers() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[["0","0"],["1","0"],["1","1"],["0","0"]]]]}"#
        let found = validateText(text).only("position-not-number")
        #expect(found.count == 8)
        #expect(found.first?.hint.contains("remove the quotes") == true)
    }

    @Test func g26WrongDepthIsNotReinterpreted() {
        let multi = #"{"type":"MultiPolygon","coordinates":[[[0,0],[0,1],[1,1],[1,0],[0,0]]]}"#
        expectOne(validateText(multi), "coordinates-depth", .error, at: "[[[0,0]", in: multi)
        let polygon = #"{"type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[1,0],[0,0]]}"#
        expectOne(validateText(polygon, profile: .geojson), "coordinates-depth", .error, at: "[[0,0]", in: polygon)
    }

    @Test func g28DuplicateMemberIsRejected() {
        let text = #"{"type":"Polygon","type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#
        expectOne(validateText(text), "json-duplicate-member", .error, at: "\"type\":\"MultiPolygon\"", in: text)
    }

    @Test func g29ByteOrderMarkIsAWarning() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#.utf8)
        let result = CoverageValidator.validate(bytes)
        #expect(result.isValid)
        #expect(result.only("byte-order-mark").map(\.severity) == [.warning])
    }

    @Test func g31CommentIsRejectedWithLineAndColumn() {
        let text = "{\"type\":\"MultiPolygon\", // coverage\n\"coordinates\":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"
        expectOne(validateText(text), "json-comment", .error, at: "//", in: text)
    }

    @Test func g32TrailingCommasAreRejected() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]],]],}"#
        expectOne(validateText(text), "json-trailing-comma", .error, at: ",]", in: text)
    }

    @Test func g34ProjectedMetresAreOutOfRangeAndCrsIsIgnored() {
        let text = #"{"type":"MultiPolygon","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"coordinates":[[[[-8238310,4970071],[-8236310,4970071],[-8236310,4972071],[-8238310,4970071]]]]}"#
        let result = validateText(text)
        #expect(result.coverage == nil)
        #expect(result.only("longitude-out-of-range").first?.hint.contains("not projected units") == true)
        #expect(result.only("foreign-member").first?.message.contains("crs") == true)
    }

    @Test func g35AltitudeWarnsAndFourNumbersAreRejected() {
        let three = #"{"type":"MultiPolygon","coordinates":[[[[0,0,100],[1,0,100],[1,1,100],[0,1,100],[0,0,100]]]]}"#
        #expect(validateText(three).isValid)
        #expect(validateText(three).only("position-3d").count == 1)
        let four = #"{"type":"MultiPolygon","coordinates":[[[[0,0,100,7],[1,0,100,7],[1,1,100,7],[0,1,100,7],[0,0,100,7]]]]}"#
        #expect(!validateText(four).isValid)
    }

    @Test func g37BboxAcrossTheAntimeridianDoesNotFilterPoints() throws {
        let text = #"{"type":"MultiPolygon","bbox":[170,40,-170,50],"coordinates":[[[[170,40],[180,40],[180,50],[170,50],[170,40]]],[[[-180,40],[-170,40],[-170,50],[-180,50],[-180,40]]]]}"#
        let result = validateText(text)
        #expect(result.only("bbox-ignored").count == 1)
        #expect(try location(text, at(175, 45)) == .inside)
        #expect(try location(text, at(-175, 45)) == .inside)
        #expect(try location(text, at(180, 45)) != .outside)
        #expect(try location(text, at(-180, 45)) != .outside)
    }

    @Test func g38InvalidQueryPointsAreRejectedNotAnswered() {
        #expect(throws: Coordinate.RangeError.self) { try Coordinate.validated(latitude: 45, longitude: .nan) }
        #expect(throws: Coordinate.RangeError.self) { try Coordinate.validated(latitude: 95, longitude: 10) }
        #expect(throws: Coordinate.RangeError.self) { try Coordinate.validated(latitude: 10, longitude: 200) }
    }

    @Test func g40FinePrecisionIsANoteAndNothingIsRounded() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[13.123456789012345,52.1],[13.2,52.1],[13.2,52.2],[13.123456789012345,52.1]]]]}"#
        #expect(validateText(text).only("excess-precision").count == 1)
        #expect(try location(text, at(13.123456789012345, 52.1)) == .boundary)
    }
}
