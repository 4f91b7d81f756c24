// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Synchronization
/// OGC Simple Features validity of polygons and MultiPolygons, with the semantics of GEOS
/// `IsValidOp` (GEOS ≥ 3.10, JTS 1.18: `PolygonTopologyAnalyzer`, `PolygonIntersectionAnalyzer`,
/// `IndexedNestedHoleTester`, `IndexedNestedPolygonTester`, `PolygonRing`), which is what shapely's
/// `is_valid` and PostGIS's `ST_IsValid` answer with default settings (a self-touching ring is
/// invalid).
///
/// A MultiPolygon is valid exactly when ``problems(in:)`` returns no problem. Problems whose
/// ``PolygonProblem/Kind/isBetweenPolygons`` is true (overlapping, nested and edge-sharing parts)
/// are invalid for OGC/GEOS too, but a routing-app coverage is the union of its polygons, so Apple's
/// profile may treat them as notes.
///
/// Model: x = longitude, y = latitude, in degrees, edges are straight lines (RFC 7946 §3.1.1); every
/// predicate is exact (``PlanarOrientation``, ``SegmentIntersection``, ``NodeTopology``), with no
/// epsilon. Consecutive repeated positions are skipped (GEOS removes them before analysing, and the
/// validator warns about them separately).
///
/// What is checked, in GEOS's order:
/// 1. each ring has at least 3 distinct positions (``PolygonProblem/Kind/tooFewPoints``) and does not
///    lie on one line (``PolygonProblem/Kind/zeroArea``);
/// 2. all edges of all rings are intersected with each other in O(n log n + k) (``SegmentSweep``):
///    consecutive edges must not overlap (spike); other edges of one ring must not meet at all
///    (crossing: self-intersection, touching: self-touch); two rings of one polygon must not cross or
///    share a segment, and may touch in at most one point per pair of rings (else the interior is
///    disconnected); two polygons must not cross or share a segment (they may touch at points);
/// 3. each hole lies inside its exterior ring (a hole may touch it at a point);
/// 4. no hole lies inside another hole;
/// 5. no polygon lies inside another polygon, except inside one of its holes;
/// 6. rings that touch each other must not form a cycle of touches at distinct points (a chain of
///    holes from the exterior back to itself cuts the interior in two).
/// Steps 3–6 are, as in GEOS, only run on polygons whose rings passed steps 1–2 (their answers are
/// meaningless otherwise); step 5 skips pairs of polygons already reported as overlapping.
///
/// Unlike GEOS, which stops at the first problem, every problem is reported, up to
/// ``maximumProblemsPerKind`` of each kind; once an error inside a polygon is known, the edge search
/// also stops after ``intersectionBudget`` intersecting edge pairs (or twenty times as many candidate
/// pairs), so input where every edge meets every other edge cannot make it quadratic. Input that is
/// valid but where most edges' boxes overlap (a fine sawtooth across the whole shape) still costs
/// time proportional to the number of overlapping boxes, as in GEOS. Once
/// ``maximumProblemsPerKind`` problems between polygons are known, the edge search goes on polygon
/// by polygon (every problem within a polygon is still found; nesting between polygons is then not
/// checked), and the nesting checks stop at that many reports of their kind.
public enum PolygonValidity {
    /// At most this many problems of one kind are reported.
    public static let maximumProblemsPerKind = 100
    /// After this many intersecting edge pairs (touches included), or twenty times as many pairs of
    /// edges whose boxes overlap, the search stops as soon as an error within a polygon has been found.
    public static let intersectionBudget = 100_000
    /// Inputs with at least this many positions have their edge pairs searched on all processors.
    static let parallelSearchThreshold = 50_000
    /// How many ranges of chains such a search is cut into.
    static let parallelSearchChunks = 8

    /// The problems of `multiPolygon`, ordered by position.
    ///
    /// - Parameter multiPolygon: `multiPolygon[polygon][ring][position]`, as in a GeoJSON
    ///   MultiPolygon's coordinates (use `[polygon]` for a Polygon): ring 0 is the exterior ring,
    ///   others are holes; each ring is closed (first == last), finite and has at least 4 positions.
    ///   The validator guarantees this before calling; if not, an open ring is treated as closed and
    ///   a ring with fewer than 4 positions is ``PolygonProblem/Kind/tooFewPoints``.
    /// - Returns: an empty array exactly when GEOS `IsValidOp` (shapely `is_valid`) calls the
    ///   geometry valid.
    public static func problems(in multiPolygon: [[[Coordinate]]]) -> [PolygonProblem] {
        var analysis = ValidityAnalysis(multiPolygon)
        analysis.run()
        return analysis.sortedProblems()
    }
}

