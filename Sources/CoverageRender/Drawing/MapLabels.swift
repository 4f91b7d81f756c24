// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// An axis-aligned rectangle of the drawing, in pixels (y grows downwards).
struct PixelRect: Sendable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    func intersects(_ other: PixelRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

/// Pins that would cover each other (stops a few hundred metres apart on a map of a country),
/// drawn side by side above their shared point, each joined to its own point by a thin line.
struct PinGroup: Sendable {
    struct Member: Sendable {
        var letter: String
        var role: EndpointRole
        var endpoint: Endpoint
        var coordinate: Coordinate
        /// Where the stop is.
        var point: PixelPoint
        /// Where its pin's tip is drawn: `point`, or beside it when the group has several pins.
        var tip: PixelPoint
    }

    var members: [Member]
    /// The text above the group: each stop's name (or role), joined by ` · `.
    var label: String
    /// What the pins and their label cover, so that no other label is drawn under them.
    var rect: PixelRect
}

/// Where a label beside a circled or outlined area goes: its first character's baseline point, its
/// `text-anchor`, and what it covers.
struct LabelPlacement: Sendable {
    var point: PixelPoint
    var anchor: String
    var rect: PixelRect
}

/// A place of the gazetteer drawn on the map: its dot at `point`, its name where `label` says.
struct PlacedPlace: Sendable {
    var place: Place
    var point: PixelPoint
    var label: LabelPlacement
}

/// A label beside one of a layer's areas: "as written", or "read as [latitude, longitude]".
struct ReadingLabel: Sendable {
    var layer: Int
    var label: String
    var placement: LabelPlacement
}

/// Where the map's labels go, worked out once per map: the pins first, then the reading labels
/// clear of them, then the places whose dots and labels lie under neither.
struct MapLabelLayout: Sendable {
    var pinGroups: [PinGroup] = []
    var readingLabels: [ReadingLabel] = []
    var places: [PlacedPlace] = []
}

extension MapDrawing {
    /// Pins closer than this (pixels) are grouped, and drawn this far apart.
    static let pinSpacing = 18.0
    /// Width of a character of 11–12-pixel DejaVu Sans, on average, for label boxes (pixels).
    static let characterWidth = 6.6

    var pinGroups: [PinGroup] { layout.pinGroups }
    var readingLabels: [ReadingLabel] { layout.readingLabels }
    /// The places drawn, as ``choosePlaces(avoiding:)`` picks them clear of the pins and labels.
    var places: [PlacedPlace] { layout.places }

    /// The labels' layout (see ``MapLabelLayout``); the gazetteer is read twice: once for the
    /// place labels the reading labels should leave free, once for the places drawn.
    func makeLayout() -> MapLabelLayout {
        let groups = groupPins()
        var taken = groups.map(\.rect)
        let placeLabels = choosePlaces(avoiding: taken).map(\.label.rect)
        var labels: [ReadingLabel] = []
        for (index, layer) in layers.enumerated() {
            guard let swapped = layer.swapped, let geometry = layer.geometry else { continue }
            for (label, box) in [("as written", geometry.box), ("read as [latitude, longitude]", BoundingBox(enclosing: swapped.joined()))] {
                guard let placement = labelPlacement(label, beside: box, avoiding: taken, preferablyFree: placeLabels) else { continue }
                taken.append(placement.rect)
                labels.append(ReadingLabel(layer: index, label: label, placement: placement))
            }
        }
        return MapLabelLayout(pinGroups: groups, readingLabels: labels, places: choosePlaces(avoiding: taken))
    }

    /// The request's drawable stops, grouped where their pins would overlap, in travel order.
    func groupPins() -> [PinGroup] {
        var groups: [[PinGroup.Member]] = []
        for pin in pins {
            guard let c = Self.drawable(pin.endpoint) else { continue }
            let p = projection.pixel(c)
            let member = PinGroup.Member(letter: pin.letter, role: pin.role, endpoint: pin.endpoint, coordinate: c, point: p, tip: p)
            if let i = groups.firstIndex(where: { abs($0[0].point.x - p.x) < Self.pinSpacing && abs($0[0].point.y - p.y) < Self.pinSpacing }) {
                groups[i].append(member)
            } else {
                groups.append([member])
            }
        }
        return groups.map { members in
            // Side by side, centred on the first stop's point.
            let anchor = members[0].point
            let k = Double(members.count)
            var members = members
            if members.count > 1 {
                for i in members.indices {
                    members[i].tip = PixelPoint(x: anchor.x + (Double(i) - (k - 1) / 2) * Self.pinSpacing, y: anchor.y)
                }
            }
            var names: [String] = []
            for m in members {
                let name = m.endpoint.name ?? "\(m.role)"
                if !names.contains(name) { names.append(name) }
            }
            let label = Self.truncated(names.joined(separator: " · "), 40)
            let half = max(k * Self.pinSpacing / 2 + 2, Double(label.count) * Self.characterWidth / 2)
            let rect = PixelRect(minX: anchor.x - half, minY: anchor.y - 37, maxX: anchor.x + half, maxY: anchor.y + 2)
            return PinGroup(members: members, label: label, rect: rect)
        }
    }

    /// The circle drawn around an area too small to see at this scale (`box` in degrees): its
    /// centre, radius, and whether it is drawn at all.
    func halo(_ box: BoundingBox) -> (centre: PixelPoint, radius: Double, circled: Bool)? {
        guard box.west <= box.east else { return nil }
        let a = projection.pixel(Coordinate(latitude: box.north, longitude: box.west))
        let b = projection.pixel(Coordinate(latitude: box.south, longitude: box.east))
        let size = max(b.x - a.x, b.y - a.y)
        return (PixelPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), max(size / 2 + 6, 14), size < 16)
    }

    /// Where a place's name may go beside its dot at `p`, in order of preference: right of it
    /// (where it always went), below it, left of it.
    static func placeLabelPlacements(_ name: String, at p: PixelPoint) -> [LabelPlacement] {
        let width = Double(name.count) * characterWidth
        return [
            LabelPlacement(point: PixelPoint(x: p.x + 5, y: p.y - 4), anchor: "start",
                           rect: PixelRect(minX: p.x + 3, minY: p.y - 15, maxX: p.x + 5 + width, maxY: p.y - 1)),
            LabelPlacement(point: PixelPoint(x: p.x, y: p.y + 14), anchor: "middle",
                           rect: PixelRect(minX: p.x - width / 2, minY: p.y + 3, maxX: p.x + width / 2, maxY: p.y + 17)),
            LabelPlacement(point: PixelPoint(x: p.x - 5, y: p.y - 4), anchor: "end",
                           rect: PixelRect(minX: p.x - 5 - width, minY: p.y - 15, maxX: p.x - 3, maxY: p.y - 1)),
        ]
    }

    /// Where `label` goes beside the area `box`: right of it, else left, below or above, the first
    /// place on the map that covers none of `taken` (pins, other labels) nor, where one can,
    /// `preferablyFree` (the labels of the largest places: Madrid beside a box around Madrid).
    func labelPlacement(
        _ label: String, beside box: BoundingBox, avoiding taken: [PixelRect], preferablyFree: [PixelRect] = []
    ) -> LabelPlacement? {
        guard let (c, radius, _) = halo(box) else { return nil }
        let width = Double(label.count) * Self.characterWidth + 4
        let candidates: [LabelPlacement] = [
            LabelPlacement(point: PixelPoint(x: c.x + radius + 4, y: c.y + 4), anchor: "start",
                           rect: PixelRect(minX: c.x + radius + 2, minY: c.y - 9, maxX: c.x + radius + 4 + width, maxY: c.y + 7)),
            LabelPlacement(point: PixelPoint(x: c.x - radius - 4, y: c.y + 4), anchor: "end",
                           rect: PixelRect(minX: c.x - radius - 4 - width, minY: c.y - 9, maxX: c.x - radius - 2, maxY: c.y + 7)),
            LabelPlacement(point: PixelPoint(x: c.x, y: c.y + radius + 15), anchor: "middle",
                           rect: PixelRect(minX: c.x - width / 2, minY: c.y + radius + 2, maxX: c.x + width / 2, maxY: c.y + radius + 18)),
            LabelPlacement(point: PixelPoint(x: c.x, y: c.y - radius - 6), anchor: "middle",
                           rect: PixelRect(minX: c.x - width / 2, minY: c.y - radius - 19, maxX: c.x + width / 2, maxY: c.y - radius - 2)),
        ]
        let onMap = { (r: PixelRect) in r.minX >= 0 && r.maxX <= mapWidth && r.minY >= 0 && r.maxY <= mapHeight }
        let clear = { (r: PixelRect, rects: [PixelRect]) in !rects.contains { $0.intersects(r) } }
        // From the best to the least bad: on the map and clear of both, clear of `taken` only, anywhere.
        let tests: [(PixelRect) -> Bool] = [
            { onMap($0) && clear($0, taken) && clear($0, preferablyFree) }, { onMap($0) && clear($0, taken) }, { clear($0, taken) },
        ]
        for test in tests {
            if let found = candidates.first(where: { test($0.rect) }) { return found }
        }
        return candidates[0]
    }
}
