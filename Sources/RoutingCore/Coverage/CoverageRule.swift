// SPDX-License-Identifier: Apache-2.0
/// One rule that coverage validation checks: its stable id, how serious a finding is in each
/// ``ValidationProfile``, and what it means.
///
/// ``all`` is the catalogue of every rule id a ``Diagnostic`` can carry (``Diagnostic/rule``): the
/// `json-*` rules of ``StrictJSON/JSONSyntaxError/Rule``, the GeoJSON and Apple rules of
/// ``CoverageValidator``, and the geometry-validity rules at the level of GEOS `IsValidOp`. Each id
/// has a section in `docs/coverage-rules.md` whose anchor is the id (``documentationLink``), giving
/// the severity in each profile, what the rule checks, why (Apple's *Location and Maps Programming
/// Guide*, App Store Connect help, RFC 7946, RFC 8259 / I-JSON RFC 7493, OGC Simple Features as GEOS
/// implements it) and how to fix it.
///
/// Severities here are the defaults the validator reports; a rule whose severity is nil in a
/// profile is not checked there (e.g. `polygon-has-hole` only in ``ValidationProfile/apple``, where
/// holes are forbidden; `hole-outside-shell` only in ``ValidationProfile/geojson``, where holes are
/// allowed and must be valid).
public struct CoverageRule: Hashable, Sendable, Identifiable {
    /// The stable kebab-case id, e.g. `ring-not-closed`: the `[rule]` in messages and the anchor of
    /// the rule's section in `docs/coverage-rules.md`.
    public var id: String
    /// The severity under ``ValidationProfile/apple``, or nil when the rule is not checked there.
    public var appleSeverity: Severity?
    /// The severity under ``ValidationProfile/geojson``, or nil when the rule is not checked there.
    public var geojsonSeverity: Severity?
    /// A few words naming the problem, e.g. `Ring not closed` (SARIF `shortDescription`).
    public var title: String
    /// One or two sentences: what is checked and why, with the source (SARIF `fullDescription`).
    public var summary: String

    public init(id: String, apple: Severity?, geojson: Severity?, title: String, summary: String) {
        self.id = id
        self.appleSeverity = apple
        self.geojsonSeverity = geojson
        self.title = title
        self.summary = summary
    }

    /// The severity of this rule's findings under `profile`, or nil when `profile` does not check it.
    public func defaultSeverity(in profile: ValidationProfile) -> Severity? {
        switch profile {
        case .apple: appleSeverity
        case .geojson: geojsonSeverity
        }
    }

    /// This rule's section in the rule catalogue: `docs/coverage-rules.md#<id>`.
    public var documentationLink: String { Self.documentationLink(for: id) }

    /// The catalogue section for rule `id`, relative to the repository root:
    /// `docs/coverage-rules.md#<id>` (the heading of each section is the id, so the anchor is too).
    public static func documentationLink(for id: String) -> String {
        "docs/coverage-rules.md#" + id
    }

    /// The rule with this id, or nil when no rule has it.
    public static func named(_ id: String) -> CoverageRule? {
        index[id].map { all[$0] }
    }

    /// The position of each rule in ``all``, by id.
    private static let index: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, rule) in all.enumerated() where index[rule.id] == nil { index[rule.id] = i }
        return index
    }()

    /// Every rule, grouped as in `docs/coverage-rules.md`: the JSON layer, GeoJSON structure,
    /// positions, rings, holes, the polygons of a MultiPolygon.
    public static let all: [CoverageRule] = json + structure + positions + rings + holes + multiPolygon
}

// MARK: - the catalogue

extension CoverageRule {
    /// Rule in both profiles with the same severity.
    private static func both(_ id: String, _ severity: Severity, _ title: String, _ summary: String) -> CoverageRule {
        CoverageRule(id: id, apple: severity, geojson: severity, title: title, summary: summary)
    }

