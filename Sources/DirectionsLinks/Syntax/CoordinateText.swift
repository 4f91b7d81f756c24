// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Reads `latitude,longitude` text as written in Apple, Google and `geo:` links. Grammar (C locale): each
    /// number is `[+-]?DIGITS[.DIGITS]` (a leading `+` is a lenient extra; RFC 5870 allows only `-`); no
    /// exponent, `inf`/`nan`, hex, `.5` or `5.`. One comma between the numbers; spaces may surround it and the
    /// text (`40.7580, -73.9855`). `-0` is 0. Out-of-range values are errors naming the parameter, never
    /// clamped (RFC 5870 §3.4.2).
    ///
    /// **Address or broken pair?** Free text is a coordinate when it matches the grammar, else an address,
    /// unless it is *number-like* (only digits, `.`, `,`, `+`, `-` and spaces, with a digit and a `.` or `,`):
    /// then it is `malformed-number` (`51.5.1,0.1`, `48.85 2.29`), since geocoding it would go to the wrong
    /// place. Any letter makes an address (`75001 Paris`; `51.5x,-0.1` in free text only, not in a `geo:`
    /// path); a lone integer (`94043`) stays an address.
    enum CoordinateText {
        /// A C-locale decimal `[+-]?\d+(\.\d+)?`, or nil (``LinkInput/decimal``).
        static func decimal(_ text: Substring) -> Double? { LinkInput.withBytes(of: String(text)) { $0.decimal } }

        /// What ``readDecimal(_:_:)`` found: `invalid`, not `[+-]?DIGITS[.DIGITS]`; the `value`, exactly
        /// as `strtod` reads it; `slow`, over 19 digits or above 2^53 (read with `Double(String)`).
        enum DecimalRead { case invalid, value(Double), slow }

        /// Reads the longest `[+-]?DIGITS[.DIGITS]` at byte offset `i` and moves `i` past it (on `.invalid`,
        /// `i` is somewhere inside; the bytes before it are ASCII). Clinger's fast path: an integer up to 2^53
        /// and a power of ten up to 10^22 are exact doubles, so one division rounds as `strtod` does.
        static func readDecimal(_ bytes: LinkInput, _ i: inout Int) -> DecimalRead {
            var bare = false
            return readDecimal(bytes, &i, bare: &bare)
        }

        /// ``readDecimal(_:_:)`` that also reads a number without a digit before its `.` (`.5`, `-.5`),
        /// setting `bare`: the caller notes the repair (``noteBare(_:parameter:)``) only when it uses the value.
        static func readDecimal(_ bytes: LinkInput, _ i: inout Int, bare: inout Bool) -> DecimalRead {
            let n = bytes.count
            var negative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                negative = bytes[i] == UInt8(ascii: "-")
                i &+= 1
            }
            // With more than 19 digits the wrapped mantissa is not used.
            var mantissa: UInt64 = 0
            func digits() -> Int {
                let start = i
                while i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                    i &+= 1
                }
                return i &- start
            }
            var count = digits()
            if count == 0 {
                // `.5`: a repair (no digit before the '.'), reported by the caller that uses the value.
                guard i &+ 1 < n, bytes[i] == UInt8(ascii: "."), bytes[i &+ 1] &- UInt8(ascii: "0") < 10 else { return .invalid }
                bare = true
            }
            var fraction = 0
            if i < n, bytes[i] == UInt8(ascii: ".") {
                i &+= 1
                fraction = digits()
                guard fraction > 0 else { return .invalid }
                count &+= fraction
            }
            guard count <= 19, mantissa <= 1 << 53 else { return .slow }
            let magnitude = Double(mantissa) / powersOfTen[fraction]
            return .value(negative ? -magnitude : magnitude)
        }

        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// The comma-separated numbers of `text` when every trimmed piece is a valid decimal, else nil;
        /// `bare` is set when one is written without a digit before its `.`.
        static func numbers(_ text: LinkInput, bare: inout Bool) -> [(text: LinkInput, value: Double)]? {
            var result: [(text: LinkInput, value: Double)] = []
            for piece in text.pieces(separatedBy: UInt8(ascii: ",")) {
                let trimmed = piece.trimmed
                guard let value = trimmed.decimal(bare: &bare) else { return nil }
                result.append((trimmed, value))
            }
            return result
        }

        /// ``numbers(_:bare:)`` in the strict grammar: nil when a number has no digit before its `.`.
        static func numbers(_ text: LinkInput) -> [(text: LinkInput, value: Double)]? {
            var bare = false
            let result = numbers(text, bare: &bare)
            return bare ? nil : result
        }

        /// Notes the `.5` repair of `text` (lenient: a warning; strict: the error); false outside a parse,
        /// where `.5` stays invalid.
        static func noteBare(_ text: LinkInput, parameter: String?) -> Bool {
            let shown = DirectionsURLParser.shorten(text.string)
            let place = parameter.map { " in '\($0)'" } ?? ""
            return LinkRepairLog.note(.repairedSyntax, parameter,
                "'\(shown)'\(place) has a number with no digit before its '.' (such as '.5' or '-.5'), read with a 0 before the '.'; write the leading 0",
                bareDecimal: true)
        }

        /// Notes that the third value of `numbers` (`lat,lon,VALUE`, an altitude or a zoom, as Organic
        /// Maps writes) was dropped, when latitude and longitude both have a `.` (so `48,85,2`, with
        /// decimal commas, is never read as a pair); false when it may not be dropped.
        static func dropThird(_ text: LinkInput, _ numbers: [(text: LinkInput, value: Double)], parameter: String) -> Bool {
            guard numbers.count == 3, numbers[0].text.contains(UInt8(ascii: ".")), numbers[1].text.contains(UInt8(ascii: "."))
            else { return false }
            return LinkRepairLog.note(.repairedSyntax, parameter,
                "'\(DirectionsURLParser.shorten(text.string))' in '\(parameter)' has a third value '\(numbers[2].text)' after latitude "
                    + "and longitude (an altitude or a zoom, which this format does not define); it was dropped; give 'latitude,longitude'")
        }

        /// The byte pass over ASCII text: up to three comma-separated decimals (count 4: more), with the first
        /// two values; `.invalid` when a piece is not a decimal; `.general` (for ``numbers(_:)``) when such a
        /// piece holds a non-ASCII byte or a decimal needs `.slow` reading.
        private enum Scan { case invalid, general, pieces(count: Int, Double, Double) }

        private static func scan(_ bytes: LinkInput, bare: inout Bool) -> Scan {
            var values = (0.0, 0.0)
            var count = 0
            let n = bytes.count
            var i = 0
            while true {
                if count == 3 { return .pieces(count: 4, values.0, values.1) }
                while i < n && LinkInput.isASCIIWhitespace(bytes[i]) { i &+= 1 }
                let read = readDecimal(bytes, &i, bare: &bare)
                while i < n && LinkInput.isASCIIWhitespace(bytes[i]) { i &+= 1 }
                let ends = i >= n || bytes[i] == UInt8(ascii: ",")
                guard ends, case .value(let value) = read else {
                    // The bytes read so far are ASCII: the rest of the piece decides.
                    while i < n && bytes[i] != UInt8(ascii: ",") {
                        if bytes[i] >= 0x80 { return .general }
                        i &+= 1
                    }
                    if ends, case .slow = read { return .general }
                    return .invalid
                }
                if count == 0 { values.0 = value } else if count == 1 { values.1 = value }
                count &+= 1
                if i >= n { return .pieces(count: count, values.0, values.1) }
                i &+= 1
            }
        }

        /// The coordinate when ``scan(_:)`` reads a pair in range (or a triple, with `allowTriple`);
        /// nil sends the caller to ``numbers(_:)``, which builds the errors.
        static func quickPair(_ bytes: LinkInput, allowTriple: Bool) -> Coordinate? {
            var bare = false
            guard case .pieces(let count, let latitude, let longitude) = scan(bytes, bare: &bare),
                count == 2 || (allowTriple && count == 3), !bare
            else { return nil }
            return Coordinate.ifValid(latitude: latitude, longitude: longitude)
        }

        /// Parses text that must be a `lat,lon` pair (or `lat,lon,alt` when `allowAltitude`).
        /// - Throws: `malformed-number` when the text is not such a pair; `latitude-out-of-range` /
        ///   `longitude-out-of-range` when a value is out of range. All name `parameter`.
        static func parsePair(_ text: Substring, parameter: String, allowAltitude: Bool = false) throws(DirectionsURLError) -> Coordinate {
            try LinkInput.withBytesThrowing(of: String(text)) { (bytes) throws(DirectionsURLError) in
                try parsePair(bytes, parameter: parameter, allowAltitude: allowAltitude)
            }
        }

        static func parsePair(_ text: LinkInput, parameter: String, allowAltitude: Bool = false) throws(DirectionsURLError) -> Coordinate {
            if let coordinate = quickPair(text, allowTriple: allowAltitude) { return coordinate }
            var bare = false
            guard let numbers = numbers(text, bare: &bare),
                numbers.count == 2 || (numbers.count == 3 && (allowAltitude || dropThird(text, numbers, parameter: parameter))),
                !bare || noteBare(text, parameter: parameter)
            else {
                throw malformed(text.substring, parameter: parameter, allowAltitude: allowAltitude)
            }
            return try validated(numbers[0], numbers[1], parameter: parameter)
        }

        /// Free text (decoded, trimmed bytes) as a `lat,lon` pair, or nil when it is an address.
        /// - Throws: `malformed-number` for number-like text that is not a pair (see the type's rule);
        ///   range errors for a pair out of range. All name `parameter`.
        static func classify(_ text: LinkInput, parameter: String) throws(DirectionsURLError) -> Coordinate? {
            // Text that starts with an ASCII letter (most addresses) is neither a pair nor number-like.
            if let first = text.first, isASCIILetter(first) { return nil }
            var bare = false
            switch scan(text, bare: &bare) {
            case .pieces(2, let latitude, let longitude) where !bare:
                if let coordinate = Coordinate.ifValid(latitude: latitude, longitude: longitude) { return coordinate }
                // ``numbers(_:)`` finds the same pair, out of range: its error.
            case .pieces(2, _, _), .pieces(3, _, _):
                // `.5` or a third value: ``numbers(_:bare:)`` decides whether it is repaired.
                break
            case .pieces, .invalid:
                // ``numbers(_:)`` would not find a pair either: only the number-like check is left.
                if isNumberLike(text) { throw malformed(text.substring, parameter: parameter, allowAltitude: false) }
                return nil
            case .general:
                break
            }
            bare = false
            if let numbers = numbers(text, bare: &bare), numbers.count == 2 || dropThird(text, numbers, parameter: parameter),
                !bare || noteBare(text, parameter: parameter) {
                return try validated(numbers[0], numbers[1], parameter: parameter)
            }
            if isNumberLike(text) { throw malformed(text.substring, parameter: parameter, allowAltitude: false) }
            return nil
        }

        static func isNumberLike(_ text: LinkInput) -> Bool {
            // A letter (the usual address) answers at once, without building text.
            if text.contains(where: isASCIILetter) { return false }
            return isNumberLike(text.substring)
        }

        /// Digits, `.`, `,`, `+`, `-`, spaces only; a digit; and a `.` or `,`.
        static func isNumberLike(_ text: Substring) -> Bool {
            // A letter (the usual address) answers at once, without grapheme breaking.
            if text.utf8.contains(where: isASCIILetter) { return false }
            var digit = false
            var separator = false
            for c in text {
                if let a = c.asciiValue, a &- UInt8(ascii: "0") < 10 { digit = true }
                else if c == "." || c == "," { separator = true }
                else if c == "+" || c == "-" || c.isWhitespace { continue }
                else { return false }
            }
            return digit && separator
        }

        private static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- UInt8(ascii: "a") < 26 }

        private static func validated(
            _ lat: (text: LinkInput, value: Double), _ lon: (text: LinkInput, value: Double), parameter: String
        ) throws(DirectionsURLError) -> Coordinate {
            if let coordinate = Coordinate.ifValid(latitude: lat.value, longitude: lon.value) { return coordinate }
            guard lat.value.magnitude <= 90 else {
                let swap = abs(lon.value) <= 90 && abs(lat.value) <= 180
                    ? " (did you swap them? these links put latitude first)" : " (latitude comes first)"
                throw DirectionsURLError(.latitudeOutOfRange, parameter,
                    "latitude \(lat.text) in '\(parameter)' is outside -90...90 degrees\(swap); give 'latitude,longitude' in WGS84 degrees")
            }
            throw DirectionsURLError(.longitudeOutOfRange, parameter,
                "longitude \(lon.text) in '\(parameter)' is outside -180...180 degrees and is not wrapped; give a longitude in -180...180")
        }

        private static func malformed(_ text: Substring, parameter: String, allowAltitude: Bool) -> DirectionsURLError {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : String(text)
            let commas = text.utf8.filter { $0 == UInt8(ascii: ",") }.count
            let hint = switch commas {
            case 0 where text.split(whereSeparator: \.isWhitespace).count >= 2: "separate latitude and longitude with a comma, not a space"
            case 0: "give two numbers, 'latitude,longitude'"
            case 3...: "use '.' as the decimal separator, e.g. 41.9019,12.4537"
            case 2 where !allowAltitude: "give exactly two numbers, 'latitude,longitude'"
            default: "each value must be a decimal such as 48.8584 or -0.1246 (digits, one optional '.', no exponent)"
            }
            return DirectionsURLError(.malformedNumber, parameter, "'\(shown)' in '\(parameter)' is not a latitude,longitude pair: \(hint)")
        }
    }
}
