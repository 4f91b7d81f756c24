// SPDX-License-Identifier: Apache-2.0
/// Turns one directions link into a ``DirectionsRequest``. Pure: no I/O, no geocoding, no Foundation.
/// Dispatch is by scheme (case-insensitive), then by host and path; each format's type documents its
/// source and rules (`docs/directions-links.md`). Coordinates are WGS84 degrees, latitude first. The
/// source is the current location when the link leaves it out or spells it as a ``currentLocationLiterals``.
public struct DirectionsURLParser: Sendable {
    /// Texts that mean "the current location" in a source (and, when not empty, in any stop).
    public var currentLocationLiterals: CurrentLocationLiterals
    /// Whether a repair is an error: lenient (false, for desktop links) returns each as a ``DirectionsURLWarning``;
    /// strict (for scripts) throws the first as a ``DirectionsURLError`` with the same code.
    public var strict: Bool

    /// A parser with the given ``currentLocationLiterals`` and ``strict``.
    public init(currentLocationLiterals: CurrentLocationLiterals = .default, strict: Bool = false) {
        self.currentLocationLiterals = currentLocationLiterals
        self.strict = strict
    }

    private static func table(_ names: (any DirectionsLinkFormat.Type) -> [String]) -> [String: any DirectionsLinkFormat.Type] {
        var table: [String: any DirectionsLinkFormat.Type] = [:]
        for format in DirectionsLinkFormats.all { for name in names(format) { table[name] = format } }
        return table
    }

    private static let byScheme = table { $0.schemes }
    private static let byHost = table { $0.hosts }
    /// The end of the `unknown-scheme` message after the scheme: `…; known schemes: geo: maps: …`.
    private static let unknownSchemeTail = ":' links are not directions links this parser knows; known schemes: "
        + byScheme.keys.sorted().map { $0 + ":" }.joined(separator: " ") + " and http(s) links"
    /// `google.com, maps.apple.com, …`, for error messages.
    private static let knownHosts = byHost.keys.sorted().joined(separator: ", ")
    /// `, and google.<country>, …`: the hosts matched by patterns (``DirectionsLinkFormat/hostPatterns``).
    private static let knownHostPatterns: String = {
        var patterns: [String] = []
        for format in DirectionsLinkFormats.all { patterns += format.hostPatterns }
        return patterns.isEmpty ? "" : ", and " + patterns.joined(separator: ", ")
    }()

    /// ``parseLink(_:)``'s request, without the warnings.
    /// - Throws: ``DirectionsURLError``, as ``parseLink(_:)``.
    public func parse(_ url: String) throws(DirectionsURLError) -> DirectionsRequest {
        try parseLink(url).request
    }

    /// Parses one directions link, as received (e.g. a desktop entry's `%u`), with no control characters
    /// inside. A link wrapped in whitespace or delimiters (`<…>`, `<URL:…>`, quotes; RFC 3986 Appendix C) is
    /// unwrapped with a `repaired-syntax` warning (``LinkDelimiters``). Unknown parameters are ignored.
    /// - Returns: the request, the format that matched, and the repairs made (empty in strict mode).
    /// - Throws: ``DirectionsURLError`` naming the parameter and the reason; in strict mode also the first repair.
    public func parseLink(_ url: String) throws(DirectionsURLError) -> ParsedLink {
        if url.isEmpty { throw DirectionsURLError(.malformedURL, "url", "the link is empty; pass a geo:, maps: or https: directions link") }
        return try parse(url, unwrapping: true)
    }

    /// Parses a link that may be wrapped, with a `repaired-syntax` warning first (strict: the error, unless the link fails).
    @inline(never)
    private func parseUnwrapped(_ url: String) throws(DirectionsURLError) -> ParsedLink {
        guard let (inner, removed) = LinkDelimiters.unwrap(url) else { return try parse(url, unwrapping: false) }
        var parsed = try parse(inner, unwrapping: false)
        if strict {
            throw DirectionsURLError(.repairedSyntax, "url",
                "the link has " + removed + " around it (RFC 3986 Appendix C); pass the link alone (strict mode: repairs are errors)")
        }
        let message = "removed the " + removed + " around the link (RFC 3986 Appendix C); pass the link alone"
        parsed.warnings.insert(DirectionsURLWarning(.repairedSyntax, "url", message), at: 0)
        return parsed
    }

