/// A routing app's manifest: a `*.routingapp` file in the freedesktop key-file format, the Linux
/// counterpart of the Info.plist keys and coverage file of an iOS routing app.
///
/// ```
/// [Routing App]
/// Id=org.example.LondonBus
/// Name=London Bus
/// Modes=Bus;Subway;Pedestrian;
/// Coverage=London.geojson
/// Exec=londonbus --from=%s --to=%d
/// LinkFormat=google
/// Priority=10
/// ```
///
/// Syntax: the Desktop Entry Specification 1.5 ("Basic format of the file", "Possible value types",
/// "The Exec key"): UTF-8, `#` comments, one `[Routing App]` group, case-sensitive keys, escapes
/// `\s \n \t \r \\` (and `\;` in lists). A key given twice is an error; an unknown key is a warning
/// unless it starts with `X-`. `docs/routing-apps.md` describes every key. Pure: bytes in, values out.
public struct AppManifest: Sendable, Hashable {
    /// Stable identifier: `Id`, or the file name without `.routingapp`.
    public var id: String
    /// The display name (`Name`).
    public var name: String
    /// The served modes (`Modes`): Apple's `MKDirectionsMode` names without the prefix, exact case.
    public var modes: Set<DirectionsMode>
    /// The coverage file as written (`Coverage`): relative to the manifest's directory, or absolute.
    public var coverage: String
    /// The `Exec` argv template: tokens unquoted, placeholders (`%u %s %d %m %%`) kept; nil when absent.
    public var exec: [String]?
    /// The link format the app understands (`LinkFormat`), one ``DirectionsLinkBuilder/formats`` can write.
    public var linkFormat: LinkFormat?
    /// Higher first when several apps are eligible (`Priority`, default 0).
    public var priority: Int

    public init(
        id: String, name: String, modes: Set<DirectionsMode>, coverage: String,
        exec: [String]? = nil, linkFormat: LinkFormat? = nil, priority: Int = 0
    ) {
        self.id = id
        self.name = name
        self.modes = modes
        self.coverage = coverage
        self.exec = exec
        self.linkFormat = linkFormat
        self.priority = priority
    }

    /// The group every manifest holds.
    public static let groupName = "Routing App"
    /// The file-name extension of manifests, with its dot.
    public static let fileExtension = ".routingapp"
    /// The keys routingd reads.
    public static let knownKeys = ["Id", "Name", "Modes", "Coverage", "Exec", "LinkFormat", "Priority"]
    /// The keys a manifest must have.
    public static let requiredKeys = ["Name", "Modes", "Coverage"]

    /// `London` for `/etc/routingd/apps/London.routingapp`.
    public static func defaultID(forFileName fileName: String) -> String {
        let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
        return name.hasSuffix(fileExtension) ? String(name.dropLast(fileExtension.count)) : name
    }

