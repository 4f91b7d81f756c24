// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RoutingService

/// The `reloaded (changes in …)` part of the reload log line (``ReloadThread/summary(_:)``).
@Suite struct ReloadSummaryTests {
    @Test func theReloadLogNamesManifestsAndCoverageFilesBeforeTemporaryFiles() {
        #expect(ReloadThread.summary(["/a/sedOKLMpz", "/a/bus.routingapp"]) == "/a/bus.routingapp and 1 other path")
        #expect(ReloadThread.summary(["/a/x~", "/a/.y", "/a/z.tmp", "/c/L.geojson", "/a/x~"])
            == "/c/L.geojson and 3 other paths")
        #expect(ReloadThread.summary(["/a/1.geojson", "/a/2.geojson", "/a/3.geojson", "/a/4.geojson", "/a/t"])
            == "/a/1.geojson, /a/2.geojson, 2 more and 1 other path")
        #expect(ReloadThread.summary(["/a/1.geojson", "/a/2.geojson", "/a/3.geojson", "/a/4.geojson"])
            == "/a/1.geojson, /a/2.geojson and 2 more")
        #expect(ReloadThread.summary(["/a/sedOKLMpz"]) == "/a/sedOKLMpz")
        #expect(ReloadThread.summary(["/a/apps", "(queue overflow)"]) == "(queue overflow) and 1 other path")
    }
}
