/// Finds the pairs of segments, among all edges of many polylines, whose bounding boxes overlap:
/// the candidates for ``SegmentIntersection``, without comparing every pair.
///
/// Method (as JTS/GEOS `MCIndexNoder` with `MonotoneChainOverlapAction`, and a sort-and-sweep index
/// on x like GEOS `SweepLineIndex`):
/// 1. Each polyline is cut into **monotone chains**: maximal runs of consecutive segments whose
///    directions lie in the same closed quadrant (x and y both non-decreasing, or …). Inside a chain
///    only consecutive segments can meet (at their shared vertex), so chains are never compared with
///    themselves, and the box of any run of a chain is the box of its two end points.
/// 2. Chains are sorted by their smallest x and swept left to right; a chain is compared with the
///    active chains whose x-interval overlaps it and whose y-interval overlaps too.
/// 3. Two overlapping chains are compared by recursive bisection of the longer run, pruning runs
///    whose boxes are disjoint, down to single segment pairs.
///
/// Cost: O(n log n) to sort, plus the chain pairs whose boxes overlap, plus O(log n) per reported
/// pair. For polygon boundaries (few crossings) this is O(n log n) in practice: a 1,000,000-vertex
/// ring is a handful of chains. Reporting can be stopped at any time by the callback.
///
/// Box comparisons are exact (comparisons of doubles); the boxes are closed, so segments that only
/// touch at a point are reported.
struct SegmentSweep: Sendable {
    /// All vertices, the polylines concatenated.
    private let points: [Coordinate]
    /// `lineStart[l]` is the index in `points` of polyline `l`'s first vertex; one extra entry at the end.
    private let lineStart: [Int]
    private var chains: [Chain] = []

    private struct Chain: Sendable {
        var line: Int
        /// Global indices of the chain's first and last vertex; its segments start at `first ..< last`.
        var first: Int
        var last: Int
        var minX, maxX, minY, maxY: Double
    }

    /// Prepares the sweep over `polylines` (arrays of positions; consecutive positions must differ,
    /// so no segment has zero length).
    init(polylines: [[Coordinate]]) {
        var points: [Coordinate] = []
        points.reserveCapacity(polylines.reduce(0) { $0 + $1.count })
        var lineStart: [Int] = []
        lineStart.reserveCapacity(polylines.count + 1)
        for line in polylines {
            lineStart.append(points.count)
            points.append(contentsOf: line)
        }
        lineStart.append(points.count)
        self.points = points
        self.lineStart = lineStart
        for l in polylines.indices {
            buildChains(line: l)
        }
        chains.sort { $0.minX < $1.minX }
    }

    /// The quadrant of the direction a → b: 0 (x ≥, y ≥), 1 (x <, y ≥), 2 (x <, y <), 3 (x ≥, y <).
    @inline(__always)
    private static func quadrant(_ a: Coordinate, _ b: Coordinate) -> Int {
        if b.longitude >= a.longitude {
            return b.latitude >= a.latitude ? 0 : 3
        }
        return b.latitude >= a.latitude ? 1 : 2
    }

    private mutating func buildChains(line: Int) {
        let start = lineStart[line], end = lineStart[line + 1]
        guard end - start >= 2 else { return }
        var first = start
        var q = Self.quadrant(points[start], points[start + 1])
        var i = start + 1
        while i < end - 1 {
            let next = Self.quadrant(points[i], points[i + 1])
            if next != q {
                appendChain(line: line, first: first, last: i)
                first = i
                q = next
            }
            i += 1
        }
        appendChain(line: line, first: first, last: end - 1)
    }

    private mutating func appendChain(line: Int, first: Int, last: Int) {
        let a = points[first], b = points[last]
        chains.append(Chain(
            line: line, first: first, last: last,
            minX: min(a.longitude, b.longitude), maxX: max(a.longitude, b.longitude),
            minY: min(a.latitude, b.latitude), maxY: max(a.latitude, b.latitude)))
    }

    /// Calls `body(lineA, segmentA, lineB, segmentB)` once for every unordered pair of distinct
    /// segments whose closed boxes overlap (segment `s` of a polyline runs from its position `s` to
    /// `s + 1`), except pairs of segments in one monotone chain (which can only meet at a shared
    /// vertex). Stops as soon as `body` returns false.
    func forEachCandidatePair(_ body: (Int, Int, Int, Int) -> Bool) {
        var active: [Int] = []
        var stop = false
        for c in chains.indices {
            let chain = chains[c]
            var k = 0
            while k < active.count {
                let other = chains[active[k]]
                if other.maxX < chain.minX {
                    active.swapAt(k, active.count - 1)
                    active.removeLast()
                    continue
                }
                if other.minY <= chain.maxY && chain.minY <= other.maxY {
                    overlaps(other, other.first, other.last, chain, chain.first, chain.last, body, &stop)
                    if stop { return }
                }
                k += 1
            }
            active.append(c)
        }
    }

    /// Compares the run `a0...a1` of chain `a` with the run `b0...b1` of chain `b` (vertex indices).
    private func overlaps(
        _ a: Chain, _ a0: Int, _ a1: Int, _ b: Chain, _ b0: Int, _ b1: Int,
        _ body: (Int, Int, Int, Int) -> Bool, _ stop: inout Bool
    ) {
        let pa0 = points[a0], pa1 = points[a1], pb0 = points[b0], pb1 = points[b1]
        if max(pa0.longitude, pa1.longitude) < min(pb0.longitude, pb1.longitude)
            || max(pb0.longitude, pb1.longitude) < min(pa0.longitude, pa1.longitude)
            || max(pa0.latitude, pa1.latitude) < min(pb0.latitude, pb1.latitude)
            || max(pb0.latitude, pb1.latitude) < min(pa0.latitude, pa1.latitude)
        {
            return
        }
        if a1 - a0 == 1 && b1 - b0 == 1 {
            let la = lineStart[a.line], lb = lineStart[b.line]
            if !body(a.line, a0 - la, b.line, b0 - lb) { stop = true }
            return
        }
        if a1 - a0 >= b1 - b0 {
            let mid = (a0 + a1) / 2
            overlaps(a, a0, mid, b, b0, b1, body, &stop)
            if stop { return }
            overlaps(a, mid, a1, b, b0, b1, body, &stop)
        } else {
            let mid = (b0 + b1) / 2
            overlaps(a, a0, a1, b, b0, mid, body, &stop)
            if stop { return }
            overlaps(a, a0, a1, b, mid, b1, body, &stop)
        }
    }
}
