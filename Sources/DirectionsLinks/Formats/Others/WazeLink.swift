// SPDX-License-Identifier: Apache-2.0
/// Waze deep links (Google, "Waze deep links", https://developers.google.com/waze/deeplinks):
/// `https://waze.com/ul?ll=<lat>%2C<lon>&navigate=yes&zoom=17`, also on `www.waze.com` and
/// `ul.waze.com`, and the app scheme `waze://?…` (`waze://ul?…`).
///
/// - Live Map directions (Waze's web planner, which share links open; undocumented):
///   `https://www.waze.com/[<locale>/]live-map/directions?to=ll.<lat>%2C<lon>&from=ll.<lat>%2C<lon>&navigate=yes`.
///   `to` is required; no `from` → the current location; `place.<id>` → `unresolvable-offline`.
/// - `ll` = the destination, `latitude,longitude` (comma often `%2C`); `q` = search text, an address destination
///   when there is no `ll`; `favorite=home|work` → `unresolvable-offline`; `navigate=yes` → ``DirectionsRequest/navigate``.
/// - Query form-encoded (`+` a space), each value decoded once. Mode: always Car (no mode parameter).
/// - Current location: the `ul` link always starts at the device (IntentKit #41); Live Map links name a start.
/// - Shared pins: `https://waze.com/ul/h<geohash>` (also `www.`, `ul.`) and `https://www.waze.com/live-map?h=<geohash>`
///   (`/live-map/?h=`): a standard base32 geohash, decoded offline to the centre of its cell (9 characters: about
///   2.4 m × 4.8 m), an exact place from the current location, no label; a character outside the geohash
///   alphabet is `malformed-url` naming `path` or `h`.
/// - Repairs: none of the syntax. A likely typo of `ll` next to a usable `q`, or of `navigate`, is
///   `likely-typo`; a typo of `ll` with nothing else left is named in `missing-destination`.
enum WazeLink {
    static let formatName = "Waze link"
    static let schema = ParameterSchema(format: formatName, typos: .firstWithinTwo, [
        .single("ll", aliases: ["lat", "latlng", "latlon", "loc", "dest", "destination", "daddr", "to", "coords", "l"],
                "the destination, 'lat,lon'"),
        .single("q", "search text, the destination when there is no ll"),
        .single("favorite", "home or work, saved in the user's Waze account"), .single("navigate", aliases: ["nav", "navigation"], "yes: start guidance"),
        .ignored("zoom"), .ignored("z"), .ignored("utm_source"), .ignored("utm_medium"), .ignored("utm_campaign"),
    ])

    /// The point of the Live Map parameter `name` (`ll.<lat>,<lon>`), nil when absent or blank.
    private static func liveMapEnd(_ query: LinkInput.Query, _ name: StaticString) throws(DirectionsURLError) -> Endpoint? {
        guard let p = try query.single(name, format: "Waze Live Map link") else { return nil }
        let key = name.description
        return try p.withValue { (decoded: LinkInput) throws(DirectionsURLError) -> Endpoint? in
            let value = decoded.trimmed
            if value.isEmpty { return nil }
            if value.hasPrefixIgnoringCase("ll.") { return .coordinate(try CoordinateText.parsePair(value.dropFirst(3), parameter: key), label: nil) }
            if value.hasPrefixIgnoringCase("place.") {
                throw DirectionsURLError(.unresolvableOffline, key,
                    "'\(key)=\(value.shown)' names a place by id, which only Waze's servers can resolve; write \(key)=ll.<latitude>,<longitude>")
            }
            throw DirectionsURLError(.invalidParameter, key, "'\(key)=\(value.shown)' is not a Live Map point; write \(key)=ll.<latitude>,<longitude>")
        }
    }

