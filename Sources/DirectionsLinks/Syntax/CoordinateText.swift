// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Reads `latitude,longitude` text as written in Apple, Google and `geo:` links.
    ///
    /// Grammar (C locale): each number is `[+-]?DIGITS[.DIGITS]` (a leading `+` is a lenient extra;
    /// RFC 5870 allows only `-`); no exponent, `inf`/`nan`, hex, `.5` or `5.`. One comma between the
    /// numbers; spaces may surround it and the text (`40.7580, -73.9855`). `-0` is 0. Out-of-range
    /// values are errors naming the parameter, never clamped (RFC 5870 §3.4.2).
    ///
    /// **Address or broken pair?** Free text is a coordinate when it matches the grammar, else an
    /// address, unless it is *number-like* (only digits, `.`, `,`, `+`, `-` and spaces, with a digit
    /// and a `.` or `,`): then it is `malformed-number` (`51.5.1,0.1`, `48.85 2.29`), since geocoding
    /// it would go to the wrong place. Any letter makes an address (`75001 Paris`; `51.5x,-0.1` in free
    /// text only, not in a `geo:` path); a lone integer (`94043`) stays an address.
    enum CoordinateText {
        /// A C-locale decimal `[+-]?\d+(\.\d+)?`, or nil.
        static func decimal(_ text: Substring) -> Double? {
            // Checked by UTF-8 code unit: only ASCII digits, one optional '.', one optional sign.
            let scan = LinkInput.withBytes(of: text) { decimalScan($0) }
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

        /// Reads `[+-]?DIGITS[.DIGITS]`; `.slow` when the exact fast path does not apply.
        static func decimalScan(_ bytes: LinkInput) -> DecimalScan {
            // A short number (at most eight digits, always exact) byte by byte: cheaper than a word.
            if bytes.count <= 8 { return shortDecimalScan(bytes) }
            var i = 0
            let read = readDecimal(bytes, &i)
            guard i == bytes.count else { return .invalid }
            switch read {
            case .invalid: return .invalid
            case .value(let value): return .value(value)
            case .slow:
                // A valid decimal, so not empty; the first byte is a digit or the sign.
                let sign = bytes[0]
                let signLength = sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") ? 1 : 0
                return .slow(negative: sign == UInt8(ascii: "-"), signLength: signLength)
            }
        }

        /// ``decimalScan(_:)`` of at most eight bytes (so at most eight digits: always exact).
        @inline(__always)
        private static func shortDecimalScan(_ bytes: LinkInput) -> DecimalScan {
            let n = bytes.count
            guard n > 0 else { return .invalid }
            let sign = bytes[0]
            let negative = sign == UInt8(ascii: "-")
            let start = negative || sign == UInt8(ascii: "+") ? 1 : 0
            guard start < n, bytes[start] &- UInt8(ascii: "0") < 10 else { return .invalid }
            var i = 0
            guard case .value(let value) = readShortDecimal(bytes, &i, from: start, negative: negative), i == n else {
                return .invalid
            }
            return .value(value)
        }

        // MARK: - Reading a number in one pass

        /// What ``readDecimal(_:_:)`` found.
        enum DecimalRead {
            /// The bytes do not start with `[+-]?DIGITS[.DIGITS]` (a `.` must have digits after it).
            case invalid
            /// The decimal, exactly as `strtod` reads it.
            case value(Double)
            /// Beyond the exact fast path (over 19 digits, or above 2^53): read with `Double(String)`.
            case slow
        }

        /// Reads the longest `[+-]?DIGITS[.DIGITS]` at byte offset `i` and moves `i` past it (on
        /// `.invalid`, `i` is somewhere inside; the bytes before it are ASCII).
        ///
        /// Clinger's fast path: an integer up to 2^53 and a power of ten up to 10^22 are exact
        /// doubles, so one IEEE division rounds as `strtod` does. The usual coordinate (at most eight
        /// digits) is read as one word, fraction digits moved one byte down over the point; anything
        /// else by ``readDecimalByRuns(_:_:)``.
        @inline(__always)
        static func readDecimal(_ bytes: LinkInput, _ i: inout Int) -> DecimalRead {
            let n = bytes.count
            var start = i
            guard start < n else { return .invalid }
            var first = bytes[start]
            var negative = false
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                start &+= 1
                guard start < n else { return .invalid }
                first = bytes[start]
            }
            let firstDigit = first &- UInt8(ascii: "0")
            guard firstDigit < 10 else { return .invalid }
            // The eight bytes after the first digit, zeros (no digit) past the end.
            let next = start &+ 1
            let word: UInt64
            if next &+ 8 <= n {
                word = LinkInput.word(bytes, next)
            } else if next >= n {
                word = 0
            } else if n >= 8 {
                // The last eight bytes, moved down to start at `next` (next > n - 8).
                word = LinkInput.word(bytes, n &- 8) &>> UInt64(truncatingIfNeeded: (next &+ 8 &- n) &* 8)
            } else {
                return readShortDecimal(bytes, &i, from: start, negative: negative)
            }
            let x = word ^ 0x3030_3030_3030_3030
            let notDigit = notDigits(x)
            // The whole digits after the first.
            let more = notDigit.trailingZeroBitCount &>> 3
            guard more < 8 else { return readDecimalByRuns(bytes, &i) }
            let moreBits = UInt64(truncatingIfNeeded: more &* 8)
            var digits = x
            var count = more
            var end = next &+ more
            if (x &>> moreBits) & 0xFF == UInt64(UInt8(ascii: ".") ^ 0x30) {
                // The fraction digits one byte down, over the point (the top byte is then no digit).
                let high = UInt64.max &<< moreBits
                count = ((notDigit &>> 8) & high | 0x80 &<< 56).trailingZeroBitCount &>> 3
                // `1.`, or eight whole digits with the point last in the word: the general reading.
                guard count > more else { return readDecimalByRuns(bytes, &i) }
                end = next &+ count &+ 1
                digits = (x & ~high) | ((x &>> 8) & high)
                // Eight digits that go on (such as 48.8583701): the rest of the fraction.
                if count == 7, end < n, bytes[end] &- UInt8(ascii: "0") < 10 {
                    let eight = combine(digits &<< 8 | UInt64(firstDigit), count: 8)
                    return readLongFraction(bytes, &i, from: end, eight, fraction: 7 &- more, negative: negative)
                }
            }
            i = end
            // The first digit, then `count` more: at most 8 digits, below 2^53.
            let mantissa = combine(digits &<< 8 | UInt64(firstDigit), count: count &+ 1)
            let magnitude = Double(Int64(bitPattern: mantissa)) / exactPowerOfTen(count &- more)
            return .value(negative ? -magnitude : magnitude)
        }

        /// ``readDecimal(_:_:)`` after its first eight digits (`fraction` of them after the point),
        /// fraction going on at `from`: up to seven more digits (below 2^53), else the general reading.
        @inline(never)
        private static func readLongFraction(
            _ bytes: LinkInput, _ i: inout Int, from: Int, _ eight: UInt64, fraction: Int,
            negative: Bool
        ) -> DecimalRead {
            let run = digitRun(bytes, from: from)
            guard run.count < 8 else { return readDecimalByRuns(bytes, &i) }
            i = from &+ run.count
            let mantissa = eight &* powerOfTen(run.count) &+ run.value
            let magnitude = Double(Int64(bitPattern: mantissa)) / exactPowerOfTen(fraction &+ run.count)
            return .value(negative ? -magnitude : magnitude)
        }

        /// ``readDecimal(_:_:)`` in text of at most eight bytes, from its first digit at `start`.
        @inline(never)
        private static func readShortDecimal(
            _ bytes: LinkInput, _ i: inout Int, from start: Int, negative: Bool
        ) -> DecimalRead {
            let n = bytes.count
            var k = start
            var mantissa: UInt64 = 0
            while k < n {
                let d = bytes[k] &- UInt8(ascii: "0")
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                k &+= 1
            }
            var fraction = 0
            if k < n && bytes[k] == UInt8(ascii: ".") {
                k &+= 1
                let point = k
                while k < n {
                    let d = bytes[k] &- UInt8(ascii: "0")
                    if d >= 10 { break }
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    k &+= 1
                }
                fraction = k &- point
                guard fraction > 0 else { return .invalid }  // `1.`
            }
            i = k
            let magnitude = Double(Int64(bitPattern: mantissa)) / exactPowerOfTen(fraction)
            return .value(negative ? -magnitude : magnitude)
        }

        /// The high bit of each byte of `x` (bytes XOR '0') that is no digit: adding 0x76 carries a
        /// byte >= 10 into its high bit.
        @inline(__always)
        private static func notDigits(_ x: UInt64) -> UInt64 {
            (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
        }

        /// The value of the first `count` (1 ... 8) digit bytes of `x` (bytes minus '0', first most
        /// significant), in three multiplications (Lemire's fast_float).
        @inline(__always)
        private static func combine(_ x: UInt64, count: Int) -> UInt64 {
            var v = x &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8)
            v = v &* 10 &+ (v &>> 8)
            return ((v & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 &<< 32))
                &+ ((v &>> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 &<< 32))) &>> 32
        }

        /// ``readDecimal(_:_:)`` for any decimal, digits read eight at a time (``digitRun(_:from:)``).
        @inline(never)
        static func readDecimalByRuns(_ bytes: LinkInput, _ i: inout Int) -> DecimalRead {
            let n = bytes.count
            var negative = false
            if i < n {
                let b = bytes[i]
                if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
                    negative = b == UInt8(ascii: "-")
                    i &+= 1
                }
            }
            var run = digitRun(bytes, from: i)
            guard run.count > 0 else { return .invalid }
            // With more than 19 digits the wrapped mantissa is not used.
            var mantissa = run.value
            var digits = run.count
            i &+= run.count
            while run.count == 8 {
                run = digitRun(bytes, from: i)
                mantissa = mantissa &* powerOfTen(run.count) &+ run.value
                digits &+= run.count
                i &+= run.count
            }
            var fraction = 0
            if i < n && bytes[i] == UInt8(ascii: ".") {
                i &+= 1
                repeat {
                    run = digitRun(bytes, from: i)
                    mantissa = mantissa &* powerOfTen(run.count) &+ run.value
                    fraction &+= run.count
                    i &+= run.count
                } while run.count == 8
                guard fraction > 0 else { return .invalid }
                digits &+= fraction
            }
            // At most 19 digits cannot overflow; then fraction <= 19 <= 22.
            guard digits <= 19, mantissa <= 1 << 53 else { return .slow }
            let magnitude = Double(Int64(bitPattern: mantissa)) / exactPowerOfTen(fraction)
            return .value(negative ? -magnitude : magnitude)
        }

        /// The ASCII digits at byte offset `i` of `bytes` (at most eight): their value and count (0
        /// when none). One word load (near the end, the last eight bytes shifted), one mask.
        @inline(__always)
        static func digitRun(_ bytes: LinkInput, from i: Int) -> (value: UInt64, count: Int) {
            let n = bytes.count
            let word: UInt64
            if i &+ 8 <= n {
                word = LinkInput.word(bytes, i)
            } else if i >= n {
                return (0, 0)
            } else if n >= 8 {
                // Bytes i ..< n, the rest zero (no digit).
                word = LinkInput.word(bytes, n &- 8) &>> UInt64(truncatingIfNeeded: (i &+ 8 &- n) &* 8)
            } else {
                var value: UInt64 = 0
                var k = i
                while k < n {
                    let d = bytes[k] &- UInt8(ascii: "0")
                    if d >= 10 { break }
                    value = value &* 10 &+ UInt64(d)
                    k &+= 1
                }
                return (value, k &- i)
            }
            let x = word ^ 0x3030_3030_3030_3030
            let count = notDigits(x).trailingZeroBitCount &>> 3
            guard count > 0 else { return (0, 0) }
            return (combine(x, count: count), count)
        }

        /// 10^k for 0 ≤ k ≤ 8 (the length of a digit run).
        @inline(__always)
        private static func powerOfTen(_ k: Int) -> UInt64 {
            switch k {
            case 0: 1
            case 1: 10
            case 2: 100
            case 3: 1_000
            case 4: 10_000
            case 5: 100_000
            case 6: 1_000_000
            case 7: 10_000_000
            default: 100_000_000
            }
        }

        /// 10^k, an exact double, for 0 ≤ k ≤ 22 (a `switch`: no lazy global, no bounds check).
        @inline(__always)
        private static func exactPowerOfTen(_ k: Int) -> Double {
            switch k {
            case 0: 1e0
            case 1: 1e1
            case 2: 1e2
            case 3: 1e3
            case 4: 1e4
            case 5: 1e5
            case 6: 1e6
            case 7: 1e7
            case 8: 1e8
            case 9: 1e9
            case 10: 1e10
            case 11: 1e11
            case 12: 1e12
            case 13: 1e13
            case 14: 1e14
            case 15: 1e15
            case 16: 1e16
            case 17: 1e17
            case 18: 1e18
            case 19: 1e19
            case 20: 1e20
            case 21: 1e21
            default: 1e22
            }
        }

        /// The comma-separated numbers of `text` when every trimmed piece is a valid decimal, else nil.
        static func numbers(_ text: Substring) -> [(text: Substring, value: Double)]? {
            var result: [(text: Substring, value: Double)] = []
            result.reserveCapacity(3)
            var rest = text
            while true {
                let end = LinkInput.firstIndex(of: UInt8(ascii: ","), in: rest) ?? rest.endIndex
                let trimmed = trim(rest[..<end])
                guard let value = decimal(trimmed) else { return nil }
                result.append((trimmed, value))
                if end == rest.endIndex { break }
                rest = rest[rest.utf8.index(after: end)...]
            }
            return result
        }

        /// The byte pass's answer for ASCII text: up to three decimals (count 4: more), not numbers,
        /// or the general path must decide.
        private enum Fast { case invalid, general, pieces(count: Int, ranges: (Int, Int, Int, Int, Int, Int), values: (Double, Double, Double)) }

        /// The byte pass of ``upToThree(_:)``: each piece (spaces, decimal, spaces) up to its comma. A
        /// non-decimal piece is `.invalid`, or `.general` if it holds a non-ASCII byte or a decimal
        /// beyond the fast path.
        @inline(__always)
        private static func scanASCII(_ bytes: LinkInput) -> Fast {
            var ranges = (0, 0, 0, 0, 0, 0)
            var values = (0.0, 0.0, 0.0)
            var count = 0
            let n = bytes.count
            var i = 0
            while true {
                if count == 3 { return .pieces(count: 4, ranges: ranges, values: values) }
                while i < n && bytes[i] <= 0x20 && LinkInput.isASCIIWhitespace(bytes[i]) { i &+= 1 }
                let a = i
                let read = readDecimal(bytes, &i)
                let b = i
                while i < n && bytes[i] <= 0x20 && LinkInput.isASCIIWhitespace(bytes[i]) { i &+= 1 }
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
                switch count {
                case 0: ranges.0 = a; ranges.1 = b; values.0 = value
                case 1: ranges.2 = a; ranges.3 = b; values.1 = value
                default: ranges.4 = a; ranges.5 = b; values.2 = value
                }
                count &+= 1
                if i >= n { return .pieces(count: count, ranges: ranges, values: values) }
                i &+= 1
            }
        }

        /// `lat,lon` without spaces, in range, as ``scanASCII(_:)`` reads it; nil for the full pass.
        @inline(__always)
        private static func tightPair(_ bytes: LinkInput) -> Coordinate? {
            var i = 0
            guard case .value(let latitude) = readDecimal(bytes, &i), i < bytes.count,
                bytes[i] == UInt8(ascii: ",")
            else { return nil }
            i &+= 1
            guard case .value(let longitude) = readDecimal(bytes, &i), i == bytes.count else { return nil }
            return Coordinate.ifValid(latitude: latitude, longitude: longitude)
        }

        /// The coordinate of `text` when the byte pass reads a pair in range (or a triple, with
        /// `allowTriple`); nil sends the caller to the full path, which builds the errors.
        private static func quickPair(_ text: Substring, allowTriple: Bool) -> Coordinate? {
            let fast: Fast = LinkInput.withBytes(of: text) { bytes in scanASCII(bytes) }
            guard case .pieces(let count, _, let v) = fast, count == 2 || (allowTriple && count == 3) else { return nil }
            return Coordinate.ifValid(latitude: v.0, longitude: v.1)
        }

        /// Up to three numbers of `text`, as ``numbers(_:)`` reads them; nil when a piece is not a
        /// decimal; `count` 4 means more than three.
        private static func upToThree(_ text: Substring) -> (
            count: Int, first: (text: Substring, value: Double), second: (text: Substring, value: Double),
            third: (text: Substring, value: Double)
        )? {
            let none = (text: text[text.startIndex..<text.startIndex], value: 0.0)
            // ASCII text: one byte pass (ASCII whitespace is `Character.isWhitespace` there).
            let fast: Fast = LinkInput.withBytes(of: text) { bytes in scanASCII(bytes) }
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
                let end = LinkInput.firstIndex(of: UInt8(ascii: ","), in: rest) ?? rest.endIndex
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
            switch LinkInput.withBytes(of: body, { bytes in scanASCII(bytes) }) {
            case .pieces(let count, _, let v) where count == 2:
                if let coordinate = Coordinate.ifValid(latitude: v.0, longitude: v.1) { return coordinate }
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

        /// ``classify(_:parameter:)`` of decoded, trimmed bytes; builds text only for errors and rare cases.
        static func classify(_ text: LinkInput, parameter: String) throws(DirectionsURLError) -> Coordinate? {
            // Text that starts with an ASCII letter (most addresses) is neither a pair nor number-like.
            if let first = text.first, (first | 0x20) &- 97 < 26 { return nil }
            // A pair ends with a digit; most addresses that start with one (a house number) do not.
            if let last = text.last, last &- UInt8(ascii: "0") < 10, let coordinate = tightPair(text) {
                return coordinate
            }
            switch scanASCII(text) {
            case .pieces(let count, _, let v) where count == 2:
                if let coordinate = Coordinate.ifValid(latitude: v.0, longitude: v.1) { return coordinate }
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
            _ text: LinkInput, parameter: String, allowAltitude: Bool = false
        ) throws(DirectionsURLError) -> Coordinate {
            if let coordinate = tightPair(text) { return coordinate }
            if case .pieces(let count, _, let v) = scanASCII(text), count == 2 || (allowAltitude && count == 3),
                let coordinate = Coordinate.ifValid(latitude: v.0, longitude: v.1)
            {
                return coordinate
            }
            return try parsePair(text.substring, parameter: parameter, allowAltitude: allowAltitude)
        }

        /// ``isNumberLike(_:)-(Substring)`` of bytes.
        static func isNumberLike(_ text: LinkInput) -> Bool {
            var ascii = true
            for b in text {
                if (b >= 65 && b <= 90) || (b >= 97 && b <= 122) { return false }
                if b >= 0x80 { ascii = false }
            }
            guard ascii else { return isNumberLike(text.substring) }
            var digit = false
            var separator = false
            for b in text {
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digit = true }
                else if b == UInt8(ascii: ".") || b == UInt8(ascii: ",") { separator = true }
                else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || LinkInput.isASCIIWhitespace(b) { continue }
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
                    else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || LinkInput.isASCIIWhitespace(b) { continue }
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
            let commas = text.utf8.filter { $0 == UInt8(ascii: ",") }.count
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
