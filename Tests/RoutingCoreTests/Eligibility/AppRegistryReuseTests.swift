// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// A reload reuses what did not change: an entry whose manifest and coverage file have the same paths
/// and bytes is taken from the previous registry as it was (no parse, no validation, no new app), and
/// only the others are built again (``AppRegistry/unchangedIDs``).
extension AppRegistryReloadTests {
    /// Where an array's elements live: the same address means the same storage, not a copy built
    /// again from the files.
    static func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func identicalReloadReusesEveryEntry() throws {
        let first = registry()
        let second = registry(previous: first)
        #expect(second.unchangedIDs == Set(first.entries.map(\.id)))
        #expect(second.entries.map(\.id) == first.entries.map(\.id))
        #expect(second.entries.map(\.state) == first.entries.map(\.state))
        #expect(second.entries.map(\.lastError) == first.entries.map(\.lastError))
        #expect(second.apps == first.apps)
        // The very same storage: the manifest was not parsed again.
        let before = try #require(first["org.example.LondonBus"]?.app)
        let after = try #require(second["org.example.LondonBus"]?.app)
        #expect(Self.storage(try #require(after.exec)) == Self.storage(try #require(before.exec)))
        #expect(Self.storage(after.coverage.polygons) == Self.storage(before.coverage.polygons))
        // Every coverage file counts as unchanged (not validated again), as before.
        #expect(second.unchangedCoveragePaths == ["/apps/Broken.geojson", "/apps/Central.geojson", "/apps/London.geojson", "/cov/London.geojson", "/cov/Paris.geojson", "/data/London.geojson"])
        // A first reading reuses nothing.
        #expect(first.unchangedIDs.isEmpty)
    }

    @Test func editedManifestIsBuiltAgainTheRestReused() throws {
        let first = registry()
        var scenario = self
        scenario.files["/apps/Premium.routingapp"] = "[Routing App]\nName=Premium Plus\nModes=Pedestrian;Taxi\nCoverage=/data/London.geojson\nLinkFormat=google\nPriority=10\n"
        let second = scenario.registry(previous: first)
        #expect(second["Premium"]?.app?.name == "Premium Plus")
        #expect(!second.unchangedIDs.contains("Premium"))
        #expect(second.unchangedIDs == Set(first.entries.map(\.id)).subtracting(["Premium"]))
        // Its coverage file did not change: its validation is reused all the same.
        #expect(second.unchangedCoveragePaths.contains("/data/London.geojson"))
        let bus = try #require(second["org.example.LondonBus"]?.app)
        #expect(Self.storage(try #require(bus.exec)) == Self.storage(try #require(first["org.example.LondonBus"]?.app?.exec)))
    }

    @Test func editedCoverageFileIsBuiltAgain() throws {
        let first = registry()
        var scenario = self
        scenario.files["/apps/Central.geojson"] = """
            {"type":"MultiPolygon","coordinates":[[[[-0.3,51.45],[-0.05,51.45],[-0.05,51.55],[-0.3,51.55],[-0.3,51.45]]]]}
            """
        let second = scenario.registry(previous: first)
        #expect(!second.unchangedIDs.contains("CentralCabs"))
        #expect(!second.unchangedCoveragePaths.contains("/apps/Central.geojson"))
        #expect(try #require(second["CentralCabs"]?.app?.area) > (try #require(first["CentralCabs"]?.app?.area)))
        #expect(second.unchangedIDs.contains("Premium"))
    }

    @Test func unreadableFileIsNotReused() throws {
        let first = registry()
        var scenario = self
        scenario.files["/cov/London.geojson"] = nil
        scenario.files["/cov/Paris.geojson"] = nil
        let second = scenario.registry(previous: first)
        // Velo's manifest is unchanged, its coverage file is gone: built again, stale.
        #expect(!second.unchangedIDs.contains("Velo"))
        #expect(second["Velo"]?.state == .stale)
        #expect(second["London"] == nil)
        // And reloading the same files again keeps it stale, reused, serving the same last good version.
        let third = scenario.registry(previous: second)
        #expect(third.unchangedIDs.contains("Velo"))
        #expect(third["Velo"]?.state == .stale)
        #expect(third["Velo"]?.app == first["Velo"]?.app)
        #expect(third["Velo"]?.lastError == second["Velo"]?.lastError)
    }

    @Test func staleEntryBecomesActiveWhenFixed() throws {
        let first = registry()
        var broken = self
        broken.files["/apps/Central.geojson"] = AppRegistryReloadTests.broken
        let second = broken.registry(previous: first)
        #expect(second["CentralCabs"]?.state == .stale)
        let third = broken.registry(previous: second)
        #expect(third["CentralCabs"]?.state == .stale)
        #expect(third.unchangedIDs.contains("CentralCabs"))
        let fixed = registry(previous: third)
        #expect(fixed["CentralCabs"]?.state == .active)
        #expect(!fixed.unchangedIDs.contains("CentralCabs"))
        #expect(fixed["CentralCabs"]?.lastError == nil)
    }

    @Test func lookupByIDAfterReloads() {
        var registry = registry()
        for _ in 0..<3 { registry = self.registry(previous: registry) }
        for entry in registry.entries { #expect(registry[entry.id]?.path == entry.path) }
        #expect(registry["nope"] == nil)
    }

    @Test func duplicateIDsAreNotReusedTwice() {
        // Two bare files with the same id (init(files:)): the later wins and names the earlier; a
        // second reading gives the same, not the earlier path twice.
        let files: [(path: String, contents: Result<[UInt8], AppRegistry.ReadError>)] = [
            ("/a/X.geojson", .success(Array(Fixture.london.utf8))), ("/b/X.geojson", .success(Array(Fixture.paris.utf8))),
        ]
        let first = AppRegistry(files: files)
        let second = AppRegistry(sources: files.map { .bare(SourceFile(path: $0.path, contents: $0.contents)) }, previous: first)
        #expect(first["X"]?.overridden == ["/a/X.geojson"])
        #expect(second["X"]?.overridden == ["/a/X.geojson"])
        #expect(second["X"]?.coveragePath == "/b/X.geojson")
    }
}
