// SPDX-License-Identifier: Apache-2.0
/// The XDG Base Directory Specification (0.8) directories of the user's session, from its
/// environment: a variable that is unset, empty or not an absolute path is ignored and its default
/// used. Pure: the environment is given.
public struct XDGDirectories: Hashable, Sendable {
    public var configHome: String
    public var stateHome: String
    public var dataHome: String
    /// `$XDG_CONFIG_DIRS`, default `/etc/xdg`.
    public var configDirs: [String]
    /// `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`.
    public var dataDirs: [String]
    /// `$XDG_CURRENT_DESKTOP`, lower-cased, for `DESKTOP-mimeapps.list`.
    public var currentDesktops: [String]

    /// - Returns: nil when neither `HOME` nor the `XDG_*_HOME` variables give an absolute path.
    public init?(environment: [String: String]) {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return value
        }
        func list(_ name: String, _ fallback: [String]) -> [String] {
            let items = (environment[name] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
            return items.isEmpty ? fallback : items
        }
        let home = absolute("HOME")
        guard let configHome = absolute("XDG_CONFIG_HOME") ?? home.map({ $0 + "/.config" }),
            let stateHome = absolute("XDG_STATE_HOME") ?? home.map({ $0 + "/.local/state" }),
            let dataHome = absolute("XDG_DATA_HOME") ?? home.map({ $0 + "/.local/share" })
        else { return nil }
        self.configHome = configHome
        self.stateHome = stateHome
        self.dataHome = dataHome
        configDirs = list("XDG_CONFIG_DIRS", ["/etc/xdg"])
        dataDirs = list("XDG_DATA_DIRS", ["/usr/local/share", "/usr/share"])
        currentDesktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
            .map { HandlerRecords.lowercased(String($0)) }.filter { !$0.isEmpty }
    }

    /// The user's own `mimeapps.list`, the one routingctl edits.
    public var userMimeApps: String { configHome + "/mimeapps.list" }

    /// The state file of ``HandlerRecords``.
    public var handlerRecordsFile: String { stateHome + "/routingd/handlers" }

    /// The user preference file of ``ChooserPreferences``.
    public var preferencesFile: String { configHome + "/routingd/preferences" }

    /// Where a desktop entry written for the user goes.
    public var userApplications: String { dataHome + "/applications" }

    /// Every `mimeapps.list` in the specification's order of precedence (desktop-specific first in
    /// each directory): the config home, the config dirs, then `applications/` of the data home and
    /// the data dirs.
    public var mimeAppsFiles: [String] {
        var files: [String] = []
        for directory in [configHome] + configDirs + ([dataHome] + dataDirs).map({ $0 + "/applications" }) {
            for desktop in currentDesktops { files.append("\(directory)/\(desktop)-mimeapps.list") }
            files.append(directory + "/mimeapps.list")
        }
        return files
    }

    /// Where the desktop file `id` may be, in order (`applications/` of the data home, then of each
    /// data dir); an id `vendor-app.desktop` may also be `vendor/app.desktop` there.
    public func desktopFileCandidates(_ id: String) -> [String] {
        var names = [id]
        if let dash = id.firstIndex(of: "-") {
            names.append(String(id[..<dash]) + "/" + String(id[id.index(after: dash)...]))
        }
        return ([dataHome] + dataDirs).flatMap { directory in names.map { "\(directory)/applications/\($0)" } }
    }
}
