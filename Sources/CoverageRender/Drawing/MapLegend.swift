// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// One line of the legend panel right of the map.
struct LegendRow {
    enum Key {
        case none
        case heading
        case swatch(String)
        case dashed(String)
        case symbol(FindingMark.Symbol, String)
        case pin(String, String)
        case halo(String)
        case dot
    }

    var key: Key
    var text: String
}

extension MapDrawing {
    static let legendRowHeight = 18.0
    /// Characters of 12-pixel text that fit beside a key in the panel.
    static let legendColumns = 44
    /// Characters of a bold 13-pixel heading that fit across the whole panel.
    static let legendHeadingColumns = 36

    func legendHeight(_ rows: [LegendRow]) -> Double {
        Double(rows.count) * Self.legendRowHeight + 24
    }

    /// `text` in lines of at most `width` characters, broken at spaces where possible.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    func legendRows() -> [LegendRow] {
        var rows: [LegendRow] = []
        func add(_ key: LegendRow.Key, _ text: String, indent: Bool = false) {
            // A heading starts at the key's column in bold 13-pixel text: fewer characters fit.
            let isHeading = if case .heading = key { true } else { false }
            let width = isHeading ? Self.legendHeadingColumns : Self.legendColumns
            for (i, line) in Self.wrapped(text, width: width).enumerated() {
                rows.append(LegendRow(key: i == 0 || isHeading ? key : .none, text: line))
            }
        }
        add(.heading, layers.count == 1 ? "Coverage file" : "Coverage files")
        for (index, layer) in layers.enumerated() {
            let colour = Self.layerColours[index % Self.layerColours.count]
            add(.swatch(colour), Self.truncated(layer.source.name, 40))
            var detail = layer.verdict
            if let geometry = layer.geometry {
                let polygons = geometry.polygons.count
                detail += "; \(polygons) polygon\(polygons == 1 ? "" : "s"), \(geometry.positionCount) position\(geometry.positionCount == 1 ? "" : "s")"
            } else {
                detail += "; not JSON, nothing drawn"
            }
            add(.none, detail)
            if layer.swapped != nil { add(.dashed(Self.swappedColour), "the same file read as [latitude, longitude]: where it was probably meant to be") }
            if let geometry = layer.geometry, halo(geometry.box)?.circled == true {
                add(.halo(colour), "circled: the file's area, too small to see at this scale")
            }
            if !layer.unplaced.isEmpty {
                add(.none, "\(layer.unplaced.count) finding\(layer.unplaced.count == 1 ? "" : "s") not tied to a place (see routingctl validate)")
            }
        }
        let marks = layers.flatMap(\.marks)
        if !marks.isEmpty {
            add(.heading, "Findings (worst colour: red error, orange warning, grey note)")
            let names: [(FindingMark.Symbol, String)] = [
                (.crossing, "edges cross or touch"), (.spike, "spike: the ring doubles back"),
                (.antimeridianJump, "edge jumps across the antimeridian"), (.hole, "hole (Apple forbids holes)"),
                (.other, "other finding"),
            ]
            for (symbol, name) in names {
                let these = marks.filter { $0.symbol == symbol }
                guard let worst = these.map(\.severity).max() else { continue }
                var rules: [String] = []
                for mark in these where !rules.contains(mark.rule) { rules.append(mark.rule) }
                add(.symbol(symbol, Self.severityColour(worst)), "\(name) (\(these.count)): \(rules.joined(separator: ", "))")
            }
        }
        if layers.contains(where: { layer in layer.geometry?.polygons.contains { $0.rings.count > 1 } ?? false }) {
            add(.dashed(Self.layerColours[0]), "hole: left unfilled, dashed edge")
        }
        let pins = self.pins
        if !pins.isEmpty {
            add(.heading, "Request")
            for pin in pins {
                let name = pin.endpoint.name.map { " (\(Self.truncated($0, 60)))" } ?? ""
                if let c = Self.drawable(pin.endpoint) {
                    add(.pin(pin.letter, Self.pinColour(pin.role)), "\(pin.role): \(Self.coordinateText(c))\(name)")
                } else if case .currentLocation = pin.endpoint {
                    add(.none, "\(pin.role): the current location, not drawn (no coordinate in the link)")
                } else {
                    add(.none, "\(pin.role): address\(name), not drawn (routingd never geocodes)")
                }
            }
            add(.dashed("#333333"), "legs: straight lines between the stops, not a route")
            if pinGroups.contains(where: { $0.members.count > 1 }) {
                add(.none, "pins side by side: stops too close to draw apart, each joined by a short line to where it is")
            }
        }
        add(.heading, "Map")
        add(.dot, "populated place (GeoNames, the largest in view)")
        add(.none, "projection: \(projection.name)")
        add(.none, "graticule every \(SVGWriter.number(graticuleStep, decimals: 3))°")
        return rows
    }

    mutating func writeLegend(_ rows: [LegendRow]) {
        let x0 = mapWidth + 12
        svg.open("g", [("id", "legend")])
        for (i, row) in rows.enumerated() {
            let y = 22 + Double(i) * Self.legendRowHeight
            let textX = x0 + 24
            let n = { (v: Double) in SVGWriter.number(v) }
            switch row.key {
            case .none: break
            case .heading:
                svg.text("text", [("x", n(x0)), ("y", n(y)), ("font-weight", "bold"), ("font-size", "13")], row.text)
                continue
            case .swatch(let colour):
                svg.element("rect", [("x", n(x0)), ("y", n(y - 10)), ("width", "16"), ("height", "11"), ("fill", colour), ("fill-opacity", "0.35"), ("stroke", colour), ("stroke-width", "1.6")])
            case .dashed(let colour):
                svg.element("path", [("d", "M\(n(x0)) \(n(y - 4))H\(n(x0 + 16))"), ("stroke", colour), ("stroke-width", "2"), ("stroke-dasharray", "4 2"), ("fill", "none")])
            case .symbol(let symbol, let colour):
                Self.writeSymbol(symbol, at: PixelPoint(x: x0 + 8, y: y - 4), colour: colour, title: nil, role: "key", into: &svg)
            case .pin(let letter, let colour):
                svg.element("circle", [("cx", n(x0 + 8)), ("cy", n(y - 4)), ("r", "7"), ("fill", colour)])
                svg.text("text", [("x", n(x0 + 8)), ("y", n(y - 0.5)), ("text-anchor", "middle"), ("font-size", "9"), ("font-weight", "bold"), ("fill", "#ffffff")], letter)
            case .halo(let colour):
                svg.element("circle", [("cx", n(x0 + 8)), ("cy", n(y - 4)), ("r", "6.5"), ("fill", "none"), ("stroke", colour), ("stroke-width", "2")])
            case .dot:
                svg.element("circle", [("cx", n(x0 + 8)), ("cy", n(y - 4)), ("r", "2.5"), ("fill", "#333333")])
            }
            svg.text("text", [("x", n(textX)), ("y", n(y))], row.text)
        }
        svg.close("g")
    }
}
