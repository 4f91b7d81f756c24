/// 2GIS route links. 2GIS publishes no link reference; the forms below are the ones public code
/// writes and parses (found with the code search: web links such as
/// `https://2gis.ru/spb/directions/tab/bus/points/%7C30.2115%2C59.9419%3B5348660212664017`, and
/// app links `dgis://2gis.ru/routeSearch/rsType/car/to/37.6488,55.7601`):
///
/// - `https://2gis.<tld>/[<city>/]directions/[tab/<type>/]points/<points>` (also under `dgis://2gis.ru/…`):
///   `<points>` is one path segment holding the whole list, usually percent-encoded: it is
///   **decoded first, then split** on `|` into points, and each point on `;` (what follows `;` is a 2GIS
///   object id, kept nowhere) and then on `,`. The first point is the start, the last the destination,
///   the ones between waypoints. An empty first point (`points/|37.62,55.75`) starts at the current
///   location, as 2GIS's own "from my location" links do.
/// - `[dgis://2gis.ru|https://2gis.<tld>]/routeSearch/rsType/<type>/[from/<point>/]to/<point>`: the
///   app form; no `from` → current location.
/// - Coordinates are **longitude,latitude** (WGS84 degrees), unlike most other formats; out-of-range
///   values are errors and are never swapped or wrapped. `+` is literal (path segments).
/// - Types (`tab`, `rsType`): `car` → Car, `bus` → transport type Transit, `pedestrian` → Pedestrian,
///   `taxi` → Taxi, `bicycle` → Bike, `scooter` (electric kick scooters; Apple has no such mode) →
///   Other; matched ignoring case; others → `unknown-mode`. The query (`m=<lon>,<lat>/<zoom>` is the
///   viewport) is never an endpoint and is ignored.
/// - Repairs: none.
enum TwoGISLink {
    static let formatName = "2GIS route link"

