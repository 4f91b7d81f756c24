// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("Organic Maps and MAPS.ME route and map links")
struct OrganicMapsLinkTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)
    func point(_ lat: Double, _ lon: Double, _ label: String? = nil) -> Endpoint { URLTestSupport.point(lat, lon, label) }
    func error(_ url: String, strict: Bool = false) -> DirectionsURLError? {
        URLTestSupport.error(url, parser: strict ? self.strict : parser)
    }

    @Test("D06: saddr/daddr are names next to sll/dll; unknown parameters are ignored")
    func routeWithNames() throws {
        let link = try strict.parseLink(
            "om://route?v=1&sll=48.8584,2.2945&saddr=Eiffel%20Tower&dll=48.8606,2.3376&daddr=Louvre&type=pedestrian&ignoreThisParam=Yes")
        #expect(link.format == .organicMaps)
        #expect(link.request.source == point(48.8584, 2.2945, "Eiffel Tower"))
        #expect(link.request.destination == point(48.8606, 2.3376, "Louvre"))
        #expect(link.request.mode == .pedestrian)
        #expect(link.request.transportType == .walking)
        #expect(link.request.waypoints.isEmpty)
        #expect(link.warnings.isEmpty)
    }

    @Test("D06: a route without type is a repair (Organic Maps rejects it)")
    func routeWithoutType() throws {
        let url = "om://route?sll=48.8584,2.2945&saddr=Eiffel+Tower&dll=48.8606,2.3376&daddr=Louvre"
        let link = try parser.parseLink(url)
        #expect(link.request.mode == nil)
        #expect(link.request.destination == point(48.8606, 2.3376, "Louvre"))
        #expect(link.warnings.map(\.code) == [.repairedSyntax])
        #expect(link.warnings.first?.parameter == "type")
        let e = try #require(error(url, strict: true))
        #expect(e.code == .repairedSyntax)
        #expect(e.parameter == "type")
    }

    @Test func everyTypeAndAlias() throws {
        let cases: [(String, DirectionsMode?, TransportType?)] = [
            ("vehicle", .car, .automobile), ("pedestrian", .pedestrian, .walking), ("bicycle", .bike, .cycling),
            ("TRANSIT", nil, .transit),
        ]
        for (type, mode, transport) in cases {
            for scheme in ["om://", "mapswithme://", "mapsme://", "https://omaps.app/"] {
                let r = try strict.parse("\(scheme)route?sll=1,1&saddr=name0&dll=2,2&daddr=name1&type=\(type)")
                #expect(r.mode == mode && r.transportType == transport, "\(scheme) \(type)")
                #expect(r.source == point(1, 1, "name0"))
            }
        }
        let unknown = try #require(error("om://route?sll=1,1&saddr=a&dll=2,2&daddr=b&type=taxi"))
        #expect(unknown.code == .unknownMode)
        #expect(unknown.parameter == "type")
    }

    @Test func orderAndMissingParameters() throws {
        let swapped = try parser.parseLink("om://route?saddr=A&sll=1,1&dll=2,2&daddr=B&type=vehicle")
        #expect(swapped.request.source == point(1, 1, "A"))
        #expect(swapped.warnings.map(\.code) == [.repairedSyntax])
        let noStart = try parser.parseLink("om://route?dll=2,2&daddr=B&type=vehicle")
        #expect(noStart.request.source == .currentLocation)
        #expect(noStart.warnings.first?.parameter == "sll")
        #expect(error("om://route?dll=2,2&daddr=B&type=vehicle", strict: true)?.code == .repairedSyntax)
        #expect(error("om://route?sll=1,1&sll=1,1&saddr=A&dll=2,2&daddr=B&type=vehicle")?.code == .duplicateParameter)
        let typo = try #require(error("om://route?sll=1,1&saddr=A&dl=2,2&daddr=B&type=vehicle"))
        #expect(typo.code == .missingDestination)
        #expect(typo.message.contains("'dl'") == false)  // two letters: too short to call a typo
        let typo3 = try #require(error("om://route?sll=1,1&saddr=A&dlll=2,2&daddr=B&type=vehicle"))
        #expect(typo3.message.contains("'dlll'"))
        #expect(error("om://route?sll=1,1&saddr=A&dll=-91,10&daddr=B&type=vehicle")?.code == .latitudeOutOfRange)
        #expect(error("om://route?sll=1,1&saddr=A&dll=23.55,450&daddr=B&type=vehicle")?.code == .longitudeOutOfRange)
        #expect(error("mapswithme://search?query=cafe")?.code == .notADirectionsLink)
        #expect(error("om:route?dll=1,2")?.code == .malformedURL)
    }

    @Test func mapPoints() throws {
        let link = try strict.parseLink("om://map?v=1&ll=54.683486138,25.289361259&n=Forto%20dvaras&z=14")
        #expect(link.request.destination == point(54.683486138, 25.289361259, "Forto dvaras"))
        #expect(link.request.source == .currentLocation)
        let two = try parser.parseLink("https://omaps.app/map?ll=1,2&n=A&ll=3,4&n=B")
        #expect(two.request.destination == point(1, 2, "A"))
        #expect(two.warnings.map(\.code) == [.ignoredValue])
        #expect(error("om://map?n=A")?.code == .missingDestination)
    }

    // MARK: Builder

    @Test func builds() throws {
        let built = try DirectionsLinkBuilder.build(
            DirectionsRequest(source: point(48.8584, 2.2945, "Eiffel Tower"), destination: point(48.8606, 2.3376, "Louvre & Co"), mode: .pedestrian),
            as: .organicMaps)
        #expect(built.url == "om://route?sll=48.8584,2.2945&saddr=Eiffel+Tower&dll=48.8606,2.3376&daddr=Louvre+%26+Co&type=pedestrian")
        #expect(built.omitted.isEmpty)
        let bare = try DirectionsLinkBuilder.build(DirectionsRequest(source: point(1, 1), destination: point(2, 2), mode: .car), as: .organicMaps)
        #expect(bare.url == "om://route?sll=1,1&saddr=&dll=2,2&daddr=&type=vehicle")
        #expect(bare.omitted.isEmpty)
        #expect(try OrganicMapsLink.buildLegacy(DirectionsRequest(source: point(1, 1), destination: point(2, 2))).omitted
            == ["mode: unspecified, but Organic Maps needs a type; vehicle written"])
        // What the legacy link cannot carry goes to v2.
        let noMode = try DirectionsLinkBuilder.build(DirectionsRequest(source: point(1, 1), destination: point(2, 2)), as: .organicMaps)
        #expect(noMode.url == "om://v2/dir?origin=1,1&destination=2,2")
        let nav = try DirectionsLinkBuilder.build(
            DirectionsRequest(
                destination: point(52.5163, 13.3777, "Customer"), waypoints: [point(52.5304, 13.385, "Pickup 1"), point(52.545, 13.392)],
                mode: .bike, avoid: [.tolls], navigate: true),
            as: .organicMaps)
        #expect(nav.url == "om://v2/nav?destination=52.5163,13.3777&destination_name=Customer&waypoints=52.5304,13.385|52.545,13.392&waypoint_names=Pickup+1&mode=bike&avoid=tolls")
        #expect(nav.omitted.isEmpty)
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(destination: .address("Louvre")), as: .organicMaps)
        }
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(1, 2), waypoints: [.address("Cafe")]), as: .organicMaps)
        }
    }

    // MARK: v2

    @Test func v2DocumentedExamples() throws {
        let preview = try strict.parseLink(
            "om://v2/dir?origin=52.5200,13.4050&origin_name=Warehouse%20Berlin&destination=52.5163,13.3777&destination_name=Warehouse%20Berlin%20(Return)&waypoints=52.5304,13.3850%7C52.5450,13.3920%7C52.5612,13.4150&waypoint_names=Anna%20Schmidt%7CBauer%20GmbH%7CM%C3%BCller%20Family&mode=drive&avoid=tolls&ref_name=DeliveryCo%20Driver&callback=delivery%3A%2F%2Fjob%2F4521%2Freturn")
        #expect(preview.format == .organicMaps)
        #expect(preview.request.source == point(52.52, 13.405, "Warehouse Berlin"))
        #expect(preview.request.destination == point(52.5163, 13.3777, "Warehouse Berlin (Return)"))
        #expect(preview.request.waypoints == [
            point(52.5304, 13.385, "Anna Schmidt"), point(52.545, 13.392, "Bauer GmbH"), point(52.5612, 13.415, "Müller Family"),
        ])
        #expect(preview.request.mode == .car)
        #expect(preview.request.avoid == [.tolls])
        #expect(preview.request.navigate == false)
        let nav = try strict.parse(
            "om://v2/nav?destination=52.5163,13.3777&destination_name=Warehouse%20Berlin%20(Return)&waypoints=52.5304,13.3850%7C52.5450,13.3920&mode=drive")
        #expect(nav.source == .currentLocation)
        #expect(nav.navigate)
        #expect(nav.waypoints.count == 2)
        let web = try strict.parse("https://omaps.app/v2/dir?destination=47.38568,8.566878&waypoints=47.395084,8.552692%7C47.3890,8.5580&mode=bike")
        #expect(web.source == .currentLocation)
        #expect(web.mode == .bike)
        #expect(web.waypoints == [point(47.395084, 8.552692), point(47.389, 8.558)])
    }

    @Test func v2Rules() throws {
        // Names align with slots, empty slots are skipped; the last repeated value wins; travelmode is mode.
        let r = try strict.parse("om://v2/dir?origin=currentLocation&destination=3,3&destination=4,4&waypoints=1,1||2,2&waypoint_names=A|X|B&travelmode=walking")
        #expect(r.source == .currentLocation)
        #expect(r.destination == point(4, 4))
        #expect(r.waypoints == [point(1, 1, "A"), point(2, 2, "B")])
        #expect(r.mode == .pedestrian)
        #expect(try strict.parse("om://v2/dir?destination=3,3&dir_action=navigate").navigate)
        // An explicit origin is ignored by navigation: a repair.
        let ignored = try parser.parseLink("om://v2/nav?origin=1,1&destination=3,3")
        #expect(ignored.request.source == .currentLocation)
        #expect(ignored.warnings.map(\.code) == [.ignoredValue])
        #expect(error("om://v2/nav?origin=1,1&destination=3,3", strict: true)?.code == .ignoredValue)
        #expect(error("om://v2/dir?destination=3,3&mode=cycling")?.code == .unknownMode)
        #expect(error("om://v2/dir?destination=3,3&origin_heading=361")?.parameter == "origin_heading")
        #expect(error("om://v2/dir?origin=north&destination=3,3")?.parameter == "origin")
        #expect(error("om://v2/dir?destination=3,3&waypoints=1,1|x")?.parameter == "waypoints")
        #expect(error("om://v2/dir?destinaton=3,3")?.message.contains("'destinaton'") == true)
        #expect(error("om://v2/route?destination=3,3")?.code == .notADirectionsLink)
        let many = (0...100).map { _ in "1,1" }.joined(separator: "|")
        #expect(error("om://v2/dir?destination=3,3&waypoints=\(many)")?.code == .invalidParameter)
    }
}
