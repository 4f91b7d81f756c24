// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Testing

@Suite struct MimeAppsListTests {
    static let file = Array("""
        # my associations
        [Added Associations]
        x-scheme-handler/geo=other.desktop;

        [Default Applications]
        x-scheme-handler/geo = org.gnome.Maps.desktop;firefox.desktop;
        text/html=firefox.desktop

        [Removed Associations]
        text/plain=gedit.desktop

        """.utf8)

    @Test func readsTheDefaultGroupOnly() {
        #expect(MimeAppsList.value(of: "x-scheme-handler/geo", in: MimeAppsList.defaultGroup, Self.file)
            == "org.gnome.Maps.desktop;firefox.desktop;")
        #expect(MimeAppsList.value(of: "x-scheme-handler/geo", in: "Added Associations", Self.file) == "other.desktop;")
        #expect(MimeAppsList.value(of: "text/plain", in: MimeAppsList.defaultGroup, Self.file) == nil)
        #expect(MimeAppsList.desktopIDs("org.gnome.Maps.desktop; firefox.desktop;;") == ["org.gnome.Maps.desktop", "firefox.desktop"])
    }

    @Test func replacingAKeyKeepsEveryOtherByte() {
        let edited = MimeAppsList.setting("x-scheme-handler/geo", to: "routingd-open.desktop;", in: MimeAppsList.defaultGroup, Self.file)
        let expected = String(decoding: Self.file, as: UTF8.self).replacing(
            "x-scheme-handler/geo = org.gnome.Maps.desktop;firefox.desktop;", with: "x-scheme-handler/geo=routingd-open.desktop;")
        #expect(String(decoding: edited, as: UTF8.self) == expected)
    }

    @Test func aNewKeyGoesAfterTheGroupsLastEntry() {
        let edited = MimeAppsList.setting("x-scheme-handler/waze", to: "routingd-open.desktop;", in: MimeAppsList.defaultGroup, Self.file)
        let expected = String(decoding: Self.file, as: UTF8.self).replacing(
            "text/html=firefox.desktop\n", with: "text/html=firefox.desktop\nx-scheme-handler/waze=routingd-open.desktop;\n")
        #expect(String(decoding: edited, as: UTF8.self) == expected)
    }

    @Test func aMissingGroupOrFileIsCreated() {
        #expect(MimeAppsList.setting("x-scheme-handler/geo", to: "a.desktop;", in: MimeAppsList.defaultGroup, [])
            == Array("[Default Applications]\nx-scheme-handler/geo=a.desktop;\n".utf8))
        let other = Array("[Added Associations]\ntext/html=b.desktop".utf8)  // no final newline
        #expect(String(decoding: MimeAppsList.setting("x-scheme-handler/geo", to: "a.desktop;", in: MimeAppsList.defaultGroup, other), as: UTF8.self)
            == "[Added Associations]\ntext/html=b.desktop\n\n[Default Applications]\nx-scheme-handler/geo=a.desktop;\n")
    }

    @Test func removingAKeyAndItsDuplicates() {
        let doubled = Array("[Default Applications]\nx-scheme-handler/geo=a.desktop\ntext/html=f.desktop\nx-scheme-handler/geo=b.desktop\n".utf8)
        #expect(MimeAppsList.value(of: "x-scheme-handler/geo", in: MimeAppsList.defaultGroup, doubled) == "b.desktop")
        #expect(MimeAppsList.setting("x-scheme-handler/geo", to: nil, in: MimeAppsList.defaultGroup, doubled)
            == Array("[Default Applications]\ntext/html=f.desktop\n".utf8))
        #expect(MimeAppsList.setting("x-scheme-handler/geo", to: "c.desktop", in: MimeAppsList.defaultGroup, doubled)
            == Array("[Default Applications]\nx-scheme-handler/geo=c.desktop\ntext/html=f.desktop\n".utf8))
        // Removing what is not there changes nothing.
        #expect(MimeAppsList.setting("x-scheme-handler/waze", to: nil, in: MimeAppsList.defaultGroup, Self.file) == Self.file)
    }

    @Test func delimitersAreFoundByByte() {
        // U+037E GREEK QUESTION MARK is canonically equivalent to ';' as a Character, not as a byte.
        #expect(MimeAppsList.desktopIDs("a\u{037E}b.desktop;c.desktop") == ["a\u{037E}b.desktop", "c.desktop"])
        // A line with CRLF ends keeps its value without the CR.
        #expect(MimeAppsList.value(of: "text/html", in: "Default Applications", Array("[Default Applications]\r\ntext/html=f.desktop\r\n".utf8)) == "f.desktop")
    }

    @Test func desktopEntryMimeTypes() throws {
        let entry = try #require(RepositoryFileBytes.entry)
        let types = MimeAppsList.mimeTypes(ofDesktopEntry: entry)
        #expect(types.contains("x-scheme-handler/geo") && types.contains("x-scheme-handler/ge0"))
        #expect(!types.contains("x-scheme-handler/https"))
    }
}
