// SPDX-License-Identifier: Apache-2.0
import Dispatch
import StrictJSON
import Synchronization

/// Validates routing-app coverage files: Apple's rules on top of RFC 7946 (GeoJSON) on top of strict
/// RFC 8259 / I-JSON.
///
/// Sources: Apple, *Location and Maps Programming Guide*, "Specifying the Geographic Coverage File
/// Contents" and App Store Connect help ("The file can have only one MultiPolygon element …");
/// RFC 7946 §1.4, §3.1, §3.1.1, §3.1.6, §3.1.7, §7.1; RFC 8259 §8.1.
///
/// Rules: every rule id, its severity in each ``ValidationProfile``, what it checks, why (with its
/// source) and how to fix it is listed in ``CoverageRule/all`` and in `docs/coverage-rules.md`. In
/// short:
/// - JSON layer (`json-*`, from ``JSONSyntaxError``, and `byte-order-mark`): strict RFC 8259 and
///   I-JSON (RFC 7493): no comments, trailing commas, NaN/Infinity, duplicate member names or
///   non-UTF-8 text, each reported at its line and column.
/// - GeoJSON structure (RFC 7946 §1.4, §3.1, §3.2, §3.3, §7.1): types, members, nesting depth,
///   positions of 2 or 3 in-range numbers, rings of at least 4 positions, closed.
/// - Apple's rules (`apple` profile): one bare MultiPolygon, no holes, at most 20 polygons, about 20
///   points per polygon.
/// - Geometry validity at the level of GEOS `IsValidOp` (``PolygonValidity``): too few distinct
///   positions, zero area, spikes, self-intersections, self-touching rings, crossing rings, holes
///   outside or inside other holes, a disconnected interior; polygons that overlap, nest or share an
///   edge (notes in the `apple` profile, where coverage is their union; errors in `geojson`).
/// - Warnings: duplicate consecutive positions, an edge jumping more than 180° of longitude
///   (RFC 7946 §3.1.9), 3-D positions, a BOM, axes that look swapped (``SwappedAxes``, evidence from
///   the GeoNames gazetteer).
/// - Notes: winding against the RFC 7946 right-hand rule, more than 7 decimals, a polygon touching a
///   pole, ignored `bbox`/`crs`/foreign members.
///
/// Counting policy for `too-many-points`: a polygon's points are the positions of all its rings,
/// each ring **excluding the closing repeat** of its first position (a hole's points count too, since
/// Apple's advice is per polygon). Apple's "no more than 20 points" then allows a 20-corner polygon
/// written with 21 positions.
///
/// Reporting policy: validation goes on after an error wherever the rest can still be checked, so
/// one run reports every independent problem (every unclosed ring, every out-of-range number, the
/// problems inside a Feature/FeatureCollection wrapper). Consequences are not repeated: when the
/// nesting depth is wrong the coordinates are not examined further; a ring whose positions are
/// broken is not also checked for degeneracy; a wrapper's inner Polygon type is named in the wrapper
/// message rather than reported again.
public enum CoverageValidator {
    /// Apple: "Limit the number of child polygons in your MultiPolygon shape to 20 or fewer."
    public static let maximumPolygonCount = 20
    /// Apple: "It's recommended that each polygon contain no more than 20 points" (closing repeat not counted).
    public static let recommendedMaximumPointCount = 20
    /// A MultiPolygon with at least this many positions is walked on all processors.
    static let parallelWalkThreshold = 100_000
    /// How many pieces such a MultiPolygon's polygons are cut into.
    static let parallelChunks = 8
    /// Numbers with more decimals than this get the `excess-precision` note: 1e-7 degree is about
    /// 1.1 cm on the ground, below any coverage decision (RFC 7946 §11.2: 6 decimals ≈ 10 cm).
    public static let precisionNoteDecimals = 7
    /// A ring whose longitudes leave less than this many degrees uncovered around the antimeridian
    /// (and that is at least ten times taller than that) means the whole world, so its long edges
    /// are no `antimeridian-jump`: a box from −179.9 to 179.9.
    public static let wholeWorldGap: Double = 1

    /// Validates one coverage file's bytes under `profile` (Apple's rules by default; RFC 7946 and
    /// strict RFC 8259 / I-JSON underneath in both profiles).
    public static func validate(
        _ bytes: some Collection<UInt8>, profile: ValidationProfile = .apple
    ) -> CoverageValidation {
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            return CoverageValidation(coverage: nil, diagnostics: [jsonDiagnostic(error)])
        }
        var walker = CoverageWalker(profile: profile, source: document.source)
        if document.hadByteOrderMark {
            walker.report(
                .warning, "byte-order-mark",
                "the file starts with a UTF-8 byte order mark, which RFC 8259 §8.1 says JSON senders must not add",
                hint: "save the file as UTF-8 without a BOM",
                at: SourceLocation(line: 1, column: 1, offset: 0))
        }
        walker.walkRoot(document.root)
        walker.finish()
        let sorted = capped(
            walker.diagnostics.enumerated()
                .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
                .map(\.element))
        let hasError = sorted.contains { $0.severity == .error }
        let polygons = walker.geometries.flatMap(\.polygons).map(\.coveragePolygon)
        // The geojson profile accepts a FeatureCollection without areas (markers, null geometries,
        // no features): valid, covering nothing. Apple's profile needs a polygon (`no-polygons`).
        var coverage = hasError || (polygons.isEmpty && profile == .apple) ? nil : Coverage(polygons: polygons)
        // Without errors every polygon passed the topology checks (PolygonValidity).
        coverage?.polygonsAreValid = true
        if bytes.count >= deferredReleaseThreshold {
            DeferredRelease.release(ParseTree(document: document, walker: walker))
        }
        return CoverageValidation(coverage: coverage, diagnostics: sorted)
    }

    /// At most this many findings of one rule are listed per file; the rest are summed up in one more.
    public static let findingsPerRule = 50

    /// Keeps the first ``findingsPerRule`` findings of each rule and replaces the others by one
    /// finding saying how many were left out (a file of 50,000 broken polygons must not print
    /// 160,000 lines). Whether the file is valid does not change.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        for d in diagnostics { counts[d.rule, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > findingsPerRule }) else { return diagnostics }
        var seen: [String: Int] = [:]
        var result: [Diagnostic] = []
        for d in diagnostics {
            seen[d.rule, default: 0] += 1
            let n = seen[d.rule]!
            if n <= findingsPerRule {
                result.append(d)
            } else if n == findingsPerRule + 1 {
                let more = counts[d.rule]! - findingsPerRule
                result.append(Diagnostic(
                    severity: d.severity, rule: d.rule,
                    message: "\(more) more finding\(more == 1 ? "" : "s") of this rule from here on are not listed (\(counts[d.rule]!) found); the first is: \(d.message)",
                    hint: d.hint, location: d.location, point: d.point))
            }
        }
        return result
    }

    /// Inputs at least this large (bytes) have their parse tree freed on another thread (see
    /// ``DeferredRelease``); smaller ones are freed here, as usual.
    static let deferredReleaseThreshold = 1 << 20

    private static let jsonHints: [String: String] = [
        "json-syntax": "fix the JSON at this position: check for a missing comma, bracket, brace or quote",
        "json-comment": "delete the comment: JSON has no comments and Apple says not to include them in coverage files",
        "json-trailing-comma": "delete the comma before the closing bracket or brace",
        "json-non-finite-number": "replace it with a finite number of degrees",
        "json-malformed-number": "write the number in plain JSON form, e.g. 0.5, -12.25 or 1e-3 (no leading zeros, no '+', digits on both sides of '.')",
        "json-number-out-of-range": "coordinates are degrees; use a number between -180 and 180",
        "json-duplicate-member": "keep only one member with this name (readers disagree on which one wins)",
        "json-invalid-encoding": "save the file as UTF-8",
        "json-invalid-string": "use double quotes and escape control characters and backslashes",
        "json-too-deep": "a coverage file needs only five levels of brackets; remove the extra ones",
        "json-trailing-content": "delete everything after the closing brace of the GeoJSON object",
        "json-empty": "write one MultiPolygon object: {\"type\":\"MultiPolygon\",\"coordinates\":[…]}",
    ]

    private static func jsonDiagnostic(_ error: JSONSyntaxError) -> Diagnostic {
        let rule = error.rule.rawValue
        return Diagnostic(
            severity: .error, rule: rule, message: "not valid JSON: \(error.message)",
            hint: jsonHints[rule] ?? "fix the JSON syntax at this position", location: error.location)
    }
}

