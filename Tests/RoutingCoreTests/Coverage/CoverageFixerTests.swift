// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
import TestSupport
@testable import RoutingCore

// Fixtures are made up for these tests, modelled on the kinds of file found in the wild
// (FeatureCollection wrappers, a Polygon instead of a MultiPolygon, an unclosed whole-world ring,
// a hole, longitude 190, axes written as [latitude, longitude]).

// MARK: - helpers

private func fix(_ text: String, swapAxes: Bool = false) -> CoverageFix {
    CoverageFixer.fix(Array(text.utf8), swapAxes: swapAxes)
}

extension CoverageFix {
    fileprivate var text: String? { output.map { String(decoding: $0, as: UTF8.self) } }
    fileprivate var messages: [String] { changes.map(\.message) }
    fileprivate var unfixedRules: [String] { unfixed.map(\.rule) }
}

/// 1-based line and column of the `occurrence`-th `needle` in an ASCII `text`.
private func place(of needle: String, occurrence: Int = 1, in text: String) -> [Int] {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0, line = 1, column = 1
    for i in bytes.indices {
        if bytes[i...].starts(with: pattern) {
            seen += 1
            if seen == occurrence { return [line, column] }
        }
        if bytes[i] == 10 { line += 1; column = 1 } else { column += 1 }
    }
    Issue.record("\(needle) not found")
    return []
}

private func place(_ change: CoverageFix.Change) -> [Int] { [change.location.line, change.location.column] }
private func place(_ diagnostic: Diagnostic) -> [Int] { [diagnostic.location.line, diagnostic.location.column] }

/// Expects fixing `result.output` again to change nothing.
private func expectIdempotent(_ result: CoverageFix, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let output = result.output else {
        Issue.record("no output", sourceLocation: sourceLocation)
        return
    }
    let again = CoverageFixer.fix(output)
    #expect(again.changes.isEmpty, "second fix changed: \(again.messages)", sourceLocation: sourceLocation)
    #expect(again.output == output, sourceLocation: sourceLocation)
    #expect(!again.changed, sourceLocation: sourceLocation)
}

// MARK: - fixtures

/// Already in the fixer's layout, counter-clockwise, valid: boxes around London and Paris.
private let canonical = """
    {"type":"MultiPolygon","coordinates":[
      [[[-0.51,51.28],[0.33,51.28],[0.33,51.69],[-0.51,51.69],[-0.51,51.28]]],
      [[[2.2,48.8],[2.5,48.8],[2.5,48.9],[2.2,48.9],[2.2,48.8]]]
    ]}

    """

/// Valid and counter-clockwise, but laid out differently, with a bbox and a CRLF line end.
private let prettyValid = "{\r\n  \"type\" : \"MultiPolygon\",\r\n  \"bbox\": [10, 40, 11, 41],\n  \"coordinates\": [ [ [ [10, 40], [11, 40], [11, 41], [10, 41], [10, 40] ] ] ]\n}"

private let feature = """
    {"type":"Feature","id":"area-7","properties":{"operator":"Kestrel Buses"},
     "geometry":{"type":"Polygon","coordinates":[[[-3.2,55.9],[-3.1,55.9],[-3.1,56.0],[-3.2,56.0],[-3.2,55.9]]]}}
    """

private let collection = """
    {
      "type": "FeatureCollection",
      "name": "depots",
      "features": [
        {"type": "Feature", "properties": {"zone": "north"},
         "geometry": {"type": "Polygon", "coordinates": [[[5, 50], [6, 50], [6, 51], [5, 51], [5, 50]]]}},
        {"type": "Feature", "properties": null, "geometry": null},
        {"type": "Feature", "properties": {},
         "geometry": {"type": "MultiPolygon", "coordinates": [
           [[[7, 50], [8, 50], [8, 51], [7, 51], [7, 50]]],
           [[[9, 50], [9, 51], [10, 51], [10, 50], [9, 50]]]
         ]}}
      ]
    }
    """

// MARK: - nothing to fix

@Suite struct CoverageFixerNothingToFixTests {
    @Test func canonicalFileIsReturnedByteForByte() {
        let result = fix(canonical)
        #expect(result.output == Array(canonical.utf8))
        #expect(result.changes.isEmpty)
        #expect(!result.changed)
        #expect(result.isValid)
        #expect(result.unfixed.isEmpty)
    }

    @Test func validFileInAnotherLayoutIsNotReformatted() {
        let result = fix(prettyValid)
        #expect(result.output == Array(prettyValid.utf8))
        #expect(result.changes.isEmpty)
        #expect(!result.changed)
        #expect(result.isValid)
    }

