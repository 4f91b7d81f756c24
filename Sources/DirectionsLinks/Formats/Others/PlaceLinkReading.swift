// SPDX-License-Identifier: Apache-2.0
/// Readings shared by the place and map-view forms of the formats in `Formats/Others` (HERE, Yandex,
/// 2GIS, Magic Earth, Mapy): a coordinate from the first two comma-separated numbers of a value, and
/// base64 as HERE's `/p/` place codes use it. Bytes throughout.
enum PlaceLinkReading {
    /// The coordinate of the first two comma-separated numbers of `text` (a third and later value, a
    /// zoom or a map type, is ignored), latitude first unless `lonFirst`.
    /// - Throws: `malformed-number` naming `parameter` when there are not two decimals; the range errors.
    static func leadingPair(_ text: LinkInput, lonFirst: Bool, parameter: String) throws(DirectionsURLError) -> Coordinate {
        let comma = UInt8(ascii: ",")
        guard let first = text.firstOffset(of: comma) else { throw notAPair(text, lonFirst: lonFirst, parameter: parameter) }
        let second = text.firstOffset(of: comma, from: first &+ 1) ?? text.count
        guard let a = text.prefix(first).trimmed.decimal, let b = text.slice(first &+ 1, second).trimmed.decimal else {
            throw notAPair(text, lonFirst: lonFirst, parameter: parameter)
        }
        let (lat, lon) = lonFirst ? (b, a) : (a, b)
        do throws(Coordinate.RangeError) {
            return try Coordinate.validated(latitude: lat, longitude: lon)
        } catch .latitudeOutOfRange {
            throw DirectionsURLError(.latitudeOutOfRange, parameter, "latitude \(lat) in '\(parameter)' is outside -90...90 degrees"
                + (lonFirst ? "; this value is <longitude>,<latitude>" : ""))
        } catch {
            throw DirectionsURLError(.longitudeOutOfRange, parameter, "longitude \(lon) in '\(parameter)' is outside -180...180 degrees and is not wrapped")
        }
    }

    private static func notAPair(_ text: LinkInput, lonFirst: Bool, parameter: String) -> DirectionsURLError {
        DirectionsURLError(.malformedNumber, parameter, "'\(text.shown)' in '\(parameter)' is not a "
            + (lonFirst ? "<longitude>,<latitude>" : "<latitude>,<longitude>") + " pair of decimal degrees ('.' as the decimal separator)")
    }

    /// The bytes of base64 `text` (RFC 4648 standard or URL-safe alphabet, padding optional), or nil when
    /// a byte is outside the alphabet or the length cannot be base64.
    static func base64(_ text: LinkInput) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        var padding = false
        for b in text {
            let v: UInt32
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(b &- 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(b &- 97) &+ 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(b &- 48) &+ 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): v = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): v = 63
            case UInt8(ascii: "="): padding = true; continue
            default: return nil
            }
            if padding { return nil }  // data after padding
            acc = (acc << 6) | v
            bits &+= 6
            if bits >= 8 {
                bits &-= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        return bits >= 6 ? nil : out  // one leftover character cannot be base64
    }

    /// The number after `"key":` in JSON-like `bytes` (first occurrence), or nil.
    static func jsonNumber(_ bytes: [UInt8], key: StaticString) -> Double? {
        let pattern = [UInt8(ascii: "\"")] + key.withUTF8Buffer { Array($0) } + [UInt8(ascii: "\""), UInt8(ascii: ":")]
        guard bytes.count >= pattern.count else { return nil }
        var i = 0
        while i <= bytes.count &- pattern.count {
            if bytes[i] == pattern[0], Array(bytes[i..<(i &+ pattern.count)]) == pattern {
                var j = i &+ pattern.count
                while j < bytes.count, LinkInput.isASCIIWhitespace(bytes[j]) { j &+= 1 }
                var end = j
                while end < bytes.count, (bytes[end] &- 48 < 10) || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: ".")
                    || bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") || bytes[end] == UInt8(ascii: "+") { end &+= 1 }
                return LinkInput.withBytes(of: Array(bytes[j..<end])) { $0.decimal }
            }
            i &+= 1
        }
        return nil
    }
}
