// SPDX-License-Identifier: Apache-2.0
/// Text from outside input (a file name, a link's label, an app's name) made safe inside XML or the
/// XML-like markup of desktop notifications: it can neither close an element nor open one, so
/// `<script>` arrives as the characters `&lt;script&gt;`.
///
/// Control characters are written visibly as ``OneLine`` does (XML 1.0 forbids most of them even as
/// character references), except line feeds where the caller keeps them (a notification body may
/// hold several lines). U+FFFE and U+FFFF, which XML forbids too, become U+FFFD. Pure.
public enum MarkupText {
    /// `text` with `&`, `<` and `>` as character references, and `"` and `'` too when `quotes` (for
    /// attribute values: SVG); control characters as in ``OneLine``, line feeds kept when
    /// `keepingLineFeeds` (Desktop Notifications Specification 1.2, "Markup").
    public static func escaped(_ text: String, quotes: Bool = true, keepingLineFeeds: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&apos;"
            case "\n" where keepingLineFeeds: out += "\n"
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default:
                if OneLine.isControl(scalar) { out += OneLine.visible(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