    @Test func invalidButUnfixableFileIsReturnedUnchangedWithItsProblems() {
        // A hole and nothing else: nothing the fixer may change.
        let text = """
            {"type":"MultiPolygon","coordinates":[[[[0,0],[9,0],[9,9],[0,9],[0,0]],[[3,3],[3,6],[6,6],[6,3],[3,3]]]]}
            """
        let result = fix(text)
        #expect(result.output == Array(text.utf8))
        #expect(!result.changed)
        #expect(!result.isValid)
        let hole = result.unfixed.filter { $0.rule == "polygon-has-hole" }
        #expect(hole.count == 1)
        #expect(hole.first.map(place) == place(of: "[[3,3]", in: text))
    }
}

// MARK: - each fix

@Suite struct CoverageFixerFixTests {
    @Test func featureIsUnwrappedAndItsDataReported() {
        let result = fix(feature)
        #expect(
            result.text == """
                {"type":"MultiPolygon","coordinates":[
                  [[[-3.2,55.9],[-3.1,55.9],[-3.1,56.0],[-3.2,56.0],[-3.2,55.9]]]
                ]}

                """)
        #expect(
            result.messages == [
                "unwrapped the Feature (a Polygon) into a bare MultiPolygon; dropped its \"id\" \"area-7\" and \"properties\" {\"operator\":\"Kestrel Buses\"}"
            ])
        #expect(result.changes.map(place) == [[1, 1]])
        #expect(result.changed)
        #expect(result.isValid)
        expectIdempotent(result)
    }

    @Test func featureCollectionBecomesTheUnionOfItsPolygons() {
        let result = fix(collection)
        // Feature 3's second polygon runs clockwise and is rewound; the null geometry is dropped.
        #expect(
            result.text == """
                {"type":"MultiPolygon","coordinates":[
                  [[[5,50],[6,50],[6,51],[5,51],[5,50]]],
                  [[[7,50],[8,50],[8,51],[7,51],[7,50]]],
                  [[[9,50],[10,50],[10,51],[9,51],[9,50]]]
                ]}

                """)
        #expect(
            result.messages == [
                "unwrapped the FeatureCollection (3 features) into one bare MultiPolygon, the union of 3 polygons; dropped its \"name\" \"depots\"",
                "dropped feature 1's \"properties\" {\"zone\":\"north\"}",
                "dropped feature 2, whose geometry is null (no area)",
                "rewound polygon 3 (feature 3), ring 1 to counter-clockwise (RFC 7946 §3.1.6: exterior rings run counter-clockwise)",
            ])
        #expect(result.changes.map(place) == [
            [1, 1], place(of: "{\"type\": \"Feature\", \"properties\": {\"zone\"", in: collection),
            place(of: "{\"type\": \"Feature\", \"properties\": null", in: collection),
            place(of: "[[9, 50]", in: collection),
        ])
        #expect(result.isValid)
        let coverage = result.output.flatMap { CoverageValidator.validate($0).coverage }
        #expect(coverage?.contains(Coordinate(latitude: 50.5, longitude: 5.5)) == true)
        #expect(coverage?.contains(Coordinate(latitude: 50.5, longitude: 7.5)) == true)
        #expect(coverage?.contains(Coordinate(latitude: 50.5, longitude: 9.5)) == true)
        #expect(coverage?.contains(Coordinate(latitude: 50.5, longitude: 6.5)) == false)
        expectIdempotent(result)
    }

    @Test func polygonBecomesMultiPolygon() {
        let text = #"{"type": "Polygon", "coordinates": [[[1, 1], [2, 1], [2, 2], [1, 1]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[1,1],[2,1],[2,2],[1,1]]]\n]}\n")
        #expect(result.messages == ["turned the Polygon into a MultiPolygon of one polygon (Apple accepts only MultiPolygon)"])
        #expect(result.changes.map(place) == [place(of: "\"Polygon\"", in: text)])
        expectIdempotent(result)
    }

    @Test func unclosedWholeWorldRingIsClosed() {
        let text = """
            { "type": "MultiPolygon",
              "coordinates": [ [[[-180.0, -90.0], [180.0, -90.0], [180.0, 90], [-180.0, 90]]] ] }
            """
        let result = fix(text)
        #expect(
            result.text == """
                {"type":"MultiPolygon","coordinates":[
                  [[[-180.0,-90.0],[180.0,-90.0],[180.0,90],[-180.0,90],[-180.0,-90.0]]]
                ]}

                """)
        #expect(result.messages == ["closed polygon 1, ring 1 by repeating its first position [-180.0,-90.0]"])
        #expect(result.changes.map(place) == [place(of: "[-180.0, 90]", in: text)])
        #expect(result.isValid)
        expectIdempotent(result)
    }

    @Test func unclosedClockwiseRingIsClosedThenRewound() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-180,-90],[-180,90],[180,90],[180,-90]]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[-180,-90],[180,-90],[180,90],[-180,90],[-180,-90]]]\n]}\n")
        #expect(result.messages.count == 2)
        #expect(result.messages.first?.hasPrefix("closed polygon 1, ring 1") == true)
        #expect(result.messages.last?.hasPrefix("rewound polygon 1, ring 1 to counter-clockwise") == true)
        expectIdempotent(result)
    }

    @Test func repeatedPositionsAreDropped() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[0.0,0],[4,0],[4,4],[4,4],[0,4],[0,0]]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[4,0],[4,4],[0,4],[0,0]]]\n]}\n")
        #expect(result.messages == ["dropped 2 repeated positions from polygon 1, ring 1: positions 2, 5 repeated the one before"])
        #expect(result.changes.map(place) == [place(of: "[0.0,0]", in: text)])
        expectIdempotent(result)
    }

    @Test func ringsAreRewoundToTheRightHandRule() {
        // Clockwise exterior, counter-clockwise hole: both are reversed (the hole stays, and stays an error).
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[0,9],[9,9],[9,0],[0,0]],[[3,3],[6,3],[6,6],[3,6],[3,3]]]]}"#
        let result = fix(text)
        #expect(
            result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[9,0],[9,9],[0,9],[0,0]],[[3,3],[3,6],[6,6],[6,3],[3,3]]]\n]}\n")
        #expect(
            result.messages == [
                "rewound polygon 1, ring 1 to counter-clockwise (RFC 7946 §3.1.6: exterior rings run counter-clockwise)",
                "rewound polygon 1, ring 2 to clockwise (RFC 7946 §3.1.6: holes run clockwise)",
            ])
        #expect(result.changes.map(place) == [place(of: "[[0,0]", in: text), place(of: "[[3,3]", in: text)])
        #expect(result.unfixed.filter { $0.rule == "polygon-has-hole" }.map(place) == [place(of: "[[3,3]", in: text)])
        #expect(!result.isValid)
        expectIdempotent(result)
    }

    @Test func zeroAreaBowTieIsNotRewound() {
        // Two equal lobes, one each way: the signed area is exactly zero.
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}"#
        let result = fix(text)
        #expect(result.messages == ["turned the Polygon into a MultiPolygon of one polygon (Apple accepts only MultiPolygon)"])
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[2,2],[2,0],[0,2],[0,0]]]\n]}\n")
        // The self-intersection is left alone and reported.
        #expect(!result.unfixed.isEmpty)
    }

    @Test func numberLiteralsAreCopiedExactly() {
        let text = #"{"type":"Polygon","coordinates":[[[-0.1276000,51.5E+0],[1e-3,51.5000],[1e-3,51.52],[-0.1276000,51.5E+0]]]}"#
        let result = fix(text)
        #expect(
            result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[-0.1276000,51.5E+0],[1e-3,51.5000],[1e-3,51.52],[-0.1276000,51.5E+0]]]\n]}\n")
        expectIdempotent(result)
    }

    @Test func byteOrderMarkIsRemoved() {
        let result = CoverageFixer.fix([0xEF, 0xBB, 0xBF] + Array(canonical.utf8))
        #expect(result.output == Array(canonical.utf8))
        #expect(result.messages == ["removed the UTF-8 byte order mark (RFC 8259 §8.1: JSON senders must not add one)"])
        #expect(result.changes.map(place) == [[1, 1]])
        #expect(result.unfixed.isEmpty)
    }

    @Test func typeNameCaseIsCorrected() {
        let text = #"{"type":"multipolygon","coordinates":[[[[10,40],[11,40],[11,41],[10,41],[10,40]]]]}"#
        let result = fix(text)
        #expect(result.messages == [#"wrote the type "multipolygon" as "MultiPolygon" (type names are case-sensitive, RFC 7946 §1.4)"#])
        #expect(result.isValid)
        expectIdempotent(result)
    }

    @Test func forbiddenMemberIsDroppedAndIgnoredOnesReportedWhenRewriting() {
        let text = #"{"type":"MultiPolygon","crs":{"type":"name"},"properties":{"name":"x"},"coordinates":[[[[10,40],[11,40],[11,41],[10,41],[10,40]]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[10,40],[11,40],[11,41],[10,41],[10,40]]]\n]}\n")
        #expect(
            result.messages == [
                #"dropped the MultiPolygon's "properties" {"name":"x"} (a geometry must not have one, RFC 7946 §7.1)"#,
                #"dropped the MultiPolygon's "crs" {"type":"name"}"#,
            ])
        #expect(result.changes.map(place) == [place(of: "\"properties\"", in: text), place(of: "\"crs\"", in: text)])
        expectIdempotent(result)
    }

    @Test func altitudeOnlyMismatchMakesTheLastPositionEqualTheFirst() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0,5],[4,0,5],[4,4,5],[0,4,5],[0,0,7]]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0,5],[4,0,5],[4,4,5],[0,4,5],[0,0,5]]]\n]}\n")
        #expect(result.messages == ["made the last position of polygon 1, ring 1 equal to the first, [0,0,5] (they differed only in altitude)"])
        expectIdempotent(result)
    }

    @Test func ringWithABrokenPositionIsCopiedAsWrittenAndTheRestFixed() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[4,4],[0,4]]],[[["1",2],[3,2],[3,3],[1,2]]]]}"#
        let result = fix(text)
        #expect(
            result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[4,0],[4,4],[0,4],[0,0]]],\n  [[[\"1\",2],[3,2],[3,3],[1,2]]]\n]}\n")
        #expect(result.messages == ["closed polygon 1, ring 1 by repeating its first position [0,0]"])
        let notNumber = result.unfixed.filter { $0.rule == "position-not-number" }
        #expect(notNumber.map(place) == [place(of: "\"1\"", in: text)])
        #expect(!result.isValid)
        expectIdempotent(result)
    }

    @Test func wrongDepthIsRefusedNotReinterpreted() {
        // Corpus G26: a MultiPolygon nested 3 deep is a well-formed Polygon, but --fix does not guess.
        for text in [
            #"{"type":"MultiPolygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#,
            #"{"type":"Polygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}"#,
        ] {
            let result = fix(text)
            #expect(result.text == nil)
            #expect(result.unfixed.map(\.rule) == ["coordinates-depth"])
            #expect(result.unfixed.first?.message.contains("does not guess") == true)
        }
    }

    @Test func degenerateRingIsLeftAlone() {
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,1],[0,0]]]}"#
        let result = fix(text)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[1,1],[1,1],[0,0]]]\n]}\n")
        #expect(result.messages.count == 1)
        #expect(!result.isValid)
    }
}