    /// Parses a manifest.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - fileName: its name or path; the default id is its last component without `.routingapp`.
    /// - Returns: the manifest when there is no error, and every problem with its line, column and key.
    ///   Never fails otherwise, never traps.
    public static func parse(_ bytes: [UInt8], fileName: String) -> ManifestParse {
        let text = DesktopEntryText(bytes)
        var problems = text.problems
        var id = defaultID(forFileName: fileName)
        var coverageValue: String?
        func finish(_ manifest: AppManifest?) -> ManifestParse {
            problems = problems.enumerated()
                .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
                .map(\.element)
            let ok = manifest != nil && !problems.contains { $0.severity == .error }
            return ManifestParse(manifest: ok ? manifest : nil, problems: problems, id: id, coverage: coverageValue)
        }
        for group in text.groups where group.name != groupName {
            if group.name.hasPrefix("X-") { continue }
            let hint =
                group.name == "Desktop Entry"
                ? "a routing-app manifest's group is [Routing App]; a .desktop file is not a manifest"
                : (group.name.lowercased() == groupName.lowercased() ? "group names are case-sensitive: write [Routing App]" : "the manifest's group is [Routing App]; name extensions [X-…]")
            problems.append(ManifestProblem(
                line: group.line, column: 1, key: nil, severity: group.name == "Desktop Entry" ? .error : .warning,
                code: .unknownGroup, message: "group [\(group.name)] is not read", hint: hint))
        }
        guard let group = text.groups.first(where: { $0.name == groupName }) else {
            if !problems.contains(where: { $0.severity == .error }) {
                problems.append(ManifestProblem(
                    line: 1, column: 1, key: nil, severity: .error, code: .missingGroup,
                    message: "no [Routing App] group", hint: "start the file with a [Routing App] line"))
            }
            return finish(nil)
        }

        // Keys: duplicates, unknown keys.
        var entries: [String: DesktopEntryText.Entry] = [:]
        for entry in group.entries {
            if let first = entries[entry.key] {
                problems.append(ManifestProblem(
                    line: entry.line, column: entry.keyColumn, key: entry.key, severity: .error, code: .duplicateKey,
                    message: "\(entry.key) is given twice (first at line \(first.line))", hint: "keep one of the two lines"))
                continue
            }
            entries[entry.key] = entry
            if knownKeys.contains(entry.key) || entry.key.hasPrefix("X-") { continue }
            if entry.key.hasPrefix("Name["), entry.key.hasSuffix("]") { continue }  // localized names: not used yet
            let hint =
                knownKeys.first { $0.lowercased() == entry.key.lowercased() }
                .map { "keys are case-sensitive: did you mean \($0)?" }
                ?? "routingd reads \(knownKeys.joined(separator: ", ")); name your own keys X-…"
            problems.append(ManifestProblem(
                line: entry.line, column: entry.keyColumn, key: entry.key, severity: .warning, code: .unknownKey,
                message: "unknown key \(entry.key) is ignored", hint: hint))
        }
        for key in requiredKeys where entries[key] == nil {
            problems.append(ManifestProblem(
                line: 1, column: 1, key: key, severity: .error, code: .missingKey,
                message: "the required key \(key) is missing",
                hint: key == "Modes" ? "list the served modes, e.g. Modes=Bus;Pedestrian;" : "add a \(key)= line to [Routing App]"))
        }

        func string(_ key: String) -> (text: String, entry: DesktopEntryText.Entry)? {
            guard let entry = entries[key] else { return nil }
            switch DesktopEntryText.unescapedString(entry.value, key: key, line: entry.line) {
            case .success(let located):
                if located.isEmpty {
                    problems.append(ManifestProblem(
                        line: entry.line, column: entry.valueColumn, key: key, severity: .error, code: .emptyValue,
                        message: "\(key) is empty", hint: nil))
                    return nil
                }
                return (String(String.UnicodeScalarView(located.map(\.scalar))), entry)
            case .failure(let box):
                problems.append(box.problem)
                return nil
            }
        }

        if let (value, entry) = string("Id") {
            if let bad = value.unicodeScalars.firstIndex(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "/" }) {
                let offset = value.unicodeScalars.distance(from: value.unicodeScalars.startIndex, to: bad)
                problems.append(ManifestProblem(
                    line: entry.line, column: entry.valueColumn + offset, key: "Id", severity: .error, code: .invalidID,
                    message: "Id holds a / or a control character", hint: "use a reverse-DNS name such as org.example.LondonBus"))
            } else {
                id = value
            }
        } else if entries["Id"] == nil, id.isEmpty || id.contains(where: { $0.isNewline }) {
            problems.append(ManifestProblem(
                line: 1, column: 1, key: "Id", severity: .error, code: .invalidID,
                message: "the file name gives no usable id", hint: "add an Id= line"))
        }
        let name = string("Name")?.text
        let coverage = string("Coverage")?.text
        coverageValue = coverage

