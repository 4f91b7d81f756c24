// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import RoutingCore
import StrictJSON

/// Where the person at this desktop session is, for one request: the one place `open` and
/// `resolve` ask. The answer goes with the request (varlink `currentLocation`, or the in-process
/// resolution) and decides that request only; the daemon never stores it.
///
/// Sources, in order: `--current-location LAT,LON` (source `command-line`); else, only when the
/// request starts or ends at the current location, GeoClue2 on the system bus (source `geoclue2`,
/// at most `--location-timeout SECONDS`, 3 by default). Without either the location is unavailable
/// (GeoClue2's reason is given) and the daemon's own (`routingctl location set`) applies, if it has one.
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

    /// How long GeoClue2 may take without `--location-timeout`, in seconds (issue 15: 3 s).
    static let defaultTimeout = 3.0
    /// The longest `--location-timeout` accepted, in seconds: a link click should not wait longer.
    static let maximumTimeout = 60.0

    /// The seconds of `--location-timeout SECONDS` (a decimal number above 0 and at most 60), or
    /// ``defaultTimeout`` without the option.
    static func timeout(_ option: String?) -> Result<Double, RoutingCtl.LocationProblem> {
        guard let option else { return .success(defaultTimeout) }
        // Digits with at most one '.', read by byte: no sign, exponent, hex, inf or nan.
        let bytes = Array(option.utf8)
        let dots = bytes.filter { $0 == UInt8(ascii: ".") }.count
        let wellFormed = !bytes.isEmpty && dots <= 1 && bytes.contains { (0x30...0x39).contains($0) }
            && bytes.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }
        guard wellFormed, let seconds = Double(option), seconds > 0, seconds <= maximumTimeout else {
            return .failure(.init(message: "'\(OneLine.escaped(option))' is not a number of seconds above 0 and at most \(Int(maximumTimeout)), e.g. 3 or 0.5"))
        }
        return .success(seconds)
    }

    /// The session's current location for `request`.
    /// - Parameters:
    ///   - request: the request as parsed here; nil when it could not be (then nothing is asked and
    ///     the daemon's own location applies).
    ///   - option: the value of `--current-location`, if given; it is used whatever the request.
    ///   - timeout: seconds GeoClue2 may take (``timeout(_:)``).
    ///   - locate: asks the location service; GeoClue2 on the system bus unless a test says otherwise.
    /// - Returns: the answer, or the usage problem of a malformed `--current-location`.
    static func current(
        for request: DirectionsRequest?, option: String?, timeout: Double = defaultTimeout,
        locate: (Double) -> GeoClueOutcome = { GeoClueLocator(timeout: $0).locate() }
    ) -> Result<Answer, RoutingCtl.LocationProblem> {
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
        switch locate(timeout) {
        case .located(let here):
            return .success(
                .known(
                    CurrentLocation(
                        coordinate: Coordinate(latitude: here.latitude, longitude: here.longitude), accuracy: here.accuracy,
                        source: here.source, origin: .request)))
        case .unavailable(let why):
            return .success(.unavailable(reason: "\(why)"))
        }
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
