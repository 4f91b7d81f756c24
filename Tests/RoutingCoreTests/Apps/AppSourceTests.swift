// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// The directory rules, without I/O: override by Id, coverage paths, bare coverage files.
@Suite struct AppSourceTests {
    static func file(_ path: String, _ text: String) -> SourceFile {
        SourceFile(path: path, contents: .success(Array(text.utf8)))
    }

    static func manifest(id: String? = nil, name: String, coverage: String) -> String {
        "[Routing App]\n" + (id.map { "Id=\($0)\n" } ?? "") + "Name=\(name)\nModes=Bus\nCoverage=\(coverage)\nExec=bus %u\n"
    }

    /// Reads nothing: answers every path with its own name, and records what was asked.
    final class Reader {
        var asked: [String] = []
        func read(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
            asked.append(path)
            return path.contains("missing") ? .failure(.init("\(path): cannot read: No such file or directory")) : .success(Array(path.utf8))
        }
    }

    @Test func laterDirectoriesOverrideEarlierByIdNotByFileName() throws {
        let reader = Reader()
        let sources = AppSource.resolve(
            manifests: [
                [Self.file("/usr/share/routingd/apps/bus.routingapp", Self.manifest(id: "org.example.Bus", name: "System", coverage: "London.geojson"))],
                [Self.file("/etc/routingd/apps/local-bus.routingapp", Self.manifest(id: "org.example.Bus", name: "Admin", coverage: "/srv/London.geojson"))],
                [Self.file("/home/u/.local/share/routingd/apps/Other.routingapp", Self.manifest(name: "Other", coverage: "maps/../Other.geojson"))],
            ],
            coverageFiles: [], readCoverage: reader.read)
        #expect(sources.map(\.id) == ["Other", "org.example.Bus"])
        let bus = sources[1]
        #expect(bus.manifest?.path == "/etc/routingd/apps/local-bus.routingapp")
        #expect(bus.overridden == ["/usr/share/routingd/apps/bus.routingapp"])
        #expect(bus.coverage?.path == "/srv/London.geojson")
        #expect(sources[0].coverage?.path == "/home/u/.local/share/routingd/apps/maps/../Other.geojson")
        #expect(reader.asked.sorted() == ["/home/u/.local/share/routingd/apps/maps/../Other.geojson", "/srv/London.geojson"])
    }

    @Test func anInvalidLaterManifestStillOverrides() {
        let sources = AppSource.resolve(
            manifests: [
                [Self.file("/etc/routingd/apps/Bus.routingapp", Self.manifest(name: "Good", coverage: "/c/London.geojson"))],
                [Self.file("/apps/Bus.routingapp", "[Routing App]\nName=Bad\nModes=Streetcar\nCoverage=/c/London.geojson\n")],
            ],
            coverageFiles: [], readCoverage: Reader().read)
        #expect(sources.map(\.id) == ["Bus"])
        #expect(sources.first?.manifest?.path == "/apps/Bus.routingapp")
        #expect(sources.first?.coverage?.path == "/c/London.geojson")
    }

    @Test func bareCoverageFilesAreAppsUnlessAManifestNamesThemOrHasTheirId() {
        let sources = AppSource.resolve(
            manifests: [[
                Self.file("Coverage/LondonBus.routingapp", Self.manifest(name: "London Bus", coverage: "./London.geojson")),
                Self.file("/apps/Paris.routingapp", Self.manifest(name: "Paris Velo", coverage: "/data/velo.geojson")),
                Self.file("/apps/Unreadable.routingapp", "") ,
            ]],
            coverageFiles: ["Coverage/London.geojson", "Coverage/Paris.geojson", "Coverage/BayArea.geojson", "Coverage/missing.geojson"],
            readCoverage: Reader().read)
        #expect(sources.map(\.id) == ["BayArea", "LondonBus", "Paris", "Unreadable", "missing"])
        #expect(sources[0].manifest == nil)
        #expect(sources[0].coverage?.path == "Coverage/BayArea.geojson")
        #expect(sources[1].coverage?.path == "Coverage/./London.geojson")
        // The manifest with id Paris wins over Coverage/Paris.geojson.
        #expect(sources[2].manifest?.path == "/apps/Paris.routingapp")
        #expect(sources[3].coverage == nil)
        #expect(sources[4].coverage?.contents == .failure(.init("Coverage/missing.geojson: cannot read: No such file or directory")))
    }

    @Test func pathsAreJoinedAndNormalizedLexically() {
        #expect(AppSource.coveragePath("London.geojson", manifestPath: "/etc/routingd/apps/L.routingapp") == "/etc/routingd/apps/London.geojson")
        #expect(AppSource.coveragePath("/abs/L.geojson", manifestPath: "/etc/L.routingapp") == "/abs/L.geojson")
        #expect(AppSource.coveragePath("L.geojson", manifestPath: "L.routingapp") == "L.geojson")
        #expect(AppSource.normalize("a/./b//c/../d") == "a/b/d")
        #expect(AppSource.normalize("/../x/./") == "/x")
        #expect(AppSource.normalize("../x/../../y") == "../../y")
        #expect(AppSource.normalize("./") == ".")
    }
}
