extension DirectionsURLParser {
    /// Google Maps URLs, directions action (Google Maps URLs developer guide):
    /// `https://www.google.com/maps/dir/?api=1&origin=&destination=&waypoints=a|b&travelmode=`, on the
    /// hosts `google.com`, `www.google.com` and `maps.google.com`.
    ///
    /// - `api=1` is required: "If api=1 is NOT present in the URL, all parameters are ignored". A link
    ///   without it is `not-a-directions-link`, unless it is Google's legacy `saddr`/`daddr` form (parsed
    ///   by `AppleMapsLink` with Google's `dirflg` letters). Any other `api` value is `invalid-parameter`.
    /// - `destination` required; `origin` absent, empty or a current-location literal → current location.
    /// - `waypoints`: one parameter, stops separated by `|` (raw or `%7C`), in order.
    /// - `travelmode`: `driving` → Car, `walking` → Pedestrian, `bicycling` → Bike, `transit` → transport
    ///   type Transit with no single mode, `two-wheeler` → Other. Two-wheeler means motorcycles and
    ///   scooters: not Car (other roads, rules and timings) and not Bike; Apple's twelve modes have no
    ///   motorbike, so it maps to Other (no transport type) rather than be mis-routed as a car.
    /// - `dir_action=navigate` is accepted and ignored (it only starts turn-by-turn guidance);
    ///   `*_place_id`, `avoid` are accepted and ignored.
    enum GoogleMapsLink {
        static let format = "Google Maps directions link"
        static let known: Set<String> = [
            "api", "origin", "origin_place_id", "destination", "destination_place_id", "travelmode",
            "dir_action", "waypoints", "waypoint_place_ids", "avoid",
        ]
        static let destinationAliases: Set<String> = ["daddr", "dest", "to", "end", "destination_name", "query"]

        static func parse(_ link: LinkText, parser: DirectionsURLParser) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try QueryString(link.query, plusAsSpace: true)
            let path = link.path.lowercased()
            guard query.contains("api") else {
                return try parseWithoutAPI(link, query: query, path: path, parser: parser)
            }
            let api = try query.single("api", format: format)!
            guard DirectionsURLParser.trimmed(api.value) == "1" else {
                throw DirectionsURLError(
                    code: .invalidParameter,
                    message: "'api=\(api.value)' is not valid; Google Maps URLs require api=1",
                    parameter: "api")
            }
            guard path == "/maps/dir" || path == "/maps/dir/" else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'\(link.path)' is not the directions action; directions links use /maps/dir/?api=1&destination=…",
                    parameter: "path")
            }
            let destinationValue = try DirectionsURLParser.requiredDestination(
                in: query, format: format, known: known, aliases: destinationAliases)
            let destination = try parser.stopEndpoint(destinationValue, parameter: "destination")
            let source = try parser.sourceEndpoint(try query.single("origin", format: format)?.value, parameter: "origin")
            var waypoints: [Endpoint] = []
            if let w = try query.single("waypoints", format: format), !DirectionsURLParser.trimmed(w.value).isEmpty {
                for piece in w.value.split(separator: "|", omittingEmptySubsequences: false) {
                    waypoints.append(try parser.stopEndpoint(String(piece), parameter: "waypoints"))
                }
            }
            var mode: DirectionsMode? = nil
            var transport: TransportType? = nil
            if let m = try query.single("travelmode", format: format) {
                switch DirectionsURLParser.trimmed(m.value).lowercased() {
                case "": break
                case "driving": mode = .car
                case "walking": mode = .pedestrian
                case "bicycling": mode = .bike
                case "transit": transport = .transit
                case "two-wheeler": mode = .other
                default:
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'travelmode=\(m.value)' is not a Google Maps travel mode; use driving, walking, bicycling, transit or two-wheeler",
                        parameter: "travelmode")
                }
            }
            if let action = try query.single("dir_action", format: format) {
                let value = DirectionsURLParser.trimmed(action.value).lowercased()
                guard value.isEmpty || value == "navigate" else {
                    throw DirectionsURLError(
                        code: .invalidParameter,
                        message: "'dir_action=\(action.value)' is not valid; the only value is navigate",
                        parameter: "dir_action")
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport)
        }

        private static func parseWithoutAPI(
            _ link: LinkText, query: QueryString, path: String, parser: DirectionsURLParser
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let legacy = query.contains("saddr") || query.contains("daddr") || query.contains("dirflg")
                || DirectionsURLParser.typoHint(
                    in: query, for: "daddr", known: AppleMapsLink.known, aliases: AppleMapsLink.daddrAliases) != nil
                    && !query.contains("destination") && !query.contains("origin")
            let legacyPaths: Set<String> = link.host == "maps.google.com"
                ? ["", "/", "/maps", "/maps/"] : ["/maps", "/maps/"]
            if legacy && legacyPaths.contains(path) {
                return try AppleMapsLink.parse(query: link.query, dialect: .google, parser: parser)
            }
            if path.hasPrefix("/maps/dir/") && path.count > "/maps/dir/".count {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "Google path-style directions (/maps/dir/A/B) are not supported; use /maps/dir/?api=1&origin=A&destination=B",
                    parameter: "path")
            }
            if query.contains("destination") || query.contains("origin") || query.contains("travelmode") || query.contains("waypoints") {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "Google ignores every parameter of a Maps URL without api=1; add api=1",
                    parameter: "api")
            }
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this Google link is not a directions link; use https://www.google.com/maps/dir/?api=1&destination=…",
                parameter: legacy ? "path" : "api")
        }
    }
}

extension DirectionsURLParser.GoogleMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .google }
    static var hosts: [String] { ["google.com", "www.google.com", "maps.google.com"] }
    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        try parse(link, parser: context.parser)
    }
}
