extension DirectionsURLParser {
    /// Reads `latitude,longitude` text as written in Apple, Google and `geo:` links.
    ///
    /// Grammar (C locale, never the user's locale): each number is `[+-]?DIGITS[.DIGITS]` (a leading `+`
    /// is accepted leniently; RFC 5870 allows only `-`); no exponent, no `inf`/`nan`, no hex, no bare
    /// `.5` or `5.`. The two numbers are separated by one comma; spaces may surround the comma and the
    /// whole text (so `40.7580, -73.9855`, which is what `%2C+` decodes to, is accepted). Latitude comes
    /// first. `-0` is 0. Values out of range are errors naming the parameter; nothing is clamped or
    /// wrapped (RFC 5870 §3.4.2: such values "MUST be considered invalid").
    ///
    /// **Address or broken pair?** Free text (`saddr`, `daddr`, `origin`, `destination`, `source`,
    /// `waypoint`, `q`) is a coordinate when it matches the grammar above. Otherwise it is an address,
    /// unless it is *number-like*: made only of digits, `.`, `,`, `+`, `-` and spaces, with at least one
    /// digit and at least one `.` or `,`. Number-like text that is not a valid pair (`51.5.1,0.1`,
    /// `48.8584`, `41,90, 12,45`, `48.85 2.29`) is a `malformed-number` error, because no address is
    /// written that way and silently geocoding it would go to the wrong place. Any letter makes the text
    /// an address: `Pike Place Market`, `1600 Amphitheatre Parkway, CA`, `75001 Paris`, and also
    /// `51.5x,-0.1` (in free text only; in a `geo:` path the same text is a `malformed-number`).
    /// A lone integer such as a postcode (`94043`) has neither `.` nor `,` and stays an address.
    enum CoordinateText {
        /// A C-locale decimal `[+-]?\d+(\.\d+)?`, or nil.
        static func decimal(_ text: Substring) -> Double? {
            // Checked by UTF-8 code unit: only ASCII digits, one optional '.', one optional sign.
            let scan = UTF8Text.withBytes(text) { decimalScan($0) }
            switch scan as DecimalScan {
            case .invalid: return nil
            case .value(let value): return value
            case .slow(let negative, let signLength):
                // Plain decimal digits, which Double parses exactly as strtod in the C locale.
                guard let magnitude = Double(text.dropFirst(signLength)) else { return nil }
                return negative ? -magnitude : magnitude
            }
        }

        /// What ``decimal(_:)`` reads from the bytes of a number.
        enum DecimalScan { case invalid, value(Double), slow(negative: Bool, signLength: Int) }

