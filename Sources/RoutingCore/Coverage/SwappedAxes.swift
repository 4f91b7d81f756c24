// SPDX-License-Identifier: Apache-2.0
/// Detects coverage files written as [latitude, longitude] instead of GeoJSON's [longitude, latitude]
/// (RFC 7946 §3.1.1; Apple's Location and Maps Programming Guide also asks for "longitude … followed
/// by latitude"), from evidence rather than from ranges alone.
///
/// A swapped file usually passes every format rule: when every longitude lies within ±90° the numbers
/// are in range either way. So the two readings are compared against the embedded GeoNames gazetteer
/// (``Gazetteer``, places of 15,000 people or more). Evidence is reported only when all of these hold
/// (conservative: a real area in a remote place, or an ocean box, is left alone):
/// 1. the swap is possible: every first number is within ±90 and every second within ±180;
/// 2. as written, the area covers no populated place, and every populated place is at least
///    ``remoteDistance`` (50 km) from it;
/// 3. read as [latitude, longitude], more than half of the polygons (of at most ``sampledPolygons``
///    evenly spaced ones) each cover a populated place or
///    have one within ``nearDistance`` (5 km) or within their own size (bounding-box diagonal, up to
///    50 km): a file of many ocean blobs, a few of which happen to land on towns when swapped, is not
///    evidence;
/// 4. the as-written distance to every place is at least ``ratio`` (25) times the swapped one (taken as
///    at least 2 km; 0 when the swapped area covers a place).
///
/// Strong evidence relaxes rules 2 and 4: when read as [latitude, longitude] the area covers at least
/// ``strongPlaceCount`` (3) populated places while as written it covers none, the as-written area need
/// only be ``strongRemoteDistance`` (5 km) from every place. A city box such as Madrid's, written
/// [lat, lon], lands 35 km off the Kenyan coast: not remote by rule 2, but empty against a city.
///
/// Examples: a London box printed as [lat, lon] lands in the Indian Ocean, over 500 km from the
/// nearest town (Victoria, Seychelles), and read the other way contains London; a campus-sized box in
/// Harrisonburg, Virginia, printed as [lat, lon] lands in Antarctica, thousands of kilometres from any
/// town, and read the other way is about a kilometre from Harrisonburg.
public enum SwappedAxes {
    /// Minimum distance in metres from the as-written area to every populated place.
    public static let remoteDistance: Double = 50_000
    /// A populated place this close (metres) to the swapped area counts, whatever the area's size.
    public static let nearDistance: Double = 5_000
    /// Larger areas may have their nearest place up to their own size away, but never more than this.
    public static let maximumNearDistance: Double = 50_000
    /// How many times farther from every place the as-written area must be than the swapped one.
    public static let ratio: Double = 25
    /// Swapped distances below this (metres) count as this much in the ratio test.
    public static let ratioFloor: Double = 2_000
    /// Populated places the swapped reading must cover for the strong-evidence rule.
    public static let strongPlaceCount = 3
    /// Minimum distance in metres from the as-written area to every place under the strong-evidence rule.
    public static let strongRemoteDistance: Double = 5_000
    /// At most this many polygons (evenly spaced) vote in rule 3.
    public static let sampledPolygons = 25