    static func parsePath(_ path: Substring, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let parts = AppLinkBytes.split(path, UInt8(ascii: "/"), omittingEmpty: true)
        if let i = parts.firstIndex(where: { AppLinkBytes.lowerEquals($0, "routesearch") }) {
            return try parseRouteSearch(parts[(i + 1)...], context)
        }
        guard let d = parts.firstIndex(where: { AppLinkBytes.lowerEquals($0, "directions") }), d <= 1 else {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "this 2GIS link is not a route; routes are https://2gis.ru/directions/points/<lon>,<lat>|<lon>,<lat>",
                parameter: "path")
        }
        // What follows `directions`, from `k` on.
        var k = d + 1
        var word: ModeWord? = nil
        if parts.count - k >= 2, AppLinkBytes.lowerEquals(parts[k], "tab") {
            word = try modeWord(parts[k + 1])
            k += 2
        }
        guard parts.count - k >= 2, AppLinkBytes.lowerEquals(parts[k], "points") else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this 2GIS directions link has no points; write …/directions/points/<lon>,<lat>|<lon>,<lat>",
                parameter: "points")
        }
        let decoded = try QueryString.decode(parts[k + 1], plusAsSpace: false, parameter: "points")
        let raw = AppLinkBytes.split(Substring(decoded), UInt8(ascii: "|"))
        guard raw.count >= 2 else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "'points' has one point; write <from>|<to>, or |<lon>,<lat> to start at the current location",
                parameter: "points")
        }
        var points: [Endpoint] = []
        points.reserveCapacity(raw.count)
        for (i, piece) in raw.enumerated() {
            // What precedes the first ';' (a 2GIS object id follows it).
            let text = AppLinkBytes.find(piece, UInt8(ascii: ";"), ascii: AppLinkBytes.isASCII(piece)).map { piece[..<$0] } ?? piece
            if isBlank(text) {
                if i == 0 { points.append(.currentLocation); continue }
                throw DirectionsURLError(
                    code: i == raw.count - 1 ? .missingDestination : .invalidParameter,
                    message: "a point of 'points' is empty; give <lon>,<lat> for every point after the first",
                    parameter: "points")
            }
            points.append(.coordinate(try lonLat(text, parameter: "points"), label: nil))
        }
        let destination = points.removeLast()
        let source = points.removeFirst()
        return DirectionsRequest(
            source: source, destination: destination, waypoints: points, mode: word?.mode, transportType: word?.transportType)
    }

    private static func parseRouteSearch(_ parts: ArraySlice<Substring>, _ context: ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        var word: ModeWord? = nil
        var from: Endpoint = .currentLocation
        var to: Endpoint? = nil
        var i = parts.startIndex
        while i + 1 < parts.endIndex {
            let key = parts[i].lowercased()
            let value = try QueryString.decode(parts[i + 1], plusAsSpace: false, parameter: key)
            switch key {
            case "rstype": word = try modeWord(Substring(value))
            case "from": from = .coordinate(try lonLat(Substring(value), parameter: "from"), label: nil)
            case "to": to = .coordinate(try lonLat(Substring(value), parameter: "to"), label: nil)
            default: break
            }
            i += 2
        }
        guard let to else {
            throw DirectionsURLError(
                code: .missingDestination,
                message: "this 2GIS routeSearch link has no 'to'; add /to/<lon>,<lat>",
                parameter: "to")
        }
        return DirectionsRequest(source: from, destination: to, mode: word?.mode, transportType: word?.transportType)
    }

    /// `DirectionsURLParser.trimmed(String(text)).isEmpty`, without the copy for visible ASCII text.
    private static func isBlank(_ text: Substring) -> Bool {
        if let b = text.utf8.first, b > 0x20 && b < 0x7F { return false }
        return DirectionsURLParser.trimmed(String(text)).isEmpty
    }

    private static func modeWord(_ text: Substring) throws(DirectionsURLError) -> ModeWord {
        guard let word = modeVocabulary.first(where: { AppLinkBytes.lowerEquals(text, $0.value) }) else {
            throw DirectionsURLError(
                code: .unknownMode,
                message: "'\(DirectionsURLParser.shorten(String(text)))' is not a 2GIS route type; use car, bus, pedestrian, taxi, bicycle or scooter",
                parameter: "tab")
        }
        return word
    }

    /// `<lon>,<lat>` → coordinate.
    static func lonLat(_ text: Substring, parameter: String) throws(DirectionsURLError) -> Coordinate {
        // Two plain decimals around one comma, in range: the coordinate the general path returns.
        if let (lon, lat) = AppLinkBytes.decimals(text), let c = AppLinkBytes.validated(lat, lon) {
            return c
        }
        guard let numbers = CoordinateText.numbers(text), numbers.count == 2 else {
            throw DirectionsURLError(
                code: .malformedNumber,
                message: "'\(DirectionsURLParser.shorten(String(text)))' in '\(parameter)' is not a <longitude>,<latitude> pair (2GIS writes longitude first, '.' as the decimal separator)",
                parameter: parameter)
        }
        do {
            return try Coordinate.validated(latitude: numbers[1].value, longitude: numbers[0].value)
        } catch {
            switch error {
            case .latitudeOutOfRange:
                throw DirectionsURLError(
                    code: .latitudeOutOfRange,
                    message: "latitude \(numbers[1].text) in '\(parameter)' is outside -90...90 degrees; 2GIS writes <longitude>,<latitude>",
                    parameter: parameter)
            case .longitudeOutOfRange:
                throw DirectionsURLError(
                    code: .longitudeOutOfRange,
                    message: "longitude \(numbers[0].text) in '\(parameter)' is outside -180...180 degrees and is not wrapped",
                    parameter: parameter)
            }
        }
    }
}

extension TwoGISLink: DirectionsLinkParsing {
    static var defaultFormat: LinkFormat { .twoGIS }
    static var schemes: [String] { ["dgis"] }

