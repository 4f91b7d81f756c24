// SPDX-License-Identifier: Apache-2.0
/// A position inside a MultiPolygon's coordinate array: `coordinates[polygon][ring][position]`,
/// all 0-based. `ring` 0 is the exterior ring, 1… are holes. `position` indexes the ring array exactly
/// as written in the file, repeated positions and the closing position included.
public struct RingPosition: Sendable, Hashable, CustomStringConvertible {
    /// Index of the polygon in the MultiPolygon (0 for a Polygon).
    public var polygon: Int
    /// Index of the ring in the polygon: 0 exterior, 1… holes.
    public var ring: Int
    /// Index of the position in the ring.
    public var position: Int

    public init(polygon: Int, ring: Int, position: Int) {
        self.polygon = polygon
        self.ring = ring
        self.position = position
    }

    /// `polygon 1, ring 2, position 3` (1-based, as a person counts).
    public var description: String {
        "polygon \(polygon + 1), \(ring == 0 ? "exterior ring" : "hole \(ring)"), position \(position + 1)"
    }
}

/// One reason a polygon or MultiPolygon is not valid in the OGC Simple Features sense, as GEOS
/// `IsValidOp` (shapely `is_valid`, PostGIS `ST_IsValid`) decides it, with where it happens.
///
/// Coordinates are degrees, x = longitude, y = latitude; edges are straight (RFC 7946 §3.1.1).
public struct PolygonProblem: Sendable, Hashable {
    /// What is wrong. The GEOS reason each one corresponds to is given in brackets.
    public enum Kind: String, Sendable, CaseIterable {
        /// A ring with fewer than 3 distinct positions, counted after collapsing consecutive repeats
        /// ([GEOS "Too few points in geometry component"]).
        case tooFewPoints
        /// A ring with at least 3 distinct positions, all on one straight line: it encloses no area
        /// ([GEOS "Self-intersection"]: the ring doubles back on itself).
        case zeroArea
        /// The ring doubles back along itself: two consecutive edges overlap (A→B→A, or A→B→C with C
        /// on segment AB) ([GEOS "Self-intersection"]).
        case spike
        /// Two edges of the same ring cross, or overlap (a bow-tie or figure eight)
        /// ([GEOS "Self-intersection" or "Ring Self-intersection"]).
        case selfIntersection
        /// The ring passes twice through the same point without crossing itself
        /// ([GEOS "Ring Self-intersection"]; OGC forbids it, the interior would be pinched).
        case selfTouch
        /// Two rings of one polygon cross or share a segment ([GEOS "Self-intersection"]).
        case ringsCross
        /// A hole that is not inside its exterior ring ([GEOS "Hole lies outside shell"]).
        case holeOutsideShell
        /// A hole inside another hole of the same polygon ([GEOS "Holes are nested"]).
        case nestedHoles
        /// The rings of a polygon touch so that its interior falls apart in pieces, e.g. a hole that
        /// touches the exterior at two points ([GEOS "Interior is disconnected"]).
        case disconnectedInterior
        /// Two polygons of the MultiPolygon have intersecting interiors: their edges cross, or they
        /// share a segment on the same side ([GEOS "Self-intersection"]).
        case polygonsOverlap
        /// A polygon lies inside another polygon of the MultiPolygon (and not in one of its holes)
        /// ([GEOS "Nested shells"]).
        case polygonsNested
        /// Two polygons share a boundary segment of positive length, with their interiors on either
        /// side ([GEOS "Self-intersection"]; a MultiPolygon's parts may only touch at points).
        case polygonsShareEdge

        /// Whether this kind is about how two polygons of a MultiPolygon relate (as opposed to a
        /// problem within one polygon). In Apple's coverage rules these only matter as notes,
        /// because a coverage is the union of its polygons.
        public var isBetweenPolygons: Bool {
            self == .polygonsOverlap || self == .polygonsNested || self == .polygonsShareEdge
        }
    }

    /// What is wrong.
    public var kind: Kind
    /// The position (vertex) where it happens, or the start position of the edge involved.
    public var at: RingPosition
    /// The other edge (its start position) or ring involved, when there is one.
    public var other: RingPosition?
    /// Where it happens. An intersection point of two crossing edges is rounded to doubles.
    public var point: Coordinate

    public init(kind: Kind, at: RingPosition, other: RingPosition? = nil, point: Coordinate) {
        self.kind = kind
        self.at = at
        self.other = other
        self.point = point
    }
}

extension PolygonProblem.Kind {
    /// The reason GEOS `IsValidOp` gives for this kind (shapely `explain_validity`, PostGIS
    /// `ST_IsValidReason`, without the location).
    public var geosReason: String {
        switch self {
        case .tooFewPoints: "Too few points in geometry component"
        case .zeroArea, .spike, .ringsCross, .polygonsOverlap, .polygonsShareEdge: "Self-intersection"
        case .selfIntersection: "Self-intersection"  // "Ring Self-intersection" when two edges meet at a vertex
        case .selfTouch: "Ring Self-intersection"
        case .holeOutsideShell: "Hole lies outside shell"
        case .nestedHoles: "Holes are nested"
        case .disconnectedInterior: "Interior is disconnected"
        case .polygonsNested: "Nested shells"
        }
    }
}

extension PolygonProblem {
    /// One sentence saying what is wrong and where, positions counted from 1 as a person counts
    /// (e.g. "polygon 1, exterior ring: edges starting at positions 1 and 3 cross at [1.3333333333333333, 0.6666666666666666]").
    /// Points are written in GeoJSON order [longitude, latitude].
    public var message: String {
        let here = "[\(point.longitude), \(point.latitude)]"
        let ring = "polygon \(at.polygon + 1), \(at.ring == 0 ? "exterior ring" : "hole \(at.ring)")"
        let otherRing = other.map { o in
            o.polygon == at.polygon
                ? (o.ring == 0 ? "the exterior ring" : "hole \(o.ring)")
                : "polygon \(o.polygon + 1)"
        } ?? "another ring"
        let otherPosition = other.map { "\($0.position + 1)" } ?? "?"
        switch kind {
        case .tooFewPoints:
            return "\(ring) has fewer than 3 distinct positions (repeats collapsed), so it encloses nothing"
        case .zeroArea:
            return "\(ring): all positions lie on one straight line, so the ring encloses no area"
        case .spike:
            return "\(ring) turns back on itself at position \(at.position + 1) \(here): consecutive edges overlap (a spike)"
        case .selfIntersection:
            return "\(ring): edges starting at positions \(at.position + 1) and \(otherPosition) cross or overlap at \(here)"
        case .selfTouch:
            return "\(ring) passes twice through \(here) (positions \(at.position + 1) and \(otherPosition)) and touches itself there"
        case .ringsCross:
            return "\(ring) crosses or shares a segment with \(otherRing) at \(here)"
        case .holeOutsideShell:
            return "\(ring) is not inside the polygon's exterior ring (starts at \(here))"
        case .nestedHoles:
            return "\(ring) lies inside \(otherRing) of the same polygon (starts at \(here))"
        case .disconnectedInterior:
            return "polygon \(at.polygon + 1): its rings touch at \(here) in a way that cuts its interior in pieces"
        case .polygonsOverlap:
            return "polygon \(at.polygon + 1) and \(otherRing) overlap; their edges cross or run together at \(here)"
        case .polygonsNested:
            return "polygon \(at.polygon + 1) lies inside \(otherRing) (at \(here))"
        case .polygonsShareEdge:
            return "polygon \(at.polygon + 1) and \(otherRing) share an edge at \(here)"
        }
    }
}