    /// Evidence that the axes are swapped, or nil when there is none (the usual case).
    ///
    /// - Parameter polygons: the exterior rings as written in the file, each a closed ring of
    ///   ``Coordinate`` where `longitude` is the first number of each position and `latitude` the
    ///   second. Holes are not needed (places in holes do not change the verdict enough to matter).
    /// - Returns: nil for no polygons, non-finite numbers, numbers that cannot be swapped, or when the
    ///   rules above do not all hold.
    ///
    /// Cost: a bounding-box check, one place sweep per reading (see ``Gazetteer/places(in:limit:)``)
    /// and, only for areas that cover no place, bounded nearest-place searches.
    public static func evidence(for polygons: [[Coordinate]]) -> SwappedAxesEvidence? {
        let rings = polygons.filter { !$0.isEmpty }
        guard !rings.isEmpty else { return nil }
        for ring in rings {
            for c in ring {
                guard c.longitude.isFinite, c.latitude.isFinite, (-90.0...90.0).contains(c.longitude),
                    (-180.0...180.0).contains(c.latitude)
                else { return nil }
            }
        }
        let written = Coverage(polygons: rings.map { CoveragePolygon(ring: $0) })
        guard !Gazetteer.coversAnyPlace(written) else { return nil }

        // Read as [lat, lon], most polygons must land on or beside a populated place. Files with many
        // polygons are judged on up to `sampledPolygons` of them, evenly spaced; the first misses that
        // decide the vote end the search (cheap for an ocean).
        let swappedRings = rings.map { ring in
            ring.map { Coordinate(latitude: $0.longitude, longitude: $0.latitude) }
        }
        let step = max(1, (swappedRings.count + sampledPolygons - 1) / sampledPolygons)
        let sample = Swift.stride(from: 0, to: swappedRings.count, by: step).map { swappedRings[$0] }
        let needed = sample.count / 2 + 1
        var landed = 0
        var missed = 0
        // With one polygon, the vote's polygon is the whole swapped area: when it covers no place,
        // its nearest-place search below is the one the vote made (same area, same radius).
        var onlyPolygonNearest: AreaProximity?
        for ring in sample {
            let single = Coverage(polygons: [CoveragePolygon(ring: ring)])
            if Gazetteer.coversAnyPlace(single) {
                landed += 1
                if landed >= needed { break }
            } else if let near = AreaProximity.nearest(to: single, within: nearLimit(single.boundingBox)) {
                if swappedRings.count == 1 { onlyPolygonNearest = near }
                landed += 1
                if landed >= needed { break }
            } else {
                missed += 1
                if missed > sample.count - needed { return nil }
            }
        }

        let swapped = Coverage(polygons: swappedRings.map { CoveragePolygon(ring: $0) })
        let swappedCovered = onlyPolygonNearest == nil
            ? Gazetteer.covered(by: swapped, limit: Gazetteer.distinctCandidateLimit(3)) : (indices: [], total: 0)
        let swappedPlaces = Gazetteer.distinctLargest(swappedCovered.indices, count: 3)
        let swappedNearest: Place
        let swappedDistance: Double
        if let largest = swappedPlaces.first {
            swappedNearest = largest
            swappedDistance = 0
        } else {
            guard let found = onlyPolygonNearest
                ?? AreaProximity.nearest(to: swapped, within: nearLimit(swapped.boundingBox))
            else { return nil }
            swappedNearest = found.place
            swappedDistance = found.distance
        }

        // As written, no populated place may be that close, searched exhaustively.
        let strong = swappedCovered.total >= strongPlaceCount
        let required = strong ? strongRemoteDistance : max(remoteDistance, ratio * max(swappedDistance, ratioFloor))
        guard AreaProximity.isRemote(written, by: required) else { return nil }
        guard let writtenNearest = AreaProximity.nearest(to: written), writtenNearest.distance >= required
        else { return nil }

        let writtenCentre = centre(of: written.boundingBox)
        let swappedCentre = centre(of: swapped.boundingBox)
        var message = "as written ([longitude, latitude]) this area lies at "
            + DescriptionText.position(writtenCentre)
            + " and contains no populated place; the nearest, \(writtenNearest.place), is "
            + DescriptionText.distance(writtenNearest.distance) + " away; read as [latitude, longitude] it "
        if swappedPlaces.isEmpty {
            message += "lies at " + DescriptionText.position(swappedCentre) + ", "
                + DescriptionText.distance(swappedDistance) + " from \(swappedNearest)"
        } else {
            message += "contains " + DescriptionText.list(swappedPlaces)
        }
        return SwappedAxesEvidence(
            message: message, asWritten: [], swapped: swappedPlaces,
            asWrittenCentre: writtenCentre, asWrittenNearest: writtenNearest.place,
            asWrittenDistance: writtenNearest.distance,
            swappedCentre: swappedCentre, swappedNearest: swappedNearest, swappedDistance: swappedDistance)
    }

    /// How near (metres) a place must be to an area of this box to count: ``nearDistance``, or the
    /// box's diagonal up to ``maximumNearDistance``.
    private static func nearLimit(_ box: BoundingBox) -> Double {
        let size = GreatCircle.distance(
            Coordinate(latitude: box.south, longitude: box.west),
            Coordinate(latitude: box.north, longitude: box.east))
        return max(nearDistance, min(size, maximumNearDistance))
    }

    private static func centre(of box: BoundingBox) -> Coordinate {
        Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }
}

/// Why ``SwappedAxes`` thinks a file's positions are [latitude, longitude]: what the area covers as
/// written and read the other way. Distances in metres (great circle), coordinates in degrees.
public struct SwappedAxesEvidence: Sendable, Hashable {
    /// One sentence for a diagnostic, lower case, no final period, e.g. "as written ([longitude,
    /// latitude]) this area lies at 78.87°S 38.43°E and contains no populated place; the nearest,
    /// Ushuaia (AR), is 4,410 km away; read as [latitude, longitude] it lies at 38.43°N 78.87°W, 1.0 km
    /// from Harrisonburg (US)".
    public var message: String
    /// Populated places covered as written (empty whenever there is evidence).
    public var asWritten: [Place]
    /// Populated places covered when read as [latitude, longitude], largest first, at most 3, each at
    /// least 25 km from the larger ones while there are enough (see ``AreaDescription/largestPlaces``).
    public var swapped: [Place]
    /// Centre of the as-written bounding box.
    public var asWrittenCentre: Coordinate
    /// The populated place nearest to the as-written area.
    public var asWrittenNearest: Place
    /// Metres from ``asWrittenNearest`` to the as-written area's boundary (≥ 50 km).
    public var asWrittenDistance: Double
    /// Centre of the bounding box read as [latitude, longitude].
    public var swappedCentre: Coordinate
    /// The largest place covered when swapped, or else the nearest one.
    public var swappedNearest: Place
    /// 0 when the swapped area covers ``swappedNearest``, else metres from it to the swapped area.
    public var swappedDistance: Double

    public init(
        message: String, asWritten: [Place], swapped: [Place],
        asWrittenCentre: Coordinate, asWrittenNearest: Place, asWrittenDistance: Double,
        swappedCentre: Coordinate, swappedNearest: Place, swappedDistance: Double
    ) {
        self.message = message
        self.asWritten = asWritten
        self.swapped = swapped
        self.asWrittenCentre = asWrittenCentre
        self.asWrittenNearest = asWrittenNearest
        self.asWrittenDistance = asWrittenDistance
        self.swappedCentre = swappedCentre
        self.swappedNearest = swappedNearest
        self.swappedDistance = swappedDistance
    }
}
