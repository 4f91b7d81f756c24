// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import DirectionsLinks
@testable import RoutingCore

/// The byte-level helpers of the app-link parsers, on random text mixing ASCII, separators, `\r\n`,
/// combining marks and case-mapping oddities (Kelvin sign, dotted capital I): separators and
/// prefixes are found by byte (a `Character` search takes U+037E for `;` and misses a `;` that a
/// combining mark follows); case folding agrees with `lowercased()`.
@Suite("App-link byte helpers")
struct AppLinkBytesTests {
    static let alphabet: [String] = [
        "a", "d", "r", "s", "p", "o", "m", "y", "l", "c", "t", "i", "n", "k", "w", "e", "x", "g", "u",
        "A", "D", "R", "S", "P", "O", "M", "Y", "L", "K", "W", "E",
        "0", "1", "5", "9", ".", ",", "-", "+", "_", "~", "/", "|", ";", "%", "F", "f", " ",
        "\r", "\n", "\r\n", "\u{301}", "\u{212A}", "\u{130}", "é", "ж", "🙂", "\u{37E}", "\u{1FEF}",
    ]

    static func randomText(_ rng: inout SplitMix64, maxLength: Int = 12) -> String {
        let n = Int(rng.next() % UInt64(maxLength + 1))
        var s = ""
        for _ in 0..<n { s += alphabet[Int(rng.next() % UInt64(alphabet.count))] }
        return s
    }

    @Test("pieces on an ASCII byte = split of the UTF-8 bytes")
    func split() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<5000 {
            let s = Substring(Self.randomText(&rng))
            for sep in ["~", "_", ",", "/", "|", ";"] {
                let byte = sep.utf8.first!
                let expected = s.utf8.split(separator: byte, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                #expect(s.pieces(separatedBy: byte).map(String.init) == expected, "\(s.debugDescription) on \(sep)")
            }
        }
        // The two traps of a `Character` split.
        #expect(Substring("a\u{37E}b").pieces(separatedBy: UInt8(ascii: ";")) == ["a\u{37E}b"])
        #expect(Substring("a;\u{301}b").pieces(separatedBy: UInt8(ascii: ";")) == ["a", "\u{301}b"])
        #expect(LinkInput.withBytes(of: "\u{37E};" as String) { $0.firstOffset(of: UInt8(ascii: ";")) } == 2)
    }

    @Test("lowercasedEquals = lowercased() ==; hasPrefix by byte")
    func caseFolding() {
        var rng = SplitMix64(seed: 42)
        let words: [StaticString] = ["mylocation", "directions", "r", "maps", "tab", "points", "routesearch", "d", "walk", "adr.", "pos.", "s-"]
        for i in 0..<20000 {
            var s = Self.randomText(&rng)
            if i % 3 == 0 { s = String(describing: words[i % words.count]).uppercased() + (i % 2 == 0 ? "" : Self.randomText(&rng, maxLength: 2)) }
            let sub = Substring(s)
            for w in words {
                let word = String(describing: w)
                #expect(LinkInput.withBytes(of: s) { $0.lowercasedEquals(w) } == (s.lowercased() == word), "\(s.debugDescription) vs \(word)")
                if word.hasSuffix(".") || word.hasSuffix("-") {
                    #expect(LinkInput.hasPrefix(sub, w) == s.utf8.starts(with: word.utf8), "\(s.debugDescription) hasPrefix \(word)")
                }
            }
            #expect(LinkInput.lowercased(String(sub)) == s.lowercased())
        }
    }

    @Test("LinkInput.decimal = CoordinateText.decimal, bit for bit")
    func decimal() {
        var rng = SplitMix64(seed: 43)
        let digits = Array("0123456789")
        for i in 0..<50000 {
            var s = ""
            if i % 4 == 0 { s += rng.next() % 2 == 0 ? "-" : "+" }
            let whole = Int(rng.next() % (i % 10 == 0 ? 24 : 4))
            for _ in 0..<whole { s.append(digits[Int(rng.next() % 10)]) }
            if rng.next() % 3 != 0 {
                s += "."
                let fraction = Int(rng.next() % (i % 7 == 0 ? 30 : 9))
                for _ in 0..<fraction { s.append(digits[Int(rng.next() % 10)]) }
            }
            if i % 50 == 0 { s += Self.randomText(&rng, maxLength: 2) }
            let expected = DirectionsURLParser.CoordinateText.decimal(Substring(s))
            let got = LinkInput.withBytes(of: s) { $0.decimal }
            #expect(got?.bitPattern == expected?.bitPattern, "\(s)")
        }
    }

