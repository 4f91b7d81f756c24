// SPDX-License-Identifier: Apache-2.0
/// Area on a sphere of regions bounded by planar [longitude, latitude] edges.
///
/// Model: the Earth is a sphere of radius ``earthRadius`` = 6 371 008.8 m (IUGG mean radius R₁), and
/// every edge is the straight line in (longitude, latitude) that RFC 7946 §3.1.1 defines (not a great
/// circle). The area element is R² cos φ dφ dλ, so by Green's theorem a ring encloses
/// |R² ∮ sin φ dλ|, and along a straight edge from (λ₁, φ₁) to (λ₂, φ₂)
///
///     ∫ sin φ dλ = Δλ · sin φₘ · sin(Δφ/2) / (Δφ/2),   φₘ = (φ₁ + φ₂)/2,
///
/// which is exact for this edge model (written this way to avoid cancellation for nearly flat edges).
/// Against the WGS 84 ellipsoid the spherical model is off by up to about 0.5 % (more near the poles);
/// it is meant for display and comparison, not for surveying.
enum SphericalArea {
    /// IUGG mean Earth radius R₁ in metres.
    static let earthRadius: Double = 6_371_008.8

    /// The area in square metres covered by the union of polygons (`polygons[p][0]` the exterior
    /// ring, the others holes, all closed), with the rules of ``Coverage/location(of:)``: a polygon
    /// covers its exterior's region minus its holes, and the union over polygons is taken.
    ///
    /// A ring that crosses itself (a bow-tie) covers what the even-odd rule gives (both lobes), which
    /// is also what ``RingLocation`` answers for points; its signed Green's-theorem integral would let
    /// the lobes cancel.
    ///
    /// Method: polygons whose boxes overlap no other polygon's box and which are valid on their own
    /// (``PolygonValidity``; no crossing or touching rings) are |exterior| − Σ|holes|, in O(n). The
    /// others are resolved together with a slab decomposition: the longitude axis is cut at every
    /// vertex and every edge crossing (found with ``SegmentSweep``), and inside each slab the edges
    /// are ordered by latitude and the covered strips integrated with the edge formula above. That
    /// costs O(n log n + k) to find crossings plus O(a log a) per slab for a edges spanning it.
    /// `polygonsAreValid` says the caller has already checked every polygon with
    /// ``PolygonValidity`` (the validator has), so the check is not repeated.
    static func unionArea(of polygons: [[[Coordinate]]], polygonsAreValid: Bool = false) -> Double {
        let polygons = polygons.filter { !$0.isEmpty }
        let boxes = polygons.map { Box($0[0]) }
        var overlapping = [Bool](repeating: false, count: polygons.count)
        let order = polygons.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        var active: [Int] = []
        for i in order {
            active.removeAll { boxes[$0].maxX < boxes[i].minX }
            for j in active where boxes[i].overlaps(boxes[j]) {
                overlapping[i] = true
                overlapping[j] = true
            }
            active.append(i)
        }
        var total = 0.0
        var group: [[[Coordinate]]] = []
        for (index, polygon) in polygons.enumerated() {
            if !overlapping[index] && (polygonsAreValid || isSimple(polygon)) {
                let holes = polygon.dropFirst().reduce(0.0) { $0 + ringArea($1) }
                total += max(0, ringArea(polygon[0]) - holes)
            } else {
                group.append(polygon)
            }
        }
        if !group.isEmpty { total += slabArea(group) }
        return total
    }

    /// Whether the polygon's rings neither cross nor touch badly (so Green's theorem applies ring by ring).
    private static func isSimple(_ polygon: [[Coordinate]]) -> Bool {
        PolygonValidity.problems(in: [polygon]).isEmpty
    }

    /// |R² ∮ sin φ dλ| for one closed ring.
    static func ringArea(_ ring: [Coordinate]) -> Double {
        guard ring.count >= 2 else { return 0 }
        var sum = 0.0
        for i in 1..<ring.count {
            sum += edgeIntegral(
                lambda0: radians(ring[i - 1].longitude), phi0: radians(ring[i - 1].latitude),
                lambda1: radians(ring[i].longitude), phi1: radians(ring[i].latitude))
        }
        return abs(sum) * earthRadius * earthRadius
    }

