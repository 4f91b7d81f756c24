// SPDX-License-Identifier: Apache-2.0
/// The edges of one closed ring bucketed by latitude, so that locating a point visits only the edges
/// whose latitude range can contain it (as GEOS's prepared geometries index edges by y).
///
/// The ring's latitude range is cut into equal bands; each band keeps a copy of every edge whose
/// closed latitude range meets it. ``RingLocation`` only ever acts on an edge whose latitude range
/// contains the point's latitude (an edge crossing the ray, or one the point lies on), and the band
/// of a latitude is a monotonic function of it, so every such edge is in the point's band. The
/// answer is therefore exactly ``RingLocation/of(_:in:)``'s, decided by the same exact predicate.
struct RingEdgeIndex: Sendable {
    /// Lowest and highest latitude of the ring, degrees.
    let south: Double
    let north: Double
    /// Bands per degree of latitude.
    let scale: Double
    let bandCount: Int
    /// Band `k`'s edges are entries `bandStart[k] ..< bandStart[k + 1]`.
    let bandStart: [Int32]
    /// Four doubles per entry: ax, ay, bx, by (longitude, latitude of both ends).
    let edges: [Double]

    /// Rings with fewer edges than this are scanned: an index would not pay for itself.
    static let minimumEdges = 16

    /// Indexes `ring` (closed: first position == last), or nil when it has fewer than
    /// ``minimumEdges`` edges or a non-finite latitude.
    init?(ring: [Coordinate]) {
        let edgeCount = ring.count - 1
        guard edgeCount >= Self.minimumEdges else { return nil }
        var south = Double.infinity, north = -Double.infinity
        for c in ring {
            guard c.latitude.isFinite else { return nil }
            south = min(south, c.latitude)
            north = max(north, c.latitude)
        }
        // About one band per edge: a smooth outline then has two or three edges per band. An edge
        // is copied into every band it spans, so rings of long edges (spikes) get fewer bands: at
        // most about four extra copies per edge.
        var spans = 0.0
        for i in 0..<edgeCount { spans += abs(ring[i + 1].latitude - ring[i].latitude) }
        var bands = Double(min(edgeCount, 1 << 20))
        if spans > 0 { bands = min(bands, 4 * Double(edgeCount) * (north - south) / spans) }
        let bandCount = north > south ? max(1, Int(bands)) : 1
        let scale = north > south ? Double(bandCount) / (north - south) : 0
        guard scale.isFinite else { return nil }
        self.south = south
        self.north = north
        self.scale = scale
        self.bandCount = bandCount

        func band(_ y: Double) -> Int { Self.band(of: y, south: south, scale: scale, count: bandCount) }
        var counts = [Int](repeating: 0, count: bandCount + 1)
        for i in 0..<edgeCount {
            let y0 = ring[i].latitude, y1 = ring[i + 1].latitude
            for k in band(min(y0, y1))...band(max(y0, y1)) { counts[k + 1] += 1 }
        }
        for k in 0..<bandCount { counts[k + 1] += counts[k] }
        // An edge spanning many bands is copied into each; a ring of long edges would need too many.
        guard counts[bandCount] <= 16 * edgeCount, counts[bandCount] < Int(Int32.max) else { return nil }
        var next = counts
        var edges = [Double](repeating: 0, count: 4 * counts[bandCount])
        for i in 0..<edgeCount {
            let a = ring[i], b = ring[i + 1]
            for k in band(min(a.latitude, b.latitude))...band(max(a.latitude, b.latitude)) {
                let e = 4 * next[k]
                edges[e] = a.longitude
                edges[e + 1] = a.latitude
                edges[e + 2] = b.longitude
                edges[e + 3] = b.latitude
                next[k] += 1
            }
        }
        self.bandStart = counts.map { Int32($0) }
        self.edges = edges
    }

    /// The band holding latitude `y`: bands are `1 / scale` degrees tall from `south`; latitudes
    /// outside the ring's range (and NaN) go to the nearest end band.
    @inline(__always)
    static func band(of y: Double, south: Double, scale: Double, count: Int) -> Int {
        let t = (y - south) * scale
        if !(t > 0) { return 0 }
        return t >= Double(count) ? count - 1 : Int(t)
    }

    /// Where `point` lies relative to the ring: the same answer as ``RingLocation/of(_:in:)``.
    func location(of point: Coordinate) -> RingLocation {
        let px = point.longitude, py = point.latitude
        guard px.isFinite, py.isFinite, py >= south, py <= north else { return .outside }
        let k = Self.band(of: py, south: south, scale: scale, count: bandCount)
        return edges.withUnsafeBufferPointer {
            RingLocation.of(px, py, edges: $0, from: 4 * Int(bandStart[k]), to: 4 * Int(bandStart[k + 1]), step: 4)
        }
    }
}
