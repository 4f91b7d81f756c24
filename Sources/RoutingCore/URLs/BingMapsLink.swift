/// Windows Maps / Bing Maps route links (Microsoft, "Launch the Windows Maps app",
/// https://learn.microsoft.com/en-us/windows/uwp/launch-resume/launch-maps-app, `bingmaps:` parameter
/// reference), plus the same `rtp` on `https://www.bing.com/maps?…` (also `bing.com`, `/maps/default.aspx`).
///
/// - `rtp=<waypoint>~<waypoint>`: `~` separates route points; each is `pos.<lat>_<lon>[_<title>]`
///   (WGS84 degrees, latitude first, `_` between the parts) or `adr.<address>`. The raw value is split
///   on the raw `~` first, then on the raw `_`, and each piece is percent-decoded once, so `%7E` and
///   `%5F` inside a piece stay data. Microsoft says a `_` inside a title must be double-encoded as
///   `%255F`; after the single decoding such a title reads `%5F`, which is then turned into `_`
///   (only that sequence; D01 `Eiffel%255FTower` → `Eiffel_Tower`). Microsoft's ABNF has exactly two
///   points; `bing.com/maps` also draws middle points, which are read as waypoints.
/// - Current location: `rtp=~B` (empty first point; Microsoft: "If an accurate current location is
///   available, the current location is prefilled"), an empty `adr.`, or an address that is a
///   current-location literal. `rtp=A~` (no end) → `missing-destination`.
/// - `mode`: `d` → Car, `w` → Pedestrian, `t` → transport type Transit (no single mode); matched
///   ignoring case; any other value → `unknown-mode`. `cp`, `lvl`, `bb`, `sty`, `trfc` are view
///   settings and never endpoints; unknown parameters are ignored.
/// - `ms-drive-to:?destination.latitude=&destination.longitude=&destination.name=` and `ms-walk-to:`
///   start turn-by-turn guidance (``DirectionsRequest/navigate`` = true) from the current location
///   ("These URI schemes can only provide directions from the user's current location"), mode Car
///   or Pedestrian.
/// - `+`: the `bingmaps:` and `ms-*-to:` schemes are not form-encoded (the ABNF lists `+` as a
///   literal character of `whereval`), so `+` stays a plus there; on `https://www.bing.com/maps` the
///   query is form-encoded and `+` is a space. Raw spaces appear in Microsoft's own examples and are
///   accepted as written, not repaired.
/// - Repairs: none; every accepted spelling is documented by Microsoft or written by bing.com.
enum BingMapsLink {
    static let formatName = "Bing Maps link"
    static let known: Set<String> = ["rtp", "mode", "cp", "lvl", "bb", "sty", "trfc", "where", "q", "collection", "rad", "pit", "hdg", "ss", "form", "v", "style", "rtop", "where1", "sp"]
    static let rtpAliases: Set<String> = ["route", "rte", "rpt", "rtp1", "directions", "dest", "destination", "to"]

