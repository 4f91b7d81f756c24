// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// One finding of ``CoverageValidator`` placed on the map.
struct FindingMark: Sendable {
    enum Symbol: Sendable, CaseIterable {
        /// Edges that cross or touch (self-intersections, crossing rings, overlapping polygons).
        case crossing
        /// A ring that doubles back on itself.
        case spike
        /// An edge more than 180° of longitude long: the edge itself is drawn.
        case antimeridianJump
        /// A hole (Apple forbids holes).
        case hole
        /// Any other finding at a position, ring or polygon.
        case other
    }

    var symbol: Symbol
    var severity: Severity
    /// The validator's rule id, e.g. `ring-self-intersection`.
    var rule: String
    /// `LINE:COLUMN: severity: message [rule]`, for the mark's tooltip.
    var text: String
    var point: Coordinate
    /// The jumping edge, for ``Symbol/antimeridianJump``.
    var edge: (Coordinate, Coordinate)?

    static func symbol(for rule: String) -> Symbol {
        switch rule {
        case "ring-self-intersection", "ring-self-touch", "rings-cross", "polygons-overlap",
            "polygons-share-edge", "interior-disconnected":
            .crossing
        case "ring-spike": .spike
        case "antimeridian-jump": .antimeridianJump
        case "polygon-has-hole", "hole-outside-shell", "holes-nested": .hole
        default: .other
        }
    }
}

/// What the map shows of one coverage file: its outline as written, its findings where they are,
/// and the swapped reading when the validator says the axes look swapped.
struct LayerAnalysis: Sendable {
    var source: CoverageSource
    var validation: CoverageValidation
    var geometry: WrittenGeometry?
    var marks: [FindingMark]
    /// Findings that are not about a position, ring or polygon (JSON syntax, file-wide notes).
    var unplaced: [Diagnostic]
    /// Exterior rings read as [latitude, longitude], when the file has the `axes-swapped` warning.
    var swapped: [[Coordinate]]?

    /// Topology rules whose exact point (a crossing) ``PolygonValidity`` gives.
    private static let topologyRules = Set(PolygonProblem.Kind.allCases.map(\.rule))

    init(_ source: CoverageSource, profile: ValidationProfile) {
        self.source = source
        validation = CoverageValidator.validate(source.bytes, profile: profile)
        geometry = WrittenGeometry(source.bytes)
        marks = []
        unplaced = []
        swapped = nil
        guard let geometry else {
            unplaced = validation.diagnostics
            return
        }
        let exact = Self.exactPoints(geometry, diagnostics: validation.diagnostics)
        for d in validation.diagnostics {
            guard let target = geometry.target(at: d.location.offset) else {
                unplaced.append(d)
                continue
            }
            let text = "\(d.location): \(d.severity.rawValue): \(d.message) [\(d.rule)]"
            var mark = FindingMark(
                symbol: FindingMark.symbol(for: d.rule), severity: d.severity, rule: d.rule, text: text,
                point: Coordinate(latitude: 0, longitude: 0), edge: nil)
            switch target {
            case .position(let p, let r, let i):
                let ring = geometry.polygons[p].rings[r]
                mark.point = ring.positions[i]
                if let point = exact[Key(offset: d.location.offset, rule: d.rule)] { mark.point = point }
                if d.rule == "antimeridian-jump", i > 0 { mark.edge = (ring.positions[i - 1], ring.positions[i]) }
            case .ring(let p, let r):
                guard let first = geometry.polygons[p].rings[r].positions.first else { unplaced.append(d); continue }
                mark.point = first
            case .polygon(let p):
                guard let first = geometry.polygons[p].rings.first?.positions.first else { unplaced.append(d); continue }
                mark.point = first
            }
            marks.append(mark)
        }
        if validation.diagnostics.contains(where: { $0.rule == "axes-swapped" }) {
            swapped = geometry.exteriors.map { ring in ring.map { Coordinate(latitude: $0.longitude, longitude: $0.latitude) } }
        }
    }

    private struct Key: Hashable {
        var offset: Int
        var rule: String
    }

    /// Exact points of the topology findings (where two edges cross), keyed by the position the
    /// validator reports them at. Only computed for files that have such findings, and only for
    /// geometries whose every position could be placed (so that position numbers agree).
    private static func exactPoints(_ geometry: WrittenGeometry, diagnostics: [Diagnostic]) -> [Key: Coordinate] {
        guard diagnostics.contains(where: { topologyRules.contains($0.rule) }) else { return [:] }
        let placed = geometry.polygons.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.positions.count } }
        guard placed == geometry.positionCount else { return [:] }
        var result: [Key: Coordinate] = [:]
        let byGeometry = Dictionary(grouping: geometry.polygons.indices, by: { geometry.polygons[$0].geometry })
        for key in byGeometry.keys.sorted() {
            let members = byGeometry[key]!
            let polygons = members.map { geometry.polygons[$0] }
            // The validator judges topology only on closed rings of at least four positions.
            guard polygons.allSatisfy({ $0.rings.allSatisfy { $0.positions.count >= 4 && $0.positions.first == $0.positions.last } })
            else { continue }
            for problem in PolygonValidity.problems(in: polygons.map { $0.rings.map(\.positions) }) {
                let ring = polygons[problem.at.polygon].rings[problem.at.ring]
                guard problem.at.position < ring.offsets.count else { continue }
                let k = Key(offset: ring.offsets[problem.at.position], rule: problem.kind.rule)
                if result[k] == nil { result[k] = problem.point }
            }
        }
        return result
    }

    /// "valid, 1 warning", "3 errors, 2 warnings", "not JSON".
    var verdict: String {
        let errors = validation.diagnostics.count { $0.severity == .error }
        let warnings = validation.diagnostics.count { $0.severity == .warning }
        let notes = validation.diagnostics.count { $0.severity == .note }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        if notes > 0 { parts.append("\(notes) note\(notes == 1 ? "" : "s")") }
        let head = errors == 0 ? "valid" : "invalid"
        return ([head] + parts).joined(separator: ", ")
    }
}
