import Testing
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
        let bare = try DirectionsLinkBuilder.build(DirectionsRequest(source: point(1, 1), destination: point(2, 2)), as: .organicMaps)
        #expect(bare.url == "om://route?sll=1,1&saddr=&dll=2,2&daddr=&type=vehicle")
        #expect(bare.omitted.count == 1)
        #expect(throws: LinkBuildError.self) {
            try DirectionsLinkBuilder.build(DirectionsRequest(destination: point(2, 2)), as: .organicMaps)
        }
    }
}