// MARK: - the walk

/// The seven geometry types and two object types of RFC 7946 §1.4, case-sensitive.
private let geoJSONTypes = [
    "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
    "GeometryCollection", "Feature", "FeatureCollection",
]

private struct CoverageWalker {
    let profile: ValidationProfile
    /// The parsed text: nodes hold byte offsets, and a finding's line and column (or a number's
    /// literal) are read back from here only when a finding needs them.
    let source: SourceText
    var diagnostics: [Diagnostic] = []
    /// Every geometry met (one per MultiPolygon/Polygon, also inside wrappers), in file order.
    var geometries: [GeometryRecord] = []
    /// File-wide counters for findings reported once per file with a count.
    /// (byte offset of the first, count).
    var threeDimensional: (first: Int, count: Int)?
    var fineNumbers: (first: Int, count: Int)?
    /// Polygons seen anywhere in the file (also inside wrappers), for the 20-polygon limit.
    var polygonCount = 0
    /// Every exterior ring whose positions are all usable numbers, closed or not, in file order, with
    /// where its first position is: the evidence for swapped axes, so that the verdict does not wait
    /// for an unclosed ring to be closed (the fixer asks the same question of the same positions).
    var exteriorRings: [(coordinates: [Coordinate], offset: Int)] = []

    /// Line, column and offset where `node` starts.
    func loc(_ node: JSONNode) -> SourceLocation { source.location(at: node.offset) }

    mutating func report(
        _ severity: Severity, _ rule: String, _ message: String, hint: String, at location: SourceLocation
    ) {
        diagnostics.append(
            Diagnostic(severity: severity, rule: rule, message: message, hint: hint, location: location))
    }

    // MARK: after the walk

    /// File-wide findings and the geometry checks that need whole, usable geometries.
    mutating func finish() {
        if let seen = threeDimensional {
            report(
                .warning, "position-3d",
                "\(seen.count) position\(seen.count == 1 ? " has" : "s have") a third number (altitude), starting here; coverage is two-dimensional and the altitude is ignored",
                hint: "drop the third number of each position so the file says only what is used",
                at: source.location(at: seen.first))
        }
        if let seen = fineNumbers {
            report(
                .note, "excess-precision",
                "\(seen.count) coordinate\(seen.count == 1 ? " has" : "s have") more than \(CoverageValidator.precisionNoteDecimals) decimals (e.g. \(source.numberLiteral(at: seen.first) ?? "?")), finer than about 1 cm on the ground",
                hint: "nothing to do; round to 6 or 7 decimals to make the file smaller (RFC 7946 §11.2)",
                at: source.location(at: seen.first))
        }
        checkAxes()
        if geometries.isEmpty || !geometries.contains(where: { !$0.polygons.isEmpty }) { return }
        for geometry in geometries where geometry.complete {
            checkTopology(geometry)
        }
    }

    /// Positions written [latitude, longitude]: judged on evidence from the gazetteer (what the area
    /// covers as written and read the other way round), not on ranges alone; see ``SwappedAxes``.
    /// Unclosed rings count (``exteriorRings``): closing a ring does not move it.
    mutating func checkAxes() {
        guard let first = exteriorRings.first,
            let evidence = SwappedAxes.evidence(for: exteriorRings.map(\.coordinates))
        else { return }
        report(
            .warning, "axes-swapped",
            "the positions look like [latitude, longitude], not GeoJSON's [longitude, latitude]: \(evidence.message)",
            hint: "if so, swap every position's two numbers: routingctl validate --fix --swap-axes FILE",
            at: source.location(at: first.offset))
    }

    /// Self-intersections, spikes, touching rings, holes and overlapping polygons of one geometry,
    /// judged as GEOS `IsValidOp` does (see ``PolygonValidity``). Polygons that overlap, nest or
    /// share an edge are notes in the Apple profile (coverage is their union) and errors in the
    /// geojson profile (OGC Simple Features). The engine finds at most
    /// ``PolygonValidity/maximumProblemsPerKind`` of a kind; ``CoverageValidator/capped(_:)`` lists 50.
    mutating func checkTopology(_ geometry: GeometryRecord) {
        var problems = PolygonValidity.problems(in: geometry.polygons.map { $0.rings.map(\.coordinates) })
        // Two polygons that overlap cross at two points (or more): say it once per pair.
        struct Pair: Hashable {
            var kind: PolygonProblem.Kind
            var first: Int
            var second: Int
        }
        var pairs: Set<Pair> = []
        problems.removeAll { problem in
            guard problem.kind.isBetweenPolygons, let other = problem.other else { return false }
            let a = problem.at.polygon, b = other.polygon
            return !pairs.insert(Pair(kind: problem.kind, first: min(a, b), second: max(a, b))).inserted
        }
        // Long lists are cut by the per-rule cap (``CoverageValidator/capped(_:)``) like every rule's.
        for problem in problems {
            report(topology: problem, in: geometry)
        }
        // The engine stops comparing polygons after its limit of overlaps between them: say so, so
        // that the counts are not taken for the whole story.
        let between = problems.filter(\.kind.isBetweenPolygons)
        if between.count >= PolygonValidity.maximumProblemsPerKind, let last = between.last {
            report(topology: last, in: geometry, message: "the check stopped comparing polygons after \(PolygonValidity.maximumProblemsPerKind) overlaps between them; more pairs may overlap, nest or share edges than are listed")
        }
    }