    /// Parses `url` (not empty); with `unwrapping`, a possibly wrapped link goes to ``parseUnwrapped(_:)``.
    private func parse(_ url: String, unwrapping: Bool) throws(DirectionsURLError) -> ParsedLink {
        // Not `withBytesThrowing`: a generic throwing call would copy the parsed link.
        var failure: DirectionsURLError? = nil
        let parsed = LinkInput.withBytes(of: url) { bytes -> ParsedLink? in
            do throws(DirectionsURLError) {
                return try Self.parseLink(bytes, self, unwrapping: unwrapping)
            } catch {
                failure = error
                return nil
            }
        }
        if let parsed { return parsed }
        throw failure!
    }

    private static func parseLink(_ bytes: LinkInput, _ parser: DirectionsURLParser, unwrapping: Bool) throws(DirectionsURLError) -> ParsedLink {
        // Two byte comparisons for every link: no real link starts or ends like a wrapped one.
        if unwrapping && LinkDelimiters.mayBeWrapped(first: bytes[0], last: bytes[bytes.count &- 1]) {
            return try parser.parseUnwrapped(bytes.string)
        }
        // One pass: control characters, the first ':', the scheme's syntax and its parser.
        let front = Self.scanFront(bytes)
        if front.mayHaveControl, let bad = bytes.string.unicodeScalars.first(where: Self.isControl) {
            throw DirectionsURLError(.malformedURL, "url",
                "the link contains control character U+\(OneLine.hex(bad.value, digits: 4)); percent-encode it or remove it")
        }
        if front.entry < 0, let host = Self.knownHostWithoutScheme(bytes) { return try parser.parseWithoutScheme(bytes, host: host) }
        guard front.colon >= 0 else {
            throw DirectionsURLError(.malformedURL, "scheme", "'\(Self.shorten(bytes.string))' has no scheme; a directions link "
                + "starts with one, such as geo:, maps:, om:, bingmaps: or https: (the docs list every format)")
        }
        if front.entry >= 0 { return try parseLink(bytes, parser, entry: front.entry, colon: front.colon) }
        let scheme = bytes.prefix(front.colon).string
        if front.validScheme {
            throw DirectionsURLError(.unknownScheme, "scheme", "'" + scheme + Self.unknownSchemeTail + Self.schemeHint(scheme))
        }
        if scheme.contains(where: \.isWhitespace) {
            throw DirectionsURLError(.malformedURL, "scheme", "'\(Self.shorten(scheme))' before the first ':' contains a space, so it is not a scheme: "
                + "text before the link, or spaces around it; pass the link alone, from its scheme (https:, geo:, …)")
        }
        if let opener = LinkDelimiters.opener(of: bytes.string) {
            // A delimiter LinkDelimiters could not take off: say what to remove.
            throw DirectionsURLError(.malformedURL, "url", "the link starts with \(opener), a delimiter from text or e-mail "
                + "(RFC 3986 Appendix C) that could not be taken off (no matching one at the end, or more than one pair); "
                + "pass the link alone, from its scheme (geo:, https:, …) to its last character")
        }
        throw DirectionsURLError(.malformedURL, "scheme",
            "'\(Self.shorten(scheme))' is not a URL scheme (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.')")
    }

