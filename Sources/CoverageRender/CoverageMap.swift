// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Draws coverage files, their findings and a directions request as an SVG map: the analog of
/// MapKit's `MKMapSnapshotter` for a headless daemon. Pure: values in, bytes out.
///
/// What the map shows:
/// - context: country outlines (coastlines and borders, Natural Earth 1:110m, public domain), the
///   gazetteer's largest places in view as labelled dots (GeoNames, CC BY 4.0), a graticule with
///   degree labels and a scale bar, in a projection suited to the extent (``MapProjection``);
/// - each file's polygons as written, filled, holes left unfilled with a dashed edge;
/// - each finding of ``CoverageValidator`` at the position, ring or polygon it is about (crossings at
///   the exact crossing point), with its message as the mark's tooltip; an edge that jumps across
///   the antimeridian drawn itself; when the axes look swapped, the reading as [latitude, longitude]
///   beside the written one, dashed in another colour;
/// - the request's source, waypoints and destination as pins joined by straight legs (endpoints
///   without a coordinate, the current location or an address, are listed but not drawn);
/// - a legend: files and verdicts, the kinds of marks, the route, projection and attributions.
///
/// Deterministic: the same input gives the same bytes. Text from files and links is escaped
/// (``SVGWriter/escaped(_:)``). Size is bounded for huge files: outlines are thinned on a pixel grid
/// (consecutive vertices in one grid cell kept once), the grid coarsened until at most
/// ``RenderOptions/maximumDrawnVertices`` vertices remain; the validator's findings are capped per
/// rule (``CoverageValidator/findingsPerRule``).
public enum CoverageMap {
    /// Renders `sources` and `request` (nil for none) into an SVG document.
    public static func render(
        _ sources: [CoverageSource], request: DirectionsRequest? = nil, options: RenderOptions = RenderOptions()
    ) -> RenderedMap {
        let layers = sources.map { LayerAnalysis($0, profile: options.profile) }
        var drawing = MapDrawing(layers: layers, request: request, options: options)
        return drawing.render()
    }
}

/// The state of one rendering.
struct MapDrawing {
    let layers: [LayerAnalysis]
    let request: DirectionsRequest?
    let options: RenderOptions
    let projection: MapProjection
    var svg = SVGWriter()
    var notes: [String] = []
    var drawnVertices = 0
    var coverageGridCell = 0.5
    /// Where the pins and labels go (``makeLayout()``), once per map.
    private(set) var layout = MapLabelLayout()

    static let layerColours = ["#1f5fbf", "#8e44ad", "#00897b", "#b5651d", "#c2185b", "#556b2f"]
    static let swappedColour = "#2e9d3a"
    static let sea = "#d6e6f2"
    static let land = "#f3f0e6"
    static let border = "#9c968a"
    static let fontFamily = "DejaVu Sans, Verdana, Arial, sans-serif"

    static func severityColour(_ severity: Severity) -> String {
        switch severity {
        case .error: "#d62728"
        case .warning: "#e67e00"
        case .note: "#6b6b6b"
        }
    }

    init(layers: [LayerAnalysis], request: DirectionsRequest?, options: RenderOptions) {
        self.layers = layers
        self.request = request
        self.options = options
        projection = MapProjection.fitted(
            to: Self.extent(layers: layers, request: request), width: Double(options.width), left: 0, top: 0)
        layout = makeLayout()
    }

