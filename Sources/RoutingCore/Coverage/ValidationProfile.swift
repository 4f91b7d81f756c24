// SPDX-License-Identifier: Apache-2.0
/// Which rule set ``CoverageValidator`` applies.
public enum ValidationProfile: String, Sendable, Hashable, CaseIterable {
    /// Apple's routing-app coverage rules (the default): exactly one bare `MultiPolygon`, no holes, at
    /// most 20 polygons, about 20 points per polygon; overlapping polygons are allowed (coverage is
    /// their union). Source: Apple, *Location and Maps Programming Guide*, "Specifying the Geographic
    /// Coverage File Contents".
    case apple
    /// RFC 7946 plus OGC Simple Features validity (as GEOS `IsValidOp` checks it): `Polygon`,
    /// `MultiPolygon`, `Feature` and `FeatureCollection` of them are accepted, holes are allowed, and
    /// polygons of a MultiPolygon must not overlap, nest or share an edge.
    case geojson
}