// MARK: - the analysis

private struct ValidityAnalysis {
    struct Ring {
        var polygon: Int
        var index: Int
        /// The ring as given (closed).
        var raw: [Coordinate]
        /// Consecutive repeats removed; closed.
        var points: [Coordinate]
        /// `original[k]` is the index in `raw` of `points[k]`; empty when `points` is `raw` (no repeats).
        var original: [Int]
        var usable = true
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity

        func covers(_ other: Ring) -> Bool {
            minX <= other.minX && maxX >= other.maxX && minY <= other.minY && maxY >= other.maxY
        }
    }

    struct ProblemKey: Hashable {
        var kind: PolygonProblem.Kind
        var polygon, ring, otherPolygon, otherRing: Int
        var x, y: Double
    }

    var rings: [Ring] = []
    /// `ringIDs[polygon][ring]` is the index in `rings`.
    var ringIDs: [[Int]] = []
    var problems: [PolygonProblem] = []
    var counts: [PolygonProblem.Kind: Int] = [:]
    var seen: Set<ProblemKey> = []
    /// Polygons with a problem in steps 1–2 (within the polygon).
    var broken: [Bool] = []
    var hasDoubleTouch: [Bool] = []
    /// Pairs of polygons (smaller index first) whose boundaries cross or overlap.
    var interacting: Set<[Int]> = []
    /// For each ring, the rings of the same polygon it touches, and where (GEOS `PolygonRing` touches).
    var touches: [[Int: Coordinate]] = []
    var orientation: [Int: Bool] = [:]
    var hasIntraPolygonError = false
    /// How many overlaps between polygons were found (reported or not).
    var betweenPolygonProblems = 0
    /// Set when the edge search stopped comparing different polygons; nesting between polygons is
    /// then not checked either (which pairs cross is no longer known).
    var pairsBetweenPolygonsSkipped = false
    /// The vertices next to each spike's tip (a spike A → B → A passes through A twice).
    var spikeBases: Set<SpikeBase> = []

    init(_ multiPolygon: [[[Coordinate]]]) {
        for (p, polygon) in multiPolygon.enumerated() {
            var ids: [Int] = []
            for (r, ringCoordinates) in polygon.enumerated() {
                var raw = ringCoordinates
                if let first = raw.first, raw.last != first { raw.append(first) }
                var ring = Ring(polygon: p, index: r, raw: raw, points: raw, original: [])
                var repeats = false
                var previous: Coordinate? = nil
                for c in raw {
                    ring.minX = min(ring.minX, c.longitude)
                    ring.maxX = max(ring.maxX, c.longitude)
                    ring.minY = min(ring.minY, c.latitude)
                    ring.maxY = max(ring.maxY, c.latitude)
                    if previous == c { repeats = true }
                    previous = c
                }
                // Most rings repeat no position: they share the array (a large file is not copied).
                if repeats {
                    var points: [Coordinate] = []
                    var original: [Int] = []
                    points.reserveCapacity(raw.count)
                    original.reserveCapacity(raw.count)
                    for (i, c) in raw.enumerated() where points.last != c {
                        points.append(c)
                        original.append(i)
                    }
                    ring.points = points
                    ring.original = original
                }
                ids.append(rings.count)
                rings.append(ring)
            }
            ringIDs.append(ids)
        }
        broken = Array(repeating: false, count: multiPolygon.count)
        hasDoubleTouch = Array(repeating: false, count: multiPolygon.count)
        touches = Array(repeating: [:], count: rings.count)
    }

    func sortedProblems() -> [PolygonProblem] {
        let order = Dictionary(uniqueKeysWithValues: PolygonProblem.Kind.allCases.enumerated().map { ($1, $0) })
        return problems.enumerated().sorted { l, r in
            let a = l.element.at, b = r.element.at
            if a.polygon != b.polygon { return a.polygon < b.polygon }
            if a.ring != b.ring { return a.ring < b.ring }
            if a.position != b.position { return a.position < b.position }
            let ka = order[l.element.kind]!, kb = order[r.element.kind]!
            if ka != kb { return ka < kb }
            return l.offset < r.offset
        }.map(\.element)
    }

