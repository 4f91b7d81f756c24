// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// The result of ``CoverageFixer/fix(_:swapAxes:)``: the rewritten file, what was changed and where,
/// and what was left alone.
public struct CoverageFix: Sendable {
    /// One change the fixer made, located in the **original** text.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// One line, e.g. `closed polygon 1, ring 1 by repeating its first position [0,0]`.
        public var message: String
        /// Where in the original text the change applies (1-based line and column).
        public var location: SourceLocation

        public init(message: String, location: SourceLocation) {
            self.message = OneLine.escaped(message)
            self.location = location
        }

        /// `LINE:COLUMN: message`.
        public var description: String { "\(location): \(message)" }
    }

    /// The fixed file (UTF-8, no byte order mark, ends with a newline), or nil when the input cannot
    /// be rewritten: not JSON, not a Polygon/MultiPolygon (or a Feature or FeatureCollection of
    /// them), or coordinates nested neither 3 nor 4 levels deep. When nothing needs fixing this is the input,
    /// byte for byte.
    public var output: [UInt8]?
    /// Every change, in the order made (roughly document order). Empty when nothing needed fixing.
    public var changes: [Change]
    /// What was left alone and why: when ``output`` is nil, why the file could not be rewritten;
    /// otherwise the errors and warnings that ``CoverageValidator`` (Apple profile) still finds in
    /// ``output``, located at the place in the **original** text they come from. A `--swap-axes`
    /// that cannot be honoured is a reason not to rewrite (rule `fix-swap-axes-refused`).
    public var unfixed: [Diagnostic]
    /// The errors and warnings ``CoverageValidator`` finds in ``output``, located in ``output``
    /// (for showing them against the file as written). Empty when ``output`` is nil.
    public var outputDiagnostics: [Diagnostic]
    /// What was asked for and not done, and why, located in the original: a polygon that
    /// `simplify` left alone because it is not valid, or because its holes alone have too many points.
    public var skipped: [Change]

    public init(
        output: [UInt8]?, changes: [Change], unfixed: [Diagnostic], outputDiagnostics: [Diagnostic] = [],
        skipped: [Change] = []
    ) {
        self.output = output
        self.changes = changes
        self.unfixed = unfixed
        self.outputDiagnostics = outputDiagnostics
        self.skipped = skipped
    }

    /// True when ``output`` differs from the input (some change was made). The fixer rewrites only
    /// when a change is needed, so a false value means the original bytes are the result.
    public var changed: Bool { output != nil && !changes.isEmpty }

    /// True when there is an output and ``CoverageValidator`` finds no error in it (warnings allowed).
    public var isValid: Bool { output != nil && !unfixed.contains { $0.severity == .error } }
}

