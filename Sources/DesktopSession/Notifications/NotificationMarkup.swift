// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Text for a desktop notification (Desktop Notifications Specification 1.2, "Markup"): the body
/// may hold simple XML-like markup, so `&`, `<` and `>` from outside input are written as entities;
/// control characters are written visibly (OneLine) except line feeds, which the body may contain.
/// The summary is plain text on one line.
public enum NotificationMarkup {
    /// `text` safe as a notification body: `&amp;`, `&lt;`, `&gt;`; other controls as OneLine does.
    public static func body(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n": out += "\n"
            default:
                if OneLine.isControl(scalar) { out += OneLine.visible(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// `text` as a one-line plain-text summary (OneLine.escaped).
    public static func summary(_ text: String) -> String { OneLine.escaped(text) }
}
