// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// A validation run as a SARIF 2.1.0 log (OASIS *Static Analysis Results Interchange Format (SARIF)
/// Version 2.1.0*, JSON schema `sarif-schema-2.1.0.json`), for code-review tools such as GitHub code
/// scanning.
///
/// The log has one run:
/// - `tool.driver`: `name` "routingctl", `version`, `informationUri` (when the rule catalogue's URI
///   is known), and `rules`: every ``RoutingCore/CoverageRule`` in catalogue order, each with `id`,
///   `name` (the id in UpperCamelCase), `shortDescription` (the title), `fullDescription` (the
///   summary), `help` (the catalogue link as text) and `helpUri` (when known),
///   `defaultConfiguration.level` (the severity under the profile; a rule the profile does not check
///   has `"enabled": false` and level `"none"`) and `properties` (`profile`, and `severities`: the
///   level in each profile, null where not checked).
/// - `results`: one per finding, in file order then the validation's order, with `ruleId`,
///   `ruleIndex` (when the rule is catalogued), `level` (`error`, `warning`, `note`),
///   `message.text` (the message, a line break, then `hint: …`) and one `physicalLocation`:
///   `artifactLocation` (`uri`, `uriBaseId`, `index` into `artifacts`) and `region`
///   (`startLine`, `startColumn`).
/// - `columnKind` `"unicodeCodePoints"`: columns count Unicode scalars, as
///   ``StrictJSON/SourceLocation`` does (SARIF's default would be UTF-16 code units).
/// - `artifacts`: every file named, with `location`, `length` in bytes when read, `mimeType`
///   `application/geo+json` (`text/plain` for a `*.routingapp` manifest, whose findings have no
///   `ruleIndex`: their codes are in docs/routing-apps.md, not the coverage catalogue) and role `analysisTarget`. Paths become URIs as ``ArtifactURI`` says:
///   relative ones against `uriBaseId` `"CWD"`, given in `originalUriBaseIds` when the working
///   directory is known; standard input as `stdin` with the description "standard input".
/// - `invocations[0]`: `executionSuccessful` (false when a file could not be read), `exitCode` when
///   given, and one `toolExecutionNotifications` entry (level `error`) per unreadable file.
/// - `properties.profile`: the profile's name.
public struct SARIFReport: Sendable {
    /// The `$schema` of the log.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base id of relative artifact URIs.
    public static let workingDirectoryBaseID = "CWD"

    /// routingctl's version, e.g. `0.1.0`.
    public var toolVersion: String
    /// The profile the files were validated under (the rules' levels depend on it).
    public var profile: ValidationProfile
    /// The files, in command-line order; each becomes an artifact.
    public var files: [CheckedFile]
    /// The absolute URI of `docs/coverage-rules.md` (e.g. a `file://` URI of the installed copy), to
    /// which `#<rule id>` is appended for `helpUri`; nil leaves `helpUri` and `informationUri` out
    /// (SARIF wants them absolute) and the relative link is given in `help.text` only.
    public var documentationURI: String?
    /// The absolute `file://` URI of the working directory, ending in `/`, against which relative
    /// paths are resolved; nil leaves `originalUriBaseIds` out.
    public var workingDirectoryURI: String?
    /// routingctl's exit status, for `invocations[0].exitCode`.
    public var exitCode: Int32?

    public init(
        toolVersion: String, profile: ValidationProfile, files: [CheckedFile],
        documentationURI: String? = nil, workingDirectoryURI: String? = nil, exitCode: Int32? = nil
    ) {
        self.toolVersion = toolVersion
        self.profile = profile
        self.files = files
        self.documentationURI = documentationURI
        self.workingDirectoryURI = workingDirectoryURI
        self.exitCode = exitCode
    }

    /// The SARIF level of a severity.
    public static func level(_ severity: Severity?) -> String {
        severity?.rawValue ?? "none"
    }