    // MARK: reporting

    mutating func report(_ kind: PolygonProblem.Kind, at: RingPosition, other: RingPosition? = nil, point: Coordinate) {
        let key = ProblemKey(
            kind: kind, polygon: at.polygon, ring: at.ring,
            otherPolygon: other?.polygon ?? -1, otherRing: other?.ring ?? -1,
            x: point.longitude, y: point.latitude)
        if !kind.isBetweenPolygons { hasIntraPolygonError = true } else { betweenPolygonProblems += 1 }
        guard counts[kind, default: 0] < PolygonValidity.maximumProblemsPerKind, !seen.contains(key) else { return }
        seen.insert(key)
        counts[kind, default: 0] += 1
        problems.append(PolygonProblem(kind: kind, at: at, other: other, point: point))
    }

    /// The file position of deduplicated vertex `k` of ring `id` (the closing vertex maps to position 0).
    func position(_ id: Int, vertex k: Int) -> RingPosition {
        let ring = rings[id]
        let vertex = k >= ring.points.count - 1 ? 0 : k
        let index = ring.original.isEmpty ? vertex : ring.original[vertex]
        return RingPosition(polygon: ring.polygon, ring: ring.index, position: index)
    }

    /// The position of the vertex of segment `s` equal to `point`, else the segment's start.
    func position(_ id: Int, segment s: Int, at point: Coordinate) -> RingPosition {
        let points = rings[id].points
        if points[s + 1] == point && points[s] != point { return position(id, vertex: s + 1) }
        return position(id, vertex: s)
    }

    mutating func isCounterclockwise(_ id: Int) -> Bool {
        if let known = orientation[id] { return known }
        let value = RingOrientation.isCounterclockwise(rings[id].raw)
        orientation[id] = value
        return value
    }

    // MARK: run

    mutating func run() {
        checkRingSizes()
        findIntersections()
        for p in ringIDs.indices where !broken[p] {
            checkHoles(p)
        }
        checkShellsNotNested()
        for p in ringIDs.indices where !broken[p] && !hasDoubleTouch[p] && ringIDs[p].count > 1 {
            checkHoleCycles(p)
        }
    }

    /// Step 1: too few points, zero area.
    mutating func checkRingSizes() {
        for id in rings.indices {
            let ring = rings[id]
            let at = RingPosition(polygon: ring.polygon, ring: ring.index, position: 0)
            let point = ring.raw.first ?? Coordinate(latitude: 0, longitude: 0)
            let points = ring.points
            let twoDistinct = points.count >= 2 && !points.contains { $0 != points[0] && $0 != points[1] }
            if points.count < 4 || twoDistinct {
                report(.tooFewPoints, at: at, point: point)
                rings[id].usable = false
                broken[ring.polygon] = true
                continue
            }
            let a = points[0], b = points[1]
            if !points.contains(where: { PlanarOrientation.of(a, b, $0) != .collinear }) {
                report(.zeroArea, at: at, point: point)
                rings[id].usable = false
                broken[ring.polygon] = true
            }
        }
    }

