extension DirectionsURLParser {
    /// Legacy Map Links: `?saddr=&daddr=&dirflg=` (Apple Map Links reference, "Map Links"), as used on
    /// `http(s)://maps.apple.com/` and `/maps`, under `maps:?…`, `maps://?…` and the nested
    /// `maps://https://maps.apple.com/maps?…`, and by Google's legacy `maps.google.com/?saddr=&daddr=`
    /// and `www.google.com/maps?saddr=&daddr=` links.
    ///
    /// - `saddr`: the source; absent, empty or a current-location literal → current location
    ///   (Apple: "If you don't specify a value for saddr, the starting point is 'here.'"). At most once.
    /// - `daddr`: required. Repeated `daddr` parameters are ordered stops (seen in real multi-stop links,
    ///   not in Apple's table): the last is the destination, the earlier ones waypoints. In Google links
    ///   a value may also chain stops with ` to:` (`daddr=Manchester+to:London`).
    /// - `dirflg` (at most once): Apple `d` → Car, `w` → Pedestrian, `r` → transit (no single mode,
    ///   transport type Transit). Google also `b` → Bike, plus the avoid letters `h` (highways) and `t`
    ///   (tolls), which may be combined with one mode letter (`dirflg=dh`) and are ignored. Empty → no
    ///   mode. Apple documents that an unknown value is ignored; this parser reports `unknown-mode`
    ///   instead, so that a wrong link is noticed rather than silently routed with a default mode.
    /// - Values are `lat,lon` (WGS84 degrees, latitude first) or address text; see `CoordinateText`.
    enum AppleMapsLink {
        enum Dialect: Sendable {
            case apple, google
            var name: String { self == .apple ? "Apple Maps link" : "Google Maps legacy link" }
        }

        /// Parameters these links define; never suggested as typos.
        static let known: Set<String> = [
            "saddr", "daddr", "dirflg", "dirflag", "ll", "q", "address", "near", "sll", "z", "t", "spn", "sspn",
            "hl", "gl", "f", "ie", "oe", "um", "fb", "sa", "ftid", "mrt", "directionsmode", "output",
        ]
        /// Other names people write for `daddr`.
        static let daddrAliases: Set<String> = ["addr", "dadr", "daadr", "dadd", "daddress", "dest", "destination", "to", "end", "dst"]

        /// Parses the query of a legacy link.
        static func parse(
            query raw: Substring, dialect: Dialect, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try QueryString(raw, plusAsSpace: true)
            let saddr = try query.single("saddr", format: dialect.name)
            var stopTexts: [String] = []
            for value in query.values("daddr") {
                if dialect == .google {
                    stopTexts += splitGoogleChain(value)
                } else {
                    stopTexts.append(value)
                }
            }
            guard let last = stopTexts.last else {
                throw missingDestination(query, dialect: dialect, hasSource: saddr != nil)
            }
            if DirectionsURLParser.trimmed(last).isEmpty {
                throw DirectionsURLError(
                    code: .missingDestination,
                    message: "'daddr' is empty; give the destination as an address or 'latitude,longitude'",
                    parameter: "daddr")
            }
            var stops: [Endpoint] = []
            for text in stopTexts {
                stops.append(try parser.stopEndpoint(text, parameter: "daddr"))
            }
            let destination = stops.removeLast()
            let source = try parser.sourceEndpoint(saddr?.value, parameter: "saddr")
            var flag = try query.single("dirflg", format: dialect.name)
            if flag == nil, dialect == .google { flag = try query.single("dirflag", format: dialect.name) }
            let (mode, transport) = try travel(flag, dialect: dialect)
            return DirectionsRequest(
                source: source, destination: destination, waypoints: stops, mode: mode, transportType: transport)
        }