// MARK: - swapped axes

@Suite struct CoverageFixerSwapAxesTests {
    /// Around central London, written as [latitude, longitude].
    static let swappedText = #"{"type":"MultiPolygon","coordinates":[[[[51.28,-0.5100],[51.28,0.33],[51.69,0.33],[51.69,-0.5100],[51.28,-0.5100]]]]}"#

    @Test func aSecondSwapIsRefused() throws {
        // Swapping a file already in [longitude, latitude] order would undo the first fix.
        let once = try #require(fix(Self.swappedText, swapAxes: true).text)
        let twice = fix(once, swapAxes: true)
        #expect(twice.output == nil)
        #expect(twice.unfixedRules == ["fix-swap-axes-refused"])
        #expect(twice.unfixed.first?.message.contains("already reads as [longitude, latitude]") == true)
    }

    @Test func swapsOnlyWhenAsked() {
        let result = fix(Self.swappedText, swapAxes: true)
        #expect(
            result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[-0.5100,51.28],[0.33,51.28],[0.33,51.69],[-0.5100,51.69],[-0.5100,51.28]]]\n]}\n")
        #expect(result.messages.count == 1)
        #expect(result.messages.first?.hasPrefix("swapped the axes of all 5 positions") == true)
        #expect(result.changes.map(place) == [place(of: "[51.28,-0.5100]", in: Self.swappedText)])
        expectIdempotent(result)

        let unasked = fix(Self.swappedText)
        #expect(unasked.text?.contains("[51.28,-0.5100]") == true)
        #expect(!unasked.messages.contains { $0.hasPrefix("swapped") })
    }

    @Test func anUnclosedSwappedRingGetsOneVerdictOnTheFirstRun() throws {
        // The London box written [latitude, longitude] and left unclosed: validate, --fix --dry-run
        // and --fix --swap-axes must agree that the axes look swapped, the first time.
        let unclosed = #"{"type":"MultiPolygon","coordinates":[[[[51.28,-0.5100],[51.28,0.33],[51.69,0.33],[51.69,-0.5100]]]]}"#
        let validation = validateText(unclosed)
        #expect(validation.rules.contains("ring-not-closed"))
        let warning = try #require(validation.only("axes-swapped").first)
        #expect(place(warning) == place(of: "[51.28,-0.5100]", in: unclosed))
        // --fix (and --fix --dry-run, the same result): closes the ring and still warns.
        let fixed = fix(unclosed)
        #expect(fixed.unfixedRules.contains("axes-swapped"))
        // --fix --swap-axes: swaps, saying that validation agrees.
        let swapped = fix(unclosed, swapAxes: true)
        #expect(swapped.isValid)
        let message = try #require(swapped.messages.first { $0.hasPrefix("swapped the axes") })
        #expect(message.contains("as validation suggests"), "\(message)")
        #expect(!message.contains("no sign of swapped axes"))
        #expect(!swapped.unfixedRules.contains("axes-swapped"))
    }

    @Test func swapIsRefusedWhenAFirstNumberCannotBeALatitude() {
        let text = #"{"type":"Polygon","coordinates":[[[-123.15,45.65],[-122.25,45.65],[-122.25,45.25],[-123.15,45.25],[-123.15,45.65]]]}"#
        let result = fix(text, swapAxes: true)
        // Not written at all: neither half swapped nor fixed without the swap that was asked for.
        #expect(result.output == nil)
        #expect(result.changes.isEmpty)
        #expect(result.unfixedRules == ["fix-swap-axes-refused"])
        #expect(result.unfixed.map(place) == [place(of: "-123.15", in: text)])
        #expect(!result.isValid)

        let broken = #"{"type":"MultiPolygon","coordinates":[[[[51,0],[51,1],[52,1],[51,0]]],[[[51,0],"x",[52,1],[51,0]]]]}"#
        #expect(fix(broken, swapAxes: true).output == nil)
        #expect(fix(broken, swapAxes: true).unfixed.map(place) == [place(of: "[[51,0],\"x\"", in: broken)])
    }
}