/// Rewrites a coverage file into the form Apple accepts: one bare GeoJSON MultiPolygon of
/// [longitude, latitude] positions (RFC 7946 §3.1.7; Apple, *Location and Maps Programming Guide*,
/// "Specifying the Geographic Coverage File Contents").
///
/// Pure: bytes in, bytes and a report out.
///
/// Safe fixes (each reported as a ``CoverageFix/Change`` at its place in the original):
/// - a UTF-8 byte order mark is removed (RFC 8259 §8.1);
/// - a type name in the wrong case (`multipolygon`) is written correctly (RFC 7946 §1.4);
/// - a `Feature` is unwrapped; a `FeatureCollection` of Polygon/MultiPolygon features becomes one
///   MultiPolygon of all their polygons, in order (coverage is the union of the polygons); features
///   with a `null` geometry are dropped;
/// - a `Polygon` becomes a MultiPolygon of that one polygon;
/// - consecutive repeated positions (same longitude and latitude) are dropped;
/// - an unclosed ring is closed by repeating its first position (RFC 7946 §3.1.6);
/// - rings are rewound to the right-hand rule, exterior counter-clockwise and holes clockwise
///   (RFC 7946 §3.1.6), by the exact sign of the signed area (``RingWinding``); a ring whose signed
///   area is exactly zero is not touched;
/// - with `swapAxes`, every position `[a, b, …]` becomes `[b, a, …]` (for files written as
///   [latitude, longitude]); when any first number is outside −90…90 (it cannot be a latitude) or
///   any ring holds something other than positions, nothing is rewritten (output nil);
/// - coordinates nested at the wrong depth are refused, never read as the other type (a
///   MultiPolygon nested 3 deep is a well-formed Polygon, but which brackets are wrong is the
///   author's call).
///
/// Dropped data is reported with its value: a Feature's `properties` and `id`, `bbox`, `crs` and
/// every other foreign member (RFC 7946 §6.1), and `properties`/`geometry`/`features` on a geometry
/// (forbidden by RFC 7946 §7.1). Members that are merely ignored (`bbox`, `crs`, foreign members of a
/// bare MultiPolygon) do not by themselves cause a rewrite.
///
/// Opt-in fixes that grow coverage (never shrink it), each reported with the area it adds:
/// - `dropHoles`: holes are filled (their rings dropped), with a warning that the app will be
///   offered inside them;
/// - `simplify: N`: every valid polygon with more than N points (closing repeats not counted, as in
///   `too-many-points`) gets an exterior ring of at most N points that contains the original
///   (``OuterSimplification``: concave corners removed, else the convex hull with edges collapsed,
///   else the bounding box). Kept positions keep their numbers as written; new corners are written
///   with at most 7 decimals when that is exact enough to contain the original, else in full.
///   A polygon that is not valid is left alone (``CoverageFix/skipped``).
///
/// Never fixed otherwise, so coverage never shrinks or moves silently: holes, self-intersections, more than 20
/// polygons, out-of-range numbers, too many points, rings with fewer than 3 distinct positions,
/// positions that are not 2 or 3 numbers (such a ring is copied as written), non-polygon geometries,
/// JSON syntax errors. These appear in ``CoverageFix/unfixed``.
///
/// Output layout (when a change is made): the members `type` then `coordinates`, one polygon per
/// line, every number exactly as written in the input (`-0.1276000` stays `-0.1276000`), a final
/// newline:
///
///     {"type":"MultiPolygon","coordinates":[
///       [[[-0.51,51.28],[0.33,51.28],[0.33,51.69],[-0.51,51.69],[-0.51,51.28]]],
///       [[[2.2,48.8],[2.5,48.8],[2.5,48.9],[2.2,48.9],[2.2,48.8]]]
///     ]}
///
/// Idempotent: the output needs no fix, so fixing it again returns it unchanged. When the input
/// needs no fix it is returned byte for byte, whatever its layout.
public enum CoverageFixer {
    /// Fixes one coverage file's bytes (see ``CoverageFixer`` for what is and is not fixed).
    /// - Parameters:
    ///   - bytes: the file as read.
    ///   - swapAxes: also swap the first two numbers of every position ([lat, lon] → [lon, lat]).
    ///   - simplify: bring every valid polygon down to at most this many points (at least
    ///     ``OuterSimplification/minimumPoints``; smaller values count as that), never shrinking it.
    ///   - dropHoles: fill every hole.
    public static func fix(
        _ bytes: some Collection<UInt8>, swapAxes: Bool = false, simplify: Int? = nil, dropHoles: Bool = false
    ) -> CoverageFix {
        let input = Array(bytes)
        let document: JSONDocument
        do {
            document = try JSONParser().parse(input)
        } catch {
            return CoverageFix(output: nil, changes: [], unfixed: problems(in: input))
        }
        var rewriter = Rewriter(swapAxes: swapAxes, text: document.source)
        rewriter.simplify = simplify.map { max($0, OuterSimplification.minimumPoints) }
        rewriter.dropHoles = dropHoles
        if swapAxes {
            // Say whether the validator's evidence (rule `axes-swapped`) agrees with the request.
            // Evidence: the axes-swapped warning, or latitudes beyond ±90 (longitudes in the latitude place).
            rewriter.swapEvidence = CoverageValidator.validate(input).diagnostics.contains {
                $0.rule == "axes-swapped" || $0.rule == "latitude-out-of-range"
            }
        }
        if document.hadByteOrderMark {
            rewriter.change(
                "removed the UTF-8 byte order mark (RFC 8259 §8.1: JSON senders must not add one)",
                at: SourceLocation(line: 1, column: 1, offset: 0))
        }
        guard let plan = rewriter.rewrite(document.root) else {
            return CoverageFix(output: nil, changes: [], unfixed: rewriter.refusals)
        }
        guard !rewriter.changes.isEmpty else {
            let found = problems(in: input)
            return CoverageFix(output: input, changes: [], unfixed: found, outputDiagnostics: found, skipped: rewriter.skipped)
        }
        var writer = LayoutWriter(source: document.source)
        writer.write(plan)
        let found = problems(in: writer.bytes)
        // A swap whose result looks swapped undoes a file already in [longitude, latitude] order
        // (e.g. a second --fix --swap-axes): refuse it rather than flip the file back and forth.
        if swapAxes, !rewriter.swapEvidence, found.contains(where: { $0.rule == "axes-swapped" }) {
            return CoverageFix(output: nil, changes: [], unfixed: [
                Diagnostic(
                    severity: .error, rule: "fix-swap-axes-refused",
                    message: "cannot swap the axes: the file already reads as [longitude, latitude], and swapped it would look like [latitude, longitude] (the axes-swapped evidence points the other way)",
                    hint: "run routingctl validate --fix without --swap-axes",
                    location: document.location(of: document.root)),
            ])
        }
        // Shown at their places in the original, in the original's order (a rewound ring's
        // positions come out in reverse), ties in the validator's order.
        let remaining = found.enumerated().map { index, diagnostic -> (Int, Diagnostic) in
            var mapped = diagnostic
            mapped.location = writer.originalLocation(of: diagnostic.location.offset)
            return (index, mapped)
        }
        .sorted { ($0.1.location.offset, $0.0) < ($1.1.location.offset, $1.0) }
        .map(\.1)
        return CoverageFix(
            output: writer.bytes, changes: rewriter.changes + rewriter.pendingDrops,
            unfixed: remaining, outputDiagnostics: found, skipped: rewriter.skipped)
    }

