// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// Where the person at this desktop session is, for one request: the one place `open` and
/// `resolve` ask. The answer goes with the request (varlink `currentLocation`, or the in-process
/// resolution) and decides that request only; the daemon never stores it.
///
/// Sources, in order: `--current-location LAT,LON` (source `command-line`). The user's location
/// service (GeoClue2, in the DesktopSession target) is to be asked here too, after the option and
/// only when the request needs it; until then, without the option the location is unavailable and
/// the daemon's own (`routingctl location set`) applies, if it has one.
enum SessionLocation {
    /// The answer for one request.
    enum Answer: Equatable {
        /// The session's location, with `origin` ``CurrentLocation/Origin/request``.
        case known(CurrentLocation)
        /// None: why, for people ("current location unavailable: …").
        case unavailable(reason: String)
        /// The request has no current-location endpoint (or could not be read here): nothing asked.
        case notNeeded

        /// The location to send, if any.
        var location: CurrentLocation? {
            if case .known(let location) = self { return location }
            return nil
        }

        /// "current location unavailable: REASON", or nil unless unavailable.
        var unavailableLine: String? {
            if case .unavailable(let reason) = self { return "current location unavailable: " + reason }
            return nil
        }
    }

    /// The `source` of a location given with `--current-location`.
    static let commandLineSource = "command-line"

    /// The session's current location for `request`.
    /// - Parameters:
    ///   - request: the request as parsed here; nil when it could not be (then nothing is asked and
    ///     the daemon's own location applies).
    ///   - option: the value of `--current-location`, if given; it is used whatever the request.
    /// - Returns: the answer, or the usage problem of a malformed `--current-location`.
    static func current(for request: DirectionsRequest?, option: String?) -> Result<Answer, RoutingCtl.LocationProblem> {
        if let option {
            switch RoutingCtl.parseLocation([option]) {
            case .failure(let problem): return .failure(problem)
            case .success(let coordinate):
                return .success(.known(CurrentLocation(coordinate: coordinate, source: commandLineSource, origin: .request)))
            }
        }
        guard let request, request.endpoints.contains(where: { $0.endpoint == .currentLocation }) else {
            return .success(.notNeeded)
        }
        return .success(.unavailable(reason: "no --current-location LAT,LON was given, and routingctl asks no location service yet"))
    }

    /// The varlink `CurrentLocation` parameter: `{"latitude","longitude","accuracy"?,"source"?}`.
    static func parameter(_ location: CurrentLocation) -> JSON {
        var object: JSONObject = [
            "latitude": .number(location.coordinate.latitude), "longitude": .number(location.coordinate.longitude),
        ]
        if let accuracy = location.accuracy { object["accuracy"] = .number(accuracy) }
        if let source = location.source { object["source"] = .string(source) }
        return .object(object)
    }

    /// The location a Resolve or DecideApps reply says decided (`currentLocation`), as a coordinate.
    static func used(_ reply: JSONObject) -> Coordinate? {
        guard let point = reply["currentLocation"], let latitude = point["latitude"]?.doubleValue,
            let longitude = point["longitude"]?.doubleValue
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