    /// Parses a link whose scheme, ``schemeEntries``[`entry`], ends at byte offset `colon`.
    private static func parseLink(_ bytes: LinkInput, _ parser: DirectionsURLParser, entry: Int, colon: Int) throws(DirectionsURLError) -> ParsedLink {
        let schemeParser = Self.schemeParsers[entry]
        let link = LinkInput.Parts(link: bytes, scheme: Self.schemeNames[entry], colon: colon, lookUpHost: schemeParser == nil)
        var family: any DirectionsLinkFormat.Type
        if let schemeParser { family = schemeParser } else { family = try webFamily(link) }
        var context = ParseContext(parser: parser, format: family.format)
        let parsed: ParsedLink
        do throws(DirectionsURLError) {
            let request = try LinkRepairLog.collecting(&context) { (context) throws(DirectionsURLError) in try family.parse(link, &context) }
            parsed = ParsedLink(request: request, format: context.format, warnings: context.warnings)
        } catch {
            // Words after a space: the link alone may be what was meant (`geo:48.85,2.29 into your maps app`).
            if let cut = try proseCut(bytes, parser, entry: entry, colon: colon) { return cut }
            throw error
        }
        // Only a link with an address can have absorbed prose into a value (a label with a space is a label): others skip the scan.
        if Self.hasAddress(parsed.request) {
            if let cut = try proseCut(bytes, parser, entry: entry, colon: colon) { return cut }
            if let space = bytes.firstOffset(of: UInt8(ascii: " ")) { return try rawSpace(parsed, bytes, space, parser, in: "an address") }
        } else if Self.hasLabel(parsed.request), let space = bytes.firstOffset(of: UInt8(ascii: " ")) {
            // A label keeps its words (cutting them could cut a name), but a raw space is never silent either.
            return try rawSpace(parsed, bytes, space, parser, in: "a place's name")
        }
        return parsed
    }

    /// Whether an endpoint of `request` is an address (without building ``DirectionsRequest/endpoints``).
    @inline(__always)
    private static func hasAddress(_ request: DirectionsRequest) -> Bool {
        @inline(__always) func isAddress(_ e: Endpoint) -> Bool { if case .address = e { true } else { false } }
        return isAddress(request.destination) || isAddress(request.source) || (!request.waypoints.isEmpty && request.waypoints.contains(where: isAddress))
    }

    /// Whether a coordinate endpoint of `request` has a label.
    @inline(__always)
    private static func hasLabel(_ request: DirectionsRequest) -> Bool {
        @inline(__always) func labelled(_ e: Endpoint) -> Bool { if case .coordinate(_, _?, _, _) = e { true } else { false } }
        return labelled(request.destination) || labelled(request.source) || (!request.waypoints.isEmpty && request.waypoints.contains(where: labelled))
    }

    /// An address or a label read from a link with a raw space (`?daddr=Place Bellecour and then`): never
    /// silent. A `repaired-syntax` warning (parameter `url`; strict: the error) unless the format already
    /// reported the space; `what` names what the space was read into.
    @inline(never)
    private static func rawSpace(
        _ parsed: ParsedLink, _ bytes: LinkInput, _ space: Int, _ parser: DirectionsURLParser, in what: String
    ) throws(DirectionsURLError) -> ParsedLink {
        if parsed.warnings.contains(where: { $0.code == .repairedSyntax && $0.message.contains("raw space") }) { return parsed }
        let from = Self.shorten(bytes.suffix(from: Swift.max(0, space &- 20)).string)
        let message = "the link holds a raw space ('…\(from)'), read as part of \(what); write a space in a value as + or %20, "
            + "and pass the link alone, without words after it"
        if parser.strict { throw DirectionsURLError(.repairedSyntax, "url", message + " (strict mode: repairs are errors)") }
        var result = parsed
        result.warnings.append(DirectionsURLWarning(.repairedSyntax, "url", message))
        return result
    }

