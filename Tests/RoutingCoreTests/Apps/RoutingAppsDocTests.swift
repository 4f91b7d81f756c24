// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import RoutingCore
import TestSupport

/// `docs/routing-apps.md` and the sample manifests in `Coverage/` stay true to the code.
@Suite struct RoutingAppsDocTests {
    /// The repository root.
    static let root = RepositoryFile.root

    /// Reads a file of the repository.
    static func read(_ path: String) -> Result<[UInt8], AppRegistry.ReadError> {
        RepositoryFile.bytes(path).map { .success($0) } ?? .failure(.init("\(path): cannot read"))
    }

    @Test func everyProblemCodeAndWritableFormatIsDocumented() throws {
        let text = String(decoding: try Self.read(Self.root + "/docs/routing-apps.md").get(), as: UTF8.self)
        for code in ManifestProblem.Code.allCases {
            #expect(text.contains("| `\(code.rawValue)` |"), "docs/routing-apps.md lacks the code \(code.rawValue)")
        }
        let listed = DirectionsLinkBuilder.formats.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        #expect(text.contains(listed))
        for key in AppManifest.knownKeys { #expect(text.contains("| `\(key)` |")) }
    }

    @Test func theSampleManifestsLoadWithTheirCoverageFiles() throws {
        let names = ["BayArea", "London", "Paris"]
        let manifests = names.map { name in
            SourceFile(path: "Coverage/\(name).routingapp", contents: Self.read(Self.root + "/Coverage/\(name).routingapp"))
        }
        for file in manifests {
            let parse = AppManifest.parse(try file.contents.get(), fileName: file.fileName)
            #expect(parse.problems == [], "\(file.path)")
            #expect(parse.manifest?.modes.count == 12)
        }
        let sources = AppSource.resolve(
            manifests: [manifests], coverageFiles: names.map { "Coverage/\($0).geojson" },
            readCoverage: { Self.read(Self.root + "/" + $0) })
        let registry = AppRegistry(sources: sources)
        #expect(registry.entries.map(\.id) == names)
        #expect(registry.entries.map(\.state) == [.active, .active, .active])
        #expect(registry.entries.map(\.manifestPath) == names.map { "Coverage/\($0).routingapp" })
        #expect(registry["London"]?.app?.linkFormat == .google)
        #expect(registry["London"]?.app?.exec == nil)
        #expect(registry["Paris"]?.app?.exec == ["organicmaps", "%u"])
        #expect(registry["BayArea"]?.app?.exec == ["bayarea-router", "--from=%s", "--to=%d", "--mode=%m"])
        #expect(registry["BayArea"]?.app?.name == "Bay Area (sample)")
    }
}
