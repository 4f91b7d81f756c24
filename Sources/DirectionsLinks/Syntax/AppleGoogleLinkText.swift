// SPDX-License-Identifier: Apache-2.0
/// Rules shared by the Apple and Google link types: mode and `avoid` words, place ids, the `daddr`
/// errors, and, when building, writing an endpoint as free text that reads back as the same endpoint.
enum AppleGoogleLinkText {
    /// The word of `vocabulary` equal to `value` trimmed and lowercased (Unicode case mapping), or nil.
    static func word(_ value: LinkInput, in vocabulary: [ModeWord]) -> ModeWord? {
        let v = LinkInput.lowercased(DirectionsURLParser.trimmed(value.string))
        return vocabulary.first { $0.value == v }
    }

    /// The words of `vocabulary` (two or more), for error messages: `driving, walking or transit`.
    static func list(_ vocabulary: [ModeWord]) -> String {
        vocabulary.dropLast().map(\.value).joined(separator: ", ") + " or " + (vocabulary.last?.value ?? "")
    }

    /// The word of `words` the single parameter `p` names (by ``word(_:in:)``); nil when absent or blank.
    /// - Throws: `unknown-mode` naming `name`: `'NAME=VALUE' is not WHAT; use …`.
    static func mode(
        _ p: LinkInput.Query.Parameter?, _ name: String, _ words: [ModeWord], what: String
    ) throws(DirectionsURLError) -> ModeWord? {
        guard let p else { return nil }
        let found: ModeWord?? = p.withValue { v in v.isBlank ? nil : .some(word(v, in: words)) }
        guard let found else { return nil }
        guard let word = found else { throw DirectionsURLError(.unknownMode, name, "'\(name)=\(p.value)' is not \(what); use " + list(words)) }
        return word
    }

    /// The avoidances among `known` an `avoid` value names: decoded, split on `,`, each word trimmed and
    /// lowercased (Unicode case mapping for non-ASCII text), blank words left out; another word is an
    /// `ignored-value` repair, `unknown(word)` its message. Non-ASCII words are trimmed as bytes, or
    /// with `asText` as text (Apple's reading; the two differ only for invalid UTF-8).
    static func avoidances(
        _ p: LinkInput.Query.Parameter?, known: Set<RouteAvoidance>, asText: Bool = false, _ context: inout ParseContext,
        unknown: (String) -> String
    ) throws(DirectionsURLError) -> Set<RouteAvoidance> {
        var avoid: Set<RouteAvoidance> = []
        try p?.withValue { (value) throws(DirectionsURLError) in
            for piece in value.pieces(separatedBy: UInt8(ascii: ",")) {
                let t = piece.trimmed
                if t.isEmpty { continue }
                let word = t.isASCII ? t.lowercasedASCII : (asText ? DirectionsURLParser.trimmed(piece.string) : t.string).lowercased()
                guard let a = RouteAvoidance(rawValue: word), known.contains(a) else {
                    try context.repair(.ignoredValue, unknown(word), parameter: "avoid")
                    continue
                }
                avoid.insert(a)
            }
        }
        return avoid
    }

    /// The source (`source.name`, absent: the current location) and `destination` of an Apple unified or Google
    /// `api=1` query, each with its place id (on the current location an `ignored-value` repair); `typos` as `warnAbsentTypos`.
    /// - Throws: `missing-destination`, naming a likely typo.
    static func endpoints(
        _ slots: ParameterSchema.Slots, _ schema: ParameterSchema, source: (name: String, id: String, why: String), destinationID: String,
        typos: [String], _ context: inout ParseContext
    ) throws(DirectionsURLError) -> (source: Endpoint, destination: Endpoint) {
        guard let d = try slots.single("destination"), !isBlankValue(d) else {
            guard slots.contains("destination") else {
                throw schema.missing("'destination'", "destination", in: slots.query, add: "destination=<address or latitude,longitude>")
            }
            throw DirectionsURLError(
                .missingDestination, "destination", "'destination' is empty; give an address, place name or 'latitude,longitude'")
        }
        var destination = try d.endpoint(context.parser, parameter: "destination")
        try schema.warnAbsentTypos(typos, slots, &context)
        var from = try slots.single(source.name)?.endpoint(context.parser, parameter: source.name, source: true) ?? .currentLocation
        func attach(_ key: String, to endpoint: inout Endpoint, _ why: String) throws(DirectionsURLError) {
            guard let id = try slots.single(key)?.trimmedValue else { return }
            guard endpoint != .currentLocation else { return try context.repair(.ignoredValue, "'\(key)' " + why, parameter: key) }
            endpoint = endpoint.withPlaceID(id)
        }
        try attach(source.id, to: &from, source.why)
        try attach(destinationID, to: &destination, "cannot name the current location; leave it out")
        return (from, destination)
    }

    /// The `missing-destination` error of a `format` link without `daddr`, naming the likely typo `hint`.
    static func missingDaddr(_ format: String, hint: String?) -> DirectionsURLError {
        DirectionsURLError(
            .missingDestination, "daddr",
            "this \(format) has no 'daddr'" + (hint.map { " (the destination); \($0)" } ?? "; add daddr=<address or latitude,longitude>"))
    }

    /// The `missing-destination` error of a blank `daddr`.
    static let emptyDaddr = DirectionsURLError(
        .missingDestination, "daddr", "'daddr' is empty; give the destination as an address or 'latitude,longitude'")

