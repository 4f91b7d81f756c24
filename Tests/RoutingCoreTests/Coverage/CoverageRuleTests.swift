// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrictJSON
import Testing
@testable import RoutingCore
import TestSupport

/// The repository root.
private let repositoryRoot = RepositoryFile.root

/// The text of `docs/coverage-rules.md`, read with the standard library only.
private func catalogueText() -> String? {
    RepositoryFile.text("docs/coverage-rules.md")
}

/// The GitHub-style anchor of a Markdown heading: lower-cased, punctuation other than `-` and `_`
/// removed, spaces turned into `-`.
private func anchor(ofHeading heading: String) -> String {
    var result = ""
    for character in heading.lowercased() {
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
            result.append(character)
        } else if character == " " {
            result.append("-")
        }
    }
    return result
}

/// Every heading's anchor in the catalogue, with the text under it up to the next heading.
private func sections(of text: String) -> [String: String] {
    var result: [String: String] = [:]
    var current: String? = nil
    var body = ""
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") { inFence.toggle() }
        if !inFence, line.hasPrefix("#") {
            if let current { result[current] = body }
            let heading = line.drop(while: { $0 == "#" }).drop(while: { $0 == " " })
            current = anchor(ofHeading: String(heading))
            body = ""
        } else {
            body += line + "\n"
        }
    }
    if let current { result[current] = body }
    return result
}

