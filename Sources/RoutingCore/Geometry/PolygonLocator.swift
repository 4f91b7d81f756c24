// SPDX-License-Identifier: Apache-2.0
/// A coverage's polygons laid out flat for point location: every ring's edges in two contiguous
/// arrays, rings of 16 edges or more bucketed by latitude band (``RingEdgeIndex``), the others kept
/// as a chain of positions, and for many polygons an R-tree of their boxes. Locating a point then
/// copies no polygon value and takes no reference per ring, which was most of the cost of a call.
///
/// Built by ``Coverage/indexed()``; immutable. Answers exactly as ``CoveragePolygon/location(of:)``:
/// the same ``RingLocation/visit`` predicate on every edge whose latitude range holds the point.
/// Positions are degrees, x = longitude, y = latitude.
final class PolygonLocator: Sendable {
    private struct Polygon {
        /// The exterior ring's box.
        var west, south, east, north: Double
        /// Its rings are ``rings`` entries `firstRing ..< endRing`, the exterior first.
        var firstRing, endRing: Int32
    }

    private struct Ring {
        /// Lowest and highest latitude; bands per degree of latitude (0 for a chain).
        var south, north, scale: Double
        /// 0 for a chain of `count` positions from double `first` of ``chains``; otherwise the
        /// number of bands, whose bounds are ``bandStart`` entries `first ... first + bandCount`.
        var bandCount, first, count: Int32
    }

    /// The coverage's box: no polygon holds a point outside it.
    private let west, south, east, north: Double
    private let polygons: [Polygon]
    private let rings: [Ring]
    /// Band `k` of a banded ring holds ``edges`` entries `bandStart[first + k] ..< bandStart[first + k + 1]`.
    private let bandStart: [Int32]
    /// Four doubles per banded edge entry: ax, ay, bx, by.
    private let edges: [Double]
    /// Two doubles per position of every chain: x, y.
    private let chains: [Double]
    /// The polygons' boxes, for coverages of ``treeMinimum`` polygons or more.
    private let tree: PackedBoxTree?

    /// Below this many polygons, checking each polygon's box is as fast as a tree.
    static let treeMinimum = 8

    /// Lays out `polygons`, whose exterior rings `box` encloses (the coverage's, already computed);
    /// nil when a ring has a non-finite latitude or an array would need more
    /// than `Int32.max` entries (then the caller scans the polygons).
    init?(polygons: [CoveragePolygon], box: BoundingBox) {
        var laidOut: [Polygon] = [], rings: [Ring] = []
        var bandStart: [Int32] = [], edges: [Double] = [], chains: [Double] = []
        for polygon in polygons {
            let box = polygon.boundingBox
            let firstRing = Int32(truncatingIfNeeded: rings.count)
            for ring in polygon.rings {
                if let index = RingEdgeIndex(ring: ring) {
                    let base = edges.count / 4
                    guard base + index.edges.count / 4 < Int(Int32.max), bandStart.count < Int(Int32.max) else { return nil }
                    rings.append(Ring(
                        south: index.south, north: index.north, scale: index.scale,
                        bandCount: Int32(index.bandCount), first: Int32(bandStart.count), count: 0))
                    bandStart += index.bandStart.map { $0 + Int32(base) }
                    edges += index.edges
                } else {
                    var south = Double.infinity, north = -Double.infinity
                    for c in ring {
                        guard c.latitude.isFinite else { return nil }
                        south = min(south, c.latitude)
                        north = max(north, c.latitude)
                    }
                    guard chains.count + 2 * ring.count < Int(Int32.max) else { return nil }
                    rings.append(Ring(
                        south: south, north: north, scale: 0,
                        bandCount: 0, first: Int32(chains.count), count: Int32(ring.count)))
                    for c in ring { chains += [c.longitude, c.latitude] }
                }
            }
            guard rings.count < Int(Int32.max) else { return nil }
            laidOut.append(Polygon(
                west: box.west, south: box.south, east: box.east, north: box.north,
                firstRing: firstRing, endRing: Int32(rings.count)))
        }
        (west, south, east, north) = (box.west, box.south, box.east, box.north)
        self.polygons = laidOut
        self.rings = rings
        self.bandStart = bandStart
        self.edges = edges
        self.chains = chains
        tree = polygons.count >= Self.treeMinimum ? PackedBoxTree(boxes: polygons.map(\.boundingBox)) : nil
    }

    /// Where `point` (finite longitude) lies relative to the polygons: ``CoverageLocation/inside`` when some
    /// polygon has it inside, else ``CoverageLocation/boundary`` when some has it on its boundary
    /// (whether the polygons together surround it is the caller's question: ``boundaryPolygons(at:)``),
    /// else ``CoverageLocation/outside``.
    func location(of point: Coordinate) -> CoverageLocation {
        var answer = CoverageLocation.outside
        guard point.longitude >= west, point.longitude <= east, point.latitude >= south, point.latitude <= north else {
            return answer
        }
        if let tree {
            tree.forEach(containing: point) { p in
                if answer == .inside { return }
                let here = location(of: point, polygon: p)
                if here != .outside { answer = here }
            }
            return answer
        }
        for p in polygons.indices {
            switch location(of: point, polygon: p) {
            case .inside: return .inside
            case .boundary: answer = .boundary
            case .outside: break
            }
        }
        return answer
    }

    /// The polygons that have `point` on their boundary, in increasing order.
    func boundaryPolygons(at point: Coordinate) -> [Int] {
        var found: [Int] = []
        if let tree {
            tree.forEach(containing: point) { p in
                if location(of: point, polygon: p) == .boundary { found.append(p) }
            }
            return found.sorted()
        }
        return polygons.indices.filter { location(of: point, polygon: $0) == .boundary }
    }

    /// ``CoveragePolygon/location(of:)`` of polygon `p`.
    private func location(of point: Coordinate, polygon p: Int) -> CoverageLocation {
        let px = point.longitude, py = point.latitude
        let polygon = polygons[p]
        guard px >= polygon.west, py >= polygon.south, px <= polygon.east, py <= polygon.north else {
            return .outside
        }
        let exterior = Int(polygon.firstRing)
        var onBoundary = false
        for r in exterior..<Int(polygon.endRing) {
            switch ringLocation(px, py, rings[r]) {
            case .inside where r != exterior: return .outside  // inside a hole
            case .outside where r == exterior: return .outside
            case .boundary: onBoundary = true
            default: break
            }
        }
        return onBoundary ? .boundary : .inside
    }

    /// ``RingLocation/of(_:in:)`` of `ring`, visiting only the edges of the point's band.
    @inline(__always)
    private func ringLocation(_ px: Double, _ py: Double, _ ring: Ring) -> RingLocation {
        guard py >= ring.south, py <= ring.north else { return .outside }
        let bandCount = Int(ring.bandCount), first = Int(ring.first)
        if bandCount == 0 {
            return chains.withUnsafeBufferPointer {
                RingLocation.of(px, py, edges: $0, from: first, to: first + 2 * (Int(ring.count) - 1), step: 2)
            }
        }
        let k = first + RingEdgeIndex.band(of: py, south: ring.south, scale: ring.scale, count: bandCount)
        return edges.withUnsafeBufferPointer {
            RingLocation.of(px, py, edges: $0, from: 4 * Int(bandStart[k]), to: 4 * Int(bandStart[k + 1]), step: 4)
        }
    }
}
