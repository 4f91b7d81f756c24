// SPDX-License-Identifier: Apache-2.0
/// What `routingctl desktop register` and `unregister` change, decided from what the files say:
/// the new `mimeapps.list` and the ``HandlerRecords``. Pure; ``HandlerFiles`` reads and writes.
///
/// register makes routingd-open the default (`[Default Applications]` of the user's
/// `mimeapps.list`) of every `x-scheme-handler/*` type of its desktop entry, and with `--https`
/// makes routingd-open-https the default of `x-scheme-handler/http` and `https`. For each type it
/// records the handler the desktop would have used before (never routingd's own) and the user
/// file's raw value, unless an earlier registration recorded it already.
public enum HandlerRegistration {
    /// The desktop entry of the map-link handler (systemd/routingd-open.desktop).
    public static let entryID = "routingd-open.desktop"
    /// The entry written by `register --https` for `http` and `https` only.
    public static let httpsEntryID = "routingd-open-https.desktop"
    /// The types `--https` takes over.
    public static let webTypes = ["x-scheme-handler/http", "x-scheme-handler/https"]

    /// Whether `id` is routingd's own entry, to which nothing is ever handed back.
    public static func isOwn(_ id: String) -> Bool { id == entryID || id == httpsEntryID }

    /// Why register refuses; nothing is written then.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The entry lists no `x-scheme-handler/*` type.
        case noSchemes(entry: String)
        /// `--https`, and the desktop's http/https handler is already routingd's own entry, with no
        /// record of the browser before it.
        case browserIsRoutingd(type: String, handler: String)
        /// `--https`, and there is no http/https handler to hand the other links to.
        case noBrowser(type: String)

