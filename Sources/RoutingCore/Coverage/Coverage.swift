// SPDX-License-Identifier: Apache-2.0
/// A routing app's geographic coverage: the area where Maps offers the app for directions.
///
/// Built by ``CoverageValidator/validate(_:profile:)`` from a coverage file, which Apple requires to be
/// one GeoJSON `MultiPolygon` without holes (Apple, *Location and Maps Programming Guide*, "Specifying
/// the Geographic Coverage File Contents"); the `geojson` profile also allows holes. Maps lists a
/// routing app only when **both** ends of the route lie inside its coverage.
///
/// Units and model:
/// - Coordinates are WGS 84 degrees (RFC 7946 §4). GeoJSON writes positions [longitude, latitude]
///   (RFC 7946 §3.1.1); ``Coordinate`` holds them by name, so there is no order to get wrong here.
/// - Edges are straight lines in (longitude, latitude), as RFC 7946 §3.1.1 defines them ("A line
///   between two positions is a straight Cartesian line"), not great circles. Nothing wraps across the
///   antimeridian: a polygon that should cross ±180° must be cut in two (RFC 7946 §3.1.9), and the
///   meridians −180° and +180° are treated as one line (see ``location(of:)``).
/// - A polygon covers its exterior ring's area minus its holes' interiors (RFC 7946 §3.1.6: holes
///   "bound holes within the surface"); a hole's own boundary stays covered.
/// - The covered area is the **union** of the polygons: overlapping, nested and edge-sharing polygons
///   simply add up (never even-odd across polygons). Both ring windings mean the same area.
public struct Coverage: Hashable, Sendable {
    /// The polygons, each an exterior ring and its holes (Apple forbids holes; the `geojson` profile
    /// allows them).
    public var polygons: [CoveragePolygon] {
        didSet {
            boundingBox = BoundingBox(enclosing: polygons.lazy.flatMap(\.exterior))
            polygonsAreValid = false
            locator = nil
        }
    }

    /// The polygons laid out for point location, set by ``indexed()``. Derived from the polygons,
    /// so not compared or hashed: coverages with and without it are equal.
    private var locator: PolygonLocator?

    public static func == (lhs: Coverage, rhs: Coverage) -> Bool {
        lhs.polygons == rhs.polygons && lhs.boundingBox == rhs.boundingBox && lhs.polygonsAreValid == rhs.polygonsAreValid
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(polygons)
        hasher.combine(boundingBox)
        hasher.combine(polygonsAreValid)
    }

    /// The smallest longitude/latitude box containing every position, in degrees: west ≤ east, south ≤
    /// north (coverage never wraps across the antimeridian). Used as an early exit by ``location(of:)``.
    public private(set) var boundingBox: BoundingBox

    /// True when every polygon is known to be valid on its own (no ring crosses or touches itself or
    /// another ring of its polygon): set by ``CoverageValidator`` for a file without errors, so that
    /// ``area`` need not check it again. Polygons may still overlap each other.
    var polygonsAreValid = false

    /// Creates a coverage from polygons; the bounding box is computed.
    public init(polygons: [CoveragePolygon]) {
        self.polygons = polygons
        self.boundingBox = BoundingBox(enclosing: polygons.lazy.flatMap(\.exterior))
    }

    /// This coverage with its search indexes built (``PolygonLocator``): its rings' edges in flat
    /// arrays, each ring of 16 edges or more bucketed by latitude, and for many polygons an R-tree of
    /// the polygons' boxes. Build it once when a coverage is loaded to answer many points:
    /// ``location(of:)`` then visits only the polygons whose box holds the point and, in each, the
    /// edges at the point's latitude. The answers are exactly those of the coverage without indexes,
    /// and the two compare equal; changing ``polygons`` drops the indexes.
    public func indexed() -> Coverage {
        var copy = self
        copy.locator = PolygonLocator(polygons: polygons, box: boundingBox)
        return copy
    }

    /// Whether ``indexed()`` built this coverage's indexes.
    public var isIndexed: Bool { locator != nil }

    /// Whether `coordinate` is covered: ``location(of:)`` is ``CoverageLocation/inside`` or
    /// ``CoverageLocation/boundary``.
    ///
    /// - Boundary **included**: points on an edge or at a vertex are covered (OGC "covers", not
    ///   "contains"); so is a point on an edge shared by two adjacent polygons, and on a hole's edge.
    /// - Exact: decided with comparisons and the exact orientation predicate ``PlanarOrientation``
    ///   (Shewchuk-style expansion arithmetic), with no epsilon; the answer is exact for the doubles
    ///   stored, e.g. for triangle (0,0),(1,0),(0,1): (0.7,0.3) inside, (0.8,0.2) outside, (0.6,0.4) on
    ///   the edge.
    /// - Longitude +180 and −180 are the same meridian: a point on either is covered when the other is.
    /// - Non-finite coordinates are never covered. Range checks are the caller's job
    ///   (``Coordinate/validated(latitude:longitude:)``); out-of-range points are answered planarly.
    public func contains(_ coordinate: Coordinate) -> Bool {
        location(of: coordinate) != .outside
    }

