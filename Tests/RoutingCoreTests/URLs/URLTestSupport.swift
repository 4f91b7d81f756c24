// SPDX-License-Identifier: Apache-2.0
import Testing
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

    /// A place link (issue 17): from the current location to `destination`, exact for a coordinate (an
    /// address has no precision), no warning, read as `format`, and the same request in strict mode.
    static func expectPlace(
        _ url: String, _ destination: Endpoint, format: LinkFormat, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let link = try parser.parseLink(url)
        #expect(link.request == DirectionsRequest(destination: destination), "\(url)", sourceLocation: sourceLocation)
        #expect(link.request.destination.precision == (destination.precision == nil ? nil : .exact), "\(url)", sourceLocation: sourceLocation)
        #expect(link.warnings.isEmpty, "\(url): \(link.warnings)", sourceLocation: sourceLocation)
        #expect(link.format == format, "\(url): \(link.format)", sourceLocation: sourceLocation)
        #expect(try DirectionsURLParser(strict: true).parseLink(url).request == link.request, sourceLocation: sourceLocation)
    }

    /// A map-view link (issue 17): the centre, approximate, one `viewport-as-destination` warning on
    /// `parameter`, read as `format`; strict mode refuses it with that code and parameter.
    static func expectMapView(
        _ url: String, _ lat: Double, _ lon: Double, parameter: String, format: LinkFormat,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let link = try parser.parseLink(url)
        #expect(link.request == DirectionsRequest(destination: .coordinate(Coordinate(latitude: lat, longitude: lon), label: nil, precision: .approximate)),
                "\(url)", sourceLocation: sourceLocation)
        #expect(link.request.destination.precision == .approximate, sourceLocation: sourceLocation)
        #expect(link.warnings.map(\.code) == [.viewportAsDestination], "\(url): \(link.warnings)", sourceLocation: sourceLocation)
        #expect(link.warnings.first?.parameter == parameter, sourceLocation: sourceLocation)
        #expect(link.format == format, sourceLocation: sourceLocation)
        let e = try #require(error(url, parser: DirectionsURLParser(strict: true)), sourceLocation: sourceLocation)
        #expect(e.code == .viewportAsDestination, sourceLocation: sourceLocation)
        #expect(e.parameter == parameter, sourceLocation: sourceLocation)
    }
}