    /// The JSON layer: strict RFC 8259 with the I-JSON (RFC 7493) restrictions. One id per
    /// ``StrictJSON/JSONSyntaxError/Rule``, plus the byte order mark warning.
    static let json: [CoverageRule] = [
        both("json-syntax", .error, "Not JSON",
             "An unexpected character or end of input: the text is not JSON (RFC 8259 §2), e.g. a missing comma, bracket, brace or quote."),
        both("json-comment", .error, "Comment in JSON",
             "A // or /* */ comment. JSON has no comments (RFC 8259) and Apple says: \"Don't include comments in your coverage file.\""),
        both("json-trailing-comma", .error, "Trailing comma",
             "A comma before ] or }. RFC 8259's grammar has no trailing commas; some readers accept them silently, others reject the file."),
        both("json-non-finite-number", .error, "NaN or Infinity",
             "NaN, Infinity or -Infinity: RFC 8259 §6 does not permit numbers that cannot be written in its grammar."),
        both("json-malformed-number", .error, "Malformed number",
             "A number outside RFC 8259 §6's grammar: a leading zero, a '+' sign, '.5', '1.' or hexadecimal."),
        both("json-number-out-of-range", .error, "Number out of range",
             "A number too large for an IEEE 754 binary64 double, which I-JSON (RFC 7493 §2.2) requires numbers to fit."),
        both("json-duplicate-member", .error, "Duplicate member name",
             "A member name that occurs twice in one object. I-JSON (RFC 7493 §2.3) forbids it and readers disagree on which value wins."),
        both("json-invalid-encoding", .error, "Not UTF-8",
             "Bytes that are not UTF-8 (e.g. Latin-1, or a file saved as UTF-16), or an escaped lone surrogate: JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1, RFC 7493 §2.1)."),
        both("json-invalid-string", .error, "Invalid string",
             "A string with a raw control character or line break, an invalid escape, or no closing quote (RFC 8259 §7)."),
        both("json-too-deep", .error, "Nesting too deep",
             "Arrays and objects nested deeper than the parser's limit of 128 levels; a coverage file needs five."),
        both("json-trailing-content", .error, "Text after the JSON value",
             "More text after the single top-level value: a JSON text is exactly one value (RFC 8259 §2)."),
        both("json-empty", .error, "Empty file",
             "No JSON value at all: the file is empty or only whitespace."),
        both("byte-order-mark", .warning, "UTF-8 byte order mark",
             "The file starts with a UTF-8 byte order mark. RFC 8259 §8.1: implementations \"MUST NOT add a byte order mark\"; readers may ignore it or reject the file."),
        both("fix-swap-axes-refused", .error, "Axes cannot be swapped",
             "Only from validate --fix --swap-axes: some first number is outside -90…90 or a ring is not all positions, so the file is left unswapped."),
    ]

    /// The GeoJSON object: type, members, coordinates structure (RFC 7946 §1.4, §3, §6.1, §7.1) and
    /// Apple's "one bare MultiPolygon".
    static let structure: [CoverageRule] = [
        both("root-not-object", .error, "Top level is not an object",
             "The top-level JSON value is not an object; a GeoJSON text is a single GeoJSON object (RFC 7946 §2)."),
        both("type-missing", .error, "No type member",
             "The GeoJSON object has no \"type\" member, which every GeoJSON object must have (RFC 7946 §3)."),
        both("type-not-string", .error, "Type is not a string",
             "The \"type\" member is not a string (RFC 7946 §3)."),
        both("type-wrong-case", .error, "Type name in the wrong case",
             "A type such as \"multipolygon\": GeoJSON type names are case-sensitive strings (RFC 7946 §1.4)."),
        both("type-unknown", .error, "Unknown type",
             "The \"type\" is not one of GeoJSON's nine types (RFC 7946 §1.4)."),
        both("geometry-type-unsupported", .error, "Not an area geometry",
             "A Point, MultiPoint, LineString, MultiLineString or GeometryCollection: coverage is an area, and Apple supports \"only MultiPolygon shapes … for routing apps\"."),
        CoverageRule(id: "feature-wrapper", apple: .error, geojson: nil, title: "Feature wrapper",
                     summary: "A Feature around the geometry. App Store Connect: \"The file can have only one MultiPolygon element\"; Apple supports only a bare MultiPolygon. Allowed in the geojson profile."),
        CoverageRule(id: "feature-collection-wrapper", apple: .error, geojson: nil, title: "FeatureCollection wrapper",
                     summary: "A FeatureCollection (as geojson.io writes) instead of one bare MultiPolygon, which is all Apple accepts. Allowed in the geojson profile."),
        CoverageRule(id: "polygon-not-multipolygon", apple: .error, geojson: nil, title: "Polygon instead of MultiPolygon",
                     summary: "A Polygon geometry. Apple: \"Use only MultiPolygon shapes … only MultiPolygon shapes are supported for routing apps.\" Allowed in the geojson profile."),
        both("forbidden-member", .error, "Member not allowed on a geometry",
             "A geometry object with a \"geometry\", \"properties\" or \"features\" member, which RFC 7946 §7.1 forbids."),
        CoverageRule(id: "member-missing", apple: nil, geojson: .error, title: "Feature member missing",
                     summary: "A Feature without \"geometry\" or \"properties\", or a FeatureCollection without \"features\" (RFC 7946 §3.2, §3.3)."),
        CoverageRule(id: "feature-no-geometry", apple: nil, geojson: .note, title: "Feature without geometry",
                     summary: "A Feature whose geometry is null (RFC 7946 §3.2 allows it): it covers nothing."),
        CoverageRule(id: "feature-point", apple: nil, geojson: .note, title: "Point feature",
                     summary: "A Point feature of a FeatureCollection, e.g. a marker or a finding of routingctl validate --format geojson: its position is checked (RFC 7946 §3.1.2); it covers no area."),
        both("foreign-member", .note, "Ignored member",
             "A member that is not part of the geometry, e.g. \"name\" or \"crs\": allowed as a foreign member (RFC 7946 §6.1) and ignored; \"crs\" was removed by RFC 7946 (Appendix B.1)."),
        both("bbox-ignored", .note, "bbox ignored",
             "The \"bbox\" member (RFC 7946 §5) is not used: the bounding box is computed from the coordinates, so a stale bbox changes nothing."),
        both("coordinates-missing", .error, "No coordinates",
             "The geometry has no \"coordinates\" member (RFC 7946 §3.1)."),
        both("coordinates-not-array", .error, "Coordinates not an array",
             "The \"coordinates\" member is not an array (RFC 7946 §3.1)."),
        both("coordinates-depth", .error, "Wrong nesting depth",
             "The coordinates are nested too shallow or too deep for the type: a MultiPolygon is polygons › rings › positions › numbers (RFC 7946 §3.1.7). Never reinterpreted as another type."),
        both("coordinates-structure", .error, "Not an array of polygons or rings",
             "A value that is not an array where a polygon or ring array belongs (RFC 7946 §3.1.6, §3.1.7)."),
        both("no-polygons", .error, "No polygons",
             "\"coordinates\": [] — a MultiPolygon with no polygon covers nothing. App Store Connect: \"MultiPolygon elements consist of at least one Polygon.\""),
        both("polygon-no-rings", .error, "Polygon without rings",
             "A polygon written as []: it has no exterior ring and covers nothing (RFC 7946 §3.1.6)."),
    ]

