// SPDX-License-Identifier: Apache-2.0
/// What nearest-place queries need, built from ``GazetteerIndex`` at the first such query (most
/// areas contain places and never need it): every place's |cos latitude|, and a k-d tree over the
/// places' unit vectors, so that a query visits a few leaves near its point instead of every place
/// of its latitude band (an ocean point far from any town used to visit thousands).
///
/// The tree is exact: it returns the place of smallest squared chord, ties to the smallest index
/// (the larger place), the same place and angle as a scan over every place. A subtree is skipped
/// only when the squared distance to its splitting plane, computed in floating point, exceeds the
/// best squared chord so far; since rounding is monotonic, every place in it then has a computed
/// squared chord at least that large.
struct NearestPlaceIndex: Sendable {
    /// |cos latitude| of every place (indices as in ``GazetteerIndex/places``).
    let cosLatitudes: [Double]
    /// The unit vectors in tree order: each leaf is a contiguous range.
    private let unitX: [Double], unitY: [Double], unitZ: [Double]
    /// The place index of each position in tree order.
    private let places: [Int32]
    /// Per inner node (heap numbering: root 1, children 2n and 2n + 1): the splitting axis (0 x,
    /// 1 y, 2 z) and value. The left child holds the positions below the middle of the node's range,
    /// whose coordinates are ≤ the split; the right one the rest, ≥ the split.
    private let axes: [UInt8]
    private let splits: [Double]
    /// Depth of the leaves (all at the same depth); each holds at most about ``leafSize`` places.
    private let leafDepth: Int

    static let leafSize = 8

    init(_ index: GazetteerIndex) {
        let count = index.count
        var x: [Double] = [], y: [Double] = [], z: [Double] = [], cosines: [Double] = []
        x.reserveCapacity(count); y.reserveCapacity(count); z.reserveCapacity(count)
        cosines.reserveCapacity(count)
        for i in 0..<count {
            let phi = index.latitudes[i] * GreatCircle.radiansPerDegree
            let lambda = index.longitudes[i] * GreatCircle.radiansPerDegree
            let cosPhi = Trigonometry.cos(phi)
            x.append(cosPhi * Trigonometry.cos(lambda))
            y.append(cosPhi * Trigonometry.sin(lambda))
            z.append(Trigonometry.sin(phi))
            cosines.append(cosPhi.magnitude)
        }
        cosLatitudes = cosines
        var depth = 0
        while (count >> depth) > Self.leafSize { depth += 1 }
        leafDepth = depth
        var order = (0..<count).map { Int32($0) }
        var axes = [UInt8](repeating: 0, count: 1 << depth)
        var splits = [Double](repeating: 0, count: 1 << depth)
        let coordinates = [x, y, z]
        // Breadth-first: each inner node picks its widest axis and moves its median to the middle.
        var pending: [(node: Int, low: Int, high: Int, depth: Int)] = [(1, 0, count, 0)]
        var next = 0
        while next < pending.count {
            let (node, low, high, level) = pending[next]
            next += 1
            guard level < depth else { continue }
            // The widest axis, judged on at most about 256 evenly spaced members (the build runs
            // at the first nearest-place query, so it is kept cheap; any axis keeps the tree exact).
            var axis = 0
            var widest = -1.0
            let step = max(1, (high - low) / 256)
            for a in 0..<3 {
                var lowest = Double.infinity, highest = -Double.infinity
                coordinates[a].withUnsafeBufferPointer { values in
                    for k in Swift.stride(from: low, to: high, by: step) {
                        let v = values[Int(order[k])]
                        lowest = min(lowest, v)
                        highest = max(highest, v)
                    }
                }
                if highest - lowest > widest { widest = highest - lowest; axis = a }
            }
            let middle = (low + high) / 2
            if middle < high {
                Self.select(&order, low, high, middle, coordinates[axis])
                splits[node] = coordinates[axis][Int(order[middle])]
            }
            axes[node] = UInt8(axis)
            pending.append((2 * node, low, middle, level + 1))
            pending.append((2 * node + 1, middle, high, level + 1))
        }
        self.axes = axes
        self.splits = splits
        places = order
        unitX = order.map { x[Int($0)] }
        unitY = order.map { y[Int($0)] }
        unitZ = order.map { z[Int($0)] }
    }

