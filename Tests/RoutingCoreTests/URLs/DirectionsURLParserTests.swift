import Testing
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
        (" geo:1,2", .malformedURL, "scheme"),
        ("ge o:1,2", .malformedURL, "scheme"),
        ("geo:1,2\n", .malformedURL, "url"),
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
        ("<https://maps.apple.com/?daddr=Bern>", "angle brackets '<' '>' (RFC 3986 Appendix C)"),
        ("<URL:geo:46.9,7.4>", "'<URL:' and '>' (RFC 3986 Appendix C)"),
        ("\"geo:46.9,7.4\"", "double quotes"),
        ("'maps:?daddr=Bern'", "single quotes"),
        ("\u{201C}geo:46.9,7.4\u{201D}", "typographic quotes"),
    ])
    func aLinkCopiedWithItsDelimitersSaysWhatToRemove(_ url: String, _ what: String) throws {
        let e = try #require(error(url))
        #expect(e.code == .malformedURL)
        #expect(e.parameter == "scheme")
        #expect(e.message == "the link is wrapped in \(what); pass the link alone, without them")
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
            "coordinates-unavailable", "unresolvable-offline",
        ])
    }
}
