// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Testing

@Suite struct HandlerRecordsTests {
    @Test func roundTrip() throws {
        let records = HandlerRecords(records: [
            .init(mimeType: "x-scheme-handler/geo", previousHandler: "org.gnome.Maps.desktop", userDefaultBefore: "org.gnome.Maps.desktop;"),
            .init(mimeType: "x-scheme-handler/waze", previousHandler: nil, userDefaultBefore: nil),
            .init(mimeType: "x-scheme-handler/maps", previousHandler: "a.desktop", userDefaultBefore: ""),
        ])
        let bytes = records.serialized()
        #expect(String(decoding: bytes, as: UTF8.self).contains("x-scheme-handler/waze\t\t-\n"))
        #expect(try HandlerRecords.parse(bytes) == records)
        #expect(records.record(for: "X-Scheme-Handler/GEO")?.previousHandler == "org.gnome.Maps.desktop")
    }

    @Test func badFilesNameTheLine() {
        do {
            _ = try HandlerRecords.parse(Array("# c\nx-scheme-handler/geo\ta.desktop\n".utf8))
            Issue.record("two fields were accepted")
        } catch {
            #expect(error.description == "line 2: expected 3 tab-separated fields (type, previous handler, =before or -), found 2")
        }
        #expect(throws: HandlerRecords.ParseError.self) { try HandlerRecords.parse(Array("text/html\ta\t-\n".utf8)) }
        #expect(throws: HandlerRecords.ParseError.self) { try HandlerRecords.parse(Array("x-scheme-handler/geo\ta\tb\n".utf8)) }
        #expect(throws: HandlerRecords.ParseError.self) {
            try HandlerRecords.parse(Array("x-scheme-handler/geo\ta\t-\nx-scheme-handler/GEO\tb\t-\n".utf8))
        }
    }

    @Test func theFirstRecordIsKept() {
        var records = HandlerRecords(records: [.init(mimeType: "x-scheme-handler/geo", previousHandler: "maps.desktop", userDefaultBefore: nil)])
        records.keepingFirst(.init(mimeType: "x-scheme-handler/geo", previousHandler: "other.desktop", userDefaultBefore: "x"))
        #expect(records.records.count == 1 && records.records[0].previousHandler == "maps.desktop")
    }
}

@Suite struct HandlerRegistrationTests {
    static let types = ["x-scheme-handler/geo", "x-scheme-handler/maps", "x-scheme-handler/waze", "text/plain"]
    static let user = Array("[Default Applications]\nx-scheme-handler/maps=gnome-maps.desktop\ntext/html=firefox.desktop\n".utf8)

    static func chain(_ type: String) -> [String] {
        switch type {
        case "x-scheme-handler/geo": ["routingd-open.desktop", "org.gnome.Maps.desktop"]  // routingd's own first: skipped
        case "x-scheme-handler/maps": ["gnome-maps.desktop"]
        case "x-scheme-handler/http", "x-scheme-handler/https": ["firefox-esr.desktop"]
        default: []
        }
    }

    @Test func registerRecordsThePreviousHandlersNeverItself() throws {
        let result = try HandlerRegistration.register(types: Self.types, https: false, existing: HandlerRecords(), userMimeApps: Self.user, handlers: Self.chain)
        #expect(result.records.records.map(\.mimeType) == ["x-scheme-handler/geo", "x-scheme-handler/maps", "x-scheme-handler/waze"])
        #expect(result.records.record(for: "x-scheme-handler/geo")?.previousHandler == "org.gnome.Maps.desktop")
        #expect(result.records.record(for: "x-scheme-handler/maps")?.previousHandler == "gnome-maps.desktop")
        #expect(result.records.record(for: "x-scheme-handler/maps")?.userDefaultBefore == "gnome-maps.desktop")
        #expect(result.records.record(for: "x-scheme-handler/waze")?.previousHandler == nil)
        #expect(result.records.record(for: "x-scheme-handler/waze")?.userDefaultBefore == nil)
        for type in Self.types.dropLast() {
            #expect(MimeAppsList.value(of: type, in: MimeAppsList.defaultGroup, result.mimeApps) == "routingd-open.desktop;")
        }
        #expect(MimeAppsList.value(of: "text/plain", in: MimeAppsList.defaultGroup, result.mimeApps) == nil)
        #expect(MimeAppsList.value(of: "x-scheme-handler/https", in: MimeAppsList.defaultGroup, result.mimeApps) == nil)
    }