    /// The errors and warnings the validator finds (notes are information, not problems).
    private static func problems(in bytes: [UInt8]) -> [Diagnostic] {
        CoverageValidator.validate(bytes).diagnostics.filter { $0.severity != .note }
    }
}

// MARK: - the plan: what to write

/// The fixed geometry: where its parts came from, and the polygons to write.
private struct Plan {
    // Byte offsets in the original.
    var rootOffset: Int
    var typeNameOffset: Int
    var typeOffset: Int
    var coordinatesNameOffset: Int
    var coordinatesOffset: Int
    /// Each polygon's coordinates (an array of rings), with offsets in the original.
    var polygons: [JSONNode]
}

/// Where a polygon comes from: its coordinates and, inside a FeatureCollection, its feature.
private struct PolygonSource {
    var node: JSONNode
    var feature: Int?
}

// MARK: - the rewrite

private let geoJSONTypes = [
    "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
    "GeometryCollection", "Feature", "FeatureCollection",
]

private struct Rewriter {
    let swapAxesRequested: Bool
    /// Changes that by themselves require a rewrite.
    var changes: [CoverageFix.Change] = []
    /// Dropped members that do not by themselves require a rewrite (`bbox`, `crs` and foreign
    /// members of a bare MultiPolygon); reported only when the file is rewritten anyway.
    var pendingDrops: [CoverageFix.Change] = []
    /// Why the file cannot be rewritten (non-empty exactly when `rewrite` returns nil).
    var refusals: [Diagnostic] = []
    var swap = false
    /// Whether validation of the input warned that the axes look swapped (only asked with `--swap-axes`).
    var swapEvidence = false
    /// `--simplify N`: at most this many points per polygon.
    var simplify: Int?
    /// `--drop-holes`.
    var dropHoles = false
    /// What was asked for and not done (see ``CoverageFix/skipped``).
    var skipped: [CoverageFix.Change] = []

    /// The original text: nodes hold byte offsets into it; numbers are written as it has them.
    let text: SourceText

    init(swapAxes: Bool, text: SourceText) {
        swapAxesRequested = swapAxes
        self.text = text
    }

    /// Line, column and offset where `node` starts in the original.
    func loc(_ node: JSONNode) -> SourceLocation { text.location(at: node.offset) }

    /// A value for a message (see `shownValue`).
    func shown(_ node: JSONNode) -> String { shownValue(node, in: text) }

    mutating func change(_ message: String, at location: SourceLocation) {
        changes.append(CoverageFix.Change(message: message, location: location))
    }

    mutating func refuse(_ rule: String, _ message: String, hint: String, at location: SourceLocation) {
        refusals.append(
            Diagnostic(
                severity: .error, rule: rule, message: message + "; --fix cannot rewrite this file",
                hint: hint, location: location))
    }

    // MARK: top level

    mutating func rewrite(_ root: JSONNode) -> Plan? {
        guard root.members != nil else {
            refuse(
                "root-not-object",
                "the top level is \(article(root.typeName)), not a GeoJSON object",
                hint: "write one object: {\"type\":\"MultiPolygon\",\"coordinates\":[…]}", at: loc(root))
            return nil
        }
        guard let (type, typeNode) = geoJSONType(of: root, what: "the top-level object") else { return nil }
        var sources: [PolygonSource] = []
        let geometry: JSONNode
        switch type {
        case "MultiPolygon", "Polygon":
            geometry = root
            guard let shape = collectGeometry(root, type: type, subject: "the \(type)", feature: nil, isRoot: true, into: &sources)
            else { return nil }
            if type == "Polygon" && shape == "Polygon" {
                change(
                    "turned the Polygon into a MultiPolygon of one polygon (Apple accepts only MultiPolygon)",
                    at: loc(typeNode))
            }
        case "Feature":
            guard let inner = unwrapFeature(root, index: nil, into: &sources) else { return nil }
            geometry = inner
        case "FeatureCollection":
            guard let inner = unwrapCollection(root, into: &sources) else { return nil }
            geometry = inner
        default:
            refuse(
                "geometry-type-unsupported",
                "the top-level type is \(type); only a Polygon or MultiPolygon (or a Feature or FeatureCollection of them) can become coverage",
                hint: "describe the area as polygons in one {\"type\":\"MultiPolygon\",\"coordinates\":[…]}",
                at: loc(typeNode))
            return nil
        }
        guard decideSwap(sources) else { return nil }
        var polygons: [JSONNode] = []
        for (index, source) in sources.enumerated() {
            let name = "polygon \(index + 1)" + (source.feature.map { " (feature \($0 + 1))" } ?? "")
            polygons.append(fixPolygon(source.node, name: name))
        }
        let typeMember = geometry.members?.first { $0.name == "type" }
        let coordinatesMember = geometry.members?.first { $0.name == "coordinates" }
        return Plan(
            rootOffset: root.offset,
            typeNameOffset: typeMember?.nameOffset ?? root.offset,
            typeOffset: typeMember?.value.offset ?? root.offset,
            coordinatesNameOffset: coordinatesMember?.nameOffset ?? root.offset,
            coordinatesOffset: coordinatesMember?.value.offset ?? root.offset,
            polygons: polygons)
    }

