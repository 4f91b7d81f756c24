// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Several manifests and coverage files, in memory: overlapping coverage, a mode mismatch, an
/// invalid coverage file, priorities, and edits across reloads (`init(sources:previous:)`).
@Suite struct AppRegistryReloadTests {
    /// A box around central London, inside Fixture.london and much smaller.
    static let central = """
        {"type":"MultiPolygon","coordinates":[[[[-0.2,51.45],[-0.05,51.45],[-0.05,51.55],[-0.2,51.55],[-0.2,51.45]]]]}
        """
    static let broken = #"{"type":"Polygon","coordinates":[]}"#

    /// The files of the scenario, by path; edited per test.
    var files: [String: String] = [
        "/apps/LondonBus.routingapp": """
            [Routing App]
            Id=org.example.LondonBus
            Name=London Bus
            Modes=Bus;Subway;Pedestrian;
            Coverage=London.geojson
            Exec=londonbus --from %s --to %d
            """,
        "/apps/London.geojson": Fixture.london,
        "/apps/Premium.routingapp": "[Routing App]\nName=Premium\nModes=Pedestrian;Taxi\nCoverage=/data/London.geojson\nLinkFormat=google\nPriority=10\n",
        "/data/London.geojson": Fixture.london,
        "/apps/CentralCabs.routingapp": "[Routing App]\nName=Central Cabs\nModes=Taxi;Car;Pedestrian\nCoverage=Central.geojson\nLinkFormat=waze\n",
        "/apps/Central.geojson": central,
        "/apps/Velo.routingapp": "[Routing App]\nName=Vélo\nModes=Bike\nCoverage=/cov/Paris.geojson\nExec=velo %u\n",
        "/apps/Broken.routingapp": "[Routing App]\nName=Broken\nModes=Bus\nCoverage=Broken.geojson\nExec=broken %u\n",
        "/apps/Broken.geojson": broken,
        "/cov/London.geojson": Fixture.london,
        "/cov/Paris.geojson": Fixture.paris,
    ]

    /// Files given as bytes (not UTF-8), overriding `files`.
    var rawFiles: [String: [UInt8]] = [:]

    func registry(previous: AppRegistry? = nil) -> AppRegistry {
        let manifests = files.keys.filter { $0.hasPrefix("/apps/") && $0.hasSuffix(".routingapp") }.sorted()
            .map { SourceFile(path: $0, contents: .success(rawFiles[$0] ?? Array(files[$0]!.utf8))) }
        let sources = AppSource.resolve(
            manifests: [manifests], coverageFiles: files.keys.filter { $0.hasPrefix("/cov/") }.sorted(),
            readCoverage: { path in
                files[path].map { .success(Array($0.utf8)) } ?? .failure(.init("\(path): cannot read: No such file or directory"))
            })
        return AppRegistry(sources: sources, previous: previous)
    }

    /// Westminster Abbey to Big Ben on foot: the recipe's route.
    let walk = DirectionsRequest(
        source: .currentLocation, destination: .coordinate(Fixture.bigBen, label: nil), mode: .pedestrian)

    @Test func entriesStatesAndApps() throws {
        let registry = registry()
        #expect(registry.entries.map(\.id) == ["Broken", "CentralCabs", "London", "Premium", "Velo", "org.example.LondonBus"])
        #expect(registry.entries.map(\.state) == [.invalid, .active, .active, .active, .active, .active])
        // /cov/Paris.geojson is Velo's coverage, so it is no bare app; /cov/London.geojson is.
        #expect(registry["London"]?.manifestPath == nil)
        #expect(registry["London"]?.coveragePath == "/cov/London.geojson")
        let bus = try #require(registry["org.example.LondonBus"]?.app)
        #expect(bus.name == "London Bus")
        #expect(bus.modes == [.bus, .subway, .pedestrian])
        #expect(bus.exec == ["londonbus", "--from", "%s", "--to", "%d"])
        #expect(bus.manifestPath == "/apps/LondonBus.routingapp")
        #expect(bus.coveragePath == "/apps/London.geojson")
        #expect(registry["Premium"]?.app?.priority == 10)
        #expect(registry["Premium"]?.app?.linkFormat == .google)
        #expect(registry["London"]?.app?.modes.count == 12)
        let broken = try #require(registry["Broken"])
        #expect(broken.app == nil)
        #expect(broken.lastError?.hasPrefix("/apps/Broken.geojson:1:") == true)
        #expect(broken.diagnostics.contains { $0.severity == .error })
        #expect(registry.apps.map(\.id) == ["CentralCabs", "London", "Premium", "Velo", "org.example.LondonBus"])
        // Areas for the order: the central box is far smaller than Greater London.
        let central = try #require(registry["CentralCabs"]?.app?.area)
        let london = try #require(registry["London"]?.app?.area)
        #expect(central > 1e8 && central < london / 10)
    }

