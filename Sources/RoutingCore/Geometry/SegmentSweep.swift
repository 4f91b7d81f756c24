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
        self.init(points: points, lineStart: lineStart)
    }

    /// Prepares the sweep over polylines given concatenated: polyline `l` is
    /// `points[lineStart[l] ..< lineStart[l + 1]]` (`lineStart` has one extra entry at the end).
    init(points: [Coordinate], lineStart: [Int]) {
        self.points = points
        self.lineStart = lineStart
        // Counted first, so the chains take one allocation of their size (a jagged outline has a
        // chain every one or two segments).
        var count = 0
        for l in 0..<(lineStart.count - 1) {
            Self.forEachChain(points, lineStart[l], lineStart[l + 1]) { _, _ in count += 1 }
        }
        var chains: [Chain] = []
        chains.reserveCapacity(count)
        for l in 0..<(lineStart.count - 1) {
            Self.forEachChain(points, lineStart[l], lineStart[l + 1]) { first, last in
                let a = points[first], b = points[last]
                chains.append(Chain(
                    line: l, first: first, last: last,
                    minX: min(a.longitude, b.longitude), maxX: max(a.longitude, b.longitude),
                    minY: min(a.latitude, b.latitude), maxY: max(a.latitude, b.latitude)))
            }
        }
        self.chains = chains
    }

    /// The quadrant of the direction a → b: 0 (x ≥, y ≥), 1 (x <, y ≥), 2 (x <, y <), 3 (x ≥, y <).
    @inline(__always)
    private static func quadrant(_ a: Coordinate, _ b: Coordinate) -> Int {
        if b.longitude >= a.longitude {
            return b.latitude >= a.latitude ? 0 : 3
        }
        return b.latitude >= a.latitude ? 1 : 2
    }

    /// Calls `body(first, last)` for each monotone chain of the polyline `points[start ..< end]`, in order.
    @inline(__always)
    private static func forEachChain(_ points: [Coordinate], _ start: Int, _ end: Int, _ body: (Int, Int) -> Void) {
        guard end - start >= 2 else { return }
        points.withUnsafeBufferPointer { points in
            var first = start
            var q = quadrant(points[start], points[start + 1])
            var i = start + 1
            while i < end - 1 {
                let next = quadrant(points[i], points[i + 1])
                if next != q {
                    body(first, i)
                    first = i
                    q = next
                }
                i += 1
            }
            body(first, end - 1)
        }
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
    /// it between threads (it is immutable). The chains move into the tree: call this once, and
    /// only ``forEachCandidatePair(in:leaves:_:)`` afterwards.
    mutating func makeTree() -> ChainTree {
        let tree = ChainTree(chains)
        chains = []
        return tree
    }

    /// Like ``forEachCandidatePair(_:)``, for the pairs whose first chain is one of `leaves` (indices
    /// into `tree.leaves`): cutting `tree.leaves.indices` into ranges gives every pair exactly once,
    /// so ranges can be searched on separate threads.
    func forEachCandidatePair(in tree: ChainTree, leaves: Range<Int>, _ body: (Int, Int, Int, Int) -> Bool) {
        withoutActuallyEscaping(body) { body in
            var visitor = ClosureVisitor(body: body)
            forEachCandidatePair(in: tree, leaves: leaves, &visitor)
        }
    }

    private struct ClosureVisitor: SegmentPairVisitor {
        let body: (Int, Int, Int, Int) -> Bool
        mutating func visit(_ lineA: Int, _ segmentA: Int, _ lineB: Int, _ segmentB: Int) -> Bool {
            body(lineA, segmentA, lineB, segmentB)
        }
    }

    /// Like ``forEachCandidatePair(in:leaves:_:)``, calling `visitor` (specialized, so a visit is a
    /// plain call: the search of a jagged outline visits tens of millions of pairs). Pairs come in
    /// the same order: chain by chain of `leaves`, then the overlapping later chains in tree order,
    /// then by bisection, lower halves first.
    func forEachCandidatePair<Visitor: SegmentPairVisitor>(
        in tree: ChainTree, leaves: Range<Int>, _ visitor: inout Visitor
    ) {
        // Bisection pops one run pair and pushes two: at most one more entry per level, and there are
        // fewer than 64 levels for each chain.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: tree.queryStackCapacity) { nodeStack in
            withUnsafeTemporaryAllocation(of: RunPair.self, capacity: 130) { stack in
                points.withUnsafeBufferPointer { points in
                    lineStart.withUnsafeBufferPointer { lineStart in
                        tree.leaves.withUnsafeBufferPointer { packed in
                            for c in leaves {
                                let chain = packed[c]
                                let going = tree.query(chain, after: c, stack: nodeStack) { other in
                                    Self.collectPairs(other, chain, points, lineStart, stack, &visitor)
                                }
                                if !going { return }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Positions `a0 … a1` of one chain and `b0 … b1` of another (global indices).
    private typealias RunPair = (a0: Int, a1: Int, b0: Int, b1: Int)

    /// Visits the segment pairs of chains `a` and `b` whose boxes overlap (the chains' own boxes are
    /// known to overlap); false when the visitor stopped.
    @inline(__always)
    private static func collectPairs<Visitor: SegmentPairVisitor>(
        _ a: Chain, _ b: Chain, _ points: UnsafeBufferPointer<Coordinate>, _ lineStart: UnsafeBufferPointer<Int>,
        _ stack: UnsafeMutableBufferPointer<RunPair>, _ visitor: inout Visitor
    ) -> Bool {
        let la = lineStart[a.line], lb = lineStart[b.line]
        // Two single segments: their boxes are the chains' boxes, which overlap.
        if a.last - a.first == 1 && b.last - b.first == 1 {
            return visitor.visit(a.line, a.first - la, b.line, b.first - lb)
        }
        var top = 0
        stack[0] = (a.first, a.last, b.first, b.last)
        top = 1
        while top > 0 {
            top -= 1
            let (a0, a1, b0, b1) = stack[top]
            let pa0 = points[a0], pa1 = points[a1], pb0 = points[b0], pb1 = points[b1]
            if max(pa0.longitude, pa1.longitude) < min(pb0.longitude, pb1.longitude)
                || max(pb0.longitude, pb1.longitude) < min(pa0.longitude, pa1.longitude)
                || max(pa0.latitude, pa1.latitude) < min(pb0.latitude, pb1.latitude)
                || max(pb0.latitude, pb1.latitude) < min(pa0.latitude, pa1.latitude)
            {
                continue
            }
            if a1 - a0 == 1 && b1 - b0 == 1 {
                if !visitor.visit(a.line, a0 - la, b.line, b0 - lb) { return false }
            } else if a1 - a0 >= b1 - b0 {
                let mid = (a0 + a1) / 2
                stack[top] = (mid, a1, b0, b1)
                stack[top + 1] = (a0, mid, b0, b1)
                top += 2
            } else {
                let mid = (b0 + b1) / 2
                stack[top] = (a0, a1, mid, b1)
                stack[top + 1] = (a0, a1, b0, mid)
                top += 2
            }
        }
        return true
    }
}

/// What ``SegmentSweep/forEachCandidatePair(in:leaves:_:)`` calls for each candidate pair.
protocol SegmentPairVisitor {
    /// Segment `segmentA` of polyline `lineA` and segment `segmentB` of polyline `lineB` have
    /// overlapping closed boxes; return false to stop the search.
    mutating func visit(_ lineA: Int, _ segmentA: Int, _ lineB: Int, _ segmentB: Int) -> Bool
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
        /// The largest index of a leaf under this node (a search for later leaves skips the node).
        var lastLeaf: Int
        @inline(__always)
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
        let order = Self.pack(
            count: chains.count, centreX: { chains[$0].minX + chains[$0].maxX },
            centreY: { chains[$0].minY + chains[$0].maxY })
        leaves = order.map { chains[$0] }
        var childOffset = 0
        var below = leaves.count
        var leafLevel = true
        while true {
            // Group consecutive boxes of the level below into nodes.
            var level: [Node] = []
            level.reserveCapacity(below / Self.capacity + 1)
            var i = 0
            while i < below {
                let end = min(i + Self.capacity, below)
                var node = Node(
                    minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity,
                    start: childOffset + i, end: childOffset + end, lastLeaf: end - 1)
                if leafLevel {
                    for b in leaves[i..<end] {
                        node.minX = min(node.minX, b.minX); node.maxX = max(node.maxX, b.maxX)
                        node.minY = min(node.minY, b.minY); node.maxY = max(node.maxY, b.maxY)
                    }
                } else {
                    node.lastLeaf = 0
                    for b in nodes[(childOffset + i)..<(childOffset + end)] {
                        node.minX = min(node.minX, b.minX); node.maxX = max(node.maxX, b.maxX)
                        node.minY = min(node.minY, b.minY); node.maxY = max(node.maxY, b.maxY)
                        node.lastLeaf = max(node.lastLeaf, b.lastLeaf)
                    }
                }
                level.append(node)
                i = end
            }
            if level.count > 1 {
                // Reorder this level (children ranges stay valid) so the next level groups neighbours.
                level = Self.pack(
                    count: level.count, centreX: { level[$0].minX + level[$0].maxX },
                    centreY: { level[$0].minY + level[$0].maxY }
                ).map { level[$0] }
            }
            childOffset = nodes.count
            levelStart.append(nodes.count)
            nodes += level
            if level.count <= 1 { break }
            below = level.count
            leafLevel = false
        }
        levelStart.append(nodes.count)
    }

    /// Sort-Tile-Recursive order of `count` boxes: vertical slices by centre x, each sorted by
    /// centre y (`centreX(i)` is box i's `minX + maxX`, twice its centre; likewise `centreY`).
    /// Ties keep the boxes' order.
    static func pack(count n: Int, centreX: (Int) -> Double, centreY: (Int) -> Double) -> [Int] {
        guard n > capacity else {
            return Array(0..<n)
        }
        let xs = (0..<n).map(centreX)
        let byX = Self.stableOrder(0..<n) { xs[$0] }
        let nodeCount = (n + capacity - 1) / capacity
        var slices = 1
        while slices * slices < nodeCount { slices += 1 }
        let sliceSize = slices * capacity
        let ys = (0..<n).map(centreY)
        var order: [Int] = []
        order.reserveCapacity(n)
        var i = 0
        while i < n {
            let end = min(i + sliceSize, n)
            order += Self.stableOrder(byX[i..<end]) { ys[$0] }
            i = end
        }
        return order
    }

    /// `indices` sorted by `key`, ties in their given order (as the standard library's sort,
    /// which is stable, did with a comparison of keys).
    private static func stableOrder<C: Collection<Int>>(_ indices: C, _ key: (Int) -> Double) -> [Int] {
        var pairs = indices.enumerated().map { (key: key($1), rank: $0, index: $1) }
        pairs.sort { $0.key < $1.key || ($0.key == $1.key && $0.rank < $1.rank) }
        return pairs.map(\.index)
    }

    /// How many entries the stack of ``query(_:after:stack:_:)`` may need: each level's pop pushes
    /// at most ``capacity`` children.
    var queryStackCapacity: Int { (levelStart.count + 1) * Self.capacity }

    /// Calls `visit` for every leaf after index `after` whose box overlaps `chain`, until it returns
    /// false (then returns false). Subtrees holding no later leaf are skipped. `stack` holds at least
    /// ``queryStackCapacity`` entries.
    @inline(__always)
    func query(
        _ chain: MonotoneChain, after: Int, stack: UnsafeMutableBufferPointer<Int>, _ visit: (MonotoneChain) -> Bool
    ) -> Bool {
        let leafLevelEnd = levelStart[1]
        return nodes.withUnsafeBufferPointer { nodes in
            leaves.withUnsafeBufferPointer { leaves in
                var top = 0
                for i in levelStart[levelStart.count - 2]..<levelStart[levelStart.count - 1]
                where nodes[i].lastLeaf > after && nodes[i].overlaps(chain) {
                    stack[top] = i
                    top += 1
                }
                while top > 0 {
                    top -= 1
                    let node = nodes[stack[top]]
                    if stack[top] < leafLevelEnd {
                        for leaf in max(node.start, after + 1)..<node.end where leaves[leaf].overlaps(chain) {
                            if !visit(leaves[leaf]) { return false }
                        }
                    } else {
                        for child in node.start..<node.end where nodes[child].lastLeaf > after && nodes[child].overlaps(chain) {
                            stack[top] = child
                            top += 1
                        }
                    }
                }
                return true
            }
        }
    }
}