    /// Reorders `order[low..<high]` so that position `k` holds the element it would hold sorted by
    /// `values` (ties by place index), the smaller ones before it and the larger ones after it
    /// (Hoare's selection with a median-of-three pivot; deterministic).
    private static func select(_ order: inout [Int32], _ low: Int, _ high: Int, _ k: Int, _ values: [Double]) {
        values.withUnsafeBufferPointer { values in
            order.withUnsafeMutableBufferPointer { order in
                select(order, low, high, k, values)
            }
        }
    }

    private static func select(
        _ order: UnsafeMutableBufferPointer<Int32>, _ low: Int, _ high: Int, _ k: Int,
        _ values: UnsafeBufferPointer<Double>
    ) {
        @inline(__always) func less(_ a: Int32, _ b: Int32) -> Bool {
            let va = values[Int(a)], vb = values[Int(b)]
            return va != vb ? va < vb : a < b
        }
        var low = low, high = high - 1
        while high > low {
            let middle = (low + high) / 2
            if less(order[middle], order[low]) { order.swapAt(middle, low) }
            if less(order[high], order[low]) { order.swapAt(high, low) }
            if less(order[high], order[middle]) { order.swapAt(high, middle) }
            let pivot = order[middle]
            var i = low, j = high
            while i <= j {
                while less(order[i], pivot) { i += 1 }
                while less(pivot, order[j]) { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }

    /// The place nearest to `coordinate` and the central angle to it in radians (great circle).
    /// Ties go to the larger place.
    func nearest(to coordinate: Coordinate) -> (index: Int, angle: Double)? {
        nearest(to: coordinate, chordSquaredAtMost: .infinity).map { ($0.index, $0.angle) }
    }

    /// ``nearest(to:)`` among the places whose squared chord (unit sphere) to `coordinate` is at most
    /// `limit`, with that squared chord; nil when there is none. The same place as ``nearest(to:)``
    /// whenever that one is within the limit; a small limit prunes most of the tree.
    func nearest(
        to coordinate: Coordinate, chordSquaredAtMost limit: Double
    ) -> (index: Int, angle: Double, chordSquared: Double)? {
        guard !places.isEmpty, coordinate.latitude.isFinite, coordinate.longitude.isFinite, !limit.isNaN
        else { return nil }
        let q = GreatCircle.unitVector(coordinate)
        // Index Int.max: a place at exactly the limit is taken (ties still go to the smaller index).
        var best = Best(index: Int.max, chordSquared: limit)
        search(node: 1, low: 0, high: places.count, depth: 0, q: (q.x, q.y, q.z), &best)
        guard best.index != Int.max else { return nil }
        return (best.index, GreatCircle.angle(chord: best.chordSquared.squareRoot()), best.chordSquared)
    }

    private struct Best {
        var index: Int
        var chordSquared: Double
    }

    private func search(
        node: Int, low: Int, high: Int, depth: Int, q: (Double, Double, Double), _ best: inout Best
    ) {
        if depth == leafDepth {
            for k in low..<high {
                let dx = unitX[k] - q.0, dy = unitY[k] - q.1, dz = unitZ[k] - q.2
                let c2 = dx * dx + dy * dy + dz * dz
                let i = Int(places[k])
                if c2 < best.chordSquared || (c2 == best.chordSquared && i < best.index) {
                    best.chordSquared = c2
                    best.index = i
                }
            }
            return
        }
        let middle = (low + high) / 2
        let split = splits[node]
        let value: Double
        switch axes[node] {
        case 0: value = q.0
        case 1: value = q.1
        default: value = q.2
        }
        if value < split {
            search(node: 2 * node, low: low, high: middle, depth: depth + 1, q: q, &best)
            let gap = split - value
            if gap * gap <= best.chordSquared {
                search(node: 2 * node + 1, low: middle, high: high, depth: depth + 1, q: q, &best)
            }
        } else {
            search(node: 2 * node + 1, low: middle, high: high, depth: depth + 1, q: q, &best)
            let gap = value - split
            if gap * gap <= best.chordSquared {
                search(node: 2 * node, low: low, high: middle, depth: depth + 1, q: q, &best)
            }
        }
    }
}