    /// The centre of a standard geohash cell (base32 `0123456789bcdefghjkmnpqrstuvwxyz`, bits alternating
    /// longitude first, halving -180...180 and -90...90); letters in either case. Nil for an empty
    /// hash, one over 22 characters, or a character outside the alphabet.
    static func decodeGeohash(_ hash: LinkInput) -> Coordinate? {
        guard !hash.isEmpty, hash.count <= 22 else { return nil }
        var lat = (-90.0, 90.0)
        var lon = (-180.0, 180.0)
        var even = true
        for b in hash {
            guard let v = geohashValue(b) else { return nil }
            for shift in stride(from: 4, through: 0, by: -1) {
                let bit = v >> UInt8(shift) & 1 == 1
                if even {
                    let mid = (lon.0 + lon.1) / 2
                    if bit { lon.0 = mid } else { lon.1 = mid }
                } else {
                    let mid = (lat.0 + lat.1) / 2
                    if bit { lat.0 = mid } else { lat.1 = mid }
                }
                even.toggle()
            }
        }
        return Coordinate(latitude: (lat.0 + lat.1) / 2, longitude: (lon.0 + lon.1) / 2)
    }

    /// The 5-bit value of a geohash character (no `a`, `i`, `l`, `o`), or nil.
    @inline(__always)
    static func geohashValue(_ c: UInt8) -> UInt8? {
        let l = c &- 65 < 26 ? c | 0x20 : c
        switch l {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return l &- 48
        case UInt8(ascii: "b")...UInt8(ascii: "h"): return l &- 98 &+ 10
        case UInt8(ascii: "j"), UInt8(ascii: "k"): return l &- 106 &+ 17
        case UInt8(ascii: "m"), UInt8(ascii: "n"): return l &- 109 &+ 19
        case UInt8(ascii: "p")...UInt8(ascii: "z"): return l &- 112 &+ 21
        default: return nil
        }
    }

