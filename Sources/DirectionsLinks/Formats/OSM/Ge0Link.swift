// SPDX-License-Identifier: Apache-2.0
/// Organic Maps / MAPS.ME short point links ("ge0"): `ge0://<code>/<name>`, `om://<code>/<name>`,
/// `https://omaps.app/<code>/<name>` (also `http:`), `http(s)://ge0.me/<code>/<name>`, and Organic
/// Maps' clear-coordinate form `https://omaps.app/<lat>,<lon>/<name>?z=<zoom>`.
///
/// Source: Organic Maps `ge0/parser.cpp`, `ge0/url_generator.cpp` and their tests (exact re-implementation).
///
/// **The code** is 10 characters of the URL-safe base64 alphabet `A–Z a–z 0–9 - _`:
/// - character 1 is the zoom: value `z` means zoom `z / 4 + 4` (4...19.75); a viewport, ignored here;
/// - characters 2–10 hold latitude and longitude, 27 bits each, interleaved from the top bit
///   (`lat lon lat lon lat lon` per character). Latitude maps -90...90 onto 0...2³⁰−1 (rounded),
///   longitude -180...180 onto 0...2³⁰ (floor of x + 0.5, 180 ≡ -180 ≡ 0). A decoded point is the
///   centre of its cell (≈ 1.3e-6° × 2.7e-6°, 0.15 m × 0.3 m at the equator), always in range.
/// - The code must be followed by the end of the path or `/`; fewer than 10 characters, or a character
///   outside the alphabet, is `malformed-url` naming `code`.
///
/// **The name** (the rest of the path, without query or fragment, unlike Organic Maps, whose encoder
/// never writes a raw `?` or `#`) is percent-decoded once, then `_` and space are swapped; empty, no
/// label. A malformed escape cuts the name there, as in Organic Maps: a repair. `+` is literal.
///
/// The link is a point: the destination, with the source at the current location and no mode.
enum Ge0Link: DirectionsLinkFormat {
    /// URL-safe base64, as in `ge0::Base64Char`.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Base64 characters per point at most (`kMaxPointBytes`); links use 9.
    static let maxPointBytes = 10
    /// Bits per coordinate at most (`kMaxCoordBits`).
    static let maxCoordBits = 30
    /// 2³⁰ − 1, the largest coordinate integer.
    static let maxValue = (1 << 30) - 1
    /// Organic Maps API methods that are neither routes nor points (`om://search?…`, …).
    static let otherMethods: Set<String> = ["search", "crosshair", "menu", "settings", "oauth2", "pin", "v2"]

    /// The 6-bit value of a base64 character, or nil (the inverse of ``alphabet``).
    @inline(__always)
    static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character &- UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character &- UInt8(ascii: "a") &+ 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0") &+ 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The zoom of a zoom character's value: `value / 4 + 4`.
    static func zoom(ofValue value: UInt8) -> Double { Double(value) / 4 + 4 }