    /// Reports `problem`; `override` replaces the message (same rule, severity, place and hint).
    mutating func report(topology problem: PolygonProblem, in geometry: GeometryRecord, message override: String? = nil) {
        let polygon = geometry.polygons[problem.at.polygon]
        let ring = polygon.rings[problem.at.ring]
        let location = source.location(at: ring.positionOffset(problem.at.position))
        let point = "[\(formatDegrees(problem.point.longitude)),\(formatDegrees(problem.point.latitude))]"
        let position = problem.at.position + 1
        let otherRing = problem.other.map { geometry.polygons[$0.polygon].rings[$0.ring] }
        let otherPolygon = problem.other.map { geometry.polygons[$0.polygon] }
        let otherPosition = problem.other.map { $0.position + 1 }
        let severity: Severity = problem.kind.isBetweenPolygons && profile == .apple ? .note : .error
        let message: String
        let hint: String
        switch problem.kind {
        case .tooFewPoints:
            message = "\(ring.name) has fewer than three distinct positions"
            hint = "give the ring at least three different corners that are not on one straight line"
        case .zeroArea:
            message = "\(ring.name) encloses no area: all its positions lie on one straight line"
            hint = "give the ring at least three corners that are not on one straight line"
        case .spike:
            message = "\(ring.name) doubles back on itself at position \(position) \(point): a spike of zero width, which GEOS reports as a self-intersection"
            hint = "delete the position at the tip of the spike, or widen it into a real area"
        case .selfIntersection:
            let with = otherPosition.map { " crosses the edge from position \($0)" } ?? " crosses another of its edges"
            message = "\(ring.name): the edge from position \(position)\(with) at \(point); a ring that crosses itself (a bow-tie) has no agreed inside (GEOS: Self-intersection)"
            hint = "redraw the outline so that no two edges cross, or split it into two polygons at the crossing"
        case .selfTouch:
            let again = otherPosition.map { " (positions \(position) and \($0))" } ?? ""
            message = "\(ring.name) touches itself at \(point)\(again): the ring passes twice through one point, which pinches the area into pieces (GEOS: Ring Self-intersection)"
            hint = "split the ring at that point into two polygons, or move one of the positions apart"
        case .ringsCross:
            message = "\(ring.name) crosses or overlaps \(otherRing?.name ?? "another ring") at \(point) (GEOS: Self-intersection)"
            hint = "holes must lie inside the exterior ring without crossing it or each other; redraw the rings so they only touch at single points, if at all"
        case .holeOutsideShell:
            message = "\(ring.name) is a hole that lies outside its exterior ring, \(polygon.rings[0].name) (GEOS: Hole lies outside shell)"
            hint = "if it is a separate area, make it a polygon of its own; if it is a hole, move it inside the exterior ring"
        case .nestedHoles:
            message = "\(ring.name) is a hole inside another hole, \(otherRing?.name ?? "of the same polygon") (GEOS: Holes are nested)"
            hint = "an island in a lake is a polygon of its own: move the inner ring into a new polygon"
        case .disconnectedInterior:
            message = "the holes of \(polygon.name) cut its interior into separate pieces near \(point) (GEOS: Interior is disconnected)"
            hint = "make each piece a polygon of its own, or move the holes so that they touch the exterior ring at most once"
        case .polygonsOverlap:
            message = "\(polygon.name) overlaps \(otherPolygon?.name ?? "another polygon") (their edges cross at \(point))"
                + (profile == .apple ? "; the coverage is their union" : " (OGC: the polygons of a MultiPolygon must not overlap)")
            hint = profile == .apple
                ? "nothing to do: Maps covers the union; merging them keeps the file simple"
                : "merge the overlapping polygons into one"
        case .polygonsNested:
            message = "\(polygon.name) lies inside \(otherPolygon?.name ?? "another polygon")"
                + (profile == .apple ? "; it adds nothing to the coverage, which is their union" : " (GEOS: Nested shells)")
            hint = profile == .apple
                ? "nothing to do; delete the inner polygon, or if it was meant as a hole, note that Apple does not allow holes"
                : "delete the inner polygon, or make it a hole of the outer one"
        case .polygonsShareEdge:
            message = "\(polygon.name) shares an edge with \(otherPolygon?.name ?? "another polygon") at \(point)"
                + (profile == .apple ? "; the coverage is their union, the shared edge included" : " (OGC: MultiPolygon parts may touch only at points)")
            hint = profile == .apple
                ? "nothing to do; merging them into one polygon keeps the file simple"
                : "merge the two polygons into one"
        }
        diagnostics.append(Diagnostic(
            severity: severity, rule: problem.kind.rule, message: override ?? message, hint: hint, location: location,
            point: problem.point))
    }

    // MARK: top level

    mutating func walkRoot(_ root: JSONNode) {
        guard root.members != nil else {
            var hint = "write one object: {\"type\":\"MultiPolygon\",\"coordinates\":[…]}"
            if root.elements != nil {
                hint = "if these are MultiPolygon coordinates, wrap them: {\"type\":\"MultiPolygon\",\"coordinates\":…}"
            }
            report(
                .error, "root-not-object",
                "the top level is \(article(root.typeName)); a coverage file is one GeoJSON MultiPolygon object",
                hint: hint, at: loc(root))
            return
        }
        guard let typeNode = root["type"] else {
            report(
                .error, "type-missing", "the top-level object has no \"type\" member",
                hint: "add \"type\": \"MultiPolygon\"", at: loc(root))
            checkGeometryMembers(root)
            if root["coordinates"] != nil { walkMultiPolygonCoordinates(of: root, prefix: "") }
            return
        }
        guard let type = typeNode.string else {
            report(
                .error, "type-not-string", "\"type\" is \(article(typeNode.typeName)), not a string",
                hint: "write \"type\": \"MultiPolygon\"", at: loc(typeNode))
            checkGeometryMembers(root)
            if root["coordinates"] != nil { walkMultiPolygonCoordinates(of: root, prefix: "") }
            return
        }
        switch type {
        case "MultiPolygon":
            checkGeometryMembers(root)
            walkMultiPolygonCoordinates(of: root, prefix: "")
        case "Polygon":
            if profile == .apple {
                report(
                    .error, "polygon-not-multipolygon",
                    "the top-level type is Polygon; Apple supports only MultiPolygon shapes for routing apps",
                    hint: "wrap the coordinates in one more array and set type to MultiPolygon (routingctl validate --fix does this)",
                    at: loc(typeNode))
            }
            checkGeometryMembers(root)
            walkPolygonGeometry(root, name: "the polygon")
        case "Feature":
            walkFeature(root, typeNode: typeNode)
        case "FeatureCollection":
            walkFeatureCollection(root, typeNode: typeNode)
        case "Point", "MultiPoint", "LineString", "MultiLineString", "GeometryCollection":
            report(
                .error, "geometry-type-unsupported",
                profile == .apple
                    ? "the top-level type is \(type); Apple supports only one MultiPolygon for routing-app coverage"
                    : "the top-level type is \(type); coverage is an area: only Polygon and MultiPolygon geometries are checked",
                hint: "describe the area as polygons in one {\"type\":\"MultiPolygon\",\"coordinates\":[…]}",
                at: loc(typeNode))
            checkGeometryMembers(root)
        default:
            if let match = geoJSONTypes.first(where: { $0.lowercased() == type.lowercased() }) {
                report(
                    .error, "type-wrong-case",
                    "type \"\(type)\" is not a GeoJSON type: type names are case-sensitive (RFC 7946 §1.4)",
                    hint: match == "MultiPolygon"
                        ? "write \"MultiPolygon\" exactly" : "write \"MultiPolygon\" (and a MultiPolygon's coordinates)",
                    at: loc(typeNode))
                checkGeometryMembers(root)
                if match == "MultiPolygon" { walkMultiPolygonCoordinates(of: root, prefix: "") }
            } else {
                report(
                    .error, "type-unknown", "type \"\(type)\" is not a GeoJSON type",
                    hint: "write \"type\": \"MultiPolygon\"", at: loc(typeNode))
                checkGeometryMembers(root)
            }
        }
    }

