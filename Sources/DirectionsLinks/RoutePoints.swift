// SPDX-License-Identifier: Apache-2.0
/// The points of a route written as one list in travel order — Bing `rtp=A~B~C`, Yandex
/// `rtext=A~B~C`, 2GIS `points/A|B|C` — sorted into a request's roles: the first point is the
/// source, the last the destination, and any between are waypoints, in order.
enum RoutePoints {
    /// A point's place in the list.
    enum Role { case source, waypoint, destination }

    /// Reads `pieces` in order and returns the request they describe. `endpoint` turns each piece
    /// into an endpoint and is told the piece's role (decided from whether another piece follows, so
    /// the pieces are read once); the caller has checked that there are at least two. `mode` is read
    /// after the points: the word of the format's vocabulary whose directions mode and transport
    /// type the request takes, or nil for none.
    /// - Throws: whatever `endpoint` or `mode` throws (the format's error for a bad or missing point,
    ///   or an unknown mode).
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
        return DirectionsRequest(
            source: source, destination: destination, waypoints: waypoints, mode: mode.mode,
            transportType: mode.transportType)
    }
}