    /// The area to show: every drawn position, swapped reading and pin, grown by 15 % on each side
    /// and to at least 0.02° (about 2 km); the world when there is nothing to show.
    static func extent(layers: [LayerAnalysis], request: DirectionsRequest?) -> BoundingBox {
        var points: [Coordinate] = []
        for layer in layers {
            let box = layer.geometry?.box ?? BoundingBox(enclosing: [])
            if box.west <= box.east {
                points.append(Coordinate(latitude: box.south, longitude: box.west))
                points.append(Coordinate(latitude: box.north, longitude: box.east))
            }
            for ring in layer.swapped ?? [] {
                let b = BoundingBox(enclosing: ring)
                points.append(Coordinate(latitude: b.south, longitude: b.west))
                points.append(Coordinate(latitude: b.north, longitude: b.east))
            }
        }
        for (_, endpoint) in request?.endpoints ?? [] {
            if let c = endpoint.coordinate, c.latitude.isFinite, c.longitude.isFinite,
                abs(c.latitude) <= 90, abs(c.longitude) <= 180
            {
                points.append(c)
            }
        }
        var box = BoundingBox(enclosing: points)
        guard box.west <= box.east else { return BoundingBox(west: -180, south: -60, east: 180, north: 80) }
        let growX = max((box.east - box.west) * 0.15, 0.01), growY = max((box.north - box.south) * 0.15, 0.01)
        box.west = max(-180, box.west - growX)
        box.east = min(180, box.east + growX)
        box.south = max(-85, box.south - growY)
        box.north = min(85, box.north + growY)
        return box
    }

    var mapWidth: Double { projection.width }
    var mapHeight: Double { projection.height }