    /// Searches the edges of rings `usable` for intersections; returns false when it stopped because
    /// ``PolygonValidity/maximumProblemsPerKind`` overlaps between polygons are known.
    mutating func search(_ usable: [Int], stopOnOverlapsBetweenPolygons: Bool) -> Bool {
        var flat: [Coordinate] = []
        var start: [Int] = []
        flat.reserveCapacity(usable.reduce(0) { $0 + rings[$1].points.count })
        start.reserveCapacity(usable.count + 1)
        for id in usable {
            start.append(flat.count)
            flat += rings[id].points
        }
        start.append(flat.count)
        var chains = SegmentSweep(points: flat, lineStart: start)
        let tree = chains.makeTree()
        let sweep = chains
        let linePolygon = usable.map { rings[$0].polygon }
        // The candidate search (the costly part) runs on all processors for large inputs, each worker
        // over its own range of chains; the pairs that really meet are then analysed here, in the
        // order a single search would have found them.
        let leafCount = tree.leaves.count
        let chunkCount = flat.count >= PolygonValidity.parallelSearchThreshold ? PolygonValidity.parallelSearchChunks : 1
        let ranges = (0..<chunkCount).map { k in (leafCount * k / chunkCount)..<(leafCount * (k + 1) / chunkCount) }
        let errorKnown = hasIntraPolygonError
        let overlapsKnown = betweenPolygonProblems
        let budget = PolygonValidity.intersectionBudget
        let enoughOverlaps = PolygonValidity.maximumProblemsPerKind
        let found = MeetingPairs(count: chunkCount)
        let points = flat, starts = start
        let safe = points.withUnsafeBufferPointer { PlanarOrientation.areSafe($0) }
        DispatchQueue.concurrentPerform(iterations: chunkCount) { k in
            points.withUnsafeBufferPointer { points in
                starts.withUnsafeBufferPointer { start in
                    linePolygon.withUnsafeBufferPointer { linePolygon in
                        var search = EdgePairSearch(
                            points: points, start: start, linePolygon: linePolygon,
                            safe: safe,
                            stopOnOverlapsBetweenPolygons: stopOnOverlapsBetweenPolygons,
                            definiteError: errorKnown, overlaps: overlapsKnown)
                        sweep.forEachCandidatePair(in: tree, leaves: ranges[k], &search)
                        found.store(k, search.pairs, stoppedForOverlaps: search.stoppedForOverlaps)
                    }
                }
            }
        }
        var intersecting = 0
        // A worker that stopped for overlaps left its range unsearched: then every polygon is searched
        // on its own afterwards (the caller does this when this returns false).
        var stoppedForOverlaps = (0..<chunkCount).contains { found.stoppedForOverlaps($0) }
        analysis: for k in 0..<chunkCount {
            for pair in found.take(k) {
                if stopOnOverlapsBetweenPolygons && linePolygon[pair.lineA] != linePolygon[pair.lineB]
                    && betweenPolygonProblems >= enoughOverlaps
                {
                    stoppedForOverlaps = true
                    break analysis
                }
                analysePair(pair.intersection, usable[pair.lineA], pair.edgeA, usable[pair.lineB], pair.edgeB)
                intersecting += 1
                if intersecting > budget && hasIntraPolygonError { break analysis }
            }
        }
        return !stoppedForOverlaps
    }

    /// Step 2: all intersections between edges. When many overlaps between polygons turn up, the
    /// search continues polygon by polygon, which finds every problem within a polygon without
    /// enumerating more pairs of edges from different polygons.
    mutating func findIntersections() {
        let usable = rings.indices.filter { rings[$0].usable }
        if !search(usable, stopOnOverlapsBetweenPolygons: true) {
            pairsBetweenPolygonsSkipped = true
            var byPolygon: [Int: [Int]] = [:]
            for id in usable { byPolygon[rings[id].polygon, default: []].append(id) }
            for polygon in byPolygon.keys.sorted() {
                _ = search(byPolygon[polygon]!, stopOnOverlapsBetweenPolygons: false)
            }
        }
        // Consequences are not reported twice: a spike A → B → A also passes through A twice (not a
        // separate self-touch), and rings that cross or share a segment also touch at the ends of it.
        let crossedPolygons = Set(problems.filter { $0.kind == .ringsCross }.map(\.at.polygon))
        problems.removeAll { problem in
            switch problem.kind {
            case .selfTouch:
                return spikeBases.contains(SpikeBase(polygon: problem.at.polygon, ring: problem.at.ring, point: problem.point))
            case .disconnectedInterior:
                return crossedPolygons.contains(problem.at.polygon)
            default:
                return false
            }
        }
    }

    struct SpikeBase: Hashable {
        var polygon: Int
        var ring: Int
        var point: Coordinate
    }

