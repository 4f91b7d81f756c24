// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing

@testable import DirectionsLinks
@testable import RoutingCore
import TestSupport

/// `docs/directions-links.md` cannot drift from the code: its generated part (formats and mode
/// words) is rendered here from ``DirectionsLinkBuilder`` and must match exactly, every
/// ``LinkFormat`` has a section, and every scheme and host the parsers handle is mentioned.
///
/// `ROUTINGD_UPDATE_DOCS=1 swift test --filter DirectionsLinksDocTests` (or
/// `scripts/update-directions-docs.sh`) rewrites the generated part instead of failing.
@Suite struct DirectionsLinksDocTests {
    static let begin = "<!-- generated:begin -->"
    static let end = "<!-- generated:end -->"

    static var docPath: String {
        RepositoryFile.root + "/docs/directions-links.md"
    }

    /// The generated part: which formats can be written, then every mode word of every format.
    static func renderGenerated() -> String {
        var lines = ["| format | can be written | mode words |", "| --- | --- | --- |"]
        let buildable = Set(DirectionsLinkBuilder.formats)
        for format in LinkFormat.allCases {
            let words = DirectionsLinkBuilder.modeVocabulary(of: format)
            lines.append("| `\(format.rawValue)` | \(buildable.contains(format) ? "yes" : "no (read only)") | \(words.count) |")
        }
        lines.append("")
        lines.append("| format | parameter | word | directions mode | transport type | written |")
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for format in LinkFormat.allCases {
            for word in DirectionsLinkBuilder.modeVocabulary(of: format) {
                let mode = word.mode.map { "\($0.rawValue) (`\($0.infoPlistValue)`)" } ?? "— (any \(word.transportType?.rawValue ?? "") mode)"
                let transport = word.transportType?.rawValue ?? "—"
                lines.append("| `\(format.rawValue)` | `\(word.parameter)` | `\(word.value)` | \(mode) | \(transport) | \(word.preferred ? "yes" : "") |")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func read(_ path: String) -> String? { RepositoryFile.text(path) }

    static func write(_ path: String, _ text: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }

    @Test func generatedPartMatchesTheCode() throws {
        let text = try #require(Self.read(Self.docPath), "cannot read \(Self.docPath)")
        let start = try #require(text.firstRange(of: Self.begin), "no \(Self.begin) marker")
        let stop = try #require(text.firstRange(of: Self.end), "no \(Self.end) marker")
        let current = String(text[start.upperBound..<stop.lowerBound])
        let expected = "\n" + Self.renderGenerated() + "\n"
        if current != expected, getenv("ROUTINGD_UPDATE_DOCS") != nil {
            let updated = String(text[..<start.upperBound]) + expected + String(text[stop.lowerBound...])
            #expect(Self.write(Self.docPath, updated), "cannot write \(Self.docPath)")
            return
        }
        #expect(current == expected, "docs/directions-links.md is out of date; run scripts/update-directions-docs.sh. Expected:\n\(expected)")
    }

    @Test func everyFormatHasASection() throws {
        let text = try #require(Self.read(Self.docPath))
        for format in LinkFormat.allCases {
            #expect(text.contains("\n### `\(format.rawValue)`\n"), "no section '### `\(format.rawValue)`' in docs/directions-links.md")
        }
    }

    /// Each section's `Example:` link parses, as that section's format, with no repair.
    @Test func everyExampleParsesAsItsFormat() throws {
        let text = try #require(Self.read(Self.docPath))
        var format: LinkFormat? = nil
        var checked = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("### `"), line.hasSuffix("`") {
                format = LinkFormat(rawValue: String(line.dropFirst(5).dropLast()))
                continue
            }
            guard line.hasPrefix("Example: `"), let format else { continue }
            let example = String(line.dropFirst("Example: `".count).prefix { $0 != "`" })
            checked += 1
            do {
                let parsed = try DirectionsURLParser(strict: true).parseLink(example)
                #expect(parsed.format == format, "the \(format.rawValue) example parses as \(parsed.format.rawValue): \(example)")
            } catch {
                Issue.record("the \(format.rawValue) example does not parse strictly: \(example): \(error)")
            }
        }
        #expect(checked >= LinkFormat.allCases.count - 1, "only \(checked) examples found")
    }

    @Test func everySchemeAndHostIsDocumented() throws {
        let text = try #require(Self.read(Self.docPath))
        for parser in DirectionsLinkFormats.all {
            for scheme in parser.schemes {
                #expect(text.contains("`\(scheme):"), "scheme \(scheme): is not in docs/directions-links.md")
            }
            for host in parser.hosts {
                #expect(text.contains(host), "host \(host) is not in docs/directions-links.md")
            }
        }
    }

    @Test func everyWarningCodeIsExplained() throws {
        let text = try #require(Self.read(Self.docPath))
        for code in DirectionsURLError.Code.allCases {
            #expect(text.contains("`\(code.rawValue)`"), "code \(code.rawValue) is not in docs/directions-links.md")
        }
    }
}
