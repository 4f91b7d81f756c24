// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Apple unified Maps URLs (iOS 18.4, macOS 15.4, watchOS 11.4+; Apple, "Adopting unified Maps
    /// URLs", developer.apple.com/documentation/mapkit/unified-map-urls), directions and place forms.
    ///
    /// `https://maps.apple.com/directions?source=&destination=&waypoint=&mode=&avoid=` (also under
    /// `maps://…/directions?…`). Query, form-encoded (`+` is a space, `%2B` a literal `+`):
    /// - `destination` (required, at most once): `latitude,longitude` or address text. `source` (at
    ///   most once): absent, empty or a current-location literal → current location.
    /// - `waypoint`: repeatable, in travel order.
    /// - `source-place-id`, `destination-place-id`: kept in ``Endpoint/placeID``. `waypoint-place-id`:
    ///   each belongs to the `waypoint` it directly follows if all do, else they pair in order. A place
    ///   id with no endpoint is an `ignored-value` repair.
    /// - `mode`: ``modeVocabulary``; any other word → `unknown-mode`.
    /// - `avoid`: comma-separated `tolls`, `highways`; `busy-roads`, `stairs`, other words → `ignored-value`.
    /// - `transit-preferences` and `start` are accepted and not used (not a mode; no delay field).
    /// - A misspelt absent optional parameter (`mdoe=walking`) is a `likely-typo` repair, ignored; a
    ///   misspelt `destination` is `missing-destination`.
    ///
    /// Place form `https://maps.apple.com/place?coordinate=lat,lon&name=&address=&place-id=`: a
    /// destination-only request, the coordinate labelled with `name` (else `address`), or without it
    /// the `address` (else `name`) text; with the place id. A place id alone: `unresolvable-offline`.
    ///
    /// Search form `https://maps.apple.com/search?query=&center=` (``parseSearch(query:_:)``): a pin, an
    /// address, or only the `center`, a map view.
    enum AppleUnifiedLink: DirectionsLinkFormat {
        static let formatName = "Apple Maps directions link"
        /// The `avoid` words a MapKit route request can use (`ferries` is not one).
        static let avoidable: Set<RouteAvoidance> = [.tolls, .highways]
        static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
            .single("source", "the source: an address, a coordinate or a place name; absent: the current location"),
            .single("source-place-id", "the source's place id, kept verbatim"),
            .single(
                "destination", aliases: ["daddr", "dest", "to", "end", "destination-name", "target"],
                "the destination: an address, `latitude,longitude` or a place name"),
            .single("destination-place-id", "the destination's place id, kept verbatim"),
            .repeatable("waypoint", "a stop, in travel order"),
            .repeatable("waypoint-place-id", "a waypoint's place id, after its waypoint or in order"),
            .single("mode", "driving, walking, transit or cycling"),
            .single("avoid", "tolls, highways (busy-roads, stairs: ignored), comma-separated"),
            .ignored("transit-preferences", "bus, subway, commuter, ferry: not a directions mode"),
            .ignored("start", "a departure delay: the request has no field for it"),
        ])

        /// The place form's parameters (`map`, `span`, `center` and others are view-only and ignored).
        static let placeSchema = ParameterSchema(format: "Apple Maps place link", typos: .firstWithinTwo, [
            .single("coordinate", "the place, `latitude,longitude`"),
            .single("name", "the place's name: the coordinate's label, or the text without a coordinate"),
            .single("address", "the place's address: the label when there is no name"),
            .single("place-id", "the place id, kept verbatim"),
        ])

        /// Parses the query of a `/directions` link (the bytes after `?`).
        static func parse(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .appleUnified
            let query = try LinkInput.Query(raw, plusAsSpace: true)
            let slots = schema.slots(query)
            let (source, destination) = try AppleGoogleLinkText.endpoints(
                slots, schema, source: ("source", "source-place-id", "needs a 'source'; the route starts at the current location"),
                destinationID: "destination-place-id", typos: ["source", "waypoint", "mode", "avoid"], &context)
            let parser = context.parser
            var waypoints: [Endpoint] = []
            // Each waypoint-place-id with the index of the waypoint right before it (-1: none).
            var ids: [(id: String, after: Int)] = []
            var previous = -1
            for p in query.parameters {
                if query.isKey(p, "waypoint" as StaticString) {
                    waypoints.append(try p.endpoint(parser, parameter: "waypoint"))
                    previous = waypoints.count - 1
                    continue
                }
                if query.isKey(p, "waypoint-place-id" as StaticString) { ids.append((p.value, previous)) }
                previous = -1
            }
            let interleaved = ids.allSatisfy { $0.after >= 0 }
            for (k, (id, after)) in ids.enumerated() {
                let target = interleaved ? after : k
                let trimmedID = DirectionsURLParser.trimmed(id)
                if trimmedID.isEmpty { continue }
                if target >= 0 && target < waypoints.count && waypoints[target] != .currentLocation && waypoints[target].placeID == nil {
                    waypoints[target] = waypoints[target].withPlaceID(trimmedID)
                } else {
                    try context.repair(
                        .ignoredValue,
                        "'waypoint-place-id=\(DirectionsURLParser.shorten(id))' has no waypoint to belong to; write it right after its 'waypoint'",
                        parameter: "waypoint-place-id")
                }
            }
            let word = try AppleGoogleLinkText.mode(try slots.single("mode"), "mode", modeVocabulary, what: "an Apple Maps travel mode")
            let avoid = try AppleGoogleLinkText.avoidances(try slots.single("avoid"), known: avoidable, asText: true, &context) { text in
                text == "busy-roads" || text == "stairs"
                    ? "'avoid=\(text)' has no meaning in a MapKit route request and is ignored; tolls and highways are used"
                    : "'avoid=\(DirectionsURLParser.shorten(text))' is not an Apple Maps avoid value and is ignored; "
                        + "use tolls, highways, busy-roads or stairs"
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: word?.mode, transportType: word?.transportType,
                avoid: avoid)
        }

        /// Parses the query of a `/place` link as a destination-only request (see the type's notes).
        static func parsePlace(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .appleUnified
            let slots = placeSchema.slots(try LinkInput.Query(raw, plusAsSpace: true))
            let name = try slots.single("name")?.trimmedValue
            let address = try slots.single("address")?.trimmedValue
            let id = try slots.single("place-id")?.trimmedValue
            if let coordinate = try slots.single("coordinate")?.trimmedPair(parameter: "coordinate") {
                return DirectionsRequest(destination: .coordinate(coordinate, label: name ?? address, placeID: id))
            }
            if let t = address ?? name { return DirectionsRequest(destination: .address(t, placeID: id)) }
            if id != nil {
                throw DirectionsURLError(
                    .unresolvableOffline, "place-id",
                    "this Apple Maps place link names the place only by 'place-id', which needs an online look-up; "
                        + "add coordinate=<latitude,longitude> or address=…")
            }
            throw DirectionsURLError(
                .missingDestination, "coordinate",
                "this Apple Maps place link has no 'coordinate', 'address' or 'name'; add coordinate=<latitude,longitude>")
        }

        /// The search form's parameters (`span` and others are view-only and ignored).
        static let searchSchema = ParameterSchema(format: "Apple Maps search link", typos: .firstWithinTwo, [
            .single("query", "the search: text, or `latitude,longitude` (a pin)"),
            .single("center", "the map centre, `latitude,longitude`"),
        ])

        /// Parses the query of a `/search` link (unified Maps URLs) as a destination from the current
        /// location: a `query` that is `LAT,LON` is a pin there, exact; a `query` text an address (what
        /// Maps searches for; `center` is only its search area); only `center`: a map view
        /// (``ParseContext/mapViewDestination(_:view:parameter:)``).
        /// - Throws: `not-a-directions-link` with neither; coordinate errors of `query` or `center`.
        static func parseSearch(query raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            context.format = .appleUnified
            let slots = searchSchema.slots(try LinkInput.Query(raw, plusAsSpace: true))
            let parser = context.parser
            if let q = try slots.single("query"), q.trimmedValue != nil {
                return DirectionsRequest(destination: try q.withValue { (v) throws(DirectionsURLError) in
                    try parser.place(v.trimmed, parameter: "query")
                })
            }
            if let p = try slots.single("center"), let c = try p.trimmedPair(parameter: "center") {
                return DirectionsRequest(destination: try context.mapViewDestination(c, view: "center=\(p.value)", parameter: "center"))
            }
            throw DirectionsURLError(
                .notADirectionsLink, "query",
                "this Apple Maps search link has no 'query' or 'center'; use /place?coordinate=… or /directions?destination=…")
        }

        static var format: LinkFormat { .appleUnified }

        /// Read by its family's type.
        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            try AppleMapsLink.parse(link, &context)
        }

        static var forms: [LinkForm] {
            [
                LinkForm(.route, "`/directions?source=…&destination=…&waypoint=…&mode=…`",
                    "https://maps.apple.com/directions?source=Gare+du+Nord,+Paris&destination=48.8606,2.3376&waypoint=48.8530,2.3499&mode=walking"),
                LinkForm(.route, "`maps://…/directions?destination=…`", "maps://maps.apple.com/directions?destination=Tour+Montparnasse,+Paris&mode=transit"),
                LinkForm(.place, "`/place?coordinate=LAT,LON&name=NAME`", "https://maps.apple.com/place?coordinate=48.8606,2.3376&name=Louvre"),
                LinkForm(.place, "`/place?address=TEXT` (an address)", "https://maps.apple.com/place?address=Place+de+la+Concorde,+Paris"),
                LinkForm(.place, "`/search?query=LAT,LON` (a pin)", "https://maps.apple.com/search?query=48.8462,2.3464"),
                LinkForm(.place, "`/search?query=TEXT` (a search: an address)", "https://maps.apple.com/search?query=Op%C3%A9ra+Garnier&center=48.87,2.33"),
                LinkForm(.mapView, "`/search?center=LAT,LON` (only a search area)", "https://maps.apple.com/search?center=48.8566,2.3522&span=0.05,0.05"),
                LinkForm(.mapView, "`/?center=LAT,LON&span=…` (only a map view)", "https://maps.apple.com/?center=48.8566,2.3522&span=0.02,0.02"),
            ]
        }

        static let modeVocabulary: [ModeWord] = [
            ModeWord("mode", "driving", mode: .car),
            ModeWord("mode", "walking", mode: .pedestrian),
            ModeWord("mode", "transit", mode: nil, transportType: .transit),
            ModeWord("mode", "cycling", mode: .bike),
        ]

        /// `https://maps.apple.com/directions?source=…&source-place-id=…&destination=…&destination-place-id=…`
        /// `&waypoint=…&waypoint-place-id=…&mode=…&avoid=…`; labels of coordinates, `ferries`, `navigate`
        /// and times are omitted.
        /// - Throws: `cannot-express` for an empty destination address.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            let name = "Apple Maps"
            let prefix = "https://maps.apple.com/directions?"
            return try AppleGoogleLinkText.build(request, format, name: name, prefix: prefix, avoid: avoidable, navigate: false) {
                (omitted) throws(LinkBuildError) in
                var pairs: [(String, String)] = []
                func add(_ endpoint: Endpoint, _ field: String, _ parameter: String, source: Bool = false) throws(LinkBuildError) {
                    let w = try AppleGoogleLinkText.written(endpoint, field: field, format: name, source: source, placeIDs: true, omitted: &omitted)
                    guard let (text, id) = w else { return }
                    pairs.append((parameter, LinkWriting.formValue(text)))
                    guard let id else { return }
                    guard DirectionsURLParser.trimmed(id) == id && !id.isEmpty else {
                        return omitted.append("\(field) place id: '\(id)' is blank or has surrounding spaces")
                    }
                    pairs.append((parameter + "-place-id", LinkWriting.formValue(id)))
                }
                try add(request.source, "source", "source", source: true)
                try add(request.destination, "destination", "destination")
                for (i, w) in request.waypoints.enumerated() { try add(w, "waypoints[\(i)]", "waypoint") }
                pairs += AppleGoogleLinkText.modePair(request, modeVocabulary, name, &omitted)
                let avoid = request.avoid.sorted().filter(avoidable.contains)
                if !avoid.isEmpty { pairs.append(("avoid", avoid.map(\.rawValue).joined(separator: ","))) }
                return pairs
            }
        }
    }
}
