// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Apple unified Maps URLs (iOS 18.4, macOS 15.4, watchOS 11.4 and later; Apple, "Adopting unified
    /// Maps URLs", developer.apple.com/documentation/mapkit/unified-map-urls), directions and place forms.
    ///
    /// `https://maps.apple.com/directions?source=&destination=&waypoint=&mode=&avoid=` (also under
    /// `maps://…/directions?…`). Query, form-encoded (`+` is a space, `%2B` a literal `+`):
    /// - `destination` (required, at most once): "an address, coordinate, or a place name";
    ///   `latitude,longitude` (WGS84 degrees, latitude first) becomes a coordinate, other text an address.
    /// - `source` (at most once): absent, empty or a current-location literal → current location
    ///   ("Leaving off the source instructs Maps to display directions … from a person's current location").
    /// - `waypoint`: repeatable, in travel order.
    /// - `source-place-id`, `destination-place-id`: kept verbatim in ``Endpoint/placeID`` of their
    ///   endpoint (never resolved). `waypoint-place-id`: when every one directly follows a `waypoint`, it
    ///   belongs to that waypoint; otherwise they pair with the waypoints in order. A place id with no
    ///   endpoint to belong to is an `ignored-value` repair.
    /// - `mode`: `driving` → Car, `walking` → Pedestrian, `transit` → transport type Transit (no single
    ///   mode), `cycling` → Bike; any other word → `unknown-mode`.
    /// - `avoid`: one value, decoded first and then split on `,` (`tolls,highways` or `tolls%2Chighways`):
    ///   `tolls`, `highways` → ``RouteAvoidance``; `busy-roads`, `stairs` (no MapKit meaning) and unknown
    ///   words → `ignored-value` repair.
    /// - `transit-preferences` (`bus,subway,commuter,ferry`) and `start` are accepted and not used:
    ///   a preference is not a directions mode, and the request has no delay field.
    /// - A misspelling of an absent `source`, `waypoint`, `mode` or `avoid` (`mdoe=walking`) is a
    ///   `likely-typo` repair and is ignored; a misspelt `destination` is `missing-destination`.
    ///
    /// Place form `https://maps.apple.com/place?coordinate=lat,lon&name=&address=&place-id=` (same
    /// reference, "Display a place"): read as a destination-only request from the current location. With
    /// `coordinate`, the destination is that coordinate labelled with `name` (else `address`) and the
    /// place id; without it, the `address` (else `name`) text with the place id. A place id alone needs a
    /// look-up: `unresolvable-offline`. `map`, `span`, `center` are view-only.
    ///
    /// Building writes the directions form in the fixed order source, source-place-id, destination,
    /// destination-place-id, (waypoint, waypoint-place-id)…, mode, avoid. Labels of coordinates, the
    /// avoidance `ferries`, `navigate` and times cannot be carried.
    enum AppleUnifiedLink {
        static let formatName = "Apple Maps directions link"
        static let known: Set<String> = [
            "source", "source-place-id", "destination", "destination-place-id", "waypoint", "waypoint-place-id",
            "mode", "avoid", "transit-preferences", "start",
        ]
        static let destinationAliases: Set<String> = ["daddr", "dest", "to", "end", "destination-name", "target"]

        /// Parameters worth a typo warning when absent.
        static let optional: [String] = ["source", "waypoint", "mode", "avoid"]
        /// ``known`` as a byte table.
        static let knownNames = AppleGoogleLinkText.KnownNames(known)
        /// ``modeVocabulary`` with its byte table.
        static let modeWords = AppleGoogleLinkText.ModeWords(modeVocabulary)

        /// Parses the query of a `/directions` link (the bytes after `?`).
        static func parse(query raw: ByteText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try QueryBytes(raw, plusAsSpace: true)
            // One pass finds every parameter this format reads (instead of one look-up each).
            let slots = Slots(query)
            let parameters = query.parameters
            let destinationParameter: QueryBytes.Parameter
            if slots.destination.count == 1, !AppleGoogleLinkText.isBlankValue(parameters[slots.destination.at]) {
                destinationParameter = parameters[slots.destination.at]
            } else {
                // Duplicate, absent or blank: the shared look-up throws its error.
                destinationParameter = try AppleGoogleLinkText.requiredDestination(
                    query, format: formatName, known: known, aliases: destinationAliases)
            }
            let parser = context.parser
            var destination = try destinationParameter.withValue { (v: ByteText) throws(DirectionsURLError) in
                try parser.stopEndpoint(v, parameter: "destination")
            }
            if slots.suspects {
                try AppleGoogleLinkText.typoWarnings(query, optional: optional, known: knownNames, &context)
            }
            var source = Endpoint.currentLocation
            if let s = try slots.source.single(query, "source") {
                source = try s.withValue { (v: ByteText) throws(DirectionsURLError) in
                    try parser.sourceEndpoint(v, parameter: "source")
                }
            }
            if let id = try placeID(slots.sourceID.single(query, "source-place-id")) {
                if case .currentLocation = source {
                    try context.repair(
                        .ignoredValue, "'source-place-id' needs a 'source'; the route starts at the current location",
                        parameter: "source-place-id")
                } else {
                    source = source.withPlaceID(id)
                }
            }
            if let id = try placeID(slots.destinationID.single(query, "destination-place-id")) {
                if case .currentLocation = destination {
                    try context.repair(
                        .ignoredValue, "'destination-place-id' cannot name the current location; leave it out",
                        parameter: "destination-place-id")
                } else {
                    destination = destination.withPlaceID(id)
                }
            }
            var waypoints: [Endpoint] = []
            var ids: [String] = []
            var interleaved = true
            var previousWasWaypoint = false
            if slots.waypoints > 0 || slots.waypointIDs > 0 {
            waypoints.reserveCapacity(slots.waypoints)
            for i in parameters.indices {
                let p = parameters[i]
                if query.isKey(p, "waypoint" as StaticString) {
                    waypoints.append(try p.withValue { (v: ByteText) throws(DirectionsURLError) in
                        try parser.stopEndpoint(v, parameter: "waypoint")
                    })
                    previousWasWaypoint = true
                } else {
                    if query.isKey(p, "waypoint-place-id" as StaticString) {
                        if !previousWasWaypoint { interleaved = false }
                        ids.append(p.value)
                    }
                    previousWasWaypoint = false
                }
            }
            }
            if !ids.isEmpty {
                var targets: [Int] = []
                if interleaved {
                    var w = -1
                    for p in parameters {
                        if query.isKey(p, "waypoint" as StaticString) { w += 1 } else if query.isKey(p, "waypoint-place-id" as StaticString) { targets.append(w) }
                    }
                } else {
                    targets = Array(0..<ids.count)
                }
                for (id, target) in zip(ids, targets) {
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
            }
            var mode: DirectionsMode? = nil
            var transport: TransportType? = nil
            if let m = try slots.mode.single(query, "mode") {
                // As AppleGoogleLinkText.mode, without looking the parameter up again.
                let found = m.withValue { (v: ByteText) -> ModeWord?? in
                    v.isBlank ? nil : .some(modeWord(v))
                }
                if let found {
                    guard let word = found else {
                        throw DirectionsURLError(
                            code: .unknownMode,
                            message: "'mode=\(m.value)' is not an Apple Maps travel mode; use " + AppleGoogleLinkText.list(modeVocabulary),
                            parameter: "mode")
                    }
                    (mode, transport) = AppleGoogleLinkText.meaning(word)
                }
            }
            var avoid: Set<RouteAvoidance> = []
            if let a = try slots.avoid.single(query, "avoid") {
                var tolls = false
                var highways = false
                try a.withValue { (value: ByteText) throws(DirectionsURLError) in
                    guard value.isASCII else {
                        // Not ASCII: the Character rules (split, trimming, Unicode lowercasing).
                        try AppleGoogleLinkText.Bytes.forEachCommaWord(value.string) { word throws(DirectionsURLError) in
                            switch word {
                            case "": return
                            case "tolls": tolls = true
                            case "highways": highways = true
                            default: try ignoredAvoid(word, &context)
                            }
                        }
                        return
                    }
                    // ASCII: pieces between commas (empty ones left out), trimmed, ASCII case ignored.
                    for piece in value.pieces(separatedBy: UInt8(ascii: ",")) where !piece.isEmpty {
                        let word = AppleGoogleLinkText.trimmedASCII(piece)
                        if word.isEmpty { continue }
                        if word.equalsIgnoringCase("tolls" as StaticString) {
                            tolls = true
                        } else if word.equalsIgnoringCase("highways" as StaticString) {
                            highways = true
                        } else {
                            try ignoredAvoid(Substring(word.lowercasedASCII), &context)
                        }
                    }
                }
                // A set built once per combination: inserting hashes each case's raw-value String.
                avoid = avoidSets[(tolls ? 1 : 0) | (highways ? 2 : 0)]
            }
            return DirectionsRequest(
                source: source, destination: destination, waypoints: waypoints, mode: mode, transportType: transport,
                avoid: avoid)
        }

        /// ``AppleGoogleLinkText/word(_:in:)-(ByteText,ModeWords)`` in ``modeVocabulary``: ASCII text is
        /// trimmed and compared with each word, ASCII case ignored (no table, no `String`).
        private static func modeWord(_ value: ByteText) -> ModeWord? {
            guard value.isASCII else { return AppleGoogleLinkText.word(value, in: modeWords) }
            let t = AppleGoogleLinkText.trimmedASCII(value)
            if t.equalsIgnoringCase("driving" as StaticString) { return modeVocabulary[0] }
            if t.equalsIgnoringCase("walking" as StaticString) { return modeVocabulary[1] }
            if t.equalsIgnoringCase("transit" as StaticString) { return modeVocabulary[2] }
            if t.equalsIgnoringCase("cycling" as StaticString) { return modeVocabulary[3] }
            return nil
        }

        /// The `avoid` sets a link can give, by bits (1: tolls, 2: highways).
        private static let avoidSets: [Set<RouteAvoidance>] = [[], [.tolls], [.highways], [.tolls, .highways]]

        /// The repair for an `avoid` word (lowercase, trimmed) other than `tolls` and `highways`.
        private static func ignoredAvoid(_ word: Substring, _ context: inout ParseContext) throws(DirectionsURLError) {
            switch word {
            case "busy-roads", "stairs":
                try context.repair(
                    .ignoredValue, "'avoid=\(word)' has no meaning in a MapKit route request and is ignored; tolls and highways are used",
                    parameter: "avoid")
            default:
                try context.repair(
                    .ignoredValue,
                    "'avoid=\(DirectionsURLParser.shorten(String(word)))' is not an Apple Maps avoid value and is ignored; use tolls, highways, busy-roads or stairs",
                    parameter: "avoid")
            }
        }

        /// Parses the query of a `/place` link as a destination-only request (see the type's notes).
        static func parsePlace(query raw: ByteText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let query = try QueryBytes(raw, plusAsSpace: true)
            let format = "Apple Maps place link"
            let name = try text(query, "name", format: format)
            let address = try text(query, "address", format: format)
            let id = try text(query, "place-id", format: format)
            if let c = try query.single("coordinate", format: format) {
                // nil: blank, as if absent.
                let coordinate = try c.withValue { (v: ByteText) throws(DirectionsURLError) -> Coordinate? in
                    let t = v.trimmed
                    return t.isEmpty ? nil : try CoordinateText.parsePair(t, parameter: "coordinate")
                }
                if let coordinate {
                    return DirectionsRequest(destination: .coordinate(coordinate, label: name ?? address, placeID: id))
                }
            }
            if let t = address ?? name {
                return DirectionsRequest(destination: .address(t, placeID: id))
            }
            if id != nil {
                throw DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "this Apple Maps place link names the place only by 'place-id', which needs an online look-up; add coordinate=<latitude,longitude> or address=…",
                    parameter: "place-id")
            }
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this Apple Maps place link has no 'coordinate', 'address' or 'name'; add coordinate=<latitude,longitude>",
                parameter: "coordinate")
        }

        /// The trimmed decoded value of the single parameter `key`, or nil when absent or blank.
        private static func text(_ query: QueryBytes, _ key: StaticString, format: String) throws(DirectionsURLError) -> String? {
            guard let p = try query.single(key, format: format) else { return nil }
            return p.withValue { (v: ByteText) -> String? in
                let t = v.trimmed
                return t.isEmpty ? nil : t.string
            }
        }

        /// The trimmed decoded value of `p`, or nil when absent or blank.
        private static func placeID(_ p: QueryBytes.Parameter?) -> String? {
            guard let p else { return nil }
            return p.withValue { (v: ByteText) -> String? in
                let t = v.trimmed
                return t.isEmpty ? nil : t.string
            }
        }

        /// Where the parameters of a `/directions` link are, from one pass over its query.
        private struct Slots {
            /// The first index of a key and how often it appears.
            struct Slot {
                var at = -1
                var count = 0

                @inline(__always)
                mutating func note(_ i: Int) {
                    if at < 0 { at = i }
                    count &+= 1
                }

                /// The parameter when it appears once, nil when absent.
                /// - Throws: `duplicate-parameter` (as ``QueryBytes/single(_:format:)``) when repeated.
                @inline(__always)
                func single(_ query: QueryBytes, _ key: String) throws(DirectionsURLError) -> QueryBytes.Parameter? {
                    if count > 1 { throw query.duplicate(key, count: count, format: formatName) }
                    return at >= 0 ? query.parameters[at] : nil
                }
            }

            var source = Slot()
            var sourceID = Slot()
            var destination = Slot()
            var destinationID = Slot()
            var mode = Slot()
            var avoid = Slot()
            var waypoints = 0
            var waypointIDs = 0
            /// Whether a parameter could be a misspelling (unknown, key of at least 3 bytes).
            var suspects = false

            init(_ query: QueryBytes) {
                let parameters = query.parameters
                var i = 0
                while i < parameters.count {
                    let p = parameters[i]
                    let raw = p.rawName
                    // The byte count picks the one candidate. A name equal to one ignoring ASCII case
                    // is plain (no escape, `+` or non-ASCII byte), so its key is that name.
                    var found = true
                    switch raw.count {
                        case 4 where raw.equalsIgnoringCase("mode" as StaticString): mode.note(i)
                        case 5 where raw.equalsIgnoringCase("avoid" as StaticString): avoid.note(i)
                        case 5 where raw.equalsIgnoringCase("start" as StaticString): break
                        case 6 where raw.equalsIgnoringCase("source" as StaticString): source.note(i)
                        case 8 where NameWords.equal(raw, 0x746E696F70796177, 0x746E696F70796177): waypoints &+= 1
                        case 11 where NameWords.equal(raw, 0x74616E6974736564, 0x6E6F6974616E6974): destination.note(i)
                        case 15 where NameWords.equal(raw, 0x702D656372756F73, 0x64692D6563616C70): sourceID.note(i)
                        case 17 where NameWords.equal(raw, 0x746E696F70796177, 0x692D6563616C702D, 0x64692D6563616C70): waypointIDs &+= 1
                        case 19 where NameWords.equal(raw, 0x2D7469736E617274, 0x6E65726566657270, 0x7365636E65726566): break
                        case 20 where NameWords.equal(raw, 0x74616E6974736564, 0x63616C702D6E6F69, 0x64692D6563616C70): destinationID.note(i)
                        default: found = false
                    }
                    if found {
                        // Found above.
                    } else if query.isPlain(p) {
                        if raw.count >= 3 { suspects = true }
                    } else {
                        // Escaped or non-ASCII names: by the decoded, lowercased key.
                        let key = query.key(of: p)
                        switch key {
                        case "mode": mode.note(i)
                        case "avoid": avoid.note(i)
                        case "source": source.note(i)
                        case "waypoint": waypoints &+= 1
                        case "destination": destination.note(i)
                        case "source-place-id": sourceID.note(i)
                        case "waypoint-place-id": waypointIDs &+= 1
                        case "destination-place-id": destinationID.note(i)
                        default: break
                        }
                        if key.utf8.count >= 3 && !AppleGoogleLinkText.isKnown(key, known) { suspects = true }
                    }
                    i &+= 1
                }
            }
        }
    }
}

