// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Directions-URL dispatch and input checks")
struct DirectionsURLParserTests {
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }

    @Test(arguments: [
        ("foo:bar", DirectionsURLError.Code.unknownScheme, "scheme"),
        ("x-unknown-maps://?daddr=X", .unknownScheme, "scheme"),
        ("mailto:someone@example.org", .unknownScheme, "scheme"),
        ("", .malformedURL, "url"),
        ("just some words", .malformedURL, "scheme"),
        ("ge o:1,2", .malformedURL, "scheme"),
        ("geo:1,2\n;crs=wgs84", .malformedURL, "url"),
        (" geo:1,2\u{7} ", .malformedURL, "url"),
        ("<geo:1,2", .malformedURL, "url"),
        ("\"geo:1,2", .malformedURL, "url"),
        ("https://maps.apple.com/?daddr=A\u{7}", .malformedURL, "url"),
        ("1geo:1,2", .malformedURL, "scheme"),
        ("https://example.com/?daddr=Bern", .notADirectionsLink, "host"),
        ("https://maps.apple.com.evil.example/?daddr=Bern", .notADirectionsLink, "host"),
        ("https://user@maps.apple.com/?daddr=Bern", .notADirectionsLink, "host"),
        ("https:maps.apple.com/?daddr=Bern", .malformedURL, "host"),
    ])
    func rejectedInputs(_ url: String, _ code: DirectionsURLError.Code, _ parameter: String) throws {
        let e = try #require(error(url))
        #expect(e.code == code)
        #expect(e.parameter == parameter)
        #expect(!e.message.isEmpty && !e.message.contains("\n"))
    }

    @Test(arguments: [
        ("<https://maps.apple.com/?daddr=Bern>", "angle brackets '<' '>'"),
        ("<URL:geo:46.9,7.4>", "'<URL:' and '>'"),
        ("\"geo:46.9,7.4\"", "double quotes"),
        ("'maps:?daddr=Bern'", "single quotes"),
        ("\u{201C}geo:46.9,7.4\u{201D}", "typographic quotes"),
        ("\u{AB} geo:46.9,7.4 \u{BB}", "guillemets"),
        (" geo:46.9,7.4", "whitespace"),
        ("geo:46.9,7.4\n", "whitespace"),
        ("geo:46.9,7.4\r\n", "whitespace"),
        ("\t< geo:46.9,7.4 >\n", "whitespace and angle brackets '<' '>'"),
    ])
    func aLinkCopiedWithItsDelimitersIsTakenOutOfThemWithAWarning(_ url: String, _ removed: String) throws {
        let inner = url.contains("Bern") ? (url.contains("apple") ? "https://maps.apple.com/?daddr=Bern" : "maps:?daddr=Bern") : "geo:46.9,7.4"
        let parsed = try URLTestSupport.parser.parseLink(url)
        let exact = try URLTestSupport.parser.parseLink(inner)
        #expect(parsed.request == exact.request)
        #expect(parsed.format == exact.format)
        #expect(parsed.warnings.first == DirectionsURLWarning(
            code: .repairedSyntax, message: "removed the \(removed) around the link (RFC 3986 Appendix C); pass the link alone",
            parameter: "url"))
        #expect(Array(parsed.warnings.dropFirst()) == exact.warnings)

        // Strict mode refuses it, saying what to take off.
        do {
            _ = try DirectionsURLParser(strict: true).parseLink(url)
            Issue.record("strict mode accepted \(url)")
        } catch {
            #expect(error.code == .repairedSyntax)
            #expect(error.parameter == "url")
            #expect(error.message == "the link has \(removed) around it (RFC 3986 Appendix C); pass the link alone (strict mode: repairs are errors)")
        }
    }

    @Test func aWrappedLinkThatFailsGivesItsOwnErrorInBothModes() throws {
        for parser in [DirectionsURLParser(), DirectionsURLParser(strict: true)] {
            let e = try #require(URLTestSupport.error(" geo:91,0 ", parser: parser))
            #expect(e.code == .latitudeOutOfRange, "\(e)")
        }
    }

    @Test func onlyTheEndsAreTakenOff() throws {
        // What is inside stays the format's business: the inner link's own error, not a repair.
        let e = try #require(error("<geo:1,2,>"))
        #expect(e.parameter != "url" || e.code != .repairedSyntax)
        #expect(error("< >")?.code == .malformedURL, "nothing left inside")
        #expect(error("   ")?.parameter == "scheme", "whitespace alone has no scheme")
        // Nested delimiters: one pair is taken off, the next one is an error.
        for link in ["<<geo:1,2>>", "<geo:1,2>.", "<\"geo:1,2\">"] {
            let e = try #require(error(link))
            #expect(e.parameter == "url")
            #expect(e.message.contains("could not be taken off (no matching one at the end, or more than one pair)"), "\(link): \(e.message)")
        }
    }

    @Test func portAndTrailingDotOnHostAreTolerated() throws {
        let r = try URLTestSupport.parser.parse("https://maps.apple.com.:443/?daddr=Bern")
        #expect(r.destination == .address("Bern"))
    }

    @Test func errorDescriptionHasCodeAndParameter() throws {
        let e = try #require(error("foo:bar"))
        #expect(e.description.hasPrefix("unknown-scheme (scheme): "))
        #expect(DirectionsURLError(code: .malformedURL, message: "m").description == "malformed-url: m")
    }

    @Test func codesAreStableKebabCase() {
        #expect(DirectionsURLError.Code.allCases.map(\.rawValue) == [
            "unknown-scheme", "not-a-directions-link", "missing-destination", "latitude-out-of-range",
            "longitude-out-of-range", "malformed-number", "malformed-url", "unknown-mode", "unsupported-crs",
            "duplicate-parameter", "invalid-parameter", "repaired-syntax", "likely-typo", "ignored-value",
            "coordinates-unavailable", "viewport-as-destination", "unresolvable-offline",
        ])
    }
}
