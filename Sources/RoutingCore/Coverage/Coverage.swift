/// A routing app's geographic coverage: the area where Maps offers the app for directions.
///
/// Built by ``CoverageValidator/validate(_:)`` from a coverage file, which Apple requires to be one
/// GeoJSON `MultiPolygon` without holes (Apple, *Location and Maps Programming Guide*, "Specifying the
/// Geographic Coverage File Contents"). Maps lists a routing app only when **both** ends of the route
/// lie inside its coverage.
///
/// Units and model:
/// - Coordinates are WGS 84 degrees (RFC 7946 §4). GeoJSON writes positions [longitude, latitude]
///   (RFC 7946 §3.1.1); ``Coordinate`` holds them by name, so there is no order to get wrong here.
/// - Edges are straight lines in (longitude, latitude), as RFC 7946 §3.1.1 defines them ("A line
///   between two positions is a straight Cartesian line"), not great circles. Nothing wraps across the
///   antimeridian: a polygon that should cross ±180° must be cut in two (RFC 7946 §3.1.9).
/// - The covered area is the **union** of the polygons: a point is covered when it is inside or on
///   the boundary of any one of them. Overlapping, nested and edge-sharing polygons therefore simply
///   add up (never even-odd across polygons). Both ring windings mean the same area.
public struct Coverage: Hashable, Sendable {
    /// The polygons' exterior rings. Apple forbids holes, so a polygon is exactly one ring.
    public var polygons: [CoveragePolygon] {
        didSet { boundingBox = BoundingBox(enclosing: polygons.lazy.flatMap(\.ring)) }
    }

    /// The smallest longitude/latitude box containing every position, in degrees: west ≤ east, south ≤
    /// north (coverage never wraps across the antimeridian). Used as an early exit by ``contains(_:)``.
    public private(set) var boundingBox: BoundingBox

    /// Creates a coverage from polygons; the bounding box is computed.
    public init(polygons: [CoveragePolygon]) {
        self.polygons = polygons
        self.boundingBox = BoundingBox(enclosing: polygons.lazy.flatMap(\.ring))
    }

    /// Whether `coordinate` is covered: inside, or on the boundary of, at least one polygon.
    ///
    /// - Boundary **included**: points on an edge or at a vertex are covered (OGC "covers", not
    ///   "contains"); so is a point on an edge shared by two adjacent polygons.
    /// - Exact: decided with comparisons and the exact orientation predicate ``PlanarOrientation``
    ///   (Shewchuk-style expansion arithmetic), with no epsilon; the answer is exact for the doubles
    ///   stored, e.g. for triangle (0,0),(1,0),(0,1): (0.7,0.3) inside, (0.8,0.2) outside, (0.6,0.4) on
    ///   the edge.
    /// - Longitude +180 and −180 are the same meridian: a point on either is covered when the other is.
    /// - Non-finite coordinates are never covered. Range checks are the caller's job
    ///   (``Coordinate/validated(latitude:longitude:)``); out-of-range points are answered planarly.
    public func contains(_ coordinate: Coordinate) -> Bool {
        if containsPlanar(coordinate) { return true }
        if coordinate.longitude == 180 || coordinate.longitude == -180 {
            return containsPlanar(Coordinate(latitude: coordinate.latitude, longitude: -coordinate.longitude))
        }
        return false
    }

    private func containsPlanar(_ coordinate: Coordinate) -> Bool {
        guard boundingBox.contains(coordinate) else { return false }
        return polygons.contains { $0.covers(coordinate) }
    }

    /// The covered area in square metres: the union of the polygons on a sphere of radius
    /// 6 371 008.8 m (IUGG mean radius), with the same straight (longitude, latitude) edges as
    /// ``contains(_:)``, so overlapping polygons are not counted twice. Exact for that model (up to
    /// floating-point rounding); the sphere differs from the WGS 84 ellipsoid by up to ~0.5 %.
    public var area: Double {
        SphericalArea.unionArea(of: polygons.map(\.ring))
    }
}

/// One polygon of a coverage: a single closed exterior ring (Apple forbids holes).
public struct CoveragePolygon: Hashable, Sendable {
    /// The ring's positions in file order, closed: the first position equals the last.
    /// Either winding is accepted and means the same area.
    public var ring: [Coordinate]

    /// Creates a polygon. When `ring` is not closed, its first position is appended to close it.
    public init(ring: [Coordinate]) {
        var ring = ring
        if let first = ring.first, ring.last != first { ring.append(first) }
        self.ring = ring
    }

    /// Whether `coordinate` lies inside or on the boundary of this polygon (exact; see
    /// ``Coverage/contains(_:)``).
    public func covers(_ coordinate: Coordinate) -> Bool {
        RingLocation.of(coordinate, in: ring) != .outside
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
