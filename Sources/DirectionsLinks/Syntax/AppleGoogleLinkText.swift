// SPDX-License-Identifier: Apache-2.0
/// Rules shared by the Apple and Google link types: mode and `avoid` words, place ids, the `daddr`
/// errors, and, when building, writing an endpoint as free text that reads back as the same endpoint.
enum AppleGoogleLinkText {
    /// The word of `vocabulary` (lowercase words) equal to `value` trimmed and lowercased (Unicode case mapping), or nil.
    static func word(_ value: LinkInput, in vocabulary: [ModeWord]) -> ModeWord? {
        let v = LinkInput.lowercased(DirectionsURLParser.trimmed(value.string))
        return vocabulary.first { $0.value == v }
    }

    /// The words of `vocabulary`, for error messages: `driving, walking or transit`.
    static func list(_ vocabulary: [ModeWord]) -> String {
        let words = vocabulary.map(\.value)
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
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

    /// Calls `body` with each word of an `avoid` value: decoded, split on `,`, trimmed, lowercased
    /// (Unicode case mapping for non-ASCII text); blank words are left out. Non-ASCII words are trimmed
    /// as bytes, or with `asText` as text (Apple's reading; the two differ only for invalid UTF-8).
    static func forEachAvoidWord(
        _ p: LinkInput.Query.Parameter, asText: Bool = false, _ body: (String) throws(DirectionsURLError) -> Void
    ) throws(DirectionsURLError) {
        try p.withValue { (value) throws(DirectionsURLError) in
            for piece in value.pieces(separatedBy: UInt8(ascii: ",")) {
                let word = piece.trimmed
                if word.isEmpty { continue }
                try body(word.isASCII ? word.lowercasedASCII : (asText ? DirectionsURLParser.trimmed(piece.string) : word.string).lowercased())
            }
        }
    }

    /// Gives `endpoint` the trimmed place id of the single parameter `key` when not blank; for the
    /// current location, an `ignored-value` repair `'KEY' why` instead.
    static func attachPlaceID(
        _ keys: ParameterSchema.Slots, _ key: String, to endpoint: inout Endpoint, _ why: String, _ context: inout ParseContext
    ) throws(DirectionsURLError) {
        guard let id = try keys.single(key)?.trimmedValue else { return }
        if endpoint == .currentLocation {
            try context.repair(.ignoredValue, "'\(key)' " + why, parameter: key)
        } else {
            endpoint = endpoint.withPlaceID(id)
        }
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

    /// Whether the decoded value of `p` is blank; decided without decoding when it starts with visible
    /// ASCII other than `%` and `+`.
    @inline(__always)
    static func isBlankValue(_ p: LinkInput.Query.Parameter) -> Bool {
        if let f = p.rawValue.first, f > 0x20 && f < 0x7F && f != UInt8(ascii: "%") && f != UInt8(ascii: "+") { return false }
        return p.withValue { $0.isBlank }
    }

    // MARK: - Building

    /// The parser builders use to check how their text reads back (default literals, lenient).
    static let checker = DirectionsURLParser()

    /// Writes `request` as `prefix` and the query of `pairs`, after the `cannot-express` check of an
    /// empty destination address (`name` the format in messages). `omitted` gets what `pairs` notes,
    /// then avoidances outside `avoid`, `navigate` unless `navigate`, departure and arrival times.
    static func build(
        _ request: DirectionsRequest, _ format: LinkFormat, name: String, prefix: String, avoid: Set<RouteAvoidance>,
        navigate: Bool, _ pairs: (inout [String]) throws(LinkBuildError) -> [(String, String)]
    ) throws(LinkBuildError) -> BuiltLink {
        if case .address(let text, _) = request.destination, DirectionsURLParser.trimmed(text).isEmpty {
            throw LinkBuildError(
                code: .cannotExpress, message: "the destination address is empty; \(name) links need a destination", field: "destination")
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

    /// `endpoint` as free text (`latitude,longitude`, with `labels` `Label@latitude,longitude`, the
    /// address, or `Current Location`) and the place id the format carries; nil for the current
    /// location as the source, or for a waypoint whose text does not read back (an `omitted` line).
    /// A label or place id the format cannot carry is an `omitted` line; so is text that reads back
    /// as another endpoint. `rewrite` may replace text that would split (noting why; it is then not
    /// compared); `read` is the format's reading (default: ``checker``'s source or stop reading).
    /// - Throws: `cannot-express` when the source's or destination's text does not read back.
    static func written(
        _ endpoint: Endpoint, field: String, format: String, source: Bool = false, labels: Bool = false, placeIDs: Bool,
        omitted: inout [String], rewrite: (String, inout [String]) -> String? = { _, _ in nil },
        read: ((String) -> Endpoint?)? = nil
    ) throws(LinkBuildError) -> (text: String, placeID: String?)? {
        var expected = endpoint
        var text = "Current Location"
        switch endpoint {
        case .currentLocation:
            if source { return nil }
        case .coordinate(let c, let label, let id):
            if label != nil && !labels { omitted.append("\(field) label: \(format) links carry no place names for coordinates") }
            if id != nil && !placeIDs { omitted.append("\(field) place id: \(format) links carry no place ids") }
            expected = .coordinate(c, label: labels ? label : nil, placeID: placeIDs ? id : nil)
            text = (labels ? label.map { $0 + "@" } ?? "" : "") + LinkWriting.pair(c)
        case .address(let t, let id):
            if id != nil && !placeIDs { omitted.append("\(field) place id: \(format) links carry no place ids") }
            expected = .address(t, placeID: placeIDs ? id : nil)
            text = t
        }
        let rewritten = rewrite(text, &omitted)
        text = rewritten ?? text
        let back = read.map { $0(text) } ?? LinkInput.withBytes(of: text) {
            source ? try? checker.sourceEndpoint($0, parameter: field) : try? checker.stopEndpoint($0, parameter: field)
        }
        let shown = DirectionsURLParser.shorten(text)
        guard let back else {
            if field.hasPrefix("waypoints") {
                omitted.append("\(field): '\(shown)' reads back as a malformed value; left out")
                return nil
            }
            throw LinkBuildError(
                code: .cannotExpress, message: "'\(shown)' cannot be written as the \(field): it reads back as a malformed value", field: field)
        }
        if rewritten == nil && back != expected.withPlaceID(nil) {
            let what: String
            switch back {
            case .coordinate: what = "a coordinate"
            case .currentLocation: what = "the current location"
            case .address(let t, _): what = "the address '\(DirectionsURLParser.shorten(t))'"
            }
            omitted.append("\(field): '\(shown)' reads back as \(what)")
        }
        return (text, expected.placeID)
    }
}

extension Endpoint {
    /// The same endpoint with `id` as its place id (the current location has none).
    func withPlaceID(_ id: String?) -> Endpoint {
        switch self {
        case .coordinate(let c, let label, _): .coordinate(c, label: label, placeID: id)
        case .address(let text, _): .address(text, placeID: id)
        case .currentLocation: .currentLocation
        }
    }
}
