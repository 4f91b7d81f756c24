// SPDX-License-Identifier: Apache-2.0
/// What surrounds a link copied from text, at its two ends: spaces and line breaks, and one pair of
/// delimiters such as `<…>` (RFC 3986 Appendix C: URIs are usually delimited by double quotes, angle
/// brackets or whitespace, and "the prefix "URL:" … was formerly recommended").
enum LinkDelimiters {
    /// The pairs taken off, longest opener first; each with how a message names it.
    private static let pairs: [(open: String, close: String, name: String)] = [
        ("<URL:", ">", "'<URL:' and '>'"),
        ("<url:", ">", "'<url:' and '>'"),
        ("<", ">", "angle brackets '<' '>'"),
        ("\"", "\"", "double quotes"),
        ("'", "'", "single quotes"),
        ("\u{201C}", "\u{201D}", "typographic quotes"),
        ("\u{201E}", "\u{201C}", "typographic quotes"),
        ("\u{2018}", "\u{2019}", "typographic quotes"),
        ("\u{AB}", "\u{BB}", "guillemets"),
    ]

    /// Whether a link with first and last bytes `first` and `last` may be wrapped (whitespace or a
    /// control byte at an end, or a leading `<`, `"`, `'` or non-ASCII byte). Every real link is false.
    static func mayBeWrapped(first: UInt8, last: UInt8) -> Bool {
        first <= 0x20 || last <= 0x20 || first == UInt8(ascii: "<") || first == UInt8(ascii: "\"")
            || first == UInt8(ascii: "'") || first >= 0x80
    }

    /// The link without surrounding whitespace and one pair of delimiters, and what was taken off
    /// (`whitespace and double quotes`); nil when nothing surrounds it or nothing would be left.
    static func unwrap(_ link: String) -> (inner: String, removed: String)? {
        var text = Substring(link)
        let spaced = trimWhitespace(&text)
        var delimiters: String? = nil
        // By byte: a delimiter a combining mark follows is still one (never a `Character` match).
        for pair in pairs where text.utf8.count > pair.open.utf8.count + pair.close.utf8.count - 1
            && text.utf8.starts(with: pair.open.utf8) && text.utf8.reversed().starts(with: pair.close.utf8.reversed())
        {
            let utf8 = text.utf8
            text = text[utf8.index(utf8.startIndex, offsetBy: pair.open.utf8.count)..<utf8.index(utf8.endIndex, offsetBy: -pair.close.utf8.count)]
            _ = trimWhitespace(&text)
            delimiters = pair.name
            break
        }
        guard spaced || delimiters != nil, !text.isEmpty else { return nil }
        let removed = switch (spaced, delimiters) {
        case (true, let name?): "whitespace and \(name)"
        case (false, let name?): name
        default: "whitespace"
        }
        return (String(text), removed)
    }

    /// How the unmatched delimiter that opens `link` is named (`'<'`), for the error message.
    static func opener(of link: String) -> String? {
        for pair in pairs where link.utf8.starts(with: pair.open.utf8) { return "'\(pair.open)'" }
        return nil
    }

    /// Takes ASCII whitespace off both ends of `text`; true when there was some.
    private static func trimWhitespace(_ text: inout Substring) -> Bool {
        let before = text.utf8.count
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{0C}" || $0 == "\u{0B}" }
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return text.utf8.count != before
    }
}
