// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// geo: lenient repairs (issue 17 item 4): an invalid optional parameter is dropped with an
/// `ignored-value` warning naming it, the point is kept; strict mode throws the original error.
@Suite("geo: invalid optional parameters dropped when lenient")
struct GeoLenientParameterTests {
    let parser = URLTestSupport.parser
    let strict = DirectionsURLParser(strict: true)

    @Test(arguments: [
        ("geo:46.2044,6.1432;u=abc", DirectionsURLError.Code.malformedNumber, "u"),
        ("geo:46.2044,6.1432;u=-5", .invalidParameter, "u"),
        ("geo:46.2044,6.1432;u=", .repairedSyntax, "u"),
        ("geo:46.2044,6.1432;u", .malformedNumber, "u"),
        ("geo:46.2044,6.1432;crs=", .repairedSyntax, "crs"),
        ("geo:46.2044,6.1432;u=10;u=20", .duplicateParameter, "u"),
        ("geo:46.2044,6.1432;crs=wgs84;u=10;u=abc", .duplicateParameter, "u"),
    ])
    func dropped(_ url: String, _ strictCode: DirectionsURLError.Code, _ parameter: String) throws {
        let link = try parser.parseLink(url)
        #expect(link.request.source == .currentLocation)
        #expect(link.request.destination == .coordinate(Coordinate(latitude: 46.2044, longitude: 6.1432), label: nil))
        #expect(link.request.destination.precision == .exact)
        #expect(link.warnings.map(\.code) == [.ignoredValue], "\(url): \(link.warnings)")
        #expect(link.warnings.map(\.parameter) == [parameter])
        #expect(link.warnings.allSatisfy { !$0.message.contains("\n") })
        let e = try #require(URLTestSupport.error(url, parser: strict))
        #expect(e.code == strictCode, "\(url)")
        #expect(e.parameter == parameter)
    }

    @Test("a label in the query survives a dropped parameter")
    func labelKept() throws {
        let link = try parser.parseLink("geo:46.2044,6.1432;u=x?q=46.2044,6.1432(Jet+d%27Eau)")
        #expect(link.request.destination == .coordinate(Coordinate(latitude: 46.2044, longitude: 6.1432), label: "Jet d'Eau"))
        #expect(link.warnings.map(\.code) == [.ignoredValue])
    }

    @Test("still errors: a crs other than wgs84, a repeated crs, a bad escape")
    func stillErrors() {
        #expect(URLTestSupport.error("geo:46.2044,6.1432;crs=epsg2056")?.code == .unsupportedCRS)
        #expect(URLTestSupport.error("geo:46.2044,6.1432;crs=wgs84;crs=wgs84")?.code == .duplicateParameter)
        #expect(URLTestSupport.error("geo:46.2044,6.1432;u=%zz")?.code == .malformedURL)
    }
}