    /// Whether the decoded value of `p` is blank; decided without decoding when it starts with visible ASCII other than `%` and `+`.
    @inline(__always)
    static func isBlankValue(_ p: LinkInput.Query.Parameter) -> Bool {
        if let f = p.rawValue.first, f > 0x20 && f < 0x7F && f != UInt8(ascii: "%") && f != UInt8(ascii: "+") { return false }
        return p.withValue { $0.isBlank }
    }

    /// The parser builders use to check how their text reads back (default literals, lenient).
    static let checker = DirectionsURLParser()

    /// Writes `request` as `prefix` and the query of `pairs` (`name`: the format in messages). `omitted` gets what
    /// `pairs` notes, then avoidances outside `avoid`, `navigate` unless `navigate`, departure and arrival times.
    static func build(
        _ request: DirectionsRequest, _ format: LinkFormat, name: String, prefix: String, avoid: Set<RouteAvoidance>,
        navigate: Bool, _ pairs: (inout [String]) throws(LinkBuildError) -> [(String, String)]
    ) throws(LinkBuildError) -> BuiltLink {
        if case .address(let text, _) = request.destination, DirectionsURLParser.trimmed(text).isEmpty {
            throw LinkBuildError.cannot("destination", "the destination address is empty; \(name) links need a destination")
        }
        var omitted: [String] = []
        let query = try pairs(&omitted)
        for a in request.avoid.sorted() where !avoid.contains(a) { omitted.append("avoid \(a.rawValue): \(name) links cannot say it") }
        if request.navigate && !navigate { omitted.append("navigate: \(name) links cannot ask to start guidance") }
        if request.departureDate != nil { omitted.append("departure date: \(name) links carry no time") }
        if request.arrivalDate != nil { omitted.append("arrival date: \(name) links carry no time") }
        return BuiltLink(url: prefix + LinkWriting.query(query), format: format, omitted: omitted)
    }

    /// The `parameter=word` pair of the request's mode (``LinkWriting/modeWord(for:in:format:omitted:)``), if any.
    static func modePair(_ request: DirectionsRequest, _ vocabulary: [ModeWord], _ name: String, _ omitted: inout [String]) -> [(String, String)] {
        LinkWriting.modeWord(for: request, in: vocabulary, format: name, omitted: &omitted).map { [($0.parameter, $0.value)] } ?? []
    }

    /// `endpoint` as free text (`latitude,longitude`, with `labels` `Label@latitude,longitude`, the address,
    /// or `Current Location`) and the place id the format carries; nil for the current location as the source,
    /// or a waypoint whose text does not read back. What the format cannot carry, and text that reads back as
    /// another endpoint, are `omitted` lines. `rewrite` may replace text that would split (then not compared);
    /// `googleStops`: read back as ``DirectionsURLParser/GoogleStopText`` reads (default: ``checker``'s reading).
    /// - Throws: `cannot-express` when the source's or destination's text does not read back.
    static func written(
        _ endpoint: Endpoint, field: String, format: String, source: Bool = false, labels: Bool = false, placeIDs: Bool,
        omitted: inout [String], rewrite: (String, inout [String]) -> String? = { _, _ in nil }, googleStops: Bool = false
    ) throws(LinkBuildError) -> (text: String, placeID: String?)? {
        var expected = endpoint.withPlaceID(nil)
        var text = "Current Location"
        switch endpoint {
        case .currentLocation:
            if source { return nil }
        case .coordinate(let c, let label, _, _):
            if label != nil && !labels { omitted.append("\(field) label: \(format) links carry no place names for coordinates") }
            expected = .coordinate(c, label: labels ? label : nil)
            text = (labels ? label.map { $0 + "@" } ?? "" : "") + LinkWriting.pair(c)
        case .address(let t, _): text = t
        }
        if endpoint.placeID != nil && !placeIDs { omitted.append("\(field) place id: \(format) links carry no place ids") }
        let rewritten = rewrite(text, &omitted)
        text = rewritten ?? text
        let back = LinkInput.withBytes(of: text) { (bytes) -> Endpoint? in
            if googleStops { return try? DirectionsURLParser.GoogleStopText.endpoint(bytes, parameter: field, source: source, parser: checker) }
            return try? checker.stopEndpoint(bytes, parameter: field, source: source)
        }
        let shown = DirectionsURLParser.shorten(text)
        guard let back else {
            if field.hasPrefix("waypoints") {
                omitted.append("\(field): '\(shown)' reads back as a malformed value; left out")
                return nil
            }
            throw LinkBuildError.cannot(field, "'\(shown)' cannot be written as the \(field): it reads back as a malformed value")
        }
        if rewritten == nil && back != expected {
            let what = switch back {
            case .coordinate: "a coordinate"
            case .currentLocation: "the current location"
            case .address(let t, _): "the address '\(DirectionsURLParser.shorten(t))'"
            }
            omitted.append("\(field): '\(shown)' reads back as \(what)")
        }
        return (text, placeIDs ? endpoint.placeID : nil)
    }
}

extension Endpoint {
    /// The same endpoint with `id` as its place id (the current location has none).
    func withPlaceID(_ id: String?) -> Endpoint {
        switch self {
        case .coordinate(let c, let label, _, let precision): .coordinate(c, label: label, placeID: id, precision: precision)
        case .address(let text, _): .address(text, placeID: id)
        case .currentLocation: .currentLocation
        }
    }
}