        /// Parses what follows `maps:`.
        /// - `?query` → legacy query; `//?query`, `//maps.apple.com/maps?query` → legacy query;
        ///   `//…/directions?…` → unified; `//https://…` → the nested link parsed as an http(s) link.
        /// - Anything without `?` (`maps:q=Coffee`, `maps:No%20query`) is GNOME Maps' `maps:` grammar
        ///   → `not-a-directions-link`.
        static func parseMapsScheme(
            _ rest: Substring, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> DirectionsRequest {
            var rest = rest
            if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
            if rest.hasPrefix("//") {
                let inner = rest.dropFirst(2)
                let lower = inner.lowercased()
                if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
                    let colon = inner.firstIndex(of: ":")!
                    let scheme = inner[..<colon].lowercased()
                    let nested = LinkText(original: String(inner), scheme: scheme, rest: inner[inner.index(after: colon)...])
                    var context = ParseContext(parser: parser, format: .appleMaps)
                    return try parser.webFamily(nested).parse(nested, &context)
                }
                let link = LinkText(original: "maps:" + rest, scheme: "maps", rest: rest)
                guard link.host.isEmpty || link.host == "maps.apple.com" else {
                    throw DirectionsURLError(
                        code: .notADirectionsLink,
                        message: "'maps://\(link.host)' is not an Apple Maps link; write maps://?daddr=… or https://maps.apple.com/?daddr=…",
                        parameter: "host")
                }
                return try parseApplePath(link, parser: parser, fix: "write maps://?daddr=…")
            }
            if rest.hasPrefix("?") {
                return try parse(query: rest.dropFirst(), dialect: .apple, parser: parser)
            }
            if rest.lowercased().hasPrefix("q=") {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'maps:q=…' is a GNOME Maps search link (maps:q=<query>), not an Apple directions link; directions need maps:?daddr=…",
                    parameter: "q")
            }
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "a 'maps:' link without '?' uses GNOME Maps' search grammar, not Apple's; write maps:?saddr=…&daddr=…",
                parameter: "scheme")
        }

        /// Dispatches an Apple link (`https://maps.apple.com/…` or `maps://…`) by path: the legacy
        /// query at `/` or `/maps`, the unified form at `/directions`; any other path (`/place`,
        /// `/search`, …) is `not-a-directions-link`, with `fix` saying what to write instead.
        static func parseApplePath(
            _ link: LinkText, parser: DirectionsURLParser, fix: String
        ) throws(DirectionsURLError) -> DirectionsRequest {
            switch link.path.lowercased() {
            case "", "/", "/maps", "/maps/":
                return try parse(query: link.query, dialect: .apple, parser: parser)
            case "/directions", "/directions/":
                return try AppleUnifiedLink.parse(query: link.query, parser: parser)
            default:
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'\(link.path)' in a \(link.scheme): link to Apple Maps is not a directions path; \(fix)",
                    parameter: "path")
            }
        }

        // MARK: - Private

        private static func missingDestination(
            _ query: QueryString, dialect: Dialect, hasSource: Bool
        ) -> DirectionsURLError {
            if let hint = DirectionsURLParser.typoHint(in: query, for: "daddr", known: known, aliases: daddrAliases) {
                return DirectionsURLError(
                    code: .missingDestination,
                    message: "this \(dialect.name) has no 'daddr' (the destination); \(hint)",
                    parameter: "daddr")
            }
            let directional = hasSource || query.contains("dirflg")
            if !directional, let other = query.parameters.first {
                return DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this \(dialect.name) shows a map or a search ('\(other.name)'), not directions; directions need 'daddr'",
                    parameter: "daddr")
            }
            return DirectionsURLError(
                code: .missingDestination,
                message: "this \(dialect.name) has no 'daddr'; add daddr=<address or latitude,longitude>",
                parameter: "daddr")
        }

        /// Google's undocumented chaining `A to:B to:C` inside one `daddr`.
        private static func splitGoogleChain(_ value: String) -> [String] {
            var parts: [String] = []
            var current = ""
            var rest = Substring(value)
            while let range = rest.firstRange(of: " to:") {
                current += rest[..<range.lowerBound]
                parts.append(current)
                current = ""
                rest = rest[range.upperBound...]
            }
            parts.append(current + rest)
            return parts
        }

        private static func travel(
            _ flag: QueryString.Parameter?, dialect: Dialect
        ) throws(DirectionsURLError) -> (DirectionsMode?, TransportType?) {
            guard let flag else { return (nil, nil) }
            let value = DirectionsURLParser.trimmed(flag.value).lowercased()
            if value.isEmpty { return (nil, nil) }
            let allowed = dialect == .apple ? "d, w or r" : "d, w, r or b (optionally with h or t)"
            func unknown() -> DirectionsURLError {
                DirectionsURLError(
                    code: .unknownMode,
                    message: "'\(flag.name)=\(flag.value)' is not a travel mode of this \(dialect.name); use \(allowed)",
                    parameter: flag.name)
            }
            var result: (DirectionsMode?, TransportType?)? = nil
            for letter in value {
                let mode: (DirectionsMode?, TransportType?)
                switch letter {
                case "d": mode = (.car, .automobile)
                case "w": mode = (.pedestrian, .walking)
                case "r": mode = (nil, .transit)
                case "b" where dialect == .google: mode = (.bike, .cycling)
                case "h" where dialect == .google, "t" where dialect == .google: continue
                default: throw unknown()
                }
                if dialect == .apple && value.count != 1 { throw unknown() }
                if result != nil {
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'\(flag.name)=\(flag.value)' names more than one travel mode; give one of \(allowed)",
                        parameter: flag.name)
                }
                result = mode
            }
            return result ?? (nil, nil)
        }
    }
}

extension DirectionsURLParser.AppleMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .appleMaps }
    static var schemes: [String] { ["maps"] }
    static var hosts: [String] { ["maps.apple.com", "maps.apple"] }
    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "maps" { return try parseMapsScheme(link.rest, parser: context.parser) }
        if link.host == "maps.apple" {
            throw DirectionsURLError(
                code: .unresolvableOffline,
                message: "maps.apple short links hide the real link behind an HTTP redirect; resolve it first and pass the maps.apple.com link",
                parameter: "host")
        }
        return try parseApplePath(link, parser: context.parser, fix: "use /directions?destination=… or /?daddr=…")
    }
}
