// SPDX-License-Identifier: Apache-2.0
/// The points of a route written as one list in travel order — Bing `rtp=A~B~C`, Yandex `rtext=A~B~C`, 2GIS
/// `points/A|B|C` — sorted into a request's roles: the first point is the source, the last the destination, and
/// any between are waypoints, in order.
enum RoutePoints {
    enum Role { case source, waypoint, destination }

    /// Reads `pieces` (at least two) in order into a request: `endpoint` reads each piece, told its role;
    /// `mode` then gives the vocabulary word whose mode and transport type the request takes, or nil.
    /// - Throws: whatever `endpoint` or `mode` throws.
    @inline(__always)
    static func request<E: Error>(
        _ pieces: some Sequence<LinkInput>, _ endpoint: (LinkInput, Role) throws(E) -> Endpoint,
        mode: () throws(E) -> ModeWord?
    ) throws(E) -> DirectionsRequest {
        var source: Endpoint = .currentLocation
        var destination: Endpoint = .currentLocation
        var waypoints: [Endpoint] = []
        var all = pieces.makeIterator()
        var next = all.next()
        var first = true
        while let piece = next {
            next = all.next()
            let role: Role = first ? .source : (next == nil ? .destination : .waypoint)
            let point = try endpoint(piece, role)
            switch role {
            case .source: source = point
            case .destination: destination = point
            case .waypoint: waypoints.append(point)
            }
            first = false
        }
        guard let mode = try mode() else { return DirectionsRequest(source: source, destination: destination, waypoints: waypoints) }
        return DirectionsRequest(source: source, destination: destination, waypoints: waypoints, mode: mode.mode, transportType: mode.transportType)
    }
}