    static func handles(host: String) -> Bool {
        // Every handled host starts with "www." or "2gis." (no Character starting with another byte does).
        guard let f = host.utf8.first, f == UInt8(ascii: "w") || f == UInt8(ascii: "2") else { return false }
        if AppLinkBytes.isASCII(Substring(host)) {
            // By byte: each byte is one Character ("\r\n" is neither a letter nor '.').
            var h = Substring(host)
            if AppLinkBytes.hasPrefix(h, "www.") { h = AppLinkBytes.dropBytes(h, 4) }
            guard AppLinkBytes.hasPrefix(h, "2gis."), h.utf8.count > 5 else { return false }
            return AppLinkBytes.dropBytes(h, 5).utf8.allSatisfy { b in
                (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == UInt8(ascii: ".")
            }
        }
        var h = Substring(host)
        if h.hasPrefix("www.") { h = h.dropFirst(4) }
        guard h.hasPrefix("2gis."), h.count > 5 else { return false }
        return h.dropFirst(5).allSatisfy { ($0.isASCII && $0.isLetter) || $0 == "." }
    }

    static func parse(_ link: LinkText, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        if link.scheme == "dgis", !handles(host: link.host) {
            throw DirectionsURLError(
                code: .notADirectionsLink,
                message: "'dgis:' route links are dgis://2gis.ru/routeSearch/… or dgis://2gis.ru/directions/…",
                parameter: "host")
        }
        return try parsePath(link.path, &context)
    }
}

extension TwoGISLink: DirectionsLinkBuilding {
    static var format: LinkFormat { .twoGIS }
    static let modeVocabulary: [ModeWord] = [
        ModeWord("tab", "car", mode: .car),
        ModeWord("tab", "bus", mode: nil, transportType: .transit),
        ModeWord("tab", "pedestrian", mode: .pedestrian),
        ModeWord("tab", "taxi", mode: .taxi),
        ModeWord("tab", "bicycle", mode: .bike),
        ModeWord("tab", "scooter", mode: .other),
    ]

    /// `https://2gis.ru/directions/[tab/<type>/]points/<lon>%2C<lat>%7C…%7C<lon>%2C<lat>`, longitude
    /// first; an empty first point for the current location.
    /// - Throws: `cannot-express` when the source or destination is an address (2GIS points are
    ///   coordinates) or the destination is the current location; address waypoints are left out.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        var omitted: [String] = []
        func text(_ e: Endpoint, field: String) throws(LinkBuildError) -> String? {
            switch e {
            case .currentLocation:
                if field == "source" { return "" }
                throw LinkBuildError(code: .cannotExpress, message: "2GIS writes the current location only as an empty first point", field: field)
            case .coordinate(let c, let label, let id):
                if label != nil { omitted.append("\(field) label: 2GIS points carry no label") }
                if id != nil { omitted.append("\(field) place id: 2GIS links carry none") }
                return LinkWriting.lonLat(c)
            case .address:
                if field == "source" || field == "destination" {
                    throw LinkBuildError(code: .cannotExpress, message: "2GIS route points are coordinates, not addresses", field: field)
                }
                omitted.append("\(field): an address, which 2GIS route points cannot carry")
                return nil
            }
        }
        var points: [String] = []
        if let s = try text(request.source, field: "source") { points.append(s) }
        for (i, w) in request.waypoints.enumerated() {
            if let s = try text(w, field: "waypoints[\(i)]") { points.append(s) }
        }
        if let s = try text(request.destination, field: "destination") { points.append(s) }
        var url = "https://2gis.ru/directions/"
        if let word = LinkWriting.modeWord(for: request, in: modeVocabulary, format: "2GIS", omitted: &omitted) {
            url += "tab/" + word.value + "/"
        }
        url += "points/" + LinkWriting.encode(points.joined(separator: "|"))
        if request.navigate { omitted.append("navigate: 2GIS web links cannot start guidance") }
        if !request.avoid.isEmpty { omitted.append("avoid: 2GIS links carry no road options") }
        if request.departureDate != nil { omitted.append("departure date: 2GIS links carry none") }
        if request.arrivalDate != nil { omitted.append("arrival date: 2GIS links carry none") }
        return BuiltLink(url: url, format: .twoGIS, omitted: omitted)
    }
}