    @Test func eligibilityOrderAndReasons() throws {
        let registry = registry()
        let verdicts = Eligibility.verdicts(for: walk, apps: registry.apps, currentLocation: Fixture.westminsterAbbey)
        // Eligible: Premium (priority 10), then the smaller coverage (CentralCabs), then London and
        // org.example.LondonBus (same coverage, same area: by id). Ineligible: Velo.
        #expect(verdicts.map(\.appID) == ["Premium", "CentralCabs", "London", "org.example.LondonBus", "Velo"])
        #expect(verdicts.map(\.eligible) == [true, true, true, true, false])
        let velo = try #require(verdicts.last)
        #expect(velo.reasons.map(\.rule) == [.modeNotSupported, .outsideCoverage, .outsideCoverage])
        #expect(velo.reasons.map(\.role) == [nil, .source, .destination])
        #expect(velo.reasons.first?.message == "Velo does not serve the Pedestrian mode")

        // By bus: Premium and CentralCabs do not serve it; among the ruled-out apps the order is the
        // same (priority, area, id).
        var bus = walk
        bus.mode = .bus
        let byBus = Eligibility.verdicts(for: bus, apps: registry.apps, currentLocation: Fixture.westminsterAbbey)
        #expect(byBus.map(\.appID) == ["London", "org.example.LondonBus", "Premium", "CentralCabs", "Velo"])
        #expect(byBus[3].reasons.map(\.message) == ["CentralCabs does not serve the Bus mode"])
        #expect(byBus.map(\.eligible) == [true, true, false, false, false])

        // A destination outside the central box, inside Greater London (Heathrow).
        var heathrow = walk
        heathrow.destination = .coordinate(Coordinate(latitude: 51.47, longitude: -0.4543), label: "Heathrow")
        let far = Eligibility.verdicts(for: heathrow, apps: registry.apps, currentLocation: Fixture.westminsterAbbey)
        #expect(far.map(\.appID) == ["Premium", "London", "org.example.LondonBus", "CentralCabs", "Velo"])
        #expect(far[3].reasons.map(\.message) == ["destination 51.47, -0.4543 (Heathrow) is outside the coverage of CentralCabs"])

        // Current location unknown: undetermined, in the same order, ahead of the ruled-out ones.
        let unknown = Eligibility.verdicts(for: walk, apps: registry.apps, currentLocation: nil)
        #expect(unknown.map(\.appID) == ["Premium", "CentralCabs", "London", "org.example.LondonBus", "Velo"])
        #expect(unknown.map(\.eligible) == [nil, nil, nil, nil, false])
        #expect(unknown[0].reasons.map(\.rule) == [.currentLocationUnknown])
    }