    /// The object's `type`, spelt correctly (a case mistake is fixed and reported), or nil (refused).
    mutating func geoJSONType(of object: JSONNode, what: String) -> (String, JSONNode)? {
        guard let typeNode = object["type"] else {
            refuse(
                "type-missing", "\(what) has no \"type\" member",
                hint: "add \"type\": \"MultiPolygon\" (or \"Polygon\") so that the coordinates can be read",
                at: loc(object))
            return nil
        }
        guard let written = typeNode.string else {
            refuse(
                "type-not-string", "the \"type\" of \(what) is \(article(typeNode.typeName)), not a string",
                hint: "write \"type\": \"MultiPolygon\"", at: loc(typeNode))
            return nil
        }
        guard let type = geoJSONTypes.first(where: { $0.lowercased() == written.lowercased() }) else {
            refuse(
                "type-unknown", "the type \(JSON.quoted(written)) of \(what) is not a GeoJSON type",
                hint: "write \"type\": \"MultiPolygon\"", at: loc(typeNode))
            return nil
        }
        if type != written {
            change(
                "wrote the type \(JSON.quoted(written)) as \(JSON.quoted(type)) (type names are case-sensitive, RFC 7946 §1.4)",
                at: loc(typeNode))
        }
        return (type, typeNode)
    }

    // MARK: wrappers

    /// Unwraps a Feature: collects its Polygon/MultiPolygon geometry, reports what is dropped.
    /// Returns the geometry object, or nil when refused. For a Feature inside a FeatureCollection
    /// (`index` set) a null geometry is dropped: it returns nil without a refusal.
    mutating func unwrapFeature(_ feature: JSONNode, index: Int?, into sources: inout [PolygonSource]) -> JSONNode? {
        let subject = index.map { "feature \($0 + 1)" } ?? "the Feature"
        var dropped: [String] = []
        for member in feature.members ?? [] {
            switch member.name {
            case "type", "geometry":
                continue
            case "properties":
                // null and {} carry no data; anything else is reported with its value.
                if case .null = member.value.value { continue }
                if let members = member.value.members, members.isEmpty { continue }
                dropped.append("\"properties\" \(shown(member.value))")
            default:
                dropped.append("\(JSON.quoted(member.name)) \(shown(member.value))")
            }
        }
        guard let geometry = feature["geometry"] else {
            refuse(
                "feature-wrapper", "\(subject) has no \"geometry\" member, so there is no area to keep",
                hint: "give it a Polygon or MultiPolygon geometry, or delete it", at: loc(feature))
            return nil
        }
        if case .null = geometry.value {
            if let index {
                let also = dropped.isEmpty ? "" : " and its " + list(dropped)
                change("dropped feature \(index + 1), whose geometry is null (no area)\(also)", at: loc(feature))
                return nil
            }
            refuse(
                "feature-wrapper", "the Feature's geometry is null, so there is no area to keep",
                hint: "write the coverage as {\"type\":\"MultiPolygon\",\"coordinates\":[…]}", at: loc(geometry))
            return nil
        }
        guard geometry.members != nil else {
            refuse(
                "feature-wrapper", "\(subject)'s geometry is \(article(geometry.typeName)), not a geometry object",
                hint: "give it a Polygon or MultiPolygon geometry", at: loc(geometry))
            return nil
        }
        guard let (type, typeNode) = geoJSONType(of: geometry, what: "\(subject)'s geometry") else { return nil }
        // In a FeatureCollection, points and lines (geojson.io's markers) cover no area: dropping them
        // shrinks nothing, so they are dropped and reported.
        if let index, ["Point", "MultiPoint", "LineString", "MultiLineString"].contains(type) {
            let also = dropped.isEmpty ? "" : " and its " + list(dropped)
            change("dropped feature \(index + 1), \(article(type)) (no area)\(also)", at: loc(feature))
            return nil
        }
        guard type == "Polygon" || type == "MultiPolygon" else {
            refuse(
                "geometry-type-unsupported",
                "\(subject)'s geometry is \(article(type)); only Polygon and MultiPolygon geometries can become coverage",
                hint: "delete this feature or replace its geometry with polygons covering the area",
                at: loc(typeNode))
            return nil
        }
        let before = sources.count
        let unwrapAt = changes.count
        guard let shape = collectGeometry(geometry, type: type, subject: "\(subject)'s geometry", feature: index, isRoot: false, into: &sources)
        else { return nil }
        let count = sources.count - before
        let content = shape == "Polygon" ? "a Polygon" : "a MultiPolygon of \(plural(count, "polygon"))"
        if let index {
            if !dropped.isEmpty {
                change("dropped feature \(index + 1)'s \(list(dropped))", at: loc(feature))
            }
        } else {
            let drops = dropped.isEmpty ? "" : "; dropped its \(list(dropped))"
            changes.insert(
                CoverageFix.Change(
                    message: "unwrapped the Feature (\(content)) into a bare MultiPolygon\(drops)", location: loc(feature)),
                at: unwrapAt)
        }
        return geometry
    }

