// SPDX-License-Identifier: Apache-2.0
/// A static packed R-tree over longitude/latitude boxes (Sort-Tile-Recursive packing, 16 entries a
/// node, as GEOS's `STRtree` and flatbush): finds the boxes that contain a point without visiting
/// every box. Built once; immutable.
///
/// Boxes are in degrees, x = longitude, y = latitude; a box contains the points on its edges. Empty
/// boxes (west > east or south > north, e.g. from no positions) and boxes with a NaN side are left
/// out: they contain no point.
struct PackedBoxTree: Sendable {
    private static let nodeSize = 16

    /// Every node's box, level by level from the leaves (the entries) up to the root.
    private let west: [Double]
    private let south: [Double]
    private let east: [Double]
    private let north: [Double]
    /// The caller's index of each leaf entry, in packed order.
    private let ids: [Int32]
    /// Where each level starts in the box arrays; the last element is the total count.
    private let levelStart: [Int]

    /// The number of boxes indexed (empty ones excluded).
    var count: Int { ids.count }

    /// Indexes `boxes`; the answers are positions in this array.
    init(boxes: [BoundingBox]) {
        var entries: [(box: BoundingBox, id: Int32)] = []
        entries.reserveCapacity(boxes.count)
        for (i, box) in boxes.enumerated() where box.west <= box.east && box.south <= box.north {
            entries.append((box, Int32(truncatingIfNeeded: i)))
        }
        // Sort-Tile-Recursive: vertical slices by centre longitude, each sorted by centre latitude.
        let n = entries.count
        let leafNodes = (n + Self.nodeSize - 1) / Self.nodeSize
        var slices = 1
        while slices * slices < leafNodes { slices += 1 }
        let perSlice = slices * Self.nodeSize
        entries.sort { ($0.box.west + $0.box.east) < ($1.box.west + $1.box.east) }
        var start = 0
        while start < n {
            let end = min(start + perSlice, n)
            entries[start..<end].sort { ($0.box.south + $0.box.north) < ($1.box.south + $1.box.north) }
            start = end
        }
        var west = entries.map(\.box.west), south = entries.map(\.box.south)
        var east = entries.map(\.box.east), north = entries.map(\.box.north)
        var levelStart = [0]
        var levelBegin = 0, levelCount = n
        while levelCount > 1 {
            for node in stride(from: 0, to: levelCount, by: Self.nodeSize) {
                var w = Double.infinity, s = Double.infinity, e = -Double.infinity, nn = -Double.infinity
                for child in (levelBegin + node)..<(levelBegin + min(node + Self.nodeSize, levelCount)) {
                    w = min(w, west[child]); s = min(s, south[child])
                    e = max(e, east[child]); nn = max(nn, north[child])
                }
                west.append(w); south.append(s); east.append(e); north.append(nn)
            }
            levelBegin += levelCount
            levelStart.append(levelBegin)
            levelCount = (levelCount + Self.nodeSize - 1) / Self.nodeSize
        }
        levelStart.append(levelBegin + levelCount)
        self.west = west
        self.south = south
        self.east = east
        self.north = north
        self.ids = entries.map(\.id)
        self.levelStart = levelStart
    }

    /// Calls `body` with the index of every box containing `point` (edges included), in no
    /// particular order. Non-finite coordinates are in no box.
    func forEach(containing point: Coordinate, _ body: (Int) -> Void) {
        let x = point.longitude, y = point.latitude
        guard !ids.isEmpty, x.isFinite, y.isFinite else { return }
        visit(level: levelStart.count - 2, position: 0, x, y, body)
    }

    /// ``forEach(containing:_:)`` below the node at `position` of `level` (0: the leaves). Recursive,
    /// as deep as the tree (log16 of the boxes), so a query allocates no stack.
    private func visit(level: Int, position: Int, _ x: Double, _ y: Double, _ body: (Int) -> Void) {
        let index = levelStart[level] + position
        guard x >= west[index], x <= east[index], y >= south[index], y <= north[index] else { return }
        if level == 0 {
            body(Int(ids[position]))
            return
        }
        let childCount = levelStart[level] - levelStart[level - 1]
        let first = position * Self.nodeSize
        for child in first..<min(first + Self.nodeSize, childCount) {
            visit(level: level - 1, position: child, x, y, body)
        }
    }
}
