// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// `geo:` URIs: RFC 5870 with the Android extensions (Android "Common intents", Maps; Google
    /// Assistant's `geo.offline:` variant is read the same way). The source is always the current
    /// location; the mode is unset.
    ///
    /// **RFC 5870** (§3.3 ABNF): `geo:<lat>,<lon>[,<alt>][;crs=<label>][;u=<metres>][;<name>[=<value>]]…`.
    /// - Coordinates are WGS84 degrees, latitude first; the altitude (metres) is checked and dropped.
    ///   `-0` is 0. Out-of-range values are errors, never clamped or wrapped (§3.4.2). At ±90 any
    ///   longitude is accepted and kept (§3.4.2); 180 and -180 (§3.4.5) are each kept as written.
    /// - Parameter names and the `crs` value are case-insensitive (§3.3). `crs` other than `wgs84` →
    ///   `unsupported-crs`. `u` (uncertainty, metres, ≥ 0) is checked and dropped. `crs` and `u` may
    ///   appear once each (`duplicate-parameter`); a `crs` not first, or a `u` after another
    ///   parameter, is a repair (§3.3). Lenient repairs of invalid optional parameters (code
    ///   `ignored-value`; strict mode throws the error named): a `u` that is empty, not a number
    ///   (`malformed-number`) or negative (`invalid-parameter`), a repeated `u` (`duplicate-parameter`)
    ///   and an empty `crs` are dropped, and the point is kept. A repeated `crs` stays an error. Other parameters are decoded, checked and ignored; a value
    ///   outside `p-unreserved / unreserved / pct-encoded` is a repair.
    ///
    /// **Android query** (`?q=…&z=…`, form-encoded: `+` is a space, `%2B` a literal `+`):
    /// - `q=lat,lon(label)`: the coordinates in `q` win over the path and over the label; the label is
    ///   display-only and never searched. A label may also follow the zoom (`&z=19(Name)`, OsmAnd style).
    /// - `q=<text>`: with path `0,0` (Android's "no coordinates" placeholder) the destination is the
    ///   address; with other path coordinates it is those coordinates labelled with the text. A Plus Code
    ///   (`849VCWC8+R9`) keeps its literal `+`.
    /// - `0,0` is a placeholder only when `q` is non-empty; plain `geo:0,0` and `geo:0,0?q=` are Null Island.
    /// - `z` (zoom, a viewport) and every other query parameter are ignored.
    ///
    /// **Repairs** (a warning when lenient, the error with `strict`): percent-escapes in the coordinates
    /// (`geo:-22.9519%2C-43.2105`); spaces after the comma; a space *instead of* the comma
    /// (`geo:-22.95 -43.21` reads as -22.95,-43.21, signs kept); a leading `+` on a number; a `(label)`
    /// after the path coordinates; `&` instead of `?` before the query (`geo:1,2&z=12`); `geo:0:0?q=…`
    /// and `geo:?q=…` (no usable path: `q` is used); the parameter-order and value-syntax rules above;
    /// an empty `;` parameter (`geo:90,-22.5;`, `;;`: RFC 5870's `pname` needs a character) is ignored,
    /// the repair naming `parameters`. A parameter with an empty name before `=` (`;=x`) is
    /// `invalid-parameter` naming `parameters`.
    ///
    /// **Errors**: `geo://…` and `geo:/…` (`malformed-url`: slash-separated numbers could be
    /// zoom/lat/lon, so nothing is guessed); out-of-range values; malformed numbers, including decimal
    /// commas (`geo:41,90, 12,45` is never 41/90); `geo:12:34` without `q`; no coordinates and no `q`
    /// (`missing-destination`).
    ///
    /// Sources: RFC 5870 §3.3, §3.4; Android developer guide "Common intents" (Maps); Organic Maps
    /// `ge0/geo_url_parser.cpp` tests for the `0,0` and label rules.
    enum GeoURI: DirectionsLinkFormat {
        /// The Android query's parameters; every other one is ignored (no typo guesses).
        static let schema = ParameterSchema(format: "geo: URI", typos: .firstWithinTwo, [
            .single("q", "the destination: `lat,lon(label)`, or text (an address, a Plus Code) at path 0,0"),
            .single("z", "the zoom (a viewport), read only for an OsmAnd-style label: `z=19(Name)`"),
        ])

        static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
            let all = link.bytes.rest
            let (question, hash) = LinkInput.queryAndFragment(in: all, from: 0, to: all.count)
            let rest = all.prefix(hash)
            if rest.first == UInt8(ascii: "/") {
                throw DirectionsURLError(.malformedURL, "coordinates",
                    "'geo:\(DirectionsURLParser.shorten(rest.string))' is not RFC 5870: write geo:<latitude>,<longitude> without slashes "
                        + "(slash-separated numbers are ambiguous, so they are not guessed)")
            }
            // The path ends at '?', or (a repair) at an '&' that comes before any ';'.
            let end = min(question, hash)
            let semi = LinkInput.firstOffset(of: UInt8(ascii: ";"), in: all, from: 0, to: end)
            let ampersand = LinkInput.firstOffset(of: UInt8(ascii: "&"), in: all, from: 0, to: semi)
            var path = rest.prefix(end)
            var rawQuery = LinkInput.empty
            if question < hash {
                rawQuery = rest.suffix(from: question &+ 1)
            } else if ampersand < semi {
                try repair("the geo: URI has '&' where its query starts; write '?' before the first query parameter (geo:lat,lon?z=…)", "query", &context)
                path = rest.prefix(ampersand)
                rawQuery = rest.suffix(from: ampersand &+ 1)
            }
            let query = schema.slots(try LinkInput.Query(rawQuery, plusAsSpace: true))
            // Path: coordinates, then ;parameters.
            var coordinateText = path
            if semi < path.count {
                coordinateText = path.prefix(semi)
                try checkParameters(path.suffix(from: semi &+ 1), &context)
            }
            var pathLabel: String? = nil
            if let (before, inside) = parenthesized(coordinateText) {
                let label = try inside.decoded(plusAsSpace: false, parameter: "coordinates")
                pathLabel = LinkInput.withBytes(of: label, nonEmpty)
                coordinateText = before
                try repair("a '(label)' after the geo: coordinates is not RFC 5870; put it in the query: geo:0,0?q=lat,lon(label)", "coordinates", &context)
            }
            if coordinateText.contains(UInt8(ascii: "%")) {
                try repair("the geo: coordinates are percent-encoded ('\(DirectionsURLParser.shorten(coordinateText.string))'); "
                    + "RFC 5870 §3.3 writes them plainly: geo:lat,lon", "coordinates", &context)
                // Checks the escapes and the UTF-8; `withDecoded` then decodes.
                _ = try coordinateText.decoded(plusAsSpace: false, parameter: "coordinates")
            }
            return try coordinateText.withDecoded(plusAsSpace: false) { (decoded: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
                // `q`, decoded and trimmed; a leading Plus Code keeps its `+`.
                guard let q = try query.single("q") else { return try finish(decoded, qText: nil, query, pathLabel, &context) }
                func go(_ t: LinkInput) throws(DirectionsURLError) -> DirectionsRequest {
                    try finish(decoded, qText: t.trimmed.isEmpty ? nil : t.trimmed, query, pathLabel, &context)
                }
                let raw = q.rawValue
                if let plus = raw.firstOffset(of: UInt8(ascii: "+")), let end = plusCodeEnd(raw, plus: plus) {
                    // Checked by LinkInput.Query: the decode cannot fail.
                    let text = raw.prefix(end).string + (try raw.suffix(from: end).decoded(plusAsSpace: true, parameter: "q"))
                    return try LinkInput.withBytesThrowing(of: text, go)
                }
                return try q.withValue(go)
            }
        }

        /// The path coordinates (decoded, `decoded`), `q` and `z` into the request.
        private static func finish(
            _ decoded: LinkInput, qText: LinkInput?, _ query: ParameterSchema.Slots, _ pathLabel: String?, _ context: inout ParseContext
        ) throws(DirectionsURLError) -> DirectionsRequest {
            let z = try query.single("z")
            var pathCoordinate: Coordinate? = nil  // nil: placeholder (empty or 0:0) usable only with q
            let trimmedPath = decoded.trimmed
            if trimmedPath.isEmpty, qText != nil {
                try repair("the geo: URI has no coordinates before '?q='; RFC 5870 needs them: write geo:0,0?q=…", "coordinates", &context)
            } else if qText != nil, let (a, b) = trimmedPath.split(at: UInt8(ascii: ":")), !b.contains(UInt8(ascii: ":")),
                a.decimal == 0, b.decimal == 0 {
                // `0:0`, `0.0:0.0`: a producer's broken placeholder.
                try repair("'geo:\(trimmedPath.string)' separates the placeholder with ':'; write geo:0,0?q=… (q is used)", "coordinates", &context)
            } else if trimmedPath.isEmpty {
                throw DirectionsURLError(.missingDestination, "coordinates", "the geo: URI has no coordinates and no q; write geo:<latitude>,<longitude>")
            } else if trimmedPath.contains(UInt8(ascii: ":")) && !trimmedPath.contains(UInt8(ascii: ",")) {
                throw DirectionsURLError(.malformedNumber, "coordinates",
                    "'\(trimmedPath.string)' in the geo: URI uses ':' between the numbers; RFC 5870 separates latitude and longitude with ','")
            } else {
                pathCoordinate = try pathPair(decoded, &context)
            }
            let destination: Endpoint
            if let qText, let (coordinate, label) = try coordinateWithLabel(qText) {
                destination = .coordinate(coordinate, label: label ?? pathLabel ?? zLabel(z))
            } else if let pathCoordinate, qText == nil || pathCoordinate != Coordinate(latitude: 0, longitude: 0) {
                destination = .coordinate(pathCoordinate, label: qText?.string ?? pathLabel ?? zLabel(z))
            } else if let qText {
                destination = .address(qText.string)
            } else {
                throw DirectionsURLError(.missingDestination, "coordinates", "the geo: URI has no coordinates; write geo:<latitude>,<longitude>")
            }
            return DirectionsRequest(source: .currentLocation, destination: destination)
        }

        /// Lenient only: an invalid optional parameter (`u`, an empty `crs`) is dropped with an `ignored-value`
        /// warning carrying `error`'s message (strict mode throws `error` itself before calling this).
        private static func dropped(_ error: DirectionsURLError, _ context: inout ParseContext) {
            context.warnings.append(DirectionsURLWarning(.ignoredValue, error.parameter,
                error.message + "; the parameter is ignored (it does not change the point)"))
        }

        private static func repair(_ message: String, _ parameter: String, _ context: inout ParseContext) throws(DirectionsURLError) {
            try context.repair(.repairedSyntax, message, parameter: parameter)
        }

        /// The path pair, with the whitespace and `+` repairs (whitespace as `Character.isWhitespace` decides).
        private static func pathPair(_ decoded: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> Coordinate {
            // A byte scan first: Character.isWhitespace is costly and plain-ASCII coordinates are the norm.
            let spaceOrOther = decoded.contains { $0 <= 0x20 || $0 >= 0x80 }
            let plus = decoded.contains(UInt8(ascii: "+"))
            guard spaceOrOther || plus else { return try CoordinateText.parsePair(decoded, parameter: "coordinates", allowAltitude: true) }
            let text = decoded.string
            var body = Substring(text)
            if spaceOrOther, text.contains(where: \.isWhitespace) {
                let shown = DirectionsURLParser.shorten(text)
                if decoded.contains(UInt8(ascii: ",")) {
                    try repair("the geo: coordinates contain spaces ('\(shown)'); write geo:lat,lon without spaces", "coordinates", &context)
                } else if case let words = text.split(whereSeparator: \.isWhitespace), words.count == 2,
                    CoordinateText.decimal(words[0]) != nil, CoordinateText.decimal(words[1]) != nil {
                    try repair(
                        "'\(shown)' separates latitude and longitude with a space; RFC 5870 needs a comma: geo:\(words[0]),\(words[1])",
                        "coordinates", &context)
                    body = Substring(words[0] + "," + words[1])
                }
            }
            let coordinate = try CoordinateText.parsePair(body, parameter: "coordinates", allowAltitude: true)
            // Without a '+' byte no number can start with '+' (the repaired body holds the same bytes).
            if plus, body.pieces(separatedBy: UInt8(ascii: ",")).contains(where: { $0.drop(while: \.isWhitespace).utf8.first == UInt8(ascii: "+") }) {
                try repair("a number in the geo: coordinates starts with '+'; RFC 5870 numbers have only an optional '-'", "coordinates", &context)
            }
            return coordinate
        }

        /// Checks the `;name[=value]` parameters after the coordinates (see the type's rules).
        private static func checkParameters(_ text: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) {
            var seen: Set<String> = []
            var index = 0
            var sawOther = false
            for piece in text.pieces(separatedBy: UInt8(ascii: ";")) {
                if piece.isEmpty {
                    try repair(
                        "the geo: URI has an empty ';' parameter; RFC 5870 parameters are ;name or ;name=value (the empty one is ignored)",
                        "parameters", &context)
                    continue
                }
                defer { index += 1 }
                let (rawName, rawValue) = piece.split(at: UInt8(ascii: "=")) ?? (piece, LinkInput.empty)
                // A non-ASCII name is lowercased by Unicode: `;\u{212A}=1` (Kelvin sign) is `k`.
                let name = rawName.isASCII ? rawName.lowercasedASCII : rawName.string.lowercased()
                guard !rawName.isEmpty, name.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
                    throw DirectionsURLError(.invalidParameter, rawName.isEmpty ? "parameters" : rawName.string,
                        "';\(DirectionsURLParser.shorten(piece.string))' "
                            + (rawName.isEmpty ? "has no parameter name; geo: URI parameters" : "is not a geo: URI parameter; parameters")
                            + " are ;name=value with letters, digits and '-' in the name")
                }
                if rawValue.contains(UInt8(ascii: "%")) { _ = try rawValue.decoded(plusAsSpace: false, parameter: name) }
                let isCRS = rawName.equalsIgnoringCase("crs")
                let isU = rawName.equalsIgnoringCase("u")
                if rawName.count < piece.count, rawValue.isEmpty || !rawValue.allSatisfy(isPValue) {
                    let message = "the value of ';\(name)=' is empty or has characters RFC 5870 does not allow there; percent-encode them"
                    if (isCRS || isU) && rawValue.isEmpty && !context.parser.strict {
                        // Lenient: an empty `crs` or `u` is dropped (below), one warning for it.
                    } else {
                        try repair(message, name, &context)
                    }
                }
                guard isCRS || isU else {
                    sawOther = true
                    continue
                }
                let key = isCRS ? "crs" : "u"
                if rawValue.isEmpty, !context.parser.strict {
                    // `;u=`, `;u`, `;crs=`: an optional parameter with no value says nothing; dropped.
                    dropped(DirectionsURLError(.malformedNumber, key, "';\(key)=' has no value"), &context)
                    continue
                }
                if !seen.insert(key).inserted {
                    let error = DirectionsURLError(.duplicateParameter, key, "';\(key)=' appears more than once; RFC 5870 allows it once")
                    // A repeated `u` only restates the uncertainty, which is dropped anyway; a second `crs` could contradict the first.
                    guard isU, !context.parser.strict else { throw error }
                    dropped(error, &context)
                    continue
                }
                if isCRS, index != 0 {
                    try repair("';crs=' must be the first parameter after the coordinates (RFC 5870 §3.3)", key, &context)
                } else if !isCRS, sawOther {
                    try repair("';u=' must come right after the coordinates or ';crs=', before other parameters (RFC 5870 §3.3)", key, &context)
                }
                // The value of `crs` (only `wgs84`) or of `u` (a number ≥ 0), decoded; a bad `u` is dropped when lenient.
                let badU = try rawValue.withDecoded(plusAsSpace: false) { (value: LinkInput) throws(DirectionsURLError) -> DirectionsURLError? in
                    if isCRS {
                        if value.lowercasedEquals("wgs84") { return nil }
                        throw DirectionsURLError(.unsupportedCRS, "crs",
                            "crs '\(DirectionsURLParser.shorten(value.string))' is not supported; "
                                + "only wgs84 (the RFC 5870 default) is, so give WGS84 coordinates and drop ;crs")
                    }
                    guard let u = value.decimal else {
                        return DirectionsURLError(.malformedNumber, "u",
                            "';u=\(DirectionsURLParser.shorten(value.string))' is not a number; the uncertainty is a distance in metres such as u=40")
                    }
                    if u < 0 {
                        return DirectionsURLError(.invalidParameter, "u",
                            "';u=\(DirectionsURLParser.shorten(value.string))' is negative; the uncertainty is a distance in metres, 0 or more")
                    }
                    return nil
                }
                if let badU {
                    if context.parser.strict { throw badU }
                    dropped(badU, &context)
                }
            }
        }

        /// Where the Plus Code (`849VCWC8+R9`) that starts `raw` ends (byte offset), or nil: 2–8 code
        /// characters (even count, `0` padding allowed), the `+` at `plus`, 0–3 code characters, then
        /// the end or a non-alphanumeric. After the `+` the text is read by `Character` (a combining
        /// mark joins the character before it; `é` or `中` ends no code).
        private static func plusCodeEnd(_ raw: LinkInput, plus: Int) -> Int? {
            guard plus >= 2, plus <= 8, plus % 2 == 0, raw.prefix(plus).allSatisfy({ isOLC($0) || $0 == UInt8(ascii: "0") }) else { return nil }
            let text = Substring(raw.string)
            var end = text.index(after: text.utf8.index(text.startIndex, offsetBy: plus))
            var n = 0
            while end < text.endIndex, let a = text[end].asciiValue, isOLC(a) {
                end = text.index(after: end)
                n += 1
            }
            guard n <= 3 else { return nil }
            if end < text.endIndex, text[end].isLetter || text[end].isNumber { return nil }
            return text.utf8.distance(from: text.startIndex, to: end)
        }

        /// `lat,lon` or `lat,lon(label)` / `lat,lon (label)` of decoded, trimmed text; nil when it is an address.
        private static func coordinateWithLabel(_ text: LinkInput) throws(DirectionsURLError) -> (Coordinate, String?)? {
            if let (before, inside) = parenthesized(text), CoordinateText.isNumberLike(before) {
                return try CoordinateText.classify(before, parameter: "q").map { ($0, nonEmpty(inside)) }
            }
            return try CoordinateText.classify(text, parameter: "q").map { ($0, nil) }
        }

        /// OsmAnd-style `z=19(Name)`: the label after the zoom.
        private static func zLabel(_ z: LinkInput.Query.Parameter?) -> String? {
            z?.withValue { (v: LinkInput) -> String? in parenthesized(v).flatMap { nonEmpty($0.inside) } }
        }

        /// `text` as `before(inside)`, split at its first `(`, when its last byte is `)`.
        private static func parenthesized(_ text: LinkInput) -> (before: LinkInput, inside: LinkInput)? {
            guard text.last == UInt8(ascii: ")"), let open = text.firstOffset(of: UInt8(ascii: "(")) else { return nil }
            return (text.prefix(open), text.slice(open &+ 1, text.count &- 1))
        }

        private static func nonEmpty(_ text: LinkInput) -> String? { text.trimmed.isEmpty ? nil : text.trimmed.string }

        /// RFC 5870 `pvalue` bytes: `p-unreserved` (`[ ] : & + $`), `unreserved`, and `%` (checked by decoding).
        private static func isPValue(_ b: UInt8) -> Bool { isAlphanumeric(b) || "-._~[]:&+$%".utf8.contains(b) }
        /// Open Location Code digits (either case).
        private static func isOLC(_ b: UInt8) -> Bool { "23456789CFGHJMPQRVWXcfghjmpqrvwx".utf8.contains(b) }
        private static func isAlphanumeric(_ a: UInt8) -> Bool { (48...57).contains(a) || (65...90).contains(a) || (97...122).contains(a) }

        static var schemes: [String] { ["geo", "geo.offline"] }
        static var format: LinkFormat { .geo }
        static var forms: [LinkForm] {
            [
                LinkForm(.place, "`geo:LAT,LON[,ALT][;crs=wgs84][;u=M]`", "geo:46.2044,6.1432;u=25"),
                LinkForm(.place, "`geo:LAT,LON?q=LAT,LON(NAME)` (a labelled pin)", "geo:46.2044,6.1432?q=46.2044,6.1432(Jet%20d%27Eau)&z=17"),
                LinkForm(.place, "`geo:0,0?q=ADDRESS` (a search for text: an address destination)", "geo:0,0?q=Quai%20Gustave-Ador%2C%20Gen%C3%A8ve"),
                LinkForm(.place, "`geo.offline:LAT,LON` (Google Assistant)", "geo.offline:46.2044,6.1432"),
            ]
        }
        static var modeVocabulary: [ModeWord] { [] }

        /// Writes the destination: a coordinate as `geo:lat,lon`, with a label `geo:lat,lon?q=lat,lon(label)` (Android's
        /// labelled pin); an address as `geo:0,0?q=<address>`; percent-encoded, space as `%20` (Android's guide:
        /// `1st%20%26%20Pike%2C%20Seattle`). `omitted` lists waypoints, mode, avoidances, place ids, navigate, times.
        /// - Throws: `cannot-express` when the destination is the current location, or the source is not.
        static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
            try BuiltCoordinates.check(request)
            try BuiltCoordinates.requireSourceHere(
                request,
                "a geo: URI names only a destination and always starts at the current location; use osm, organic-maps or google for a route from elsewhere")
            let url: String
            switch request.destination {
            case .currentLocation:
                throw LinkBuildError.cannot("destination", "a geo: URI cannot point at the current location")
            case .coordinate(let c, let label, _, _):
                let pair = LinkWriting.pair(c)
                url = "geo:" + pair + (label.map { $0.isEmpty ? "" : "?q=" + pair + "(" + LinkWriting.encode($0) + ")" } ?? "")
            case .address(let text, _):
                // %20, not `+`: the reader keeps a `+` after a Plus Code-like word (`GV4C+XV`) in the code.
                url = "geo:0,0?q=" + LinkWriting.encode(text)
            }
            let omitted = OmittedFields.lines(request, format: "geo:", waypoints: false, mode: false, avoid: false)
            return BuiltLink(url: url, format: .geo, omitted: omitted)
        }
    }
}
