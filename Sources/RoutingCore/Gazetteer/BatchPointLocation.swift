/// Point-in-polygon for many points at once: one pass over the edges instead of one per point.
///
/// Same semantics as ``RingLocation`` and ``CoveragePolygon/covers(_:)``: planar [longitude, latitude]
/// edges (RFC 7946 §3.1.1), boundary included, even-odd crossing count with the half-open rule, and
/// every decision made with comparisons and the exact ``PlanarOrientation`` predicate. With several
/// rings (an exterior ring and its holes) the parity is taken over all of them, which is the
/// polygon-with-holes rule for valid polygons.
///
/// The points are sorted by latitude. For each edge, two binary searches find the points whose
/// latitude lies in the edge's latitude range; only those are tested, so the cost is
/// O(E log P + Σ band sizes) for E edges and P points instead of O(E·P). ``work(rings:latitudes:)``
/// computes Σ band sizes beforehand, so that callers can stay within a budget.
enum BatchPointLocation {
    /// Number of point–edge tests ``covered(rings:longitudes:latitudes:)`` would make.
    /// `latitudes` must be sorted ascending.
    static func work(rings: [[Coordinate]], latitudes: [Double]) -> Int {
        guard let first = latitudes.first, let last = latitudes.last else { return 0 }
        var total = 0
        for ring in rings where ring.count >= 2 {
            var a = ring[0]
            for index in 1..<ring.count {
                let b = ring[index]
                defer { a = b }
                let lo = min(a.latitude, b.latitude), hi = max(a.latitude, b.latitude)
                if hi < first || lo > last { continue }
                total += upperBound(latitudes, hi) - lowerBound(latitudes, lo)
            }
        }
        return total
    }

    /// For each point (`longitudes[i]`, `latitudes[i]`), whether the rings cover it (inside or on the
    /// boundary). `latitudes` must be sorted ascending; non-finite points are never covered.
    static func covered(rings: [[Coordinate]], longitudes: [Double], latitudes: [Double]) -> [Bool] {
        let count = latitudes.count
        var parity = [Bool](repeating: false, count: count)
        var boundary = [Bool](repeating: false, count: count)
        guard let first = latitudes.first, let last = latitudes.last else { return [] }
        for ring in rings where ring.count >= 2 {
            var a = ring[0]
            for index in 1..<ring.count {
                let b = ring[index]
                defer { a = b }
                let ax = a.longitude, ay = a.latitude, bx = b.longitude, by = b.latitude
                let lo = min(ay, by), hi = max(ay, by)
                if hi < first || lo > last { continue }
                let minX = min(ax, bx), maxX = max(ax, bx)
                let upward = by > ay
                var k = lowerBound(latitudes, lo)
                let end = upperBound(latitudes, hi)
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

    /// First index whose value is >= `value`.
    static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// First index whose value is > `value`.
    static func upperBound(_ sorted: [Double], _ value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