    /// Unwraps a FeatureCollection into the union of its features' polygons. Returns the first
    /// feature geometry (for locations), or nil when refused.
    mutating func unwrapCollection(_ collection: JSONNode, into sources: inout [PolygonSource]) -> JSONNode? {
        guard let features = collection["features"]?.elements else {
            refuse(
                "feature-collection-wrapper", "the FeatureCollection has no \"features\" array",
                hint: "write the coverage as {\"type\":\"MultiPolygon\",\"coordinates\":[…]}", at: loc(collection))
            return nil
        }
        var dropped: [String] = []
        for member in collection.members ?? [] where member.name != "type" && member.name != "features" {
            dropped.append("\(JSON.quoted(member.name)) \(shown(member.value))")
        }
        let unwrapAt = changes.count
        var first: JSONNode?
        var refused = false
        var polygonFeatures = 0
        for (index, feature) in features.enumerated() {
            guard feature.members != nil else {
                refuse(
                    "feature-collection-wrapper", "feature \(index + 1) is \(article(feature.typeName)), not a Feature object",
                    hint: "each element of \"features\" is {\"type\":\"Feature\",\"geometry\":…,\"properties\":…}",
                    at: loc(feature))
                refused = true
                continue
            }
            guard let (type, typeNode) = geoJSONType(of: feature, what: "feature \(index + 1)") else {
                refused = true
                continue
            }
            guard type == "Feature" else {
                refuse(
                    "feature-collection-wrapper", "feature \(index + 1) is \(article(type)), not a Feature",
                    hint: "each element of \"features\" is {\"type\":\"Feature\",\"geometry\":…,\"properties\":…}",
                    at: loc(typeNode))
                refused = true
                continue
            }
            let refusalsBefore = refusals.count
            if let geometry = unwrapFeature(feature, index: index, into: &sources) {
                first = first ?? geometry
                polygonFeatures += 1
            } else if refusals.count > refusalsBefore {
                refused = true
            }
        }
        if refused { return nil }
        guard let first, !sources.isEmpty else {
            refuse(
                "feature-collection-wrapper",
                features.isEmpty
                    ? "the FeatureCollection is empty: there is no area to keep"
                    : "no feature of the FeatureCollection has a polygon: there is no area to keep",
                hint: "write the coverage as {\"type\":\"MultiPolygon\",\"coordinates\":[…]}", at: loc(collection))
            return nil
        }
        let drops = dropped.isEmpty ? "" : "; dropped its \(list(dropped))"
        let union = polygonFeatures > 1 || sources.count > 1 ? ", the union of \(plural(sources.count, "polygon"))" : ""
        changes.insert(
            CoverageFix.Change(
                message: "unwrapped the FeatureCollection (\(plural(features.count, "feature"))) into one bare MultiPolygon\(union)\(drops)",
                location: loc(collection)),
            at: unwrapAt)
        return first
    }

    // MARK: geometry

    /// Collects the polygons of a Polygon or MultiPolygon geometry and reports its other members.
    /// Returns the shape the coordinates have (`Polygon` or `MultiPolygon`, by their nesting depth),
    /// or nil when refused (no coordinates array, or a depth other than 3 or 4).
    /// `subject` names the geometry in messages; `feature` is its index in a FeatureCollection;
    /// `isRoot` is true for a bare top-level geometry, whose ignored members alone do not force a rewrite.
    mutating func collectGeometry(
        _ geometry: JSONNode, type: String, subject: String, feature owner: Int?, isRoot: Bool,
        into sources: inout [PolygonSource]
    ) -> String? {
        for member in geometry.members ?? [] {
            switch member.name {
            case "type", "coordinates":
                continue
            case "properties", "geometry", "features":
                change(
                    "dropped \(subject)'s \(JSON.quoted(member.name)) \(shown(member.value)) (a geometry must not have one, RFC 7946 §7.1)",
                    at: text.location(at: member.nameOffset))
            default:
                let drop = CoverageFix.Change(
                    message: "dropped \(subject)'s \(JSON.quoted(member.name)) \(shown(member.value))",
                    location: text.location(at: member.nameOffset))
                if isRoot { pendingDrops.append(drop) } else { changes.append(drop) }
            }
        }
        let owned = isRoot ? "the \(type)" : subject
        guard let coordinates = geometry["coordinates"] else {
            refuse(
                "coordinates-missing", "\(owned) has no \"coordinates\" member",
                hint: "add \"coordinates\" with at least one closed ring", at: loc(geometry))
            return nil
        }
        guard let elements = coordinates.elements else {
            refuse(
                "coordinates-not-array", "\(owned)'s \"coordinates\" is \(article(coordinates.typeName)), not an array",
                hint: "write \"coordinates\" as an array of polygons: [[[[lon, lat], …]]]", at: loc(coordinates))
            return nil
        }
        // A wrong depth is never reinterpreted as the other type: a MultiPolygon nested 3 deep is
        // a well-formed Polygon, but which brackets are wrong is the author's call (corpus G26).
        let shape = type
        if let depth = leafDepth(coordinates), depth != (type == "Polygon" ? 3 : 4) {
            refuse(
                "coordinates-depth",
                "\(owned)'s coordinates are nested \(depth) level\(depth == 1 ? "" : "s") deep, but a \(type) needs \(type == "Polygon" ? 3 : 4); --fix does not guess which brackets are wrong",
                hint: depth == 3 && type == "MultiPolygon"
                    ? "if this is one polygon, wrap the coordinates in one more array: [ … ]"
                    : "fix the brackets: a MultiPolygon is [polygons [rings [positions [lon, lat]]]]",
                at: loc(coordinates))
            return nil
        }
        if shape == "Polygon" {
            sources.append(PolygonSource(node: coordinates, feature: owner))
        } else {
            sources += elements.map { PolygonSource(node: $0, feature: owner) }
        }
        return shape
    }

