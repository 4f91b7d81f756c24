// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
@testable import DirectionsLinks
@testable import RoutingCore
import TestSupport

/// `systemd/routingd-open.desktop` registers exactly the schemes the link parser dispatches on
/// (http and https excepted: they stay with the browser), so the two cannot drift.
@Suite struct DesktopEntryTests {
    static let path = RepositoryFile.root + "/systemd/routingd-open.desktop"

    static func read() throws -> String {
        try #require(RepositoryFile.text(path), "cannot open \(path)")
    }

    @Test func mimeTypesAreExactlyTheParsersSchemes() throws {
        let lines = try Self.read().split(separator: "\n").map(String.init)
        let mime = try #require(lines.first { $0.hasPrefix("MimeType=") })
        let listed = mime.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        #expect(listed.allSatisfy { $0.hasPrefix("x-scheme-handler/") })
        let schemes = listed.map { String($0.dropFirst("x-scheme-handler/".count)) }
        #expect(Set(schemes).count == schemes.count, "a scheme is listed twice")
        let parsed = Set(DirectionsURLParser.schemeEntries.map(\.name)).subtracting(["http", "https"])
        #expect(Set(schemes) == parsed,
                "missing: \(parsed.subtracting(schemes).sorted()), extra: \(Set(schemes).subtracting(parsed).sorted())")
        // The issue's list, by name.
        for scheme in ["geo", "maps", "comgooglemaps", "google.navigation", "om", "ge0", "waze", "bingmaps"] {
            #expect(schemes.contains(scheme), "\(scheme) is not registered")
        }
    }

    @Test func launchesRoutingctlOpenWithTheLink() throws {
        let lines = try Self.read().split(separator: "\n").map(String.init)
        #expect(lines.contains("Exec=routingctl open %u"))
        #expect(lines.contains("NoDisplay=true"))
        #expect(lines.contains("Type=Application"))
        // The first group, after comments (the SPDX line), is [Desktop Entry] (Desktop Entry Spec, "Basic format").
        #expect(lines.first { !$0.hasPrefix("#") && !$0.isEmpty } == "[Desktop Entry]")
    }
}