    /// The rule's SARIF `name`: its id in UpperCamelCase, e.g. `RingNotClosed`, `JsonComment`.
    public static func name(ofRule id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The whole log as JSON.
    public func log() -> JSON {
        var driver: JSONObject = [
            "name": "routingctl",
            "version": .string(toolVersion),
        ]
        if isSemanticVersion(toolVersion) { driver["semanticVersion"] = .string(toolVersion) }
        if let documentationURI { driver["informationUri"] = .string(documentationURI) }
        driver["rules"] = .array(CoverageRule.all.map(descriptor))

        var artifacts: [JSON] = []
        var results: [JSON] = []
        var notifications: [JSON] = []
        for (index, file) in files.enumerated() {
            let location = artifactLocation(file.path, index: index)
            // An artifact's own location needs no index (SARIF 2.1.0 §3.4.5, oasis-tcs/sarif-spec#363).
            var artifact: JSONObject = ["location": artifactLocation(file.path, index: nil)]
            var mimeType = "application/geo+json"
            switch file.outcome {
            case .manifest(let length, let diagnostics):
                artifact["length"] = .number(Double(length))
                mimeType = "text/plain"  // a freedesktop key file
                for diagnostic in diagnostics {
                    results.append(result(diagnostic, location: location))
                }
            case .checked(let length, let validation):
                artifact["length"] = .number(Double(length))
                for diagnostic in validation.diagnostics {
                    results.append(result(diagnostic, location: location))
                }
            case .unreadable(let message):
                notifications.append(.object([
                    "level": "error",
                    "message": .object(["text": .string(message)]),
                    "locations": .array([.object(["physicalLocation": .object(["artifactLocation": location])])]),
                ]))
            }
            artifact["mimeType"] = .string(mimeType)
            artifact["roles"] = .array(["analysisTarget"])
            artifacts.append(.object(artifact))
        }

        var invocation: JSONObject = ["executionSuccessful": .bool(notifications.isEmpty)]
        if let exitCode { invocation["exitCode"] = .number(Double(exitCode)) }
        if !notifications.isEmpty { invocation["toolExecutionNotifications"] = .array(notifications) }

        var run: JSONObject = ["tool": .object(["driver": .object(driver)])]
        run["invocations"] = .array([.object(invocation)])
        if let workingDirectoryURI, files.contains(where: { ArtifactURI.isRelative($0.path) }) {
            run["originalUriBaseIds"] = .object([
                Self.workingDirectoryBaseID: .object([
                    "uri": .string(workingDirectoryURI),
                    "description": .object(["text": "the directory routingctl was run in"]),
                ])
            ])
        }
        run["artifacts"] = .array(artifacts)
        run["results"] = .array(results)
        run["columnKind"] = "unicodeCodePoints"
        run["properties"] = .object(["profile": .string(profile.rawValue)])

        return .object([
            "$schema": .string(Self.schemaURI),
            "version": "2.1.0",
            "runs": .array([.object(run)]),
        ])
    }

    // MARK: parts

    /// The `reportingDescriptor` of one rule.
    private func descriptor(_ rule: CoverageRule) -> JSON {
        var object: JSONObject = [
            "id": .string(rule.id),
            "name": .string(Self.name(ofRule: rule.id)),
            "shortDescription": .object(["text": .string(rule.title)]),
            "fullDescription": .object(["text": .string(rule.summary)]),
        ]
        if let documentationURI { object["helpUri"] = .string(documentationURI + "#" + rule.id) }
        object["help"] = .object(["text": .string("See \(rule.documentationLink) for what the rule checks, why, and how to fix it.")])
        let severity = rule.defaultSeverity(in: profile)
        var configuration: JSONObject = ["level": .string(Self.level(severity))]
        if severity == nil { configuration["enabled"] = false }
        object["defaultConfiguration"] = .object(configuration)
        object["properties"] = .object([
            "profile": .string(profile.rawValue),
            "severities": .object(
                JSONObject(
                    ValidationProfile.allCases.map { ($0.rawValue, rule.defaultSeverity(in: $0).map { JSON.string($0.rawValue) } ?? .null) })),
        ])
        return .object(object)
    }

    /// The `artifactLocation` of `path`, with `index` into `artifacts` when given.
    private func artifactLocation(_ path: String, index: Int?) -> JSON {
        var location: JSONObject = ["uri": .string(ArtifactURI.reference(forPath: path))]
        if ArtifactURI.isRelative(path) {
            location["uriBaseId"] = .string(Self.workingDirectoryBaseID)
        } else if path == ArtifactURI.standardInputPath {
            location["description"] = .object(["text": "standard input"])
        }
        if let index { location["index"] = .number(Double(index)) }
        return .object(location)
    }

    /// The `result` of one finding.
    private func result(_ diagnostic: Diagnostic, location: JSON) -> JSON {
        var object: JSONObject = ["ruleId": .string(diagnostic.rule)]
        if let index = CoverageRule.all.firstIndex(where: { $0.id == diagnostic.rule }) {
            object["ruleIndex"] = .number(Double(index))
        }
        object["level"] = .string(Self.level(diagnostic.severity))
        var text = diagnostic.message
        if !diagnostic.hint.isEmpty { text += "\nhint: " + diagnostic.hint }
        object["message"] = .object(["text": .string(text)])
        object["locations"] = .array([
            .object([
                "physicalLocation": .object([
                    "artifactLocation": location,
                    "region": .object([
                        "startLine": .number(Double(max(1, diagnostic.location.line))),
                        "startColumn": .number(Double(max(1, diagnostic.location.column))),
                    ]),
                ])
            ])
        ])
        return .object(object)
    }

    /// `MAJOR.MINOR.PATCH` of digits, as SARIF's `semanticVersion` (Semantic Versioning 2.0) wants.
    private func isSemanticVersion(_ version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

extension JSONObject {
    /// An object with these members, in order (later duplicates replace earlier ones).
    fileprivate init(_ members: [(String, JSON)]) {
        self.init()
        for (name, value) in members { self[name] = value }
    }
}
