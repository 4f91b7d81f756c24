// SPDX-License-Identifier: Apache-2.0
/// Point-in-polygon for many points at once: one pass over the edges instead of one per point.
///
/// Same semantics as ``RingLocation`` and ``CoveragePolygon/covers(_:)``: planar [longitude, latitude]
/// edges (RFC 7946 §3.1.1), boundary included, even-odd crossing count with the half-open rule, and
/// every decision made with comparisons and the exact ``PlanarOrientation`` predicate. With several
/// rings (an exterior ring and its holes) the parity is taken over all of them, which is the
/// polygon-with-holes rule for valid polygons.
///
/// The points are sorted by latitude. Each vertex gets its position in that order (a galloping search
/// from the previous vertex's position, O(1) for rings whose consecutive vertices are close), so each
/// edge knows the band of points whose latitude lies within its own latitude range; only those are
/// tested. Cost O(V + Σ band sizes) for V vertices, instead of O(V·P) for P points.
struct BatchPointLocation {
    /// The rings to locate points in.
    let rings: [[Coordinate]]
    /// Point latitudes, ascending, and the matching longitudes.
    let latitudes: [Double]
    let longitudes: [Double]
    /// For every ring and vertex: the first point with latitude >= the vertex's, and the first with
    /// latitude > the vertex's.
    private var lower: [[Int32]] = []
    private var upper: [[Int32]] = []
    /// Number of point–edge tests ``covered()`` will make.
    private(set) var work = 0

    /// Prepares the sweep. `latitudes` must be sorted ascending.
    init(rings: [[Coordinate]], longitudes: [Double], latitudes: [Double]) {
        self.rings = rings
        self.latitudes = latitudes
        self.longitudes = longitudes
        guard !latitudes.isEmpty else { return }
        var lo = 0, hi = 0
        for ring in rings {
            var ringLower: [Int32] = [], ringUpper: [Int32] = []
            ringLower.reserveCapacity(ring.count)
            ringUpper.reserveCapacity(ring.count)
            for vertex in ring {
                lo = Self.gallop(latitudes, from: lo, toFirstNotBelow: vertex.latitude, inclusive: true)
                hi = Self.gallop(latitudes, from: hi, toFirstNotBelow: vertex.latitude, inclusive: false)
                ringLower.append(Int32(lo))
                ringUpper.append(Int32(hi))
            }
            for k in ring.indices.dropFirst() {
                let start = min(ringLower[k - 1], ringLower[k]), end = max(ringUpper[k - 1], ringUpper[k])
                work += Int(end - start)
            }
            lower.append(ringLower)
            upper.append(ringUpper)
        }
    }

    /// For each point, whether the rings cover it (inside or on the boundary). Non-finite points are
    /// never covered.
    func covered() -> [Bool] {
        let count = latitudes.count
        var parity = [Bool](repeating: false, count: count)
        var boundary = [Bool](repeating: false, count: count)
        guard count > 0 else { return [] }
        for (r, ring) in rings.enumerated() where ring.count >= 2 {
            let ringLower = lower[r], ringUpper = upper[r]
            for index in 1..<ring.count {
                var k = Int(min(ringLower[index - 1], ringLower[index]))
                let end = Int(max(ringUpper[index - 1], ringUpper[index]))
                if k >= end { continue }
                let a = ring[index - 1], b = ring[index]
                let ax = a.longitude, ay = a.latitude, bx = b.longitude, by = b.latitude
                let hi = max(ay, by)
                let minX = min(ax, bx), maxX = max(ax, bx)
                let upward = by > ay
                while k < end {
                    defer { k += 1 }
                    let px = longitudes[k], py = latitudes[k]
                    // Exactly one endpoint strictly above the point: the edge straddles its latitude.
                    let straddles = py < hi
                    if px > maxX { continue }
                    if px < minX {
                        if straddles { parity[k].toggle() }
                        continue
                    }
                    let orientation = PlanarOrientation.of(ax, ay, bx, by, px, py)
                    if orientation == .collinear {
                        boundary[k] = true
                    } else if straddles, upward ? orientation == .counterclockwise : orientation == .clockwise {
                        parity[k].toggle()
                    }
                }
            }
        }
        var result = [Bool](repeating: false, count: count)
        for k in 0..<count where longitudes[k].isFinite && latitudes[k].isFinite {
            result[k] = boundary[k] || parity[k]
        }
        return result
    }

    /// The first index at or after which `sorted[i] >= value` (inclusive) or `sorted[i] > value`
    /// (not inclusive), found by galloping from `start` in either direction, then binary search.
    /// A NaN value gives `sorted.count` (no point matches it).
    static func gallop(_ sorted: [Double], from start: Int, toFirstNotBelow value: Double, inclusive: Bool) -> Int {
        @inline(__always) func below(_ i: Int) -> Bool { inclusive ? sorted[i] < value : sorted[i] <= value }
        let n = sorted.count
        if value.isNaN { return n }
        var low: Int, high: Int  // answer in low...high
        let s = min(max(start, 0), n)
        if s < n && below(s) {
            // Move right.
            var step = 1
            low = s + 1
            high = s + 1
            while high < n && below(high) { low = high + 1; high = min(n, high + step); step *= 2 }
            if high > n { high = n }
        } else {
            // Move left.
            var step = 1
            high = s
            low = s
            while low > 0 && !below(low - 1) { high = low - 1; low = max(0, low - step); step *= 2 }
        }
        while low < high {
            let mid = (low + high) / 2
            if below(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
