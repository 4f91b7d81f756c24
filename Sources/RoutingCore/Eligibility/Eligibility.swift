// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// Decides which routing apps can serve a directions request, as Maps does on iOS.
///
/// Maps lists a routing app only when its coverage "contains the two specified points" (Apple,
/// Location and Maps Programming Guide, "Providing Directions"). routingd applies the same rule to
/// every endpoint: the source, each waypoint and the destination must each lie in the coverage
/// (boundary included, see ``Coverage/contains(_:)``), and the app must serve the request's mode.
/// The symbolic current location is replaced by `currentLocation`; when that is nil, or an endpoint
/// is an unresolved address, the verdict is undetermined unless something else already rules the app out.
public enum Eligibility {
    /// The verdict for one app.
    /// - Parameters:
    ///   - request: the parsed directions request.
    ///   - app: the routing app with its validated coverage.
    ///   - currentLocation: the daemon's current location (WGS84 degrees), or nil when unknown.
    public static func verdict(
        for request: DirectionsRequest, app: RoutingApp, currentLocation: Coordinate?
    ) -> AppVerdict {
        verdict(for: request, app: app, location: currentLocation.map { CurrentLocation(coordinate: $0, origin: .daemon) })
    }

    /// The verdict for one app, with the current location and where it came from.
    ///
    /// The current location decides as a point. When it has an ``CurrentLocation/accuracy`` and the
    /// coverage boundary is within that many metres of it, the verdict says so, because the person
    /// may stand on the other side of the line:
    /// - inside the coverage: the app stays **eligible**, with a ``EligibilityReason/Rule/nearCoverageBoundary``
    ///   note (the route may not be served), so the app is still listed, flagged;
    /// - outside: the app stays ineligible, and its `outside-coverage` message adds that the route
    ///   may be served after all.
    /// Every reason about the current location says which one was used (``CurrentLocation/provenance``).
    /// - Parameters:
    ///   - location: the request's own current location, else the daemon's; nil when neither is known.
    public static func verdict(
        for request: DirectionsRequest, app: RoutingApp, location currentLocation: CurrentLocation?
    ) -> AppVerdict {
        verdict(for: request, app: app, location: currentLocation) { app.coverage.contains($0) }
    }

    /// ``verdict(for:app:location:)`` with `covers` answering whether the app's coverage contains a
    /// point: `app.coverage.contains`, or the same answer looked up in an ``AppCoverageIndex``.
    static func verdict(
        for request: DirectionsRequest, app: RoutingApp, location currentLocation: CurrentLocation?,
        covers: (Coordinate) -> Bool
    ) -> AppVerdict {
        verdict(for: request, endpoints: request.endpoints, app: app, location: currentLocation, covers: covers)
    }

    /// ``verdict(for:app:location:covers:)`` with the request's ``DirectionsRequest/endpoints``
    /// given, so that deciding many apps lists them once.
    static func verdict(
        for request: DirectionsRequest, endpoints: [(role: EndpointRole, endpoint: Endpoint)], app: RoutingApp,
        location currentLocation: CurrentLocation?, covers: (Coordinate) -> Bool
    ) -> AppVerdict {
        var reasons: [EligibilityReason] = []
        if let mode = request.mode {
            if !app.modes.contains(mode) {
                reasons.append(EligibilityReason(
                    role: nil, rule: .modeNotSupported,
                    message: "\(app.id) does not serve the \(mode.rawValue) mode"))
            }
        } else if let transportType = request.transportType,
            app.modes.isDisjoint(with: transportType.modes)
        {
            reasons.append(EligibilityReason(
                role: nil, rule: .modeNotSupported,
                message: "\(app.id) serves no \(transportType.rawValue) mode ("
                    + transportType.modes.map(\.rawValue).joined(separator: ", ") + ")"))
        }
        for (role, endpoint) in endpoints {
            switch endpoint {
            case .coordinate(let coordinate, let label, _, let precision):
                let name = label.map { " (\($0))" } ?? ""
                let approximate = precision == .approximate ? ", only the centre of the map view the link showed," : ""
                if !covers(coordinate) {
                    reasons.append(EligibilityReason(
                        role: role, rule: .outsideCoverage,
                        message: "\(role) \(format(coordinate))\(name)\(approximate) is outside the coverage of \(app.id)"
                            + swappedHint(coordinate, app, covers)))
                } else if !approximate.isEmpty {
                    reasons.append(EligibilityReason(
                        role: role, rule: .approximatePoint,
                        message: "\(role) \(format(coordinate))\(name) is only the centre of the map view the link showed; "
                            + "it is inside the coverage of \(app.id), but the place meant may lie elsewhere on that map"))
                }
            case .currentLocation:
                if let currentLocation {
                    let point = currentLocation.coordinate
                    // Written only for a reason: an app that covers the point without a note gets
                    // no text (formatting the point was most of a listed app's cost).
                    func said() -> String { "\(role) is the current location \(format(point)) (\(currentLocation.provenance))" }
                    let covered = covers(point)
                    var nearBoundary = ""
                    if let accuracy = currentLocation.accuracy, accuracy > 0,
                        let distance = app.coverage.boundaryDistance(from: point, within: accuracy)
                    {
                        nearBoundary = "within \(CurrentLocation.metres(distance)) m of the coverage boundary of \(app.id), "
                            + "closer than its accuracy (±\(CurrentLocation.metres(accuracy)) m)"
                    }
                    if !covered {
                        reasons.append(EligibilityReason(
                            role: role, rule: .outsideCoverage,
                            message: "\(said()), outside the coverage of \(app.id)"
                                + (nearBoundary.isEmpty ? "" : "; it is \(nearBoundary): the route may be served after all")
                                + swappedHint(point, app, covers)))
                    } else if !nearBoundary.isEmpty {
                        reasons.append(EligibilityReason(
                            role: role, rule: .nearCoverageBoundary,
                            message: "\(said()) is \(nearBoundary); the route may not be served"))
                    }
                } else {
                    reasons.append(EligibilityReason(
                        role: role, rule: .currentLocationUnknown,
                        message: "\(role) is the current location, which is not known: the request carries none and the daemon has none set (routingctl location set)"))
                }
            case .address(let text, _):
                reasons.append(EligibilityReason(
                    role: role, rule: .addressUnresolved,
                    message: "\(role) is the address \"\(text)\", which has no coordinate (routingd does not geocode)"))
            }
        }
        let eligible: Bool?
        if reasons.contains(where: { $0.rule.rulesOut }) {
            eligible = false
        } else if reasons.allSatisfy(\.rule.isNote) {
            eligible = true
        } else {
            eligible = nil
        }
        return AppVerdict(appID: app.id, eligible: eligible, reasons: reasons)
    }