    /// Analyses one pair of intersecting edges.
    mutating func analysePair(_ intersection: SegmentIntersection, _ ra: Int, _ sa: Int, _ rb: Int, _ sb: Int) {
        let a = rings[ra].points, b = rings[rb].points
        let p00 = a[sa], p01 = a[sa + 1], p10 = b[sb], p11 = b[sb + 1]
        let polygonA = rings[ra].polygon, polygonB = rings[rb].polygon

        if ra == rb {
            let n = a.count
            let delta = sa > sb ? sa - sb : sb - sa
            let adjacent = delta <= 1 || delta >= n - 2
            let (s0, s1) = sa < sb ? (sa, sb) : (sb, sa)
            switch intersection {
            case .disjoint:
                return
            case .overlap(let start, _):
                if adjacent {
                    // The shared vertex is where the ring turns back.
                    let shared = (s1 - s0 == 1) ? s1 : 0
                    report(.spike, at: position(ra, vertex: shared), point: a[shared])
                    let before = shared == 0 ? a[a.count - 2] : a[shared - 1]
                    for base in [before, a[shared + 1]] {
                        spikeBases.insert(SpikeBase(polygon: polygonA, ring: rings[ra].index, point: base))
                    }
                } else {
                    report(.selfIntersection, at: position(ra, vertex: s0), other: position(ra, vertex: s1), point: start)
                }
            case .crossing(let point):
                report(.selfIntersection, at: position(ra, vertex: s0), other: position(ra, vertex: s1), point: point)
            case .touch(let point):
                if adjacent { return }
                let (e00, e01) = cornerEdges(ra, segment: s0, at: point)
                let (e10, e11) = cornerEdges(ra, segment: s1, at: point)
                let kind: PolygonProblem.Kind =
                    NodeTopology.isCrossing(point, e00, e01, e10, e11) ? .selfIntersection : .selfTouch
                report(kind, at: position(ra, segment: s0, at: point), other: position(ra, segment: s1, at: point), point: point)
            }
            broken[polygonA] = true
            return
        }

        let samePolygon = polygonA == polygonB
        func atA(_ point: Coordinate) -> RingPosition { position(ra, segment: sa, at: point) }
        func atB(_ point: Coordinate) -> RingPosition { position(rb, segment: sb, at: point) }
        switch intersection {
        case .disjoint:
            return
        case .crossing(let point):
            report(samePolygon ? .ringsCross : .polygonsOverlap, at: atA(point), other: atB(point), point: point)
        case .overlap(let start, _):
            if samePolygon {
                report(.ringsCross, at: atA(start), other: atB(start), point: start)
            } else {
                let leftA = rings[ra].index == 0 ? isCounterclockwise(ra) : !isCounterclockwise(ra)
                let leftB = rings[rb].index == 0 ? isCounterclockwise(rb) : !isCounterclockwise(rb)
                let sameDirection = SegmentIntersection.precedes(p00, p01) == SegmentIntersection.precedes(p10, p11)
                let sameSide = (leftA == leftB) == sameDirection
                report(sameSide ? .polygonsOverlap : .polygonsShareEdge, at: atA(start), other: atB(start), point: start)
            }
        case .touch(let point):
            // As GEOS: a touch at the end of a segment is analysed with the next segment.
            if point == p01 || point == p11 { return }
            let e00 = point == p00 ? previousVertex(ra, sa) : p00
            let e10 = point == p10 ? previousVertex(rb, sb) : p10
            if NodeTopology.isCrossing(point, e00, p01, e10, p11) {
                report(samePolygon ? .ringsCross : .polygonsOverlap, at: atA(point), other: atB(point), point: point)
            } else if samePolygon {
                if addTouch(ra, rb, point) {
                    hasDoubleTouch[polygonA] = true
                    report(.disconnectedInterior, at: atA(point), other: atB(point), point: point)
                }
                return
            } else {
                return
            }
        }
        if samePolygon {
            broken[polygonA] = true
        } else {
            interacting.insert([min(polygonA, polygonB), max(polygonA, polygonB)])
        }
        return
    }

    /// The vertex before vertex `s` of ring `id` (cyclically, the closing repeat skipped).
    func previousVertex(_ id: Int, _ s: Int) -> Coordinate {
        let points = rings[id].points
        return s == 0 ? points[points.count - 2] : points[s - 1]
    }

    /// The two edge ends around `point` on segment `s`: the corner when `point` is a vertex of it,
    /// else the segment's own ends.
    func cornerEdges(_ id: Int, segment s: Int, at point: Coordinate) -> (Coordinate, Coordinate) {
        let points = rings[id].points
        if point == points[s] { return (previousVertex(id, s), points[s + 1]) }
        if point == points[s + 1] {
            let next = s + 2 < points.count ? points[s + 2] : points[1]
            return (points[s], next)
        }
        return (points[s], points[s + 1])
    }

