import Testing
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
}
