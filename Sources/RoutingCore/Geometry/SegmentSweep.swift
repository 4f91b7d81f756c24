// SPDX-License-Identifier: Apache-2.0
/// Finds the pairs of segments, among all edges of many polylines, whose bounding boxes overlap:
/// the candidates for ``SegmentIntersection``, without comparing every pair.
///
/// Method (as JTS/GEOS `MCIndexNoder` with `MonotoneChainOverlapAction` over an `STRtree`):
/// 1. Each polyline is cut into **monotone chains**: maximal runs of consecutive segments whose
///    directions lie in the same closed quadrant (x and y both non-decreasing, or …). Inside a chain
///    only consecutive segments can meet (at their shared vertex), so chains are never compared with
///    themselves, and the box of any run of a chain is the box of its two end points.
/// 2. The chains' boxes are packed into a static R-tree (Sort-Tile-Recursive, as JTS/GEOS `STRtree`),
///    and each chain queries it for the later chains whose boxes overlap its own.
/// 3. Two overlapping chains are compared by bisecting the longer run (with an explicit stack),
///    pruning runs whose boxes are disjoint, down to single segment pairs.
///
/// Cost: O(n log n) to build, plus O(log n + m) per chain query for m overlapping chains, plus
/// O(log n) per reported pair: O(n log n + k) for k pairs of overlapping segment boxes. For polygon
/// boundaries this is O(n log n) in practice: a smooth 1,000,000-vertex ring is a handful of chains
/// and is searched in a few hundredths of a second (release build); a jagged one, where every short
/// chain's box overlaps its neighbours', in under a second. Shapes whose edges' boxes mostly overlap
/// (a fine sawtooth spanning the whole shape) cost time proportional to those overlaps, as in GEOS.
/// Reporting can be stopped at any time by the callback.
///
/// Box comparisons are exact (comparisons of doubles); the boxes are closed, so segments that only
/// touch at a point are reported.
struct SegmentSweep: Sendable {
    typealias Chain = MonotoneChain
    /// All vertices, the polylines concatenated.
    private let points: [Coordinate]
    /// `lineStart[l]` is the index in `points` of polyline `l`'s first vertex; one extra entry at the end.
    private let lineStart: [Int]
    private var chains: [Chain] = []


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
        let tree = ChainTree(chains)
        forEachCandidatePair(in: tree, leaves: tree.leaves.indices, body)
    }

    /// The chain tree that ``forEachCandidatePair(in:leaves:_:)`` searches; build it once and share
    /// it between threads (it is immutable).
    func makeTree() -> ChainTree { ChainTree(chains) }

    /// Like ``forEachCandidatePair(_:)``, for the pairs whose first chain is one of `leaves` (indices
    /// into `tree.leaves`): cutting `tree.leaves.indices` into ranges gives every pair exactly once,
    /// so ranges can be searched on separate threads.
    func forEachCandidatePair(in tree: ChainTree, leaves: Range<Int>, _ body: (Int, Int, Int, Int) -> Bool) {
        var nodeStack: [Int] = []
        var runStack: [(Int, Int, Int, Int)] = []
        var found: [(Int, Int, Int, Int)] = []
        var others: [MonotoneChain] = []
        for c in leaves {
            let chain = tree.leaves[c]
            others.removeAll(keepingCapacity: true)
            tree.query(chain, after: c, stack: &nodeStack) { others.append($0) }
            found.removeAll(keepingCapacity: true)
            for other in others {
                collectPairs(other, chain, &runStack, &found)
            }
            for pair in found where !body(pair.0, pair.1, pair.2, pair.3) { return }
        }
    }

    private func collectPairs(
        _ a: Chain, _ b: Chain, _ stack: inout [(Int, Int, Int, Int)], _ found: inout [(Int, Int, Int, Int)]
    ) {
        points.withUnsafeBufferPointer { points in
            stack.removeAll(keepingCapacity: true)
            stack.append((a.first, a.last, b.first, b.last))
            let la = lineStart[a.line], lb = lineStart[b.line]
            while let (a0, a1, b0, b1) = stack.popLast() {
                let pa0 = points[a0], pa1 = points[a1], pb0 = points[b0], pb1 = points[b1]
                if max(pa0.longitude, pa1.longitude) < min(pb0.longitude, pb1.longitude)
                    || max(pb0.longitude, pb1.longitude) < min(pa0.longitude, pa1.longitude)
                    || max(pa0.latitude, pa1.latitude) < min(pb0.latitude, pb1.latitude)
                    || max(pb0.latitude, pb1.latitude) < min(pa0.latitude, pa1.latitude)
                {
                    continue
                }
                if a1 - a0 == 1 && b1 - b0 == 1 {
                    found.append((a.line, a0 - la, b.line, b0 - lb))
                } else if a1 - a0 >= b1 - b0 {
                    let mid = (a0 + a1) / 2
                    stack.append((mid, a1, b0, b1))
                    stack.append((a0, mid, b0, b1))
                } else {
                    let mid = (b0 + b1) / 2
                    stack.append((a0, a1, mid, b1))
                    stack.append((a0, a1, b0, mid))
                }
            }
        }
    }
}