    /// GEOS `PolygonRing::addTouch`: records that two rings of one polygon touch at `point`;
    /// returns true when they already touch elsewhere (a double touch disconnects the interior).
    mutating func addTouch(_ r0: Int, _ r1: Int, _ point: Coordinate) -> Bool {
        if let known = touches[r0][r1], known != point { return true }
        if let known = touches[r1][r0], known != point { return true }
        touches[r0][r1] = point
        touches[r1][r0] = point
        return false
    }

    // MARK: holes

    /// Steps 3 and 4 for polygon `p`.
    mutating func checkHoles(_ p: Int) {
        let ids = ringIDs[p]
        guard ids.count > 1 else { return }
        let shell = ids[0]
        var inside: [Int] = []
        for hole in ids.dropFirst() {
            if counts[.holeOutsideShell, default: 0] >= PolygonValidity.maximumProblemsPerKind { break }
            if !rings[shell].covers(rings[hole]) || !isRingNested(rings[hole].raw, in: shell) {
                report(
                    .holeOutsideShell, at: RingPosition(polygon: p, ring: rings[hole].index, position: 0),
                    other: RingPosition(polygon: p, ring: 0, position: 0), point: rings[hole].raw[0])
            } else {
                inside.append(hole)
            }
        }
        for hole in inside {
            if counts[.nestedHoles, default: 0] >= PolygonValidity.maximumProblemsPerKind { break }
            for outer in inside where outer != hole && rings[outer].covers(rings[hole]) {
                if isRingNested(rings[hole].raw, in: outer) {
                    report(
                        .nestedHoles, at: RingPosition(polygon: p, ring: rings[hole].index, position: 0),
                        other: RingPosition(polygon: p, ring: rings[outer].index, position: 0),
                        point: rings[hole].raw[0])
                    break
                }
            }
        }
    }

    // MARK: nested shells

    /// Step 5: no polygon inside another (GEOS `IndexedNestedPolygonTester`).
    mutating func checkShellsNotNested() {
        let candidates = ringIDs.indices.filter { !broken[$0] && !ringIDs[$0].isEmpty }
        guard candidates.count > 1, !pairsBetweenPolygonsSkipped else { return }
        let sorted = candidates.sorted { rings[ringIDs[$0][0]].minX < rings[ringIDs[$1][0]].minX }
        var active: [Int] = []
        for p in sorted {
            let shell = rings[ringIDs[p][0]]
            active.removeAll { rings[ringIDs[$0][0]].maxX < shell.minX }
            for q in active {
                if counts[.polygonsNested, default: 0] >= PolygonValidity.maximumProblemsPerKind { return }
                let other = rings[ringIDs[q][0]]
                guard other.minY <= shell.maxY && shell.minY <= other.maxY else { continue }
                if interacting.contains([min(p, q), max(p, q)]) { continue }
                if other.covers(shell) { checkNested(p, in: q) }
                if shell.covers(other) { checkNested(q, in: p) }
            }
            active.append(p)
        }
    }

    /// Reports polygon `inner` when its exterior ring lies inside polygon `outer` (GEOS `findNestedPoint`).
    mutating func checkNested(_ inner: Int, in outer: Int) {
        let shell = rings[ringIDs[inner][0]].raw
        let report = { (this: inout ValidityAnalysis, position: Int) in
            this.report(
                .polygonsNested, at: RingPosition(polygon: inner, ring: 0, position: position),
                other: RingPosition(polygon: outer, ring: 0, position: 0), point: shell[position])
        }
        for index in 0...1 {
            switch locate(shell[index], inPolygon: outer) {
            case .outside: return
            case .inside: report(&self, index); return
            case .boundary: continue
            }
        }
        // Both on the boundary: decide with the topology at the first vertex.
        let outerShell = ringIDs[outer][0]
        guard isRingNested(shell, in: outerShell) else { return }
        for hole in ringIDs[outer].dropFirst() {
            if rings[hole].covers(rings[ringIDs[inner][0]]) && isRingNested(shell, in: hole) { return }
        }
        report(&self, 0)
    }