        /// 10^0 … 10^22, each an exact double.
        private static let exactPowersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
            1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// Reads `[+-]?DIGITS[.DIGITS]`; `.slow` when the exact fast path does not apply.
        static func decimalScan(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalScan {
            let n = bytes.count
            var i = 0
            var negative = false
            if n > 0 && (bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-")) {
                negative = bytes[0] == UInt8(ascii: "-")
                i = 1
            }
            let signLength = i
            // The digits accumulate with wrapping arithmetic; the mantissa is used only when there
            // are at most 19 of them, which cannot overflow.
            var mantissa: UInt64 = 0
            while i < n {
                let d = bytes[i] &- UInt8(ascii: "0")
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i &+= 1
            }
            let wholeDigits = i &- signLength
            var fractionDigits = 0
            if i < n {
                guard bytes[i] == UInt8(ascii: ".") else { return .invalid }
                i &+= 1
                let fractionStart = i
                while i < n {
                    let d = bytes[i] &- UInt8(ascii: "0")
                    if d >= 10 { return .invalid }
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    i &+= 1
                }
                fractionDigits = i &- fractionStart
                guard fractionDigits > 0 else { return .invalid }
            }
            guard wholeDigits > 0 else { return .invalid }
            // Clinger's fast path: an integer mantissa up to 2^53 and a power of ten up to 10^22
            // are both exact doubles, so one IEEE division rounds exactly as strtod does.
            if wholeDigits &+ fractionDigits <= 19, mantissa <= 1 << 53, fractionDigits <= 22 {
                let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
                return .value(negative ? -magnitude : magnitude)
            }
            return .slow(negative: negative, signLength: signLength)
        }

        /// The comma-separated numbers of `text` when every piece is a valid decimal (pieces trimmed of
        /// spaces), else nil.
        static func numbers(_ text: Substring) -> [(text: Substring, value: Double)]? {
            var result: [(text: Substring, value: Double)] = []
            result.reserveCapacity(3)
            var rest = text
            while true {
                let end = UTF8Text.firstIndex(of: UInt8(ascii: ","), in: rest) ?? rest.endIndex
                let trimmed = trim(rest[..<end])
                guard let value = decimal(trimmed) else { return nil }
                result.append((trimmed, value))
                if end == rest.endIndex { break }
                rest = rest[rest.utf8.index(after: end)...]
            }
            return result
        }

        /// What the byte pass over ASCII text found: up to three comma-separated decimals (count 4:
        /// more than three), or that the text is not numbers, or that the general path must decide.
        private enum Fast { case invalid, general, pieces(count: Int, ranges: (Int, Int, Int, Int, Int, Int), values: (Double, Double, Double)) }

        /// The byte pass of ``upToThree(_:)``.
        private static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Fast {
            var ranges = (0, 0, 0, 0, 0, 0)
            var values = (0.0, 0.0, 0.0)
            var count = 0
            var start = 0
            let n = bytes.count
            while true {
                if count == 3 { return .pieces(count: 4, ranges: ranges, values: values) }
                var end = start
                while end < n && bytes[end] != UInt8(ascii: ",") {
                    if bytes[end] >= 0x80 { return .general }
                    end &+= 1
                }
                var a = start, b = end
                while a < b && UTF8Text.isASCIIWhitespace(bytes[a]) { a &+= 1 }
                while a < b && UTF8Text.isASCIIWhitespace(bytes[b &- 1]) { b &-= 1 }
                let value: Double
                switch decimalScan(UnsafeBufferPointer(rebasing: bytes[a..<b])) {
                case .invalid: return .invalid
                case .slow: return .general
                case .value(let v): value = v
                }
                switch count {
                case 0: ranges.0 = a; ranges.1 = b; values.0 = value
                case 1: ranges.2 = a; ranges.3 = b; values.1 = value
                default: ranges.4 = a; ranges.5 = b; values.2 = value
                }
                count &+= 1
                if end >= n { return .pieces(count: count, ranges: ranges, values: values) }
                start = end &+ 1
            }
        }

        /// The coordinate of `text` when the byte pass reads it as a pair in range (or a triple,
        /// with `allowTriple`), without building any text; nil sends the caller to the full path,
        /// which gives the same result and builds the error messages.
        private static func quickPair(_ text: Substring, allowTriple: Bool) -> Coordinate? {
            let fast: Fast = UTF8Text.withBytes(text) { bytes in scanASCII(bytes) }
            guard case .pieces(let count, _, let v) = fast, count == 2 || (allowTriple && count == 3) else { return nil }
            return try? Coordinate.validated(latitude: v.0, longitude: v.1)
        }

        /// Up to three numbers of `text`, as ``numbers(_:)`` reads them, without an array: nil when a
        /// piece is not a decimal; `count` 4 means "more than three" (the rest is not read).
        private static func upToThree(_ text: Substring) -> (
            count: Int, first: (text: Substring, value: Double), second: (text: Substring, value: Double),
            third: (text: Substring, value: Double)
        )? {
            let none = (text: text[text.startIndex..<text.startIndex], value: 0.0)
            // ASCII text: one pass over the bytes (ASCII whitespace is exactly `Character.isWhitespace`
            // there); other text, or a number beyond the exact fast path, takes the general path below.
            let fast: Fast = UTF8Text.withBytes(text) { bytes in scanASCII(bytes) }
            switch fast {
            case .invalid: return nil
            case .general: break
            case .pieces(let count, let r, let v):
                func piece(_ a: Int, _ b: Int) -> Substring {
                    let utf8 = text.utf8
                    let start = utf8.index(text.startIndex, offsetBy: a)
                    return text[start..<utf8.index(start, offsetBy: b - a)]
                }
                if count > 3 { return (4, none, none, none) }
                return (
                    count,
                    (piece(r.0, r.1), v.0),
                    count > 1 ? (piece(r.2, r.3), v.1) : none,
                    count > 2 ? (piece(r.4, r.5), v.2) : none
                )
            }
            var found = (count: 0, first: none, second: none, third: none)
            var rest = text
            while true {
                if found.count == 3 { return (4, found.first, found.second, found.third) }
                let end = UTF8Text.firstIndex(of: UInt8(ascii: ","), in: rest) ?? rest.endIndex
                let trimmed = trim(rest[..<end])
                guard let value = decimal(trimmed) else { return nil }
                switch found.count {
                case 0: found.first = (trimmed, value)
                case 1: found.second = (trimmed, value)
                default: found.third = (trimmed, value)
                }
                found.count += 1
                if end == rest.endIndex { return found }
                rest = rest[rest.utf8.index(after: end)...]
            }
        }

        /// Parses text that must be a `lat,lon` pair (or `lat,lon,alt` when `allowAltitude`).
        /// - Throws: `malformed-number` when the text is not such a pair; `latitude-out-of-range` /
        ///   `longitude-out-of-range` when a value is out of range. All name `parameter`.
        static func parsePair(
            _ text: Substring, parameter: String, allowAltitude: Bool = false
        ) throws(DirectionsURLError) -> Coordinate {
            if let coordinate = quickPair(text, allowTriple: allowAltitude) { return coordinate }
            guard let numbers = upToThree(text), numbers.count == 2 || (allowAltitude && numbers.count == 3) else {
                throw malformed(text, parameter: parameter, allowAltitude: allowAltitude)
            }
            return try validated(numbers.first, numbers.second, parameter: parameter)
        }

        /// Classifies free text: a coordinate when it is a `lat,lon` pair, nil when it is an address.
        /// - Throws: `malformed-number` for number-like text that is not a pair (see the type's rule);
        ///   range errors for a pair out of range. All name `parameter`.
        static func classify(_ text: String, parameter: String) throws(DirectionsURLError) -> Coordinate? {
            let body = Substring(text)
            // One byte pass decides the usual cases (an address, a pair in range) without building text.
            switch UTF8Text.withBytes(body, { bytes in scanASCII(bytes) }) {
            case .pieces(let count, _, let v) where count == 2:
                if let coordinate = try? Coordinate.validated(latitude: v.0, longitude: v.1) { return coordinate }
            case .pieces, .invalid:
                // What `upToThree` answers here is not a pair: only the number-like check is left.
                if isNumberLike(body) {
                    throw malformed(body, parameter: parameter, allowAltitude: false)
                }
                return nil
            case .general:
                break
            }
            if let numbers = upToThree(body), numbers.count == 2 {
                return try validated(numbers.first, numbers.second, parameter: parameter)
            }
            if isNumberLike(body) {
                throw malformed(body, parameter: parameter, allowAltitude: false)
            }
            return nil
        }

        /// ``classify(_:parameter:)`` of the bytes of a link being parsed (decoded and trimmed by the
        /// caller); builds text only for errors and for the rare texts the byte pass cannot decide.
        static func classify(_ text: ByteText, parameter: String) throws(DirectionsURLError) -> Coordinate? {
            // Text that starts with an ASCII letter (most addresses) is neither a pair nor number-like.
            if let first = text.first, (first | 0x20) &- 97 < 26 { return nil }
            switch scanASCII(text.bytes) {
            case .pieces(let count, _, let v) where count == 2:
                if let coordinate = try? Coordinate.validated(latitude: v.0, longitude: v.1) { return coordinate }
            case .pieces, .invalid:
                if isNumberLike(text) {
                    throw malformed(text.substring, parameter: parameter, allowAltitude: false)
                }
                return nil
            case .general:
                break
            }
            return try classify(text.string, parameter: parameter)
        }

        /// ``parsePair(_:parameter:allowAltitude:)`` of the bytes of a link being parsed.
        static func parsePair(
            _ text: ByteText, parameter: String, allowAltitude: Bool = false
        ) throws(DirectionsURLError) -> Coordinate {
            if case .pieces(let count, _, let v) = scanASCII(text.bytes), count == 2 || (allowAltitude && count == 3),
                let coordinate = try? Coordinate.validated(latitude: v.0, longitude: v.1)
            {
                return coordinate
            }
            return try parsePair(text.substring, parameter: parameter, allowAltitude: allowAltitude)
        }

        /// ``isNumberLike(_:)-(Substring)`` of bytes.
        static func isNumberLike(_ text: ByteText) -> Bool {
            var ascii = true
            for b in text.bytes {
                if (b >= 65 && b <= 90) || (b >= 97 && b <= 122) { return false }
                if b >= 0x80 { ascii = false }
            }
            guard ascii else { return isNumberLike(text.substring) }
            var digit = false
            var separator = false
            for b in text.bytes {
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digit = true }
                else if b == UInt8(ascii: ".") || b == UInt8(ascii: ",") { separator = true }
                else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || UTF8Text.isASCIIWhitespace(b) { continue }
                else { return false }
            }
            return digit && separator
        }

