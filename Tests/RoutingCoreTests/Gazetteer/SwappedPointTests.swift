// SPDX-License-Identifier: Apache-2.0
@testable import RoutingCore
import Testing

/// ``SwappedPoint``: a current location typed longitude first is noticed; real places, and points
/// that cannot be swapped, are left alone.
@Suite struct SwappedPointTests {
    @Test func parisTypedLongitudeFirstIsNoticed() throws {
        let given = Coordinate(latitude: 2.3522, longitude: 48.8566)
        let evidence = try #require(SwappedPoint.evidence(for: given))
        #expect(evidence.swapped == Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(evidence.swappedNearest.countryCode == "FR")
        #expect(evidence.swappedDistance <= SwappedAxes.nearDistance)
        #expect(evidence.asGivenDistance >= SwappedAxes.remoteDistance)
        #expect(evidence.message.hasPrefix("as given (latitude, longitude) it lies at 2.35°N 48.86°E, "), "\(evidence.message)")
        #expect(evidence.message.contains("; read the other way round it is "), "\(evidence.message)")
    }

    @Test func pointsGivenTheRightWayRoundAreLeftAlone() {
        for (latitude, longitude) in [(48.8566, 2.3522), (51.500543, -0.135702), (-33.8688, 151.2093), (40.7128, -74.006)] {
            #expect(SwappedPoint.evidence(for: Coordinate(latitude: latitude, longitude: longitude)) == nil, "\(latitude), \(longitude)")
        }
    }

    @Test func aPointThatCannotBeSwappedOrReadsTheSameIsLeftAlone() {
        #expect(SwappedPoint.evidence(for: Coordinate(latitude: -30, longitude: -140)) == nil)
        #expect(SwappedPoint.evidence(for: Coordinate(latitude: 10, longitude: 10)) == nil)
    }

    /// A remote point whose swapped reading lands near no town is not evidence.
    @Test func aRemotePointWithNoTownTheOtherWayIsLeftAlone() {
        #expect(SwappedPoint.evidence(for: Coordinate(latitude: -75, longitude: 0)) == nil)
    }
}
