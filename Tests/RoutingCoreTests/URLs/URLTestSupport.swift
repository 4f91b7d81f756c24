// SPDX-License-Identifier: Apache-2.0
@testable import DirectionsLinks
@testable import RoutingCore

/// Shared helpers for the directions-URL tests (named for URLs so they cannot collide with other suites).
enum URLTestSupport {
    static let parser = DirectionsURLParser()

    /// The error `parse` throws, or nil when it succeeds.
    static func error(_ url: String, parser: DirectionsURLParser = parser) -> DirectionsURLError? {
        do {
            _ = try parser.parse(url)
            return nil
        } catch {
            return error
        }
    }

    /// A coordinate endpoint.
    static func point(_ latitude: Double, _ longitude: Double, _ label: String? = nil) -> Endpoint {
        .coordinate(Coordinate(latitude: latitude, longitude: longitude), label: label)
    }
}