    @Test func aFailingEditKeepsTheLastGoodVersionAndAFixRecovers() throws {
        var scenario = self
        let first = scenario.registry()
        // Edits: a misspelt mode in LondonBus, an invalid coverage for CentralCabs, Broken fixed,
        // Velo removed.
        scenario.files["/apps/LondonBus.routingapp"] = scenario.files["/apps/LondonBus.routingapp"]!
            .replacing("Modes=Bus;Subway;Pedestrian;", with: "Modes=Bus;Streetcar;")
        scenario.files["/apps/Central.geojson"] = "{\"type\":\"MultiPolygon\",\n\"coordinates\":[[[[0,0],[1,0],[0,0]]]]}"
        scenario.files["/apps/Broken.geojson"] = Self.central
        scenario.files["/apps/Velo.routingapp"] = nil
        let second = scenario.registry(previous: first)
        #expect(second.entries.map(\.id) == ["Broken", "CentralCabs", "London", "Paris", "Premium", "org.example.LondonBus"])
        #expect(second.entries.map(\.state) == [.active, .stale, .active, .active, .active, .stale])

        let bus = try #require(second["org.example.LondonBus"])
        #expect(bus.app == first["org.example.LondonBus"]?.app)
        #expect(bus.app?.modes == [.bus, .subway, .pedestrian])
        let line = #"/apps/LondonBus.routingapp:4:11: error: Modes: unknown mode "Streetcar"; did you mean "StreetCar"?; the modes are Apple's MKDirectionsMode names, exact case [unknown-mode]"#
        #expect(bus.lastError == line)
        #expect(bus.manifestProblems.map(\.code) == ["unknown-mode"])
        #expect(bus.lines(.error) == [line])
        #expect(bus.lines(.warning) == [])
        let cabs = try #require(second["CentralCabs"])
        #expect(cabs.app?.coverage == first["CentralCabs"]?.app?.coverage)
        #expect(cabs.lastError?.hasPrefix("/apps/Central.geojson:2:") == true)
        #expect(cabs.lines(.error).first?.hasPrefix("/apps/Central.geojson:2:") == true)
        #expect(cabs.lines(.error).first?.contains(": error: ") == true)
        #expect(second.staleEntries.map(\.id) == ["CentralCabs", "org.example.LondonBus"])
        #expect(second.invalidEntries.isEmpty)
        // Stale apps keep serving: the walk is still served by both.
        let verdicts = Eligibility.verdicts(for: walk, apps: second.apps, currentLocation: Fixture.westminsterAbbey)
        #expect(verdicts.filter { $0.eligible == true }.map(\.appID) == ["Premium", "CentralCabs", "London", "org.example.LondonBus"])
        // Broken, fixed, now serves buses in the central box.
        var busRequest = walk
        busRequest.mode = .bus
        let byBus = Eligibility.verdicts(for: busRequest, apps: second.apps, currentLocation: Fixture.westminsterAbbey)
        #expect(byBus.filter { $0.eligible == true }.map(\.appID) == ["Broken", "London", "org.example.LondonBus"])
        // Paris is a bare app again now that no manifest names its file.
        #expect(second["Paris"]?.app?.modes.count == 12)

        // A fix: back to active with the new version.
        scenario.files["/apps/LondonBus.routingapp"] = scenario.files["/apps/LondonBus.routingapp"]!
            .replacing("Modes=Bus;Streetcar;", with: "Modes=Bus;StreetCar;")
        let third = scenario.registry(previous: second)
        #expect(third["org.example.LondonBus"]?.state == .active)
        #expect(third["org.example.LondonBus"]?.lastError == nil)
        #expect(third["org.example.LondonBus"]?.app?.modes == [.bus, .streetCar])
        // Still broken: stays stale on the version from the first registry.
        #expect(third["CentralCabs"]?.state == .stale)
        #expect(third["CentralCabs"]?.app?.coverage == first["CentralCabs"]?.app?.coverage)
    }

    @Test func anEditThatBreaksTheEncodingStillKeepsTheAppById() throws {
        var scenario = self
        let first = scenario.registry()
        // A Latin-1 byte in the Name: the file is no longer UTF-8, but its Id is still read.
        scenario.rawFiles["/apps/LondonBus.routingapp"] =
            Array("[Routing App]\nId=org.example.LondonBus\nName=London B".utf8) + [0xFC]
            + Array("s\nModes=Bus\nCoverage=London.geojson\nExec=x\n".utf8)
        let second = scenario.registry(previous: first)
        let bus = try #require(second["org.example.LondonBus"])
        #expect(bus.state == .stale)
        #expect(bus.app == first["org.example.LondonBus"]?.app)
        #expect(bus.lastError == "/apps/LondonBus.routingapp:3:14: error: the file is not valid UTF-8; save the manifest as UTF-8 [invalid-text]")
        #expect(second["LondonBus"] == nil)
    }

    @Test func aNewAppThatFailsIsInvalidAndLeavesTheOthersAlone() throws {
        var scenario = self
        let first = scenario.registry()
        scenario.files["/apps/Trams.routingapp"] = "[Routing App]\nName=Trams\nModes=StreetCar\nCoverage=missing.geojson\nExec=trams %u\n"
        scenario.files["/apps/Garbage.routingapp"] = "\u{FF}not a manifest"
        let second = scenario.registry(previous: first)
        #expect(second["Trams"]?.state == .invalid)
        // An unreadable coverage file is reported at the manifest's Coverage= value, with a code.
        #expect(second["Trams"]?.lastError
            == "/apps/Trams.routingapp:4:10: error: Coverage: /apps/missing.geojson: cannot read: No such file or directory; a relative Coverage path is taken from the manifest's directory [coverage-unreadable]")
        #expect(second["Trams"]?.name == "Trams")
        #expect(second["Trams"]?.readError == nil)
        #expect(second["Trams"]?.lines(.error).first == second["Trams"]?.lastError)
        #expect(second["Garbage"]?.state == .invalid)
        #expect(second["Garbage"]?.lastError?.hasPrefix("/apps/Garbage.routingapp:1:1: ") == true)
        #expect(second.apps.map(\.id) == first.apps.map(\.id))
        #expect(second["Broken"]?.state == .invalid)  // never loaded: nothing to keep
    }

    @Test func unreadableManifestAndDuplicateSources() {
        let london = SourceFile(path: "/c/London.geojson", contents: .success(Array(Fixture.london.utf8)))
        let registry = AppRegistry(sources: [
            AppSource(manifest: SourceFile(path: "/a/X.routingapp", contents: .failure(.init("/a/X.routingapp: cannot read: Permission denied"))), coverage: nil),
            .bare(london),
            .bare(SourceFile(path: "/d/London.geojson", contents: .success(Array(Fixture.paris.utf8)))),
        ])
        #expect(registry["X"]?.lastError == "/a/X.routingapp: cannot read: Permission denied")
        #expect(registry["X"]?.readError == "/a/X.routingapp: cannot read: Permission denied")
        #expect(registry["X"]?.lines(.error) == ["/a/X.routingapp: cannot read: Permission denied"])
        #expect(registry["London"]?.coveragePath == "/d/London.geojson")
        #expect(registry["London"]?.overridden == ["/c/London.geojson"])
    }
}

