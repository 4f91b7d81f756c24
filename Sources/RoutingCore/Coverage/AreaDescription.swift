/// What a coverage area is, at a glance: where (bounding box), how big (km²) and which populated
/// places it covers, largest first; or, when it covers none, the nearest one.
///
/// Places come from the embedded GeoNames gazetteer (places of 15,000 people or more; see
/// ``Gazetteer``). Example ``summary`` lines:
///
///     51.00°N…52.26°N, 0.99°W…0.36°E, 10,271 km², 222 populated places, largest London, Milton Keynes and Luton (GB)
///     78.878°S…78.859°S, 38.423°E…38.442°E, 0.41 km², no populated place; nearest: Ushuaia (AR), 4,410 km
public struct AreaDescription: Sendable, Hashable {
    /// The coverage's bounding box in degrees (see ``BoundingBox``); empty for a coverage without
    /// positions.
    public var boundingBox: BoundingBox
    /// The covered area in square kilometres (``Coverage/area`` / 10⁶: the union of the polygons on
    /// a sphere, straight [longitude, latitude] edges), computed group by group of overlapping
    /// polygons (see ``areaIsExact``).
    public var areaSquareKilometres: Double
    /// The largest covered places (inside or on the boundary), largest population first, at most the
    /// `placeLimit` given to ``describe(_:placeLimit:)``. Places within 25 km of a larger listed place
    /// (usually its districts: GeoNames lists London's boroughs as places) are skipped while there are
    /// enough others, so that the list says what the area spans.
    public var largestPlaces: [Place]
    /// False when the file has so many overlapping edges that the exact union area would take too
    /// long (see ``exactAreaBudget``): ``areaSquareKilometres`` is then an upper bound (overlaps
    /// counted twice) and the summary writes "≤".
    public var areaIsExact: Bool = true
    /// How many populated places the area covers in all.
    public var placeCount: Int
    /// When the area covers no populated place: the place nearest to its boundary.
    public var nearestPlace: Place?
    /// Great-circle metres from ``nearestPlace`` to the area's boundary (nil when ``nearestPlace`` is).
    public var nearestDistance: Double?

    public init(
        boundingBox: BoundingBox, areaSquareKilometres: Double, largestPlaces: [Place], placeCount: Int,
        nearestPlace: Place? = nil, nearestDistance: Double? = nil
    ) {
        self.boundingBox = boundingBox
        self.areaSquareKilometres = areaSquareKilometres
        self.largestPlaces = largestPlaces
        self.placeCount = placeCount
        self.nearestPlace = nearestPlace
        self.nearestDistance = nearestDistance
    }

    /// Describes `coverage`, naming at most `placeLimit` places (negative counts as 0).
    ///
    /// Cost: one pass over the edges for the places (``Gazetteer/places(in:limit:)``), the area
    /// (``Coverage/area``), and only for areas that cover no place a bounded nearest-place search.
    public static func describe(_ coverage: Coverage, placeLimit: Int = 3) -> AreaDescription {
        let count = max(0, placeLimit)
        let area = boundedArea(coverage)
        let covered = Gazetteer.covered(by: coverage, limit: count == 0 ? 0 : Gazetteer.distinctCandidateLimit(count))
        var description = AreaDescription(
            boundingBox: coverage.boundingBox,
            areaSquareKilometres: area.area / 1_000_000,
            largestPlaces: Gazetteer.distinctLargest(covered.indices, count: count),
            placeCount: covered.total)
        description.areaIsExact = area.isExact
        if covered.total == 0, let nearest = AreaProximity.nearest(to: coverage) {
            description.nearestPlace = nearest.place
            description.nearestDistance = nearest.distance
        }
        return description
    }

    /// Budget for exact union areas of overlapping groups, in squared edge counts: the union-area
    /// method (``Coverage/area``) is quadratic in the edges of overlapping polygons, about 45 ms for a
    /// group of 2,000 edges in a release build. Apple-sized files (≤ 20 polygons of ≤ 20 points, at
    /// most 400 edges, 160,000 squared) are always exact.
    static let exactAreaBudget = 2_000_000

    /// ``Coverage/area`` computed per group of polygons whose bounding boxes overlap, and summed: the
    /// same value, since groups with disjoint boxes cannot overlap, but the union-area method's cost
    /// (quadratic in the edges of overlapping polygons) is then paid per group instead of for every
    /// overlapping polygon of the file at once. Groups beyond ``exactAreaBudget`` are counted as the
    /// sum of their polygons' own areas, an upper bound of their union. Returns m² and whether exact.
    static func boundedArea(_ coverage: Coverage) -> (area: Double, isExact: Bool) {
        let groups = overlapGroups(coverage.polygons)
        var total = 0.0
        var exact = true
        var budget = exactAreaBudget
        for group in groups {
            let polygons = group.map { coverage.polygons[$0] }
            if polygons.count == 1 {
                total += Coverage(polygons: polygons).area
                continue
            }
            let edges = polygons.reduce(0) { $0 + $1.ring.count }
            if edges * edges <= budget {
                budget -= edges * edges
                total += Coverage(polygons: polygons).area
            } else {
                exact = false
                total += polygons.reduce(0) { $0 + Coverage(polygons: [$1]).area }
            }
        }
        return (total, exact)
    }

    /// Indices of the polygons grouped by overlapping bounding boxes (directly or in a chain), found
    /// with a sweep over the boxes sorted by west edge; groups in order of their first polygon.
    static func overlapGroups(_ polygons: [CoveragePolygon]) -> [[Int]] {
        let boxes = polygons.map { BoundingBox(enclosing: $0.ring) }
        var parent = Array(polygons.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        let order = polygons.indices.filter { boxes[$0].west <= boxes[$0].east }
            .sorted { boxes[$0].west < boxes[$1].west }
        var active: [Int] = []
        for i in order {
            active.removeAll { boxes[$0].east < boxes[i].west }
            for j in active where boxes[j].south <= boxes[i].north && boxes[i].south <= boxes[j].north {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
            active.append(i)
        }
        var groups: [Int: [Int]] = [:]
        for i in polygons.indices { groups[root(i), default: []].append(i) }
        return groups.keys.sorted().map { groups[$0]! }
    }

    /// One line: bounding box, area, then the places, e.g.
    /// "51.29°N…51.69°N, 0.51°W…0.33°E, 1,572 km², contains London, Croydon and Barnet (GB)",
    /// "…, 31 populated places, largest London, Luton and Watford (GB)" or
    /// "…, no populated place; nearest: Eyl (SO), 620 km".
    public var summary: String {
        guard boundingBox.west <= boundingBox.east, boundingBox.south <= boundingBox.north else {
            return "empty area (no positions)"
        }
        var text = DescriptionText.box(boundingBox) + ", " + (areaIsExact ? "" : "≤ ")
            + DescriptionText.area(squareKilometres: areaSquareKilometres) + ", "
        if placeCount == 0 {
            text += "no populated place"
            if let place = nearestPlace, let distance = nearestDistance {
                text += "; nearest: \(place), \(DescriptionText.distance(distance))"
            }
        } else if largestPlaces.isEmpty {
            text += placeCount == 1 ? "1 populated place" : "\(DescriptionText.grouped(placeCount)) populated places"
        } else if largestPlaces.count == placeCount {
            text += "contains " + DescriptionText.list(largestPlaces)
        } else {
            text += "\(DescriptionText.grouped(placeCount)) populated places, largest "
                + DescriptionText.list(largestPlaces)
        }
        return text
    }
}