    /// RFC 7946 §7.1: a geometry must not have `geometry`, `properties` or `features`; §6.1 allows
    /// other foreign members, which are ignored here with a note.
    mutating func checkGeometryMembers(_ object: JSONNode) {
        for member in object.members ?? [] {
            switch member.name {
            case "type", "coordinates":
                continue
            case "geometry", "properties", "features":
                report(
                    .error, "forbidden-member",
                    "a geometry object must not have a \"\(member.name)\" member (RFC 7946 §7.1)",
                    hint: member.name == "properties"
                        ? "delete \"properties\": a coverage file is a bare MultiPolygon geometry"
                        : "delete \"\(member.name)\"; put the MultiPolygon's own \"coordinates\" at the top level",
                    at: source.location(at: member.nameOffset))
            case "bbox":
                report(
                    .note, "bbox-ignored",
                    "the \"bbox\" member is ignored; the bounding box is computed from the coordinates",
                    hint: "nothing to do; delete \"bbox\" if it may be out of date", at: source.location(at: member.nameOffset))
            case "crs":
                report(
                    .note, "foreign-member",
                    "the \"crs\" member is ignored: RFC 7946 removed it and coordinates are always WGS 84 degrees [longitude, latitude]",
                    hint: "delete \"crs\" and make sure the coordinates are degrees, not projected metres",
                    at: source.location(at: member.nameOffset))
            default:
                report(
                    .note, "foreign-member",
                    "the member \"\(member.name)\" is not part of a MultiPolygon and is ignored (RFC 7946 §6.1)",
                    hint: "nothing to do; delete it to keep the file minimal", at: source.location(at: member.nameOffset))
            }
        }
    }

    // MARK: wrappers

    /// What a Feature's `geometry` member holds, for messages: "a Polygon", "null", "nothing".
    func describeGeometry(_ geometry: JSONNode?) -> String {
        guard let geometry else { return "no geometry member" }
        if case .null = geometry.value { return "a null geometry" }
        if let type = geometry["type"]?.string { return article(type) }
        return article(geometry.typeName) + " without a string type"
    }

    mutating func walkFeature(_ root: JSONNode, typeNode: JSONNode) {
        let geometry = root["geometry"]
        if profile == .geojson {
            checkWrapperMembers(root, kind: "Feature", required: ["geometry", "properties"], forbidden: ["coordinates", "features"])
            if let geometry { walkWrappedGeometry(geometry, prefix: "the Feature's geometry") }
            return
        }
        let inner = geometry?["type"]?.string
        let hint =
            switch inner {
            case "MultiPolygon": "use the Feature's geometry object alone as the whole file (routingctl validate --fix does this)"
            case "Polygon": "use the Feature's geometry alone as the whole file, with its coordinates wrapped in one more array and type MultiPolygon (routingctl validate --fix does this)"
            default: "replace the file with one bare {\"type\":\"MultiPolygon\",\"coordinates\":[…]} object"
            }
        report(
            .error, "feature-wrapper",
            "the top level is a Feature wrapping \(describeGeometry(geometry)); Apple accepts only a bare MultiPolygon geometry, not a Feature",
            hint: hint, at: loc(typeNode))
        if let geometry { walkWrappedGeometry(geometry, prefix: "the Feature's geometry") }
    }

    mutating func walkFeatureCollection(_ root: JSONNode, typeNode: JSONNode) {
        if profile == .geojson {
            checkWrapperMembers(root, kind: "FeatureCollection", required: ["features"], forbidden: ["coordinates", "geometries", "geometry", "properties"])
            guard let features = root["features"] else { return }
            guard let elements = features.elements else {
                report(
                    .error, "coordinates-structure", "\"features\" is \(article(features.typeName)), not an array",
                    hint: "write \"features\" as an array of Feature objects", at: loc(features))
                return
            }
            for (index, feature) in elements.enumerated() {
                let name = "feature \(index + 1)"
                guard feature.members != nil, feature["type"]?.string == "Feature" else {
                    report(
                        .error, "type-unknown", "\(name) is not a Feature object",
                        hint: "write each element of \"features\" as {\"type\":\"Feature\",\"geometry\":…,\"properties\":…}",
                        at: loc(feature))
                    continue
                }
                checkWrapperMembers(feature, kind: "Feature", required: ["geometry", "properties"], forbidden: ["coordinates", "features"])
                if let geometry = feature["geometry"] { walkWrappedGeometry(geometry, prefix: name, inCollection: true) }
            }
            return
        }
        guard let features = root["features"]?.elements else {
            report(
                .error, "feature-collection-wrapper",
                "the top level is a FeatureCollection without a \"features\" array; Apple accepts only a bare MultiPolygon geometry",
                hint: "replace the file with one bare {\"type\":\"MultiPolygon\",\"coordinates\":[…]} object",
                at: loc(typeNode))
            return
        }
        // Count what the features hold, in first-seen order.
        var kinds: [(String, Int)] = []
        for feature in features {
            let kind: String
            if feature["type"]?.string != "Feature" {
                kind = "non-Feature"
            } else if let g = feature["geometry"], case .null = g.value {
                kind = "null"
            } else {
                kind = feature["geometry"]?["type"]?.string ?? "missing"
            }
            if let i = kinds.firstIndex(where: { $0.0 == kind }) { kinds[i].1 += 1 } else { kinds.append((kind, 1)) }
        }
        let contents = kinds.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        let count = features.count
        let summary =
            count == 0
            ? "an empty FeatureCollection"
            : "a FeatureCollection of \(count) feature\(count == 1 ? "" : "s") (\(contents) geometr\(count == 1 ? "y" : "ies"))"
        // Points and lines (geojson.io's markers) and null geometries cover no area: --fix drops them.
        let fixable = ["Polygon", "MultiPolygon", "Point", "MultiPoint", "LineString", "MultiLineString", "null"]
        let onlyPolygons = kinds.contains { $0.0 == "Polygon" || $0.0 == "MultiPolygon" }
            && kinds.allSatisfy { fixable.contains($0.0) }
        let hint =
            onlyPolygons
            ? "replace the file with one {\"type\":\"MultiPolygon\",\"coordinates\":[…]} listing every polygon's coordinates (routingctl validate --fix does this, dropping markers and lines)"
            : "replace the file with one bare {\"type\":\"MultiPolygon\",\"coordinates\":[…]} object"
        report(
            .error, "feature-collection-wrapper",
            "the top level is \(summary); Apple accepts only one bare MultiPolygon geometry",
            hint: hint, at: loc(typeNode))
        for (index, feature) in features.enumerated() {
            if let geometry = feature["geometry"] { walkWrappedGeometry(geometry, prefix: "feature \(index + 1)") }
        }
    }