        public var description: String {
            switch self {
            case .noSchemes(let entry):
                "\(entry) lists no x-scheme-handler/ type in MimeType="
            case .browserIsRoutingd(let type, let handler):
                "the handler of \(type) is \(handler), routingd's own entry, and no browser was recorded before it: links that are not map links would have nowhere to go. Make your browser the default first (e.g. 'xdg-settings set default-web-browser firefox-esr.desktop'), then register again"
            case .noBrowser(let type):
                "\(type) has no handler (no web browser is set up): links that are not map links would have nowhere to go. Make a browser the default first (e.g. 'xdg-settings set default-web-browser firefox-esr.desktop')"
            }
        }
    }

    /// The outcome of ``register(types:https:existing:userMimeApps:handlers:)``.
    public struct Registration: Hashable, Sendable {
        public var records: HandlerRecords
        public var mimeApps: [UInt8]
        /// Types newly recorded in this run (the others were recorded before).
        public var newlyRecorded: [String]
    }

    /// Registers routingd-open for `types` (the `x-scheme-handler/*` types of its entry; other
    /// types are ignored) and, with `https`, routingd-open-https for ``webTypes``.
    /// - Parameters:
    ///   - existing: the records of an earlier registration (kept as they are).
    ///   - userMimeApps: the user's `mimeapps.list` (empty when absent).
    ///   - handlers: the desktop file ids the desktop would pick for a type, best first (the
    ///     `mimeapps.list` chain, then `xdg-mime query default`), routingd's own included.
    /// - Throws: ``Refusal``.
    public static func register(
        types: [String], https: Bool, existing: HandlerRecords, userMimeApps: [UInt8],
        handlers: (String) -> [String]
    ) throws(Refusal) -> Registration {
        let schemeTypes = types.map(HandlerRecords.lowercased).filter {
            $0.hasPrefix("x-scheme-handler/") && !webTypes.contains($0)
        }
        guard !schemeTypes.isEmpty else { throw .noSchemes(entry: entryID) }
        var records = existing
        var newly: [String] = []
        var text = userMimeApps
        func record(_ type: String, previous: String?) {
            guard existing.record(for: type) == nil else { return }
            records.keepingFirst(HandlerRecords.Record(
                mimeType: type, previousHandler: previous,
                userDefaultBefore: MimeAppsList.value(of: type, in: MimeAppsList.defaultGroup, userMimeApps)))
            newly.append(type)
        }
        if https {
            for type in webTypes where existing.record(for: type) == nil {
                let chain = handlers(type)
                guard let first = chain.first else { throw .noBrowser(type: type) }
                if isOwn(first) { throw .browserIsRoutingd(type: type, handler: first) }
            }
        }
        for type in schemeTypes {
            record(type, previous: handlers(type).first { !isOwn($0) && isUsableID($0) })
            text = MimeAppsList.setting(type, to: entryID + ";", in: MimeAppsList.defaultGroup, text)
        }
        if https {
            for type in webTypes {
                record(type, previous: handlers(type).first { !isOwn($0) && isUsableID($0) })
                text = MimeAppsList.setting(type, to: httpsEntryID + ";", in: MimeAppsList.defaultGroup, text)
            }
        }
        return Registration(records: records, mimeApps: text, newlyRecorded: newly)
    }

    /// The outcome of ``unregister(records:userMimeApps:)``.
    public struct Unregistration: Hashable, Sendable {
        public var mimeApps: [UInt8]
        /// Types put back as they were.
        public var restored: [String]
        /// Types the user has changed since (no longer routingd's): left as they are, with the value.
        public var leftAsIs: [(type: String, now: String?)]

        public static func == (a: Self, b: Self) -> Bool {
            a.mimeApps == b.mimeApps && a.restored == b.restored
                && a.leftAsIs.map(\.type) == b.leftAsIs.map(\.type) && a.leftAsIs.map(\.now) == b.leftAsIs.map(\.now)
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(mimeApps); hasher.combine(restored) }
    }

    /// Restores each recorded type's `[Default Applications]` value (or removes the key when there
    /// was none), but only where it still names routingd's own entry first.
    public static func unregister(records: HandlerRecords, userMimeApps: [UInt8]) -> Unregistration {
        var text = userMimeApps
        var restored: [String] = []
        var left: [(type: String, now: String?)] = []
        for record in records.records {
            let now = MimeAppsList.value(of: record.mimeType, in: MimeAppsList.defaultGroup, userMimeApps)
            guard let first = now.flatMap({ MimeAppsList.desktopIDs($0).first }), isOwn(first) else {
                left.append((record.mimeType, now))
                continue
            }
            text = MimeAppsList.setting(record.mimeType, to: record.userDefaultBefore, in: MimeAppsList.defaultGroup, text)
            restored.append(record.mimeType)
        }
        return Unregistration(mimeApps: text, restored: restored, leftAsIs: left)
    }

    /// A desktop file id that can be written in the state file and looked up: `NAME.desktop`, no
    /// `/`, no control characters or tabs.
    public static func isUsableID(_ id: String) -> Bool {
        id.hasSuffix(".desktop") && id.utf8.count > 8 && !id.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }
    }

    /// The `routingd-open-https.desktop` entry: routingd-open's entry (`entry`, its bytes) with
    /// `MimeType=` naming only http and https, and a name saying what it does.
    public static func httpsEntry(from entry: [UInt8]) -> [UInt8] {
        var text = MimeAppsList.setting("MimeType", to: webTypes.joined(separator: ";") + ";", in: "Desktop Entry", entry)
        text = MimeAppsList.setting("Name", to: "routingd directions (web map links)", in: "Desktop Entry", text)
        text = MimeAppsList.setting(
            "Comment", to: "Open map links in a routing app; every other web link goes to the browser recorded by 'routingctl desktop register --https'",
            in: "Desktop Entry", text)
        return text
    }

    /// The `x-scheme-handler/*` types of a desktop entry's `MimeType=`.
    public static func schemeTypes(ofEntry entry: [UInt8]) -> [String] {
        MimeAppsList.mimeTypes(ofDesktopEntry: entry).map(HandlerRecords.lowercased).filter { $0.hasPrefix("x-scheme-handler/") }
    }
}
