// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Country outlines of the world for the map's background: Natural Earth 1:110m "Admin 0 -
/// Countries" (public domain), embedded by scripts/worldmap/generate.py as ``WorldOutlinesData``.
///
/// Drawn filled, they show the coastlines (land against sea) and, where two countries meet, the
/// borders. Positions are WGS 84 degrees rounded to 0.01° (the data is good to a few kilometres: a
/// background for orientation, never used to decide anything).
enum WorldOutlines {
    /// One ring of a country: an exterior ring (`isHole` false) or a hole of the exterior before it.
    struct Ring: Sendable {
        var isHole: Bool
        /// Closed implicitly: the first position is not repeated at the end.
        var positions: [Coordinate]
        /// Box of the positions, for skipping rings far outside the view.
        var box: BoundingBox
    }

    /// Every ring in table order (countries by ISO code), parsed once at first use.
    static let rings: [Ring] = parse(WorldOutlinesData.table)

    /// Parses the table format described in ``WorldOutlinesData``; malformed lines are skipped (the
    /// tests check the ring count against ``WorldOutlinesData/ringCount``).
    static func parse(_ table: String) -> [Ring] {
        var rings: [Ring] = []
        var pendingHole: Bool? = nil
        for line in table.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            switch line.first {
            case UInt8(ascii: "#"): pendingHole = nil
            case UInt8(ascii: "P") where line.count == 1: pendingHole = false
            case UInt8(ascii: "H") where line.count == 1: pendingHole = true
            default:
                guard let isHole = pendingHole else { continue }
                pendingHole = nil
                var positions: [Coordinate] = []
                var x = 0, y = 0
                var valid = true
                for pair in line.split(separator: UInt8(ascii: " ")) {
                    let parts = pair.split(separator: UInt8(ascii: ","))
                    guard parts.count == 2, let dx = integer(parts[0]), let dy = integer(parts[1]) else {
                        valid = false
                        break
                    }
                    x += dx
                    y += dy
                    positions.append(Coordinate(latitude: Double(y) / 100, longitude: Double(x) / 100))
                }
                guard valid, positions.count >= 3 else { continue }
                rings.append(Ring(isHole: isHole, positions: positions, box: BoundingBox(enclosing: positions)))
            }
        }
        return rings
    }

    private static func integer(_ bytes: some Collection<UInt8>) -> Int? {
        var value = 0
        var negative = false
        var digits = 0
        for (i, byte) in bytes.enumerated() {
            if i == 0 && byte == UInt8(ascii: "-") { negative = true; continue }
            guard byte >= 48 && byte <= 57, digits < 9 else { return nil }
            value = value * 10 + Int(byte - 48)
            digits += 1
        }
        return digits == 0 ? nil : (negative ? -value : value)
    }
}
