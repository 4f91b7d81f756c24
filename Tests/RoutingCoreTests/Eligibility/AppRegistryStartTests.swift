// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// At start, many coverage files are validated on every processor and a few on the calling thread
/// (``AppRegistry/concurrentValidationFiles``); either way each app comes out as if its file were
/// the only one.
@Suite struct AppRegistryStartTests {
    /// Valid boxes, a bow-tie (self-intersection), swapped axes and a non-MultiPolygon, by turns.
    static func files(_ count: Int) -> [AppSource] {
        (0..<count).map { i in
            let west = -0.5 + Double(i) * 0.01
            let text: String
            switch i % 4 {
            case 0: text = #"{"type":"MultiPolygon","coordinates":[[[[\#(west),51.4],[0.1,51.4],[0.1,51.6],[\#(west),51.6],[\#(west),51.4]]]]}"#
            case 1: text = #"{"type":"MultiPolygon","coordinates":[[[[\#(west),51.4],[0.1,51.6],[0.1,51.4],[\#(west),51.6],[\#(west),51.4]]]]}"#
            case 2: text = #"{"type":"MultiPolygon","coordinates":[[[[51.4,\#(west)],[51.4,0.1],[51.6,0.1],[51.6,\#(west)],[51.4,\#(west)]]]]}"#
            default: text = #"{"type":"Polygon","coordinates":[[[\#(west),51.4],[0.1,51.4],[0.1,51.6],[\#(west),51.4]]]}"#
            }
            return .bare(SourceFile(path: "/cov/App\(i).geojson", contents: .success(Array(text.utf8))))
        }
    }

    @Test(arguments: [3, AppRegistry.concurrentValidationFiles, 40])
    func eachAppIsAsIfItsFileWereTheOnlyOne(count: Int) throws {
        let sources = Self.files(count)
        let together = AppRegistry(sources: sources)
        #expect(together.entries.count == count)
        for source in sources {
            let alone = try #require(AppRegistry(sources: [source]).entries.first)
            let entry = try #require(together[alone.id])
            #expect(entry.state == alone.state)
            #expect(entry.diagnostics == alone.diagnostics)
            #expect(entry.lastError == alone.lastError)
            #expect(entry.app?.coverage == alone.app?.coverage)
            #expect(entry.app?.area == alone.app?.area)
        }
        // Every kind above shows up, so the comparison covered errors as well as valid files.
        #expect(Set(together.entries.map(\.state)).count >= 2)
    }
}