    // MARK: axes

    /// Decides whether `--swap-axes` can be honoured: every ring must hold only positions, and every
    /// first number must be a possible latitude. Returns false (refused) otherwise: a file is never
    /// half swapped, nor written without the swap that was asked for.
    mutating func decideSwap(_ sources: [PolygonSource]) -> Bool {
        guard swapAxesRequested else { return true }
        var count = 0
        var firstPosition: JSONNode?
        for source in sources {
            for ring in source.node.elements ?? [source.node] {
                guard let positions = ring.elements, positions.allSatisfy(isPosition) else {
                    refuse(
                        "fix-swap-axes-refused",
                        "cannot swap the axes: this ring holds something other than [number, number] positions, and a file is never half swapped",
                        hint: "fix the ring first, then run routingctl validate --fix --swap-axes again",
                        at: loc(ring))
                    return false
                }
                for position in positions {
                    let first = position.elements![0]
                    if let value = first.number, !(-90.0...90.0).contains(value) {
                        refuse(
                            "fix-swap-axes-refused",
                            "cannot swap the axes: the first number \(shown(first)) of this position is outside -90…90, so it is not a latitude and the file is not written as [latitude, longitude]",
                            hint: "the positions look like [longitude, latitude] already; run --fix without --swap-axes",
                            at: loc(first))
                        return false
                    }
                    count += 1
                    firstPosition = firstPosition ?? position
                }
            }
        }
        guard let firstPosition else { return true }
        swap = true
        change(
            "swapped the axes of all \(plural(count, "position")): [latitude, longitude] → [longitude, latitude] (RFC 7946 §3.1.1), as asked by --swap-axes\(swapEvidence ? " and as validation suggests (axes-swapped, or latitudes beyond ±90)" : "; validation had found no sign of swapped axes, so check where the result lies")",
            at: loc(firstPosition))
        return true
    }

    // MARK: polygons and rings

    mutating func fixPolygon(_ polygon: JSONNode, name: String) -> JSONNode {
        guard let rings = polygon.elements, !rings.isEmpty else { return polygon }
        var fixed: [JSONNode] = []
        for (index, ring) in rings.enumerated() {
            fixed.append(fixRing(ring, name: "\(name), ring \(index + 1)", isExterior: index == 0))
        }
        if dropHoles, fixed.count > 1 { fixed = fillHoles(fixed, original: rings, name: name) }
        if let simplify { fixed = simplifyPolygon(fixed, to: simplify, at: loc(polygon), name: name) }
        return JSONNode(offset: polygon.offset, value: .array(fixed))
    }

    /// `--drop-holes`: keeps only the exterior ring, saying how much area the holes added.
    mutating func fillHoles(_ rings: [JSONNode], original: [JSONNode], name: String) -> [JSONNode] {
        let holes = rings.dropFirst()
        let added = holes.reduce(0.0) { sum, hole in
            guard let positions = hole.elements, positions.allSatisfy(isPosition) else { return sum }
            return sum + SphericalArea.ringArea(positions.map(coordinate))
        }
        let exterior = rings[0].elements.flatMap { $0.allSatisfy(isPosition) ? $0.map(coordinate) : nil }
        let total = exterior.map { SphericalArea.ringArea($0) } ?? 0
        let share = total > 0 ? " (\(percent(added / (total - added))) of what \(name) covered)" : ""
        let which = holes.count == 1 ? "its hole (ring 2)" : "its \(holes.count) holes (rings 2 to \(rings.count))"
        change(
            "filled \(which) of \(name), adding \(DescriptionText.area(squareKilometres: added / 1_000_000))\(share) of coverage; warning: Maps will now offer the app inside \(holes.count == 1 ? "it" : "them"), where it was not offered before",
            at: loc(original[1]))
        return [rings[0]]
    }