    /// RFC 7946 §3.2, §3.3 and §7.1 for a Feature or FeatureCollection (geojson profile).
    mutating func checkWrapperMembers(_ object: JSONNode, kind: String, required: [String], forbidden: [String]) {
        for name in required where object[name] == nil {
            report(
                .error, "member-missing", "the \(kind) has no \"\(name)\" member (RFC 7946 §\(kind == "Feature" ? "3.2" : "3.3"))",
                hint: name == "properties" ? "add \"properties\": null (or an object)" : "add the \"\(name)\" member",
                at: loc(object))
        }
        for member in object.members ?? [] where forbidden.contains(member.name) {
            report(
                .error, "forbidden-member", "a \(kind) must not have a \"\(member.name)\" member (RFC 7946 §7.1)",
                hint: "move \"\(member.name)\" into the right object or delete it", at: source.location(at: member.nameOffset))
        }
    }

    /// Checks the coordinates of a geometry inside a wrapper. In the Apple profile the wrapper is
    /// already an error naming the inner type, so problems that would survive unwrapping are reported
    /// in the same run; in the geojson profile this is the geometry itself.
    /// `inCollection`: the geometry of a FeatureCollection's feature, where the geojson profile
    /// allows a Point beside the areas (a marker, a finding of `--format geojson`).
    mutating func walkWrappedGeometry(_ geometry: JSONNode, prefix: String, inCollection: Bool = false) {
        if case .null = geometry.value {
            if profile == .geojson {
                report(
                    .note, "feature-no-geometry", "\(prefix) is null: this feature covers nothing",
                    hint: "nothing to do; delete the feature if it is a leftover", at: loc(geometry))
            }
            return
        }
        switch geometry["type"]?.string {
        case "MultiPolygon":
            if profile == .geojson { checkGeometryMembers(geometry) }
            walkMultiPolygonCoordinates(of: geometry, prefix: prefix + ", ")
        case "Polygon":
            if profile == .geojson { checkGeometryMembers(geometry) }
            walkPolygonGeometry(geometry, name: prefix)
        case "Point" where profile == .geojson && inCollection:
            checkGeometryMembers(geometry)
            guard let coordinates = geometry["coordinates"] else {
                report(
                    .error, "coordinates-missing", "\(prefix) is a Point without a \"coordinates\" member",
                    hint: "add \"coordinates\": [longitude, latitude]", at: loc(geometry))
                return
            }
            guard walkPosition(coordinates, name: prefix, index: 0) != nil else { return }
            report(
                .note, "feature-point", "\(prefix) is a Point: a marker, which covers no area",
                hint: "nothing to do; it adds nothing to the coverage", at: loc(geometry))
        default:
            guard profile == .geojson else { return }
            let type = geometry["type"]?.string
            report(
                .error, type == nil ? "type-missing" : "geometry-type-unsupported",
                type.map { "\(prefix) is \(article($0)), which covers no area: this check accepts only Polygon and MultiPolygon geometries" }
                    ?? "\(prefix) has no string \"type\"",
                hint: "delete this feature (routingctl validate --fix drops points and lines), or describe the area as a Polygon or MultiPolygon",
                at: loc(geometry))
        }
    }

    // MARK: coordinates

    /// A Polygon geometry's `coordinates` (depth 3), checked as one polygon.
    mutating func walkPolygonGeometry(_ object: JSONNode, name: String) {
        guard let coordinates = coordinatesArray(of: object, name: name) else { return }
        var geometry = GeometryRecord()
        countPolygon(at: coordinates)
        if let polygon = walkPolygon(coordinates, name: name) {
            geometry.polygons.append(polygon)
        } else {
            geometry.complete = false
        }
        geometries.append(geometry)
    }

    /// The `coordinates` member when it is an array; reports it missing or mistyped otherwise.
    mutating func coordinatesArray(of object: JSONNode, name: String) -> JSONNode? {
        let owner = name.isEmpty ? "the MultiPolygon" : name
        guard let coordinates = object["coordinates"] else {
            report(
                .error, "coordinates-missing", "\(owner) has no \"coordinates\" member",
                hint: "add \"coordinates\": [[[[lon, lat], …]]] with at least one closed ring", at: loc(object))
            return nil
        }
        guard coordinates.elements != nil else {
            report(
                .error, "coordinates-not-array",
                "\(owner)'s \"coordinates\" is \(article(coordinates.typeName)), not an array",
                hint: "write \"coordinates\" as an array of polygons: [[[[lon, lat], …]]]", at: loc(coordinates))
            return nil
        }
        return coordinates
    }

    mutating func walkMultiPolygonCoordinates(of object: JSONNode, prefix: String) {
        let name = prefix.isEmpty ? "" : String(prefix.dropLast(2))
        guard let coordinates = coordinatesArray(of: object, name: name) else { return }
        let elements = coordinates.elements ?? []
        if let depth = leafDepth(coordinates), depth != 4 {
            let subject = name.isEmpty ? "the coordinates" : "\(name)'s coordinates"
            report(
                .error, "coordinates-depth",
                "\(subject) are nested \(depth) level\(depth == 1 ? "" : "s") deep, but a MultiPolygon needs 4 (polygons › rings › positions › numbers): they \(depth < 4 ? "need to be nested \(levels(4 - depth)) deeper" : "are nested \(levels(depth - 4)) too deep")",
                hint: depth == 3
                    ? "if this is one polygon, wrap the coordinates in one more array: [ … ]"
                    : (depth < 4 ? "add \(levels(4 - depth)) of brackets around the coordinates" : "remove \(levels(depth - 4)) of brackets"),
                at: loc(coordinates))
            return
        }
        if elements.isEmpty {
            report(
                .error, "no-polygons", "\(name.isEmpty ? "the MultiPolygon" : name) has no polygons (\"coordinates\": [])",
                hint: "add at least one polygon: [[[lon, lat], [lon, lat], [lon, lat], [lon, lat]]] with the last position equal to the first",
                at: loc(coordinates))
            return
        }
        var geometry = GeometryRecord()
        for element in elements { countPolygon(at: element) }
        for polygon in walkPolygons(elements, prefix: prefix) {
            if let polygon {
                geometry.polygons.append(polygon)
            } else {
                geometry.complete = false
            }
        }
        geometries.append(geometry)
    }

    /// Walks the polygons of a MultiPolygon, in order. Large files are walked in chunks on all
    /// processors (each chunk by a walker of its own, merged in order afterwards): polygons are
    /// independent, and the diagnostics are sorted by place at the end anyway, so the result is the
    /// same as walking them one after the other.
    mutating func walkPolygons(_ elements: [JSONNode], prefix: String) -> [PolygonRecord?] {
        let chunkCount = min(elements.count, CoverageValidator.parallelChunks)
        guard chunkCount > 1, approximatePositions(elements) >= CoverageValidator.parallelWalkThreshold else {
            return elements.enumerated().map { walkPolygon($1, name: "\(prefix)polygon \($0 + 1)") }
        }
        let chunks = (0..<chunkCount).map { k in
            (elements.count * k / chunkCount)..<(elements.count * (k + 1) / chunkCount)
        }
        let results = ChunkResults(count: chunkCount)
        let profile = self.profile, source = self.source
        DispatchQueue.concurrentPerform(iterations: chunkCount) { k in
            var walker = CoverageWalker(profile: profile, source: source)
            let records = chunks[k].map { walker.walkPolygon(elements[$0], name: "\(prefix)polygon \($0 + 1)") }
            results.store(k, (walker, records))
        }
        var records: [PolygonRecord?] = []
        records.reserveCapacity(elements.count)
        for k in 0..<chunkCount {
            let (walker, chunkRecords) = results.take(k)
            merge(walker)
            records += chunkRecords
        }
        return records
    }

