// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// Fixtures of my own, modelled on the two real cases (a city-sized box and a campus-sized box written
/// as [latitude, longitude]), and negatives that must stay silent.
@Suite("Swapped axes")
struct SwappedAxesTests {
    /// A box around Birmingham (GB) with each position written [latitude, longitude].
    static let birminghamAsLatLon = ringAsWritten([(52.62, -2.08), (52.36, -2.12), (52.34, -1.70), (52.60, -1.66)])
    /// A 400 m box beside Charlottesville, Virginia, written [latitude, longitude].
    static let campusAsLatLon = ringAsWritten([(38.036, -78.468), (38.036, -78.463), (38.040, -78.463), (38.040, -78.468)])

    @Test func cityBoxWrittenAsLatLonLandsInTheOceanAndContainsTheCitySwapped() throws {
        let evidence = try #require(SwappedAxes.evidence(for: [Self.birminghamAsLatLon]))
        #expect(evidence.asWritten.isEmpty)
        #expect(evidence.swapped.first == place("Birmingham", "GB"))
        #expect(evidence.swapped.count == 3)
        #expect(evidence.swappedDistance == 0)
        // As written it is in the Indian Ocean, hundreds of kilometres from any town.
        #expect(evidence.asWrittenDistance > 300_000)
        #expect((evidence.asWrittenCentre.latitude - -1.89).magnitude < 0.01)
        #expect((evidence.asWrittenCentre.longitude - 52.48).magnitude < 0.01)
        #expect(evidence.message.hasPrefix("as written ([longitude, latitude]) this area lies at 1.89°S 52.48°E"))
        #expect(evidence.message.contains("contains no populated place; the nearest, \(evidence.asWrittenNearest)"))
        #expect(evidence.message.contains("read as [latitude, longitude] it contains Birmingham"))
    }

    @Test func campusBoxWrittenAsLatLonLandsInAntarcticaAndIsBesideTheTownSwapped() throws {
        let evidence = try #require(SwappedAxes.evidence(for: [Self.campusAsLatLon]))
        #expect(evidence.swapped.isEmpty)
        #expect(evidence.swappedNearest == place("Charlottesville", "US"))
        #expect(evidence.swappedDistance > 0 && evidence.swappedDistance < SwappedAxes.nearDistance)
        #expect(evidence.asWrittenDistance > 3_000_000)
        #expect(evidence.asWrittenCentre.latitude < -78)
        #expect(evidence.message.contains("read as [latitude, longitude] it lies at 38.04°N 78.47°W"))
        #expect(evidence.message.hasSuffix("from Charlottesville (US)"))
    }

    @Test func cityBoxLandingNearACoastIsStrongEvidence() throws {
        // A box over Madrid written [latitude, longitude] lands about 35 km off the Kenyan coast: not
        // remote by the 50 km rule, but empty against a city of many places read the other way.
        let madrid = ringAsWritten([(40.30, -3.85), (40.30, -3.55), (40.55, -3.55), (40.55, -3.85)])
        let evidence = try #require(SwappedAxes.evidence(for: [madrid]))
        #expect(evidence.asWritten.isEmpty)
        #expect(evidence.swapped.first == place("Madrid", "ES"))
        #expect(evidence.asWrittenDistance >= SwappedAxes.strongRemoteDistance)
        #expect(evidence.asWrittenDistance < SwappedAxes.remoteDistance)
    }

    @Test func correctlyWrittenBoxesAreLeftAlone() {
        // The same two areas with the axes put right.
        let swap: ([Coordinate]) -> [Coordinate] = { $0.map { Coordinate(latitude: $0.longitude, longitude: $0.latitude) } }
        #expect(SwappedAxes.evidence(for: [swap(Self.birminghamAsLatLon)]) == nil)
        #expect(SwappedAxes.evidence(for: [swap(Self.campusAsLatLon)]) == nil)
        // A small box beside Reading (GB): no place inside, but a town 2 km away, so not remote.
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(-0.95, 51.43), (-0.94, 51.43), (-0.94, 51.44), (-0.95, 51.44)])]) == nil)
    }

    @Test func boxAroundPerthCannotBeSwapped() {
        // Longitudes over 90: reading them as latitudes is impossible.
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(115.6, -32.3), (116.2, -32.3), (116.2, -31.6), (115.6, -31.6)])]) == nil)
    }

    @Test func worldBoxIsLeftAlone() {
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(-180, -90), (180, -90), (180, 90), (-180, 90)])]) == nil)
        // Within ±90 both ways, and full of places either way.
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(-90, -85), (90, -85), (90, 85), (-90, 85)])]) == nil)
    }

    @Test func oceanBoxThatStaysOceanWhenSwapped() {
        // South Atlantic; read the other way it is off the coast of Brazil, ~500 km from any town.
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(-30, -45), (-25, -45), (-25, -40), (-30, -40)])]) == nil)
    }

    @Test func mixedFilesAreLeftAlone() {
        // One polygon swapped, one right: the file covers places as written.
        let right = ringAsWritten([(-1.95, 52.45), (-1.85, 52.45), (-1.85, 52.52), (-1.95, 52.52)])
        #expect(SwappedAxes.evidence(for: [Self.birminghamAsLatLon, right]) == nil)
    }

    @Test func unusableInputGivesNoEvidence() {
        #expect(SwappedAxes.evidence(for: []) == nil)
        #expect(SwappedAxes.evidence(for: [[]]) == nil)
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(52.6, .nan), (52.3, -2.1), (52.3, -1.7)])]) == nil)
        #expect(SwappedAxes.evidence(for: [ringAsWritten([(52.6, 200), (52.3, -2.1), (52.3, -1.7)])]) == nil)
    }

    @Test func everyGazetteerPlaceCoveredByATinyBoxIsNotReported() {
        // A tiny box around each of a spread of real places, written correctly: never evidence.
        let places = stride(from: 0, to: Gazetteer.places.count, by: 997).map { Gazetteer.places[$0] }
        for p in places {
            let c = p.coordinate
            let ring = ringAsWritten([
                (c.longitude - 0.01, c.latitude - 0.01), (c.longitude + 0.01, c.latitude - 0.01),
                (c.longitude + 0.01, c.latitude + 0.01), (c.longitude - 0.01, c.latitude + 0.01),
            ])
            #expect(SwappedAxes.evidence(for: [ring]) == nil, "\(p)")
        }
    }
}
