extension DirectionsURLParser {
    /// Apple Unified Map URLs, directions form (iOS 18.4, macOS 15.4, watchOS 11.4 and later):
    /// `https://maps.apple.com/directions?source=&destination=&waypoint=&mode=`.
    ///
    /// - `destination` (required, at most once): address, place name or `lat,lon`.
    /// - `source` (at most once): absent, empty or a current-location literal → current location
    ///   (Apple: "Leaving off the source instructs Maps to display directions … from a person's current
    ///   location").
    /// - `waypoint`: repeatable, in travel order.
    /// - `mode` (at most once): `driving` → Car, `walking` → Pedestrian, `transit` → transport type
    ///   Transit with no single mode, `cycling` → Bike; anything else → `unknown-mode`.
    /// - `source-place-id`, `destination-place-id`, `waypoint-place-id`, `avoid`,
    ///   `transit-preferences`, `start` are accepted and not used: the text twin of a place id is kept
    ///   as the address, and place ids cannot be resolved offline.
    enum AppleUnifiedLink {
        static let format = "Apple Maps directions link"
        static let known: Set<String> = [
            "source", "source-place-id", "destination", "destination-place-id", "waypoint", "waypoint-place-id",
            "mode", "avoid", "transit-preferences", "start",
        ]
        static let destinationAliases: Set<String> = ["daddr", "dest", "to", "end", "destination-name", "target"]

        static func parse(query raw: Substring, parser: DirectionsURLParser) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try QueryString(raw, plusAsSpace: true)
            let destinationValue = try DirectionsURLParser.requiredDestination(
                in: query, format: format, known: known, aliases: destinationAliases)
            let destination = try parser.stopEndpoint(destinationValue, parameter: "destination")
            let source = try parser.sourceEndpoint(try query.single("source", format: format)?.value, parameter: "source")
            var waypoints: [Endpoint] = []
            for value in query.values("waypoint") {
                waypoints.append(try parser.stopEndpoint(value, parameter: "waypoint"))
            }
            var mode: DirectionsMode? = nil
            var transport: TransportType? = nil
            if let m = try query.single("mode", format: format) {
                switch DirectionsURLParser.trimmed(m.value).lowercased() {
                case "": break
                case "driving": mode = .car
                case "walking": mode = .pedestrian
                case "transit": transport = .transit
                case "cycling": mode = .bike
                default:
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'mode=\(m.value)' is not an Apple Maps travel mode; use driving, walking, transit or cycling",
                        parameter: "mode")
                }
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport)
        }
    }
}