        var modes: Set<DirectionsMode> = []
        if let entry = entries["Modes"] {
            switch DesktopEntryText.unescapedList(entry.value, key: "Modes", line: entry.line) {
            case .failure(let box):
                problems.append(box.problem)
            case .success(let items):
                if items.isEmpty {
                    problems.append(ManifestProblem(
                        line: entry.line, column: entry.valueColumn, key: "Modes", severity: .error, code: .emptyValue,
                        message: "Modes lists no mode",
                        hint: "list the served modes, e.g. Modes=Bus;Pedestrian; (" + allModeNames + ")"))
                }
                for item in items {
                    guard let mode = DirectionsMode(rawValue: item.text) else {
                        problems.append(ManifestProblem(
                            line: entry.line, column: item.column, key: "Modes", severity: .error, code: .unknownMode,
                            message: "unknown mode \"\(item.text)\"" + (modeSuggestion(item.text).map { "; did you mean \"\($0.rawValue)\"?" } ?? ""),
                            hint: "the modes are Apple's MKDirectionsMode names, exact case: " + allModeNames))
                        continue
                    }
                    if !modes.insert(mode).inserted {
                        problems.append(ManifestProblem(
                            line: entry.line, column: item.column, key: "Modes", severity: .warning, code: .duplicateMode,
                            message: "mode \(mode.rawValue) is listed twice", hint: "remove one"))
                    }
                }
            }
        }

        var linkFormat: LinkFormat?
        if let (value, entry) = string("LinkFormat") {
            let writable = DirectionsLinkBuilder.formats
            if let format = LinkFormat(rawValue: value), writable.contains(format) {
                linkFormat = format
            } else {
                let known = LinkFormat(rawValue: value) ?? LinkFormat.allCases.first { $0.rawValue.lowercased() == value.lowercased() }
                let message: String
                if let known, known.rawValue == value {
                    message = "routingd reads \(value) links but cannot write them"
                } else if let known, writable.contains(known) {
                    message = "unknown LinkFormat \"\(value)\"; did you mean \"\(known.rawValue)\"?"
                } else {
                    message = "unknown LinkFormat \"\(value)\""
                }
                problems.append(ManifestProblem(
                    line: entry.line, column: entry.valueColumn, key: "LinkFormat", severity: .error, code: .unknownLinkFormat,
                    message: message, hint: "the formats routingd can write: " + writable.map(\.rawValue).joined(separator: ", ")))
            }
        }

        var priority = 0
        if let (value, entry) = string("Priority") {
            if let number = Int(value) {
                priority = number
            } else {
                problems.append(ManifestProblem(
                    line: entry.line, column: entry.valueColumn, key: "Priority", severity: .error, code: .invalidPriority,
                    message: "Priority \"\(value)\" is not an integer",
                    hint: "write a whole number such as 10 or -5 (default 0; higher first)"))
            }
        }

        var exec: [String]?
        if let entry = entries["Exec"] {
            switch DesktopEntryText.unescapedString(entry.value, key: "Exec", line: entry.line) {
            case .failure(let box):
                problems.append(box.problem)
            case .success(let located):
                switch ExecTemplate.tokens(located, line: entry.line) {
                case .success(let tokens): exec = tokens
                case .failure(let box):
                    var problem = box.problem
                    if located.isEmpty { problem.column = entry.valueColumn }
                    problems.append(problem)
                }
            }
        }
        if entries["Exec"] == nil && entries["LinkFormat"] == nil {
            problems.append(ManifestProblem(
                line: 1, column: 1, key: "Exec", severity: .error, code: .missingLaunch,
                message: "neither Exec nor LinkFormat: routingd would not know how to launch the app",
                hint: "add Exec=PROGRAM %u, or LinkFormat=FORMAT to open the link with xdg-open"))
        }

        guard let name, let coverage else { return finish(nil) }
        return finish(AppManifest(
            id: id, name: name, modes: modes, coverage: coverage, exec: exec, linkFormat: linkFormat, priority: priority))
    }

    private static var allModeNames: String { DirectionsMode.allCases.map(\.rawValue).joined(separator: ", ") }

    /// `StreetCar` for `Streetcar` or `streetcar`, `Bus` for `MKDirectionsModeBus`, `Pedestrian` for `Pedestrain`.
    static func modeSuggestion(_ text: String) -> DirectionsMode? {
        var word = text
        if word.hasPrefix("MKDirectionsMode") { word = String(word.dropFirst("MKDirectionsMode".count)) }
        if let exact = DirectionsMode(rawValue: word) { return exact }
        let lower = word.lowercased()
        if let folded = DirectionsMode.allCases.first(where: { $0.rawValue.lowercased() == lower }) { return folded }
        let scored = DirectionsMode.allCases.map { ($0, EditDistance.between(lower, $0.rawValue.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}
