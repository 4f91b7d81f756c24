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
        return try builder.build(request)
    }

    /// The travel-mode words of `format` (empty when it has none or no builder).
    public static func modeVocabulary(of format: LinkFormat) -> [ModeWord] {
        byFormat[format]?.modeVocabulary ?? []
    }
}