    /// Prose pasted after a link (`geo:48.85,2.29 into your maps app`, `…?daddr=48.85,2.29 and then…`): called
    /// when the whole link fails or gives an address. When the link has a raw space after a letter, digit
    /// or `)`, followed by a word (ASCII letters), and the text before the space parses alone to
    /// coordinates only (no address, which the words could belong to), that parse with a `repaired-syntax`
    /// warning (parameter `url`; strict: the error). Nil otherwise (the whole link is read).
    @inline(never)
    private static func proseCut(_ bytes: LinkInput, _ parser: DirectionsURLParser, entry: Int, colon: Int) throws(DirectionsURLError) -> ParsedLink? {
        guard let space = bytes.firstOffset(of: UInt8(ascii: " ")), space > colon &+ 1 else { return nil }
        // The link must end in a value (`…2.2945 into`), not before one (`?q= rm`, `daddr=`, `/`): else the cut empties a value.
        let last = bytes[space &- 1]
        guard (last | 0x20) &- UInt8(ascii: "a") < 26 || last &- UInt8(ascii: "0") < 10 || last == UInt8(ascii: ")") else { return nil }
        let after = bytes.suffix(from: space).trimmed
        // A word: two letters or more, then a space or the end.
        var letters = 0
        while letters < after.count, (after[letters] | 0x20) &- UInt8(ascii: "a") < 26 { letters &+= 1 }
        guard letters >= 2, letters == after.count || after[letters] == UInt8(ascii: " ") else { return nil }
        let alone: ParsedLink
        do throws(DirectionsURLError) {
            alone = try parseLink(bytes.prefix(space), parser, entry: entry, colon: colon)
        } catch {
            return nil
        }
        let onlyCoordinates = alone.request.endpoints.allSatisfy { (_, endpoint) in
            switch endpoint {
            case .coordinate, .currentLocation: true
            case .address: false
            }
        }
        guard onlyCoordinates else { return nil }
        let words = Self.shorten(after.string)
        if parser.strict {
            throw DirectionsURLError(.repairedSyntax, "url", "the link is followed by text ('\(words)') after a space; "
                + "pass the link alone (strict mode: repairs are errors)")
        }
        var result = alone
        result.warnings.insert(DirectionsURLWarning(.repairedSyntax, "url",
            "removed the text after the link ('\(words)'), which is not part of it; pass the link alone"), at: 0)
        return result
    }

    /// The family of an http(s) link, by host.
    static func webFamily(_ link: LinkInput.Parts) throws(DirectionsURLError) -> any DirectionsLinkFormat.Type {
        guard link.hasAuthority else {
            throw DirectionsURLError(.malformedURL, "host", "'\(link.scheme):' must be followed by '//host'; write \(link.scheme)://maps.apple.com/…")
        }
        if link.hostEntry >= 0 { return Self.hostEntries[link.hostEntry].parser }
        if let found = DirectionsLinkFormats.all.first(where: { $0.handles(host: link.host) }) { return found }
        throw DirectionsURLError(.notADirectionsLink, "host", "'\(link.host)' is not a known directions host; known: " + Self.knownHosts
            + Self.knownHostPatterns)
    }

    /// `; did you mean 'moovit:'?` for a scheme within edit distance 2 of a known one (3 letters or more), else empty.
    static func schemeHint(_ scheme: String) -> String {
        let lower = scheme.lowercased()
        guard lower.utf8.count >= 3 && lower.utf8.count <= 40 else { return "" }
        var best: (name: String, distance: Int)? = nil
        for name in schemeNames where name.utf8.count >= 3 {
            // Two neighbours swapped (`goe` for `geo`) count as one edit, so `geo` beats `ge0`.
            let d = isSwap(lower, name) ? 1 : EditDistance.between(lower, name)
            // On a tie a name of letters only (`geo`) goes before one with a digit (`ge0`).
            if d <= 2, best.map({ d < $0.distance || (d == $0.distance && $0.name.utf8.contains { $0 &- 48 < 10 }) }) ?? true {
                best = (name, d)
            }
        }
        return best.map { "; did you mean '\($0.name):'?" } ?? ""
    }

    /// Whether `a` is `b` with two neighbouring bytes swapped.
    private static func isSwap(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count, let i = x.indices.first(where: { x[$0] != y[$0] }), i + 1 < x.count else { return false }
        return x[i] == y[i + 1] && x[i + 1] == y[i] && x[(i + 2)...] == y[(i + 2)...]
    }

    /// The host a link without its scheme starts with (`maps.google.com/maps?daddr=…`, `omaps.app/…`): the
    /// text before the first `/`, `?` or `#`, when it is a known host (listed or matched by a pattern); else nil.
    static func knownHostWithoutScheme(_ bytes: LinkInput) -> String? {
        let end = LinkInput.firstOffset(of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes, from: 0, to: bytes.count)
        let host = bytes.prefix(end)
        // A host has a dot and no ':' (a scheme or a port: not this repair).
        guard host.count >= 4, host.contains(UInt8(ascii: ".")), !host.contains(UInt8(ascii: ":")) else { return nil }
        if hostTable.index(of: host) >= 0 { return host.string }
        let name = LinkInput.lowercased(host.string)
        return DirectionsLinkFormats.all.contains(where: { $0.handles(host: name) }) ? name : nil
    }

