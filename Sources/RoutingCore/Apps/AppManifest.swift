// SPDX-License-Identifier: Apache-2.0
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
        let name = SourceFile.lastComponent(of: fileName)
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
        var coverageAt: (line: Int, column: Int)?
        var nameValue: String?
        func finish(_ manifest: AppManifest?) -> ManifestParse {
            problems = ManifestProblem.sorted(problems)
            let ok = manifest != nil && !problems.contains { $0.severity == .error }
            return ManifestParse(
                manifest: ok ? manifest : nil, problems: problems, id: id, coverage: coverageValue,
                coverageLine: coverageAt?.line, coverageColumn: coverageAt?.column, name: nameValue)
        }
        for group in text.groups where group.name != groupName {
            if group.name.utf8.starts(with: "X-".utf8) { continue }  // by byte, not by Character
            let message: String
            let hint: String
            if group.name == "Desktop Entry" {
                message = "group [Desktop Entry] is not read: a .desktop file is not a routing-app manifest"
                hint = "a manifest's one group is [Routing App] (docs/routing-apps.md); write it as NAME.routingapp next to the .desktop file"
            } else if group.name.lowercased() == groupName.lowercased() || EditDistance.between(group.name.lowercased(), groupName.lowercased()) <= 2 {
                message = "group [\(group.name)] is not read; did you mean [Routing App]?"
                hint = "group names are case-sensitive: write [Routing App]"
            } else {
                message = "group [\(group.name)] is not read"
                hint = "the manifest's group is [Routing App]; name your own groups [X-…]"
            }
            problems.append(ManifestProblem(
                line: group.line, column: 1, key: nil, severity: group.name == "Desktop Entry" ? .error : .warning,
                code: .unknownGroup, message: message, hint: hint))
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
            let suggestion = keySuggestion(entry.key)
            let hint =
                suggestion.map { $0.lowercased() == entry.key.lowercased() ? "keys are case-sensitive" : "routingd reads \(knownKeys.joined(separator: ", "))" }
                ?? "routingd reads \(knownKeys.joined(separator: ", ")); name your own keys X-…"
            problems.append(ManifestProblem(
                line: entry.line, column: entry.keyColumn, key: entry.key, severity: .warning, code: .unknownKey,
                message: "unknown key \(entry.key) is ignored" + (suggestion.map { "; did you mean \($0)?" } ?? ""), hint: hint))
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
                if let last = entry.value.last, last.scalar == " " || last.scalar == "\t" {
                    var first = entry.value.count - 1
                    while first > 0, entry.value[first - 1].scalar == " " || entry.value[first - 1].scalar == "\t" { first -= 1 }
                    problems.append(ManifestProblem(
                        line: entry.line, column: entry.value[first].column, key: key, severity: .warning, code: .trailingSpace,
                        message: "\(key) ends with \(last.scalar == " " ? "a space" : "a tab"), which is kept as part of the value",
                        hint: "remove it (only the spaces around = are ignored), or write it as \\s if it is meant"))
                }
                return (DesktopEntryText.string(located.lazy.map(\.scalar)), entry)
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
        nameValue = name
        let coverageString = string("Coverage")
        let coverage = coverageString?.text
        coverageValue = coverage
        if let entry = coverageString?.entry { coverageAt = (entry.line, entry.valueColumn) }

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
                        let suggestion = modeSuggestion(item.text)
                        problems.append(ManifestProblem(
                            line: entry.line, column: item.column, key: "Modes", severity: .error, code: .unknownMode,
                            message: "unknown mode \"\(item.text)\"" + (suggestion.map { "; did you mean \"\($0.rawValue)\"?" } ?? ""),
                            hint: suggestion == nil
                                ? "the modes are Apple's MKDirectionsMode names, exact case: " + allModeNames
                                : "the modes are Apple's MKDirectionsMode names, exact case"))
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
            let writable = writableFormats
            if let format = LinkFormat(rawValue: value), writable.contains(format) {
                linkFormat = format
            } else {
                let known = LinkFormat(rawValue: value) ?? LinkFormat.allCases.first { $0.rawValue.lowercased() == value.lowercased() }
                let message: String
                if let known, known.rawValue == value {
                    message = "routingd reads \(value) links but cannot write them"
                } else if let known, writable.contains(known) {
                    message = "unknown LinkFormat \"\(value)\"; did you mean \"\(known.rawValue)\"?"
                } else if let near = writable.map({ ($0, EditDistance.between(value.lowercased(), $0.rawValue)) }).min(by: { $0.1 < $1.1 }),
                    near.1 <= 2
                {
                    message = "unknown LinkFormat \"\(value)\"; did you mean \"\(near.0.rawValue)\"?"
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
            } else if let digits = Optional(value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)),
                !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) })
            {
                problems.append(ManifestProblem(
                    line: entry.line, column: entry.valueColumn, key: "Priority", severity: .error, code: .invalidPriority,
                    message: "Priority \(value) is out of range \(Int.min)…\(Int.max)",
                    hint: "write a small whole number such as 10 or -5 (default 0; higher first)"))
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
                let split = ExecTemplate.tokens(located, line: entry.line)
                if split.problems.isEmpty {
                    exec = split.tokens
                } else {
                    for var problem in split.problems {
                        if located.isEmpty { problem.column = entry.valueColumn }
                        problems.append(problem)
                    }
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

    /// The formats `LinkFormat` may name (``DirectionsLinkBuilder/formats``, computed once: it is
    /// a filter over every format, and every manifest with a `LinkFormat` asks).
    private static let writableFormats = DirectionsLinkBuilder.formats

    private static var allModeNames: String { DirectionsMode.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The known key a misspelt one most likely means: `Name` for `name`, `Exec` for `Exce`,
    /// `Priority` for `Priorty` (same letters ignoring case, else at most 2 edits); nil when none is close.
    static func keySuggestion(_ key: String) -> String? {
        guard let best = EditDistance.nearest(to: key, among: knownKeys),
            best.distance == 0 || (best.distance <= 2 && best.distance < key.lowercased().count)
        else { return nil }
        return best.candidate
    }

    /// Common words for a mode that are not Apple's names, lowercased, checked before edit distance.
    static let modeSynonyms: [String: DirectionsMode] = [
        "tram": .streetCar, "trolley": .streetCar, "lightrail": .streetCar, "light-rail": .streetCar,
        "metro": .subway, "underground": .subway, "tube": .subway,
        "walk": .pedestrian, "walking": .pedestrian, "foot": .pedestrian,
        "bicycle": .bike, "cycling": .bike,
        "cab": .taxi,
        "drive": .car, "driving": .car, "automobile": .car,
        "boat": .ferry,
        "flight": .plane, "air": .plane,
    ]

    /// `StreetCar` for `Streetcar`, `streetcar` or `Tram`, `Bus` for `MKDirectionsModeBus`,
    /// `Pedestrian` for `Pedestrain` or `Walking`, `RideShare` for `Rideshare`.
    static func modeSuggestion(_ text: String) -> DirectionsMode? {
        var word = text
        if word.hasPrefix("MKDirectionsMode") { word = String(word.dropFirst("MKDirectionsMode".count)) }
        if let exact = DirectionsMode(rawValue: word) { return exact }
        let lower = word.lowercased()
        if let folded = DirectionsMode.allCases.first(where: { $0.rawValue.lowercased() == lower }) { return folded }
        if let synonym = modeSynonyms[String(lower.filter { $0 != " " })] { return synonym }
        let scored = DirectionsMode.allCases.map { ($0, EditDistance.between(lower, $0.rawValue.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}