        /// Digits, `.`, `,`, `+`, `-`, spaces only; a digit; and a `.` or `,`.
        static func isNumberLike(_ text: Substring) -> Bool {
            var digit = false
            var separator = false
            // A letter (the usual address) answers at once, without grapheme breaking.
            var ascii = true
            for b in text.utf8 {
                if (b >= 65 && b <= 90) || (b >= 97 && b <= 122) { return false }
                if b >= 0x80 { ascii = false }
            }
            if ascii {
                // For ASCII text each byte is a Character (CR LF is two whitespace bytes).
                for b in text.utf8 {
                    if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digit = true }
                    else if b == UInt8(ascii: ".") || b == UInt8(ascii: ",") { separator = true }
                    else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || UTF8Text.isASCIIWhitespace(b) { continue }
                    else { return false }
                }
                return digit && separator
            }
            for c in text {
                if isASCIIDigit(c) { digit = true }
                else if c == "." || c == "," { separator = true }
                else if c == "+" || c == "-" || c.isWhitespace { continue }
                else { return false }
            }
            return digit && separator
        }

        // MARK: - Private

        private static func isASCIIDigit(_ c: Character) -> Bool {
            guard let a = c.asciiValue else { return false }
            return a >= UInt8(ascii: "0") && a <= UInt8(ascii: "9")
        }