    /// Where `coordinate` lies relative to the coverage, the union of its polygons (exact).
    ///
    /// - ``CoverageLocation/inside``: in the interior of the union, i.e. some small disc around the
    ///   point is covered. That includes points inside any polygon, and points on boundaries that the
    ///   polygons together surround: on an edge shared by two adjacent polygons (cases.tsv G12), at a
    ///   vertex where polygons meet all the way round, or on the meridian ±180 between two polygons
    ///   cut there as RFC 7946 §3.1.9 asks.
    /// - ``CoverageLocation/boundary``: covered, but with uncovered points arbitrarily close: on an
    ///   exterior or hole edge or vertex that is not surrounded by other polygons.
    /// - ``CoverageLocation/outside``: not covered.
    ///
    /// The boundary analysis looks at the edges through the point (``LocalCover``); it is exact for
    /// polygons that are valid in the GEOS sense. Non-finite coordinates are `outside`. Longitude −180
    /// and +180 are the same meridian: both copies of such a point are located together.
    public func location(of coordinate: Coordinate) -> CoverageLocation {
        // The common case first: indexed, off the meridian ±180 (and finite), not on a boundary.
        // (Optional chaining calls the locator without a retain and release per point.)
        if coordinate.longitude.magnitude < 180, let here = locator?.location(of: coordinate), here != .boundary {
            return here
        }
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return .outside }
        let onMeridian = coordinate.longitude == 180 || coordinate.longitude == -180
        // No array of probes: this runs once per point, and the common case allocates nothing.
        var onBoundary: [(probeIndex: Int, probe: Coordinate, polygon: Int)] = []
        for probeIndex in 0..<(onMeridian ? 2 : 1) {
            let probe = probeIndex == 0
                ? coordinate : Coordinate(latitude: coordinate.latitude, longitude: -coordinate.longitude)
            guard boundingBox.contains(probe) else { continue }
            if let locator {
                switch locator.location(of: probe) {
                case .inside: return .inside
                case .outside: continue
                case .boundary:
                    for index in locator.boundaryPolygons(at: probe) { onBoundary.append((probeIndex, probe, index)) }
                }
                continue
            }
            for index in polygons.indices {
                switch polygons[index].location(of: probe) {
                case .inside: return .inside
                case .boundary: onBoundary.append((probeIndex, probe, index))
                case .outside: break
                }
            }
        }
        if onBoundary.isEmpty { return .outside }
        // In the order a scan finds them, whatever order the tree gave.
        onBoundary.sort { ($0.probeIndex, $0.polygon) < ($1.probeIndex, $1.polygon) }
        var star = LocalCover()
        for (_, probe, index) in onBoundary {
            polygons[index].addRays(through: probe, to: &star, source: index)
        }
        return star.coversNeighbourhood() ? .inside : .boundary
    }

    /// The covered area in square metres: the union of the polygons (holes subtracted) on a sphere of
    /// radius 6 371 008.8 m (IUGG mean radius), with the same straight (longitude, latitude) edges as
    /// ``location(of:)``, so overlapping polygons are not counted twice. A self-intersecting ring (a
    /// bow-tie) counts the area its even-odd rule encloses, i.e. both lobes. Exact for that model (up
    /// to floating-point rounding); the sphere differs from the WGS 84 ellipsoid by up to ~0.5 %.
    public var area: Double {
        SphericalArea.unionArea(of: polygons.map(\.rings), polygonsAreValid: polygonsAreValid)
    }
}

/// Where a point lies relative to a ``Coverage`` (see ``Coverage/location(of:)``).
public enum CoverageLocation: String, Sendable, Hashable, CaseIterable {
    /// In the interior of the covered area.
    case inside
    /// On the edge of the covered area: covered, with uncovered points arbitrarily close.
    case boundary
    /// Not covered.
    case outside
}

/// One polygon of a coverage: a closed exterior ring and zero or more closed holes, positions in
/// degrees (x = longitude, y = latitude; ``Coordinate`` names them).
///
/// The polygon covers the exterior ring's region minus the holes' interiors. Either winding is
/// accepted for every ring and means the same area (RFC 7946 §3.1.6 asks for counter-clockwise
/// exteriors and clockwise holes, but says parsers should not reject the others).
public struct CoveragePolygon: Hashable, Sendable {
    // Equality and hashing: the rings only (the other fields are derived from them).
    public static func == (lhs: CoveragePolygon, rhs: CoveragePolygon) -> Bool {
        lhs.exterior == rhs.exterior && lhs.holes == rhs.holes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(exterior)
        hasher.combine(holes)
    }

