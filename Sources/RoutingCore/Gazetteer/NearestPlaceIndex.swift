// SPDX-License-Identifier: Apache-2.0
/// What nearest-place queries need, built from ``GazetteerIndex`` at the first such query (most
/// areas contain places and never need it): every place's unit vector and |cos latitude|, and the
/// places in latitude order, so that a query can start at its own latitude and stop once the latitude
/// difference alone exceeds the best distance found.
struct NearestPlaceIndex: Sendable {
    /// |cos latitude| of every place (indices as in ``GazetteerIndex/places``).
    let cosLatitudes: [Double]
    private let unitX: [Double], unitY: [Double], unitZ: [Double]
    private let byLatitude: [Int32]
    private let sortedLatitudes: [Double]

    init(_ index: GazetteerIndex) {
        let count = index.count
        let shift = 24
        var x: [Double] = [], y: [Double] = [], z: [Double] = [], cosines: [Double] = []
        x.reserveCapacity(count); y.reserveCapacity(count); z.reserveCapacity(count)
        cosines.reserveCapacity(count)
        for i in 0..<count {
            let phi = index.latitudes[i] * GreatCircle.radiansPerDegree
            let lambda = index.longitudes[i] * GreatCircle.radiansPerDegree
            let cosPhi = Trigonometry.cos(phi)
            x.append(cosPhi * Trigonometry.cos(lambda))
            y.append(cosPhi * Trigonometry.sin(lambda))
            z.append(Trigonometry.sin(phi))
            cosines.append(cosPhi.magnitude)
        }
        unitX = x; unitY = y; unitZ = z
        cosLatitudes = cosines
        let lats = index.latitudes
        // Latitudes are whole thousandths of a degree in the table; sort integer keys made of the
        // latitude in millionths (exact enough for the order) and the place index.
        let latitudeKeys = GazetteerIndex.radixSorted(lats.indices.map {
            (UInt64(max(0, min(180_000_000, ((lats[$0] + 90) * 1_000_000).rounded()))) << shift) | UInt64($0)
        })
        byLatitude = latitudeKeys.map { Int32($0 & ((1 << shift) - 1)) }
        sortedLatitudes = byLatitude.map { lats[Int($0)] }
    }

    /// The place nearest to `coordinate` and the central angle to it in radians (great circle).
    /// Ties go to the larger place.
    func nearest(to coordinate: Coordinate) -> (index: Int, angle: Double)? {
        guard !byLatitude.isEmpty, coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return nil }
        let q = GreatCircle.unitVector(coordinate)
        let qLatitude = coordinate.latitude
        var best = -1
        var bestChordSquared = Double.infinity
        var bestLatitudeGap = Double.infinity  // degrees of latitude that cannot beat `best`
        func consider(_ k: Int) {
            let i = Int(byLatitude[k])
            let dx = unitX[i] - q.x, dy = unitY[i] - q.y, dz = unitZ[i] - q.z
            let c2 = dx * dx + dy * dy + dz * dz
            if c2 < bestChordSquared || (c2 == bestChordSquared && i < best) {
                bestChordSquared = c2
                best = i
                bestLatitudeGap = GreatCircle.angle(chord: c2.squareRoot()) / GreatCircle.radiansPerDegree
            }
        }
        // First index with latitude >= query.
        var low = 0, high = sortedLatitudes.count
        while low < high {
            let mid = (low + high) / 2
            if sortedLatitudes[mid] < qLatitude { low = mid + 1 } else { high = mid }
        }
        var up = low, down = low - 1
        while up < sortedLatitudes.count || down >= 0 {
            let upGap = up < sortedLatitudes.count ? sortedLatitudes[up] - qLatitude : .infinity
            let downGap = down >= 0 ? qLatitude - sortedLatitudes[down] : .infinity
            if min(upGap, downGap) > bestLatitudeGap { break }
            if upGap <= downGap { consider(up); up += 1 } else { consider(down); down -= 1 }
        }
        guard best >= 0 else { return nil }
        return (best, GreatCircle.angle(chord: bestChordSquared.squareRoot()))
    }
}