    /// GEOS `IndexedPointInAreaLocator` on a polygon: boundary when on any ring, else the parity of
    /// the rings containing the point.
    func locate(_ point: Coordinate, inPolygon p: Int) -> RingLocation {
        var inside = false
        for id in ringIDs[p] {
            switch RingLocation.of(point, in: rings[id].raw) {
            case .boundary: return .boundary
            case .inside: inside.toggle()
            case .outside: break
            }
        }
        return inside ? .inside : .outside
    }

    /// GEOS `PolygonTopologyAnalyzer::isRingNested`: whether ring `test` lies inside ring `target`,
    /// assuming the two do not cross. When the first vertex of `test` is on `target`, the first edge
    /// leaving it decides.
    mutating func isRingNested(_ test: [Coordinate], in target: Int) -> Bool {
        let p0 = test[0]
        let targetPoints = rings[target].raw
        switch RingLocation.of(p0, in: targetPoints) {
        case .outside: return false
        case .inside: return true
        case .boundary: break
        }
        var i = 1
        while test[i] == p0 && i < test.count - 1 { i += 1 }
        let p1 = test[i]
        guard var index = targetPoints.indices.dropLast().first(where: {
            SegmentIntersection.isOnSegment(p0, targetPoints[$0], targetPoints[$0 + 1])
        }) else { return false }
        if p0 == targetPoints[index + 1] { index += 1 }
        if index >= targetPoints.count - 1 { index = 0 }
        let n = targetPoints.count
        var iPrev = index
        var guardCount = 0
        while targetPoints[iPrev] == p0 && guardCount < n {
            iPrev = iPrev == 0 ? n - 2 : iPrev - 1
            guardCount += 1
        }
        var iNext = index + 1
        guardCount = 0
        while targetPoints[iNext] == p0 && guardCount < n {
            iNext = iNext >= n - 2 ? 0 : iNext + 1
            guardCount += 1
        }
        var rPrev = targetPoints[iPrev], rNext = targetPoints[iNext]
        // NodeTopology wants the interior on the right of rPrev → p0 → rNext.
        if isCounterclockwise(target) { swap(&rPrev, &rNext) }
        return NodeTopology.isInteriorSegment(p0, rPrev, rNext, p1)
    }

    // MARK: touch cycles

    /// Step 6 for polygon `p` (GEOS `PolygonRing::findHoleCycleLocation`): rings that touch at
    /// distinct points and form a cycle cut the interior apart.
    mutating func checkHoleCycles(_ p: Int) {
        var root: [Int: Int] = [:]
        for start in ringIDs[p] where root[start] == nil {
            root[start] = start
            if touches[start].isEmpty { continue }
            var stack: [(ring: Int, point: Coordinate)] = []
            for (other, point) in touches[start].sorted(by: { $0.key < $1.key }) {
                root[other] = start
                stack.append((other, point))
            }
            while let touch = stack.popLast() {
                for (other, point) in touches[touch.ring].sorted(by: { $0.key < $1.key }) {
                    if point == touch.point { continue }
                    if root[other] == start {
                        let ring = rings[touch.ring]
                        report(
                            .disconnectedInterior,
                            at: RingPosition(polygon: p, ring: ring.index, position: vertexIndex(touch.ring, point)),
                            other: RingPosition(polygon: p, ring: rings[other].index, position: vertexIndex(other, point)),
                            point: point)
                        return
                    }
                    root[other] = start
                    stack.append((other, point))
                }
            }
        }
    }

    /// The position of `point` in ring `id` when it is a vertex, else the start of the edge it lies on.
    func vertexIndex(_ id: Int, _ point: Coordinate) -> Int {
        let raw = rings[id].raw
        if let i = raw.firstIndex(of: point) { return i }
        return raw.indices.dropLast().first { SegmentIntersection.isOnSegment(point, raw[$0], raw[$0 + 1]) } ?? 0
    }
}