    /// The exterior ring's positions in file order, closed: the first position equals the last.
    public var exterior: [Coordinate] {
        didSet { exterior = Self.closed(exterior); derive() }
    }
    /// The holes (interior rings), each closed. Apple forbids holes in coverage files.
    public var holes: [[Coordinate]] {
        didSet { holes = holes.map(Self.closed); derive() }
    }
    /// Box of the exterior ring, for early exits.
    private var box: BoundingBox
    /// Winding of each ring (exterior first): true when counter-clockwise.
    private var counterclockwise: [Bool]

    /// Creates a polygon. A ring that is not closed gets its first position appended to close it.
    public init(exterior: [Coordinate], holes: [[Coordinate]] = []) {
        self.exterior = Self.closed(exterior)
        self.holes = holes.map(Self.closed)
        self.box = BoundingBox(west: 0, south: 0, east: 0, north: 0)
        self.counterclockwise = []
        derive()
    }

    /// Creates a polygon without holes (the only kind Apple allows).
    public init(ring: [Coordinate]) {
        self.init(exterior: ring)
    }

    /// All rings: the exterior first, then the holes.
    public var rings: [[Coordinate]] { [exterior] + holes }

    private static func closed(_ ring: [Coordinate]) -> [Coordinate] {
        guard let first = ring.first, ring.last != first else { return ring }
        return ring + [first]
    }

    private mutating func derive() {
        box = BoundingBox(enclosing: exterior)
        counterclockwise = ([exterior] + holes).map(RingOrientation.isCounterclockwise)
    }

    /// The box of the exterior ring, degrees.
    public var boundingBox: BoundingBox { box }

    /// Whether `coordinate` lies inside or on the boundary of this polygon: in or on the exterior ring
    /// and not strictly inside a hole (exact; see ``Coverage/contains(_:)``).
    public func covers(_ coordinate: Coordinate) -> Bool {
        location(of: coordinate) != .outside
    }

    /// Where `coordinate` lies relative to this polygon alone: ``CoverageLocation/boundary`` on any
    /// ring (exterior or hole), ``CoverageLocation/inside`` strictly inside the exterior and outside
    /// every hole, else ``CoverageLocation/outside`` (exact).
    public func location(of coordinate: Coordinate) -> CoverageLocation {
        guard box.contains(coordinate) else { return .outside }
        var onBoundary = false
        switch RingLocation.of(coordinate, in: exterior) {
        case .outside: return .outside
        case .boundary: onBoundary = true
        case .inside: break
        }
        for hole in holes {
            switch RingLocation.of(coordinate, in: hole) {
            case .inside: return .outside
            case .boundary: onBoundary = true
            case .outside: break
            }
        }
        return onBoundary ? .boundary : .inside
    }

    /// Adds this polygon's edges through `point` to `star`, labelled with the side its interior is on.
    func addRays(through point: Coordinate, to star: inout LocalCover, source: Int) {
        star.addRing(exterior, through: point, source: source, interiorOnLeft: counterclockwise[0])
        for (index, hole) in holes.enumerated() {
            // The polygon's interior is outside the hole: on the hole's left when the hole is clockwise.
            star.addRing(hole, through: point, source: source, interiorOnLeft: !counterclockwise[index + 1])
        }
    }
}

/// A longitude/latitude box in degrees: west, south, east, north, as in RFC 7946 §5 `bbox`.
///
/// Coverage boxes never cross the antimeridian, so `west <= east` for every non-empty box; an empty
/// box (no positions) has `west = south = +∞` and `east = north = −∞` and contains nothing.
public struct BoundingBox: Hashable, Sendable {
    /// Smallest longitude, degrees.
    public var west: Double
    /// Smallest latitude, degrees.
    public var south: Double
    /// Largest longitude, degrees.
    public var east: Double
    /// Largest latitude, degrees.
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The smallest box containing all `coordinates` (empty when there are none).
    public init(enclosing coordinates: some Sequence<Coordinate>) {
        var west = Double.infinity, south = Double.infinity
        var east = -Double.infinity, north = -Double.infinity
        for c in coordinates {
            west = min(west, c.longitude)
            east = max(east, c.longitude)
            south = min(south, c.latitude)
            north = max(north, c.latitude)
        }
        self.init(west: west, south: south, east: east, north: north)
    }

    /// Whether the point is inside the box or on its edge.
    public func contains(_ coordinate: Coordinate) -> Bool {
        coordinate.longitude >= west && coordinate.longitude <= east
            && coordinate.latitude >= south && coordinate.latitude <= north
    }
}
