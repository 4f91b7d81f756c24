// SPDX-License-Identifier: Apache-2.0
/// Text rules shared by the Apple and Google link types: mode-word look-up, and, when building,
/// writing an endpoint as free text that reads back as the same endpoint.
enum AppleGoogleLinkText {
    /// The word of `vocabulary` equal to `value`, both trimmed and lowercased (Unicode case mapping), or nil.
    static func word(_ value: String, in vocabulary: [ModeWord]) -> ModeWord? {
        let v = LinkInput.lowercased(DirectionsURLParser.trimmed(value))
        return vocabulary.first { LinkInput.lowercased($0.value) == v }
    }

    /// The words of `vocabulary`, for error messages: `driving, walking or transit`.
    static func list(_ vocabulary: [ModeWord]) -> String {
        let words = vocabulary.map(\.value)
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// The parser builders use to check how their text reads back (default literals, lenient).
    static let checker = DirectionsURLParser()

    /// An endpoint as free text: `latitude,longitude`, the address, or `Current Location`.
    static func text(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .coordinate(let c, _, _): LinkWriting.pair(c)
        case .currentLocation: "Current Location"
        case .address(let text, _): text
        }
    }

    /// `endpoint` without the label and/or place id the format cannot carry (one `omitted` line each).
    static func carried(
        _ endpoint: Endpoint, field: String, format: String, labels: Bool, placeIDs: Bool, omitted: inout [String]
    ) -> Endpoint {
        switch endpoint {
        case .currentLocation:
            return .currentLocation
        case .coordinate(let c, let label, let id):
            if label != nil && !labels { omitted.append("\(field) label: \(format) links carry no place names for coordinates") }
            if id != nil && !placeIDs { omitted.append("\(field) place id: \(format) links carry no place ids") }
            return .coordinate(c, label: labels ? label : nil, placeID: placeIDs ? id : nil)
        case .address(let text, let id):
            if id != nil && !placeIDs { omitted.append("\(field) place id: \(format) links carry no place ids") }
            return .address(text, placeID: placeIDs ? id : nil)
        }
    }

    /// Adds an `omitted` line when `read` (the format's own reading of the text) is not `expected`.
    static func verify(
        _ text: String, field: String, expected: Endpoint, read: Endpoint?, omitted: inout [String]
    ) {
        if read != expected {
            let what: String
            switch read {
            case .coordinate?: what = "a coordinate"
            case .currentLocation?: what = "the current location"
            case .address(let t, _)?: what = "the address '\(DirectionsURLParser.shorten(t))'"
            case nil: what = "an error"
            }
            omitted.append("\(field): '\(DirectionsURLParser.shorten(text))' reads back as \(what)")
        }
    }

    /// Whether a stop's text can be written: false (noted) for a waypoint whose text would not read
    /// back; for the source or destination, `cannot-express`.
    static func readable(
        _ text: String, field: String, read: Endpoint?, omitted: inout [String]
    ) throws(LinkBuildError) -> Bool {
        if read != nil { return true }
        let shown = DirectionsURLParser.shorten(text)
        if field.hasPrefix("waypoints") {
            omitted.append("\(field): '\(shown)' reads back as a malformed value; left out")
            return false
        }
        throw LinkBuildError(
            code: .cannotExpress, message: "'\(shown)' cannot be written as the \(field): it reads back as a malformed value",
            field: field)
    }

    /// Throws `cannot-express` when the destination is an address with no text.
    static func requireDestination(_ request: DirectionsRequest, format: String) throws(LinkBuildError) {
        if case .address(let text, _) = request.destination, DirectionsURLParser.trimmed(text).isEmpty {
            throw LinkBuildError(
                code: .cannotExpress, message: "the destination address is empty; \(format) links need a destination",
                field: "destination")
        }
    }

    /// Lines for what a format cannot carry: avoidances outside `avoid`, `navigate` when `navigate`
    /// is false, departure and arrival times.
    static func extras(
        _ request: DirectionsRequest, format: String, avoid: Set<RouteAvoidance>, navigate: Bool, omitted: inout [String]
    ) {
        for a in request.avoid.sorted() where !avoid.contains(a) {
            omitted.append("avoid \(a.rawValue): \(format) links cannot say it")
        }
        if request.navigate && !navigate { omitted.append("navigate: \(format) links cannot ask to start guidance") }
        if request.departureDate != nil { omitted.append("departure date: \(format) links carry no time") }
        if request.arrivalDate != nil { omitted.append("arrival date: \(format) links carry no time") }
    }

    /// The mode and transport type a vocabulary word means.
    static func meaning(_ word: ModeWord) -> (DirectionsMode?, TransportType?) { (word.mode, word.transportType) }

}

// MARK: - Byte versions

extension AppleGoogleLinkText {
    /// A format's mode vocabulary.
    struct ModeWords: Sendable {
        let vocabulary: [ModeWord]

        init(_ vocabulary: [ModeWord]) { self.vocabulary = vocabulary }
    }

    /// ``word(_:in:)-(String,_)`` of decoded bytes.
    static func word(_ value: LinkInput, in words: ModeWords) -> ModeWord? { word(value.string, in: words.vocabulary) }

    /// ASCII `text` without leading and trailing ASCII whitespace.
    @inline(__always)
    static func trimmedASCII(_ text: LinkInput) -> LinkInput {
        var a = 0
        var b = text.count
        while a < b && LinkInput.isASCIIWhitespace(text[a]) { a &+= 1 }
        while b > a && LinkInput.isASCIIWhitespace(text[b &- 1]) { b &-= 1 }
        return text.slice(a, b)
    }

    /// Whether the decoded value of `p` is blank; decided without decoding when it starts with visible
    /// ASCII other than `%` and `+`.
    @inline(__always)
    static func isBlankValue(_ p: LinkInput.Query.Parameter) -> Bool {
        if let f = p.rawValue.first, f > 0x20 && f < 0x7F && f != UInt8(ascii: "%") && f != UInt8(ascii: "+") { return false }
        return p.withValue { $0.isBlank }
    }
}
