// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// The one-pass decimal reader (eight digits at a time) against the standard library: every number
/// must be bit for bit `Double(String)` (correctly rounded, as `strtod`), and the reader must accept
/// exactly `[+-]?DIGITS[.DIGITS]`.
@Suite("lat,lon text: reading decimals")
struct CoordinateTextDecimalTests {
    typealias Text = DirectionsURLParser.CoordinateText

    /// `[+-]?DIGITS[.DIGITS]`, checked byte by byte (the grammar the readers have always had).
    static func isDecimal(_ s: String) -> Bool {
        var bytes = Array(s.utf8)[...]
        if let f = bytes.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return false }
        bytes = bytes.dropFirst(whole.count)
        if bytes.isEmpty { return true }
        guard bytes.first == UInt8(ascii: ".") else { return false }
        bytes = bytes.dropFirst()
        return !bytes.isEmpty && bytes.allSatisfy(isDigit)
    }

    /// What the readers must return: nil for a non-decimal, else the magnitude as `Double(String)`
    /// reads it, negated for `-` (so `-0` is -0.0).
    static func expected(_ s: String) -> Double? {
        guard isDecimal(s) else { return nil }
        let negative = s.hasPrefix("-")
        let digits = s.hasPrefix("-") || s.hasPrefix("+") ? String(s.dropFirst()) : s
        guard let magnitude = Double(digits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Every reader of a single decimal.
    static func readings(_ s: String) -> [Double?] {
        var copy = s
        let byteText = copy.withUTF8 { LinkInput($0).decimal }
        return [Text.decimal(Substring(s)), byteText]
    }

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let x?, let y?): x.bitPattern == y.bitPattern
        default: false
        }
    }

    /// SplitMix64: a fixed sequence on every platform.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Random digit strings of every length 1–25, with and without a sign and a fraction (the point
    /// anywhere, including the ends), digits often zero or nine to reach the edges.
    static func randomNumbers() -> [String] {
        var random = Random(state: 0x5EED_C0FF_EE15_2026)
        var result: [String] = []
        for length in 1...25 {
            for _ in 0..<400 {
                var digits = ""
                let style = random.below(4)
                for _ in 0..<length {
                    switch style {
                    case 0: digits.append(Character(Unicode.Scalar(UInt8(48 + random.below(10)))))
                    case 1: digits.append(random.below(3) == 0 ? "0" : Character(Unicode.Scalar(UInt8(48 + random.below(10)))))
                    case 2: digits.append(random.below(3) == 0 ? "9" : Character(Unicode.Scalar(UInt8(48 + random.below(10)))))
                    default: digits.append(random.below(2) == 0 ? "0" : "9")
                    }
                }
                switch random.below(3) {
                case 0: break
                default:
                    let point = random.below(length + 1)
                    let i = digits.index(digits.startIndex, offsetBy: point)
                    digits.insert(".", at: i)
                }
                switch random.below(4) {
                case 0: digits = "-" + digits
                case 1: digits = "+" + digits
                default: break
                }
                result.append(digits)
            }
        }
        return result
    }

    static let edgeCases: [String] = [
        "-0", "0", "+0", "0.0", "-0.0", "-0.000", "90", "-90", "180", "-180", "90.0000001",
        "-180.000000000000000001", "180.00000000000000000000000001",
        "1234567890123456789", "12345678901234567890", "9999999999999999999", "99999999999999999999",
        "1.234567890123456789", "1.2345678901234567890", "0.0000000000000000001", "0.00000000000000000001",
        "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994",
        "900719925474099.1", "900719925474099.2", "900719925474099.3", "90071992547409.93",
        "-9007199254740993", "0.9007199254740993", "1.8446744073709551615", "18446744073709551616",
        "0000000000000000000000001", "0000000000000000000000001.5", "00012.50000", "007.5",
        "12345678", "123456789", "1234567.8", "12345678.9", "0.12345678", "0.123456789", "41.8902", "-0.124833",
        "51.500652", "48.8583701", "-122.4783", "1.", ".5", "+1", "--1", "-+1", "+-1", "1..2", "1.2.3", " 1", "1 ",
        " ", "", "-", "+", ".", "-.", "1e5", "1E5", "0x10", "inf", "nan", "1,5", "١٢", "1٫5", "4\u{301}1.5",
        "1.5\u{301}", "12345678\u{301}", "1/2", "1:2", "12a", "a12",
    ]

    @Test("every decimal reader is Double(String), bit for bit, and accepts exactly [+-]?DIGITS[.DIGITS]")
    func readersMatchTheStandardLibrary() {
        for s in Self.edgeCases + Self.randomNumbers() {
            let want = Self.expected(s)
            for (reader, got) in Self.readings(s).enumerated() {
                #expect(Self.same(got, want), "reader \(reader) on '\(s)': \(String(describing: got)), want \(String(describing: want))")
            }
        }
    }

    @Test("a slice is read only up to its end, whatever bytes follow it")
    func slicesStopAtTheirEnd() {
        var link = "12.3456789012345,-0.1234567890123456789"
        link.withUTF8 { all in
            for length in 0...all.count {
                let piece = String(decoding: UnsafeBufferPointer(rebasing: all[0..<length]), as: UTF8.self)
                let got = LinkInput(UnsafeBufferPointer(rebasing: all[0..<length])).decimal
                #expect(Self.same(got, Self.expected(piece)), "'\(piece)'")
            }
            for start in 0...all.count {
                let piece = String(decoding: UnsafeBufferPointer(rebasing: all[start...]), as: UTF8.self)
                let got = LinkInput(UnsafeBufferPointer(rebasing: all[start...])).decimal
                #expect(Self.same(got, Self.expected(piece)), "'\(piece)'")
            }
        }
    }

    /// `lat,lon` as `parsePair` reads it: each piece trimmed of ASCII spaces, then a decimal.
    static func expectedPair(_ lat: String, _ lon: String) -> Coordinate? {
        func trim(_ s: String) -> String {
            String(s.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        }
        guard let la = expected(trim(lat)), let lo = expected(trim(lon)) else { return nil }
        return try? Coordinate.validated(latitude: la, longitude: lo)
    }

    @Test("pairs read in one pass are the pairs of the two decimals, with spaces around the comma")
    func pairsMatchTheStandardLibrary() {
        var random = Random(state: 2026)
        let numbers = Self.edgeCases.filter { $0.unicodeScalars.allSatisfy { $0 != "," } } + Self.randomNumbers().filter { _ in random.below(8) == 0 }
        let spaces = ["", " ", "  "]
        for _ in 0..<6000 {
            let lat = spaces[random.below(3)] + numbers[random.below(numbers.count)] + spaces[random.below(3)]
            let lon = spaces[random.below(3)] + numbers[random.below(numbers.count)] + spaces[random.below(3)]
            let text = lat + "," + lon
            let want = Self.expectedPair(lat, lon)
            let got = try? Text.parsePair(Substring(text), parameter: "q")
            #expect(got.map { [$0.latitude.bitPattern, $0.longitude.bitPattern] } == want.map { [$0.latitude.bitPattern, $0.longitude.bitPattern] }, "'\(text)'")
            var copy = text
            let gotBytes = copy.withUTF8 { try? Text.parsePair(LinkInput($0), parameter: "q") }
            #expect(gotBytes == got, "'\(text)' as bytes")
            if !lat.hasPrefix(" ") && !lat.hasSuffix(" ") && !lon.hasPrefix(" ") && !lon.hasSuffix(" ") {
                let quick = LinkInput.withBytes(of: text) { Text.quickPair($0, allowTriple: false) }
                #expect(quick == want || quick == nil, "'\(text)' quick")
                if let numbers = LinkInput.withBytes(of: text, { Text.numbers($0)?.map(\.value) }), numbers.count == 2 {
                    #expect(Self.same(numbers[0], Self.expected(String(text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]))))
                    #expect(Self.same(numbers[1], Self.expected(String(text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[1]))))
                }
            }
        }
    }

    @Test(arguments: [
        ("41.8902,12.4922", 41.8902, 12.4922), ("51.500652,-0.124833", 51.500652, -0.124833),
        ("  -33.8568 ,\t151.2153 ", -33.8568, 151.2153), ("90,-180", 90, -180), ("-0,-0", 0, 0),
        ("48.85837009999999,2.29229259999999", 48.85837009999999, 2.29229259999999),
    ])
    func classifiedPairs(_ text: String, _ latitude: Double, _ longitude: Double) throws {
        let c = try #require(try Text.classify(text, parameter: "q"))
        #expect(c.latitude.bitPattern == latitude.bitPattern && c.longitude.bitPattern == longitude.bitPattern)
        var copy = text
        let d = try copy.withUTF8 { bytes throws(DirectionsURLError) in try Text.classify(LinkInput(bytes), parameter: "q") }
        #expect(d == c)
    }

    @Test(arguments: ["1,2,3,4", "1, 2, 3", "1.5,", ",1.5", "1.5 ,, 2", "1..5,2", "+-1,2", "1 2,3"])
    func numberLikeTextThatIsNoPairIsMalformed(_ text: String) {
        #expect(throws: DirectionsURLError.self) { try Text.classify(text, parameter: "q") }
    }
}
