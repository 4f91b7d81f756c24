// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// Where findings lie on the map, for drawing them beside the file (`routingctl validate --format
/// geojson`).
///
/// A finding's place is its ``Diagnostic/point`` when it has one (the crossing of two edges, the tip
/// of a spike); otherwise the position written at its ``Diagnostic/location``: the position itself,
/// the position a number of it belongs to, or the first position of the ring, polygon or coordinates
/// array that starts there. Findings about JSON syntax, types, members or whole files have no place
/// (nil). A position counts only when its first two numbers are a longitude in −180…180 and a
/// latitude in −90…90 (degrees WGS 84): an out-of-range position has no place on the map.
///
/// Pure: the file's bytes and its findings in, one optional coordinate per finding out.
public enum FindingPlaces {
    /// One place per finding of `diagnostics` (same order), looked up in `bytes`, the file the
    /// findings are about. All nil when `bytes` is not JSON.
    public static func coordinates(of diagnostics: [Diagnostic], in bytes: some Collection<UInt8>) -> [Coordinate?] {
        let wanted = Set(diagnostics.filter { $0.point == nil }.map(\.location.offset))
        var found: [Int: Coordinate] = [:]
        if !wanted.isEmpty, let document = try? JSONParser().parse(bytes) {
            collect(document.root, wanted: wanted, into: &found)
        }
        return diagnostics.map { $0.point ?? found[$0.location.offset] }
    }

    /// Records the place of every node of `node`'s tree that starts at a wanted offset. Returns the
    /// first in-range position in `node` (depth first), the place of an array of positions.
    @discardableResult
    private static func collect(_ node: JSONNode, wanted: Set<Int>, into found: inout [Int: Coordinate]) -> Coordinate? {
        switch node.value {
        case .array, .numbers:
            let elements = node.elements ?? []
            if let position = position(node) {
                for offset in [node.offset] + elements.map(\.offset) where wanted.contains(offset) {
                    found[offset] = position
                }
                return position
            }
            var first: Coordinate?
            for element in elements {
                let place = collect(element, wanted: wanted, into: &found)
                first = first ?? place
            }
            if let first, wanted.contains(node.offset) { found[node.offset] = first }
            return first
        case .object(let members):
            for member in members { collect(member.value, wanted: wanted, into: &found) }
            return nil
        default:
            return nil
        }
    }

    /// `[longitude, latitude]` or `[longitude, latitude, altitude]` with both in range.
    private static func position(_ node: JSONNode) -> Coordinate? {
        guard let elements = node.elements, (2...3).contains(elements.count),
            elements.allSatisfy({ $0.number != nil }),
            let longitude = elements[0].number, let latitude = elements[1].number,
            (-180.0...180.0).contains(longitude), (-90.0...90.0).contains(latitude)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