extension Endpoint {
    /// The same endpoint with `id` as its place id (the current location has none).
    func withPlaceID(_ id: String?) -> Endpoint {
        switch self {
        case .coordinate(let c, let label, _): .coordinate(c, label: label, placeID: id)
        case .address(let text, _): .address(text, placeID: id)
        case .currentLocation: .currentLocation
        }
    }
}

extension DirectionsURLParser.AppleUnifiedLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .appleUnified }

    /// Unified Maps URLs `mode`: `driving`, `walking`, `transit`, `cycling`.
    static let modeVocabulary: [ModeWord] = [
        ModeWord("mode", "driving", mode: .car),
        ModeWord("mode", "walking", mode: .pedestrian),
        ModeWord("mode", "transit", mode: nil, transportType: .transit),
        ModeWord("mode", "cycling", mode: .bike),
    ]

    /// `https://maps.apple.com/directions?source=…&destination=…&waypoint=…&mode=…&avoid=…`.
    /// - Throws: `cannot-express` for an empty destination address.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        let name = "Apple Maps"
        try AppleGoogleLinkText.requireDestination(request, format: name)
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        func add(_ endpoint: Endpoint, _ field: String, _ parameter: String, source: Bool) throws(LinkBuildError) {
            let expected = AppleGoogleLinkText.carried(endpoint, field: field, format: name, labels: false, placeIDs: true, omitted: &omitted)
            if source && expected == .currentLocation { return }
            let text = AppleGoogleLinkText.text(expected)
            let checker = AppleGoogleLinkText.checker
            let read = source ? try? checker.sourceEndpoint(text, parameter: parameter) : try? checker.stopEndpoint(text, parameter: parameter)
            guard try AppleGoogleLinkText.readable(text, field: field, read: read, omitted: &omitted) else { return }
            AppleGoogleLinkText.verify(text, field: field, expected: expected.withPlaceID(nil), read: read, omitted: &omitted)
            pairs.append((parameter, LinkWriting.formValue(text)))
            if let id = expected.placeID {
                if DirectionsURLParser.trimmed(id) == id && !id.isEmpty {
                    pairs.append((parameter + "-place-id", LinkWriting.formValue(id)))
                } else {
                    omitted.append("\(field) place id: '\(id)' is blank or has surrounding spaces")
                }
            }
        }
        try add(request.source, "source", "source", source: true)
        try add(request.destination, "destination", "destination", source: false)
        for (i, w) in request.waypoints.enumerated() { try add(w, "waypoints[\(i)]", "waypoint", source: false) }
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: name, omitted: &omitted) {
            pairs.append(("mode", word.value))
        }
        let avoid = request.avoid.sorted().filter { $0 != .ferries }
        if !avoid.isEmpty { pairs.append(("avoid", avoid.map(\.rawValue).joined(separator: ","))) }
        AppleGoogleLinkText.extras(request, format: name, avoid: [.tolls, .highways], navigate: false, omitted: &omitted)
        return BuiltLink(url: "https://maps.apple.com/directions?" + LinkWriting.query(pairs), format: format, omitted: omitted)
    }
}

