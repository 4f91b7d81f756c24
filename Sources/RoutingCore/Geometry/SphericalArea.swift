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

    /// The area in square metres covered by the union of the rings (each ring evaluated by the even-odd
    /// rule, the union over rings as in ``Coverage/contains(_:)``).
    ///
    /// Rings whose bounding boxes do not overlap are summed directly. Overlapping rings are resolved
    /// with a slab decomposition: the longitude axis is cut at every vertex and every edge
    /// intersection; inside each slab the edges are ordered by latitude and the covered strips
    /// integrated with the formula above. Cost O(E² + S·E log E) for E edges and S slabs, negligible for
    /// Apple-sized files (≤ 20 polygons of ≤ 20 points).
    static func unionArea(of rings: [[Coordinate]]) -> Double {
        let boxes = rings.map(Box.init)
        var overlapping = [Bool](repeating: false, count: rings.count)
        for i in rings.indices {
            for j in rings.indices where j > i && boxes[i].overlaps(boxes[j]) {
                overlapping[i] = true
                overlapping[j] = true
            }
        }
        var total = 0.0
        var group: [[Coordinate]] = []
        for (index, ring) in rings.enumerated() {
            if overlapping[index] { group.append(ring) } else { total += ringArea(ring) }
        }
        if !group.isEmpty { total += slabArea(group) }
        return total
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
        let sinc = half == 0 ? 1.0 : sinApprox(half) / half
        return (lambda1 - lambda0) * sinApprox(phi0 + half) * sinc
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

    private static func slabArea(_ rings: [[Coordinate]]) -> Double {
        var edges: [Edge] = []
        var xs: [Double] = []
        for (r, ring) in rings.enumerated() where ring.count >= 2 {
            for i in 1..<ring.count {
                let a = ring[i - 1], b = ring[i]
                xs.append(a.longitude)
                if a.longitude == b.longitude { continue }  // vertical edges bound no slab
                if a.longitude < b.longitude {
                    edges.append(Edge(ring: r, x0: a.longitude, y0: a.latitude, x1: b.longitude, y1: b.latitude))
                } else {
                    edges.append(Edge(ring: r, x0: b.longitude, y0: b.latitude, x1: a.longitude, y1: a.latitude))
                }
            }
        }
        // Longitudes where two edges cross.
        for i in edges.indices {
            for j in edges.indices where j > i {
                let e = edges[i], f = edges[j]
                let lo = max(e.x0, f.x0), hi = min(e.x1, f.x1)
                guard lo < hi else { continue }
                let dLo = e.y(at: lo) - f.y(at: lo)
                let dHi = e.y(at: hi) - f.y(at: hi)
                if (dLo < 0 && dHi > 0) || (dLo > 0 && dHi < 0) {
                    xs.append(lo + (hi - lo) * (dLo / (dLo - dHi)))
                }
            }
        }
        xs.sort()
        var total = 0.0
        var parity = [Bool](repeating: false, count: rings.count)
        for k in 1..<max(xs.count, 1) where xs[k] > xs[k - 1] {
            let left = xs[k - 1], right = xs[k], middle = (left + right) / 2
            var active = edges.filter { $0.x0 <= left && $0.x1 >= right }
            active.sort { $0.y(at: middle) < $1.y(at: middle) }
            for i in parity.indices { parity[i] = false }
            var oddCount = 0
            for (i, edge) in active.enumerated() {
                parity[edge.ring].toggle()
                oddCount += parity[edge.ring] ? 1 : -1
                if oddCount > 0, i + 1 < active.count {
                    let upper = active[i + 1]
                    total += edgeIntegral(
                        lambda0: radians(left), phi0: radians(upper.y(at: left)),
                        lambda1: radians(right), phi1: radians(upper.y(at: right)))
                    total -= edgeIntegral(
                        lambda0: radians(left), phi0: radians(edge.y(at: left)),
                        lambda1: radians(right), phi1: radians(edge.y(at: right)))
                }
            }
        }
        return abs(total) * earthRadius * earthRadius
    }
}

/// `sin` without Foundation: RoutingCore links libm by name, and Swift's standard library has no
/// `sin`, so this is a small argument-reduced Taylor evaluation, accurate to about 1e-15 for |x| ≤ π,
/// which is the only range the area formulas use (latitudes and half latitude spans in radians).
private func sinApprox(_ x: Double) -> Double {
    // Reduce to [-π, π].
    var r = x
    let twoPi = 2 * Double.pi
    if r > .pi || r < -.pi { r -= (r / twoPi).rounded() * twoPi }
    // sin(r) = sin(π - r) folds to [-π/2, π/2].
    if r > .pi / 2 { r = .pi - r } else if r < -.pi / 2 { r = -.pi - r }
    let r2 = r * r
    var term = r
    var sum = r
    var n = 1.0
    for _ in 0..<12 {
        term *= -r2 / ((n + 1) * (n + 2))
        n += 2
        sum += term
    }
    return sum
}