    /// A geohash of `count` characters for a point (the inverse of ``decodeGeohash(_:)``), for tests.
    static func encodeGeohash(latitude: Double, longitude: Double, count: Int) -> String {
        let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)
        var lat = (-90.0, 90.0)
        var lon = (-180.0, 180.0)
        var even = true
        var out: [UInt8] = []
        for _ in 0..<max(count, 0) {
            var v = 0
            for _ in 0..<5 {
                v <<= 1
                if even {
                    let mid = (lon.0 + lon.1) / 2
                    if longitude >= mid { v |= 1; lon.0 = mid } else { lon.1 = mid }
                } else {
                    let mid = (lat.0 + lat.1) / 2
                    if latitude >= mid { v |= 1; lat.0 = mid } else { lat.1 = mid }
                }
                even.toggle()
            }
            out.append(alphabet[v])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The pin of a geohash share link (`/ul/h<hash>` or `live-map?h=<hash>`): an exact place.
    /// - Throws: `malformed-url` naming `parameter` when `hash` is not a geohash.
    static func geohashPlace(_ hash: LinkInput, parameter: String) throws(DirectionsURLError) -> DirectionsRequest {
        guard let c = decodeGeohash(hash) else {
            throw DirectionsURLError(.malformedURL, parameter, "'\(hash.shown)' is not a geohash: 1 to 22 characters of "
                + "0-9 and b-z without i, l and o, as in https://waze.com/ul/hu09tvqx9z")
        }
        return DirectionsRequest(destination: .coordinate(c, label: nil), mode: .car)
    }

    /// The `navigate` flag of the parameter `p`, if any.
    private static func navigateFlag(_ p: LinkInput.Query.Parameter?) throws(DirectionsURLError) -> Bool {
        guard let p else { return false }
        let flag = p.withValue { (decoded: LinkInput) -> Bool? in
            let value = decoded.trimmed
            if ["yes", "true", "1"].contains(where: value.equalsIgnoringCase) { return true }
            return value.isEmpty || ["no", "false", "0"].contains(where: value.equalsIgnoringCase) ? false : nil
        }
        if let flag { return flag }
        throw DirectionsURLError(.invalidParameter, "navigate",
            "'navigate=\(DirectionsURLParser.shorten(p.value))' is not valid; write navigate=yes to start guidance, or leave it out")
    }
}

extension WazeLink: DirectionsLinkFormat {
    static var schemes: [String] { ["waze"] }
    static var hosts: [String] { ["waze.com", "www.waze.com", "ul.waze.com"] }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let path = link.bytes.path
        if link.scheme != "waze", path.hasSuffixIgnoringCase("/live-map/directions") || path.hasSuffixIgnoringCase("/live-map/directions/") {
            // `path.split(separator: "/")`: the non-empty segments; a locale first has at most five
            // Characters (counted as bytes, CR LF as one).
            let segments = path.splitPieces(separatedBy: UInt8(ascii: "/"), omittingEmpty: true)
            let first = segments.first ?? .empty
            let crlf = zip(first, first.dropFirst()).count { $0 == 0x0D && $1 == 0x0A }
            if segments.count == 2 || (segments.count == 3 && first.count - crlf <= 5) {
                let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
                let navigate = try navigateFlag(query.single("navigate", format: formatName))
                guard let to = try liveMapEnd(query, "to") else {
                    throw DirectionsURLError(.missingDestination, "to", "this Waze Live Map link has no 'to'; add to=ll.<latitude>,<longitude>")
                }
                return DirectionsRequest(source: try liveMapEnd(query, "from") ?? .currentLocation, destination: to, mode: .car, navigate: navigate)
            }
        }
        if link.scheme != "waze" {
            // Share links: `/ul/h<geohash>` and the Live Map's `?h=<geohash>`, the pin of a place.
            if path.hasPrefix("/ul/h") {
                let rest = path.dropFirst(5)
                return try geohashPlace(rest.last == UInt8(ascii: "/") ? rest.dropLast() : rest, parameter: "path")
            }
            let page = path.last == UInt8(ascii: "/") ? path.dropLast() : path
            if page.hasSuffixIgnoringCase("/live-map") {
                let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
                if let h = try query.single("h", format: "Waze Live Map link") {
                    return try h.withValue { (v: LinkInput) throws(DirectionsURLError) -> DirectionsRequest in
                        try geohashPlace(v.trimmed, parameter: "h")
                    }
                }
            }
        }
        let deepLink = link.scheme == "waze"
            ? (link.host.isEmpty || link.host == "ul")
                && (path.isEmpty || path.equals("/") || path.equalsIgnoringCase("/ul") || path.equalsIgnoringCase("/ul/"))
            : path.equalsIgnoringCase("/ul") || path.equalsIgnoringCase("/ul/") || (link.host == "ul.waze.com" && (path.isEmpty || path.equals("/")))
        guard deepLink else {
            throw DirectionsURLError(.notADirectionsLink, "path",
                "'\(path.shown)' is not a Waze deep link; directions links are https://waze.com/ul?ll=<lat>,<lon>&navigate=yes")
        }
        let query = try LinkInput.Query(link.bytes.query, plusAsSpace: true)
        let keys = schema.slots(query)
        let navigate = try navigateFlag(keys.single("navigate"))
        if keys.hasUnknown, !keys.contains("navigate"), let hint = schema.hint(in: query, for: "navigate") {
            try context.repair(.likelyTypo, hint + " (ignored: the link only shows the route)", parameter: "navigate")
        }
        if let ll = try keys.single("ll"), let c = try ll.trimmedPair(parameter: "ll") {
            return DirectionsRequest(destination: .coordinate(c, label: nil), mode: .car, navigate: navigate)
        }
        if let fav = try keys.single("favorite") {
            throw DirectionsURLError(.unresolvableOffline, "favorite", "'favorite=\(DirectionsURLParser.shorten(fav.value))' is a place saved "
                + "in the user's Waze account, which routingd cannot look up; give ll=latitude,longitude or q=<address>")
        }
        if let q = try keys.single("q"),
           let destination = try q.withValue({ (value: LinkInput) throws(DirectionsURLError) -> Endpoint? in
               let text = value.trimmed
               if text.isEmpty { return nil }
               if keys.hasUnknown, let hint = schema.hint(in: query, for: "ll") {
                   try context.repair(.likelyTypo, hint + " (the link searches for q instead)", parameter: "ll")
               }
               return try context.parser.place(text, parameter: "q")
           }) {
            return DirectionsRequest(destination: destination, mode: .car, navigate: navigate)
        }
        throw schema.missing("destination", "ll", in: query, add: "ll=<latitude>,<longitude> or q=<address>")
    }