    /// ∫ sin φ dλ along the straight (λ, φ) segment, in radians.
    private static func edgeIntegral(lambda0: Double, phi0: Double, lambda1: Double, phi1: Double) -> Double {
        let half = (phi1 - phi0) / 2
        let sinc = half == 0 ? 1.0 : Trigonometry.sin(half) / half
        return (lambda1 - lambda0) * Trigonometry.sin(phi0 + half) * sinc
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    private struct Box {
        var minX, minY, maxX, maxY: Double
        init(_ ring: [Coordinate]) {
            minX = ring.map(\.longitude).min() ?? 0
            maxX = ring.map(\.longitude).max() ?? 0
            minY = ring.map(\.latitude).min() ?? 0
            maxY = ring.map(\.latitude).max() ?? 0
        }
        func overlaps(_ o: Box) -> Bool {
            minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
        }
    }

    private struct Edge {
        var ring: Int
        var x0, y0, x1, y1: Double  // degrees, x0 < x1
        func y(at x: Double) -> Double {
            if x <= x0 { return y0 }
            if x >= x1 { return y1 }
            return y0 + (y1 - y0) * ((x - x0) / (x1 - x0))
        }
    }

    private static func slabArea(_ polygons: [[[Coordinate]]]) -> Double {
        var edges: [Edge] = []
        var xs: [Double] = []
        var rings: [[Coordinate]] = []
        var ringPolygon: [Int] = []
        var ringIsHole: [Bool] = []
        for (p, polygon) in polygons.enumerated() {
            for (r, ring) in polygon.enumerated() where ring.count >= 2 {
                let id = rings.count
                var deduplicated: [Coordinate] = []
                for c in ring where deduplicated.last != c { deduplicated.append(c) }
                rings.append(deduplicated)
                ringPolygon.append(p)
                ringIsHole.append(r > 0)
                for i in 1..<ring.count {
                    let a = ring[i - 1], b = ring[i]
                    xs.append(a.longitude)
                    if a.longitude == b.longitude { continue }  // vertical edges bound no slab
                    if a.longitude < b.longitude {
                        edges.append(Edge(ring: id, x0: a.longitude, y0: a.latitude, x1: b.longitude, y1: b.latitude))
                    } else {
                        edges.append(Edge(ring: id, x0: b.longitude, y0: b.latitude, x1: a.longitude, y1: a.latitude))
                    }
                }
            }
        }
        // Longitudes where two edges cross.
        SegmentSweep(polylines: rings.map { $0.count >= 2 ? $0 : [] }).forEachCandidatePair { la, sa, lb, sb in
            let a = rings[la], b = rings[lb]
            if case .crossing(let point) = SegmentIntersection.of(a[sa], a[sa + 1], b[sb], b[sb + 1]) {
                xs.append(point.longitude)
            }
            return true
        }
        xs.sort()
        edges.sort { $0.x0 < $1.x0 }
        var total = 0.0
        var exteriorParity = [Bool](repeating: false, count: polygons.count)
        var oddHoles = [Int](repeating: 0, count: polygons.count)
        var ringParity = [Bool](repeating: false, count: rings.count)
        var active: [Edge] = []
        var next = 0
        for k in 1..<max(xs.count, 1) where xs[k] > xs[k - 1] {
            let left = xs[k - 1], right = xs[k], middle = (left + right) / 2
            active.removeAll { $0.x1 <= left }
            while next < edges.count && edges[next].x0 <= left {
                if edges[next].x1 > left { active.append(edges[next]) }
                next += 1
            }
            var spanning = active.filter { $0.x0 <= left && $0.x1 >= right }
            spanning.sort { $0.y(at: middle) < $1.y(at: middle) }
            var covering = 0  // polygons covering the current strip
            for (i, edge) in spanning.enumerated() {
                let p = ringPolygon[edge.ring]
                let wasIn = exteriorParity[p] && oddHoles[p] == 0
                ringParity[edge.ring].toggle()
                if ringIsHole[edge.ring] {
                    oddHoles[p] += ringParity[edge.ring] ? 1 : -1
                } else {
                    exteriorParity[p].toggle()
                }
                let isIn = exteriorParity[p] && oddHoles[p] == 0
                if wasIn != isIn { covering += isIn ? 1 : -1 }
                if covering > 0, i + 1 < spanning.count {
                    let upper = spanning[i + 1]
                    total += edgeIntegral(
                        lambda0: radians(left), phi0: radians(upper.y(at: left)),
                        lambda1: radians(right), phi1: radians(upper.y(at: right)))
                    total -= edgeIntegral(
                        lambda0: radians(left), phi0: radians(edge.y(at: left)),
                        lambda1: radians(right), phi1: radians(edge.y(at: right)))
                }
            }
            // Every ring's parity is back to even after a full column; reset defensively.
            for edge in spanning {
                ringParity[edge.ring] = false
                exteriorParity[ringPolygon[edge.ring]] = false
                oddHoles[ringPolygon[edge.ring]] = 0
            }
        }
        return abs(total) * earthRadius * earthRadius
    }
}
