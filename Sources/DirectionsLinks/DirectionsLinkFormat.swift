// SPDX-License-Identifier: Apache-2.0
/// The parts every directions-link format shares: the split link, the parse context that collects
/// warnings, and the two protocols a format's type conforms to.

/// A link split by RFC 3986 §3 into its parts, without percent-decoding anything.
///
/// `scheme` is lowercased. When the link has an authority (`scheme://host…`), `host` is the lowercased
/// host without port, userinfo-free check left to the format (userinfo stays in the host so that
/// `evil@maps.apple.com` never matches a known host), and without a trailing dot; otherwise `host` is
/// empty and `path` is everything up to `?` (for `geo:48.2,16.3;u=40`, the path is `48.2,16.3;u=40`).
///
/// The parts are ``ByteText`` slices of the link's bytes (``bytes``), valid during the parse only.
struct LinkText {
    /// The scheme, lowercased (`https`, `geo`, `om`).
    var scheme: String
    /// Whether `rest` starts with `//` (a hierarchical link with an authority).
    var hasAuthority: Bool
    /// The host, lowercased, without port and trailing dot; empty without an authority.
    var host: String
    /// Whether the link has a `?`.
    var hasQuery: Bool
    /// The index of ``host`` in ``DirectionsURLParser/hostEntries``, or -1 when it is not a known host.
    var hostEntry: Int
    /// The raw parts, as bytes of ``original``.
    var bytes: Parts

    /// The raw parts of a link, as bytes (still percent-encoded).
    struct Parts {
        /// The whole link.
        var link: ByteText
        /// Everything after `scheme:`.
        var rest: ByteText
        /// The host as written (any case), without port and trailing dot; empty without an
        /// authority. Compare with `equalsIgnoringCase`.
        var host: ByteText
        /// The path.
        var path: ByteText
        /// The query after `?`; empty when there is no `?` (see ``LinkText/hasQuery``).
        var query: ByteText
        /// The fragment after `#`, or nil.
        var fragment: ByteText?
    }

    /// Everything after `scheme:`, raw.
    var rest: Substring { substring(bytes.rest) }
    /// The path, raw (still percent-encoded).
    var path: Substring { substring(bytes.path) }
    /// The query after `?`, raw; empty when there is no `?` (see ``hasQuery``).
    var query: Substring { substring(bytes.query) }
    /// The fragment after `#`, raw, or nil.
    var fragment: Substring? { bytes.fragment.map { substring($0) } }

    /// `part` (a slice of ``bytes``' link) as a `Substring` (of a new string holding only `part`;
    /// for the `Character` readings of non-ASCII text).
    func substring(_ part: ByteText) -> Substring {
        Substring(part.string)
    }

    /// Splits the link whose bytes are `link` (pinned by the caller for the whole parse) after the
    /// colon at byte offset `colon`; with `lookUpHost` (http and https links, dispatched by host),
    /// finds the host in the table of known hosts (``hostEntry``), else leaves it -1.
    init(link: ByteText, scheme: String, colon: Int, lookUpHost: Bool) {
        let rest = link.suffix(from: colon &+ 1)
        let bytes = rest.bytes
        let n = bytes.count
        var pos = 0
        var host = ""
        var hostEntry = -1
        var authority = false
        var hostText = rest.slice(0, 0)
        if n >= 2 && bytes[0] == UInt8(ascii: "/") && bytes[1] == UInt8(ascii: "/") {
            authority = true
            // The authority ends at the first '/', '?' or '#'.
            let a = UTF8Text.firstOffset(of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes, from: 2, to: n)
            // Without a numeric port (`:8080`, also a bare `:`) and without one trailing dot.
            var hostEnd = a
            var j = a
            while j > 2 {
                let b = bytes[j &- 1]
                if b == UInt8(ascii: ":") {
                    hostEnd = j &- 1
                    break
                }
                guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else { break }
                j &-= 1
            }
            if hostEnd > 2 && bytes[hostEnd &- 1] == UInt8(ascii: ".") { hostEnd &-= 1 }
            let hostBytes = rest.slice(2, hostEnd)
            hostText = hostBytes
            // A known host (the usual case) is its table's literal: nothing is built.
            if lookUpHost { hostEntry = DirectionsURLParser.hostEntry(hostBytes.bytes) }
            if hostEntry >= 0 {
                host = DirectionsURLParser.hostEntries[hostEntry].name
            } else if !hostBytes.isASCII {
                host = hostBytes.string.lowercased()
            } else if !hostBytes.isLowercaseASCII {
                host = hostBytes.lowercasedASCII
            } else {
                host = hostBytes.string
            }
            pos = a
        }
        // The first '?' or '#' after the authority; a '#' after the '?' ends the query.
        let (q, hash) = UTF8Text.queryAndFragment(in: bytes, from: pos, to: n)
        let end = hash
        self.scheme = scheme
        self.hasAuthority = authority
        self.host = host
        self.hasQuery = q < end
        self.hostEntry = hostEntry
        self.bytes = Parts(
            link: link,
            rest: rest,
            host: hostText,
            path: rest.slice(pos, min(q, end)),
            query: q < end ? rest.slice(q &+ 1, end) : rest.slice(end, end),
            fragment: hash < n ? rest.slice(hash &+ 1, n) : nil)
    }
}