    @Test("quickPair = parsePair whenever it answers")
    func quickPair() throws {
        var rng = SplitMix64(seed: 44)
        let pieces = ["48.8584", "2.2945", "-73.9855", "91", "-180.5", "0", "-0", "1e5", " 1", "1.", "", "40.7,1", "+12.5"]
        for _ in 0..<5000 {
            let a = pieces[Int(rng.next() % UInt64(pieces.count))], b = pieces[Int(rng.next() % UInt64(pieces.count))]
            let expected = try? DirectionsURLParser.CoordinateText.parsePair(Substring(a + "," + b), parameter: "x")
            if let quick = LinkInput.withBytes(of: a + "," + b, { DirectionsURLParser.CoordinateText.quickPair($0, allowTriple: false) }) {
                #expect(quick == expected, "\(a),\(b)")
                #expect(quick.latitude.bitPattern == expected?.latitude.bitPattern)
            }
        }
    }

    @Test("Yandex and 2GIS host matching = the Set and Character rules (2GIS hosts are ASCII)")
    func hosts() {
        func yandexReference(_ host: String) -> Bool {
            var h = Substring(host)
            if h.hasPrefix("www.") { h = h.dropFirst(4) } else if h.hasPrefix("maps.") { h = h.dropFirst(5) }
            guard h.hasPrefix("yandex.") else { return false }
            return YandexMapsLink.countryDomains.contains(String(h.dropFirst(7)))
        }
        func twoGISReference(_ host: String) -> Bool {
            guard host.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            var h = Substring(host)
            if h.hasPrefix("www.") { h = h.dropFirst(4) }
            guard h.hasPrefix("2gis."), h.count > 5 else { return false }
            return h.dropFirst(5).allSatisfy { ($0.isASCII && $0.isLetter) || $0 == "." }
        }
        var hosts: [String] = []
        for domain in YandexMapsLink.countryDomains {
            for prefix in ["", "www.", "maps.", "m.", "www.maps."] {
                hosts += [prefix + "yandex." + domain, prefix + "yandex." + domain + ".", prefix + "yandex." + domain.uppercased()]
            }
        }
        hosts += ["2gis.ru", "www.2gis.ru", "2gis.", "2gis.com.cy", "2gis.r1", "2gis.\r\n", "2gis.\u{301}ru", "www.\u{301}2gis.ru", "yandex.\u{301}ru", "maps.google.com"]
        var rng = SplitMix64(seed: 45)
        for _ in 0..<5000 {
            let stem = ["yandex.", "2gis.", "www.2gis.", "maps.yandex.", "www."][Int(rng.next() % 5)]
            hosts.append(stem + Self.randomText(&rng, maxLength: 6))
        }
        for host in hosts {
            #expect(YandexMapsLink.handles(host: host) == yandexReference(host), "\(host.debugDescription)")
            #expect(TwoGISLink.handles(host: host) == twoGISReference(host), "\(host.debugDescription)")
        }
    }

    @Test("Citymapper's schema finds its names in any case, plain or escaped, and no near miss")
    func citymapperKnown() throws {
        let names = ["startcoord", "startname", "startaddress", "endcoord", "endname", "endaddress", "arrival_time", "arriveby"]
        #expect(CitymapperLink.schema.known == Set(names))
        func slot(_ raw: String) throws -> Int {
            var raw = raw
            return try raw.withUTF8 { bytes in
                let query = try LinkInput.Query(LinkInput(bytes), plusAsSpace: true)
                return CitymapperLink.schema.slot(of: query.parameters[0], in: query)
            }
        }
        for (i, name) in names.enumerated() {
            #expect(try slot(name + "=1") == i)
            #expect(try slot(name.uppercased() + "=1") == i)
            #expect(try slot("%" + String(name.utf8.first!, radix: 16) + name.dropFirst() + "=1") == i)
        }
        for key in ["end", "endcoords", "start", "arrival", "ll", "x", "endcoord%C3%A9"] { #expect(try slot(key + "=1") == -1) }
    }
}
