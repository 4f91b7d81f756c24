// SPDX-License-Identifier: Apache-2.0
/// The gazetteer's places with the lookup structures built once from the embedded table.
///
/// - Places are ordered by population, largest first (ties in table order: by country code, then
///   name), so "largest first" is "smallest index first" everywhere.
/// - A 1° × 1° grid (180 rows × 360 columns) lists the places of every cell, for box queries.
/// - Compact: per place only numbers (coordinates, population, country code, where the name lies
///   in the static table), about 40 bytes; a ``Place`` with its strings is made when asked for
///   (``place(_:)``), so the daemon, which only asks whether an area covers any place, makes none.
///
/// What only nearest-place queries need is in ``NearestPlaceIndex``, built on first such query.
struct GazetteerIndex: Sendable {
    /// The table the names are read from (its bytes stay in the binary's read-only data).
    private let table: StaticString
    /// The number of places.
    let count: Int
    let latitudes: [Double]
    let longitudes: [Double]
    private let nameStarts: [Int32]
    private let nameLengths: [UInt16]
    private let countries: [UInt16]
    private let populations: [Int32]
    private let cellStart: [Int32]
    private let cellPlaces: [Int32]

    private static let rows = 180
    private static let columns = 360

    /// Indexes the places of `table` (``GazetteerTable`` format, in table order: by country code,
    /// then largest first, then by name).
    init(table: StaticString) {
        self.table = table
        var records: [GazetteerTable.Record] = []
        records.reserveCapacity(GazetteerData.placeCount)
        table.withUTF8Buffer { bytes in
            GazetteerTable.scan(bytes) { record in
                // Names longer than 65,535 bytes and populations beyond Int32 do not occur; such a
                // record is skipped like a malformed one (the tests compare the count).
                if record.nameLength <= Int(UInt16.max), record.population <= Int(Int32.max) { records.append(record) }
            }
        }
        // Sorting plain integer keys (population descending, then table position) keeps this fast.
        let shift = 24
        let keys = Self.radixSorted(records.indices.map {
            (UInt64((1 << 36) - min(max(0, records[$0].population), (1 << 36) - 1)) << shift) | UInt64($0)
        })
        let order = keys.map { Int($0 & ((1 << shift) - 1)) }
        count = order.count
        latitudes = order.map { Double(records[$0].latitude) / 1000 }
        longitudes = order.map { Double(records[$0].longitude) / 1000 }
        nameStarts = order.map { Int32(records[$0].nameStart) }
        nameLengths = order.map { UInt16(records[$0].nameLength) }
        countries = order.map { records[$0].country }
        populations = order.map { Int32(records[$0].population) }
        let lats = latitudes, lons = longitudes
        // Counting sort into grid cells; stable, so each cell keeps population order.
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        let cells = lats.indices.map { Self.cell(latitude: lats[$0], longitude: lons[$0]) }
        for cell in cells { counts[cell + 1] += 1 }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        cellStart = counts
        var next = counts
        var members = [Int32](repeating: 0, count: lats.count)
        for (index, cell) in cells.enumerated() {
            members[Int(next[cell])] = Int32(index)
            next[cell] += 1
        }
        cellPlaces = members
    }

    /// Place `i` (0 the largest), made from the table.
    func place(_ i: Int) -> Place {
        let name = table.withUTF8Buffer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(nameStarts[i])..<(Int(nameStarts[i]) + Int(nameLengths[i]))]), as: UTF8.self)
        }
        return Place(
            name: name, countryCode: GazetteerTable.countryCode(countries[i]), coordinate: coordinate(i),
            population: Int(populations[i]))
    }

    /// Where place `i` is.
    func coordinate(_ i: Int) -> Coordinate { Coordinate(latitude: latitudes[i], longitude: longitudes[i]) }

    /// Every place, largest first (made anew: keep the array when it is needed more than once).
    var places: [Place] { (0..<count).map(place) }

    /// `keys` sorted ascending: least-significant-digit radix sort, 16 bits a pass (four passes), linear
    /// in the number of keys.
    static func radixSorted(_ keys: [UInt64]) -> [UInt64] {
        var source = keys
        var target = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for pass in 0..<4 {
            let shift = UInt64(pass * 16)
            for i in counts.indices { counts[i] = 0 }
            for key in source { counts[Int((key >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for i in counts.indices { let c = counts[i]; counts[i] = total; total += c }
            for key in source {
                let digit = Int((key >> shift) & 0xFFFF)
                target[counts[digit]] = key
                counts[digit] += 1
            }
            swap(&source, &target)
        }
        return source
    }

    /// Grid row and column of a latitude or longitude, clamped to the grid (also for huge or NaN
    /// values, which never reach an integer conversion).
    private static func row(_ latitude: Double) -> Int { clampedIndex(latitude + 90, count: rows) }
    private static func column(_ longitude: Double) -> Int { clampedIndex(longitude + 180, count: columns) }
    private static func clampedIndex(_ value: Double, count: Int) -> Int {
        guard value > 0 else { return 0 }  // also NaN
        guard value < Double(count) else { return count - 1 }
        return Int(value.rounded(.down))
    }
    private static func cell(latitude: Double, longitude: Double) -> Int {
        row(latitude) * columns + column(longitude)
    }

    /// Indices of the places inside the box or on its edge, ascending (largest population first).
    func indices(in box: BoundingBox) -> [Int32] {
        guard box.south <= box.north, box.west <= box.east,
            box.south.isFinite, box.north.isFinite, box.west.isFinite, box.east.isFinite
        else { return [] }
        var result: [Int32] = []
        for row in Self.row(box.south)...Self.row(box.north) {
            for column in Self.column(box.west)...Self.column(box.east) {
                let cell = row * Self.columns + column
                for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let i = Int(cellPlaces[k])
                    let lat = latitudes[i], lon = longitudes[i]
                    if lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east {
                        result.append(Int32(i))
                    }
                }
            }
        }
        result.sort()
        return result
    }

    /// Calls `body` with the index of every place that may lie within `radius` radians of the box
    /// (a superset: whole grid cells of the box grown by the radius, wrapping across ±180°).
    func forEachPlace(near box: BoundingBox, radius: Double, _ body: (Int) -> Void) {
        guard box.south <= box.north, box.west <= box.east, !radius.isNaN else { return }
        let grow = radius / GreatCircle.radiansPerDegree
        let south = box.south - grow, north = box.north + grow
        var firstColumn = 0, lastColumn = Self.columns - 1
        if south > -89, north < 89 {
            let widest = max(south.magnitude, north.magnitude)
            let cosine = Trigonometry.cos(widest * GreatCircle.radiansPerDegree)
            let growLongitude = cosine > 0.01 ? grow / cosine : 360
            let west = box.west - growLongitude, east = box.east + growLongitude
            if east - west < 358, west > -720, east < 720 {
                firstColumn = Int((west + 180).rounded(.down))
                lastColumn = Int((east + 180).rounded(.down))
            }
        }
        for row in Self.row(south)...Self.row(north) {
            for column in firstColumn...lastColumn {
                let wrappedColumn = ((column % Self.columns) + Self.columns) % Self.columns
                let cell = row * Self.columns + wrappedColumn
                for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) { body(Int(cellPlaces[k])) }
            }
        }
    }
}