        private static func trim(_ s: Substring) -> Substring {
            if let first = s.utf8.first, let last = s.utf8.last,
                first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
            {
                return s
            }
            var s = s
            while let f = s.first, f.isWhitespace { s.removeFirst() }
            while let l = s.last, l.isWhitespace { s.removeLast() }
            return s
        }

        private static func validated(
            _ lat: (text: Substring, value: Double), _ lon: (text: Substring, value: Double), parameter: String
        ) throws(DirectionsURLError) -> Coordinate {
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate.validated(latitude: lat.value, longitude: lon.value)
            } catch {
                switch error {
                case .latitudeOutOfRange:
                    let swap = abs(lon.value) <= 90 && abs(lat.value) <= 180
                        ? " (did you swap them? these links put latitude first)" : " (latitude comes first)"
                    throw DirectionsURLError(
                        code: .latitudeOutOfRange,
                        message: "latitude \(lat.text) in '\(parameter)' is outside -90...90 degrees\(swap); give 'latitude,longitude' in WGS84 degrees",
                        parameter: parameter)
                case .longitudeOutOfRange:
                    throw DirectionsURLError(
                        code: .longitudeOutOfRange,
                        message: "longitude \(lon.text) in '\(parameter)' is outside -180...180 degrees and is not wrapped; give a longitude in -180...180",
                        parameter: parameter)
                }
            }
            return coordinate
        }

        private static func malformed(
            _ text: Substring, parameter: String, allowAltitude: Bool
        ) -> DirectionsURLError {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : String(text)
            let commas = text.filter { $0 == "," }.count
            let words = text.split(whereSeparator: \.isWhitespace).filter { !$0.isEmpty }
            let hint: String
            if commas == 0 && words.count >= 2 {
                hint = "separate latitude and longitude with a comma, not a space"
            } else if commas == 0 {
                hint = "give two numbers, 'latitude,longitude'"
            } else if commas >= 3 {
                hint = "use '.' as the decimal separator, e.g. 41.9019,12.4537"
            } else if commas == 2 && !allowAltitude {
                hint = "give exactly two numbers, 'latitude,longitude'"
            } else {
                hint = "each value must be a decimal such as 48.8584 or -0.1246 (digits, one optional '.', no exponent)"
            }
            return DirectionsURLError(
                code: .malformedNumber,
                message: "'\(shown)' in '\(parameter)' is not a latitude,longitude pair: \(hint)",
                parameter: parameter)
        }
    }
}