    /// Verdicts for every app, in a stable order: eligible apps first, then undetermined, then
    /// ineligible; within each group the higher ``RoutingApp/priority`` first, then the smaller
    /// coverage area (``RoutingApp/area``, the more local app) first, then the id.
    public static func verdicts(
        for request: DirectionsRequest, apps: [RoutingApp], currentLocation: Coordinate?
    ) -> [AppVerdict] {
        verdicts(for: request, apps: apps, location: currentLocation.map { CurrentLocation(coordinate: $0, origin: .daemon) })
    }

    /// ``verdicts(for:apps:currentLocation:)`` with the current location and where it came from
    /// (``verdict(for:app:location:)``).
    public static func verdicts(
        for request: DirectionsRequest, apps: [RoutingApp], location currentLocation: CurrentLocation?
    ) -> [AppVerdict] {
        ranked(apps.map { (app: $0, verdict: verdict(for: request, app: $0, location: currentLocation)) })
    }

    /// The point with latitude and longitude swapped, when that can be a point (|longitude| ≤ 90) and
    /// differs from it; nil otherwise.
    static func swappedPoint(_ c: Coordinate) -> Coordinate? {
        guard abs(c.longitude) <= 90, c.latitude != c.longitude else { return nil }
        return Coordinate(latitude: c.longitude, longitude: c.latitude)
    }

    /// Sorts verdicts of `apps[number]` in the order ``verdicts(for:apps:location:)`` documents
    /// (``ranked(_:)``), comparing the apps where they are rather than copies of them.
    static func ranked(_ verdicts: [(app: Int, verdict: AppVerdict)], of apps: [RoutingApp]) -> [AppVerdict] {
        func rank(_ v: AppVerdict) -> Int {
            switch v.eligible {
            case true?: 0
            case nil: 1
            case false?: 2
            }
        }
        var order = verdicts.indices.map { (rank: rank(verdicts[$0].verdict), at: $0) }
        order.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            let x = verdicts[a.at].app, y = verdicts[b.at].app
            if apps[x].priority != apps[y].priority { return apps[x].priority > apps[y].priority }
            if apps[x].area != apps[y].area { return apps[x].area < apps[y].area }
            return apps[x].id < apps[y].id
        }
        return order.map { verdicts[$0.at].verdict }
    }

    /// Sorts verdicts in the order ``verdicts(for:apps:location:)`` documents.
    static func ranked(_ verdicts: [(app: RoutingApp, verdict: AppVerdict)]) -> [AppVerdict] {
        func rank(_ v: AppVerdict) -> Int {
            switch v.eligible {
            case true?: 0
            case nil: 1
            case false?: 2
            }
        }
        return verdicts
            .sorted { a, b in
                let ra = rank(a.verdict), rb = rank(b.verdict)
                if ra != rb { return ra < rb }
                if a.app.priority != b.app.priority { return a.app.priority > b.app.priority }
                if a.app.area != b.app.area { return a.app.area < b.app.area }
                return a.app.id < b.app.id
            }
            .map(\.verdict)
    }

    /// "51.500652, -0.124833": latitude first, as people write it, each in its shortest exact form
    /// (`0`, not `0.0`).
    static func format(_ c: Coordinate) -> String { "\(JSON.format(c.latitude)), \(JSON.format(c.longitude))" }

    /// For a point outside `app`'s coverage: a hint when the point with latitude and longitude
    /// swapped is inside it, the sign of a coverage file (or a link) written in [latitude, longitude]
    /// order (RFC 7946 §3.1.1 wants [longitude, latitude]); "" otherwise.
    static func swappedHint(_ c: Coordinate, _ app: RoutingApp, _ covers: (Coordinate) -> Bool) -> String {
        guard let swapped = swappedPoint(c), covers(swapped)
        else { return "" }
        return " (but inside it with latitude and longitude swapped: is the coverage file, or the link, in [latitude, longitude] order? routingctl validate says; --fix --swap-axes repairs a file)"
    }
}
