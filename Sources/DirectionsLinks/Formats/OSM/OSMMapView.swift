// SPDX-License-Identifier: Apache-2.0
/// Map views and short codes of the OpenStreetMap family: the `zoom/lat/lon` triple of an
/// openstreetmap.org fragment (`#map=17/48.8584/2.2945`) or an OsmAnd web-map fragment
/// (`#17/48.8584/2.2945`), and openstreetmap.org's `/go/<code>` short links.
enum OSMMapView {
    /// The centre of a `zoom/lat/lon` triple (raw bytes; each number a decimal, the zoom unused); nil
    /// when `text` is not three numbers separated by `/`.
    /// - Throws: `latitude-out-of-range`, `longitude-out-of-range` naming `parameter`.
    static func centre(_ text: LinkInput, parameter: String) throws(DirectionsURLError) -> Coordinate? {
        let parts = text.splitPieces(separatedBy: UInt8(ascii: "/"))
        guard parts.count == 3, parts[0].trimmed.decimal != nil,
              let lat = parts[1].trimmed.decimal, let lon = parts[2].trimmed.decimal
        else { return nil }
        do throws(Coordinate.RangeError) {
            return try Coordinate.validated(latitude: lat, longitude: lon)
        } catch .latitudeOutOfRange {
            throw DirectionsURLError(.latitudeOutOfRange, parameter,
                "latitude \(parts[1].shown) in the map view '\(text.shown)' is outside -90...90 degrees")
        } catch {
            throw DirectionsURLError(.longitudeOutOfRange, parameter,
                "longitude \(parts[2].shown) in the map view '\(text.shown)' is outside -180...180 degrees")
        }
    }

    /// The value of the `map=` piece of an openstreetmap.org fragment (`map=17/48.8/2.29&layers=H`), or nil.
    static func mapPiece(of fragment: LinkInput?) -> LinkInput? {
        guard let fragment else { return nil }
        for piece in fragment.pieces(separatedBy: UInt8(ascii: "&")) where piece.hasPrefix("map=") { return piece.dropFirst(4) }
        return nil
    }

    /// The short-link alphabet of openstreetmap-website `lib/short_link.rb` (`@` is read as `~`, as
    /// in old links).
    static let shortLinkAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_~".utf8)

    /// The 6-bit value of a short-link character, or nil.
    @inline(__always)
    static func shortLinkValue(_ c: UInt8) -> UInt64? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(c &- UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(c &- UInt8(ascii: "a") &+ 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(c &- UInt8(ascii: "0") &+ 52)
        case UInt8(ascii: "_"): 62
        case UInt8(ascii: "~"), UInt8(ascii: "@"): 63
        default: nil
        }
    }

    /// Decodes an openstreetmap.org short code (`ShortLink.decode` of openstreetmap-website, and
    /// `OSM.decodeShortLink`): each character holds 3 bits of longitude and 3 of latitude,
    /// interleaved from the top (`lon lat lon lat lon lat`); the point is the south-west corner of
    /// the cell, as the site shows it. Trailing `-` or `=` only lower the zoom, which is not used.
    /// - Returns: nil when the code is empty, longer than 20 characters, or holds another character.
    static func decodeShortCode(_ code: LinkInput) -> Coordinate? {
        var end = code.count
        while end > 0, code[end &- 1] == UInt8(ascii: "-") || code[end &- 1] == UInt8(ascii: "=") { end &-= 1 }
        guard end > 0, end <= 20 else { return nil }
        var x: UInt64 = 0
        var y: UInt64 = 0
        for i in 0..<end {
            guard let t = shortLinkValue(code[i]) else { return nil }
            x = x << 3 | (t >> 5 & 1) << 2 | (t >> 3 & 1) << 1 | (t >> 1 & 1)
            y = y << 3 | (t >> 4 & 1) << 2 | (t >> 2 & 1) << 1 | (t & 1)
        }
        let scale = Double(sign: .plus, exponent: 3 * end, significand: 1)
        return Coordinate(latitude: Double(y) / scale * 180 - 90, longitude: Double(x) / scale * 360 - 180)
    }

    /// A short code for a point: `count` characters (the inverse of ``decodeShortCode(_:)``, as
    /// `ShortLink.encode`), for tests and writers.
    static func encodeShortCode(latitude: Double, longitude: Double, count: Int = 10) -> String {
        let n = min(max(count, 1), 10)
        let x = UInt64(((longitude + 180) / 360 * 4_294_967_296).rounded(.down)) & 0xFFFF_FFFF
        let y = UInt64(((latitude + 90) / 180 * 4_294_967_296).rounded(.down)) & 0xFFFF_FFFF
        var out: [UInt8] = []
        for k in 0..<n {
            let shift = 29 - 3 * k
            let a = shift >= 0 ? x >> UInt64(shift) & 7 : x << UInt64(-shift) & 7
            let b = shift >= 0 ? y >> UInt64(shift) & 7 : y << UInt64(-shift) & 7
            out.append(shortLinkAlphabet[Int((a >> 2 & 1) << 5 | (b >> 2 & 1) << 4 | (a >> 1 & 1) << 3 | (b >> 1 & 1) << 2 | (a & 1) << 1 | (b & 1))])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