/// A reload validates again only the coverage files whose bytes changed (``ContentDigest``).
@Suite struct UnchangedCoverageReuseTests {
    var scenario = AppRegistryReloadTests()

    @Test func unchangedFilesAreNotValidatedAgainAndGiveTheSameEntries() {
        let first = scenario.registry()
        #expect(first.unchangedCoveragePaths.isEmpty, "nothing to reuse at start")
        let second = scenario.registry(previous: first)
        #expect(second.unchangedCoveragePaths == [
            "/apps/Broken.geojson", "/apps/Central.geojson", "/apps/London.geojson", "/cov/London.geojson",
            "/cov/Paris.geojson", "/data/London.geojson",
        ])
        // The reused validations give exactly what validating again gives.
        let fresh = scenario.registry()
        #expect(second.entries.map(\.app) == fresh.entries.map(\.app))
        #expect(second.entries.map(\.diagnostics) == fresh.entries.map(\.diagnostics))
        #expect(second.entries.map(\.lastError) == fresh.entries.map(\.lastError))
        #expect(second.apps.map(\.area) == fresh.apps.map(\.area))
    }

    @Test func aChangedFileIsValidatedAgainAndAnUnchangedBrokenOneStaysStale() throws {
        var scenario = scenario
        let first = scenario.registry()
        scenario.files["/apps/Central.geojson"] = AppRegistryReloadTests.broken
        let second = scenario.registry(previous: first)
        #expect(!second.unchangedCoveragePaths.contains("/apps/Central.geojson"))
        #expect(second["CentralCabs"]?.state == .stale)
        #expect(second["CentralCabs"]?.lastError?.hasPrefix("/apps/Central.geojson:1:") == true)
        // The same broken bytes again: reused, still stale with the last good version.
        let third = scenario.registry(previous: second)
        #expect(third.unchangedCoveragePaths.contains("/apps/Central.geojson"))
        #expect(third["CentralCabs"]?.state == .stale)
        #expect(third["CentralCabs"]?.lastError == second["CentralCabs"]?.lastError)
        #expect(third["CentralCabs"]?.app == first["CentralCabs"]?.app)
        // Repaired: validated again, active.
        scenario.files["/apps/Central.geojson"] = AppRegistryReloadTests.central
        let fourth = scenario.registry(previous: third)
        #expect(!fourth.unchangedCoveragePaths.contains("/apps/Central.geojson"))
        #expect(fourth["CentralCabs"]?.state == .active)
    }

    @Test func aManifestEditKeepsItsCoverageValidation() throws {
        var scenario = scenario
        let first = scenario.registry()
        scenario.files["/apps/CentralCabs.routingapp"] = "[Routing App]\nName=Central Cabs\nModes=Taxi\nCoverage=Central.geojson\nLinkFormat=waze\n"
        let second = scenario.registry(previous: first)
        #expect(second.unchangedCoveragePaths.contains("/apps/Central.geojson"))
        #expect(second["CentralCabs"]?.app?.modes == [.taxi])
    }
}

@Suite struct ContentDigestTests {
    @Test func everyByteAndTheLengthCount() {
        let base = Array((0..<37).map { UInt8($0 &* 7 &+ 3) })
        var seen: Set<ContentDigest> = [ContentDigest(base)]
        for offset in base.indices {
            var changed = base
            changed[offset] ^= 1
            #expect(seen.insert(ContentDigest(changed)).inserted, "a change at byte \(offset) went unseen")
        }
        // Trailing zero bytes make a different digest (the tail word alone would not tell).
        for length in 0...17 {
            #expect(seen.insert(ContentDigest([UInt8](repeating: 0, count: length))).inserted, "\(length) zero bytes")
        }
        #expect(ContentDigest(base) == ContentDigest(base))
        #expect(ContentDigest(base).count == 37)
    }
}
