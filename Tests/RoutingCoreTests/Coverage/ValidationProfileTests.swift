// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import RoutingCore

@Suite("Coverage validation: the geojson profile")
struct GeoJSONProfileTests {
    @Test func polygonFeatureAndFeatureCollectionAreAccepted() throws {
        let polygon = #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]]]}"#
        #expect(validateText(polygon, profile: .geojson).isValid)
        #expect(!validateText(polygon).isValid, "Apple wants a MultiPolygon")

        let feature = #"{"type":"Feature","properties":{"name":"x"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]]]}}"#
        let result = validateText(feature, profile: .geojson)
        #expect(result.isValid)
        #expect(try #require(result.coverage).contains(Coordinate(latitude: 2, longitude: 2)))
        #expect(validateText(feature).only("feature-wrapper").count == 1)

        // Two features: coverage is the union of every feature's polygons.
        let collection = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":null,"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}},
            {"type":"Feature","properties":null,"geometry":{"type":"MultiPolygon","coordinates":[[[[5,5],[6,5],[6,6],[5,6],[5,5]]]]}},
            {"type":"Feature","properties":null,"geometry":null}
            ]}
            """
        let union = validateText(collection, profile: .geojson)
        #expect(union.errors.isEmpty, "\(union.diagnostics)")
        let coverage = try #require(union.coverage)
        #expect(coverage.contains(Coordinate(latitude: 0.5, longitude: 0.5)))
        #expect(coverage.contains(Coordinate(latitude: 5.5, longitude: 5.5)))
        #expect(!coverage.contains(Coordinate(latitude: 3, longitude: 3)))
        expectOne(union, "feature-no-geometry", .note, at: "null}", in: collection)
    }

    @Test func holesAreAllowedButNotInTheAppleProfile() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]]}"#
        #expect(validateText(text, profile: .geojson).errors.isEmpty)
        expectOne(validateText(text), "polygon-has-hole", .error, at: "[[2,2]", in: text)
    }

    @Test func appleOnlyLimitsDoNotApply() {
        // 25 points in one polygon, 21 polygons: advice and limits of Apple's, not of RFC 7946.
        var ring: [String] = []
        for i in 0..<25 { ring.append("[\(i),0]") }
        ring.append("[24,1]")
        ring.append("[0,0]")
        let big = #"{"type":"Polygon","coordinates":[["# + ring.joined(separator: ",") + "]]}"
        #expect(validateText(big, profile: .geojson).diagnostics.isEmpty)
        #expect(validateText(big).only("too-many-points").count == 1)

        let boxes = (0..<21).map { i in "[[[\(2 * i),0],[\(2 * i + 1),0],[\(2 * i + 1),1],[\(2 * i),1],[\(2 * i),0]]]" }
        let many = #"{"type":"MultiPolygon","coordinates":["# + boxes.joined(separator: ",") + "]}"
        #expect(validateText(many, profile: .geojson).diagnostics.isEmpty)
        #expect(validateText(many).only("too-many-polygons").count == 1)
    }

    @Test func featureMembersFollowRFC7946() {
        let noProperties = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,0]]]}}"#
        expectOne(validateText(noProperties, profile: .geojson), "member-missing", .error, at: "{\"type\":\"Feature\"", in: noProperties)
        let forbidden = #"{"type":"FeatureCollection","features":[],"coordinates":[]}"#
        expectOne(validateText(forbidden, profile: .geojson), "forbidden-member", .error, at: "\"coordinates\"", in: forbidden)
        let point = #"{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[0,0]}}"#
        expectOne(validateText(point, profile: .geojson), "geometry-type-unsupported", .error, at: "{\"type\":\"Point\"", in: point)
    }

    @Test func holeWindingIsANoteOnlyInTheGeoJSONProfile() {
        // Exterior counter-clockwise (right), hole counter-clockwise too (wrong: holes are clockwise).
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[4,2],[4,4],[2,4],[2,2]]]}"#
        let result = validateText(text, profile: .geojson)
        expectOne(result, "hole-counterclockwise", .note, at: "[[2,2]", in: text)
        #expect(result.only("ring-clockwise").isEmpty)
    }
}

@Suite("Coverage validation: warnings and notes on positions")
struct PositionFindingTests {
    @Test func threeDimensionalPositionsWarnOnceWithACount() {
        // G35
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0,100],[1,0,100],[1,1,100],[0,1,100],[0,0,100]]]]}"#
        let result = validateText(text)
        #expect(result.isValid)
        let d = expectOne(result, "position-3d", .warning, at: "100", in: text)
        #expect(d?.message.hasPrefix("5 positions") == true)
        let fourD = #"{"type":"MultiPolygon","coordinates":[[[[0,0,100,7],[1,0,100,7],[1,1,100,7],[0,0,100,7]]]]}"#
        #expect(validateText(fourD).only("position-invalid").count == 4)
    }

    @Test func antimeridianJumpWarns() {
        // G17: meant as a 20° box over the dateline; as written a 340° box.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[170,-5],[-170,-5],[-170,5],[170,5],[170,-5]]]]}"#
        let result = validateText(text)
        #expect(result.isValid)
        let d = expectOne(result, "antimeridian-jump", .warning, at: "[-170,-5]", in: text)
        #expect(d?.hint.contains("RFC 7946 §3.1.9") == true)
        // Planar meaning stays: [175,0] outside, [0,0] inside.
        #expect(result.coverage?.contains(Coordinate(latitude: 0, longitude: 175)) == false)
        #expect(result.coverage?.contains(Coordinate(latitude: 0, longitude: 0)) == true)
        // A whole-world box from -180 to 180 is fine: its long edges end on the ±180 meridian.
        let world = #"{"type":"MultiPolygon","coordinates":[[[[-180,-90],[180,-90],[180,90],[-180,90],[-180,-90]]]]}"#
        #expect(validateText(world).only("antimeridian-jump").isEmpty)
        // Nearly the whole world (−179.9…179.9) means the world, not a 0.2° sliver across the dateline.
        let nearWorld = #"{"type":"MultiPolygon","coordinates":[[[[-179.9,-85],[179.9,-85],[179.9,85],[-179.9,85],[-179.9,-85]]]]}"#
        #expect(validateText(nearWorld).only("antimeridian-jump").isEmpty)
        #expect(validateText(nearWorld).isValid)
        // A small area over the dateline at the same longitudes still warns: 0.2° wide read across
        // it, as tall as it is wide.
        let island = #"{"type":"MultiPolygon","coordinates":[[[[179.9,-16.9],[-179.9,-16.9],[-179.9,-16.6],[179.9,-16.6],[179.9,-16.9]]]]}"#
        #expect(validateText(island).only("antimeridian-jump").count == 1)
        // G20: edges spanning 190° between points off the meridian also jump.
        let wide = #"{"type":"MultiPolygon","coordinates":[[[[-100,0],[90,0],[90,60],[-100,60],[-100,0]]]]}"#
        #expect(validateText(wide).only("antimeridian-jump").count == 1)
        #expect(validateText(wide).coverage?.contains(Coordinate(latitude: 51, longitude: 7)) == true)
    }

    @Test func precisionFinerThanACentimetreIsANote() {
        // G40: 15 decimals; the point equal to a vertex stays on the boundary (nothing is rounded).
        let text = #"{"type":"MultiPolygon","coordinates":[[[[13.123456789012345,52.1],[13.2,52.1],[13.2,52.2],[13.123456789012345,52.1]]]]}"#
        let result = validateText(text)
        let d = expectOne(result, "excess-precision", .note, at: "13.123456789012345", in: text)
        #expect(d?.message.hasPrefix("2 coordinates") == true)
        #expect(result.coverage?.contains(Coordinate(latitude: 52.1, longitude: 13.123456789012345)) == true)
        // Seven decimals, and exponent forms, are counted by their real decimals.
        let seven = #"{"type":"MultiPolygon","coordinates":[[[[0.1234567,0],[1,0],[1,1],[0.1234567,0]]]]}"#
        #expect(validateText(seven).only("excess-precision").isEmpty)
        let exponent = #"{"type":"MultiPolygon","coordinates":[[[[1.5e-7,0],[1,0],[1,1],[1.5e-7,0]]]]}"#
        #expect(validateText(exponent).only("excess-precision").count == 1)
        let wholeExponent = #"{"type":"MultiPolygon","coordinates":[[[[1.25e2,0],[126,0],[126,1],[1.25e2,0]]]]}"#
        #expect(validateText(wholeExponent).only("excess-precision").isEmpty)
    }

    @Test func touchingAPoleIsANote() {
        // G22: a polar cap written as RFC 7946 §5.3 suggests.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-180,80],[180,80],[180,90],[-180,90],[-180,80]]]]}"#
        let result = validateText(text)
        #expect(result.isValid)
        expectOne(result, "polygon-touches-pole", .note, at: "[180,90]", in: text)
        let coverage = result.coverage
        #expect(coverage?.contains(Coordinate(latitude: 85, longitude: 0)) == true)
        #expect(coverage?.contains(Coordinate(latitude: 90, longitude: 123)) == true)
    }
}

@Suite("Coverage validation: long reports")
struct LongReportTests {
    @Test func findingsOfOneRuleAreCappedWithACount() {
        // 90 unclosed rings: 50 are listed, the 51st says how many more there are.
        let polygons = (0..<90).map { i in "[[[\(2 * i),0],[\(2 * i + 1),0],[\(2 * i + 1),1],[\(2 * i),1]]]" }
        let text = #"{"type":"MultiPolygon","coordinates":["# + polygons.joined(separator: ",") + "]}"
        let result = validateText(text, profile: .geojson)
        let unclosed = result.only("ring-not-closed")
        #expect(unclosed.count == CoverageValidator.findingsPerRule + 1)
        #expect(unclosed.last?.message.hasPrefix("40 more findings of this rule from here on are not listed (90 found)") == true)
        #expect(unclosed.allSatisfy { $0.severity == .error })
        #expect(!result.isValid)
    }
}

@Suite("Coverage validation: many overlapping polygons")
struct ManyOverlapsTests {
    @Test func theEnginesLimitIsSaid() {
        // 60 boxes each shifted by 1 degree: hundreds of overlapping pairs, more than the engine lists.
        let boxes = (0..<60).map { i in "[[[\(i),0],[\(i + 10),0],[\(i + 10),10],[\(i),10],[\(i),0]]]" }
        let text = #"{"type":"MultiPolygon","coordinates":["# + boxes.joined(separator: ",") + "]}"
        let result = validateText(text, profile: .geojson)
        #expect(!result.isValid)
        #expect(result.diagnostics.contains { $0.message.hasPrefix("the check stopped comparing polygons after 100 overlaps") })
        #expect(result.only("polygons-overlap").count <= CoverageValidator.findingsPerRule + 1)
    }
}
