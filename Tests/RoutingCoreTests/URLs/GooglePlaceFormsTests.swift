// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Google place, pin, search and map-view links as destinations from the current location, the
/// stops' coordinates of `/maps/dir/` paths, `google.navigation:q=LAT+LON` and short links (issue 17).
@Suite("Google place, map-view and short links")
struct GooglePlaceFormsTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func error(_ url: String) -> DirectionsURLError? { URLTestSupport.error(url) }
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }

    /// ``URLTestSupport/expectPlace(_:_:format:sourceLocation:)`` with this suite's format.
    func place(_ url: String, _ destination: Endpoint, format: LinkFormat = .googlePlace, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try URLTestSupport.expectPlace(url, destination, format: format, sourceLocation: sourceLocation)
    }

    /// ``URLTestSupport/expectMapView(_:_:_:parameter:format:sourceLocation:)`` with this suite's format.
    func mapView(
        _ url: String, _ lat: Double, _ lon: Double, parameter: String, format: LinkFormat = .googlePlace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try URLTestSupport.expectMapView(url, lat, lon, parameter: parameter, format: format, sourceLocation: sourceLocation)
    }

    // MARK: place pages

    @Test func theLastPinOfAPlacePageIsThePlace() throws {
        // An earlier !3d!4d pair (a nearby address in the blob) is not the place.
        try place(
            "https://www.google.com/maps/place/Mus%C3%A9e+d'Orsay/@48.8601,2.3240,17z/data=!3m1!4b1!4m10!3m9!1s0x0:0x0!5m2!3d48.8610!4d2.3300!8m2!3d48.8599614!4d2.3265614",
            point(48.8599614, 2.3265614, "Musée d'Orsay"))
        // One pin: the same; an out-of-range last pair is skipped for the last valid one.
        try place("https://www.google.fr/maps/place/Orsay/@48.86,2.32,17z/data=!8m2!3d48.8599!4d2.3265!8m2!3d98.1!4d2.3",
                  point(48.8599, 2.3265, "Orsay"))
    }

    @Test func aCoordinateNameIsNotALabel() throws {
        try place("https://www.google.com/maps/place/48.8462,2.3464/@48.8462,2.3464,17z", point(48.8462, 2.3464))
        try place("https://www.google.com/maps/place/48%C2%B051'N/@48.85,2.34,17z/data=!3m1!4b1!4m2!3m1!1s0x0:0x0!8m2!3d48.8500!4d2.3400",
                  point(48.85, 2.34, "48°51'N"))
        try place("https://www.google.com/maps/place/48.8462,2.3464/@48.84,2.34,15z/data=!4m5!3m4!1s0x0:0x0!8m2!3d48.8462!4d2.3464",
                  point(48.8462, 2.3464))
    }

    @Test func aPlaceNameWithOnlyAViewIsAnAddress() throws {
        // Decided: the name is the place; the view's centre (offset by the side panel) is never used.
        try place("https://www.google.com/maps/place/Panth%C3%A9on,+Paris/@48.8462,2.3440,17z", .address("Panthéon, Paris"))
    }

    // MARK: searches

    @Test func searchPathsAndTheSearchAPI() throws {
        try place("https://www.google.com/maps/search/48.8530,+2.3499", point(48.8530, 2.3499))
        try place("https://www.google.com/maps/search/48.8530,2.3499/@48.85,2.34,15z?entry=ttu", point(48.8530, 2.3499))
        try place("https://www.google.fr/maps/search/Sainte-Chapelle,+Paris/@48.85,2.34,15z", .address("Sainte-Chapelle, Paris"))
        try place("https://www.google.com/maps/search/?api=1&query=48.8738%2C2.2950", point(48.8738, 2.2950))
        try place("https://www.google.com/maps/search/?api=1&query=Arc+de+Triomphe&query_place_id=ChIJ_ours",
                  .address("Arc de Triomphe", placeID: "ChIJ_ours"))
        #expect(error("https://www.google.com/maps/search/48.8530,+192.1")?.code == .longitudeOutOfRange)
        #expect(error("https://www.google.com/maps/search/@hello")?.code == .missingDestination)
        try mapView("https://www.google.com/maps/search/@48.85,2.34,15z", 48.85, 2.34, parameter: "path")
        try mapView("https://www.google.com/maps/place/@48.85,2.34,15z/data=!3m1!1e3", 48.85, 2.34, parameter: "path")
    }

    @Test func queryLinks() throws {
        try place("https://www.google.com/maps?q=48.8584,2.2945&z=16", point(48.8584, 2.2945))
        try place("https://maps.google.com/?q=loc:48.8584,2.2945+(Tour+Eiffel)", point(48.8584, 2.2945, "Tour Eiffel"))
        try place("https://maps.google.com/maps?q=Tour+Eiffel@48.8584,2.2945", point(48.8584, 2.2945, "Tour Eiffel"))
        try place("https://maps.google.de/maps?q=Brandenburger+Tor,+Berlin", .address("Brandenburger Tor, Berlin"))
    }

    // MARK: map views

    @Test func mapViewsAreApproximate() throws {
        try mapView("https://www.google.com/maps/@48.8566,2.3522,14z", 48.8566, 2.3522, parameter: "path")
        try mapView("https://www.google.com/maps/@48.8566,2.3522,500m/data=!3m1!1e3?entry=ttu", 48.8566, 2.3522, parameter: "path")
        try mapView("https://www.google.com/maps/@?api=1&map_action=map&center=48.8566%2C2.3522&zoom=13", 48.8566, 2.3522, parameter: "center")
        try mapView("https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=48.8584%2C2.2945&heading=90", 48.8584, 2.2945, parameter: "viewpoint")
        try mapView("https://maps.google.com/maps?ll=48.8566,2.3522&z=12", 48.8566, 2.3522, parameter: "ll")
        try mapView("https://www.google.com/maps?ll=48.8566,2.3522", 48.8566, 2.3522, parameter: "ll")
        // Without a centre Google shows the user's own place: nothing to go to.
        #expect(error("https://www.google.com/maps/@?api=1&map_action=map&zoom=13")?.code == .notADirectionsLink)
        #expect(error("https://www.google.com/maps/@91,2.35,14z")?.code == .latitudeOutOfRange)
        #expect(error("https://www.google.com/maps/@hello")?.code == .notADirectionsLink)
    }

    @Test func comgooglemapsForms() throws {
        try place("comgooglemaps://maps?q=48.8584,2.2945&zoom=15", point(48.8584, 2.2945), format: .comGoogleMaps)
        try place("comgooglemaps://?q=48.8584,2.2945", point(48.8584, 2.2945), format: .comGoogleMaps)
        try place("comgooglemaps://?q=Tour+Eiffel@48.8584,2.2945", point(48.8584, 2.2945, "Tour Eiffel"), format: .comGoogleMaps)
        try place("comgooglemaps://?q=Gare+Saint-Lazare,+Paris", .address("Gare Saint-Lazare, Paris"), format: .comGoogleMaps)
        try mapView("comgooglemaps://?center=48.8566,2.3522&zoom=14", 48.8566, 2.3522, parameter: "center", format: .comGoogleMaps)
        try mapView("comgooglemaps://maps?center=48.8566,2.3522", 48.8566, 2.3522, parameter: "center", format: .comGoogleMaps)
        let r = try parser.parse("comgooglemaps://maps?saddr=Gare+de+Lyon&daddr=48.8606,2.3376&directionsmode=walking")
        #expect(r.source == .address("Gare de Lyon"))
        #expect(r.destination == point(48.8606, 2.3376))
        #expect(error("comgooglemaps://elsewhere?q=48.85,2.29")?.code == .notADirectionsLink)
    }

    // MARK: /maps/dir/ paths with the data blob

    @Test func pathStopsTakeTheirCoordinatesInOrder() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/Louvre/Tour+Eiffel/@48.86,2.31,14z/data=!4m8!4m7!1m2!1d2.3376!2d48.8606!1m2!1d2.2945!2d48.8584!3e2")
        #expect(r == DirectionsRequest(source: point(48.8606, 2.3376, "Louvre"), destination: point(48.8584, 2.2945, "Tour Eiffel")))
        #expect(r.destination.precision == .exact)
        // Three stops, nested groups as Google writes them (1m5 holding 1m1 and 2m2).
        let three = try parser.parse(
            "https://www.google.com/maps/dir/Gare+de+Lyon/Notre-Dame/Louvre/@48.85,2.35,14z/data=!4m20!4m19"
                + "!1m5!1m1!1s0x0:0x1!2m2!1d2.3735!2d48.8443!1m5!1m1!1s0x0:0x2!2m2!1d2.3499!2d48.8530!1m5!1m1!1s0x0:0x3!2m2!1d2.3376!2d48.8606!3e0")
        #expect(three.source == point(48.8443, 2.3735, "Gare de Lyon"))
        #expect(three.waypoints == [point(48.8530, 2.3499, "Notre-Dame")])
        #expect(three.destination == point(48.8606, 2.3376, "Louvre"))
    }

    @Test func aStopWithoutDataStaysAnAddress() throws {
        let r = try parser.parse(
            "https://www.google.com/maps/dir/Louvre/Notre-Dame/Tour+Eiffel/data=!4m9!4m8!1m2!1d2.3376!2d48.8606!1m0!1m2!1d2.2945!2d48.8584!3e2")
        #expect(r.source == point(48.8606, 2.3376, "Louvre"))
        #expect(r.waypoints == [.address("Notre-Dame")])
        #expect(r.destination == point(48.8584, 2.2945, "Tour Eiffel"))
        // A typed coordinate stop keeps its own coordinates.
        let typed = try parser.parse("https://www.google.com/maps/dir/48.8,2.3/Tour+Eiffel/data=!4m8!4m7!1m2!1d2.3376!2d48.8606!1m2!1d2.2945!2d48.8584!3e2")
        #expect(typed.source == point(48.8, 2.3))
        #expect(typed.destination == point(48.8584, 2.2945, "Tour Eiffel"))
        // A blob listing another number of stops is not used.
        let mismatch = try parser.parse("https://www.google.com/maps/dir/Louvre/Tour+Eiffel/data=!4m5!4m4!1m2!1d2.3376!2d48.8606!3e2")
        #expect(mismatch.destination == .address("Tour Eiffel"))
    }

    @Test func currentLocationStartWithData() throws {
        let r = try parser.parse("https://www.google.com/maps/dir//Tour+Eiffel/@48.85,2.29,15z/data=!4m6!4m5!1m0!1m2!1d2.2945!2d48.8584!3e0")
        #expect(r == DirectionsRequest(destination: point(48.8584, 2.2945, "Tour Eiffel")))
        let plain = try parser.parse("https://www.google.com/maps/dir//Tour+Eiffel")
        #expect(plain == DirectionsRequest(destination: .address("Tour Eiffel")))
    }

    // MARK: google.navigation:q=LAT+LON

    @Test func navigationPlusOrSpaceSeparatorIsRepaired() throws {
        for url in ["google.navigation:q=48.8584+2.2945", "google.navigation:q=48.8584%202.2945&mode=w", "google.navigation:q=48.8584++2.2945"] {
            let link = try parser.parseLink(url)
            #expect(link.request.destination == point(48.8584, 2.2945), "\(url)")
            #expect(link.request.navigate)
            #expect(link.warnings.map(\.code) == [.repairedSyntax], "\(url): \(link.warnings)")
            #expect(link.warnings.first?.parameter == "q")
            #expect(URLTestSupport.error(url, parser: strict)?.code == .repairedSyntax)
        }
        // A raw space: the separator repair and the raw-space repair.
        let raw = try parser.parseLink("google.navigation:q=-33.8568 151.2153")
        #expect(raw.request.destination == point(-33.8568, 151.2153))
        #expect(raw.warnings.allSatisfy { $0.code == .repairedSyntax } && raw.warnings.count == 2)
    }

    @Test func navigationSeparatorRepairOnlyWhenUnambiguous() throws {
        // Without decimal points, or with other words, it is an address.
        #expect(try parser.parse("google.navigation:q=221+10").destination == .address("221 10"))
        #expect(try parser.parse("google.navigation:q=10+Downing+Street").destination == .address("10 Downing Street"))
        // Three numbers are not a pair: not repaired (malformed-number, as before).
        #expect(error("google.navigation:q=48.85+2.29+35.0")?.code == .malformedNumber)
        #expect(try parser.parse("google.navigation:q=48.85,2.29").destination == point(48.85, 2.29))
        let e = try #require(error("google.navigation:q=95.1+2.3"))
        #expect(e.code == .latitudeOutOfRange)
        #expect(e.parameter == "q")
    }

    // MARK: short links

    @Test func shortLinksAreOneClearError() throws {
        for (url, host) in [
            ("https://maps.app.goo.gl/AbCdEf123", "maps.app.goo.gl"), ("https://goo.gl/maps/AbCdEf123", "goo.gl"),
            ("https://share.google/AbCdEf123", "share.google"), ("https://g.co/kgs/AbCdEf1", "g.co"),
        ] {
            let e = try #require(error(url))
            #expect(e.code == .unresolvableOffline)
            #expect(e.parameter == "host")
            #expect(e.message.hasPrefix("a Google Maps short link (\(host)) "), "\(e.message)")
            #expect(e.message.contains("cannot be read offline"))
            #expect(e.message.contains("--expand-short-links (with resolve, link or open) follows it"))
        }
        #expect(error("https://goo.gl/AbCdEf")?.code == .notADirectionsLink)
        #expect(error("https://g.co/doodle/abc")?.code == .notADirectionsLink)
    }

    // MARK: writers

    @Test func googlePlaceWriter() throws {
        let built = try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(48.8584, 2.2945)), as: .googlePlace)
        #expect(built.url == "https://www.google.com/maps/search/?api=1&query=48.8584,2.2945")
        #expect(built.omitted.isEmpty)
        let labelled = try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(48.8584, 2.2945, "Tour Eiffel")), as: .googlePlace)
        #expect(labelled.url == "https://www.google.com/maps/search/?api=1&query=48.8584,2.2945")
        #expect(labelled.omitted.count == 1 && labelled.omitted[0].hasPrefix("destination label"))
        let address = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Tour Eiffel, Paris", placeID: "ChIJ1")), as: .googlePlace)
        #expect(address.url == "https://www.google.com/maps/search/?api=1&query=Tour+Eiffel,+Paris&query_place_id=ChIJ1")
        #expect(try parser.parse(address.url) == DirectionsRequest(destination: .address("Tour Eiffel, Paris", placeID: "ChIJ1")))
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(source: .address("Louvre"), destination: .address("Orsay")), as: .googlePlace)
        }
    }

    @Test func anApproximatePointIsNotedWhenWritten() throws {
        let view = try parser.parse("https://www.google.com/maps/@48.8566,2.3522,14z")
        for format in [LinkFormat.googlePlace, .google, .appleUnified, .googleNavigation] {
            let built = try DirectionsLinkBuilder.build(view, as: format)
            #expect(built.omitted.contains("destination precision: approximate (a map view's centre), written as an exact point"),
                    "\(format): \(built.omitted)")
        }
        // An exact point needs no note.
        #expect(try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(48.8566, 2.3522)), as: .googlePlace).omitted.isEmpty)
    }

    @Test func googlePathWriter() throws {
        let request = DirectionsRequest(
            source: .address("Gare de Lyon / Paris"), destination: point(48.8606, 2.3376), waypoints: [.address("@home=1")])
        let built = try DirectionsLinkBuilder.build(request, as: .googlePath)
        #expect(built.url == "https://www.google.com/maps/dir/Gare+de+Lyon+%2F+Paris/%40home%3D1/48.8606,2.3376")
        #expect(built.omitted.isEmpty)
        #expect(try parser.parse(built.url) == request)
        let here = try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Tour Eiffel")), as: .googlePath)
        #expect(here.url == "https://www.google.com/maps/dir//Tour+Eiffel")
        #expect(try parser.parseLink(here.url).format == .googlePath)
    }
}
