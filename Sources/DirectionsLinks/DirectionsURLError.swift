// SPDX-License-Identifier: Apache-2.0
/// Why a directions link could not be turned into a ``DirectionsRequest``: a stable ``code`` for
/// programs, the parameter at fault, and a one-line ``message`` for people (wording may change).
public struct DirectionsURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is. Raw values are stable kebab-case ids.
    public var code: Code
    /// One line: what is wrong and how to fix it.
    public var message: String
    /// The URL parameter at fault: `daddr`, `destination`, `coordinates` (the path of a `geo:` URI),
    /// `q`, `scheme`, `host`, `path`, `url` (the whole input), …; nil when no single parameter is at fault.
    public var parameter: String?

    public enum Code: String, Sendable, CaseIterable {
        /// The scheme is not one of `geo`, `maps`, `http`, `https` (parameter `scheme`).
        case unknownScheme = "unknown-scheme"
        /// The link is well formed but is not a directions link this parser knows (a search or place
        /// link, an unknown host or path, a GNOME `maps:q=` link, a Google link without `api=1`, …).
        case notADirectionsLink = "not-a-directions-link"
        /// The link has no destination (Apple `daddr`/`destination`, Google `destination`).
        case missingDestination = "missing-destination"
        /// A latitude is outside -90...90 degrees (never clamped).
        case latitudeOutOfRange = "latitude-out-of-range"
        /// A longitude is outside -180...180 degrees (never wrapped).
        case longitudeOutOfRange = "longitude-out-of-range"
        /// A value that is plainly meant as a number or a `lat,lon` pair but is not one.
        case malformedNumber = "malformed-number"
        /// The URL itself is broken: bad percent-escape, invalid UTF-8, control characters, no scheme.
        case malformedURL = "malformed-url"
        /// A travel mode value (`dirflg`, `mode`, `travelmode`) that the format does not define.
        case unknownMode = "unknown-mode"
        /// A `geo:` URI whose `crs` is not `wgs84` (RFC 5870 §3.4.1).
        case unsupportedCRS = "unsupported-crs"
        /// A parameter that may appear once appears more than once.
        case duplicateParameter = "duplicate-parameter"
        /// Any other invalid parameter value (`api=2`, `u=-1`, an empty waypoint, …).
        case invalidParameter = "invalid-parameter"
        /// The link breaks its format's syntax in a way that has one safe reading (`geo:0:0?q=…`, a raw
        /// `|` or space). A warning when lenient, an error with `--strict`.
        case repairedSyntax = "repaired-syntax"
        /// A parameter looks like a misspelling of a known one (`addr` for `daddr`). A warning when
        /// the link is usable without it; `missing-destination` when it was the destination.
        case likelyTypo = "likely-typo"
        /// A value the format defines but routingd's model cannot use (Apple `avoid=stairs`); an error with `--strict`.
        case ignoredValue = "ignored-value"
        /// An endpoint's coordinates exist only in data routingd cannot read (the Apple-private
        /// blobs of a `.mkdirectionsrequest` file); the endpoint is kept by name.
        case coordinatesUnavailable = "coordinates-unavailable"
        /// The link shows only a map view (its centre and zoom), no place: the destination is that
        /// centre, with precision `approximate`. A warning when lenient, an error with `--strict`.
        case viewportAsDestination = "viewport-as-destination"
        /// The link identifies places only through something that needs a network look-up (a short
        /// link, a Google feature id): routingd resolves nothing online, so nothing usable is left.
        case unresolvableOffline = "unresolvable-offline"
    }

    public init(code: Code, message: String, parameter: String? = nil) {
        self.code = code
        self.message = OneLine.escaped(message)  // one line: decoded link text may hold %0A, ESC, …
        self.parameter = parameter
    }

    /// The short form every format throws: what (`code`), where (`parameter`), then the message.
    init(_ code: Code, _ parameter: String?, _ message: String) {
        self.init(code: code, message: message, parameter: parameter)
    }

    public var description: String { Self.line(code, parameter, message) }

    /// `code (parameter): message` (the parameter, from the link, escaped to one line), or `code: message`.
    static func line(_ code: Code, _ parameter: String?, _ message: String) -> String {
        if let parameter { return "\(code.rawValue) (\(OneLine.escaped(parameter))): \(message)" }
        return "\(code.rawValue): \(message)"
    }
}

/// A repair made while parsing a link leniently: the link was usable, but not as its format says
/// (with ``DirectionsURLParser/strict``, thrown as a ``DirectionsURLError`` with the same ``code``).
public struct DirectionsURLWarning: Hashable, Sendable, CustomStringConvertible {
    /// Stable id, shared with the error thrown in strict mode.
    public var code: DirectionsURLError.Code
    /// One line: what was repaired and how to write the link correctly.
    public var message: String
    /// The URL parameter concerned, as in ``DirectionsURLError/parameter``.
    public var parameter: String?

    public init(code: DirectionsURLError.Code, message: String, parameter: String? = nil) {
        self.code = code
        self.message = OneLine.escaped(message)  // one line: decoded link text may hold %0A, ESC, …
        self.parameter = parameter
    }

    init(_ code: DirectionsURLError.Code, _ parameter: String?, _ message: String) {
        self.init(code: code, message: message, parameter: parameter)
    }

    public var description: String { DirectionsURLError.line(code, parameter, message) }
}
