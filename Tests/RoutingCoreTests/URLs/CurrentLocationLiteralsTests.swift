// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Current-location literals")
struct CurrentLocationLiteralsTests {
    @Test(arguments: [
        "", "Current Location", "current location", "CURRENT  LOCATION", " Current Location ", "Current+Location",
        "CurrentLocation", "my location", "My+Location", "Here", "HERE", "ma position", "Position+actuelle",
        "mein standort", "Aktueller Standort", "mi ubicación", "Ubicación Actual", "la mia posizione",
        "Posizione attuale", "minha localização", "Localização atual", "mijn locatie", "Huidige Locatie",
        "Mi ubicacio\u{301}n",  // decomposed accent
    ])
    func defaultsMatch(_ text: String) {
        #expect(CurrentLocationLiterals.default.matches(text))
    }

    @Test(arguments: ["Location", "Current", "there", "Hereford", "My Location Cafe", "Ubicacion actual"])
    func othersDoNotMatch(_ text: String) {
        #expect(!CurrentLocationLiterals.default.matches(text))
    }

    @Test func customListReplacesTheDefaults() {
        let custom = CurrentLocationLiterals(["Min plats", "Nuværende placering"])
        #expect(custom.matches("min+plats"))
        #expect(custom.matches("NUVÆRENDE PLACERING"))
        #expect(!custom.matches("Current Location"))
        #expect(!custom.matches(""))
    }

    @Test func parserUsesConfiguredLiterals() throws {
        let parser = DirectionsURLParser(currentLocationLiterals: CurrentLocationLiterals(["Min plats"]))
        let swedish = try parser.parse("https://maps.apple.com/?saddr=Min+plats&daddr=59.3293,18.0686")
        #expect(swedish.source == .currentLocation)
        let english = try parser.parse("https://maps.apple.com/?saddr=Current+Location&daddr=59.3293,18.0686")
        #expect(english.source == .address("Current Location"))
        // An empty or absent saddr is the current location whatever the list says (Apple: "the starting point is 'here'").
        let empty = try parser.parse("https://maps.apple.com/?saddr=&daddr=59.3293,18.0686")
        #expect(empty.source == .currentLocation)
    }

    /// The first-bytes filter in front of the full comparison answers exactly as comparing normalized
    /// texts does, for lists it can use (ASCII starts, short literals, more literals than its exact
    /// list holds) and lists it cannot (a literal starting with a non-ASCII letter).
    @Test(arguments: [
        CurrentLocationLiterals.default.literals,
        ["x", "ab", "Lou", "abc\u{301}d"],
        (0..<20).map { "Place \($0)" } + ["Current Location"],
        ["Ær her", "here", "Övriga"],
    ])
    func filterAgreesWithNormalizedComparison(_ literals: [String]) {
        let list = CurrentLocationLiterals(literals)
        func normalize(_ s: String) -> String { String(s.filter { !$0.isWhitespace && $0 != "+" }).lowercased() }
        let normalized = Set(literals.map(normalize))
        var texts = literals + [
            "", " ", "+", "x", "X", " x ", "x\u{301}", "a b", "A+B", "ab\u{301}", "abc", "ABC\u{301}D", "abc\u{301}d",
            "lou", "Louvre", "American Museum of Natural History", "48.8584,2.2945", "-33.8568,151.2153",
            "Place 1", "place+19", "Place 20", "ær her", "AE her", "\u{00A0}here", "here\u{00A0}", "h\u{301}ere",
            "+\u{301}here", "Current\u{0085}Location", "c u r", "\r\nhere", "he\u{301}re",
        ]
        texts += literals.map { $0.uppercased() } + literals.map { "  " + String($0.map { $0 == " " ? "+" : $0 }) }
        texts += literals.map { String($0.dropLast()) } + literals.map { $0 + "\u{301}" } + literals.map { $0 + "s" }
        for text in texts {
            let expected = normalized.contains(normalize(text))
            #expect(list.matches(text) == expected, "\(text)")
            var copy = text
            let bytes = copy.withUTF8 { list.matches(LinkInput($0)) }
            #expect(bytes == expected, "\(text)")
        }
    }
}
