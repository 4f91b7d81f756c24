// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("lat,lon text")
struct CoordinateTextTests {
    typealias Text = DirectionsURLParser.CoordinateText

    @Test(arguments: [
        ("12", 12.0), ("-12.5", -12.5), ("+7.25", 7.25), ("0", 0.0), ("-0", 0.0), ("-0.000", 0.0), ("007.5", 7.5),
    ])
    func decimals(_ text: String, _ value: Double) throws {
        let parsed = try #require(Text.decimal(Substring(text)))
        #expect(parsed == value)
    }

    @Test(arguments: ["", "-", "+", ".5", "5.", "1e3", "1,5", "inf", "nan", "0x1p3", "1.2.3", "--1", " 1", "١٢"])
    func notDecimals(_ text: String) {
        #expect(Text.decimal(Substring(text)) == nil)
    }

    @Test func pairWithSpacesAfterTheComma() throws {
        let c = try Text.parsePair("35.6586, 139.7454", parameter: "daddr")
        #expect(c == Coordinate(latitude: 35.6586, longitude: 139.7454))
        let d = try Text.parsePair(" 35.6586 ,  -139.7454 ", parameter: "daddr")
        #expect(d == Coordinate(latitude: 35.6586, longitude: -139.7454))
    }

    @Test func negativeZeroIsZero() throws {
        let c = try Text.parsePair("-0,-0.0", parameter: "q")
        #expect(c.latitude == 0 && c.latitude.sign == .plus)
        #expect(c.longitude == 0 && c.longitude.sign == .plus)
    }

    @Test func rangeEdgesAreAccepted() throws {
        #expect(try Text.parsePair("90,180", parameter: "q") == Coordinate(latitude: 90, longitude: 180))
        #expect(try Text.parsePair("-90,-180", parameter: "q") == Coordinate(latitude: -90, longitude: -180))
    }

    @Test(arguments: [
        ("91,0", DirectionsURLError.Code.latitudeOutOfRange), ("-90.0001,10", .latitudeOutOfRange),
        ("0,180.5", .longitudeOutOfRange), ("10,-181", .longitudeOutOfRange),
    ])
    func outOfRangeIsAnErrorNamingTheParameter(_ text: String, _ code: DirectionsURLError.Code) {
        do {
            _ = try Text.parsePair(Substring(text), parameter: "destination")
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            #expect(error.parameter == "destination")
        }
    }

    @Test func swappedPairGetsAHint() {
        do {
            _ = try Text.parsePair("139.7454,35.6586", parameter: "daddr")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .latitudeOutOfRange)
            #expect(error.message.contains("swap"))
        }
    }

    @Test(arguments: [
        "Pike Place Market", "1600 Amphitheatre Parkway, CA", "75001 Paris", "94043", "Platform 9-3/4",
        "221B Baker Street, London", "51.5x,-0.1", "N34.99,W106.61",
    ])
    func addressesStayAddresses(_ text: String) throws {
        #expect(try Text.classify(text, parameter: "daddr") == nil)
    }

    @Test(arguments: [
        "52.1.1,0.3", "48.8584", "41,90195, 12,45378", "48.85 2.29", "1.5,2.5,3.5", "1,", ",2", "- 5,3", "+-1,2",
    ])
    func numberLikeButMalformedIsMalformedNumber(_ text: String) {
        do {
            _ = try Text.classify(text, parameter: "saddr")
            Issue.record("expected malformed-number for \(text)")
        } catch {
            #expect(error.code == .malformedNumber)
            #expect(error.parameter == "saddr")
        }
    }

    @Test func hintsForCommonMistakes() {
        func message(_ text: String) -> String {
            do { _ = try Text.classify(text, parameter: "q"); return "" } catch { return error.message }
        }
        #expect(message("48.85 2.29").contains("comma, not a space"))
        #expect(message("41,90195, 12,45378").contains("decimal separator"))
    }

    @Test func altitudeOnlyWhereAllowed() throws {
        #expect(try Text.parsePair("1,2,300", parameter: "coordinates", allowAltitude: true)
            == Coordinate(latitude: 1, longitude: 2))
        #expect(throws: DirectionsURLError.self) { try Text.parsePair("1,2,300", parameter: "daddr") }
        #expect(throws: DirectionsURLError.self) { try Text.parsePair("1,2,3,4", parameter: "coordinates", allowAltitude: true) }
    }
}

extension DirectionsURLParser.CoordinateText {
    /// ``classify(_:parameter:)`` of a `String` (the parsers classify the bytes of the link).
    static func classify(_ text: String, parameter: String) throws(DirectionsURLError) -> Coordinate? {
        try LinkInput.withBytesThrowing(of: text) { (bytes) throws(DirectionsURLError) in try classify(bytes, parameter: parameter) }
    }
}