    /// Takes over another walker's findings (one that walked positions after this one's).
    mutating func merge(_ other: CoverageWalker) {
        diagnostics += other.diagnostics
        exteriorRings += other.exteriorRings
        if let seen = other.threeDimensional {
            threeDimensional = threeDimensional.map { ($0.first, $0.count + seen.count) } ?? seen
        }
        if let seen = other.fineNumbers {
            fineNumbers = fineNumbers.map { ($0.first, $0.count + seen.count) } ?? seen
        }
    }

    /// Apple's 20-polygon limit, counted across the whole file (also inside wrappers).
    mutating func countPolygon(at node: JSONNode) {
        guard profile == .apple else { return }
        polygonCount += 1
        if polygonCount == CoverageValidator.maximumPolygonCount + 1 {
            report(
                .error, "too-many-polygons",
                "the file has more than \(CoverageValidator.maximumPolygonCount) polygons (this is number \(polygonCount)); Apple: \"Limit the number of child polygons in your MultiPolygon shape to 20 or fewer\"",
                hint: "merge neighbouring polygons or cover the area with fewer, simpler shapes", at: loc(node))
        }
    }

    /// Checks one polygon's coordinates (an array of rings); returns it when every ring is usable.
    mutating func walkPolygon(_ node: JSONNode, name: String) -> PolygonRecord? {
        guard let rings = node.elements else {
            reportNotArray(node, what: "\(name)", expected: "an array of rings")
            return nil
        }
        if let depth = leafDepth(node), depth != 3 {
            report(
                .error, "coordinates-depth",
                "\(name) is nested \(depth) level\(depth == 1 ? "" : "s") deep, but a polygon needs 3 (rings › positions › numbers): it \(depth < 3 ? "needs to be nested \(levels(3 - depth)) deeper" : "is nested \(levels(depth - 3)) too deep")",
                hint: depth < 3 ? "add \(levels(3 - depth)) of brackets around this polygon" : "remove \(levels(depth - 3)) of brackets",
                at: loc(node))
            return nil
        }
        if rings.isEmpty {
            report(
                .error, "polygon-no-rings", "\(name) has no rings",
                hint: "give it one closed ring of at least four positions, or delete it", at: loc(node))
            return nil
        }
        var records: [RingRecord] = []
        var usable = true
        var points = 0
        for (index, ring) in rings.enumerated() {
            if let record = walkRing(ring, name: "\(name), ring \(index + 1)", isExterior: index == 0) {
                records.append(record)
            } else {
                usable = false
            }
            // A closing repeat is not a point; an unclosed ring has none to leave out.
            let positions = ring.elements ?? []
            points += positions.count - (positions.count >= 2 && isClosingRepeat(positions[0], positions[positions.count - 1]) ? 1 : 0)
        }
        if rings.count > 1, profile == .apple {
            let holes = rings.count - 1
            report(
                .error, "polygon-has-hole",
                "\(name) has \(holes) interior ring\(holes == 1 ? "" : "s") (hole\(holes == 1 ? "" : "s")), starting at ring 2; Apple: \"Don't include holes in the polygons\"",
                hint: "delete the interior rings; to leave an area out, split the polygon into several polygons around it",
                at: loc(rings[1]))
        }
        if points > CoverageValidator.recommendedMaximumPointCount, profile == .apple {
            let across = rings.count > 1 ? " across its \(rings.count) rings" : ""
            report(
                .warning, "too-many-points",
                "\(name) has \(points) points\(across) (not counting closing repeats); Apple recommends no more than \(CoverageValidator.recommendedMaximumPointCount) per polygon",
                hint: "simplify the outline to 20 points or fewer, e.g. a bounding rectangle",
                at: loc(node))
        }
        if let pole = records.lazy.flatMap({ ring in ring.coordinates.indices.lazy.map { (ring, $0) } })
            .first(where: { abs($0.0.coordinates[$0.1].latitude) == 90 })
        {
            let north = pole.0.coordinates[pole.1].latitude > 0
            report(
                .note, "polygon-touches-pole",
                "\(name) reaches the \(north ? "North" : "South") Pole (latitude \(north ? "90" : "-90")): in [longitude, latitude] the pole is a whole edge, on the globe it is one point, so readers that use great circles may see a different shape",
                hint: "nothing to do for planar readers; stop at latitude ±89.9 if the file must mean the same everywhere",
                at: source.location(at: pole.0.positionOffset(pole.1)))
        }
        guard usable else { return nil }
        return PolygonRecord(name: name, node: node, rings: records)
    }

