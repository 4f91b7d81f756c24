// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Text for a desktop notification (Desktop Notifications Specification 1.2, "Markup"): the body
/// may hold simple XML-like markup, so `&`, `<` and `>` from outside input are written as entities;
/// control characters are written visibly (OneLine) except line feeds, which the body may contain.
/// The summary is plain text on one line.
public enum NotificationMarkup {
    /// `text` safe as a notification body: `&amp;`, `&lt;`, `&gt;`; other controls as OneLine does.
    public static func body(_ text: String) -> String {
        MarkupText.escaped(text, quotes: false, keepingLineFeeds: true)
    }

    /// `text` as a one-line plain-text summary (OneLine.escaped).
    public static func summary(_ text: String) -> String { OneLine.escaped(text) }
}
