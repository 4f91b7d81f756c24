// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
@testable import RoutingService
import StrictJSON
import Testing

/// `routingctl validate` on `*.routingapp` manifests (the built executable), and the daemon's
/// reporting of manifests: log lines, `ListApps` names.
@Suite struct ValidateManifestTests {
    static let london = """
        {"type":"MultiPolygon","coordinates":[[[[-0.2,51.45],[-0.05,51.45],[-0.05,51.55],[-0.2,51.55],[-0.2,51.45]]]]}
        """

    @Test func aManifestIsCheckedAsAManifestWithItsCoverageFile() throws {
        let root = OpenCommandTests.makeDirectory()
        try OpenCommandTests.write(root + "/c.geojson", Self.london)
        try OpenCommandTests.write(root + "/good.routingapp", "[Routing App]\nName=Good\nModes=Bus\nCoverage=c.geojson\nExec=good %u\n")
        let good = OpenCommandTests.routingctl(["validate", root + "/good.routingapp"], root: root)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("\(root)/good.routingapp: app good (Good): Bus, coverage \(root)/c.geojson\n"))
        #expect(good.stdout.contains("\(root)/c.geojson: covers "))
        #expect(good.stderr.contains("2 files checked: 2 valid"))

        try OpenCommandTests.write(root + "/bad.routingapp", "[Routing App]\nname=Bad\nModes=Tram\nCoverage=gone.geojson\nExec=bad %u\n")
        let bad = OpenCommandTests.routingctl(["validate", root + "/bad.routingapp"], root: root)
        #expect(bad.status == 1)
        #expect(!bad.stdout.contains("JSON"))
        #expect(bad.stdout.contains("\(root)/bad.routingapp:2:1: warning: unknown key name is ignored; did you mean Name? [unknown-key]\n    name=Bad\n    ^\n    hint: keys are case-sensitive\n"))
        #expect(bad.stdout.contains(#"bad.routingapp:3:7: error: Modes: unknown mode "Tram"; did you mean "StreetCar"? [unknown-mode]"#))
        #expect(bad.stdout.contains("\(root)/bad.routingapp:4:10: error: Coverage: \(root)/gone.geojson: cannot read: No such file or directory [coverage-unreadable]"))

        let json = OpenCommandTests.routingctl(["validate", "--json", root + "/bad.routingapp", root + "/good.routingapp"], root: root)
        #expect(json.status == 1)
        let files = try #require(try JSONParser().parse(Array(json.stdout.utf8)).root.json["files"]?.arrayValue)
        #expect(files.map { $0["path"]?.stringValue } == [root + "/bad.routingapp", root + "/good.routingapp", root + "/c.geojson"])
        #expect(files[0]["kind"]?.stringValue == "manifest")
        #expect(files[0]["valid"] == .bool(false))
        #expect(files[0]["diagnostics"]?.arrayValue?.compactMap { $0["rule"]?.stringValue }
            == ["missing-key", "unknown-key", "unknown-mode", "coverage-unreadable"])

        let sarif = OpenCommandTests.routingctl(["validate", "--format", "sarif", root + "/bad.routingapp"], root: root)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains(#""ruleId": "coverage-unreadable""#))
        #expect(sarif.stdout.contains(#""mimeType": "text/plain""#))
    }

    @Test func fixRefusesAManifestAndSaysWhatToDo() throws {
        let root = OpenCommandTests.makeDirectory()
        try OpenCommandTests.write(root + "/a.routingapp", "[Routing App]\nname=A\n")
        let run = OpenCommandTests.routingctl(["validate", "--fix", root + "/a.routingapp"], root: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--fix repairs coverage files, not manifests"))
        #expect(OpenCommandTests.read(root + "/a.routingapp") == "[Routing App]\nname=A\n")
    }

    @Test func removalsSayWhyAndNewWarningsAreLogged() {
        let bare = AppRegistry(sources: [.bare(SourceFile(path: "/c/Big.geojson", contents: .success(Array(Self.london.utf8))))])
        // A manifest now names Big.geojson: the bare app goes, the manifest's app comes.
        let named = AppRegistry(
            sources: [AppSource(
                manifest: SourceFile(path: "/a/b.routingapp", contents: .success(Array("[Routing App]\nName=B\nModes=Bus\nCoverage=/c/Big.geojson\nExec=b %u\n".utf8))),
                coverage: SourceFile(path: "/c/Big.geojson", contents: .success(Array(Self.london.utf8))))],
            previous: bare)
        #expect(RoutingDaemon.changes(from: bare, to: named) == [
            "app b: added", "app Big: removed (/c/Big.geojson is now the coverage file of b, no bare app of its own)",
        ])
        #expect(RoutingDaemon.changes(from: named, to: AppRegistry(sources: [], previous: named)) == [
            "app b: removed (/a/b.routingapp is gone)"
        ])
        #expect(RoutingDaemon.changes(from: bare, to: AppRegistry(sources: [], previous: bare)) == [
            "app Big: removed (/c/Big.geojson is gone)"
        ])
        // The same coverage file written [latitude, longitude]: still active, so only its new warning.
        let swapped = #"{"type":"MultiPolygon","coordinates":[[[[52.257770,-0.989542],[51.001232,-0.943830],[51.050521,0.303471],[51.848169,0.362244],[52.257770,-0.989542]]]]}"#
        let warned = AppRegistry(
            sources: [.bare(SourceFile(path: "/c/Big.geojson", contents: .success(Array(swapped.utf8))))], previous: bare)
        let lines = RoutingDaemon.changes(from: bare, to: warned)
        #expect(lines.count == 1 && lines[0].hasPrefix("app Big: /c/Big.geojson:1:") && lines[0].hasSuffix("[axes-swapped]"), "\(lines)")
        #expect(RoutingDaemon.changes(from: warned, to: AppRegistry(sources: [.bare(SourceFile(path: "/c/Big.geojson", contents: .success(Array(swapped.utf8))))], previous: warned)).isEmpty, "an old warning is not repeated")
    }

    @Test func theLogSaysLoadedForAnAppThatNeverServed() {
        func registry(_ manifest: String, previous: AppRegistry? = nil) -> AppRegistry {
            AppRegistry(
                sources: [AppSource(
                    manifest: SourceFile(path: "/a/T.routingapp", contents: .success(Array(manifest.utf8))),
                    coverage: SourceFile(path: "/a/c.geojson", contents: .success(Array(Self.london.utf8))))],
                previous: previous)
        }
        let broken = registry("[Routing App]\nName=Trams\nModes=Tram\nCoverage=c.geojson\nExec=t %u\n")
        #expect(broken["T"]?.state == .invalid)
        #expect(WireFormat.encode(broken["T"]!)["name"]?.stringValue == "Trams")
        let fixed = registry("[Routing App]\nName=Trams\nModes=StreetCar\nCoverage=c.geojson\nExec=t %u\n", previous: broken)
        #expect(RoutingDaemon.changes(from: broken, to: fixed) == ["app T: loaded"])
        let rebroken = registry("[Routing App]\nName=Trams\nModes=Tram\nCoverage=c.geojson\nExec=t %u\n", previous: fixed)
        #expect(rebroken["T"]?.state == .stale)
        let refixed = registry("[Routing App]\nName=Trams\nModes=StreetCar\nCoverage=c.geojson\nExec=t %u\n", previous: rebroken)
        #expect(RoutingDaemon.changes(from: rebroken, to: refixed) == ["app T: active again"])
    }
}