    /// Checks one ring and returns it when it is a usable closed ring.
    mutating func walkRing(_ node: JSONNode, name: String, isExterior: Bool) -> RingRecord? {
        guard let elements = node.elements else {
            reportNotArray(node, what: name, expected: "an array of positions")
            return nil
        }
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(elements.count)
        var first: Position?
        var last: Position?
        var allPositionsUsable = true
        for (index, element) in elements.enumerated() {
            guard let position = walkPosition(element, name: name, index: index) else {
                allPositionsUsable = false
                continue
            }
            coordinates.append(position.coordinate)
            if index == 0 { first = position }
            if index == elements.count - 1 { last = position }
        }
        if isExterior, allPositionsUsable, coordinates.count >= 3 {
            exteriorRings.append((coordinates, elements[0].offset))
        }
        var usable = true
        if elements.count < 4 {
            report(
                .error, "ring-too-short",
                "\(name) has \(elements.count) position\(elements.count == 1 ? "" : "s"); a ring needs at least 4 (three corners and the first position repeated at the end)",
                hint: "add corners so that the ring has at least four positions, the last equal to the first",
                at: loc(node))
            usable = false
        }
        if elements.count >= 2, let first, let last, !first.sameValues(as: last) {
            let firstText = positionText(elements[0]), lastText = positionText(elements[elements.count - 1])
            report(
                .error, "ring-not-closed",
                "\(name) is not closed: first position \(firstText) differs from last \(lastText)",
                hint: "repeat the first position \(firstText) at the end of the ring (routingctl validate --fix does this)",
                at: loc(elements[elements.count - 1]))
            usable = false
        }
        guard usable, allPositionsUsable else { return nil }
        let record = RingRecord(name: name, node: node, coordinates: coordinates)
        // Fewer than three distinct corners, or all corners on one line: no area (GEOS "Too few
        // points in geometry component"; zero area).
        var distinct: [Coordinate] = []
        for c in coordinates where !distinct.contains(c) {
            distinct.append(c)
            if distinct.count == 3 { break }
        }
        if distinct.count < 3 {
            report(
                .error, "ring-too-few-points",
                "\(name) has only \(distinct.count) distinct position\(distinct.count == 1 ? "" : "s"); a ring needs at least three different corners",
                hint: "give the ring at least three different corners that are not on one straight line",
                at: loc(node))
            return nil
        }
        if isCollinear(coordinates) {
            report(
                .error, "ring-zero-area",
                "\(name) encloses no area: all its positions lie on one straight line",
                hint: "give the ring at least three corners that are not on one straight line",
                at: loc(node))
            return nil
        }
        if let repeated = (1..<coordinates.count).first(where: { coordinates[$0] == coordinates[$0 - 1] }) {
            let count = (1..<coordinates.count).count { coordinates[$0] == coordinates[$0 - 1] }
            let more = count > 1 ? " (\(count) repeats in this ring)" : ""
            report(
                .warning, "duplicate-position",
                "\(name), position \(repeated + 1) repeats the position before it\(more): a zero-length edge, which some readers mishandle",
                hint: "delete the repeated position (routingctl validate --fix does this)",
                at: loc(elements[repeated]))
        }
        if !spansTheWorld(coordinates),
            let jump = (1..<coordinates.count).first(where: { isAntimeridianJump(coordinates[$0 - 1], coordinates[$0]) })
        {
            let a = coordinates[jump - 1], b = coordinates[jump]
            report(
                .warning, "antimeridian-jump",
                "\(name): the edge from position \(jump) to \(jump + 1) jumps \(formatDegrees(abs(b.longitude - a.longitude)))° of longitude (\(formatDegrees(a.longitude)) to \(formatDegrees(b.longitude))); as written it runs the long way round the globe, so if it was meant to cross the antimeridian the area covered is almost the whole opposite side",
                hint: "cut the polygon in two at ±180 (RFC 7946 §3.1.9), one part on each side of the antimeridian",
                at: loc(elements[jump]))
        }
        // The exact sign of the signed area, the same test `--fix` rewinds by.
        let winding = RingWinding.of(coordinates)
        if isExterior, winding == .clockwise {
            report(
                .note, "ring-clockwise",
                "\(name) runs clockwise; RFC 7946 §3.1.6 asks for counter-clockwise exterior rings but says parsers should not reject others, and the covered area is the same",
                hint: "nothing to do; reverse the ring's positions to follow the right-hand rule (routingctl validate --fix does this)",
                at: loc(node))
        } else if !isExterior, winding == .counterclockwise, profile == .geojson {
            report(
                .note, "hole-counterclockwise",
                "\(name) is a hole that runs counter-clockwise; RFC 7946 §3.1.6 asks for clockwise holes but says parsers should not reject others",
                hint: "nothing to do; reverse the hole's positions to follow the right-hand rule (routingctl validate --fix does this)",
                at: loc(node))
        }
        return record
    }

    struct Position {
        var coordinate: Coordinate
        /// The third number, when there is one (for the exact closing comparison).
        var altitude: Double?
        /// Same numbers, altitude included, compared exactly as doubles.
        func sameValues(as other: Position) -> Bool {
            coordinate == other.coordinate && altitude == other.altitude
        }
    }

    /// Checks one position: an array of 2 or 3 numbers, longitude then latitude, in range.
    /// `name` is the ring's name; `index` the 0-based position in it.
    mutating func walkPosition(_ node: JSONNode, name ringName: String, index positionIndex: Int) -> Position? {
        // Built lazily: most positions are fine and need no name.
        var name: String { "\(ringName), position \(positionIndex + 1)" }
        // The common case, read straight from the packed numbers: [longitude, latitude] or with an
        // altitude, both in range. Anything else takes the general path below, which reports it.
        if let numbers = node.numbers, numbers.count == 2 || numbers.count == 3 {
            let longitude = numbers[0].value, latitude = numbers[1].value
            if (-180.0...180.0).contains(longitude), (-90.0...90.0).contains(latitude) {
                var altitude: Double?
                if numbers.count == 3 {
                    altitude = numbers[2].value
                    threeDimensional = threeDimensional.map { ($0.first, $0.count + 1) } ?? (numbers[2].offset, 1)
                }
                for number in numbers.prefix(2) where number.decimals > CoverageValidator.precisionNoteDecimals {
                    fineNumbers = fineNumbers.map { ($0.first, $0.count + 1) } ?? (number.offset, 1)
                }
                return Position(coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude)
            }
        }
        guard let elements = node.elements else {
            let shown = node.number != nil || node.string != nil ? " (\(literal(node)))" : ""
            report(
                .error, "position-invalid",
                "\(name) is \(article(node.typeName))\(shown), not a position [longitude, latitude]",
                hint: "write each position as an array of two numbers: [longitude, latitude]", at: loc(node))
            return nil
        }
        var ok = true
        if elements.count < 2 || elements.count > 3 {
            report(
                .error, "position-invalid",
                "\(name) has \(elements.count) element\(elements.count == 1 ? "" : "s"); a position is [longitude, latitude] or [longitude, latitude, altitude]",
                hint: elements.count < 2
                    ? "give both longitude and latitude" : "keep only longitude, latitude and at most an altitude",
                at: loc(node))
            ok = false
        }
        var longitude = Double.nan, latitude = Double.nan
        var altitude: Double?
        for (index, element) in elements.enumerated() {
            if let number = element.number {
                switch index {
                case 0: longitude = number
                case 1: latitude = number
                case 2: altitude = number
                default: break
                }
                continue
            }
            ok = false
            let component = ["longitude", "latitude", "altitude"].indices.contains(index)
                ? ["longitude", "latitude", "altitude"][index] : "element \(index + 1)"
            let shown = element.string.map { " (\"\($0)\")" } ?? ""
            report(
                .error, "position-not-number",
                "\(name): the \(component) is \(article(element.typeName))\(shown), not a number",
                hint: element.string != nil
                    ? "remove the quotes: write numbers, not strings" : "write the \(component) as a number of degrees",
                at: loc(element))
        }
        if elements.count >= 1, elements[0].number != nil, !(-180.0...180.0).contains(longitude) {
            ok = false
            report(
                .error, "longitude-out-of-range",
                "\(name): longitude \(literal(elements[0])) is outside -180…180",
                hint: abs(longitude) <= 360
                    ? "use -180…180 (e.g. 190 is -170) and cut polygons that cross the antimeridian in two (RFC 7946 §3.1.9)"
                    : "coordinates must be WGS 84 degrees [longitude, latitude], not projected units",
                at: loc(elements[0]))
        }
        if elements.count >= 2, let lat = elements[1].number, !(-90.0...90.0).contains(lat) {
            ok = false
            report(
                .error, "latitude-out-of-range",
                "\(name): latitude \(literal(elements[1])) is outside -90…90",
                hint: abs(lat) <= 180
                    ? "positions are [longitude, latitude]: check that the two are not swapped (routingctl validate --fix --swap-axes swaps every position)"
                    : "coordinates must be WGS 84 degrees [longitude, latitude], not projected units",
                at: loc(elements[1]))
        }
        guard ok else { return nil }
        if elements.count == 3 {
            if let seen = threeDimensional {
                threeDimensional = (seen.first, seen.count + 1)
            } else {
                threeDimensional = (elements[2].offset, 1)
            }
        }
        for element in elements.prefix(2) {
            // Read from the source at the number's offset: the tree keeps no literal.
            guard source.decimals(ofNumberAt: element.offset) > CoverageValidator.precisionNoteDecimals else { continue }
            if let seen = fineNumbers {
                fineNumbers = (seen.first, seen.count + 1)
            } else {
                fineNumbers = (element.offset, 1)
            }
        }
        return Position(coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude)
    }