    mutating func render() -> RenderedMap {
        let legend = legendRows()
        let totalWidth = mapWidth + Double(RenderOptions.legendWidth)
        let totalHeight = max(mapHeight, legendHeight(legend))
        let w = SVGWriter.number(totalWidth), h = SVGWriter.number(totalHeight)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", w), ("height", h),
            ("viewBox", "0 0 \(w) \(h)"), ("font-family", Self.fontFamily), ("font-size", "12"),
        ])
        svg.text("title", [], "Coverage map: " + layers.map(\.source.name).joined(separator: ", "))
        svg.element("rect", [("x", "0"), ("y", "0"), ("width", w), ("height", h), ("fill", "#ffffff")])
        writeMap()
        writeLegend(legend)
        svg.close("svg")
        let undrawable = layers.filter { layer in
            !(layer.geometry?.polygons.contains { $0.rings.contains { !$0.positions.isEmpty } } ?? false)
        }.map(\.source.name)
        for name in undrawable {
            let layer = layers.first { $0.source.name == name }
            // The first error says why (not JSON, no coordinates) where it is; validate shows them all.
            let why = layer?.validation.diagnostics.first { $0.severity == .error }.map {
                ": \($0.location.line):\($0.location.column): \(OneLine.escaped($0.message)) [\($0.rule)]; routingctl validate \(OneLine.escaped(name)) shows every finding"
            } ?? ""
            let what = layer?.geometry == nil ? "not JSON" : "no polygon with a position in range"
            notes.append("\(OneLine.escaped(name)): nothing to draw (\(layer.map(\.verdict) ?? "unreadable"); \(what))\(why)")
        }
        return RenderedMap(
            svg: svg.bytes, notes: notes, undrawable: undrawable, drawnVertices: drawnVertices,
            filePositions: layers.reduce(0) { $0 + ($1.geometry?.positionCount ?? 0) },
            thinnedForSize: coverageGridCell > 0.5)
    }

    // MARK: the map

    mutating func writeMap() {
        let mw = SVGWriter.number(mapWidth), mh = SVGWriter.number(mapHeight)
        svg.open("defs")
        svg.open("clipPath", [("id", "map-area")])
        svg.element("rect", [("x", "0"), ("y", "0"), ("width", mw), ("height", mh)])
        svg.close("clipPath")
        svg.close("defs")
        svg.element("rect", [("id", "sea"), ("x", "0"), ("y", "0"), ("width", mw), ("height", mh), ("fill", Self.sea)])
        svg.open("g", [("id", "map"), ("clip-path", "url(#map-area)")])
        writeLand()
        writeGraticule()
        writePlaceDots()
        writeCoverage()
        writeFindings()
        writeRoute()
        writePlaceLabels()
        writeGraticuleLabels()
        svg.close("g")
        writeScaleBar()
        writeAttribution()
        svg.element("rect", [
            ("x", "0.5"), ("y", "0.5"), ("width", SVGWriter.number(mapWidth - 1)), ("height", SVGWriter.number(mapHeight - 1)),
            ("fill", "none"), ("stroke", "#555"), ("stroke-width", "1"),
        ])
    }

    /// Pixel positions of `ring`, consecutive positions in one `cell`-sized grid square kept once,
    /// clamped far outside the map so that no number grows without bound.
    func thinned(_ ring: [Coordinate], cell: Double) -> [PixelPoint] {
        var out: [PixelPoint] = []
        var lastX = Int64.min, lastY = Int64.min
        let limit = 4 * (mapWidth + mapHeight)
        for c in ring {
            var p = projection.pixel(c)
            p.x = min(max(p.x, -limit), mapWidth + limit)
            p.y = min(max(p.y, -limit), mapHeight + limit)
            let gx = Int64((p.x / cell).rounded(.down)), gy = Int64((p.y / cell).rounded(.down))
            if gx != lastX || gy != lastY {
                out.append(p)
                lastX = gx
                lastY = gy
            }
        }
        if out.count > 1, out.first == out.last { out.removeLast() }
        return out
    }

    func boxInView(_ box: BoundingBox) -> Bool {
        let view = projection.visibleBox
        return box.west <= view.east && box.east >= view.west && box.south <= view.north && box.north >= view.south
    }

    mutating func writeLand() {
        var path = PathData()
        for ring in WorldOutlines.rings where !ring.isHole && boxInView(ring.box) {
            let points = thinned(ring.positions, cell: 0.5)
            if points.count >= 3 { path.ring(points) }
        }
        guard !path.isEmpty else { return }
        svg.element("path", [
            ("id", "land"), ("d", path.text), ("fill", Self.land), ("stroke", Self.border), ("stroke-width", "0.7"),
            ("stroke-linejoin", "round"),
        ])
    }

    // MARK: graticule

    /// Degrees between graticule lines: the smallest of the usual steps that puts lines at least
    /// 85 pixels apart along the map's width.
    var graticuleStep: Double {
        let view = projection.visibleBox
        let pixelsPerDegree = mapWidth / max(view.east - view.west, 1e-9)
        let steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 45, 90]
        return steps.first { $0 * pixelsPerDegree >= 85 } ?? 90
    }

    var graticuleDecimals: Int {
        let step = graticuleStep
        if step >= 1 { return 0 }
        if step >= 0.1 && (step * 10).rounded() == step * 10 { return 1 }
        if step >= 0.01 && (step * 100).rounded() == step * 100 { return 2 }
        return 3
    }

    func graticuleValues(from low: Double, to high: Double) -> [Double] {
        let step = graticuleStep
        guard high > low, (high - low) / step < 1000 else { return [] }
        var values: [Double] = []
        var k = (low / step).rounded(.up)
        while k * step <= high {
            values.append(k * step)
            k += 1
        }
        return values
    }

    mutating func writeGraticule() {
        let view = projection.visibleBox
        var path = PathData()
        for lon in graticuleValues(from: view.west, to: view.east) {
            let x = projection.pixel(Coordinate(latitude: 0, longitude: lon)).x
            path.ring([PixelPoint(x: x, y: 0), PixelPoint(x: x, y: mapHeight)], closed: false)
        }
        for lat in graticuleValues(from: max(view.south, -85), to: min(view.north, 85)) {
            let y = projection.pixel(Coordinate(latitude: lat, longitude: 0)).y
            path.ring([PixelPoint(x: 0, y: y), PixelPoint(x: mapWidth, y: y)], closed: false)
        }
        guard !path.isEmpty else { return }
        svg.element("path", [("id", "graticule"), ("d", path.text), ("fill", "none"), ("stroke", "#7d8fa3"), ("stroke-width", "0.5"), ("stroke-dasharray", "3 3")])
    }

    mutating func writeGraticuleLabels() {
        let view = projection.visibleBox
        let decimals = graticuleDecimals
        svg.open("g", [("id", "graticule-labels"), ("font-size", "10"), ("fill", "#3d4f63"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke"), ("stroke-linejoin", "round")])
            for lon in graticuleValues(from: view.west, to: view.east) {
                let x = projection.pixel(Coordinate(latitude: 0, longitude: lon)).x
                guard x > 30, x < mapWidth - 30 else { continue }
                svg.text("text", [("x", SVGWriter.number(x + 3)), ("y", "12")], Degrees.longitude(lon, decimals: decimals))
            }
            for lat in graticuleValues(from: max(view.south, -85), to: min(view.north, 85)) {
                let y = projection.pixel(Coordinate(latitude: lat, longitude: 0)).y
                guard y > 20, y < mapHeight - 40 else { continue }
                svg.text("text", [("x", "4"), ("y", SVGWriter.number(y - 3))], Degrees.latitude(lat, decimals: decimals))
            }
        svg.close("g")
    }

    // MARK: places

    /// The largest places of the gazetteer in view, at most 14, whose labels do not collide, each
    /// at least 25 km (or a tenth of the view's width, when that is less) from every larger one
    /// chosen: GeoNames lists districts of big cities as places of their own (London's boroughs),
    /// which would otherwise crowd out the next towns. A place whose dot or label would lie under
    /// one of `reserved` (the pins and reading labels: ``makeLayout()``) is left out.
    func choosePlaces(avoiding reserved: [PixelRect]) -> [PlacedPlace] {
        var chosen: [PlacedPlace] = []
        let view = projection.visibleBox
        let kilometresPerDegree = MapProjection.metresPerDegree / 1000
        let middle = (view.south + view.north) / 2
        let cosine = max(0.05, MapMath.cos(middle * Double.pi / 180))
        let viewWidth = (view.east - view.west) * cosine * kilometresPerDegree
        let separation = min(25, viewWidth / 10)
        func kilometres(_ a: Coordinate, _ b: Coordinate) -> Double {
            let dx = (a.longitude - b.longitude) * cosine, dy = a.latitude - b.latitude
            return (dx * dx + dy * dy).squareRoot() * kilometresPerDegree
        }
        for place in Gazetteer.places {
            let c = place.coordinate
            guard c.longitude >= view.west, c.longitude <= view.east, c.latitude >= view.south, c.latitude <= view.north
            else { continue }
            let p = projection.pixel(c)
            guard p.x > 8, p.x < mapWidth - 60, p.y > 28, p.y < mapHeight - 40 else { continue }
            if chosen.contains(where: { abs($0.point.x - p.x) < 64 && abs($0.point.y - p.y) < 24 }) { continue }
            // A place whose dot or label would lie under a pin or a reading label is left out.
            // Right of the dot, else below or left of it, where no pin or reading label is.
            guard let label = Self.placeLabelPlacements(place.name, at: p).first(where: { candidate in
                !reserved.contains { $0.intersects(candidate.rect) }
            }) else { continue }
            if chosen.contains(where: { kilometres($0.place.coordinate, c) < separation }) { continue }
            chosen.append(PlacedPlace(place: place, point: p, label: label))
            if chosen.count == 14 { break }
        }
        return chosen
    }

    mutating func writePlaceDots() {
        let places = self.places
        guard !places.isEmpty else { return }
        svg.open("g", [("id", "places"), ("fill", "#333333")])
            for placed in places {
                let place = placed.place, p = placed.point
                svg.element("circle", [("cx", SVGWriter.number(p.x)), ("cy", SVGWriter.number(p.y)), ("r", "2.5")], title: "\(place.name) (\(place.countryCode)), population \(place.population)")
            }
        svg.close("g")
    }

    mutating func writePlaceLabels() {
        let places = self.places
        guard !places.isEmpty else { return }
        svg.open("g", [("id", "place-labels"), ("font-size", "11"), ("fill", "#222222"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke"), ("stroke-linejoin", "round")])
            for placed in places {
                var attributes = [("x", SVGWriter.number(placed.label.point.x)), ("y", SVGWriter.number(placed.label.point.y))]
                if placed.label.anchor != "start" { attributes.append(("text-anchor", placed.label.anchor)) }
                svg.text("text", attributes, placed.place.name)
            }
        svg.close("g")
    }

    // MARK: coverage

    /// The grid cell that keeps every layer's outlines within the vertex budget.
    func coverageCell() -> Double {
        var cell = 0.5
        for _ in 0..<24 {
            var total = 0
            for layer in layers {
                for polygon in layer.geometry?.polygons ?? [] {
                    for ring in polygon.rings { total += thinned(ring.positions, cell: cell).count }
                }
                for ring in layer.swapped ?? [] { total += thinned(ring, cell: cell).count }
            }
            if total <= options.maximumDrawnVertices { return cell }
            cell *= 2
        }
        return cell
    }

    mutating func writeCoverage() {
        let cell = coverageCell()
        coverageGridCell = cell
        func placement(_ index: Int, _ label: String) -> LabelPlacement? {
            layout.readingLabels.first { $0.layer == index && $0.label == label }?.placement
        }
        for (index, layer) in layers.enumerated() {
            let colour = Self.layerColours[index % Self.layerColours.count]
            guard let geometry = layer.geometry else { continue }
            var fill = PathData()
            var holes = PathData()
            var dots: [PixelPoint] = []
            var seenDots = Set<PixelPoint>()
            for polygon in geometry.polygons {
                for (r, ring) in polygon.rings.enumerated() {
                    let points = thinned(ring.positions, cell: cell)
                    drawnVertices += points.count
                    if points.count >= 3 {
                        fill.ring(points)
                        if r > 0 { holes.ring(points) }
                    } else if let p = points.first, r == 0 {
                        // Smaller than a grid cell: one dot where it is.
                        let key = PixelPoint(x: (p.x / cell).rounded(.down), y: (p.y / cell).rounded(.down))
                        if seenDots.insert(key).inserted { dots.append(p) }
                    }
                }
            }
            svg.open("g", [("id", "coverage-\(index + 1)"), ("class", "coverage")])
                if !fill.isEmpty {
                    svg.element("path", [
                        ("d", fill.text), ("fill", colour), ("fill-opacity", "0.22"), ("fill-rule", "evenodd"),
                        ("stroke", colour), ("stroke-width", "1.6"), ("stroke-linejoin", "round"),
                    ], title: layer.source.name)
                }
                if !holes.isEmpty {
                    svg.element("path", [
                        ("class", "hole"), ("d", holes.text), ("fill", "none"), ("stroke", colour), ("stroke-width", "2"),
                        ("stroke-dasharray", "5 3"),
                    ], title: "hole of \(layer.source.name)")
                }
                if !dots.isEmpty {
                    var d = PathData()
                    for p in dots {
                        d.ring([PixelPoint(x: p.x - 1, y: p.y - 1), PixelPoint(x: p.x + 1, y: p.y - 1), PixelPoint(x: p.x + 1, y: p.y + 1), PixelPoint(x: p.x - 1, y: p.y + 1)])
                    }
                    svg.element("path", [("class", "dots"), ("d", d.text), ("fill", colour)])
                }
            svg.close("g")
            writeHalo(box: geometry.box, colour: colour, label: placement(index, "as written").map { ("as written", $0) })
            if let swapped = layer.swapped {
                var path = PathData()
                for ring in swapped {
                    let points = thinned(ring, cell: cell)
                    drawnVertices += points.count
                    if points.count >= 3 { path.ring(points) }
                }
                svg.element("path", [
                    ("id", "swapped-\(index + 1)"), ("class", "swapped"), ("d", path.text), ("fill", Self.swappedColour),
                    ("fill-opacity", "0.15"), ("stroke", Self.swappedColour), ("stroke-width", "2"), ("stroke-dasharray", "7 4"),
                ], title: "\(layer.source.name) read as [latitude, longitude]")
                let box = BoundingBox(enclosing: swapped.joined())
                let readAs = "read as [latitude, longitude]"
                writeHalo(box: box, colour: Self.swappedColour, label: placement(index, readAs).map { (readAs, $0) })
                // Join the two readings so that the eye finds one from the other.
                let a = centre(geometry.box), b = centre(box)
                svg.element("path", [
                    ("class", "swap-link"), ("d", "M\(SVGWriter.number(a.x)) \(SVGWriter.number(a.y))L\(SVGWriter.number(b.x)) \(SVGWriter.number(b.y))"),
                    ("fill", "none"), ("stroke", Self.swappedColour), ("stroke-width", "1"), ("stroke-dasharray", "2 4"),
                ])
            }
        }
    }

    func centre(_ box: BoundingBox) -> PixelPoint {
        projection.pixel(Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2))
    }

    /// A circle around an area too small to see at this scale, and a label where it was placed
    /// (``readingLabels``, clear of the pins).
    mutating func writeHalo(box: BoundingBox, colour: String, label: (text: String, placement: LabelPlacement)?) {
        guard let (c, radius, circled) = halo(box) else { return }
        if circled {
            svg.element("circle", [
                ("class", "halo"), ("cx", SVGWriter.number(c.x)), ("cy", SVGWriter.number(c.y)), ("r", SVGWriter.number(radius)),
                ("fill", "none"), ("stroke", colour), ("stroke-width", "2"),
            ])
        }
        if let label {
            var attributes = [
                ("class", "reading-label"), ("x", SVGWriter.number(label.placement.point.x)), ("y", SVGWriter.number(label.placement.point.y)),
            ]
            if label.placement.anchor != "start" { attributes.append(("text-anchor", label.placement.anchor)) }
            attributes += [
                ("font-size", "12"), ("font-weight", "bold"), ("fill", colour), ("stroke", "#ffffff"), ("stroke-width", "3"),
                ("paint-order", "stroke"),
            ]
            svg.text("text", attributes, label.text)
        }
    }

    // MARK: findings

    mutating func writeFindings() {
        let marks = layers.flatMap(\.marks)
        guard !marks.isEmpty else { return }
        svg.open("g", [("id", "findings")])
            // Most serious last, on top.
            for mark in marks.sorted(by: { $0.severity < $1.severity }) {
                let colour = Self.severityColour(mark.severity)
                let p = projection.pixel(mark.point)
                if let (a, b) = mark.edge {
                    let pa = projection.pixel(a), pb = projection.pixel(b)
                    svg.element("path", [
                        ("class", "finding-edge"), ("d", "M\(SVGWriter.number(pa.x)) \(SVGWriter.number(pa.y))L\(SVGWriter.number(pb.x)) \(SVGWriter.number(pb.y))"),
                        ("fill", "none"), ("stroke", colour), ("stroke-width", "3"), ("stroke-dasharray", "8 4"),
                    ], title: mark.text)
                }
                Self.writeSymbol(mark.symbol, at: p, colour: colour, title: mark.text, role: "finding", into: &svg)
            }
        svg.close("g")
    }

    /// One finding's mark at `p`: an ×, a triangle, a diamond, a square or a ring.
    /// `role` is the first class of the element: `finding` on the map, `key` in the legend.
    static func writeSymbol(
        _ symbol: FindingMark.Symbol, at p: PixelPoint, colour: String, title: String?, role: String, into svg: inout SVGWriter
    ) {
        let x = SVGWriter.number(p.x), y = SVGWriter.number(p.y)
        let n = { (v: Double) in SVGWriter.number(v) }
        switch symbol {
        case .crossing:
            svg.element("path", [
                ("class", "\(role) crossing"), ("d", "M\(n(p.x - 6)) \(n(p.y - 6))L\(n(p.x + 6)) \(n(p.y + 6))M\(n(p.x - 6)) \(n(p.y + 6))L\(n(p.x + 6)) \(n(p.y - 6))"),
                ("stroke", colour), ("stroke-width", "3"), ("stroke-linecap", "round"), ("fill", "none"),
            ], title: title)
        case .spike:
            svg.element("path", [
                ("class", "\(role) spike"), ("d", "M\(x) \(n(p.y - 8))L\(n(p.x + 7)) \(n(p.y + 5))L\(n(p.x - 7)) \(n(p.y + 5))Z"),
                ("fill", colour), ("fill-opacity", "0.85"), ("stroke", "#ffffff"), ("stroke-width", "1"),
            ], title: title)
        case .antimeridianJump:
            svg.element("path", [
                ("class", "\(role) jump"), ("d", "M\(x) \(n(p.y - 7))L\(n(p.x + 7)) \(y)L\(x) \(n(p.y + 7))L\(n(p.x - 7)) \(y)Z"),
                ("fill", colour), ("stroke", "#ffffff"), ("stroke-width", "1"),
            ], title: title)
        case .hole:
            svg.element("rect", [
                ("class", "\(role) hole"), ("x", n(p.x - 6)), ("y", n(p.y - 6)), ("width", "12"), ("height", "12"),
                ("fill", "none"), ("stroke", colour), ("stroke-width", "2.5"),
            ], title: title)
        case .other:
            svg.element("circle", [
                ("class", "\(role) other"), ("cx", x), ("cy", y), ("r", "6"), ("fill", "none"), ("stroke", colour),
                ("stroke-width", "2.5"),
            ], title: title)
        }
    }

    // MARK: route

    /// The request's endpoints in travel order, with their pin letters.
    var pins: [(letter: String, role: EndpointRole, endpoint: Endpoint)] {
        guard let request else { return [] }
        return request.endpoints.map { role, endpoint in
            switch role {
            case .source: ("A", role, endpoint)
            case .destination: ("B", role, endpoint)
            case .waypoint(let i): ("\(i + 1)", role, endpoint)
            }
        }
    }

    static func pinColour(_ role: EndpointRole) -> String {
        switch role {
        case .source: "#2ca02c"
        case .destination: "#d62728"
        case .waypoint: "#1f77b4"
        }
    }

    static func drawable(_ endpoint: Endpoint) -> Coordinate? {
        guard let c = endpoint.coordinate, c.latitude.isFinite, c.longitude.isFinite, abs(c.latitude) <= 90,
            abs(c.longitude) <= 180
        else { return nil }
        return c
    }

    mutating func writeRoute() {
        let pins = self.pins
        guard !pins.isEmpty else { return }
        svg.open("g", [("id", "route")])
            var legs = PathData()
            var previous: PixelPoint? = nil
            for pin in pins {
                guard let c = Self.drawable(pin.endpoint) else { previous = nil; continue }
                let p = projection.pixel(c)
                if let previous { legs.ring([previous, p], closed: false) }
                previous = p
            }
            if !legs.isEmpty {
                svg.element("path", [("class", "legs"), ("d", legs.text), ("fill", "none"), ("stroke", "#333333"), ("stroke-width", "2"), ("stroke-dasharray", "6 4")])
            }
            for group in pinGroups {
                for member in group.members {
                    let colour = Self.pinColour(member.role)
                    let title = "\(member.role): \(Self.coordinateText(member.coordinate))" + (member.endpoint.name.map { " (\($0))" } ?? "")
                    let tip = member.tip
                    svg.open("g", [("class", "pin")])
                        if tip != member.point {
                            // Drawn beside a pin it would cover: a line to where the stop is.
                            svg.element("path", [
                                ("class", "pin-leader"), ("d", "M\(SVGWriter.number(tip.x)) \(SVGWriter.number(tip.y))L\(SVGWriter.number(member.point.x)) \(SVGWriter.number(member.point.y))"),
                                ("stroke", colour), ("stroke-width", "1.5"), ("fill", "none"),
                            ])
                        }
                        svg.element("path", [
                            ("d", "M\(SVGWriter.number(tip.x)) \(SVGWriter.number(tip.y))l-7 -12a8 8 0 1 1 14 0z"),
                            ("fill", colour), ("stroke", "#ffffff"), ("stroke-width", "1.5"),
                        ], title: title)
                        svg.text("text", [
                            ("x", SVGWriter.number(tip.x)), ("y", SVGWriter.number(tip.y - 13)), ("text-anchor", "middle"),
                            ("font-size", "10"), ("font-weight", "bold"), ("fill", "#ffffff"),
                        ], member.letter)
                    svg.close("g")
                }
                // One label above the group's heads, so that the place label right of a dot stays readable.
                let x = (group.rect.minX + group.rect.maxX) / 2
                svg.text("text", [
                    ("class", "pin-label"), ("x", SVGWriter.number(x)), ("y", SVGWriter.number(group.rect.maxY - 27)), ("text-anchor", "middle"), ("font-size", "11"),
                    ("fill", "#111111"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke"),
                ], group.label)
            }
        svg.close("g")
    }

    static func coordinateText(_ c: Coordinate) -> String {
        "\(SVGWriter.number(c.latitude, decimals: 6)), \(SVGWriter.number(c.longitude, decimals: 6))"
    }

    static func truncated(_ text: String, _ length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    // MARK: scale bar, attribution

    mutating func writeScaleBar() {
        let latitude = projection.coordinate(PixelPoint(x: mapWidth / 2, y: mapHeight / 2)).latitude
        let metresPerPixel = projection.metresPerPixel(atLatitude: latitude)
        guard metresPerPixel.isFinite, metresPerPixel > 0 else { return }
        let target = metresPerPixel * 150
        let magnitude = MapMath.pow10(MapMath.log10(target).rounded(.down))
        let length = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
        let pixels = length / metresPerPixel
        let label = length >= 1000 ? "\(SVGWriter.number(length / 1000, decimals: 3)) km" : "\(SVGWriter.number(length, decimals: 3)) m"
        let suffix: String
        if case .webMercator = projection.kind { suffix = " at \(Degrees.latitude(latitude, decimals: 0))" } else { suffix = "" }
        let x = 14.0, y = mapHeight - 16
        svg.open("g", [("id", "scale-bar")])
            svg.element("rect", [("x", SVGWriter.number(x - 6)), ("y", SVGWriter.number(y - 20)), ("width", SVGWriter.number(max(pixels, Double((label + suffix).count) * 6.5) + 12)), ("height", "28"), ("fill", "#ffffff"), ("fill-opacity", "0.8")])
            svg.element("path", [
                ("d", "M\(SVGWriter.number(x)) \(SVGWriter.number(y - 6))V\(SVGWriter.number(y))H\(SVGWriter.number(x + pixels))V\(SVGWriter.number(y - 6))"),
                ("fill", "none"), ("stroke", "#222222"), ("stroke-width", "2"),
            ])
            svg.text("text", [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y - 9)), ("font-size", "11")], label + suffix)
        svg.close("g")
    }

    mutating func writeAttribution() {
        svg.text("text", [
            ("id", "attribution"), ("x", SVGWriter.number(mapWidth - 6)), ("y", SVGWriter.number(mapHeight - 6)),
            ("text-anchor", "end"), ("font-size", "9"), ("fill", "#444444"), ("stroke", "#ffffff"), ("stroke-width", "2.5"),
            ("paint-order", "stroke"),
        ], "Outlines: \(WorldOutlinesData.source) · Places: GeoNames (CC BY 4.0)")
    }
}
