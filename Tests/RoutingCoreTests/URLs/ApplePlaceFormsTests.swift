// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Apple place, pin, search and map-view links as destinations from the current location (issue 17):
/// each asserts the destination, its label, its precision and the warning where there is one.
@Suite("Apple place and map-view links")
struct ApplePlaceFormsTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    /// ``URLTestSupport/expectPlace(_:_:format:sourceLocation:)`` with this suite's format.
    func place(_ url: String, _ destination: Endpoint, format: LinkFormat = .appleMaps, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try URLTestSupport.expectPlace(url, destination, format: format, sourceLocation: sourceLocation)
    }

    /// ``URLTestSupport/expectMapView(_:_:_:parameter:format:sourceLocation:)`` with this suite's format.
    func mapView(
        _ url: String, _ lat: Double, _ lon: Double, parameter: String, format: LinkFormat = .appleMaps,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try URLTestSupport.expectMapView(url, lat, lon, parameter: parameter, format: format, sourceLocation: sourceLocation)
    }

    @Test func llWithQIsAPinNamedQ() throws {
        try place("https://maps.apple.com/?ll=48.8606,2.3376&q=Mus%C3%A9e+du+Louvre", point(48.8606, 2.3376, "Musée du Louvre"))
        try place("https://maps.apple.com/?q=Caf%C3%A9%20Procope&ll=48.8530,2.3390&z=17&t=m", point(48.8530, 2.3390, "Café Procope"))
        // The documented search example is a pin named by its query, too (Apple: q labels the ll point).
        try place("https://maps.apple.com/?q=coffee&ll=50.894967,4.341626", point(50.894967, 4.341626, "coffee"))
    }

    @Test func addressWithLlIsTheAddressPin() throws {
        try place("https://maps.apple.com/?address=Place+du+Parvis+Notre-Dame,+Paris&ll=48.8530,2.3499",
                  point(48.8530, 2.3499, "Place du Parvis Notre-Dame, Paris"))
        // A shared place: q (the name) labels it, the address and Apple's ids are not needed.
        try place("https://maps.apple.com/?address=Rue+de+Rivoli,+75001+Paris&auid=123456789&ll=48.8606,2.3376&lsp=9902&q=Louvre&_ext=AbC",
                  point(48.8606, 2.3376, "Louvre"))
    }

    @Test func qCoordinatesAreAPin() throws {
        try place("https://maps.apple.com/maps/?q=48.8462,2.3464", point(48.8462, 2.3464))
        try place("https://maps.apple.com/?q=48.8462,2.3464&z=16", point(48.8462, 2.3464))
        try place("https://maps.apple.com/?q=48.8462%2C2.3464&ll=48.8,2.3", point(48.8462, 2.3464))
    }

    @Test func mapsSchemeFormsOfPlaces() throws {
        try place("maps://?ll=48.8738,2.2950&q=Arc+de+Triomphe", point(48.8738, 2.2950, "Arc de Triomphe"))
        try place("maps:?q=48.8738,2.2950", point(48.8738, 2.2950))
        try place("maps://maps.apple.com/?address=Av.+des+Champs-%C3%89lys%C3%A9es&ll=48.8698,2.3078", point(48.8698, 2.3078, "Av. des Champs-Élysées"))
        try place("maps://https://maps.apple.com/maps?q=48.8738,2.2950", point(48.8738, 2.2950))
        try mapView("maps://?ll=48.8566,2.3522&z=13", 48.8566, 2.3522, parameter: "ll")
    }

    @Test func searchesAreAddresses() throws {
        // Decided: a search for text names no coordinate; the text is the destination, as an address.
        try place("https://maps.apple.com/?q=Jardin+du+Luxembourg,+Paris", .address("Jardin du Luxembourg, Paris"))
        try place("https://maps.apple.com/?q=Boulangerie&sll=48.8462,2.3464&z=14", .address("Boulangerie"))
        try place("https://maps.apple.com/?q=Boulangerie&near=Paris", .address("Boulangerie"))
        try place("https://maps.apple.com/?address=5+Avenue+Anatole+France,+Paris", .address("5 Avenue Anatole France, Paris"))
    }

    @Test func viewOnlyLinksAreApproximateMapViews() throws {
        try mapView("https://maps.apple.com/?ll=48.8566,2.3522&z=13&t=m", 48.8566, 2.3522, parameter: "ll")
        try mapView("https://maps.apple.com/?sll=48.8566,2.3522&z=12", 48.8566, 2.3522, parameter: "sll")
        try mapView("https://maps.apple.com/?center=48.8566,2.3522&span=0.02,0.02", 48.8566, 2.3522, parameter: "center", format: .appleUnified)
        try mapView("https://maps.apple.com/search?center=48.8566,2.3522&span=0.05,0.05", 48.8566, 2.3522, parameter: "center", format: .appleUnified)
    }

    @Test func unifiedPlaceAndSearch() throws {
        try place("https://maps.apple.com/place?coordinate=48.8606,2.3376&name=Louvre", point(48.8606, 2.3376, "Louvre"), format: .appleUnified)
        try place("https://maps.apple.com/place?coordinate=48.8606,2.3376&address=Rue+de+Rivoli", point(48.8606, 2.3376, "Rue de Rivoli"),
                  format: .appleUnified)
        try place("maps://maps.apple.com/place?coordinate=48.8606,2.3376&name=Louvre", point(48.8606, 2.3376, "Louvre"), format: .appleUnified)
        try place("https://maps.apple.com/search?query=48.8462,2.3464", point(48.8462, 2.3464), format: .appleUnified)
        try place("https://maps.apple.com/search?query=Op%C3%A9ra+Garnier&center=48.87,2.33", .address("Opéra Garnier"), format: .appleUnified)
        #expect(error("https://maps.apple.com/search?span=1,1")?.code == .notADirectionsLink)
    }

    @Test func rangesAndEmptyLinks() throws {
        let e = try #require(error("https://maps.apple.com/?ll=91,2&q=Nowhere"))
        #expect(e.code == .latitudeOutOfRange)
        #expect(e.parameter == "ll")
        #expect(error("https://maps.apple.com/?q=48.85,190")?.code == .longitudeOutOfRange)
        // Nothing that names a place or a view.
        #expect(error("https://maps.apple.com/?z=10&t=m")?.code == .notADirectionsLink)
        #expect(error("https://maps.apple.com/?q=&ll=")?.code == .notADirectionsLink)
        // Directions parameters still decide: a typo of daddr is not a search.
        #expect(error("https://maps.apple.com/?saddr=here&dadr=Bern&q=Bern")?.code == .missingDestination)
    }

    @Test func shortLinksNameTheServiceAndTheWayOut() throws {
        for (url, host) in [("https://maps.apple/p/AbCdEf12", "maps.apple"), ("https://maps.apple.com/p/AbCdEf12", "maps.apple.com")] {
            let e = try #require(error(url))
            #expect(e.code == .unresolvableOffline)
            #expect(e.parameter == "host")
            #expect(e.message.hasPrefix("an Apple Maps short link (\(host)) "), "\(e.message)")
            #expect(e.message.contains("cannot be read offline"))
            #expect(e.message.contains("--expand-short-links (with resolve, link or open) follows it"))
        }
    }
}
