// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import RoutingCore

// MARK: - helpers

private func validate(_ text: String) -> CoverageValidation {
    validateText(text)
}

private func p(_ longitude: Double, _ latitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

// MARK: - corpus-style verdicts with own fixtures

@Suite("Coverage validation: whole files")
struct CoverageFileVerdictTests {
    @Test func validCounterClockwiseBox() throws {
        let text = """
            {
              "type": "MultiPolygon",
              "coordinates": [[[[8.5, 47.3], [8.6, 47.3], [8.6, 47.4], [8.5, 47.4], [8.5, 47.3]]]]
            }
            """
        let result = validate(text)
        #expect(result.isValid)
        #expect(result.diagnostics.isEmpty)
        let coverage = try #require(result.coverage)
        #expect(coverage.polygons.count == 1)
        #expect(coverage.polygons[0].exterior.count == 5)
        #expect(coverage.polygons[0].exterior[1] == Coordinate(latitude: 47.3, longitude: 8.6))
        #expect(coverage.boundingBox == BoundingBox(west: 8.5, south: 47.3, east: 8.6, north: 47.4))
        #expect(coverage.contains(p(8.55, 47.35)))
        #expect(!coverage.contains(p(8.55, 47.45)))
        #expect(coverage.area > 80e6 && coverage.area < 84e6, "about 7.5 km × 11.1 km")
    }

    @Test func clockwiseBoxIsValidWithANote() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[0,1],[1,1],[1,0],[0,0]]]]}"#
        let result = validate(text)
        #expect(result.isValid)
        expectOne(result, "ring-clockwise", .note, at: "[[0,0]", in: text)
        #expect(result.rules == ["ring-clockwise"])
    }

    @Test func twoPolygonsWithCRLFLineEndings() throws {
        let text = [
            "{",
            "\t\"type\": \"MultiPolygon\",",
            "\t\"coordinates\": [",
            "\t\t[[[-3.5, 50.0], [-1.0, 50.0], [-1.0, 52.0], [-3.5, 52.0], [-3.5, 50.0]]],",
            "\t\t[[[-22.0, 63.5], [-14.0, 63.5], [-14.0, 66.5], [-22.0, 66.5], [-22.0, 63.5]]]",
            "\t]",
            "}",
        ].joined(separator: "\r\n")
        let result = validate(text)
        #expect(result.isValid)
        #expect(result.errors.isEmpty)
        let coverage = try #require(result.coverage)
        #expect(coverage.polygons.count == 2)
        #expect(coverage.contains(p(-2, 51)))
        #expect(coverage.contains(p(-18, 65)))
        #expect(!coverage.contains(p(-10, 58)), "between the two parts")

        // The same layout with a problem on line 5: columns must not count the CR.
        let broken = text.replacing("[-22.0, 63.5]]]", with: "[-22.0, 63.4]]]")
        let bad = validate(broken)
        #expect(!bad.isValid)
        let d = try #require(bad.only("ring-not-closed").first)
        #expect(d.location.line == 5)
        #expect(d.location.column == locate("[-22.0, 63.4]", in: broken).column)
    }

    @Test func unclosedWholeWorldRing() {
        let text = """
            {"type": "MultiPolygon",
             "coordinates": [[[[-180, -90], [180, -90], [180, 90], [-180, 90]]]]}
            """
        let result = validate(text)
        #expect(!result.isValid)
        #expect(result.coverage == nil)
        let d = expectOne(result, "ring-not-closed", .error, at: "[-180, 90]", in: text)
        #expect(d?.message == "polygon 1, ring 1 is not closed: first position [-180,-90] differs from last [-180,90]")
        #expect(d?.hint == "repeat the first position [-180,-90] at the end of the ring (routingctl validate --fix does this)")
        #expect(result.rules == ["ring-not-closed"], "four positions are enough; only the closure is wrong")
    }

    @Test func closedWorldBoxIsValid() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-180,-85],[180,-85],[180,85],[-180,85],[-180,-85]]]]}"#
        let result = validate(text)
        #expect(result.isValid)
        let coverage = try #require(result.coverage)
        #expect(coverage.contains(p(0, 0)))
        #expect(coverage.contains(p(-180, 85)))
        #expect(coverage.contains(p(179.999, -84.9)))
        #expect(!coverage.contains(p(0, 87.5)))
    }

    @Test func featureWrapper() throws {
        let text = """
            {
              "type": "Feature",
              "properties": {"name": "service area"},
              "geometry": {
                "type": "Polygon",
                "coordinates": [[[2, 48], [3, 48], [3, 49], [2, 49], [2, 48.5]]]
              }
            }
            """
        let result = validate(text)
        #expect(!result.isValid)
        let d = try #require(expectOne(result, "feature-wrapper", .error, at: "\"Feature\"", in: text))
        #expect(d.message.contains("Feature wrapping a Polygon"))
        #expect(d.hint.contains("one more array"))
        // Problems that survive unwrapping are reported in the same run, with their own location.
        let unclosed = expectOne(result, "ring-not-closed", .error, at: "[2, 48.5]", in: text)
        #expect(unclosed?.message.hasPrefix("the Feature's geometry, ring 1 is not closed") == true)
        #expect(result.only("polygon-not-multipolygon").isEmpty, "named in the wrapper message, not repeated")
    }

    @Test func featureCollectionOfPolygons() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
                "coordinates": [[[130, 31], [141, 31], [141, 45], [130, 45], [130, 31]]]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
                "coordinates": [[[60, 37], [73, 37], [73, 45], [60, 45], [60, 37]]]}}
            ]}
            """
        let result = validate(text)
        #expect(!result.isValid)
        let d = try #require(expectOne(result, "feature-collection-wrapper", .error, at: "\"FeatureCollection\"", in: text))
        #expect(d.message.contains("FeatureCollection of 2 features"))
        #expect(d.message.contains("(2 Polygon geometries)"))
        #expect(result.errors.count == 1)
    }

    @Test func featureCollectionWithOutOfRangeLongitude() throws {
        let text = """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": null,
              "geometry": {"type": "MultiPolygon", "coordinates": [
                [[[60, 37], [73, 37], [73, 45], [60, 45], [60, 37]]],
                [[[170, 10], [190, 10], [190, 20], [170, 20], [170, 10]]]
              ]}}]}
            """
        let result = validate(text)
        #expect(!result.isValid)
        let d = try #require(result.only("feature-collection-wrapper").first)
        #expect(d.message.contains("1 feature (1 MultiPolygon geometry)"))
        let lon = result.only("longitude-out-of-range")
        #expect(lon.count == 2)
        #expect(lon.map(\.location.column) == [
            locate("190", occurrence: 1, in: text).column, locate("190", occurrence: 2, in: text).column,
        ])
        #expect(lon.allSatisfy { $0.location.line == 4 })
        #expect(lon[0].message == "feature 1, polygon 2, ring 1, position 2: longitude 190 is outside -180…180")
    }

    @Test func hole() {
        let text = """
            {"type": "MultiPolygon", "coordinates": [[
              [[-20, -20], [20, -20], [20, 20], [-20, 20], [-20, -20]],
              [[-5, -5], [-5, 5], [5, 5], [5, -5], [-5, -5]]
            ]]}
            """
        let result = validate(text)
        #expect(!result.isValid)
        let d = expectOne(result, "polygon-has-hole", .error, at: "[[-5, -5]", in: text)
        #expect(d?.message.contains("Don't include holes") == true)
        #expect(result.errors.count == 1)
    }

    @Test func holePointsCountTowardsThePolygon() {
        // 4 exterior corners plus an 18-corner hole: 22 points in one polygon, as in a world box with
        // a country cut out.
        var hole: [String] = (0..<18).map { "[\(Double($0) * 0.5), \($0 % 2 == 0 ? 1 : 2)]" }
        hole.append(hole[0])
        let text = """
            {"type":"MultiPolygon","coordinates":[[
            [[-20,-20],[20,-20],[20,20],[-20,20],[-20,-20]],
            [\(hole.joined(separator: ","))]
            ]]}
            """
        let result = validate(text)
        #expect(result.only("polygon-has-hole").count == 1)
        let warning = result.only("too-many-points").first
        #expect(warning?.message == "polygon 1 has 22 points across its 2 rings (not counting closing repeats); Apple recommends no more than 20 per polygon")
    }

    @Test func anUnclosedRingsPointsAreAllCounted() {
        // 21 distinct corners, written without the closing repeat: 21 points, not 20.
        let corners = (0..<21).map { i in "[\(i),\(i % 2 == 0 ? 0 : 1)]" } + ["[20,5]", "[0,5]"]
        let text = "{\"type\":\"MultiPolygon\",\"coordinates\":[[[\(corners.joined(separator: ","))]]]}"
        let result = validate(text)
        #expect(result.rules.contains("ring-not-closed"))
        #expect(result.only("too-many-points").first?.message == "polygon 1 has 23 points (not counting closing repeats); Apple recommends no more than 20 per polygon")
        // Closed, the same ring has the same 23 points.
        let closed = text.replacing("[0,5]]", with: "[0,5],[0,0]]")
        #expect(validate(closed).only("too-many-points").first?.message == "polygon 1 has 23 points (not counting closing repeats); Apple recommends no more than 20 per polygon")
    }

    @Test func longitude190() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[170,10],[190,10],[190,20],[170,20],[170,10]]]]}"#
        let result = validate(text)
        #expect(!result.isValid)
        let found = result.only("longitude-out-of-range")
        #expect(found.count == 2)
        #expect(found[0].location.column == locate("190", in: text).column)
        #expect(found[0].hint.contains("-170"))
        let latitude = #"{"type":"MultiPolygon","coordinates":[[[[10,80],[20,80],[20,91.5],[10,80]]]]}"#
        expectOne(validate(latitude), "latitude-out-of-range", .error, at: "91.5", in: latitude)
    }

    @Test(arguments: [20, 21, 22])
    func pointCountWarning(corners: Int) throws {
        // A regular-ish polygon with `corners` distinct corners and the closing repeat.
        var positions: [String] = []
        for i in 0..<corners {
            let angle = Double(i) / Double(corners) * 2 * Double.pi
            // Polynomial stand-ins for cos/sin keep the shape convex enough without Foundation.
            let x = 10 + Double(Int((cosine(angle) * 1000).rounded())) / 1000
            let y = 50 + Double(Int((sine(angle) * 1000).rounded())) / 1000
            positions.append("[\(x), \(y)]")
        }
        positions.append(positions[0])
        let text = "{\"type\":\"MultiPolygon\",\"coordinates\":[[[\(positions.joined(separator: ","))]]]}"
        let result = validate(text)
        #expect(result.isValid, "a recommendation, not a rule")
        let warnings = result.only("too-many-points")
        if corners > 20 {
            let w = try #require(warnings.first)
            #expect(warnings.count == 1)
            #expect(w.severity == .warning)
            #expect(w.message == "polygon 1 has \(corners) points (not counting closing repeats); Apple recommends no more than 20 per polygon")
            #expect(w.location.column == locate("[[[1", in: text).column)
        } else {
            #expect(warnings.isEmpty)
        }
    }

    @Test func overlappingBoxesAreValidAndAUnion() throws {
        let text = """
            {"type":"MultiPolygon","coordinates":[
              [[[-100,30],[-90,30],[-90,40],[-100,40],[-100,30]]],
              [[[-95,35],[-85,35],[-85,45],[-95,45],[-95,35]]]
            ]}
            """
        let result = validate(text)
        #expect(result.isValid)
        #expect(result.errors.isEmpty)
        let coverage = try #require(result.coverage)
        #expect(coverage.contains(p(-92, 37)), "in both")
        #expect(coverage.contains(p(-98, 32)))
        #expect(coverage.contains(p(-87, 44)))
        #expect(!coverage.contains(p(-98, 44)))
    }

    @Test func byteOrderMarkWarns() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#
        let result = CoverageValidator.validate([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(result.isValid)
        let d = try #require(result.only("byte-order-mark").first)
        #expect(d.severity == .warning)
        #expect(d.location.line == 1 && d.location.column == 1)
    }
}

// MARK: - structure

@Suite("Coverage validation: top-level structure")
struct CoverageStructureTests {
    @Test func polygonInsteadOfMultiPolygon() throws {
        let text = #"{"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}"#
        let result = validate(text)
        let d = try #require(expectOne(result, "polygon-not-multipolygon", .error, at: "\"Polygon\"", in: text))
        #expect(d.hint == "wrap the coordinates in one more array and set type to MultiPolygon (routingctl validate --fix does this)")
        #expect(result.errors.count == 1, "the Polygon's own coordinates are fine")
    }

    @Test func polygonWithWrongDepthToo() {
        // G26, second half: a Polygon whose coordinates are only a ring.
        let text = #"{"type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[1,0],[0,0]]}"#
        let result = validate(text)
        #expect(result.rules == ["polygon-not-multipolygon", "coordinates-depth"])
    }

    @Test func depthThreeUnderMultiPolygon() throws {
        // G26: a Polygon's coordinates under type MultiPolygon; not reinterpreted.
        let text = #"{"type":"MultiPolygon","coordinates":[[[0,0],[0,1],[1,1],[1,0],[0,0]]]}"#
        let result = validate(text)
        #expect(!result.isValid)
        let d = try #require(expectOne(result, "coordinates-depth", .error, at: "[[[0,0]", in: text))
        #expect(d.message.contains("needs 4"))
        #expect(d.message.contains("need to be nested one level deeper"))
        #expect(d.hint.contains("one more array"))
        #expect(result.errors.count == 1, "nothing below is examined")
    }

    @Test func depthFiveAndDepthTwo() {
        let five = #"{"type":"MultiPolygon","coordinates":[[[[[0,0],[0,1],[1,1],[0,0]]]]]}"#
        let d5 = validate(five).only("coordinates-depth")
        #expect(d5.count == 1)
        #expect(d5.first?.message.contains("nested one level too deep") == true)
        let two = #"{"type":"MultiPolygon","coordinates":[[0,0],[0,1],[1,1],[0,0]]}"#
        #expect(validate(two).only("coordinates-depth").first?.message.contains("two levels deeper") == true)
    }

    @Test func oneShallowPolygonAmongGoodOnes() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[5,5],[6,5],[6,6],[5,5]]]}"#
        let result = validate(text)
        let d = expectOne(result, "coordinates-depth", .error, at: "[[5,5]", in: text)
        #expect(d?.message.hasPrefix("polygon 2 is nested 2 levels deep") == true)
        #expect(result.errors.count == 1)
    }

    @Test func stringsAsNumbers() {
        // G25
        let text = #"{"type":"MultiPolygon","coordinates":[[[["0","0"],["1","0"],["1","1"],["0","0"]]]]}"#
        let result = validate(text)
        #expect(!result.isValid)
        let found = result.only("position-not-number")
        #expect(found.count == 8)
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found[0].location.column == locate("\"0\"", in: text).column)
        #expect(found[1].location.column == locate("\"0\"", occurrence: 2, in: text).column)
        #expect(found[0].message == "polygon 1, ring 1, position 1: the longitude is a string (\"0\"), not a number")
        #expect(found[0].hint.contains("quotes"))
        #expect(result.only("ring-not-closed").isEmpty, "no consequences of the bad positions")
    }

    @Test func positionLengths() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0,5],[1,0,5],[1],[0,1,5,7],[0,0,5]]]]}"#
        let result = validate(text)
        let found = result.only("position-invalid")
        #expect(found.count == 2)
        #expect(found[0].location.column == locate("[1]", in: text).column)
        #expect(found[1].location.column == locate("[0,1,5,7]", in: text).column)
        #expect(found[1].message.contains("has 4 elements"))
        let threeD = #"{"type":"MultiPolygon","coordinates":[[[[0,0,100],[1,0,100],[1,1,100],[0,1,100],[0,0,100]]]]}"#
        #expect(validate(threeD).isValid, "altitude is allowed and ignored")
        let scalar = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],7,[0,1],[0,0]]]]}"#
        expectOne(validate(scalar), "position-invalid", .error, at: "7", in: scalar)
    }

    @Test func typeProblems() {
        let lower = #"{"type":"multipolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}"#
        let r1 = validate(lower)
        let d = expectOne(r1, "type-wrong-case", .error, at: "\"multipolygon\"", in: lower)
        #expect(d?.message.contains("case-sensitive") == true)
        #expect(d?.message.contains("RFC 7946 §1.4") == true)
        #expect(r1.errors.count == 1)

        let missing = #"{"coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}"#
        expectOne(validate(missing), "type-missing", .error, at: "{", in: missing)
        let number = #"{"type":7,"coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}"#
        expectOne(validate(number), "type-not-string", .error, at: "7", in: number)
        let point = #"{"type":"Point","coordinates":[0,0]}"#
        expectOne(validate(point), "geometry-type-unsupported", .error, at: "\"Point\"", in: point)
        let unknown = #"{"type":"Circle","coordinates":[0,0]}"#
        expectOne(validate(unknown), "type-unknown", .error, at: "\"Circle\"", in: unknown)
        let array = #"[[[[0,0],[1,0],[1,1],[0,0]]]]"#
        expectOne(validate(array), "root-not-object", .error, at: "[", in: array)
    }

    @Test func coordinatesProblems() {
        let missing = #"{"type":"MultiPolygon"}"#
        expectOne(validate(missing), "coordinates-missing", .error, at: "{", in: missing)
        let object = #"{"type":"MultiPolygon","coordinates":{}}"#
        expectOne(validate(object), "coordinates-not-array", .error, at: "{}", in: object)
        let empty = #"{"type":"MultiPolygon","coordinates":[]}"#
        expectOne(validate(empty), "no-polygons", .error, at: "[]", in: empty)
        let noRings = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[]]}"#
        expectOne(validate(noRings), "polygon-no-rings", .error, at: "[]", in: noRings)
        let stringRing = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]],"ring"]]}"#
        expectOne(validate(stringRing), "coordinates-structure", .error, at: "\"ring\"", in: stringRing)
    }

    @Test func tooManyPolygons() {
        let box = { (i: Int) in "[[[\(i),0],[\(i).5,0],[\(i).5,1],[\(i),0]]]" }
        let twenty = "{\"type\":\"MultiPolygon\",\"coordinates\":[\((0..<20).map(box).joined(separator: ","))]}"
        #expect(validate(twenty).isValid)
        let text = "{\"type\":\"MultiPolygon\",\"coordinates\":[\((0..<22).map(box).joined(separator: ","))]}"
        let result = validate(text)
        #expect(!result.isValid)
        let d = expectOne(result, "too-many-polygons", .error, at: "[[[20,", in: text)
        #expect(d?.message.contains("20 or fewer") == true)
    }

    @Test func ringsTooShortAndDegenerate() {
        // G05
        let three = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,0]]]]}"#
        let r = validate(three)
        expectOne(r, "ring-too-short", .error, at: "[[0,0]", in: three)
        #expect(r.errors.count == 1)
        let collapsed = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,0],[0,0]]]]}"#
        expectOne(validate(collapsed), "ring-too-few-points", .error, at: "[[0,0]", in: collapsed)
        let collinear = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,1],[3,3],[0,0]]]]}"#
        #expect(validate(collinear).rules == ["ring-zero-area"])
        let shortAndOpen = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1]]]]}"#
        #expect(Set(validate(shortAndOpen).rules) == ["ring-too-short", "ring-not-closed"])
    }

    @Test func selfIntersectionIsAnError() throws {
        // G08: a bow-tie crossing at (4/3, 2/3): GEOS "Self-intersection"; predicates on it are undefined.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[2,0],[1,1],[2,1],[0,0],[2,0]]]]}"#
        let result = validate(text)
        #expect(!result.isValid)
        let d = expectOne(result, "ring-self-intersection", .error, at: "[2,0]", in: text)
        #expect(d?.message.contains("the edge from position 1 crosses the edge from position 3 at [1.3333333,0.6666667]") == true)
        // A ring that touches itself at a vertex, and a duplicate vertex that must not count.
        let touching = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[2,2],[4,4],[0,4],[2,2],[0,0]]]]}"#
        #expect(validate(touching).only("ring-self-touch").count == 1)
        let simple = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[1,1],[0,1],[0,0]]]]}"#
        #expect(validate(simple).only("ring-self-intersection").isEmpty)
    }

    @Test func duplicatePositionIsAWarning() {
        // G06
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[1,1],[0,0]]]]}"#
        let result = validate(text)
        #expect(result.isValid)
        expectOne(result, "duplicate-position", .warning, at: "[1,1]", occurrence: 2, in: text)
    }

    @Test func members() {
        let text = """
            {"type":"MultiPolygon","properties":{"name":"x"},"crs":{"type":"name"},"bbox":[0,0,1,1],"title":"t",
             "coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}
            """
        let result = validate(text)
        #expect(!result.isValid)
        expectOne(result, "forbidden-member", .error, at: "\"properties\"", in: text)
        expectOne(result, "bbox-ignored", .note, at: "\"bbox\"", in: text)
        let foreign = result.only("foreign-member")
        #expect(foreign.count == 2)
        #expect(foreign.allSatisfy { $0.severity == .note })
        #expect(foreign[0].message.contains("crs"))
        let withoutForbidden = text.replacing(#""properties":{"name":"x"},"#, with: "")
        #expect(validate(withoutForbidden).isValid, "notes do not invalidate")
    }

    @Test func keepsGoingAndSortsByLocation() {
        let text = """
            {"type":"MultiPolygon","coordinates":[
              [[[0,0],[1,0],[1,1],[0,1]]],
              [[[5,5],[6,5],[6,200],[5,5]]],
              [[[9,9],[8,9],[8,8],[9,8.5]]]
            ]}
            """
        let result = validate(text)
        #expect(result.rules == ["ring-not-closed", "latitude-out-of-range", "ring-not-closed"])
        #expect(result.diagnostics.map(\.location.line) == [2, 3, 4])
        #expect(result.diagnostics.map(\.location) == result.diagnostics.map(\.location).sorted())
        #expect(result.diagnostics[2].message.hasPrefix("polygon 3, ring 1 is not closed: first position [9,9] differs from last [9,8.5]"))
    }

    @Test func projectedCoordinates() {
        // G34: metres are not degrees.
        let text = #"{"type":"MultiPolygon","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"coordinates":[[[[-8238310,4970071],[-8236310,4970071],[-8236310,4972071],[-8238310,4970071]]]]}"#
        let result = validate(text)
        #expect(!result.isValid)
        #expect(result.only("longitude-out-of-range").count == 4)
        #expect(result.only("latitude-out-of-range").count == 4)
        #expect(result.only("foreign-member").count == 1)
    }

    @Test func severityOrder() {
        #expect(Severity.note < .warning && Severity.warning < .error)
        #expect([Severity.warning, .error, .note].max() == .error)
        #expect(Severity.allCases == [.error, .warning, .note])
    }
}

// MARK: - JSON layer

@Suite("Coverage validation: strict JSON")
struct CoverageJSONTests {
    @Test func nanIsRejectedAtTheLiteral() throws {
        // G23
        let text = "{\"type\":\"MultiPolygon\",\n\"coordinates\":[[[[NaN,0],[1,0],[1,1],[0,1],[NaN,0]]]]}"
        let result = validate(text)
        #expect(!result.isValid)
        #expect(result.diagnostics.count == 1)
        let d = try #require(result.diagnostics.first)
        #expect(d.rule == "json-non-finite-number")
        #expect(d.severity == .error)
        #expect(d.location.line == 2 && d.location.column == 19)
        #expect(!d.hint.isEmpty)
    }

    @Test func commentIsRejectedWithLineAndColumn() throws {
        // G31
        let text = "{\"type\":\"MultiPolygon\", // coverage\n\"coordinates\":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"
        let d = try #require(validate(text).diagnostics.first)
        #expect(d.rule == "json-comment")
        #expect(d.location.line == 1 && d.location.column == 25)
    }

    @Test func trailingCommaIsRejectedWithLineAndColumn() throws {
        // G32
        let text = "{\"type\":\"MultiPolygon\",\n \"coordinates\":[[[[0,0],[1,0],[1,1],[0,1],[0,0]],]],}"
        let d = try #require(validate(text).diagnostics.first)
        #expect(d.rule == "json-trailing-comma")
        #expect(d.location.line == 2 && d.location.column == 49)
        #expect(d.hint.contains("comma"))
    }

    @Test func duplicateMemberIsRejected() throws {
        // G28
        let text = #"{"type":"Polygon","type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#
        let d = try #require(validate(text).diagnostics.first)
        #expect(d.rule == "json-duplicate-member")
        #expect(d.location.column == 19)
    }

    @Test func jsonErrorKeepsTheParserRuleAndLocation() throws {
        for text in ["", "{\"type\":", "{\"type\":\"MultiPolygon\"} x", "[1.]"] {
            let bytes = Array(text.utf8)
            let result = CoverageValidator.validate(bytes)
            var parserError: JSONSyntaxError?
            do { _ = try JSONParser().parse(bytes) } catch { parserError = error }
            let expected = try #require(parserError)
            #expect(result.diagnostics.count == 1)
            #expect(result.diagnostics.first?.rule == expected.rule.rawValue)
            #expect(result.diagnostics.first?.location == expected.location)
            #expect(result.diagnostics.first?.message.contains(expected.message) == true)
            #expect(!result.isValid)
        }
    }
}

// MARK: - the seed recipe

@Suite("Coverage validation: the recipe's London file")
struct LondonRecipeTests {
    static let bigBen = Coordinate(latitude: 51.500652, longitude: -0.124833)
    static let westminsterAbbey = Coordinate(latitude: 51.500543, longitude: -0.135702)

    /// The listing as printed, [latitude, longitude]: Apple's format rules pass, but read as GeoJSON
    /// [longitude, latitude] the area lies in the Indian Ocean, so Big Ben is not covered.
    @Test func asPrintedIsValidButDoesNotCoverBigBen() throws {
        let text = """
            {
                "type": "MultiPolygon",
                "coordinates": [
                    [[[52.257770, -0.989542],
                      [51.001232, -0.943830],
                      [51.050521, 0.303471],
                      [51.848169, 0.362244],
                      [52.257770, -0.989542]]]
                ]
            }
            """
        let result = validate(text)
        #expect(result.isValid)
        #expect(result.errors.isEmpty)
        let coverage = try #require(result.coverage)
        #expect(!coverage.contains(Self.bigBen))
        #expect(!coverage.contains(Self.westminsterAbbey))
        // Where it actually is: around 51.6°E on the equator.
        #expect(coverage.contains(Coordinate(latitude: -0.3, longitude: 51.6)))
    }

    /// The same ring with the axes swapped into GeoJSON order covers both ends of the recipe's route.
    @Test func swappedToLongitudeLatitudeCoversBigBenAndWestminsterAbbey() throws {
        let text = """
            {
                "type": "MultiPolygon",
                "coordinates": [
                    [[[-0.989542, 52.257770],
                      [-0.943830, 51.001232],
                      [0.303471, 51.050521],
                      [0.362244, 51.848169],
                      [-0.989542, 52.257770]]]
                ]
            }
            """
        let result = validate(text)
        #expect(result.isValid)
        let coverage = try #require(result.coverage)
        #expect(coverage.contains(Self.bigBen))
        #expect(coverage.contains(Self.westminsterAbbey))
        #expect(!coverage.contains(Coordinate(latitude: 48.8566, longitude: 2.3522)), "Paris")
    }
}

// MARK: - small trig for fixtures (the test target has no Foundation dependency either)

private func sine(_ x: Double) -> Double {
    var r = x
    while r > .pi { r -= 2 * .pi }
    while r < -.pi { r += 2 * .pi }
    var term = r, sum = r, n = 1.0
    for _ in 0..<15 {
        term *= -r * r / ((n + 1) * (n + 2))
        n += 2
        sum += term
    }
    return sum
}

private func cosine(_ x: Double) -> Double { sine(x + .pi / 2) }
