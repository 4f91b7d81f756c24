// SPDX-License-Identifier: Apache-2.0
/// What a format parser works with: the parser's settings, and the warnings of a lenient parse.
struct ParseContext {
    let parser: DirectionsURLParser
    /// The format that matched; set by the format's parser when it is more specific than its family.
    var format: LinkFormat
    var warnings: [DirectionsURLWarning] = []

    /// Records a repair (`message`: what and how to fix it): a warning, or when ``DirectionsURLParser/strict`` the error.
    mutating func repair(_ code: DirectionsURLError.Code, _ message: String, parameter: String?) throws(DirectionsURLError) {
        if parser.strict { throw DirectionsURLError(code, parameter, message + " (strict mode: repairs are errors)") }
        warnings.append(DirectionsURLWarning(code, parameter, message))
    }

    /// A map view's centre as the destination: precision `approximate`, with a `viewport-as-destination`
    /// warning (strict: the error). `view` quotes the view as the link wrote it (`#map=17/48.85/2.29`).
    mutating func mapViewDestination(_ centre: Coordinate, view: String, parameter: String?) throws(DirectionsURLError) -> Endpoint {
        if parser.strict {
            throw DirectionsURLError(.viewportAsDestination, parameter, "the link shows only a map view ('\(view)'), no place or pin, "
                + "so it has no destination in strict mode; share a place or a pin, or parse leniently to go to the map's centre")
        }
        try repair(.viewportAsDestination, "the link shows only a map view ('\(view)'), no place or pin; its centre "
            + "\(centre) is taken as the destination, approximately; share a place or a pin for an exact one", parameter: parameter)
        return .coordinate(centre, label: nil, precision: .approximate)
    }
}

/// One form of link a format reads, for the docs' generated table of forms and the tests that parse
/// every example (``DirectionsLinkFormat/forms``).
struct LinkForm: Sendable {
    /// What the link names: a route (a destination and maybe a source and stops), one place (a pin,
    /// a marker, a place page: a destination from the current location), or only a map view (its
    /// centre becomes an approximate destination, with a `viewport-as-destination` warning).
    enum Kind: String, Sendable { case route, place, mapView = "map view" }

    var kind: Kind
    /// The form's shape as people write it, such as `/maps/place/NAME/@…/data=…!3d<lat>!4d<lon>`.
    var shape: String
    /// A link of this form, with our own coordinates and names; it parses leniently as the format.
    var example: String

    init(_ kind: Kind, _ shape: String, _ example: String) {
        (self.kind, self.shape, self.example) = (kind, shape, example)
    }
}

/// A directions-link format's type: which links it takes, how it reads them and how it writes a request.
/// ``DirectionsLinkFormats/all`` lists each once, for the parser, the builder and the docs tables. Parameters
/// are declared in a ``ParameterSchema``.
protocol DirectionsLinkFormat: SendableMetatype {
    /// The format written, and recorded for a link read unless ``parse(_:_:)`` sets a more specific one.
    static var format: LinkFormat { get }
    /// Match: lowercase schemes handled outright (`geo`, `om`, `bingmaps`); none for web-only
    /// formats and for a format read through its family's type (Apple unified through Apple Maps).
    static var schemes: [String] { get }
    /// Match: lowercase http(s) hosts handled (exact match).
    static var hosts: [String] { get }
    /// Match: host patterns a list cannot hold (Google's and Yandex's country domains).
    static func handles(host: String) -> Bool
    /// What ``handles(host:)`` matches, for the unknown-host message: `google.<country>`, `yandex.<tld>`.
    static var hostPatterns: [String] { get }
    /// Reads `link`, a link the match above sent here.
    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest
    /// The format's travel-mode words, for its parser, its builder and the docs.
    static var modeVocabulary: [ModeWord] { get }
    /// Writes `request` as a link, with what the format could not carry (``BuiltLink/omitted``).
    /// - Throws: ``LinkBuildError`` when the format cannot carry the request at all.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink
    /// Every form of link the format reads, for the docs and the tests (each example is parsed).
    static var forms: [LinkForm] { get }
}

extension DirectionsLinkFormat {
    static var forms: [LinkForm] { [] }
    static var schemes: [String] { [] }
    static var hosts: [String] { [] }
    static func handles(host: String) -> Bool { false }
    static var hostPatterns: [String] { [] }
}

/// Every directions-link format, once (no scheme or host is claimed twice), in the fuzz tests' seed order.
enum DirectionsLinkFormats {
    static let all: [any DirectionsLinkFormat.Type] = [
        DirectionsURLParser.GeoURI.self,
        DirectionsURLParser.AppleMapsLink.self,
        DirectionsURLParser.AppleUnifiedLink.self,
        DirectionsURLParser.GoogleMapsLink.self,
        DirectionsURLParser.GoogleLegacyLink.self,
        DirectionsURLParser.ComGoogleMapsLink.self,
        DirectionsURLParser.GoogleNavigationIntent.self,
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
        DirectionsURLParser.GooglePlaceLink.self,
        DirectionsURLParser.GooglePathLink.self,
        MagicEarthLink.self,
        MapyLink.self,
    ]
}

/// A link built from a request.
public struct BuiltLink: Hashable, Sendable {
    public var url: String
    public var format: LinkFormat
    /// What the request said that this format cannot carry, one line each; empty when parsing ``url`` gives it back.
    public var omitted: [String]

    public init(url: String, format: LinkFormat, omitted: [String] = []) {
        self.url = url
        self.format = format
        self.omitted = omitted
    }
}

/// Why a request cannot be written in a format.
public struct LinkBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable ids: no builder exists for the format (`unsupported-format`: it is parse-only, like
    /// `.mkdirectionsrequest`); the format cannot express a part of the request that cannot be dropped.
    public enum Code: String, Sendable, CaseIterable { case unsupportedFormat = "unsupported-format", cannotExpress = "cannot-express" }

    public var code: Code
    public var message: String
    /// The request field at fault: `source`, `destination`, `waypoints[1]`, `mode`, … or nil.
    public var field: String?

    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = OneLine.escaped(message)  // one line: it may quote a label or an address
        self.field = field
    }

    public var description: String { field.map { "\(code.rawValue) (\($0)): \(message)" } ?? "\(code.rawValue): \(message)" }

    /// `cannot-express` naming `field`.
    static func cannot(_ field: String, _ message: String) -> LinkBuildError { LinkBuildError(code: .cannotExpress, message: message, field: field) }
}

typealias PercentDecoding = DirectionsURLParser.PercentDecoding
typealias CoordinateText = DirectionsURLParser.CoordinateText
