import Testing

@testable import RoutingService

/// The `reloaded (changes in …)` part of the reload log line (``ReloadThread/summary(_:)``).
@Suite struct ReloadSummaryTests {
    @Test func theReloadLogNamesManifestsAndCoverageFilesBeforeTemporaryFiles() {
        #expect(ReloadThread.summary(["/a/sedOKLMpz", "/a/bus.routingapp"]) == "/a/bus.routingapp, /a/sedOKLMpz")
        #expect(ReloadThread.summary(["/a/x~", "/a/.y", "/a/z.tmp", "/c/L.geojson", "/a/x~"])
            == "/c/L.geojson, /a/x~ and 2 more")
        #expect(ReloadThread.summary(["/a/sedOKLMpz"]) == "/a/sedOKLMpz")
        #expect(ReloadThread.summary(["/a/apps", "(queue overflow)"]) == "(queue overflow), /a/apps")
    }
}