    static var format: LinkFormat { .waze }
    static var forms: [LinkForm] {
        [
            LinkForm(.route, "`/ul?ll=LAT,LON&navigate=yes` (from the current location)", "https://waze.com/ul?ll=45.4408%2C12.3155&navigate=yes"),
            LinkForm(.route, "`/ul?q=ADDRESS` (a search: an address destination)", "https://waze.com/ul?q=Piazza+San+Marco+Venezia"),
            LinkForm(.route, "`waze://?ll=LAT,LON`", "waze://?ll=45.4408,12.3155&navigate=yes"),
            LinkForm(.route, "`/live-map/directions?to=ll.LAT,LON&from=ll.LAT,LON`",
                "https://www.waze.com/live-map/directions?to=ll.45.4408%2C12.3155&from=ll.45.4375%2C12.3358"),
            LinkForm(.place, "`/ul/hGEOHASH` (a shared pin)", "https://waze.com/ul/hu20f2z0b4z"),
            LinkForm(.place, "`/live-map?h=GEOHASH` (a shared pin)", "https://www.waze.com/live-map?h=u20f2z0b4"),
        ]
    }
    static var modeVocabulary: [ModeWord] { [] }

    /// `https://waze.com/ul?ll=<lat>%2C<lon>&navigate=yes`, or `?q=<address>`; from a coordinate,
    /// `https://www.waze.com/live-map/directions?to=ll.…&from=ll.…&navigate=yes`.
    /// - Throws: `cannot-express` for an address source, a coordinate source with an address destination, or a current-location destination.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a Waze link cannot route to the current location", field: "destination")
        }
        if case .address = request.source {
            throw LinkBuildError.cannot(
                "source", "Waze starts from the current location or, in Live Map links, from a coordinate; not from an address")
        }
        var omitted: [String] = []
        var pairs: [(String, String)] = []
        var base = "https://waze.com/ul?"
        if case .coordinate(let from, _, _, _) = request.source {
            guard case .coordinate(let to, _, _, _) = request.destination else {
                throw LinkBuildError.cannot("source", "Waze Live Map links, the only ones with a start, take a coordinate destination")
            }
            base = "https://www.waze.com/live-map/directions?"
            pairs = [("to", "ll." + LinkWriting.encode(LinkWriting.pair(to))), ("from", "ll." + LinkWriting.encode(LinkWriting.pair(from)))]
        } else if case .coordinate(let c, _, _, _) = request.destination {
            pairs.append(("ll", LinkWriting.encode(LinkWriting.pair(c))))
        } else if case .address(let text, _) = request.destination {
            pairs.append(("q", LinkWriting.encode(text)))
        }
        for (e, field) in [(request.destination, "destination"), (request.source, "source")] {
            if case .coordinate(_, _?, _, _) = e { omitted.append("\(field) label: Waze links carry no label") }
            if e.placeID != nil { omitted.append("\(field) place id: Waze links carry none") }
        }
        if request.navigate { pairs.append(("navigate", "yes")) }
        if !request.waypoints.isEmpty { omitted.append("waypoints: Waze routes to one destination") }
        if request.mode != .car { omitted.append("mode \(request.mode?.rawValue ?? "unspecified"): Waze always routes by car") }
        omitted += OmittedFields.uncarried(request, navigate: nil, avoid: "Waze links carry no route options", dates: "Waze links")
        return BuiltLink(url: base + LinkWriting.query(pairs), format: .waze, omitted: omitted)
    }
}