    /// Decodes up to 10 base64 characters of interleaved bits (`lat lon lat lon lat lon` per character,
    /// most significant first) into the centre of their cell (half of the dropped low bits added); nil
    /// for more than 10 characters or one outside the alphabet.
    static func decodeLatLon<S: Sequence>(_ code: S) -> Coordinate? where S.Element == UInt8 {
        var lat = 0
        var lon = 0
        var n = 0
        for c in code {
            guard n < maxPointBytes, let v = value(of: c) else { return nil }
            let a = Int(v)
            let shift = maxCoordBits - 3 - 3 * n
            lat |= ((a >> 5 & 1) << 2 | (a >> 3 & 1) << 1 | (a >> 1 & 1)) << shift
            lon |= ((a >> 4 & 1) << 2 | (a >> 2 & 1) << 1 | (a & 1)) << shift
            n += 1
        }
        let remainingBits = 3 * (maxPointBytes - n) - 1
        if remainingBits >= 0 {
            lat += 1 << remainingBits
            lon += 1 << remainingBits
        }
        let latitude = Double(lat) / Double(maxValue) * 180 - 90
        let longitude = Double(lon) / (Double(maxValue) + 1) * 360 - 180
        return Coordinate(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }

    /// Latitude -90...90 onto 0...`maxValue`, rounded half away from zero, clamped (`ge0::LatToInt`).
    static func latitudeInteger(_ lat: Double, maxValue: Int) -> Int {
        let x = (lat + 90) / 180 * Double(maxValue)
        if !(x >= 0) { return 0 }  // also NaN, which has no integer
        if x > Double(maxValue) { return maxValue }
        return Int(x.rounded(.toNearestOrAwayFromZero))
    }

    /// Longitude into -180..<180 (`ge0::LonIn180180`).
    static func longitudeIn180(_ lon: Double) -> Double {
        if lon >= 0 { return (lon + 180).truncatingRemainder(dividingBy: 360) - 180 }
        let l = (lon - 180).truncatingRemainder(dividingBy: 360) + 180
        return l < 180 ? l : l - 360
    }

    /// Longitude -180..<180 onto 0...`maxValue` (`ge0::LonToInt`); 180 is -180, i.e. 0.
    static func longitudeInteger(_ lon: Double, maxValue: Int) -> Int {
        let x = (longitudeIn180(lon) + 180) / 360 * (Double(maxValue) + 1) + 0.5
        return (x > 0 && x < Double(maxValue) + 1) ? Int(x) : 0  // NaN and infinities give 0
    }

    /// `count` (at most 10) base64 characters for a position (`ge0::LatLonToString`).
    static func encodeLatLon(latitude: Double, longitude: Double, count: Int = 9) -> String {
        let n = min(max(count, 0), maxPointBytes)
        let latI = latitudeInteger(latitude, maxValue: maxValue)
        let lonI = longitudeInteger(longitude, maxValue: maxValue)
        let characters = (0..<n).map { k -> UInt8 in
            let a = latI >> (maxCoordBits - 3 - 3 * k) & 7
            let b = lonI >> (maxCoordBits - 3 - 3 * k) & 7
            return alphabet[(a >> 2 & 1) << 5 | (b >> 2 & 1) << 4 | (a >> 1 & 1) << 3 | (b >> 1 & 1) << 2 | (a & 1) << 1 | (b & 1)]
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The name as a path segment (`UrlEncodeString(TransformName(name))`): space ↔ `_`, then controls
    /// (C0, DEL, C1), space and ``<>#%"!*'();:@&=+$,/?[]{}\|^` `` percent-encoded; other bytes as they are.
    static func encodeName(_ name: String) -> String {
        let special = Set(" <>#%\"!*'();:@&=+$,/?[]{}\\|^`".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        let bytes = Array(name.utf8)
        for (i, raw) in bytes.enumerated() {
            let b = swapped(raw)
            // C1 controls (U+0080–U+009F, UTF-8 C2 80–C2 9F) too: a link holding one raw is refused.
            let c1 = (b == 0xC2 && i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]))
                || ((0x80...0x9F).contains(b) && i > 0 && bytes[i - 1] == 0xC2)
            out += b < 0x20 || b == 0x7F || c1 || special.contains(b) ? [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] : [b]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A short link `<prefix><zoom><9 characters>[/<name>]` (`ge0::GenerateShortShowMapUrl` with
    /// prefix `om://`, `GenerateHttpShowMapUrl` with `https://omaps.app/`). The zoom character is
    /// `(zoom − 4) × 4` truncated, 0 at zoom ≤ 4, 63 at zoom ≥ 19.75.
    static func shortLink(latitude: Double, longitude: Double, zoom: Double, name: String, prefix: String = "om://") -> String {
        let z = alphabet[!(zoom > 4) ? 0 : zoom >= 19.75 ? 63 : Int((zoom - 4) * 4)]
        var url = prefix + String(UnicodeScalar(z)) + encodeLatLon(latitude: latitude, longitude: longitude)
        if !name.isEmpty { url += "/" + encodeName(name) }
        return url
    }

    static func parse(_ link: LinkInput.Parts, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let http = link.scheme == "http" || link.scheme == "https"
        guard http || link.hasAuthority else {
            throw DirectionsURLError(.malformedURL, "code", "'\(link.scheme):' must be followed by '//'; write \(link.scheme)://<code>/<name>")
        }
        let omaps = http && LinkInput.withBytes(of: link.host) { $0.hasSuffix("omaps.app") }
        return try parse(path: OSMLinkBytes.path(of: link, http: http), clearCoordinates: omaps, &context)
    }

    /// Parses `<code>[/<name>]` (or, when `clearCoordinates`, `<lat>,<lon>[/<name>]`) from raw bytes
    /// (the code is case-sensitive).
    static func parse(path: LinkInput, clearCoordinates: Bool, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        context.format = .ge0
        let (code, rawName) = path.split(at: UInt8(ascii: "/")) ?? (path, LinkInput.empty)
        if clearCoordinates, code.contains(UInt8(ascii: ",")) {
            // The decode's error first (malformed escape, bad UTF-8); then the decoded bytes.
            if code.contains(UInt8(ascii: "%")) { _ = try code.decoded(plusAsSpace: false, parameter: "coordinates") }
            let c = try code.withDecoded(plusAsSpace: false) { (text: LinkInput) throws(DirectionsURLError) -> Coordinate in
                try CoordinateText.parsePair(text, parameter: "coordinates")
            }
            return DirectionsRequest(destination: .coordinate(c, label: try decodeName(rawName, &context)))
        }
        if code.count != 10, (clearCoordinates && code.isEmpty) || otherMethods.contains(code.string) {
            throw DirectionsURLError(.notADirectionsLink, "path",
                "'\(DirectionsURLParser.shorten(code.string))' is not a route or point link of Organic Maps; "
                    + "routes use route?sll=…&dll=…&type=… or v2/dir?destination=…")
        }
        guard code.count == 10 else {
            throw DirectionsURLError(.malformedURL, "code",
                "'\(DirectionsURLParser.shorten(code.string))' is not a ge0 code: "
                    + "a ge0 link has exactly 10 base64 characters (zoom, then 9 for the position) before the name")
        }
        // The zoom character (a viewport) is checked, not used.
        guard value(of: code[0]) != nil, let c = decodeLatLon(code.dropFirst()) else {
            throw DirectionsURLError(.malformedURL, "code", "'\(code.string)' is not a ge0 code: it may hold only A-Z, a-z, 0-9, '-' and '_'")
        }
        return DirectionsRequest(destination: .coordinate(c, label: try decodeName(rawName, &context)))
    }

    /// `ge0::Ge0Parser::DecodeName`: cut at a malformed escape (a repair), decode, swap `_` and space.
    static func decodeName(_ raw: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> String? {
        var cut = raw.firstOffset(of: UInt8(ascii: "%")) ?? raw.count
        while cut &+ 2 < raw.count, isHex(raw[cut &+ 1]), isHex(raw[cut &+ 2]) {
            cut = raw.firstOffset(of: UInt8(ascii: "%"), from: cut &+ 3) ?? raw.count
        }
        if cut < raw.count {
            try context.repair(.repairedSyntax,
                "the ge0 name has a malformed percent-escape; the name is cut there, as Organic Maps does (write '%' as %25)", parameter: "name")
        }
        let kept = raw.prefix(cut)
        // Every escape left is well formed: only the decoded UTF-8 can fail.
        return try kept.withCheckedDecoded("name") { (decoded: LinkInput) -> String? in
            decoded.isEmpty ? nil : String(decoding: decoded.map(swapped), as: UTF8.self)
        }
    }

    /// `_` for a space, a space for `_`, other bytes as they are.
    private static func swapped(_ b: UInt8) -> UInt8 { b == UInt8(ascii: " ") ? UInt8(ascii: "_") : b == UInt8(ascii: "_") ? UInt8(ascii: " ") : b }
    private static func isHex(_ b: UInt8) -> Bool { (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b) }

    static var schemes: [String] { ["ge0"] }
    static var hosts: [String] { ["ge0.me", "www.ge0.me"] }
    static var format: LinkFormat { .ge0 }
    static var forms: [LinkForm] {
        [
            LinkForm(.place, "`ge0://CODE/NAME`", "ge0://wyoni7CFNR/Casa_Batllo"),
            LinkForm(.place, "`https://ge0.me/CODE/NAME`", "https://ge0.me/wyoni7CFNR/Casa_Batllo"),
            LinkForm(.place, "`https://omaps.app/CODE/NAME`, `https://comaps.at/CODE/NAME` (CoMaps)", "https://comaps.at/wyoni7CFNR/Casa_Batllo"),
        ]
    }
    static var modeVocabulary: [ModeWord] { [] }

    /// Writes `https://omaps.app/<code>/<name>` at zoom 16 (the name is the destination's label); `omitted` notes a
    /// coordinate not at the centre of its ge0 cell (written rounded to about 0.15 m), waypoints, mode and the rest.
    /// - Throws: `cannot-express` when the destination is not a coordinate, or the source is not the current location.
    static func build(_ request: DirectionsRequest) throws(LinkBuildError) -> BuiltLink {
        try BuiltCoordinates.check(request)
        try BuiltCoordinates.requireSourceHere(
            request, "a ge0 link is one point and starts at the current location; use organic-maps for a route")
        guard case .coordinate(let c, let label, _, _) = request.destination else {
            throw LinkBuildError.cannot("destination", "a ge0 link needs the destination's coordinates")
        }
        var omitted: [String] = []
        let url = shortLink(latitude: c.latitude, longitude: c.longitude, zoom: 16, name: label ?? "", prefix: "https://omaps.app/")
        if let back = decodeLatLon(encodeLatLon(latitude: c.latitude, longitude: c.longitude).utf8), back != c {
            omitted.append("destination coordinates: ge0 stores a position to about 1e-6 degrees; written as " + LinkWriting.pair(back))
        }
        omitted += OmittedFields.lines(request, format: "ge0", waypoints: false, mode: false, avoid: false)
        return BuiltLink(url: url, format: .ge0, omitted: omitted)
    }
}
