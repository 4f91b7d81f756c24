/// Writes a ``DirectionsRequest`` as a link a routing app understands. Pure: no I/O.
///
/// Every format with a builder round-trips: parsing a built link gives back the request when
/// ``BuiltLink/omitted`` is empty, and building again from that parse gives the same text.
public enum DirectionsLinkBuilder {
    /// Every builder, one per format. Each format's type lives in its own file in `URLs/`.
    static let builders: [any DirectionsLinkBuilding.Type] = [
        DirectionsURLParser.AppleUnifiedLink.self,
        DirectionsURLParser.AppleMapsLink.self,
        DirectionsURLParser.GoogleMapsLink.self,
        DirectionsURLParser.GoogleLegacyLink.self,
        DirectionsURLParser.ComGoogleMapsLink.self,
        DirectionsURLParser.GoogleNavigationIntent.self,
        DirectionsURLParser.GeoURI.self,
        OpenStreetMapLink.self,
        OsmAndLink.self,
        OsmAndAPILink.self,
        OrganicMapsLink.self,
        Ge0Link.self,
        WazeLink.self,
        CitymapperLink.self,
        BingMapsLink.self,
        HereLink.self,
        YandexMapsLink.self,
        TwoGISLink.self,
        MoovitLink.self,
    ]

    private static let byFormat: [LinkFormat: any DirectionsLinkBuilding.Type] = {
        var table: [LinkFormat: any DirectionsLinkBuilding.Type] = [:]
        for builder in builders { table[builder.format] = builder }
        return table
    }()

    /// The formats a request can be written in, in ``LinkFormat`` order.
    public static var formats: [LinkFormat] { LinkFormat.allCases.filter { byFormat[$0] != nil } }

    /// Writes `request` as a link in `format`.
    /// - Throws: ``LinkBuildError`` `unsupported-format` for a parse-only format, `cannot-express`
    ///   when the format cannot carry the request's destination or fixed parts.
    public static func build(_ request: DirectionsRequest, as format: LinkFormat) throws(LinkBuildError) -> BuiltLink {
        guard let builder = byFormat[format] else {
            throw LinkBuildError(
                code: .unsupportedFormat,
                message: "routingd reads \(format.rawValue) links but does not write them; use one of "
                    + formats.map(\.rawValue).joined(separator: ", "),
                field: nil)
        }
        // Every reader trims names and addresses, so they are written trimmed (said in `omitted`):
        // otherwise build → parse → build would change the text (a ge0 name ending in an encoded
        // space read back by the Google legacy format, issue 14).
        var trimmed: [String] = []
        let written = trimmedTexts(request, notes: &trimmed)
        var built = try builder.build(written)
        built.omitted = trimmed + built.omitted
        return built
    }

    /// `request` with each endpoint's label and address text without leading and trailing
    /// whitespace (``DirectionsURLParser/trimmed(_:)``, as the readers trim); a blank label is
    /// dropped. One `notes` line per endpoint changed.
    static func trimmedTexts(_ request: DirectionsRequest, notes: inout [String]) -> DirectionsRequest {
        func trim(_ endpoint: Endpoint, _ field: String) -> Endpoint {
            switch endpoint {
            case .currentLocation:
                return endpoint
            case .coordinate(let c, let label?, let id):
                let t = DirectionsURLParser.trimmed(label)
                if t.utf8.count == label.utf8.count { return endpoint }
                notes.append("\(field) label: spaces and line breaks at its ends are not kept; written as '\(DirectionsURLParser.shorten(t))'")
                return .coordinate(c, label: t.isEmpty ? nil : t, placeID: id)
            case .coordinate:
                return endpoint
            case .address(let text, let id):
                let t = DirectionsURLParser.trimmed(text)
                if t.utf8.count == text.utf8.count { return endpoint }
                notes.append("\(field): spaces and line breaks at the ends of the address are not kept; written as '\(DirectionsURLParser.shorten(t))'")
                return .address(t, placeID: id)
            }
        }
        var out = request
        out.source = trim(request.source, "source")
        out.destination = trim(request.destination, "destination")
        out.waypoints = request.waypoints.enumerated().map { trim($1, "waypoints[\($0)]") }
        return out
    }

    /// The travel-mode words of `format` (empty when it has none or no builder).
    public static func modeVocabulary(of format: LinkFormat) -> [ModeWord] {
        byFormat[format]?.modeVocabulary ?? []
    }
}