/// One worker's part of ``ValidityAnalysis``'s edge search: classifies each candidate pair of
/// edges (boxes overlapping) and keeps the pairs that meet, in the order they come.
private struct EdgePairSearch: SegmentPairVisitor {
    /// All vertices of the searched lines, concatenated; line `l` starts at `start[l]`.
    let points: UnsafeBufferPointer<Coordinate>
    let start: UnsafeBufferPointer<Int>
    /// The polygon of each line.
    let linePolygon: UnsafeBufferPointer<Int>
    /// Whether `points` passed ``PlanarOrientation/areSafe(_:)`` (the inlined exact predicates apply).
    let safe: Bool
    let stopOnOverlapsBetweenPolygons: Bool
    /// A proper crossing of two edges of one polygon is always an error (self-intersection or
    /// crossing rings): once one is known, the search may stop early, as GEOS does.
    var definiteError: Bool
    /// Crossings and shared segments between polygons are always reported as overlaps.
    var overlaps: Int
    var candidates = 0
    var stoppedForOverlaps = false
    var pairs: [MeetingPair] = []

    init(
        points: UnsafeBufferPointer<Coordinate>, start: UnsafeBufferPointer<Int>, linePolygon: UnsafeBufferPointer<Int>,
        safe: Bool, stopOnOverlapsBetweenPolygons: Bool, definiteError: Bool, overlaps: Int
    ) {
        self.points = points
        self.start = start
        self.linePolygon = linePolygon
        self.safe = safe
        self.stopOnOverlapsBetweenPolygons = stopOnOverlapsBetweenPolygons
        self.definiteError = definiteError
        self.overlaps = overlaps
    }

    mutating func visit(_ la: Int, _ sa: Int, _ lb: Int, _ sb: Int) -> Bool {
        let budget = PolygonValidity.intersectionBudget
        candidates += 1
        if definiteError && (candidates > 20 * budget || pairs.count > budget) { return false }
        let betweenPolygons = linePolygon[la] != linePolygon[lb]
        if stopOnOverlapsBetweenPolygons && betweenPolygons && overlaps >= PolygonValidity.maximumProblemsPerKind {
            stoppedForOverlaps = true
            return false
        }
        let ia = start[la] + sa, ib = start[lb] + sb
        let p00 = points[ia], p01 = points[ia + 1], p10 = points[ib], p11 = points[ib + 1]
        if la == lb {
            // Consecutive edges share a vertex; they only matter when they overlap (a spike).
            let n = start[la + 1] - start[la]
            let delta = sa > sb ? sa - sb : sb - sa
            if delta == 1 || delta == n - 2 {
                let (shared, far0, far1) = p01 == p10 ? (p01, p00, p11) : (p00, p01, p10)
                let collinear = safe
                    ? PlanarOrientation.sign(safe: far0, shared, far1) == 0
                    : PlanarOrientation.of(far0, shared, far1) == .collinear
                if !collinear { return true }
            }
        }
        let intersection = safe ? SegmentIntersection.of(safe: p00, p01, p10, p11) : SegmentIntersection.of(p00, p01, p10, p11)
        switch intersection {
        case .disjoint:
            return true
        case .crossing, .overlap:
            // Within a polygon: a self-intersection, spike or crossing rings.
            if betweenPolygons { overlaps += 1 } else { definiteError = true }
        case .touch:
            break
        }
        pairs.append(MeetingPair(lineA: la, edgeA: sa, lineB: lb, edgeB: sb, intersection: intersection))
        return true
    }
}

/// Two edges that meet: edge `edgeA` of usable line `lineA` and edge `edgeB` of line `lineB`.
private struct MeetingPair: Sendable {
    var lineA: Int
    var edgeA: Int
    var lineB: Int
    var edgeB: Int
    var intersection: SegmentIntersection
}

/// One slot per range of a parallel search, each written by one worker, read after all finished.
private final class MeetingPairs: Sendable {
    private let slots: Mutex<[(pairs: [MeetingPair], stoppedForOverlaps: Bool)]>

    init(count: Int) { slots = Mutex(Array(repeating: ([], false), count: count)) }

    func store(_ k: Int, _ pairs: sending [MeetingPair], stoppedForOverlaps: Bool) {
        slots.withLock { $0[k] = (pairs, stoppedForOverlaps) }
    }

    func take(_ k: Int) -> [MeetingPair] { slots.withLock { $0[k].pairs } }

    func stoppedForOverlaps(_ k: Int) -> Bool { slots.withLock { $0[k].stoppedForOverlaps } }
}