/// A run of consecutive segments of one polyline whose directions share a quadrant.
struct MonotoneChain: Sendable {
    var line: Int
    /// Global indices of the chain's first and last vertex; its segments start at `first ..< last`.
    var first: Int
    var last: Int
    var minX, maxX, minY, maxY: Double

    @inline(__always)
    func overlaps(_ o: MonotoneChain) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
}

/// A static R-tree over chain boxes, packed with Sort-Tile-Recursive (Leutenegger et al. 1997; JTS
/// `STRtree`): leaves are the chains themselves, in packed order; each upper node covers a
/// contiguous range of the level below.
/// A packed R-tree (STR) of monotone chains, immutable once built.
struct ChainTree: Sendable {
    struct Node {
        var minX, maxX, minY, maxY: Double
        var start: Int, end: Int  // children range in the level below
        func overlaps(_ c: MonotoneChain) -> Bool {
            minX <= c.maxX && c.minX <= maxX && minY <= c.maxY && c.minY <= maxY
        }
    }
    static let capacity = 10
    /// The chains in packed order.
    private(set) var leaves: [MonotoneChain]
    /// All inner nodes, level by level from the leaves up; a level-0 node's children are leaves,
    /// a higher node's children are nodes (absolute indices into `nodes`).
    private var nodes: [Node] = []
    /// `levelStart[k]` is the index in `nodes` of level k's first node; one extra entry at the end.
    private var levelStart: [Int] = []

    init(_ chains: [MonotoneChain]) {
        let order = Self.pack(chains.map { ($0.minX, $0.maxX, $0.minY, $0.maxY) })
        leaves = order.map { chains[$0] }
        var boxes = leaves.map { ($0.minX, $0.maxX, $0.minY, $0.maxY) }
        var childOffset = 0
        while true {
            // Group consecutive boxes of the level below into nodes.
            var level: [Node] = []
            level.reserveCapacity(boxes.count / Self.capacity + 1)
            var i = 0
            while i < boxes.count {
                let end = min(i + Self.capacity, boxes.count)
                var node = Node(
                    minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity,
                    start: childOffset + i, end: childOffset + end)
                for b in boxes[i..<end] {
                    node.minX = min(node.minX, b.0); node.maxX = max(node.maxX, b.1)
                    node.minY = min(node.minY, b.2); node.maxY = max(node.maxY, b.3)
                }
                level.append(node)
                i = end
            }
            if level.count > 1 {
                // Reorder this level (children ranges stay valid) so the next level groups neighbours.
                level = Self.pack(level.map { ($0.minX, $0.maxX, $0.minY, $0.maxY) }).map { level[$0] }
            }
            childOffset = nodes.count
            levelStart.append(nodes.count)
            nodes += level
            if level.count <= 1 { break }
            boxes = level.map { ($0.minX, $0.maxX, $0.minY, $0.maxY) }
        }
        levelStart.append(nodes.count)
    }

    /// Sort-Tile-Recursive order of boxes: vertical slices by centre x, each sorted by centre y.
    static func pack(_ boxes: [(Double, Double, Double, Double)]) -> [Int] {
        let n = boxes.count
        guard n > capacity else {
            return Array(0..<n)
        }
        let byX = (0..<n).sorted { (boxes[$0].0 + boxes[$0].1) < (boxes[$1].0 + boxes[$1].1) }
        let nodeCount = (n + capacity - 1) / capacity
        var slices = 1
        while slices * slices < nodeCount { slices += 1 }
        let sliceSize = slices * capacity
        var order: [Int] = []
        order.reserveCapacity(n)
        var i = 0
        while i < n {
            let end = min(i + sliceSize, n)
            order += byX[i..<end].sorted { (boxes[$0].2 + boxes[$0].3) < (boxes[$1].2 + boxes[$1].3) }
            i = end
        }
        return order
    }

    /// Calls `visit` for every leaf after index `after` whose box overlaps `chain`, until it returns false.
    func query(_ chain: MonotoneChain, after: Int, stack: inout [Int], _ visit: (MonotoneChain) -> Void) {
        let leafLevelEnd = levelStart[1]
        stack.removeAll(keepingCapacity: true)
        for i in levelStart[levelStart.count - 2]..<levelStart[levelStart.count - 1] where nodes[i].overlaps(chain) {
            stack.append(i)
        }
        nodes.withUnsafeBufferPointer { nodes in
            leaves.withUnsafeBufferPointer { leaves in
                while let index = stack.popLast() {
                    let node = nodes[index]
                    if index < leafLevelEnd {
                        if node.end - 1 <= after { continue }
                        for leaf in max(node.start, after + 1)..<node.end where leaves[leaf].overlaps(chain) {
                            visit(leaves[leaf])
                        }
                    } else {
                        for child in node.start..<node.end where nodes[child].overlaps(chain) {
                            stack.append(child)
                        }
                    }
                }
            }
        }
    }
}