    /// Positions: shape, numbers, ranges and what they seem to mean (RFC 7946 §3.1.1, §4, §11.2).
    static let positions: [CoverageRule] = [
        both("position-invalid", .error, "Not a position",
             "A position that is not an array, or has fewer than 2 or more than 3 elements: a position is [longitude, latitude] or [longitude, latitude, altitude] (RFC 7946 §3.1.1)."),
        both("position-not-number", .error, "Position element not a number",
             "A position element that is not a number, e.g. the string \"0.5\" (RFC 7946 §3.1.1)."),
        both("longitude-out-of-range", .error, "Longitude out of range",
             "A longitude outside −180…180 degrees: coordinates are WGS 84 degrees (RFC 7946 §4), and areas across the antimeridian are cut in two (§3.1.9)."),
        both("latitude-out-of-range", .error, "Latitude out of range",
             "A latitude outside −90…90 degrees (RFC 7946 §4, §5.3); often a sign that [latitude, longitude] was written instead of [longitude, latitude]."),
        both("position-3d", .warning, "Altitude given",
             "A position with a third number (altitude). RFC 7946 §3.1.1 allows it, but coverage is two-dimensional and Apple's format has only longitude and latitude: the altitude is ignored."),
        both("excess-precision", .note, "More decimals than needed",
             "More than 7 decimals: finer than about 1 cm, far below what coverage needs. RFC 7946 §11.2: 6 decimals amount to about 10 cm, and more only make the file bigger."),
        both("axes-swapped", .warning, "Axes look swapped",
             "The positions look like [latitude, longitude]: read as written the area covers no populated place, read swapped it covers some (GeoNames gazetteer). Apple: \"Specify all coordinates as a longitude value followed by a latitude value.\""),
    ]