    /// `--simplify N`: the exterior ring of a valid polygon with more than `maximum` points becomes
    /// one of at most `maximum` points (fewer by the holes' points) that contains it.
    mutating func simplifyPolygon(_ rings: [JSONNode], to maximum: Int, at location: SourceLocation, name: String) -> [JSONNode] {
        guard let exteriorNodes = rings[0].elements, rings.allSatisfy({ $0.elements?.allSatisfy(isPosition) ?? false })
        else { return rings }
        let coordinates = rings.map { $0.elements!.map(coordinate) }
        let points = coordinates.reduce(0) { $0 + max(0, $1.count - 1) }
        guard points > maximum else { return rings }
        let holePoints = points - (coordinates[0].count - 1)
        let budget = maximum - holePoints
        guard budget >= OuterSimplification.minimumPoints else {
            skipped.append(CoverageFix.Change(
                message: "not simplified: \(name)'s holes alone have \(holePoints) points, leaving fewer than \(OuterSimplification.minimumPoints) of \(maximum) for its exterior ring (--drop-holes fills them)",
                location: location))
            return rings
        }
        guard PolygonValidity.problems(in: [coordinates]).isEmpty else {
            skipped.append(CoverageFix.Change(
                message: "not simplified: \(name) is not a valid polygon (see the errors below); fix it first",
                location: location))
            return rings
        }
        guard let (ring, method) = OuterSimplification.simplify(coordinates[0], maximumPoints: budget), method != .unchanged
        else { return rings }
        // Positions kept keep their numbers as written (and any altitude); new corners are written anew.
        var written: [Coordinate: JSONNode] = [:]
        for node in exteriorNodes { written[coordinate(node)] = written[coordinate(node)] ?? node }
        let nodes = ring.map { c in
            // New numbers have no place in the original: written as JSON.format (JSONNode.noOffset).
            written[c] ?? JSONNode(offset: rings[0].offset, value: .array([
                JSONNode(offset: JSONNode.noOffset, value: .number(c.longitude)),
                JSONNode(offset: JSONNode.noOffset, value: .number(c.latitude)),
            ]))
        }
        let before = SphericalArea.ringArea(coordinates[0])
        let added = SphericalArea.ringArea(ring) - before
        let how = switch method {
            case .outward: "by filling in concave corners"
            case .convexHull: "to its convex hull, with edges extended to fewer corners"
            case .boundingBox: "to its bounding box"
            case .unchanged: ""
        }
        change(
            "simplified \(name) from \(points) to \(points - (coordinates[0].count - ring.count)) points \(how), never shrinking it: added \(DescriptionText.area(squareKilometres: added / 1_000_000)) (\(percent(before > 0 ? added / before : 0)) of its area) where Maps will now offer the app",
            at: location)
        return [JSONNode(offset: rings[0].offset, value: .array(nodes))] + rings.dropFirst()
    }

    /// Swaps, deduplicates, closes and rewinds one ring. A ring that holds anything other than
    /// positions of 2 or 3 numbers, or has fewer than 3 distinct positions, is only swapped (if at all).
    mutating func fixRing(_ ring: JSONNode, name: String, isExterior: Bool) -> JSONNode {
        guard let elements = ring.elements, !elements.isEmpty, elements.allSatisfy(isPosition) else { return ring }
        var positions = swap ? elements.map(swapped) : elements
        var modified = swap

        // 1. Consecutive repeats (same longitude and latitude).
        var kept: [JSONNode] = []
        var repeats: [Int] = []
        for (index, position) in positions.enumerated() {
            if let last = kept.last, coordinate(last) == coordinate(position) {
                repeats.append(index)
            } else {
                kept.append(position)
            }
        }
        let distinct = kept.count - (kept.count > 1 && coordinate(kept[0]) == coordinate(kept[kept.count - 1]) ? 1 : 0)
        guard distinct >= 3 else {
            return modified ? JSONNode(offset: ring.offset, value: .array(positions)) : ring
        }
        if !repeats.isEmpty {
            let numbers = repeats.map { String($0 + 1) }.joined(separator: ", ")
            change(
                "dropped \(repeats.count == 1 ? "a repeated position" : "\(repeats.count) repeated positions") from \(name): position\(repeats.count == 1 ? "" : "s") \(numbers) repeated the one before",
                at: loc(elements[repeats[0]]))
            positions = kept
            modified = true
        }

        // 2. Closing.
        let first = positions[0], last = positions[positions.count - 1]
        if values(first) != values(last) {
            if coordinate(first) == coordinate(last) {
                positions[positions.count - 1] = JSONNode(offset: last.offset, value: first.value)
                change(
                    "made the last position of \(name) equal to the first, \(first.compactText(source: text)) (they differed only in altitude)",
                    at: loc(last))
            } else {
                positions.append(JSONNode(offset: last.offset, value: first.value))
                change("closed \(name) by repeating its first position \(first.compactText(source: text))", at: loc(last))
            }
            modified = true
        }

        // 3. Winding (RFC 7946 §3.1.6 right-hand rule), by the exact sign of the signed area.
        switch (RingWinding.of(positions.map(coordinate)), isExterior) {
        case (.clockwise?, true):
            positions.reverse()
            modified = true
            change("rewound \(name) to counter-clockwise (RFC 7946 §3.1.6: exterior rings run counter-clockwise)", at: loc(ring))
        case (.counterclockwise?, false):
            positions.reverse()
            modified = true
            change("rewound \(name) to clockwise (RFC 7946 §3.1.6: holes run clockwise)", at: loc(ring))
        default:
            break
        }
        return modified ? JSONNode(offset: ring.offset, value: .array(positions)) : ring
    }
}

