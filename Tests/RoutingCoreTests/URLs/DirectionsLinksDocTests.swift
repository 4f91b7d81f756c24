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

    /// The generated part: every form each format reads (with what its destination is, from parsing
    /// its example), which formats can be written, then every mode word of every format.
    static func renderGenerated() -> String {
        var lines = ["| format | form | names | destination | example |", "| --- | --- | --- | --- | --- |"]
        for parser in DirectionsLinkFormats.all {
            for form in parser.forms {
                let parsed = try? DirectionsURLParser().parseLink(form.example)
                let destination: String
                switch parsed?.request.destination {
                case .coordinate(_, _, _, let precision)?: destination = "coordinate, \(precision.rawValue)"
                case .address?: destination = "address"
                case .currentLocation?: destination = "current location"
                case nil: destination = "does not parse"
                }
                let example = form.example.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
                let shape = form.shape.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
                lines.append("| `\(parsed?.format.rawValue ?? parser.format.rawValue)` | \(shape) | \(form.kind.rawValue) | \(destination) | `\(example)` |")
            }
        }
        lines.append("")
        lines.append("| format | can be written | mode words |")
        lines.append("| --- | --- | --- |")
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

    /// Every declared form's example parses leniently as its format, and says what the form says: a
    /// place or a map view goes from the current location to one point, exact for a place (or an
    /// address), approximate with a `viewport-as-destination` warning for a map view, which strict
    /// mode refuses with that code.
    @Test(arguments: DirectionsLinkFormats.all.flatMap { parser in parser.forms.map { (parser.format, $0) } }.map { "\($0.0.rawValue) \($0.1.example)" })
    func everyFormParsesAsDeclared(_ entry: String) throws {
        let example = String(entry.drop { $0 != " " }.dropFirst())
        let (parser, form) = try #require(DirectionsLinkFormats.all.lazy.compactMap { p in p.forms.first { $0.example == example }.map { (p, $0) } }.first)
        let parsed = try DirectionsURLParser().parseLink(example)
        #expect(parsed.format == parser.format || parser.format == .appleMaps || parser.format == .google, "\(example) parses as \(parsed.format.rawValue)")
        // An example is a clean link: no repair, so strict mode reads a route or a place the same.
        if form.kind == .mapView {
            #expect(parsed.warnings.map(\.code) == [.viewportAsDestination], "\(example): warns \(parsed.warnings)")
        } else {
            #expect(parsed.warnings.isEmpty, "\(example): warns \(parsed.warnings)")
            #expect((try? DirectionsURLParser(strict: true).parseLink(example)) == parsed, "\(example) strict differs")
        }
        switch form.kind {
        case .route:
            break
        case .place:
            #expect(parsed.request.source == .currentLocation, "\(example): a place link starts at the current location")
            #expect(parsed.request.destination.precision != .approximate, "\(example): a place is not approximate")
        case .mapView:
            #expect(parsed.request.source == .currentLocation, "\(example): a map view starts at the current location")
            #expect(parsed.request.destination.precision == .approximate, "\(example): a map view's centre is approximate")
            #expect(throws: DirectionsURLError.self) { try DirectionsURLParser(strict: true).parseLink(example) }
            do {
                _ = try DirectionsURLParser(strict: true).parseLink(example)
            } catch {
                #expect(error.code == .viewportAsDestination, "\(example) strict: \(error)")
            }
        }
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
