// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#endif
import RoutingCore
import TestSupport
import Testing
@testable import CoverageRender

/// Renders `text` as one coverage file named `name`.
private func render(
    _ text: String, name: String = "test.geojson", request: DirectionsRequest? = nil,
    options: RenderOptions = RenderOptions()
) -> RenderedMap {
    CoverageMap.render([CoverageSource(name: name, bytes: Array(text.utf8))], request: request, options: options)
}

private func structure(_ map: RenderedMap, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SVGStructure? {
    do {
        return try SVGStructure(map.svg)
    } catch {
        Issue.record("not well-formed: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite struct GoldenSVGTests {
    /// The samples in Coverage/ against Tests/CoverageRenderTests/Golden/NAME.svg, compared by
    /// structure: the same elements in the same order (so the same counts), the same texts and
    /// non-geometric attributes, and every number of a geometric attribute within one pixel.
    /// ROUTINGD_UPDATE_GOLDEN=1 rewrites the golden files instead (look at them before committing).
    @Test(arguments: ["London", "Paris", "BayArea"])
    func sampleMatchesGolden(_ name: String) throws {
        let bytes = try #require(RepositoryFile.bytes("Coverage/\(name).geojson"))
        let map = CoverageMap.render([CoverageSource(name: "Coverage/\(name).geojson", bytes: bytes)])
        let goldenPath = "Tests/CoverageRenderTests/Golden/\(name).svg"
        if getenv("ROUTINGD_UPDATE_GOLDEN") != nil {
            let file = try #require(fopen(RepositoryFile.root + "/" + goldenPath, "wb"))
            _ = map.svg.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            return
        }
        let golden = try SVGStructure(try #require(RepositoryFile.bytes(goldenPath), "\(goldenPath) is missing"))
        let drawn = try SVGStructure(map.svg)
        #expect(drawn.counts == golden.counts)
        try #require(drawn.elements.count == golden.elements.count)
        let geometric: Set<String> = ["x", "y", "cx", "cy", "r", "width", "height", "d", "viewBox"]
        for (a, b) in zip(drawn.elements, golden.elements) {
            try #require(a.name == b.name, "element order differs: <\(a.name)> where the golden file has <\(b.name)>")
            #expect(a.text == b.text, "text of <\(a.name)>")
            #expect(a.attributes.map(\.name) == b.attributes.map(\.name), "attributes of <\(a.name)>")
            for (attribute, value) in a.attributes {
                guard let other = b.attribute(attribute) else { continue }
                if geometric.contains(attribute) {
                    let x = numbers(in: value), y = numbers(in: other)
                    #expect(x.count == y.count, "<\(a.name) \(attribute)>: \(x.count) numbers, golden \(y.count)")
                    for (p, q) in zip(x, y) where abs(p - q) > 1 {
                        Issue.record("<\(a.name) \(attribute)>: \(p) is more than a pixel from the golden \(q)")
                        break
                    }
                } else {
                    #expect(value == other, "<\(a.name) \(attribute)>")
                }
            }
        }
    }

    @Test func sampleShowsItsPlacesAndContext() throws {
        let bytes = try #require(RepositoryFile.bytes("Coverage/London.geojson"))
        let svg = try SVGStructure(CoverageMap.render([CoverageSource(name: "London", bytes: bytes)]).svg)
        let places = svg.elements.filter { $0.name == "text" }.map(\.text)
        #expect(places.contains("London"))
        #expect(places.contains("Oxford"), "a larger place around the area is labelled too")
        // London's boroughs are places of their own in GeoNames; they do not crowd out the towns.
        #expect(!places.contains("Brent"))
        #expect(svg.element(id: "land") != nil)
        #expect(svg.element(id: "graticule") != nil)
        #expect(places.contains("51.5°N") && places.contains("0°"), "graticule labels")
        #expect(places.contains("20 km"), "scale bar")
        #expect(places.contains { $0.contains("equirectangular") }, "a city-sized area is drawn equirectangular")
    }
}

@Suite struct CoverageMapTests {
    @Test func sameInputSameBytes() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[2.2,48.8],[2.5,48.8],[2.5,48.9],[2.2,48.9],[2.2,48.8]]]]}"#
        let request = DirectionsRequest(source: .at(latitude: 48.85, longitude: 2.3), destination: .at(latitude: 48.86, longitude: 2.4))
        #expect(render(text, request: request).svg == render(text, request: request).svg)
    }

    /// A file name and a link's label are text: nothing in them becomes markup.
    @Test func hostileLabelsCannotInjectElements() throws {
        let hostile = "</title><script>alert(1)</script><g onload=\"x()\">&amp;\u{1B}[31m\u{0}\u{7}'"
        let text = #"{"type":"MultiPolygon","coordinates":[[[[2.2,48.8],[2.5,48.8],[2.5,48.9],[2.2,48.9],[2.2,48.8]]]]}"#
        let request = DirectionsRequest(
            source: .coordinate(Coordinate(latitude: 48.85, longitude: 2.3), label: hostile),
            destination: .address(hostile), waypoints: [.at(latitude: 48.83, longitude: 2.35, label: hostile)])
        let map = render(text, name: hostile, request: request)
        let svg = try #require(structure(map))
        let allowed: Set<String> = ["svg", "title", "rect", "defs", "clipPath", "g", "path", "circle", "text"]
        #expect(Set(svg.elements.map(\.name)).isSubset(of: allowed))
        #expect(!svg.elements.contains { $0.attributes.contains { $0.name.hasPrefix("on") } })
        let raw = String(decoding: map.svg, as: UTF8.self)
        #expect(!raw.contains("<script"))
        #expect(raw.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!map.svg.contains { $0 < 0x20 && $0 != 0x0A }, "no control character reaches the file")
        // The text reads back as written, control characters made visible.
        let texts = svg.elements.map(\.text)
        #expect(texts.contains { $0.contains("</title><script>alert(1)</script>") })
        #expect(texts.contains { $0.contains("\\x1B[31m") && $0.contains("\\x00") })
    }

    /// A file of a million positions is drawn within the vertex budget, in bounded bytes.
    @Test func millionPositionFileIsBounded() throws {
        var text = #"{"type":"MultiPolygon","coordinates":[[["#
        let count = 1_000_000
        // A star-shaped ring around (10, 50): angle increasing, radius wobbling, so it is simple.
        var seed: UInt64 = 42
        for k in 0..<(count - 1) {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let wobble = Double(seed >> 40) / Double(1 << 24)
            let angle = 2 * Double.pi * Double(k) / Double(count - 1)
            let radius = 1 + 0.3 * wobble
            let lon = 10 + radius * MapMath.cos(angle)
            let lat = 50 + radius * MapMath.cos(angle - Double.pi / 2)
            text += "[\(SVGWriter.number(lon, decimals: 6)),\(SVGWriter.number(lat, decimals: 6))],"
        }
        text += "[\(SVGWriter.number(11, decimals: 6)),\(SVGWriter.number(50, decimals: 6))]]]]}"
        let map = render(text, options: RenderOptions(maximumDrawnVertices: 100_000))
        #expect(map.filePositions == count)
        #expect(map.drawnVertices <= 100_000)
        #expect(map.thinnedForSize)
        #expect(map.svg.count < 2_500_000, "\(map.svg.count) bytes")
        let svg = try #require(structure(map))
        #expect(svg.element(id: "coverage-1") != nil)
    }

    @Test func crossingsSpikesAndHolesAreDrawnWhereTheyAre() throws {
        // Polygon 1 a bow-tie crossing at (2.35, 48.85); polygon 2 a spike; polygon 3 a hole.
        let text = #"""
            {"type":"MultiPolygon","coordinates":[
            [[[2.2,48.8],[2.5,48.9],[2.5,48.8],[2.2,48.9],[2.2,48.8]]],
            [[[2.3,48.7],[2.4,48.7],[2.4,48.75],[2.35,48.75],[2.45,48.75],[2.3,48.7]]],
            [[[2.0,48.6],[2.6,48.6],[2.6,48.65],[2.0,48.65],[2.0,48.6]],[[2.1,48.61],[2.2,48.61],[2.2,48.64],[2.1,48.61]]]]}
            """#
        let drawing = MapDrawing(layers: [LayerAnalysis(CoverageSource(name: "t", bytes: Array(text.utf8)), profile: .apple)], request: nil, options: RenderOptions())
        let map = render(text)
        let svg = try #require(structure(map))
        let crossings = svg.findings("crossing")
        try #require(crossings.count == 2)
        let expected = drawing.projection.pixel(Coordinate(latitude: 48.85, longitude: 2.35))
        let first = numbers(in: crossings[0].attribute("d") ?? "")
        // The × is centred on the crossing point: its first stroke starts 6 pixels up and left.
        #expect(abs(first[0] + 6 - expected.x) <= 1 && abs(first[1] + 6 - expected.y) <= 1)
        let tooltips = svg.elements.indices.filter { svg.elements[$0].attribute("class") == "finding crossing" }
            .map { svg.elements[$0 + 1] }
        #expect(tooltips.allSatisfy { $0.name == "title" && $0.text.contains("error:") && $0.text.hasSuffix("[ring-self-intersection]") },
            "the finding's message is the tooltip")
        let spikes = svg.findings("spike")
        try #require(spikes.count == 1)
        let tip = drawing.projection.pixel(Coordinate(latitude: 48.75, longitude: 2.35))
        let spike = numbers(in: spikes[0].attribute("d") ?? "")
        #expect(abs(spike[0] - tip.x) <= 1 && abs(spike[1] + 8 - tip.y) <= 1)
        #expect(svg.elements(class: "hole").count == 3, "the hole's dashed edge, its finding and the legend's key")
        #expect(svg.findings("hole").count == 1)
        #expect(svg.elements.filter { $0.name == "text" }.contains { $0.text.contains("invalid, 4 errors") })
    }

    @Test func antimeridianJumpDrawsTheEdge() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[179.0,-17.0],[-179.5,-17.0],[-179.5,-16.0],[179.0,-16.0],[179.0,-17.0]]]]}"#
        let svg = try #require(structure(render(text)))
        let edges = svg.elements(class: "finding-edge")
        try #require(edges.count == 1)
        let d = numbers(in: edges[0].attribute("d") ?? "")
        #expect(abs(d[0] - d[2]) > 500, "the edge runs the long way round, across the map")
        #expect(svg.findings("jump").count == 1)
    }

    @Test func swappedAxesAreDrawnBesideTheWrittenReading() throws {
        // A box around Madrid written [latitude, longitude]: as GeoJSON it lies off the Kenyan coast.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[40.3,-3.8],[40.3,-3.6],[40.5,-3.6],[40.5,-3.8],[40.3,-3.8]]]]}"#
        let map = render(text)
        let svg = try #require(structure(map))
        let swapped = try #require(svg.element(id: "swapped-1"))
        let drawing = MapDrawing(layers: [LayerAnalysis(CoverageSource(name: "t", bytes: Array(text.utf8)), profile: .apple)], request: nil, options: RenderOptions())
        let madrid = drawing.projection.pixel(Coordinate(latitude: 40.3, longitude: -3.8))
        let d = numbers(in: swapped.attribute("d") ?? "")
        #expect(abs(d[0] - madrid.x) <= 1 && abs(d[1] - madrid.y) <= 1)
        let texts = svg.elements.map(\.text)
        #expect(texts.contains("read as [latitude, longitude]"))
        #expect(texts.contains("as written"))
        #expect(svg.elements.filter { $0.name == "text" }.contains { $0.text == "Madrid" })
        #expect(texts.contains { $0.hasPrefix("circled: the file's area, too small to see") }, "the legend names the circle")
    }

    @Test func theReadingLabelLeavesThePinsAndThePinsEachOtherVisible() throws {
        // The seed's London listing written [latitude, longitude] with the recipe's route at Westminster.
        let text = #"{"type":"MultiPolygon","coordinates":[[[[52.25777,-0.989542],[51.001232,-0.94383],[51.050521,0.303471],[51.848169,0.362244],[52.25777,-0.989542]]]]}"#
        let request = DirectionsRequest(
            source: .at(latitude: 51.500543, longitude: -0.135702), destination: .at(latitude: 51.500652, longitude: -0.124833))
        let map = render(text, request: request)
        let drawing = MapDrawing(
            layers: [LayerAnalysis(CoverageSource(name: "t", bytes: Array(text.utf8)), profile: .apple)], request: request,
            options: RenderOptions())
        let groups = drawing.pinGroups
        try #require(groups.count == 1, "two stops 0.7 km apart on a map of a continent share one group")
        #expect(groups[0].label == "source · destination")
        let tips = groups[0].members.map(\.tip.x)
        #expect(abs(tips[0] - tips[1]) >= MapDrawing.pinSpacing, "side by side, not on top of each other")
        let readAs = try #require(drawing.readingLabels.first { $0.label == "read as [latitude, longitude]" })
        #expect(!readAs.placement.rect.intersects(groups[0].rect), "the label covers no pin")
        for placed in drawing.places {
            #expect(!placed.label.rect.intersects(groups[0].rect), "\(placed.place.name)'s label is not under the pins")
        }
        // London, under the pins, keeps its label: below its dot.
        let london = try #require(drawing.places.first { $0.place.name == "London" }, "the swapped reading lands on London: it is named")
        #expect(london.label.anchor == "middle")
        let svg = try #require(structure(map))
        #expect(svg.elements(class: "pin").count == 2)
    }

    @Test func requestPinsAndLegs() throws {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[-0.5,51.3],[0.3,51.3],[0.3,51.7],[-0.5,51.7],[-0.5,51.3]]]]}"#
        let request = DirectionsRequest(
            source: .at(latitude: 51.500543, longitude: -0.135702, label: "Westminster Abbey"),
            destination: .currentLocation, waypoints: [.at(latitude: 51.500652, longitude: -0.124833)])
        let svg = try #require(structure(render(text, request: request)))
        #expect(svg.elements(class: "pin").count == 2, "the current location has no coordinate to draw")
        let legs = try #require(svg.elements(class: "legs").first)
        #expect(numbers(in: legs.attribute("d") ?? "").count == 4, "one straight leg between the two drawn stops")
        let texts = svg.elements.map(\.text)
        // 0.7 km apart on a 60 km map: the pins stand side by side, each with a line to its stop,
        // under one label that names both.
        #expect(texts.contains("Westminster Abbey · waypoint[0]"))
        let pins = svg.elements(class: "pin-leader")
        #expect(pins.count == 2, "both pins are drawn beside their stops, neither hidden")
        #expect(texts.contains { $0.hasPrefix("pins side by side: stops too close to") }, "the legend says why")
        #expect(texts.contains { $0.contains("destination: the current location, not drawn") })
    }

    @Test func notJSONIsReportedAndNotDrawn() throws {
        let map = render("{\"type\": ", name: "broken.geojson")
        #expect(map.undrawable == ["broken.geojson"])
        #expect(map.notes.contains { $0.contains("broken.geojson: nothing to draw") })
        // Why, where, and how to see every finding.
        #expect(map.notes.contains { $0.contains("; not JSON): 1:10: not valid JSON: ") && $0.hasSuffix("[json-syntax]; routingctl validate broken.geojson shows every finding") }, "\(map.notes)")
        let svg = try #require(structure(map))
        #expect(svg.element(id: "coverage-1") == nil)
        #expect(svg.element(id: "land") != nil, "the world is shown")
    }

    @Test func projectionSuitsTheExtent() {
        let city = MapProjection.fitted(to: BoundingBox(west: -0.5, south: 51.3, east: 0.3, north: 51.7), width: 960, left: 0, top: 0)
        guard case .equirectangular = city.kind else { Issue.record("a city is equirectangular"); return }
        let world = MapProjection.fitted(to: BoundingBox(west: -170, south: -50, east: 170, north: 70), width: 960, left: 0, top: 0)
        #expect(world.kind == .webMercator)
        // Round trip and scale: a kilometre east at the middle latitude is as long as one north.
        let p = city.pixel(Coordinate(latitude: 51.5, longitude: -0.1))
        let back = city.coordinate(p)
        #expect(abs(back.latitude - 51.5) < 1e-9 && abs(back.longitude + 0.1) < 1e-9)
        let east = city.pixel(Coordinate(latitude: 51.5, longitude: -0.1 + 1 / 111.195 / MapMath.cos(51.5 * Double.pi / 180)))
        let north = city.pixel(Coordinate(latitude: 51.5 + 1 / 111.195, longitude: -0.1))
        #expect(abs((east.x - p.x) - (p.y - north.y)) < 0.01 * (east.x - p.x))
    }

    @Test func worldOutlinesParse() {
        #expect(WorldOutlines.rings.count == WorldOutlinesData.ringCount)
        #expect(WorldOutlines.rings.allSatisfy { $0.box.west >= -180 && $0.box.east <= 180 && $0.box.south >= -90 && $0.box.north <= 90 })
    }

    @Test func numbersAreWrittenInOneForm() {
        #expect(SVGWriter.number(0.04) == "0")
        #expect(SVGWriter.number(-0.04) == "0")
        #expect(SVGWriter.number(12.25) == "12.3" || SVGWriter.number(12.25) == "12.2")
        #expect(SVGWriter.number(-3.5) == "-3.5")
        #expect(SVGWriter.number(100) == "100")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.number(0.25, decimals: 3) == "0.25")
    }
}
