// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Place, pin and map-view links of HERE, Yandex, 2GIS, Magic Earth and Mapy (issue 17): each form's
/// destination, label, precision and warning; strict mode for map views; the errors.
@Suite("HERE, Yandex, 2GIS, Magic Earth, Mapy: places and map views")
struct OtherPlaceFormsTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)

    func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    /// A place link: from the current location to `lat`,`lon` labelled `label`, exact, no warning, strict alike.
    func expectPlace(_ url: String, _ format: LinkFormat, _ lat: Double, _ lon: Double, label: String?,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let link = try parser.parseLink(url)
        #expect(link.format == format, sourceLocation: sourceLocation)
        #expect(link.request.source == .currentLocation, sourceLocation: sourceLocation)
        #expect(link.request.destination == .coordinate(c(lat, lon), label: label), sourceLocation: sourceLocation)
        #expect(link.request.destination.precision == .exact, sourceLocation: sourceLocation)
        #expect(link.warnings.isEmpty, "\(link.warnings)", sourceLocation: sourceLocation)
        #expect(try strict.parse(url) == link.request, sourceLocation: sourceLocation)
    }

    /// A map view: the centre, approximate, one `viewport-as-destination` warning naming `parameter`; strict: that error.
    func expectMapView(_ url: String, _ format: LinkFormat, _ lat: Double, _ lon: Double, parameter: String, label: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let link = try parser.parseLink(url)
        #expect(link.format == format, sourceLocation: sourceLocation)
        #expect(link.request.source == .currentLocation, sourceLocation: sourceLocation)
        #expect(link.request.destination == .coordinate(c(lat, lon), label: label, precision: .approximate), sourceLocation: sourceLocation)
        #expect(link.warnings.map(\.code) == [.viewportAsDestination], sourceLocation: sourceLocation)
        #expect(link.warnings.first?.parameter == parameter, sourceLocation: sourceLocation)
        #expect(URLTestSupport.error(url, parser: strict)?.code == .viewportAsDestination, sourceLocation: sourceLocation)
    }

    // MARK: HERE

    @Test("HERE /l/ location links are places; the title is the label")
    func hereLocation() throws {
        try expectPlace("https://share.here.com/l/52.5163,13.3777,Brandenburg%20Gate?z=16", .here, 52.5163, 13.3777, label: "Brandenburg Gate")
        try expectPlace("https://share.here.com/l/-33.8568,151.2153", .here, -33.8568, 151.2153, label: nil)
        #expect(URLTestSupport.error("https://share.here.com/l/mylocation")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://share.here.com/l/95.1,13.3")?.code == .latitudeOutOfRange)
    }

    @Test("HERE /p/ place codes decode offline: s- key=value codes with n=, e- JSON codes")
    func herePlaceCodes() throws {
        // GeoShare's examples: "c=postal-area;lat=50.10957;lon=14.44122;n=Praha+7;h=755c79" (unpadded) and a JSON code.
        try expectPlace("https://share.here.com/p/s-Yz1wb3N0YWwtYXJlYTtsYXQ9NTAuMTA5NTc7bG9uPTE0LjQ0MTIyO249UHJhaGErNztoPTc1NWM3OQ?ref=here_com",
                        .here, 50.10957, 14.44122, label: "Praha 7")
        try expectPlace("https://wego.here.com/p/s-Yz1wb3N0YWwtYXJlYTtsYXQ9NTAuMTA5NTc7bG9uPTE0LjQ0MTIyO249UHJhaGErNztoPTc1NWM3OQ"
                        + "?map=50.10957%2C14.44122%2C15%2Cnormal&ref=here_com", .here, 50.10957, 14.44122, label: "Praha 7")
        try expectPlace("https://share.here.com/p/e-eyJ2ZXJzaW9uIjoiMS4wLjMiLCJwcm92aWRlcklkIjoiMDM2OGx4eDUtYWNkYjgxOGNlNjU1MDc2OTY2ZTU0NThhZTRkZWRkM2MiLCJsYXRpdHVkZSI6LTM4LjE0NzQ5LCJsb25naXR1ZGUiOjE0NS4xNDM0N30=",
                        .here, -38.14749, 145.14347, label: nil)
        // "c=sight;n=Nowhere" holds no coordinates; "!!" is not base64.
        #expect(URLTestSupport.error("https://share.here.com/p/s-Yz1zaWdodDtuPU5vd2hlcmU=")?.code == .unresolvableOffline)
        #expect(URLTestSupport.error("https://share.here.com/p/s-!!")?.code == .invalidParameter)
        #expect(URLTestSupport.error("https://share.here.com/p/x")?.code == .invalidParameter)
        // "lat=91;lon=10": out of range, never clamped.
        #expect(URLTestSupport.error("https://share.here.com/p/s-bGF0PTkxO2xvbj0xMA==")?.code == .latitudeOutOfRange)
    }

    @Test("wego.here.com/?map= is a map view; with a route or a place the map is only the view")
    func hereMapView() throws {
        try expectMapView("https://wego.here.com/?map=52.5163,13.3777,15,normal", .here, 52.5163, 13.3777, parameter: "map")
        try expectMapView("https://wego.here.com/?map=50.21972%2C-0.68453%2C6.93", .here, 50.21972, -0.68453, parameter: "map")
        #expect(URLTestSupport.error("https://wego.here.com/?map=52.5163")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://wego.here.com/")?.code == .notADirectionsLink)
        let route = try parser.parseLink("https://wego.here.com/directions/walk/mylocation/52.5186,13.3762?map=52.5163,13.3777,15,normal")
        #expect(route.warnings.isEmpty)
        #expect(route.request.destination == .coordinate(c(52.5186, 13.3762), label: nil))
    }

    // MARK: Yandex

    @Test("Yandex whatshere[point] is a place (longitude first); ll beside it is the view")
    func yandexWhatsHere() throws {
        try expectPlace("https://yandex.com/maps/100513/osnabruck/?ll=8.055899%2C52.280743&mode=whatshere&whatshere%5Bpoint%5D=8.065475%2C52.294001"
                        + "&whatshere%5Bzoom%5D=13.24&z=13.24", .yandex, 52.294001, 8.065475, label: nil)
        #expect(URLTestSupport.error("https://yandex.ru/maps/?whatshere%5Bpoint%5D=55.75,95.1")?.code == .latitudeOutOfRange)
    }

    @Test("Yandex pt with one marker is a place; several markers name no single place")
    func yandexMarker() throws {
        try expectPlace("https://yandex.ru/maps/?pt=37.6175,55.7520,pm2rdm&z=16&l=map", .yandex, 55.7520, 37.6175, label: nil)
        try expectPlace("https://yandex.ru/maps/?ll=37.62,55.75&pt=37.6175%2C55.7520&z=16", .yandex, 55.7520, 37.6175, label: nil)
        #expect(URLTestSupport.error("https://yandex.ru/maps/?pt=37.61,55.75~37.62,55.76")?.code == .invalidParameter)
    }

    @Test("Yandex ll alone is a map view; with rtext it stays the viewport")
    func yandexMapView() throws {
        try expectMapView("https://yandex.kz/maps/?ll=76.9458%2C43.2380&z=12", .yandex, 43.2380, 76.9458, parameter: "ll")
        let route = try parser.parseLink("https://yandex.ru/maps/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd")
        #expect(route.warnings.isEmpty)
        #expect(route.request.destination == .coordinate(c(55.7539, 37.6208), label: nil))
        #expect(URLTestSupport.error("https://yandex.ru/maps/?z=12")?.code == .notADirectionsLink)
        // A search's view does not locate its results; a place page's view is not the place.
        #expect(URLTestSupport.error("https://yandex.ru/maps/?text=coffee&ll=37.62%2C55.75&z=14")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://yandex.ru/maps/org/gum/1077476535/?ll=37.62%2C55.75&z=17")?.code == .unresolvableOffline)
    }

    @Test("Yandex Navigator show_point_on_map is a place labelled by desc")
    func yandexNavigatorPoint() throws {
        try expectPlace("yandexnavi://show_point_on_map?lat=55.7520&lon=37.6175&zoom=16&no-balloon=0&desc=Red%20Square",
                        .yandex, 55.7520, 37.6175, label: "Red Square")
        #expect(URLTestSupport.error("yandexnavi://show_point_on_map?zoom=12")?.code == .missingDestination)
        #expect(URLTestSupport.error("yandexnavi://show_point_on_map?lat=55.7&lon=190")?.code == .longitudeOutOfRange)
    }

    @Test("Yandex organisation pages carry no coordinates: unresolvable offline")
    func yandexOrganisation() throws {
        #expect(URLTestSupport.error("https://yandex.ru/maps/org/gum/1077476535/")?.code == .unresolvableOffline)
        #expect(URLTestSupport.error("https://yandex.com/maps/213/moscow/geo/krasnaya_ploshchad/1507733416/")?.code == .unresolvableOffline)
        try expectPlace("https://yandex.ru/maps/org/gum/1077476535/?pt=37.6215,55.7547", .yandex, 55.7547, 37.6215, label: nil)
    }

    // MARK: 2GIS

    @Test("2GIS /geo/ paths are places (longitude first), on 2GIS and Urbi hosts; an id alone is unresolvable")
    func twoGISGeo() throws {
        try expectPlace("https://2gis.kz/almaty/geo/9430047375013218/76.9458,43.2380", .twoGIS, 43.2380, 76.9458, label: nil)
        try expectPlace("https://maps.urbi.ae/dubai/geo/55.2744%2C25.1972?m=55.2744%2C25.1972%2F17", .twoGIS, 25.1972, 55.2744, label: nil)
        try expectPlace("https://urbi-sa.com/riyadh/geo/46.6753,24.7136", .twoGIS, 24.7136, 46.6753, label: nil)
        try expectPlace("dgis://2gis.ru/geo/70000001006794433/37.6176,55.7558", .twoGIS, 55.7558, 37.6176, label: nil)
        try expectPlace("dgis://2gis.ru/geo/37.6176,55.7558", .twoGIS, 55.7558, 37.6176, label: nil)
        try expectPlace("https://2gis.ru/geo/37.6176%2C55.7558", .twoGIS, 55.7558, 37.6176, label: nil)
        // The app's route form without rsType (public launchers write it): from here, no mode.
        #expect(try parser.parse("dgis://2gis.ru/routeSearch/to/37.6176,55.7558/go")
            == DirectionsRequest(destination: .coordinate(c(55.7558, 37.6176), label: nil)))
        #expect(URLTestSupport.error("https://2gis.ru/moscow/geo/70000001006794433")?.code == .unresolvableOffline)
        #expect(URLTestSupport.error("https://2gis.ru/moscow/geo/1/55.7558,37.6176,9")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://2gis.ru/moscow/geo/1/37.6176,95.1")?.code == .latitudeOutOfRange)
    }

    @Test("2GIS m= alone is a map view; getimage's centre is a map view labelled with its title")
    func twoGISMapView() throws {
        try expectMapView("https://2gis.ru/moscow?m=37.6208%2C55.7539%2F16", .twoGIS, 55.7539, 37.6208, parameter: "m")
        try expectMapView("https://2gis.ru/moscow/center/37.6208,55.7539/zoom/16", .twoGIS, 55.7539, 37.6208, parameter: "center")
        #expect(URLTestSupport.error("https://2gis.ru/moscow/center/55.7539,137.6208/zoom/16")?.code == .latitudeOutOfRange)
        try expectMapView("https://share.api.2gis.ru/getimage?city=moscow&zoom=17&center=37.6176%2C55.7558&title=Red%20Square",
                          .twoGIS, 55.7558, 37.6176, parameter: "center", label: "Red Square")
        #expect(URLTestSupport.error("https://share.api.2gis.ru/getimage?zoom=17")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://2gis.ru/moscow/search/coffee?m=37.62%2C55.75%2F14")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://2gis.ru/moscow/firm/70000001?m=37.62%2C55.75%2F14")?.code == .notADirectionsLink)
        // A route's m= stays the viewport.
        let route = try parser.parseLink("https://2gis.ru/moscow/directions/points/%7C37.6176%2C55.7558?m=37.62%2C55.75%2F14")
        #expect(route.warnings.isEmpty)
        #expect(route.request.destination == .coordinate(c(55.7558, 37.6176), label: nil))
    }

    // MARK: Magic Earth

    @Test("Magic Earth show_on_map is a place with its name; get_directions and the mode actions are routes")
    func magicEarth() throws {
        try expectPlace("magicearth://?show_on_map&lat=47.3769&lon=8.5417&name=Z%C3%BCrich%20HB", .magicEarth, 47.3769, 8.5417, label: "Zürich HB")
        try expectPlace("https://magicearth.com/?show_on_map&lat=47.3769&lon=8.5417&name=Zurich+HB&z=16", .magicEarth, 47.3769, 8.5417, label: "Zurich HB")
        try expectPlace("https://magicearth.com/?lat=47.3769&lon=8.5417", .magicEarth, 47.3769, 8.5417, label: nil)
        let drive = try parser.parse("magicearth://?get_directions&drive_to&lat=47.3769&lon=8.5417")
        #expect(drive == DirectionsRequest(destination: .coordinate(c(47.3769, 8.5417), label: nil), mode: .car))
        let walk = try parser.parse("magicearth://?walk_to&lat=47.3769&lon=8.5417")
        #expect(walk.mode == .pedestrian)
        let transit = try parser.parse("magicearth://?get_directions&public_transport_to&lat=47.3769&lon=8.5417")
        #expect(transit.mode == nil && transit.transportType == .transit)
        let plain = try parser.parse("magicearth://?get_directions&lat=47.3769&lon=8.5417")
        #expect(plain.mode == nil && plain.transportType == nil)
        let address = try parser.parse("magicearth://?get_directions&q=Bahnhofstrasse%201%2C%20Z%C3%BCrich")
        #expect(address.destination == .address("Bahnhofstrasse 1, Zürich"))
    }

    @Test("Magic Earth errors: a text search, a missing half, no destination, out of range")
    func magicEarthErrors() throws {
        #expect(URLTestSupport.error("magicearth://?open_search&q=coffee")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("magicearth://?show_on_map&lat=47.3769")?.code == .malformedNumber)
        #expect(URLTestSupport.error("magicearth://?get_directions")?.code == .missingDestination)
        #expect(URLTestSupport.error("magicearth://?show_on_map&lat=91&lon=8")?.code == .latitudeOutOfRange)
        #expect(URLTestSupport.error("https://magicearth.com/download")?.code == .notADirectionsLink)
    }

    // MARK: Mapy

    @Test("Mapy route links: lon,lat points, waypoints, routeType; no start is the current location")
    func mapyRoute() throws {
        let r = try parser.parseLink("https://mapy.com/fnc/v1/route?mapset=outdoor&start=14.4208,50.0875&end=14.4011,50.0901"
            + "&waypoints=14.41,50.08;14.405,50.085&routeType=foot_hiking&navigate=true")
        #expect(r.format == .mapy)
        #expect(r.warnings.isEmpty)
        #expect(r.request.source == .coordinate(c(50.0875, 14.4208), label: nil))
        #expect(r.request.waypoints == [.coordinate(c(50.08, 14.41), label: nil), .coordinate(c(50.085, 14.405), label: nil)])
        #expect(r.request.destination == .coordinate(c(50.0901, 14.4011), label: nil))
        #expect(r.request.mode == .pedestrian)
        let here = try parser.parse("https://mapy.cz/fnc/v1/route?end=16.6068,49.1951&routeType=car_fast")
        #expect(here == DirectionsRequest(destination: .coordinate(c(49.1951, 16.6068), label: nil), mode: .car))
        #expect(URLTestSupport.error("https://mapy.com/fnc/v1/route?end=16.6,49.2&routeType=boat")?.code == .unknownMode)
        #expect(URLTestSupport.error("https://mapy.com/fnc/v1/route?start=16.6,49.2")?.code == .missingDestination)
        #expect(URLTestSupport.error("https://mapy.com/fnc/v1/route?end=49.2,96.6")?.code == .latitudeOutOfRange)
    }

    @Test("Mapy pins and markers are places; showmap without a marker and x/y are map views")
    func mapyPlaces() throws {
        try expectPlace("https://mapy.com/fnc/v1/showmap?center=14.4011,50.0901&zoom=17&marker=true", .mapy, 50.0901, 14.4011, label: nil)
        try expectPlace("https://mapy.com/en/zakladni?source=coor&id=14.4011%2C50.0901&x=14.4011&y=50.0901&z=17", .mapy, 50.0901, 14.4011, label: nil)
        try expectMapView("https://en.mapy.cz/fnc/v1/showmap?center=14.4208,50.0875&zoom=15", .mapy, 50.0875, 14.4208, parameter: "center")
        try expectMapView("https://www.mapy.com/en/zakladni?x=14.4208&y=50.0875&z=15", .mapy, 50.0875, 14.4208, parameter: "x")
        #expect(URLTestSupport.error("https://mapy.com/en/zakladni?source=firm&id=12345")?.code == .unresolvableOffline)
        #expect(URLTestSupport.error("https://mapy.com/?x=14.42&y=95")?.parameter == "y")
        #expect(URLTestSupport.error("https://mapy.com/?x=east&y=50")?.code == .malformedNumber)
        #expect(URLTestSupport.error("https://mapy.com/fnc/v1/search?query=Praha")?.code == .notADirectionsLink)
        #expect(URLTestSupport.error("https://mapy.com/s/jelokuzafa")?.code == .unresolvableOffline)
        #expect(URLTestSupport.error("https://mapy.com/en/zakladni?q=kavarna&x=14.42&y=50.08&z=14")?.code == .notADirectionsLink)
        // A route as an rc code is not read, and its x/y view must not become the destination.
        #expect(URLTestSupport.error("https://mapy.com/en/zakladni?planovani-trasy&rc=9gz-HxYH7ngonA6&x=14.42&y=50.08&z=13")?.code == .notADirectionsLink)
    }

    // MARK: Writers

    @Test("Magic Earth and Mapy writers: what they write and what they cannot")
    func writers() throws {
        let zurich = DirectionsRequest(destination: .coordinate(c(47.3769, 8.5417), label: "HB"), mode: .pedestrian)
        let me = try DirectionsLinkBuilder.build(zurich, as: .magicEarth)
        #expect(me.url == "magicearth://?get_directions&walk_to&lat=47.3769&lon=8.5417")
        #expect(me.omitted == ["destination label: Magic Earth directions links carry no name"])
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(source: .coordinate(c(47, 8), label: nil), destination: .address("Bern")), as: .magicEarth)
        }
        let prague = DirectionsRequest(source: .coordinate(c(50.0875, 14.4208), label: nil), destination: .coordinate(c(50.0901, 14.4011), label: nil),
                                       waypoints: [.coordinate(c(50.08, 14.41), label: nil)], mode: .bike)
        let mapy = try DirectionsLinkBuilder.build(prague, as: .mapy)
        #expect(mapy.url == "https://mapy.com/fnc/v1/route?start=14.4208,50.0875&end=14.4011,50.0901&waypoints=14.41,50.08&routeType=bike_road")
        #expect(mapy.omitted.isEmpty)
        #expect(try parser.parse(mapy.url) == prague)
        #expect(throws: LinkBuildError.self) { try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Brno")), as: .mapy) }
    }

    @Test("A map view's approximate centre, written in any format, is listed as omitted")
    func approximateIsOmitted() throws {
        let view = try parser.parse("https://yandex.kz/maps/?ll=76.9458%2C43.2380&z=12")
        for format in [LinkFormat.here, .yandex, .twoGIS, .magicEarth, .mapy] {
            let built = try DirectionsLinkBuilder.build(view, as: format)
            #expect(built.omitted.contains { $0.hasPrefix("destination precision: approximate") }, "\(format): \(built.omitted)")
        }
    }
}
