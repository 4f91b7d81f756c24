// SPDX-License-Identifier: Apache-2.0
/// Text helpers shared by the link builders: plain-decimal degrees and percent-encoding.
enum LinkWriting {
    /// `degrees` as a plain decimal with the fewest digits that read back as the same `Double`:
    /// `48.8584`, `-0.1246`, `0.00001` (never `1e-05`), `2` (not `2.0`). Negative zero is `0`.
    static func degrees(_ value: Double) -> String {
        if value == 0 { return "0" }
        var text = value.description
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            text = expand(mantissa: text[..<e], exponent: Int(text[text.index(after: e)...]) ?? 0)
        }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `latitude,longitude` in plain decimals.
    static func pair(_ c: Coordinate) -> String { degrees(c.latitude) + "," + degrees(c.longitude) }

    /// `longitude,latitude` in plain decimals (Yandex `ll`, 2GIS, OSRM).
    static func lonLat(_ c: Coordinate) -> String { degrees(c.longitude) + "," + degrees(c.latitude) }

    /// Percent-encodes the UTF-8 of `text` except RFC 3986 unreserved characters and the ASCII in
    /// `keep`; with `spaceAsPlus` (form encoding), a space is `+` and `+` is `%2B`.
    static func encode(_ text: String, keep: String = "", spaceAsPlus: Bool = false) -> String {
        let kept = Set(keep.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in text.utf8 {
            let unreserved = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
            if spaceAsPlus && b == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else if unreserved || (kept.contains(b) && !(spaceAsPlus && b == UInt8(ascii: "+"))) {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A form-encoded query value: space → `+`, commas kept, the rest not unreserved percent-encoded.
    static func formValue(_ text: String) -> String { encode(text, keep: ",", spaceAsPlus: true) }

    /// `name=value&…` from pairs already encoded.
    static func query(_ pairs: [(String, String)]) -> String { pairs.map { $0.0 + "=" + $0.1 }.joined(separator: "&") }

    /// The preferred word of `vocabulary` for the request's mode, else for its transport type, or nil;
    /// `omitted` gets a line when the format cannot say the request's exact mode.
    static func modeWord(for request: DirectionsRequest, in vocabulary: [ModeWord], format: String, omitted: inout [String]) -> ModeWord? {
        if let mode = request.mode {
            if let word = vocabulary.first(where: { $0.preferred && $0.mode == mode }) { return word }
            // A word for the transport type alone, else one for another mode of it.
            if let t = mode.transportType, let word = vocabulary.first(where: { $0.preferred && $0.mode == nil && $0.transportType == t })
                ?? vocabulary.first(where: { $0.preferred && $0.transportType == t })
            {
                omitted.append("mode \(mode.rawValue): \(format) can say only \(word.value)" + (word.mode == nil ? " (\(t.rawValue))" : ""))
                return word
            }
            omitted.append("mode \(mode.rawValue): \(format) has no word for it")
            return nil
        }
        if let t = request.transportType {
            if let word = vocabulary.first(where: { $0.preferred && $0.mode == nil && $0.transportType == t }) { return word }
            omitted.append("transport type \(t.rawValue): \(format) has no word for it alone")
        }
        return nil
    }

    private static func expand(mantissa: Substring, exponent: Int) -> String {
        var m = mantissa
        let negative = m.hasPrefix("-")
        if negative { m = m.dropFirst() }
        let parts = m.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        let point = parts[0].count + exponent  // digits before the decimal point
        while digits.hasSuffix("0") && digits.count > point { digits.removeLast() }
        var out: String
        if point <= 0 {
            out = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            out = digits + String(repeating: "0", count: point - digits.count)
        } else {
            let i = digits.index(digits.startIndex, offsetBy: point)
            out = String(digits[..<i]) + "." + String(digits[i...])
        }
        return negative ? "-" + out : out
    }
}