/// Plain parameter names compared eight bytes at a time with a lowercase ASCII literal given as its
/// little-endian words (written out by hand where the name is matched): the answer of
/// ``ByteText/equalsIgnoringCase(_:)-(StaticString)`` with that literal, in two or three word
/// comparisons instead of one per byte. The caller has checked the name's byte count; every word
/// read lies inside the name.
enum NameWords {
    /// The eight bytes of `name` at `offset` (0 ≤ offset ≤ count − 8) with `A`–`Z` lowercased, or
    /// nil when one is not ASCII (such a name equals no ASCII literal ignoring ASCII case).
    @inline(__always)
    static func lowered(_ name: ByteText, _ offset: Int) -> UInt64? {
        let word = UTF8Text.word(name.bytes, offset)
        if word & 0x8080_8080_8080_8080 != 0 { return nil }
        let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F  // high bit: byte ≥ 0x41 (no carry: bytes < 0x80)
        let pastZ = word &+ 0x2525_2525_2525_2525  // high bit: byte ≥ 0x5B
        return word | ((atLeastA & ~pastZ & 0x8080_8080_8080_8080) >> 2)
    }

    /// Whether `name` (8 to 16 bytes) is the literal whose words at 0 and count − 8 are `a` and `b`.
    @inline(__always)
    static func equal(_ name: ByteText, _ a: UInt64, _ b: UInt64) -> Bool {
        guard name.count >= 8 else { return false }
        return lowered(name, 0) == a && lowered(name, name.count &- 8) == b
    }

    /// Whether `name` (16 to 24 bytes) is the literal whose words at 0, 8 and count − 8 are `a`, `b`, `c`.
    @inline(__always)
    static func equal(_ name: ByteText, _ a: UInt64, _ b: UInt64, _ c: UInt64) -> Bool {
        guard name.count >= 16 else { return false }
        return lowered(name, 0) == a && lowered(name, 8) == b && lowered(name, name.count &- 8) == c
    }
}