    mutating func reportNotArray(_ node: JSONNode, what: String, expected: String) {
        if node.number != nil {
            report(
                .error, "coordinates-depth",
                "\(what) is a number where \(expected) belongs: it needs to be nested deeper",
                hint: "check the brackets: a MultiPolygon is [polygons [rings [positions [lon, lat]]]]",
                at: loc(node))
        } else {
            report(
                .error, "coordinates-structure", "\(what) is \(article(node.typeName)), not \(expected)",
                hint: "a MultiPolygon's coordinates are arrays down to [longitude, latitude] numbers",
                at: loc(node))
        }
    }
}

// MARK: - records

/// The estimated number of positions in a MultiPolygon's coordinates, from the first ring of each
/// polygon (cheap: no position is looked at).
private func approximatePositions(_ polygons: [JSONNode]) -> Int {
    polygons.reduce(0) { $0 + ($1.elements?.first?.elements?.count ?? 0) }
}

/// One slot per chunk of a parallel walk, each written by exactly one worker, then read after all
/// workers have finished (`DispatchQueue.concurrentPerform` returns only then).
private final class ChunkResults: Sendable {
    private let slots: Mutex<[(CoverageWalker, [PolygonRecord?])?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func store(_ k: Int, _ value: sending (CoverageWalker, [PolygonRecord?])) {
        slots.withLock { $0[k] = value }
    }

    func take(_ k: Int) -> (CoverageWalker, [PolygonRecord?]) {
        slots.withLock { $0[k]! }
    }
}

/// The parse tree and the walk's records of one validation, handed to ``DeferredRelease``.
private final class ParseTree: @unchecked Sendable {
    // Never read again: held only so that the last reference dies on the releasing thread.
    let document: JSONDocument
    let walker: CoverageWalker

    init(document: JSONDocument, walker: CoverageWalker) {
        self.document = document
        self.walker = walker
    }
}

/// One usable ring: closed, at least four in-range positions.
private struct RingRecord {
    /// e.g. `polygon 2, ring 1`.
    var name: String
    var node: JSONNode
    var coordinates: [Coordinate]

    /// The byte offset where position `index` (0-based, as in the file) is written.
    func positionOffset(_ index: Int) -> Int {
        node.elements.map { $0[index].offset } ?? node.offset
    }
}

/// One polygon whose rings are all usable.
private struct PolygonRecord {
    var name: String
    var node: JSONNode
    /// Ring 0 is the exterior, the others holes.
    var rings: [RingRecord]

    var coveragePolygon: CoveragePolygon {
        CoveragePolygon(exterior: rings[0].coordinates, holes: rings.dropFirst().map(\.coordinates))
    }
}

/// One Polygon or MultiPolygon geometry: GEOS validity is judged per geometry.
private struct GeometryRecord {
    var polygons: [PolygonRecord] = []
    /// False when some polygon of it was unusable (then topology is not judged).
    var complete = true
}

// MARK: - helpers

private func levels(_ n: Int) -> String {
    switch n {
    case 1: "one level"
    case 2: "two levels"
    case 3: "three levels"
    default: "\(n) levels"
    }
}

extension CoverageWalker {
    /// A position as written in the file, e.g. `[0,4]`.
    func positionText(_ node: JSONNode) -> String {
        "[" + (node.elements ?? []).map(literal).joined(separator: ",") + "]"
    }

    /// The value as written in the file (numbers as their literal text, read back from the source).
    func literal(_ node: JSONNode) -> String {
        switch node.value {
        case .number: source.literal(of: node)
        case .string(let s): "\"\(s)\""
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .array, .numbers: "[…]"
        case .object: "{…}"
        }
    }
}

/// An edge that spans more than 180° of longitude between points that are not on the ±180°
/// meridian: probably meant to cross the antimeridian (RFC 7946 §3.1.9). Edges that end on ±180
/// (a whole-world box from -180 to 180) are fine.
private func isAntimeridianJump(_ a: Coordinate, _ b: Coordinate) -> Bool {
    abs(b.longitude - a.longitude) > 180 && abs(a.longitude) != 180 && abs(b.longitude) != 180
}

/// Whether a ring reaches to within ``CoverageValidator/wholeWorldGap`` of longitude of both sides of
/// the antimeridian and is at least ten times taller than that gap: a box from −179.9 to 179.9 means
/// the world. Read as crossing the antimeridian it would be a sliver narrower than the gap running
/// from far south to far north, which no one draws; a small area that crosses it (179.8 to −179.8
/// over an island) is still reported.
private func spansTheWorld(_ ring: [Coordinate]) -> Bool {
    guard let first = ring.first else { return false }
    var west = first.longitude, east = first.longitude, south = first.latitude, north = first.latitude
    for c in ring {
        west = min(west, c.longitude)
        east = max(east, c.longitude)
        south = min(south, c.latitude)
        north = max(north, c.latitude)
    }
    let gap = 360 - (east - west)
    return gap < CoverageValidator.wholeWorldGap && north - south >= 10 * gap
}

/// Whether the last position of a ring repeats the first (the same numbers, altitude included):
/// the closing repeat, which is not a point of its own.
private func isClosingRepeat(_ first: JSONNode, _ last: JSONNode) -> Bool {
    guard let a = first.elements, let b = last.elements, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in x.number != nil && x.number == y.number }
}

/// Degrees for messages: up to 7 decimals, no trailing zeros.
private func formatDegrees(_ value: Double) -> String {
    JSON.format((value * 1e7).rounded() / 1e7)
}

/// True when every position lies on one straight line (exact test).
private func isCollinear(_ ring: [Coordinate]) -> Bool {
    guard let a = ring.first, let b = ring.first(where: { $0 != a }) else { return true }
    return !ring.contains { PlanarOrientation.of(a, b, $0) != .collinear }
}

extension PolygonProblem.Kind {
    /// The rule id the validator reports this problem under (see docs/coverage-rules.md).
    public var rule: String {
        switch self {
        case .tooFewPoints: "ring-too-few-points"
        case .zeroArea: "ring-zero-area"
        case .spike: "ring-spike"
        case .selfIntersection: "ring-self-intersection"
        case .selfTouch: "ring-self-touch"
        case .ringsCross: "rings-cross"
        case .holeOutsideShell: "hole-outside-shell"
        case .nestedHoles: "holes-nested"
        case .disconnectedInterior: "interior-disconnected"
        case .polygonsOverlap: "polygons-overlap"
        case .polygonsNested: "polygons-nested"
        case .polygonsShareEdge: "polygons-share-edge"
        }
    }
}
