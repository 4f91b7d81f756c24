// SPDX-License-Identifier: Apache-2.0
/// The first check of the geo/OSM/OsmAnd/Organic/ge0 builders: a request built in code may hold a
/// coordinate out of range (NaN, latitude 91); writing it would invent a place.
enum BuiltCoordinates {
    /// - Throws: `cannot-express` naming the endpoint (`waypoint[0]`) whose coordinate is not finite or in range.
    static func check(_ request: DirectionsRequest) throws(LinkBuildError) {
        for (role, endpoint) in request.endpoints {
            guard let c = endpoint.coordinate else { continue }
            if (try? Coordinate.validated(latitude: c.latitude, longitude: c.longitude)) == nil {
                throw LinkBuildError.cannot(role.description, "\(role) \(c) is not a WGS84 coordinate (latitude -90...90, longitude -180...180)")
            }
        }
    }

    /// For a format that always starts where the device is (`geo:`, ge0, `google.navigation`).
    /// - Throws: `cannot-express` naming `source`, with `message`, when the source is not the current location.
    static func requireSourceHere(_ request: DirectionsRequest, _ message: String) throws(LinkBuildError) {
        if request.source != .currentLocation { throw LinkBuildError(code: .cannotExpress, message: message, field: "source") }
    }
}