    /// Rings on their own: RFC 7946 §3.1.6, OGC Simple Features validity as GEOS `IsValidOp` checks
    /// it, and the antimeridian and pole cases.
    static let rings: [CoverageRule] = [
        both("ring-too-short", .error, "Ring with fewer than 4 positions",
             "A linear ring is \"a closed LineString with four or more positions\" (RFC 7946 §3.1.6); App Store Connect: \"Polygons contain at least four coordinate points.\""),
        both("ring-not-closed", .error, "Ring not closed",
             "The first and last positions of a ring differ. RFC 7946 §3.1.6: they \"MUST contain identical values\"; Apple: \"the first and last coordinate values must always be identical\"."),
        both("ring-too-few-points", .error, "Fewer than 3 distinct positions",
             "After consecutive repeats are collapsed, the ring has fewer than 3 distinct positions and cannot enclose an area (GEOS: \"Too few points in geometry component\")."),
        both("ring-zero-area", .error, "Ring encloses no area",
             "Three or more distinct positions, all on one straight line: the ring encloses no area, so the polygon covers nothing (OGC Simple Features)."),
        both("ring-spike", .error, "Spike",
             "The ring doubles back along itself (A→B→A, or an edge running back over the one before): a zero-width spike, which OGC Simple Features forbids (GEOS: \"Self-intersection\")."),
        both("ring-self-intersection", .error, "Ring crosses itself",
             "Two edges of one ring cross or overlap, e.g. a bow-tie or figure eight (GEOS: \"Self-intersection\"). Which side is covered is then unclear: readers disagree."),
        both("ring-self-touch", .error, "Ring touches itself",
             "The ring passes twice through the same point without crossing (GEOS: \"Ring Self-intersection\"); OGC Simple Features requires simple rings."),
        both("duplicate-position", .warning, "Repeated position",
             "A position equal to the one before it: a zero-length edge. Harmless to most readers but a common sign of a copy or digitising mistake."),
        both("ring-clockwise", .note, "Exterior ring clockwise",
             "An exterior ring that runs clockwise, against RFC 7946 §3.1.6's right-hand rule; RFC 7946 says parsers \"SHOULD NOT reject\" it and the covered area is the same."),
        CoverageRule(id: "hole-counterclockwise", apple: nil, geojson: .note, title: "Hole counter-clockwise",
                     summary: "A hole that runs counter-clockwise; RFC 7946 §3.1.6's right-hand rule wants holes clockwise but says parsers \"SHOULD NOT reject\" others. Holes are an error in the apple profile."),
        both("antimeridian-jump", .warning, "Edge jumps across the antimeridian",
             "An edge whose ends are more than 180° of longitude apart, neither on ±180°: probably meant to cross the antimeridian, but as written it runs the long way round the world. RFC 7946 §3.1.9: cut such areas in two."),
        both("polygon-touches-pole", .note, "Polygon reaches a pole",
             "A ring with a position at latitude ±90°. In longitude/latitude a pole is a line, not a point, so readers that use planar or spherical edges disagree about such areas (RFC 7946 §5.3)."),
    ]

    /// Holes (interior rings): forbidden by Apple, and in the geojson profile checked for OGC validity.
    static let holes: [CoverageRule] = [
        CoverageRule(id: "polygon-has-hole", apple: .error, geojson: nil, title: "Hole",
                     summary: "A polygon with more than one ring. Apple: \"Don't include holes in the polygons … not supported in Apple's maps implementation.\" Holes are allowed in the geojson profile."),
        both("rings-cross", .error, "Rings of a polygon cross",
             "Two rings of one polygon cross or share a segment (GEOS: \"Self-intersection\"); OGC Simple Features lets rings of a polygon touch only at single points."),
        CoverageRule(id: "hole-outside-shell", apple: nil, geojson: .error, title: "Hole outside its shell",
                     summary: "An interior ring that lies outside the polygon's exterior ring (GEOS: \"Hole lies outside shell\")."),
        CoverageRule(id: "holes-nested", apple: nil, geojson: .error, title: "Holes nested",
                     summary: "An interior ring inside another interior ring of the same polygon (GEOS: \"Holes are nested\")."),
        CoverageRule(id: "interior-disconnected", apple: nil, geojson: .error, title: "Interior disconnected",
                     summary: "Holes that touch the shell or each other so that they cut the polygon's interior in pieces (GEOS: \"Interior is disconnected\")."),
    ]

    /// The polygons of a MultiPolygon: Apple's limits, and OGC validity (an error only in the geojson
    /// profile: for Apple coverage is the union of the polygons).
    static let multiPolygon: [CoverageRule] = [
        CoverageRule(id: "too-many-polygons", apple: .error, geojson: nil, title: "More than 20 polygons",
                     summary: "More than 20 polygons. Apple: \"Limit the number of child polygons in your MultiPolygon shape to 20 or fewer.\""),
        CoverageRule(id: "too-many-points", apple: .warning, geojson: nil, title: "More than 20 points in a polygon",
                     summary: "A polygon with more than 20 points (closing repeats not counted). Apple: \"It's recommended that each polygon contain no more than 20 points\"; more is possible but inefficient."),
        CoverageRule(id: "polygons-overlap", apple: .note, geojson: .error, title: "Polygons overlap",
                     summary: "Two polygons of the MultiPolygon overlap. For Apple coverage is their union, so this is a note; OGC Simple Features and GEOS (\"Self-intersection\") call the MultiPolygon invalid."),
        CoverageRule(id: "polygons-nested", apple: .note, geojson: .error, title: "Polygon inside another",
                     summary: "One polygon of the MultiPolygon lies inside another. For Apple coverage is their union (the inner one adds nothing); GEOS: \"Nested shells\"."),
        CoverageRule(id: "polygons-share-edge", apple: .note, geojson: .error, title: "Polygons share an edge",
                     summary: "Two polygons of the MultiPolygon share a boundary segment. For Apple coverage is their union; OGC Simple Features and GEOS (\"Self-intersection\") call the MultiPolygon invalid."),
    ]
}