// MARK: - helpers

/// An array of 2 or 3 numbers.
private func isPosition(_ node: JSONNode) -> Bool {
    guard let elements = node.elements, (2...3).contains(elements.count) else { return false }
    return elements.allSatisfy { $0.number != nil }
}

/// `[a, b, …]` → `[b, a, …]`, each number keeping its literal and location.
private func swapped(_ position: JSONNode) -> JSONNode {
    var elements = position.elements!
    elements.swapAt(0, 1)
    return JSONNode(offset: position.offset, value: .array(elements))
}

/// A position's longitude and latitude (only for nodes that pass `isPosition`).
private func coordinate(_ position: JSONNode) -> Coordinate {
    let e = position.elements!
    return Coordinate(latitude: e[1].number!, longitude: e[0].number!)
}

/// All of a position's numbers, altitude included, for the exact closing comparison.
private func values(_ position: JSONNode) -> [Double] {
    position.elements!.map { $0.number! }
}

/// A value for a message: compact, numbers as written, cut after 400 characters.
private func shownValue(_ node: JSONNode, in source: SourceText) -> String {
    let text = node.compactText(source: source)
    guard text.count > 400 else { return text }
    return String(text.prefix(399)) + "…"
}

/// A share as a percentage for messages: "0.81 %", "12 %", "< 0.01 %".
private func percent(_ share: Double) -> String {
    let value = share * 100
    guard value.isFinite else { return "? %" }
    if value == 0 { return "0 %" }
    if value < 0.01 { return "< 0.01 %" }
    return (value >= 10 ? JSON.format(value.rounded()) : JSON.format((value * 100).rounded() / 100)) + " %"
}

private func list(_ items: [String]) -> String {
    switch items.count {
    case 0: ""
    case 1: items[0]
    default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

// MARK: - layout

/// Writes a ``Plan`` in the fixer's layout and remembers, for every value written, where in the
/// original it came from (so that diagnostics of the output can be shown at the original's places).
private struct LayoutWriter {
    /// The original text (numbers are copied from it as written).
    let source: SourceText
    var bytes: [UInt8] = []
    /// (offset in the output, offset in the original), by increasing output offset.
    var origins: [(offset: Int, original: Int)] = []

    init(source: SourceText) { self.source = source }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Values built by the fixer (``JSONNode/noOffset``) are not marked: findings in them are shown
    /// at the value written before them (the ring or position they belong to).
    mutating func mark(_ original: Int) {
        if original != JSONNode.noOffset { origins.append((bytes.count, original)) }
    }

    mutating func write(_ plan: Plan) {
        mark(plan.rootOffset)
        append("{")
        mark(plan.typeNameOffset)
        append("\"type\":")
        mark(plan.typeOffset)
        append("\"MultiPolygon\",")
        mark(plan.coordinatesNameOffset)
        append("\"coordinates\":")
        mark(plan.coordinatesOffset)
        if plan.polygons.isEmpty {
            append("[]}\n")
            return
        }
        append("[\n")
        for (index, polygon) in plan.polygons.enumerated() {
            append("  ")
            write(polygon)
            append(index == plan.polygons.count - 1 ? "\n" : ",\n")
        }
        append("]}\n")
    }

    /// Compact text of `node`, numbers as written, marking every value.
    mutating func write(_ node: JSONNode) {
        mark(node.offset)
        switch node.value {
        case .array, .numbers:
            append("[")
            for (i, element) in (node.elements ?? []).enumerated() {
                if i > 0 { append(",") }
                write(element)
            }
            append("]")
        case .object(let members):
            append("{")
            for (i, member) in members.enumerated() {
                if i > 0 { append(",") }
                mark(member.nameOffset)
                append(JSON.quoted(member.name) + ":")
                write(member.value)
            }
            append("}")
        default:
            append(node.compactText(source: source))
        }
    }

    /// The original location of whatever was written at or just before `offset` in the output.
    func originalLocation(of offset: Int) -> SourceLocation {
        var low = 0, high = origins.count
        while low < high {
            let mid = (low + high) / 2
            if origins[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? source.location(at: origins[low - 1].original)
            : (origins.first.map { source.location(at: $0.original) } ?? SourceLocation(line: 1, column: 1, offset: 0))
    }
}