    /// Parses `https://` + `bytes`, a link without its scheme that starts with `host`, with a
    /// `repaired-syntax` warning (parameter `scheme`; strict: the error).
    @inline(never)
    private func parseWithoutScheme(_ bytes: LinkInput, host: String) throws(DirectionsURLError) -> ParsedLink {
        if strict {
            throw DirectionsURLError(.repairedSyntax, "scheme", "the link has no scheme; write https://\(Self.shorten(bytes.string)) "
                + "(strict mode: repairs are errors)")
        }
        var parsed = try parse("https://" + bytes.string, unwrapping: false)
        parsed.warnings.insert(DirectionsURLWarning(.repairedSyntax, "scheme",
            "the link has no scheme; read as https://\(host)/…; write the link with its https://"), at: 0)
        return parsed
    }

    /// Parses an http(s) link nested in another (`maps://https://maps.apple.com/…`).
    func parseNested(_ bytes: LinkInput, _ context: inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest {
        let colon = bytes.firstOffset(of: UInt8(ascii: ":"))!
        let scheme = bytes.prefix(colon)
        let link = LinkInput.Parts(
            link: bytes, scheme: scheme.isLowercaseASCII ? scheme.string : scheme.string.lowercased(), colon: colon, lookUpHost: true)
        let family = try Self.webFamily(link)
        context.format = family.format
        return try family.parse(link, &context)
    }

    /// A stop of decoded bytes: a current-location literal → `.currentLocation`; a `lat,lon` pair →
    /// coordinate; else address text. A blank `source` is the current location.
    /// - Throws: `invalid-parameter` when blank (not a source), plus the coordinate errors.
    func stopEndpoint(_ text: LinkInput, parameter: String, source: Bool = false) throws(DirectionsURLError) -> Endpoint {
        let trimmed = text.trimmed
        if trimmed.isEmpty {
            if source { return .currentLocation }
            throw DirectionsURLError(.invalidParameter, parameter,
                "a stop in '\(parameter)' is empty; give an address or 'latitude,longitude', or leave the stop out")
        }
        if currentLocationLiterals.matches(trimmed) { return .currentLocation }
        return try place(trimmed, parameter: parameter)
    }

    /// A coordinate when `trimmed` is a pair, else its text as an address.
    func place(_ trimmed: LinkInput, parameter: String) throws(DirectionsURLError) -> Endpoint {
        if let coordinate = try CoordinateText.classify(trimmed, parameter: parameter) { return .coordinate(coordinate, label: nil) }
        return .address(trimmed.string)
    }

    /// `s` without leading and trailing whitespace (`Character.isWhitespace`).
    static func trimmed(_ s: String) -> String {
        LinkInput.withBytes(of: s) { bytes in
            let t = bytes.trimmed
            return t.count == bytes.count ? s : t.string
        }
    }

    static func shorten(_ s: String) -> String { s.count > 60 ? String(s.prefix(57)) + "..." : s }

    /// A C0 control, DEL or a C1 control.
    private static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

    /// `http` and `https` (parser nil: dispatched by host), then every parser's schemes, sorted.
    static let schemeEntries: [(name: String, parser: (any DirectionsLinkFormat.Type)?)] = [("http", nil), ("https", nil)]
        + byScheme.keys.sorted().filter { $0 != "http" && $0 != "https" }.map { ($0, byScheme[$0]) }
    /// The names and parsers of ``schemeEntries``, by index (literals: no reference count).
    private static let schemeNames = schemeEntries.map(\.name)
    private static let schemeParsers = schemeEntries.map(\.parser)
    private static let schemeTable = ByteTable(schemeEntries.map(\.name))

    /// Every exact host (a literal from a format's `hosts`) and its format, sorted.
    static let hostEntries: [(name: String, parser: any DirectionsLinkFormat.Type)] =
        byHost.keys.sorted().compactMap { name in byHost[name].map { (name, $0) } }
    static let hostTable = ByteTable(hostEntries.map(\.name))

    /// Lowercase ASCII names in one byte array, looked up ignoring ASCII case by length, with no reference counting.
    struct ByteTable: Sendable {
        private let bytes: [UInt8]
        /// `starts` (where name `k` starts, plus the end), the name indices by length, then for each
        /// length `L` up to the longest + 1 where names of length `L` start in that order.
        private let meta: [Int32]
        private let count: Int
        let longest: Int

        init(_ names: [String]) {
            let lengths = names.map(\.utf8.count)
            var starts: [Int32] = [0]
            for length in lengths { starts.append(starts[starts.count - 1] + Int32(length)) }
            let longest = lengths.max() ?? 0
            let order = names.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
            // firstOfLength[L] is the number of names shorter than L.
            let firstOfLength = (0...(longest + 1)).map { length in Int32(lengths.filter { $0 < length }.count) }
            (bytes, meta, count, self.longest) = (names.flatMap(\.utf8), starts + order.map { Int32($0) } + firstOfLength, names.count, longest)
        }

        /// The index of the name equal to `text` ignoring ASCII case, or -1.
        func index(of text: LinkInput) -> Int {
            let n = text.count
            guard n <= longest else { return -1 }
            let count = count
            return LinkInput.withBytes(of: bytes) { table in
                let meta = self.meta.span
                let lengthBase = 2 &* count &+ 1
                var j = Int(meta[lengthBase &+ n])
                let end = Int(meta[lengthBase &+ n &+ 1])
                while j < end {
                    let k = Int(meta[count &+ 1 &+ j])
                    let start = Int(meta[k])
                    var i = 0
                    while i < n && LinkInput.equalIgnoringCase(text[i], table[start &+ i]) { i &+= 1 }
                    if i == n { return k }
                    j &+= 1
                }
                return -1
            }
        }
    }

    /// Whether a byte of the link may start a control character (``mayHaveControl(_:)``), the offset of
    /// the first ':' (or -1), whether the text before it is an RFC 3986 scheme, and its index in
    /// ``schemeEntries`` (or -1).
    static func scanFront(_ bytes: LinkInput) -> (mayHaveControl: Bool, colon: Int, validScheme: Bool, entry: Int) {
        let n = bytes.count
        let found = LinkInput.firstOffset(of: UInt8(ascii: ":"), in: bytes, from: 0, to: n)
        let colon = found < n ? found : -1
        let control = mayHaveControl(bytes)
        guard colon > 0 else { return (control, colon, false, -1) }
        // A known scheme (the usual case) is a valid one: every name in the table is.
        let entry = schemeTable.index(of: bytes.slice(0, colon))
        if entry >= 0 { return (control, colon, true, entry) }
        // RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.'.
        let isLetter = { (a: UInt8) in (a | 0x20) &- 97 < 26 }
        let valid = isLetter(bytes[0]) && bytes.slice(0, colon).allSatisfy { a in
            isLetter(a) || a &- 48 < 10 || a == UInt8(ascii: "+") || a == UInt8(ascii: "-") || a == UInt8(ascii: ".")
        }
        return (control, colon, valid, -1)
    }

    /// Whether `bytes` has a byte below 0x20, 0x7F, or 0xC2 (the C1 lead byte), eight bytes at a time.
    @inline(__always)
    static func mayHaveControl(_ bytes: LinkInput) -> Bool {
        let n = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = 0
        // Printable ASCII words pass one test; a word that fails it is checked byte by byte.
        @inline(__always) func plain(_ w: UInt64) -> Bool {
            ((w &- ones &* 0x20) & ~w | (w &+ ones) | w) & 0x8080_8080_8080_8080 == 0
        }
        while i &+ 8 <= n && plain(LinkInput.word(bytes, i)) { i &+= 8 }
        // The tail: one word ending at the end (overlapping bytes already passed).
        if i &+ 8 > n && i < n && n >= 8 && plain(LinkInput.word(bytes, n &- 8)) { return false }
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F || b == 0xC2 { return true }
            i &+= 1
        }
        return false
    }
}

/// A parsed link: the request, the format it was written in, and the repairs a lenient parse made.
public struct ParsedLink: Hashable, Sendable {
    public var request: DirectionsRequest
    public var format: LinkFormat
    /// Repairs made while parsing (always empty in strict mode, which throws instead).
    public var warnings: [DirectionsURLWarning]

    public init(request: DirectionsRequest, format: LinkFormat, warnings: [DirectionsURLWarning] = []) {
        self.request = request
        self.format = format
        self.warnings = warnings
    }
}
