// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Fixtures: small coverage files of our own.
enum Fixture {
    /// Greater London, [longitude, latitude], counter-clockwise: the recipe's area with the axes put right.
    static let london = """
        {"type":"MultiPolygon","coordinates":[[[[-0.989542,52.257770],[-0.943830,51.001232],
        [0.303471,51.050521],[0.362244,51.848169],[-0.989542,52.257770]]]]}
        """
    /// Paris and its inner suburbs.
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """

    static func coverage(_ text: String) throws -> Coverage {
        try #require(CoverageValidator.validate(Array(text.utf8)).coverage)
    }

    static let westminsterAbbey = Coordinate(latitude: 51.500543, longitude: -0.135702)
    static let bigBen = Coordinate(latitude: 51.500652, longitude: -0.124833)
    static let eiffelTower = Coordinate(latitude: 48.8584, longitude: 2.2945)
}

@Suite struct EligibilityTests {
    let london: RoutingApp
    let paris: RoutingApp

    init() throws {
        london = RoutingApp(id: "London", coverage: try Fixture.coverage(Fixture.london))
        paris = RoutingApp(id: "Paris", coverage: try Fixture.coverage(Fixture.paris))
    }

    @Test func recipeRouteIsServedByLondon() {
        let request = DirectionsRequest(destination: .coordinate(Fixture.bigBen, label: nil), mode: .pedestrian)
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == true)
        #expect(verdict.reasons.isEmpty)
    }

    @Test func destinationOutsideRulesTheAppOutAndIsNamed() throws {
        let request = DirectionsRequest(destination: .coordinate(Fixture.eiffelTower, label: "Eiffel Tower"))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == false)
        let reason = try #require(verdict.reasons.first)
        #expect(verdict.reasons.count == 1)
        #expect(reason.role == .destination)
        #expect(reason.rule == .outsideCoverage)
        #expect(reason.message.hasPrefix("destination 48.8584, 2.2945 (Eiffel Tower) is outside"))
    }

    @Test func anApproximateDestinationInsideKeepsTheAppEligibleWithANote() throws {
        let request = DirectionsRequest(destination: .coordinate(Fixture.bigBen, label: "Westminster", precision: .approximate))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == true)
        let reason = try #require(verdict.reasons.first)
        #expect(verdict.reasons.count == 1)
        #expect(reason.role == .destination)
        #expect(reason.rule == .approximatePoint)
        #expect(reason.rule.isNote && !reason.rule.rulesOut)
        #expect(reason.message.hasPrefix("destination 51.500652, -0.124833 (Westminster) is only the centre of the map view"))
        // The same point given exactly: no note.
        let exact = DirectionsRequest(destination: .coordinate(Fixture.bigBen, label: "Westminster"))
        #expect(Eligibility.verdict(for: exact, app: london, currentLocation: Fixture.westminsterAbbey).reasons.isEmpty)
    }

    @Test func anApproximateDestinationOutsideSaysItWasAMapViewsCentre() throws {
        let request = DirectionsRequest(destination: .coordinate(Fixture.eiffelTower, label: nil, precision: .approximate))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.rule) == [.outsideCoverage])
        #expect(verdict.reasons.first?.message.hasPrefix(
            "destination 48.8584, 2.2945, only the centre of the map view the link showed, is outside the coverage of London") == true)
    }

    @Test func aCoverageWrittenLatitudeFirstIsHintedAt() throws {
        // Paris written [latitude, longitude]: the box 48.65…49.05 "east", 2.05…2.65 "north".
        let swapped = RoutingApp(id: "ParisSwapped", coverage: try Fixture.coverage("""
            {"type":"MultiPolygon","coordinates":[[[[48.65,2.05],[49.05,2.05],[49.05,2.65],[48.65,2.65],[48.65,2.05]]]]}
            """))
        let request = DirectionsRequest(source: .currentLocation, destination: .coordinate(Fixture.eiffelTower, label: nil))
        let verdict = Eligibility.verdict(for: request, app: swapped, currentLocation: Fixture.eiffelTower)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.rule) == [.outsideCoverage, .outsideCoverage])
        for reason in verdict.reasons {
            #expect(reason.message.hasSuffix(
                "outside the coverage of ParisSwapped (but inside it with latitude and longitude swapped: is the coverage file, or the link, in [latitude, longitude] order? routingctl validate says; --fix --swap-axes repairs a file)"),
                "\(reason.message)")
        }
        // An ordinary miss says nothing more.
        let plain = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.eiffelTower)
        #expect(plain.reasons.allSatisfy { $0.message.hasSuffix("outside the coverage of London") })
    }

    @Test func unknownCurrentLocationIsUndetermined() throws {
        let request = DirectionsRequest(destination: .coordinate(Fixture.bigBen, label: nil))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: nil)
        #expect(verdict.eligible == nil)
        #expect(verdict.reasons.map(\.rule) == [.currentLocationUnknown])
        #expect(verdict.reasons.first?.role == .source)
    }

    @Test func anEndpointOutsideWinsOverAnUnknownOne() {
        let request = DirectionsRequest(destination: .coordinate(Fixture.eiffelTower, label: nil))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: nil)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.rule) == [.currentLocationUnknown, .outsideCoverage])
    }

    @Test func addressesAreUndeterminedNeverGuessed() {
        let request = DirectionsRequest(source: .address("Westminster Abbey"), destination: .coordinate(Fixture.bigBen, label: nil))
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == nil)
        #expect(verdict.reasons.map(\.rule) == [.addressUnresolved])
    }

    @Test func everyWaypointMustBeCovered() {
        let request = DirectionsRequest(
            source: .coordinate(Fixture.westminsterAbbey, label: nil),
            destination: .coordinate(Fixture.bigBen, label: nil),
            waypoints: [.coordinate(Fixture.bigBen, label: nil), .coordinate(Fixture.eiffelTower, label: nil)])
        let verdict = Eligibility.verdict(for: request, app: london, currentLocation: nil)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.role) == [.waypoint(1)])
        #expect(verdict.reasons.first?.message.hasPrefix("waypoint[1] ") == true)
    }

    @Test func currentLocationOutsideCoverageIsNamed() {
        let request = DirectionsRequest(destination: .coordinate(Fixture.eiffelTower, label: nil))
        let verdict = Eligibility.verdict(for: request, app: paris, currentLocation: Fixture.westminsterAbbey)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.role) == [.source])
        #expect(verdict.reasons.first?.message.contains("current location") == true)
    }

    @Test func modeMustBeServed() {
        let bikeOnly = RoutingApp(id: "Bikes", modes: [.bike], coverage: london.coverage)
        let walk = DirectionsRequest(
            source: .coordinate(Fixture.westminsterAbbey, label: nil),
            destination: .coordinate(Fixture.bigBen, label: nil), mode: .pedestrian)
        #expect(Eligibility.verdict(for: walk, app: bikeOnly, currentLocation: nil).eligible == false)
        #expect(Eligibility.verdict(for: walk, app: bikeOnly, currentLocation: nil).reasons.map(\.rule) == [.modeNotSupported])
        var anyMode = walk
        anyMode.mode = nil
        anyMode.transportType = nil
        #expect(Eligibility.verdict(for: anyMode, app: bikeOnly, currentLocation: nil).eligible == true)
        var transit = anyMode
        transit.transportType = .transit
        #expect(Eligibility.verdict(for: transit, app: bikeOnly, currentLocation: nil).eligible == false)
        let buses = RoutingApp(id: "Buses", modes: [.bus], coverage: london.coverage)
        #expect(Eligibility.verdict(for: transit, app: buses, currentLocation: nil).eligible == true)
    }

    @Test func verdictsListEligibleThenUndeterminedThenIneligible() {
        let nowhere = RoutingApp(id: "A-Paris", coverage: paris.coverage)
        let request = DirectionsRequest(destination: .coordinate(Fixture.bigBen, label: nil))
        let known = Eligibility.verdicts(for: request, apps: [nowhere, london], currentLocation: Fixture.westminsterAbbey)
        #expect(known.map(\.appID) == ["London", "A-Paris"])
        let unknown = Eligibility.verdicts(for: request, apps: [london, nowhere], currentLocation: nil)
        #expect(unknown.map(\.appID) == ["London", "A-Paris"])
        #expect(unknown.map(\.eligible) == [nil, false])
    }
}

@Suite struct AppRegistryTests {
    @Test func invalidAndUnreadableFilesAreKeptButServeNothing() {
        let registry = AppRegistry(files: [
            (path: "/c/Paris.geojson", contents: .success(Array(Fixture.paris.utf8))),
            (path: "/c/Broken.geojson", contents: .success(Array(#"{"type":"Polygon","coordinates":[]}"#.utf8))),
            (path: "/c/Gone.geojson", contents: .failure(.init("/c/Gone.geojson: cannot read: permission denied"))),
            (path: "/c/London.geojson", contents: .success(Array(Fixture.london.utf8))),
        ])
        #expect(registry.entries.map(\.id) == ["Broken", "Gone", "London", "Paris"])
        #expect(registry.apps.map(\.id) == ["London", "Paris"])
        #expect(registry.invalidEntries.map(\.id) == ["Broken", "Gone"])
        #expect(registry["Broken"]?.firstError?.hasPrefix("/c/Broken.geojson:1:") == true)
        #expect(registry["Gone"]?.firstError == "/c/Gone.geojson: cannot read: permission denied")
    }

    @Test func appIDIsTheFileNameWithoutExtension() {
        #expect(AppRegistry.appID(forPath: "/srv/Coverage/London.geojson") == "London")
        #expect(AppRegistry.appID(forPath: "Bay.Area.geojson") == "Bay.Area")
    }
}

/// The current location's provenance and accuracy in the verdicts.
@Suite struct CurrentLocationEligibilityTests {
    let london: RoutingApp

    init() throws {
        london = RoutingApp(id: "London", coverage: try Fixture.coverage(Fixture.london))
    }

    @Test func reasonsSayWhichLocationWasUsed() throws {
        let request = DirectionsRequest(source: .currentLocation, destination: .coordinate(Fixture.bigBen, label: nil, placeID: nil))
        let given = try CurrentLocation.validated(latitude: 48.8584, longitude: 2.2945, accuracy: 12.4, source: "geoclue2", origin: .request)
        let verdict = Eligibility.verdict(for: request, app: london, location: given)
        #expect(verdict.eligible == false)
        #expect(verdict.reasons.map(\.message) == [
            "source is the current location 48.8584, 2.2945 (given with the request by geoclue2, ±12 m), outside the coverage of London"
        ])
        let daemons = Eligibility.verdict(for: request, app: london, currentLocation: Fixture.eiffelTower)
        #expect(daemons.reasons.first?.message.contains("(the daemon's)") == true)
    }

    @Test func invalidValuesNameTheirField() {
        let cases: [(Double, Double, Double?, String?, String)] = [
            (90.0001, 0, nil, nil, "latitude"), (.nan, 0, nil, nil, "latitude"), (0, -180.5, nil, nil, "longitude"),
            (0, 0, -0.1, nil, "accuracy"), (0, 0, .infinity, nil, "accuracy"), (0, 0, nil, "", "source"),
            (0, 0, nil, String(repeating: "x", count: 201), "source"),
        ]
        for (latitude, longitude, accuracy, source, field) in cases {
            do {
                _ = try CurrentLocation.validated(latitude: latitude, longitude: longitude, accuracy: accuracy, source: source, origin: .request)
                Issue.record("accepted \(latitude), \(longitude), \(String(describing: accuracy)), \(String(describing: source))")
            } catch {
                #expect(error.field == field)
            }
        }
        #expect((try? CurrentLocation.validated(latitude: -90, longitude: 180, accuracy: 0, source: "a\nb", origin: .request))?.source == "a\\nb")
    }

    /// Westminster Abbey is some kilometres inside London: measure it, then ask with an accuracy either side.
    @Test func aNoteWhenTheAccuracyReachesTheBoundary() throws {
        let request = DirectionsRequest(source: .currentLocation, destination: .coordinate(Fixture.bigBen, label: nil, placeID: nil))
        let distance = try #require(london.coverage.boundaryDistance(from: Fixture.westminsterAbbey))
        let wide = try CurrentLocation.validated(
            latitude: Fixture.westminsterAbbey.latitude, longitude: Fixture.westminsterAbbey.longitude,
            accuracy: distance + 100, source: "geoclue2", origin: .request)
        let flagged = Eligibility.verdict(for: request, app: london, location: wide)
        #expect(flagged.eligible == true, "a note does not change the verdict")
        #expect(flagged.reasons.map(\.rule) == [.nearCoverageBoundary])
        #expect(flagged.reasons.first?.message.contains("the route may not be served") == true)
        var narrow = wide
        narrow.accuracy = distance - 100
        #expect(Eligibility.verdict(for: request, app: london, location: narrow).reasons.isEmpty)
        // Without an accuracy nothing is said.
        narrow.accuracy = nil
        #expect(Eligibility.verdict(for: request, app: london, location: narrow).reasons.isEmpty)
    }
}
