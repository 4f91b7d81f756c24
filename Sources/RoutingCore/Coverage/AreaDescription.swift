// SPDX-License-Identifier: Apache-2.0
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
    /// a sphere, straight [longitude, latitude] edges).
    public var areaSquareKilometres: Double
    /// The largest covered places (inside or on the boundary), largest population first, at most the
    /// `placeLimit` given to ``describe(_:placeLimit:)``. Places within 25 km of a larger listed place
    /// (usually its districts: GeoNames lists London's boroughs as places) are skipped while there are
    /// enough others, so that the list says what the area spans.
    public var largestPlaces: [Place]
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
        let covered = Gazetteer.covered(by: coverage, limit: count == 0 ? 0 : Gazetteer.distinctCandidateLimit(count))
        var description = AreaDescription(
            boundingBox: coverage.boundingBox,
            areaSquareKilometres: coverage.area / 1_000_000,
            largestPlaces: Gazetteer.distinctLargest(covered.indices, count: count),
            placeCount: covered.total)
        if covered.total == 0, let nearest = AreaProximity.nearest(to: coverage) {
            description.nearestPlace = nearest.place
            description.nearestDistance = nearest.distance
        }
        return description
    }

    /// One line: bounding box, area, then the places, e.g.
    /// "51.29°N…51.69°N, 0.51°W…0.33°E, 1,572 km², contains London, Croydon and Barnet (GB)",
    /// "…, 31 populated places, largest London, Luton and Watford (GB)" or
    /// "…, no populated place; nearest: Eyl (SO), 620 km".
    public var summary: String {
        guard boundingBox.west <= boundingBox.east, boundingBox.south <= boundingBox.north else {
            return "empty area (no positions)"
        }
        var text = DescriptionText.box(boundingBox) + ", "
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
