/// Text rules shared by the Apple and Google link types (`AppleMapsLink`, `AppleUnifiedLink`,
/// `GoogleMapsLink`, `GoogleLegacyLink`, `ComGoogleMapsLink`, `GoogleNavigationIntent`): looking a
/// travel-mode word up in a format's vocabulary table, and, while building, writing an endpoint as
/// free text and checking that the text reads back as the same endpoint.
enum AppleGoogleLinkText {
    /// The word of `vocabulary` equal to `value` (trimmed, ASCII case ignored), or nil.
    static func word(_ value: String, in vocabulary: [ModeWord]) -> ModeWord? {
        let v = DirectionsURLParser.trimmed(value).lowercased()
        return vocabulary.first { $0.value.lowercased() == v }
    }

    /// The words of `vocabulary`, for error messages: `driving, walking or transit`.
    static func list(_ vocabulary: [ModeWord]) -> String {
        let words = vocabulary.map(\.value)
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// One `likely-typo` repair for each parameter of `optional` that is absent while an unknown
    /// parameter looks like a misspelling of it (`travelmod` for `travelmode`): the link is still
    /// usable, but the misspelt parameter is ignored. Parameters in `known` are never suspects.
    static func typoWarnings(
        _ query: QueryString, optional: [String], known: Set<String>, _ context: inout ParseContext
    ) throws(DirectionsURLError) {
        for expected in optional where !query.contains(expected) {
            if let hint = DirectionsURLParser.typoHint(in: query, for: expected, known: known, aliases: []) {
                try context.repair(.likelyTypo, hint + " It was ignored.", parameter: expected)
            }
        }
    }

    /// The parser builders use to check how their text reads back (default literals, lenient).
    static let checker = DirectionsURLParser()

    /// An endpoint as free text: `latitude,longitude` for a coordinate, the text of an address, and
    /// `Current Location` (one of the default literals) for the current location.
    static func text(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .coordinate(let c, _, _): LinkWriting.pair(c)
        case .currentLocation: "Current Location"
        case .address(let text, _): text
        }
    }

    /// `endpoint` without the label and/or place id the format cannot carry; each drop adds one
    /// line to `omitted`.
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

    /// Whether a stop's text can be written at all: false (with an `omitted` line) for a waypoint whose
    /// text the format cannot read back (it is left out); for the source or destination, `cannot-express`.
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

    /// Lines for the request fields a format cannot carry: avoidances outside `avoid`, `navigate`
    /// when `navigate` is false, departure and arrival times.
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