    @Test func registeringAgainKeepsTheFirstRecords() throws {
        let first = try HandlerRegistration.register(types: Self.types, https: false, existing: HandlerRecords(), userMimeApps: Self.user, handlers: Self.chain)
        // Now every chain starts with routingd-open: a second run must not record it.
        let second = try HandlerRegistration.register(
            types: Self.types, https: false, existing: first.records, userMimeApps: first.mimeApps,
            handlers: { ["routingd-open.desktop"] + Self.chain($0) })
        #expect(second.records == first.records && second.newlyRecorded.isEmpty && second.mimeApps == first.mimeApps)
    }

    @Test func unregisterRestoresExactly() throws {
        let registered = try HandlerRegistration.register(types: Self.types, https: true, existing: HandlerRecords(), userMimeApps: Self.user, handlers: Self.chain)
        #expect(MimeAppsList.value(of: "x-scheme-handler/https", in: MimeAppsList.defaultGroup, registered.mimeApps) == "routingd-open-https.desktop;")
        #expect(registered.records.record(for: "x-scheme-handler/https")?.previousHandler == "firefox-esr.desktop")
        let undone = HandlerRegistration.unregister(records: registered.records, userMimeApps: registered.mimeApps)
        #expect(undone.mimeApps == Self.user)
        #expect(undone.restored.count == 5 && undone.leftAsIs.isEmpty)
    }

    @Test func unregisterLeavesWhatTheUserChangedSince() throws {
        let registered = try HandlerRegistration.register(types: Self.types, https: false, existing: HandlerRecords(), userMimeApps: Self.user, handlers: Self.chain)
        let changed = MimeAppsList.setting("x-scheme-handler/geo", to: "marble.desktop", in: MimeAppsList.defaultGroup, registered.mimeApps)
        let undone = HandlerRegistration.unregister(records: registered.records, userMimeApps: changed)
        #expect(undone.leftAsIs.map(\.type) == ["x-scheme-handler/geo"])
        #expect(MimeAppsList.value(of: "x-scheme-handler/geo", in: MimeAppsList.defaultGroup, undone.mimeApps) == "marble.desktop")
        #expect(MimeAppsList.value(of: "x-scheme-handler/maps", in: MimeAppsList.defaultGroup, undone.mimeApps) == "gnome-maps.desktop")
    }

    @Test func httpsIsRefusedWhenTheBrowserIsRoutingdOrMissing() {
        #expect(throws: HandlerRegistration.Refusal.browserIsRoutingd(type: "x-scheme-handler/http", handler: "routingd-open-https.desktop")) {
            try HandlerRegistration.register(
                types: Self.types, https: true, existing: HandlerRecords(), userMimeApps: Self.user,
                handlers: { $0.hasSuffix("/http") || $0.hasSuffix("/https") ? ["routingd-open-https.desktop", "firefox.desktop"] : [] })
        }
        #expect(throws: HandlerRegistration.Refusal.noBrowser(type: "x-scheme-handler/http")) {
            try HandlerRegistration.register(types: Self.types, https: true, existing: HandlerRecords(), userMimeApps: Self.user, handlers: { _ in [] })
        }
        #expect(throws: HandlerRegistration.Refusal.noSchemes(entry: "routingd-open.desktop")) {
            try HandlerRegistration.register(types: ["text/plain"], https: false, existing: HandlerRecords(), userMimeApps: [], handlers: { _ in [] })
        }
    }

    @Test func theHttpsEntryListsOnlyWebTypes() throws {
        let entry = try #require(RepositoryFileBytes.entry)
        let https = HandlerRegistration.httpsEntry(from: entry)
        #expect(MimeAppsList.mimeTypes(ofDesktopEntry: https) == ["x-scheme-handler/http", "x-scheme-handler/https"])
        #expect(MimeAppsList.desktopEntryValue("Exec", https) == MimeAppsList.desktopEntryValue("Exec", entry))
        #expect(HandlerRegistration.schemeTypes(ofEntry: entry).count > 20)
    }

    @Test func usableIDs() {
        #expect(HandlerRegistration.isUsableID("org.gnome.Maps.desktop"))
        #expect(!HandlerRegistration.isUsableID("../evil.desktop"))
        #expect(!HandlerRegistration.isUsableID("a\tb.desktop"))
        #expect(!HandlerRegistration.isUsableID("firefox"))
    }
}