/// What a format parser works with: the parser's settings, and the warnings of a lenient parse.
///
/// Like a ``ByteText``, it is valid only during the parse: it points at the parser (a copy would
/// retain its literals, an atomic operation on every parse).
struct ParseContext {
    /// The parser: current-location literals and strictness (a copy: a few references, no pointer).
    let parser: DirectionsURLParser
    /// The format that matched; set by the format's parser when it is more specific than its family.
    var format: LinkFormat
    /// Repairs made so far (lenient mode only; strict mode throws at the first).
    var warnings: [DirectionsURLWarning] = []

    /// A context for one parse by `parser`.
    init(parser: DirectionsURLParser, format: LinkFormat) {
        self.parser = parser
        self.format = format
    }

    /// Records a repair: a warning when lenient, the error `code` when ``DirectionsURLParser/strict``.
    /// - Parameters:
    ///   - message: what was repaired and how to write the link correctly (one line).
    ///   - parameter: the URL parameter concerned.
    mutating func repair(
        _ code: DirectionsURLError.Code, _ message: String, parameter: String?
    ) throws(DirectionsURLError) {
        if parser.strict {
            throw DirectionsURLError(code: code, message: message + " (strict mode: repairs are errors)", parameter: parameter)
        }
        warnings.append(DirectionsURLWarning(code: code, message: message, parameter: parameter))
    }
}

/// A directions-link format's type: which links it takes, how it reads them and how it writes a
/// request as one. Every format conforms, and ``DirectionsLinkFormats/all`` lists each once: the
/// parser dispatches through it (by scheme, then for `http`/`https` by host), the builder picks a
/// format's type from it, and the docs tables are generated from it.
///
/// A format's parameters are declared in its ``ParameterSchema`` (a `static let schema`, or one per
/// link form), read by ``parse(_:_:)``.
protocol DirectionsLinkFormat: SendableMetatype {
    /// The format written, and recorded for a link read unless ``parse(_:_:)`` finds a more
    /// specific one (``ParseContext/format``).
    static var format: LinkFormat { get }
    /// Match: lowercase schemes handled outright (`geo`, `om`, `bingmaps`); none for web-only
    /// formats and for a format read through its family's type (Apple unified through Apple Maps).
    static var schemes: [String] { get }
    /// Match: lowercase http(s) hosts handled (exact match).
    static var hosts: [String] { get }
    /// Match: host patterns a list cannot hold (Google's and Yandex's country domains).
    static func handles(host: String) -> Bool
    /// Reads `link`, a link the match above sent here (a format read through its family's type
    /// hands it to that type).
    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest
    /// The format's travel-mode words, for its parser, its builder and the docs.
    static var modeVocabulary: [ModeWord] { get }
    /// Writes `request` as a link.
    /// - Returns: the link, plus what the format could not carry (``BuiltLink/omitted``).
    /// - Throws: ``LinkBuildError`` when the format cannot carry the request at all (a `geo:` URI
    ///   with an address destination it cannot express, a destination that is the current location, …).
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink
}

extension DirectionsLinkFormat {
    static var schemes: [String] { [] }
    static var hosts: [String] { [] }
    static func handles(host: String) -> Bool { false }
}

/// Every directions-link format, once. The order is the dispatcher's (a scheme or host claimed
/// twice would go to the later type; none is) and the fuzz tests' (their seeded inputs follow it).
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
    ]
}

/// A link built from a request.
public struct BuiltLink: Hashable, Sendable {
    /// The link.
    public var url: String
    /// The format it is written in.
    public var format: LinkFormat
    /// What the request said that this format cannot carry, one line each ("waypoints: Waze routes
    /// to one destination", "mode Bus is written as transit"). Empty when parsing ``url`` gives back
    /// the same request.
    public var omitted: [String]

    public init(url: String, format: LinkFormat, omitted: [String] = []) {
        self.url = url
        self.format = format
        self.omitted = omitted
    }
}

/// Why a request cannot be written in a format.
public struct LinkBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable ids.
    public enum Code: String, Sendable, CaseIterable {
        /// No builder exists for the format (it is parse-only, like `.mkdirectionsrequest`).
        case unsupportedFormat = "unsupported-format"
        /// The format cannot express a part of the request that cannot be dropped (the destination,
        /// or a source that is not the current location in a format that always starts there).
        case cannotExpress = "cannot-express"
    }

    public var code: Code
    public var message: String
    /// The request field at fault: `source`, `destination`, `waypoints[1]`, `mode`, … or nil.
    public var field: String?

    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = OneLine.escaped(message)  // one line: it may quote a label or an address
        self.field = field
    }

    public var description: String {
        if let field { return "\(code.rawValue) (\(field)): \(message)" }
        return "\(code.rawValue): \(message)"
    }
}

/// Short names for the shared decoding helpers, for format types declared outside the parser.
typealias PercentDecoding = DirectionsURLParser.PercentDecoding
typealias CoordinateText = DirectionsURLParser.CoordinateText
