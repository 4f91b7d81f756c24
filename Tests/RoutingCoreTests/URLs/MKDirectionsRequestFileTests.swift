// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite(".mkdirectionsrequest files")
struct MKDirectionsRequestFileTests {
    let parser = DirectionsURLParser()

    func error(_ bytes: [UInt8], parser: DirectionsURLParser = DirectionsURLParser()) -> DirectionsURLError? {
        do {
            _ = try MKDirectionsRequestFile.parse(bytes, parser: parser)
            return nil
        } catch {
            return error
        }
    }

    @Test("Current location to a named place: address plus coordinates-unavailable")
    func hereToNamed() throws {
        let link = try MKDirectionsRequestFile.parse(
            PlistFixture.request(source: PlistFixture.here, destination: PlistFixture.named("Musée du Louvre")), parser: parser)
        #expect(link.format == .mkDirectionsRequest)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == .address("Musée du Louvre"))
        #expect(link.request.mode == nil)
        #expect(link.request.transportType == nil)
        #expect(link.warnings.count == 1)
        #expect(link.warnings.first?.code == .coordinatesUnavailable)
        #expect(link.warnings.first?.parameter == "MKDirectionsRequestDestination")
        #expect(link.warnings.first?.message.contains("MKMapItemGEOMapItem") == true)
    }

    @Test("Strict mode still returns the request with its warnings")
    func strict() throws {
        let link = try MKDirectionsRequestFile.parse(
            PlistFixture.request(source: PlistFixture.named("Gare du Nord"), destination: PlistFixture.named("Opéra")),
            parser: DirectionsURLParser(strict: true))
        #expect(link.request.source == .address("Gare du Nord"))
        #expect(link.request.destination == .address("Opéra"))
        #expect(link.warnings.map(\.parameter) == ["MKDirectionsRequestDestination", "MKDirectionsRequestSource"])
    }

    @Test("No source means the current location; a named current-location literal too")
    func noSource() throws {
        let a = try MKDirectionsRequestFile.parse(PlistFixture.request(source: nil, destination: PlistFixture.named("Louvre")), parser: parser)
        #expect(a.request.source == .currentLocation)
        let b = try MKDirectionsRequestFile.parse(
            PlistFixture.request(source: .dict([("MKMapItemName", .ascii("Current Location"))]), destination: PlistFixture.named("Louvre")),
            parser: parser)
        #expect(b.request.source == .currentLocation)
        #expect(b.warnings.count == 1)
    }

    @Test("Missing destination, wrong types, nameless items")
    func errors() throws {
        let missing = try #require(error(PlistFixture.request(source: PlistFixture.here, destination: nil)))
        #expect(missing.code == .missingDestination)
        #expect(missing.parameter == "MKDirectionsRequestDestination")
        let notDict = try #require(error(PlistFixture.request(source: nil, destination: .ascii("Louvre"))))
        #expect(notDict.code == .invalidParameter)
        #expect(notDict.parameter == "MKDirectionsRequestDestination")
        let badFlag = try #require(error(PlistFixture.request(source: .dict([("MKMapItemIsCurrentLocation", .int(1))]), destination: PlistFixture.here)))
        #expect(badFlag.parameter == "MKDirectionsRequestSource")
        #expect(error(PlistFixture.request(source: nil, destination: .dict([("MKMapItemName", .int(3))])))?.code == .invalidParameter)
        let blobOnly = try #require(error(PlistFixture.request(source: nil, destination: .dict([("MKMapItemGEOMapItem", .data([1]))]))))
        #expect(blobOnly.code == .coordinatesUnavailable)
        #expect(error(PlistFixture.request(source: nil, destination: .dict([])))?.code == .invalidParameter)
        let top = try #require(error(PlistFixture.write(.array([]))))
        #expect(top.code == .malformedURL)
        #expect(top.parameter == "file")
    }

    @Test("Corrupt and truncated files are malformed-url naming the file")
    func corrupt() throws {
        let good = PlistFixture.request(source: PlistFixture.here, destination: PlistFixture.named("Louvre"))
        let cut = try #require(error(Array(good.dropLast(5))))
        #expect(cut.code == .malformedURL)
        #expect(cut.parameter == "file")
        let text = try #require(error(Array("MKDirectionsRequestDestination=Louvre".utf8)))
        #expect(text.code == .malformedURL)
        #expect(text.message.contains("bplist00"))
        let cycle = try #require(error(PlistFixture.assemble([[0xD1, 0x01, 0x00], [0x5F, 0x10, 0x1E] + Array("MKDirectionsRequestDestination".utf8)])))
        #expect(cycle.code == .malformedURL)
        #expect(cycle.message.contains("cycle"))
    }
}