@Suite struct CoverageRuleTests {
    @Test func idsAreUniqueAndKebabCase() {
        var seen: Set<String> = []
        for rule in CoverageRule.all {
            #expect(seen.insert(rule.id).inserted, "duplicate rule id \(rule.id)")
            #expect(!rule.id.isEmpty && rule.id.first != "-" && rule.id.last != "-" && !rule.id.contains("--"))
            #expect(rule.id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" },
                    "rule id \(rule.id) is not kebab-case")
        }
    }

    @Test func everyRuleAppliesSomewhereAndSaysSomething() {
        for rule in CoverageRule.all {
            #expect(rule.appleSeverity != nil || rule.geojsonSeverity != nil, "\(rule.id) applies in no profile")
            #expect(!rule.title.isEmpty && !rule.summary.isEmpty, "\(rule.id) has no title or summary")
            #expect(rule.title.count <= 40, "\(rule.id): title '\(rule.title)' is long for a short description")
        }
    }

    @Test func namedFindsEveryRuleAndNothingElse() {
        for rule in CoverageRule.all {
            #expect(CoverageRule.named(rule.id) == rule)
        }
        #expect(CoverageRule.named("no-such-rule") == nil)
        #expect(CoverageRule.named("Ring-Not-Closed") == nil)
        #expect(CoverageRule.named("") == nil)
    }

    @Test func severitiesPerProfile() throws {
        let closed = try #require(CoverageRule.named("ring-not-closed"))
        #expect(closed.defaultSeverity(in: .apple) == .error)
        #expect(closed.defaultSeverity(in: .geojson) == .error)
        // Holes: forbidden by Apple, checked for OGC validity in the geojson profile.
        #expect(CoverageRule.named("polygon-has-hole")?.defaultSeverity(in: .geojson) == nil)
        #expect(CoverageRule.named("polygon-has-hole")?.defaultSeverity(in: .apple) == .error)
        #expect(CoverageRule.named("hole-outside-shell")?.defaultSeverity(in: .apple) == nil)
        #expect(CoverageRule.named("hole-outside-shell")?.defaultSeverity(in: .geojson) == .error)
        // Polygons of a MultiPolygon: the union for Apple, invalid for OGC.
        for id in ["polygons-overlap", "polygons-nested", "polygons-share-edge"] {
            #expect(CoverageRule.named(id)?.defaultSeverity(in: .apple) == .note)
            #expect(CoverageRule.named(id)?.defaultSeverity(in: .geojson) == .error)
        }
        // Wrappers are Apple's rule only.
        for id in ["feature-wrapper", "feature-collection-wrapper", "polygon-not-multipolygon", "too-many-polygons", "too-many-points"] {
            #expect(CoverageRule.named(id)?.defaultSeverity(in: .geojson) == nil, "\(id)")
            #expect(CoverageRule.named(id)?.defaultSeverity(in: .apple) != nil, "\(id)")
        }
        #expect(CoverageRule.named("ring-clockwise")?.appleSeverity == .note)
        #expect(CoverageRule.named("duplicate-position")?.appleSeverity == .warning)
        #expect(CoverageRule.named("ring-self-intersection")?.geojsonSeverity == .error)
    }

    @Test func everyJSONSyntaxRuleIsAnErrorInTheCatalogue() {
        for rule in JSONSyntaxError.Rule.allCases {
            let entry = CoverageRule.named(rule.rawValue)
            #expect(entry != nil, "\(rule.rawValue) is missing from the catalogue")
            #expect(entry?.appleSeverity == .error && entry?.geojsonSeverity == .error, "\(rule.rawValue)")
        }
    }

    @Test func rulesTheIssueNamesAreCatalogued() {
        let named = [
            "ring-too-few-points", "ring-zero-area", "ring-self-intersection", "ring-self-touch", "ring-spike",
            "rings-cross", "hole-outside-shell", "holes-nested", "interior-disconnected", "polygons-overlap",
            "polygons-nested", "polygons-share-edge", "duplicate-position", "antimeridian-jump", "position-3d",
            "byte-order-mark", "axes-swapped", "too-many-points", "ring-clockwise", "hole-counterclockwise",
            "excess-precision", "polygon-touches-pole", "bbox-ignored", "foreign-member", "feature-wrapper",
            "feature-collection-wrapper", "polygon-not-multipolygon", "too-many-polygons", "polygon-has-hole",
        ]
        for id in named { #expect(CoverageRule.named(id) != nil, "\(id) is missing") }
        // Replaced by ring-zero-area.
        #expect(CoverageRule.named("ring-degenerate") == nil)
    }

    @Test func documentationLinkIsTheCatalogueAnchor() {
        #expect(CoverageRule.documentationLink(for: "ring-not-closed") == "docs/coverage-rules.md#ring-not-closed")
        #expect(CoverageRule.named("json-comment")?.documentationLink == "docs/coverage-rules.md#json-comment")
    }

    /// Every rule has a section in docs/coverage-rules.md whose anchor is the id, and the section
    /// states the rule's severity in each profile as the catalogue does.
    @Test func everyRuleHasADocumentedSection() throws {
        let text = try #require(catalogueText(), "cannot read \(repositoryRoot)/docs/coverage-rules.md")
        let documented = sections(of: text)
        for rule in CoverageRule.all {
            let fragment = String(rule.documentationLink.split(separator: "#").last ?? "")
            guard let body = documented[fragment] else {
                Issue.record("docs/coverage-rules.md has no heading with anchor #\(fragment)")
                continue
            }
            let apple = rule.appleSeverity?.rawValue ?? "not checked"
            let geojson = rule.geojsonSeverity?.rawValue ?? "not checked"
            #expect(body.contains("apple: \(apple)"), "#\(rule.id): the section does not say 'apple: \(apple)'")
            #expect(body.contains("geojson: \(geojson)"), "#\(rule.id): the section does not say 'geojson: \(geojson)'")
            #expect(body.contains("**Fix:**") || body.contains("**Fix**"), "#\(rule.id): the section does not say how to fix it")
        }
    }

    /// The index table near the top lists every rule once, in catalogue order, with its severities
    /// and title.
    @Test func indexTableMatchesTheCatalogue() throws {
        let text = try #require(catalogueText())
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        let expected = CoverageRule.all.map { rule in
            let apple = rule.appleSeverity?.rawValue ?? "—"
            let geojson = rule.geojsonSeverity?.rawValue ?? "—"
            return "| [`\(rule.id)`](#\(rule.id)) | \(apple) | \(geojson) | \(rule.title) |"
        }
        #expect(rows.map(String.init) == expected)
    }

    /// The catalogue documents no rule the code does not know (a renamed rule leaves no stale section).
    @Test func everyDocumentedRuleIsCatalogued() throws {
        let text = try #require(catalogueText())
        for line in text.split(separator: "\n") where line.hasPrefix("### `") {
            let id = line.dropFirst(5).prefix(while: { $0 != "`" })
            #expect(CoverageRule.named(String(id)) != nil, "docs/coverage-rules.md documents unknown rule \(id)")
        }
    }
}