    static func parseRoute(_ query: QueryString, plusAsSpace: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        guard let rtp = try AppLinkBytes.single(query, "rtp", format: formatName), !rtp.rawValue.isEmpty else {
            let hint = DirectionsURLParser.typoHint(in: query, for: "rtp", known: known, aliases: rtpAliases)
            if hint == nil && (query.contains("cp") || query.contains("where") || query.contains("q") || query.contains("collection")) {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "this \(formatName) shows a map or a search, not a route; routes use rtp=<from>~<to>",
                    parameter: "rtp")
            }
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this \(formatName) has no 'rtp'" + (hint.map { "; \($0)" } ?? "; add rtp=~pos.<lat>_<lon> or rtp=~adr.<address>"),
                parameter: "rtp")
        }
        let raw = AppLinkBytes.split(rtp.rawValue, UInt8(ascii: "~"))
        guard raw.count >= 2 else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "'rtp' has one point and no '~'; write rtp=<from>~<to>, or rtp=~<to> to start at the current location",
                parameter: "rtp")
        }
        guard let last = raw.last, !last.isEmpty else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "'rtp' ends with '~' and gives no destination; write rtp=<from>~pos.<lat>_<lon> or ~adr.<address>",
                parameter: "rtp")
        }
        var points: [Endpoint] = []
        for (i, piece) in raw.enumerated() {
            let role: Role = i == 0 ? .source : (i == raw.count - 1 ? .destination : .waypoint)
            points.append(try point(piece, role: role, plusAsSpace: plusAsSpace, context.parser))
        }
        let destination = points.removeLast()
        let source = points.removeFirst()
        var mode: DirectionsMode? = nil
        var transport: TransportType? = nil
        if let m = try AppLinkBytes.single(query, "mode", format: formatName) {
            let value = AppLinkBytes.trimmedValue(m)
            if !value.isEmpty {
                guard let word = modeWord(value) else {
                    throw DirectionsURLError(
                        code: .unknownMode,
                        message: "'mode=\(DirectionsURLParser.shorten(m.value))' is not a Windows Maps mode; use d (driving), w (walking) or t (transit)",
                        parameter: "mode")
                }
                mode = word.mode
                transport = word.transportType
            }
        }
        return DirectionsRequest(source: source, destination: destination, waypoints: points, mode: mode, transportType: transport)
    }

    enum Role { case source, waypoint, destination }

    /// The mode word spelled `value` ignoring case (`value.lowercased() == word.lowercased()`).
    private static func modeWord(_ value: Substring) -> ModeWord? {
        if AppLinkBytes.lowerEquals(value, "d") { return modeVocabulary[0] }
        if AppLinkBytes.lowerEquals(value, "w") { return modeVocabulary[1] }
        if AppLinkBytes.lowerEquals(value, "t") { return modeVocabulary[2] }
        return nil
    }

    /// `raw.prefix(4).lowercased()` when it is `adr.` or `pos.`, read from ASCII bytes when possible.
    private static func pointKind(_ raw: Substring) -> String {
        if let adr = AppLinkBytes.lowerPrefix(raw, "adr."), let pos = AppLinkBytes.lowerPrefix(raw, "pos.") {
            return adr ? "adr." : pos ? "pos." : ""
        }
        return raw.prefix(4).lowercased()
    }

    /// One `rtp` point, raw.
    private static func point(_ raw: Substring, role: Role, plusAsSpace: Bool, _ parser: DirectionsURLParser) throws(DirectionsURLError) -> Endpoint {
        if raw.isEmpty {
            if role == .source { return .currentLocation }
            throw DirectionsURLError(code: .invalidParameter, message: "'rtp' has an empty point between two '~'; remove the extra '~'", parameter: "rtp")
        }
        let lower = pointKind(raw)
        if lower == "adr." {
            let text = try QueryString.decode(AppLinkBytes.dropBytes(raw, 4), plusAsSpace: plusAsSpace, parameter: "rtp")
            switch role {
            case .source: return try parser.sourceEndpoint(text, parameter: "rtp")
            default:
                if DirectionsURLParser.trimmed(text).isEmpty {
                    throw DirectionsURLError(code: .invalidParameter, message: "an 'adr.' point in 'rtp' is empty; give an address after 'adr.'", parameter: "rtp")
                }
                return .address(DirectionsURLParser.trimmed(text))
            }
        }
        if lower == "pos." {
            // Latitude, longitude and the title, without an array.
            guard let (latText, lonText, titleText) = AppLinkBytes.splitThree(AppLinkBytes.dropBytes(raw, 4), UInt8(ascii: "_")) else {
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "'pos.\(DirectionsURLParser.shorten(String(raw.dropFirst(4))))' in 'rtp' is not '<latitude>_<longitude>'; separate them with '_'",
                    parameter: "rtp")
            }
            let lat = try AppLinkBytes.decoded(latText, parameter: "rtp")
            let lon = try AppLinkBytes.decoded(lonText, parameter: "rtp")
            // (`decimal` refuses a ',' as it refuses any byte but digits, one '.' and a sign.)
            guard let la = AppLinkBytes.decimal(lat), let lo = AppLinkBytes.decimal(lon) else {
                throw DirectionsURLError(
                    code: .malformedNumber,
                    message: "'\(DirectionsURLParser.shorten(String(lat)))_\(DirectionsURLParser.shorten(String(lon)))' in 'rtp' is not '<latitude>_<longitude>' in decimal degrees (use '.' as the decimal separator)",
                    parameter: "rtp")
            }
            // In range: the coordinate itself (the text round trip below gives the same values);
            // out of range: that round trip builds the error.
            let c: Coordinate
            do {
                c = try Coordinate.validated(latitude: la, longitude: lo)
            } catch {
                c = try CoordinateText.parsePair(Substring(LinkWriting.degrees(la) + "," + LinkWriting.degrees(lo)), parameter: "rtp")
            }
            var title: String? = nil
            if let titleText {
                let t = try QueryString.decode(titleText, plusAsSpace: plusAsSpace, parameter: "rtp")
                let unescaped = replacingEncodedUnderscore(t)
                title = unescaped.isEmpty ? nil : unescaped
            }
            return .coordinate(c, label: title)
        }
        throw DirectionsURLError(
            code: .invalidParameter,
            message: "'\(DirectionsURLParser.shorten(String(raw)))' in 'rtp' is not a route point; write pos.<lat>_<lon>[_<title>] or adr.<address>",
            parameter: "rtp")
    }

    /// `%5F` (either case) → `_`, the second decoding Microsoft prescribes for titles.
    private static func replacingEncodedUnderscore(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        if AppLinkBytes.isASCII(Substring(s)) {
            // One byte per Character: '%', '5', 'F' or 'f' → '_'.
            let bytes = s.utf8.span
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var i = 0
                var k = 0
                while i < bytes.count && k < out.count {
                    if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "5"),
                       bytes[i + 2] == UInt8(ascii: "F") || bytes[i + 2] == UInt8(ascii: "f") {
                        out[k] = UInt8(ascii: "_")
                        i += 3
                    } else {
                        out[k] = bytes[i]
                        i += 1
                    }
                    k += 1
                }
                return k
            }
        }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "%", let a = s.index(i, offsetBy: 3, limitedBy: s.endIndex), s[s.index(after: i)..<a].uppercased() == "5F" {
                out.append("_")
                i = a
            } else {
                out.append(s[i])
                i = s.index(after: i)
            }
        }
        return out
    }

    static func parseDriveTo(_ link: LinkText, walk: Bool) throws(DirectionsURLError) -> DirectionsRequest {
        let query = try QueryString(link.query, plusAsSpace: false)
        let latP = try AppLinkBytes.single(query, "destination.latitude", format: formatName)
        let lonP = try AppLinkBytes.single(query, "destination.longitude", format: formatName)
        let name = try AppLinkBytes.single(query, "destination.name", format: formatName).map { DirectionsURLParser.trimmed($0.value) }
        guard let latP, let lonP, !DirectionsURLParser.trimmed(latP.value).isEmpty, !DirectionsURLParser.trimmed(lonP.value).isEmpty else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this ms-\(walk ? "walk" : "drive")-to: link needs destination.latitude and destination.longitude",
                parameter: DirectionsURLParser.trimmed(latP?.value ?? "").isEmpty ? "destination.latitude" : "destination.longitude")
        }
        guard let la = CoordinateText.decimal(Substring(DirectionsURLParser.trimmed(latP.value))) else {
            throw DirectionsURLError(code: .malformedNumber, message: "'destination.latitude=\(DirectionsURLParser.shorten(latP.value))' is not a decimal number of degrees", parameter: "destination.latitude")
        }
        guard let lo = CoordinateText.decimal(Substring(DirectionsURLParser.trimmed(lonP.value))) else {
            throw DirectionsURLError(code: .malformedNumber, message: "'destination.longitude=\(DirectionsURLParser.shorten(lonP.value))' is not a decimal number of degrees", parameter: "destination.longitude")
        }
        let c: Coordinate
        do {
            c = try Coordinate.validated(latitude: la, longitude: lo)
        } catch {
            switch error {
            case .latitudeOutOfRange:
                throw DirectionsURLError(code: .latitudeOutOfRange, message: "destination.latitude \(latP.value) is outside -90...90 degrees", parameter: "destination.latitude")
            case .longitudeOutOfRange:
                throw DirectionsURLError(code: .longitudeOutOfRange, message: "destination.longitude \(lonP.value) is outside -180...180 degrees and is not wrapped", parameter: "destination.longitude")
            }
        }
        return DirectionsRequest(
            source: .currentLocation, destination: .coordinate(c, label: name.flatMap { $0.isEmpty ? nil : $0 }),
            mode: walk ? .pedestrian : .car, navigate: true)
    }
}

