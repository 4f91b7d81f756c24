// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// The polygons of a coverage file exactly as written, whether the file is valid or not, for
/// drawing: a ring that is not closed, crosses itself or lies in the wrong place is drawn where it
/// is, so that the findings about it can be shown on it.
///
/// Read leniently from the JSON tree: a MultiPolygon or Polygon geometry, bare or inside a Feature,
/// FeatureCollection or GeometryCollection (the wrappers `--fix` unwraps). Each position keeps the
/// byte offset of its JSON array, so a finding of ``CoverageValidator`` (located by line, column and
/// offset) can be drawn at the position, ring or polygon it is about. Positions whose first two
/// elements are not numbers within ±180 (longitude) and ±90 (latitude) cannot be placed and are left
/// out of their ring.
struct WrittenGeometry: Sendable {
    struct Ring: Sendable {
        /// [longitude, latitude] as written (the first two numbers), in degrees.
        var positions: [Coordinate]
        /// Byte offset of each position's JSON array in the file.
        var offsets: [Int]
        /// Byte offset of the ring's JSON array.
        var offset: Int
    }

    struct Polygon: Sendable {
        /// The exterior ring first, then the holes.
        var rings: [Ring]
        var offset: Int
        /// Which geometry of the file (a MultiPolygon, a Polygon) the polygon belongs to.
        var geometry: Int
    }

    /// What a finding's offset points at.
    enum Target: Sendable, Equatable {
        case position(polygon: Int, ring: Int, position: Int)
        case ring(polygon: Int, ring: Int)
        case polygon(Int)
    }

    var polygons: [Polygon] = []
    /// How many positions the file has (drawn or not).
    var positionCount = 0
    private(set) var targets: [Int: Target] = [:]

    /// The geometry of `bytes`, or nil when they are not JSON.
    init?(_ bytes: some Collection<UInt8>) {
        guard let document = try? JSONParser().parse(bytes) else { return nil }
        var geometryCount = 0
        walk(document.root, depth: 0, geometryCount: &geometryCount)
    }

    private mutating func walk(_ node: JSONNode, depth: Int, geometryCount: inout Int) {
        guard depth < 8, let type = node["type"]?.string else { return }
        switch type {
        case "MultiPolygon":
            guard let polygons = node["coordinates"]?.elements else { return }
            let geometry = geometryCount
            geometryCount += 1
            for polygon in polygons { add(polygon, geometry: geometry) }
        case "Polygon":
            guard let coordinates = node["coordinates"] else { return }
            add(coordinates, geometry: geometryCount)
            geometryCount += 1
        case "Feature":
            if let geometry = node["geometry"] { walk(geometry, depth: depth + 1, geometryCount: &geometryCount) }
        case "FeatureCollection":
            for feature in node["features"]?.elements ?? [] { walk(feature, depth: depth + 1, geometryCount: &geometryCount) }
        case "GeometryCollection":
            for geometry in node["geometries"]?.elements ?? [] { walk(geometry, depth: depth + 1, geometryCount: &geometryCount) }
        default:
            return
        }
    }

    private mutating func add(_ polygon: JSONNode, geometry: Int) {
        guard let ringNodes = polygon.elements else { return }
        let index = polygons.count
        var rings: [Ring] = []
        for ringNode in ringNodes {
            guard let positionNodes = ringNode.elements else { continue }
            var ring = Ring(positions: [], offsets: [], offset: ringNode.offset)
            ring.positions.reserveCapacity(positionNodes.count)
            ring.offsets.reserveCapacity(positionNodes.count)
            for node in positionNodes {
                positionCount += 1
                guard let numbers = node.elements, numbers.count >= 2,
                    let longitude = numbers[0].number, let latitude = numbers[1].number,
                    (-180.0...180.0).contains(longitude), (-90.0...90.0).contains(latitude)
                else { continue }
                targets[node.offset] = .position(polygon: index, ring: rings.count, position: ring.positions.count)
                ring.positions.append(Coordinate(latitude: latitude, longitude: longitude))
                ring.offsets.append(node.offset)
            }
            // The ring's array starts where its first position's does not: both can be found.
            if targets[ring.offset] == nil { targets[ring.offset] = .ring(polygon: index, ring: rings.count) }
            rings.append(ring)
        }
        if targets[polygon.offset] == nil { targets[polygon.offset] = .polygon(index) }
        polygons.append(Polygon(rings: rings, offset: polygon.offset, geometry: geometry))
    }

    /// What the finding at byte `offset` is about, if it is a position, ring or polygon.
    func target(at offset: Int) -> Target? { targets[offset] }

    /// Every exterior ring that has positions.
    var exteriors: [[Coordinate]] {
        polygons.compactMap { $0.rings.first?.positions }.filter { !$0.isEmpty }
    }

    /// The box of every drawn position (empty when there is none).
    var box: BoundingBox {
        BoundingBox(enclosing: polygons.lazy.flatMap { $0.rings.lazy.flatMap(\.positions) })
    }
}