// MARK: - left alone

@Suite struct CoverageFixerRefusalTests {
    @Test func jsonSyntaxErrorIsNotRewritten() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],]}"#
        let result = fix(text)
        #expect(result.output == nil)
        #expect(result.changes.isEmpty)
        #expect(result.unfixedRules == ["json-trailing-comma"])
        #expect(!result.isValid)
        #expect(!result.changed)
    }

    @Test func nonPolygonGeometriesAreNotRewritten() {
        let point = #"{"type":"Point","coordinates":[1,2]}"#
        #expect(fix(point).output == nil)
        #expect(fix(point).unfixedRules == ["geometry-type-unsupported"])
        let collection = #"{"type":"GeometryCollection","geometries":[]}"#
        #expect(fix(collection).output == nil)
    }

    @Test func markersInAFeatureCollectionAreDroppedWithAReport() {
        // geojson.io files often hold a marker (Point) or a line beside the polygons: they cover no
        // area, so dropping them shrinks nothing.
        let mixed = """
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
              {"type":"Feature","properties":{"marker-color":"#f00"},"geometry":{"type":"Point","coordinates":[0.5,0.2]}},
              {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}
            ]}
            """
        let result = fix(mixed)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[1,0],[1,1],[0,0]]]\n]}\n")
        #expect(result.messages.contains { $0.hasPrefix("dropped feature 2, a Point (no area) and its \"properties\"") })
        #expect(result.messages.contains("dropped feature 3, a LineString (no area)"))
        #expect(result.isValid)
        expectIdempotent(result)
    }

    @Test func nestingDepthOtherThanAPolygonsOrAMultiPolygonsIsNotGuessed() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[[0,0],[1,0],[1,1],[0,0]]]]]}"#
        let result = fix(text)
        #expect(result.output == nil)
        #expect(result.unfixedRules == ["coordinates-depth"])
        #expect(result.unfixed.first.map(place) == place(of: "[[[[[", in: text))
    }

    @Test func otherUnreadableShapesAreNotRewritten() {
        #expect(fix("[1,2]").unfixedRules == ["root-not-object"])
        #expect(fix(#"{"coordinates":[]}"#).unfixedRules == ["type-missing"])
        #expect(fix(#"{"type":"Feature","geometry":null}"#).unfixedRules == ["feature-wrapper"])
        #expect(fix(#"{"type":"FeatureCollection","features":[]}"#).unfixedRules == ["feature-collection-wrapper"])
        #expect(fix(#"{"type":"Polygon"}"#).unfixedRules == ["coordinates-missing"])
        #expect(fix(#"{"type":"Polygon","coordinates":7}"#).unfixedRules == ["coordinates-not-array"])
        for text in ["[1,2]", #"{"type":"Feature","geometry":null}"#] {
            #expect(fix(text).output == nil)
        }
    }

    @Test func outOfRangeLongitudeIsReportedAtItsOriginalPlace() {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "east"},
               "geometry": {"type": "Polygon", "coordinates": [[[170, 60], [190, 60], [190, 70], [170, 70], [170, 60]]]}}
            ]}
            """
        let result = fix(text)
        #expect(result.output != nil)
        #expect(result.text?.contains("[190,60]") == true)
        let range = result.unfixed.filter { $0.rule == "longitude-out-of-range" }
        #expect(range.map(place) == [place(of: "190", in: text), place(of: "190", occurrence: 2, in: text)])
        #expect(!result.isValid)
        expectIdempotent(result)
    }

    @Test func moreThanTwentyPolygonsAreKeptAndReported() {
        let features = (0..<21).map { i in
            #"{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[\#(i),0],[\#(i).5,0],[\#(i).5,1],[\#(i),1],[\#(i),0]]]}}"#
        }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
        let result = fix(text)
        #expect(result.output.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").count } == 23)
        let tooMany = result.unfixed.filter { $0.rule == "too-many-polygons" }
        #expect(tooMany.map(place) == [place(of: "[[[20,0]", in: text)])
        #expect(!result.isValid)
        expectIdempotent(result)
    }
}

// MARK: - winding

@Suite struct RingWindingTests {
    private func ring(_ points: [(Double, Double)]) -> [Coordinate] {
        points.map { Coordinate(latitude: $0.1, longitude: $0.0) }
    }

    @Test func simpleRings() {
        #expect(RingWinding.of(ring([(0, 0), (1, 0), (1, 1), (0, 0)])) == .counterclockwise)
        #expect(RingWinding.of(ring([(0, 0), (1, 1), (1, 0), (0, 0)])) == .clockwise)
        #expect(RingWinding.of(ring([(0, 0), (1, 1), (2, 2), (0, 0)])) == .zeroArea)
        // Unclosed: closed implicitly.
        #expect(RingWinding.of(ring([(0, 0), (1, 0), (1, 1)])) == .counterclockwise)
    }

    @Test func exactWhereRoundedSumsCancel() {
        // (0.7, 0.3) lies 2⁻⁵⁴ to the left of (1,0)→(0,1); summed in this order the rounded shoelace
        // terms cancel to exactly 0.0, the exact sum is positive.
        let tiny = ring([(0.7, 0.3), (1, 0), (0, 1), (0.7, 0.3)])
        var rounded = 0.0
        for i in 0..<3 {
            rounded += tiny[i].longitude * tiny[i + 1].latitude - tiny[i + 1].longitude * tiny[i].latitude
        }
        #expect(rounded == 0)
        #expect(RingWinding.of(tiny) == .counterclockwise)
        #expect(RingWinding.of(tiny.reversed()) == .clockwise)
        #expect(RingWinding.of(ring([(0.8, 0.2), (1, 0), (0, 1), (0.8, 0.2)])) == .clockwise)
        #expect(RingWinding.of(ring([(0.6, 0.4), (1, 0), (0, 1), (0.6, 0.4)])) == .zeroArea)
    }

    @Test func undecidableValues() {
        #expect(RingWinding.of(ring([(0, 0), (.nan, 0), (1, 1), (0, 0)])) == nil)
        #expect(RingWinding.of(ring([(0, 0), (1e-300, 0), (1, 1), (0, 0)])) == nil)
    }
}

// MARK: - any input

@Suite struct CoverageFixerMutationTests {
    /// Mutated fixtures: the fixer never crashes, locates everything in the input, and whatever it
    /// writes is valid JSON that needs no further fix.
    @Test func mutatedFilesAreFixedIdempotentlyOrRefusedWithReasons() throws {
        let seeds = [canonical, prettyValid, feature, collection, CoverageFixerSwapAxesTests.swappedText].map { Array($0.utf8) }
        var rng = SplitMix64(state: 7946)
        var rewritten = 0, refused = 0
        for round in 0..<3000 {
            let input = mutate(seeds[round % seeds.count], &rng)
            let result = CoverageFixer.fix(input, swapAxes: round % 7 == 0)
            for change in result.changes {
                #expect(change.location.line >= 1 && change.location.offset <= input.count)
            }
            for d in result.unfixed {
                #expect(d.location.line >= 1 && d.location.offset <= input.count && !d.message.isEmpty)
            }
            guard let output = result.output else {
                refused += 1
                #expect(result.changes.isEmpty && !result.unfixed.isEmpty)
                continue
            }
            #expect(result.isValid == CoverageValidator.validate(output).isValid)
            #expect(result.changed == (output != input))
            guard result.changed else { continue }
            rewritten += 1
            _ = try JSONParser().parse(output)
            let again = CoverageFixer.fix(output)
            #expect(again.changes.isEmpty, "\(String(decoding: input, as: UTF8.self)) → \(again.messages)")
            #expect(again.output == output)
        }
        // Byte mutations mostly break the JSON; both paths are still exercised.
        #expect(rewritten > 20 && refused > 100, "rewritten \(rewritten), refused \(refused)")
    }

    /// Structural mutations that keep the JSON readable (positions removed, repeated, reordered,
    /// numbers replaced): whatever the fixer writes needs no further fix and parses.
    @Test func structurallyMutatedFilesAreFixedIdempotently() throws {
        let seeds = [canonical, feature, collection, CoverageFixerSwapAxesTests.swappedText]
        var rng = SplitMix64(state: 3_1_6)
        var rewritten = 0
        for round in 0..<600 {
            var text = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { text = mutateTree(try JSONParser().parse(text), &rng) }
            let input = Array(text.utf8)
            let result = CoverageFixer.fix(input, swapAxes: round % 5 == 0)
            guard let output = result.output else {
                #expect(!result.unfixed.isEmpty)
                continue
            }
            #expect(result.isValid == CoverageValidator.validate(output).isValid)
            #expect(result.changed == (output != input))
            guard result.changed else { continue }
            rewritten += 1
            _ = try JSONParser().parse(output)
            expectSameCoverage(input, output, swapped: round % 5 == 0)
            let again = CoverageFixer.fix(output)
            #expect(again.changes.isEmpty, "\(text) → \(again.messages)")
            #expect(again.output == output)
        }
        #expect(rewritten > 300, "rewritten \(rewritten)")
    }
}

/// When both files are valid coverage, they cover the same points: on a grid over the bounding
/// box, at every vertex and at every edge midpoint (all axes swapped for `swapped`).
private func expectSameCoverage(
    _ input: [UInt8], _ output: [UInt8], swapped: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard let before = CoverageValidator.validate(input).coverage,
        let after = CoverageValidator.validate(output).coverage
    else { return }
    func flip(_ c: Coordinate) -> Coordinate {
        swapped ? Coordinate(latitude: c.longitude, longitude: c.latitude) : c
    }
    var points: [Coordinate] = []
    let box = before.boundingBox
    for i in 0...8 {
        for j in 0...8 {
            points.append(
                Coordinate(
                    latitude: box.south + (box.north - box.south) * Double(i) / 8,
                    longitude: box.west + (box.east - box.west) * Double(j) / 8))
        }
    }
    // Every ring of the input, read from its JSON (positions are arrays of numbers).
    func rings(_ node: JSONNode) -> [[Coordinate]] {
        guard let elements = node.elements else { return node.members?.flatMap { rings($0.value) } ?? [] }
        let positions = elements.compactMap { element -> Coordinate? in
            guard let e = element.elements, e.count >= 2, let x = e[0].number, let y = e[1].number else { return nil }
            return Coordinate(latitude: y, longitude: x)
        }
        return positions.count == elements.count && !positions.isEmpty ? [positions] : elements.flatMap(rings)
    }
    for ring in (try? JSONParser().parse(input).root).map(rings) ?? [] {
        for (a, b) in zip(ring, ring.dropFirst()) {
            points.append(a)
            points.append(Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2))
        }
    }
    for point in points where before.contains(point) != after.contains(flip(point)) {
        Issue.record("coverage differs at \(point)", sourceLocation: sourceLocation)
        return
    }
}

/// One random edit to one random array of `document`: remove, repeat or swap elements, reverse it, or
/// replace one of its numbers. Returns the edited document as compact text (numbers as written).
private func mutateTree(_ document: JSONDocument, _ rng: inout SplitMix64) -> String {
    let node = document.root
    let source = document.source
    var arrays: [[Int]] = []
    func collect(_ node: JSONNode, _ path: [Int]) {
        switch node.value {
        case .array(let elements):
            arrays.append(path)
            for (i, element) in elements.enumerated() { collect(element, path + [i]) }
        case .object(let members):
            for (i, member) in members.enumerated() { collect(member.value, path + [i]) }
        default: break
        }
    }
    collect(node, [])
    guard let target = arrays.randomElement(using: &rng) else { return node.compactText(source: source) }
    let literals = ["190", "-95", "0", "1e-3", "-0.0", "45.5000", "-180", "90"]
    let choice = Int.random(in: 0..<5, using: &rng)
    // Each array is edited as the texts of its elements, so a replaced number keeps its literal.
    func edit(_ node: JSONNode, _ path: ArraySlice<Int>, _ rng: inout SplitMix64) -> String {
        switch node.value {
        case .array(let original):
            var elements = original.map { $0.compactText(source: source) }
            if let step = path.first {
                elements[step] = edit(original[step], path.dropFirst(), &rng)
            } else if !elements.isEmpty {
                let i = Int.random(in: 0..<elements.count, using: &rng)
                let j = Int.random(in: 0..<elements.count, using: &rng)
                switch choice {
                case 0: elements.remove(at: i)
                case 1: elements.insert(elements[i], at: i)
                case 2: elements.swapAt(i, j)
                case 3: elements.reverse()
                default:
                    if original[i].number != nil {
                        elements[i] = literals.randomElement(using: &rng)!
                    } else {
                        elements.remove(at: i)
                    }
                }
            }
            return "[" + elements.joined(separator: ",") + "]"
        case .object(let members):
            guard let step = path.first else { return node.compactText(source: source) }
            var text = "{"
            for (i, member) in members.enumerated() {
                if i > 0 { text += "," }
                text += JSON.quoted(member.name) + ":"
                text += i == step ? edit(member.value, path.dropFirst(), &rng) : member.value.compactText(source: source)
            }
            text += "}"
            return text
        default:
            return node.compactText(source: source)
        }
    }
    return edit(node, target[...], &rng)
}

// MARK: - growing fixes: --simplify, --drop-holes

@Suite struct CoverageFixerGrowingTests {
    /// A 40-corner polygon (a jagged disc around Paris) and a plain box.
    static let jagged: String = {
        var positions: [String] = []
        for k in 0..<40 {
            let angle = Double(k) / 40 * 2 * Double.pi
            let r = k % 2 == 0 ? 0.1 : 0.07
            // Multiples of 1/1024 degree: exact midpoints for the containment check.
            let x = ((2.35 + r * cosine(angle)) * 1024).rounded() / 1024
            let y = ((48.85 + r * sine(angle)) * 1024).rounded() / 1024
            positions.append("[\(x),\(y)]")
        }
        positions.append(positions[0])
        return "{\"type\":\"MultiPolygon\",\"coordinates\":[[[\(positions.joined(separator: ","))]],[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"
    }()

    @Test func simplifyNeverShrinksAndIsIdempotent() throws {
        let before = try #require(validateText(Self.jagged).coverage)
        #expect(validateText(Self.jagged).only("too-many-points").count == 1)
        let result = CoverageFixer.fix(Array(Self.jagged.utf8), simplify: 20)
        #expect(result.isValid)
        #expect(result.changes.count == 1)
        let message = try #require(result.changes.first?.message)
        #expect(message.hasPrefix("simplified polygon 1 from 40 to "), "\(message)")
        #expect(message.contains("km²") && message.contains("%"), "\(message)")
        #expect(result.changes.first.map(place) == [place(of: "[[[", in: Self.jagged)[0], place(of: "[[[", in: Self.jagged)[1] + 1])
        let output = try #require(result.output)
        let after = try #require(validateText(String(decoding: output, as: UTF8.self)).coverage)
        #expect(validateText(String(decoding: output, as: UTF8.self)).only("too-many-points").isEmpty)
        // Every original position and edge midpoint is still covered.
        for polygon in before.polygons {
            let ring = polygon.exterior
            for c in ring { #expect(after.contains(c), "\(c)") }
            for i in 1..<ring.count {
                let mid = Coordinate(
                    latitude: (ring[i - 1].latitude + ring[i].latitude) / 2,
                    longitude: (ring[i - 1].longitude + ring[i].longitude) / 2)
                #expect(after.contains(mid), "\(mid)")
            }
        }
        #expect(after.area >= before.area)
        // Idempotent: simplified again, nothing changes.
        let again = CoverageFixer.fix(output, simplify: 20)
        #expect(again.changes.isEmpty && again.output == output)
        // Without --simplify the polygon is left as it is.
        #expect(CoverageFixer.fix(Array(Self.jagged.utf8)).changes.isEmpty)
    }

    @Test func dropHolesFillsThemWithAWarning() throws {
        let holed = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]],[[6,6],[6,8],[8,8],[8,6],[6,6]]]]}"#
        let plain = CoverageFixer.fix(Array(holed.utf8))
        #expect(plain.unfixedRules.contains("polygon-has-hole"))
        let result = CoverageFixer.fix(Array(holed.utf8), dropHoles: true)
        #expect(result.isValid)
        #expect(result.text == "{\"type\":\"MultiPolygon\",\"coordinates\":[\n  [[[0,0],[10,0],[10,10],[0,10],[0,0]]]\n]}\n")
        let message = try #require(result.messages.first)
        #expect(message.hasPrefix("filled its 2 holes (rings 2 to 3) of polygon 1, adding "), "\(message)")
        #expect(message.contains("warning: Maps will now offer the app inside them"), "\(message)")
        #expect(result.changes.map(place) == [place(of: "[[2,2]", in: holed)])
        expectIdempotent(result)
        // Inside a former hole is covered now.
        let output = try #require(result.output)
        #expect(validateText(String(decoding: output, as: UTF8.self)).coverage?.contains(Coordinate(latitude: 3, longitude: 3)) == true)
    }

    @Test func anInvalidPolygonIsNotSimplified() {
        var bowTie = ["[0,0]", "[4,4]", "[4,0]", "[0,4]"]
        for k in 1...20 { bowTie.insert("[\(k),0]", at: 0) }
        let text = "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[30,0],\(bowTie.joined(separator: ",")),[30,0]]]]}"
        let result = CoverageFixer.fix(Array(text.utf8), simplify: 20)
        #expect(result.skipped.count == 1)
        #expect(result.skipped.first?.message.hasPrefix("not simplified: polygon 1 is not a valid polygon") == true)
        #expect(!result.isValid)
    }
}

private func sine(_ x: Double) -> Double {
    // Taylor series around 0 after reducing to -π…π; plenty for test shapes.
    var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi }
    var term = x, sum = x
    for n in 1..<12 {
        term *= -x * x / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}

private func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