extension BingMapsLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .bing }
    static var schemes: [String] { ["bingmaps", "ms-drive-to", "ms-walk-to"] }
    static var hosts: [String] { ["bing.com", "www.bing.com"] }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        switch link.scheme {
        case "ms-drive-to": return try parseDriveTo(link, walk: false)
        case "ms-walk-to": return try parseDriveTo(link, walk: true)
        case "bingmaps":
            return try parseRoute(try QueryString(link.query, plusAsSpace: false), plusAsSpace: false, &context)
        default:
            let path = link.path
            guard AppLinkBytes.lowerEquals(path, "/maps") || AppLinkBytes.lowerEquals(path, "/maps/")
                || AppLinkBytes.lowerEquals(path, "/maps/default.aspx") else {
                throw DirectionsURLError(
                    code: .notADirectionsLink,
                    message: "'\(DirectionsURLParser.shorten(String(link.path)))' is not Bing Maps; route links are https://www.bing.com/maps?rtp=…",
                    parameter: "path")
            }
            return try parseRoute(try QueryString(link.query, plusAsSpace: true), plusAsSpace: true, &context)
        }
    }
}

extension BingMapsLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .bing }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("mode", "d", mode: .car),
        ModeWord("mode", "w", mode: .pedestrian),
        ModeWord("mode", "t", mode: nil, transportType: .transit),
    ]

    /// `bingmaps:?rtp=<from>~<to>&mode=d|w|t`, or `ms-drive-to:` / `ms-walk-to:` when the request asks
    /// for guidance (``DirectionsRequest/navigate``) from the current location to a coordinate by car or
    /// on foot. Titles have `_` written as `%255F`, `~` as `%7E`; spaces as `%20`.
    /// - Throws: `cannot-express` when the destination is the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        if request.destination == .currentLocation {
            throw LinkBuildError(code: .cannotExpress, message: "a Windows Maps route cannot end at the current location", field: "destination")
        }
        if request.navigate, request.source == .currentLocation, request.waypoints.isEmpty,
           request.mode == .car || request.mode == .pedestrian,
           case .coordinate(let c, let label, let id) = request.destination {
            if id != nil { omitted.append("destination place id: Windows Maps links carry none") }
            if !request.avoid.isEmpty { omitted.append("avoid: Windows Maps links carry no road options") }
            if request.departureDate != nil { omitted.append("departure date: Windows Maps links carry none") }
            if request.arrivalDate != nil { omitted.append("arrival date: Windows Maps links carry none") }
            var url = (request.mode == .car ? "ms-drive-to:?" : "ms-walk-to:?")
                + "destination.latitude=" + LinkWriting.degrees(c.latitude)
                + "&destination.longitude=" + LinkWriting.degrees(c.longitude)
            if let label { url += "&destination.name=" + LinkWriting.encode(label) }
            return BuiltLink(url: url, format: .bing, omitted: omitted)
        }
        func text(_ e: Endpoint, field: String) -> String {
            switch e {
            case .currentLocation: return ""
            case .coordinate(let c, let label, let id):
                if id != nil { omitted.append("\(field) place id: Windows Maps links carry none") }
                var s = "pos." + LinkWriting.degrees(c.latitude) + "_" + LinkWriting.degrees(c.longitude)
                if let label, !label.isEmpty {
                    if label.uppercased().contains("%5F") {
                        omitted.append("\(field) label: it contains the text '%5F', which Windows Maps reads as '_'")
                    } else {
                        s += "_" + LinkWriting.encode(label).replacingTildes().replacingUnderscores()
                    }
                }
                return s
            case .address(let t, let id):
                if id != nil { omitted.append("\(field) place id: Windows Maps links carry none") }
                return "adr." + LinkWriting.encode(t).replacingTildes()
            }
        }
        let from = text(request.source, field: "source")
        let to = text(request.destination, field: "destination")
        if !request.waypoints.isEmpty { omitted.append("waypoints: a Windows Maps route has exactly two points") }
        var url = "bingmaps:?rtp=" + from + "~" + to
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "Windows Maps", omitted: &omitted) {
            url += "&mode=" + word.value
        }
        if request.navigate { omitted.append("navigate: only ms-drive-to:/ms-walk-to: from the current location to a coordinate start guidance") }
        if !request.avoid.isEmpty { omitted.append("avoid: Windows Maps links carry no road options") }
        if request.departureDate != nil { omitted.append("departure date: Windows Maps links carry none") }
        if request.arrivalDate != nil { omitted.append("arrival date: Windows Maps links carry none") }
        return BuiltLink(url: url, format: .bing, omitted: omitted)
    }
}

private extension String {
    /// `~` → `%7E`: the point separator of `rtp` (Microsoft: "If the item contains a tilde, make sure
    /// the tilde is encoded as %7E").
    func replacingTildes() -> String {
        var out = ""
        for ch in self { if ch == "~" { out += "%7E" } else { out.append(ch) } }
        return out
    }

    /// `_` → `%255F` (Microsoft: "If the title contains an underscore, double-encode it as %255F").
    func replacingUnderscores() -> String {
        var out = ""
        for ch in self { if ch == "_" { out += "%255F" } else { out.append(ch) } }
        return out
    }
}
