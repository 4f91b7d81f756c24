// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import Glibc
import RoutingCore
import RoutingService
import StrictJSON

extension RoutingCtl {
    // MARK: validate

    static let validateUsage = """
        Usage: routingctl validate [--profile apple|geojson] [--format gcc|json|sarif|geojson] [--json] FILE...
               routingctl validate --fix [--output FILE] [--swap-axes] [--simplify [N]] [--drop-holes] [--dry-run] [--force] FILE

        Checks each coverage file ('-' reads standard input) and each routing-app manifest (a FILE
        ending in .routingapp, see docs/routing-apps.md): its problems, then the coverage file it
        names (relative to the manifest), which is checked as any coverage file; a coverage file that
        cannot be read is an error of the manifest, at its Coverage= line [coverage-unreadable].
        A valid manifest ends with one line: FILE: app ID (NAME): MODES, coverage PATH.
        --profile apple (the default) applies
        Apple's routing-app rules: one bare GeoJSON MultiPolygon of [longitude, latitude] positions,
        no holes, at most 20 polygons. --profile geojson applies RFC 7946 plus OGC validity only
        (Polygon, Feature and FeatureCollection allowed, holes allowed and checked).

        --format gcc (the default) prints each finding as compilers do, with the source line, a
        caret under the column, a fix hint and the rule's documentation:
          FILE:LINE:COLUMN: error|warning|note: message [rule-id]
              <source line>
                     ^
              hint: …
              see: docs/coverage-rules.md#rule-id
        then, for a valid file, one line saying what it covers:
          FILE: covers <bounding box>, <km²>, <populated places inside, largest first>
        and a summary on standard error. Columns count Unicode scalars (a tab is one column).
        At most 50 findings of one rule are listed per file; one more says how many were left out.
        --format json (or --json) prints
          {"files":[{"path","kind"?:"manifest","valid","diagnostics":[{"severity","rule","message","hint","line","column"}],
                     "coverage"?:PATH (manifests), "area"?:{"boundingBox":[west,south,east,north],"squareKilometres","placeCount",
                              "largestPlaces":[…],"nearestPlace"?,"summary"}}]}
        --format sarif prints a SARIF 2.1.0 log for code-review tools; files that cannot be read are
        tool execution notifications. --format geojson prints the findings as one GeoJSON
        FeatureCollection, to open beside the file in geojson.io or QGIS: a Point per finding at its
        place (the crossing of a self-intersection, the position it is written at; null geometry
        for findings without one, such as JSON syntax), with the properties file, severity, rule,
        message, hint, line and column; it validates under --profile geojson. Every rule is
        described in docs/coverage-rules.md.

        Exit status: 0 when every file is valid (warnings allowed), 1 when any is invalid,
        2 on a usage or I/O error.
        """

    static func validate(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        for option in ["--dry-run", "--swap-axes", "--output", "--force", "--simplify", "--drop-holes"]
        where arguments.contains(where: { $0 == option || $0.hasPrefix(option + "=") }) {
            return usageError("\(option) goes with --fix: routingctl validate --fix \(option) … FILE", command: "validate")
        }
        let args = try Arguments(arguments, flags: ["json", "help"], options: ["format", "profile"])
        if args.has("help") { out(validateUsage); return ExitStatus.success }

        var format = ReportFormat.gcc
        if let name = args.options["format"] {
            guard let named = ReportFormat(name: name) else {
                return usageError("unknown --format '\(name)'; use \(ReportFormat.names)", command: "validate")
            }
            format = named
        }
        if args.has("json") {
            if args.options["format"] != nil, format != .json {
                return usageError("--json is --format json; it cannot go with --format \(format.rawValue)", command: "validate")
            }
            format = .json
        }
        var profile = ValidationProfile.apple
        if let name = args.options["profile"] {
            guard let named = ValidationProfile(rawValue: name) else {
                let names = ValidationProfile.allCases.map(\.rawValue).joined(separator: " or ")
                return usageError("unknown --profile '\(name)'; use \(names)", command: "validate")
            }
            profile = named
        }
        guard !args.positionals.isEmpty else { return usageError("validate needs at least one FILE", command: "validate") }

        var checked: [CheckedFile] = []
        var json: [JSON] = []
        var features: [JSON] = []
        let catalogue = ruleCatalogueLink

        /// Reports one coverage file that was read.
        func checkCoverage(_ path: String, _ bytes: [UInt8]) {
            let validation = CoverageValidator.validate(bytes, profile: profile)
            checked.append(CheckedFile(path: path, outcome: .checked(length: bytes.count, validation: validation)))
            switch format {
            case .gcc:
                for var diagnostic in validation.diagnostics {
                    // The hint's command names the file the person just validated, ready to copy.
                    if diagnostic.hint.hasSuffix(" FILE") {
                        diagnostic.hint = String(diagnostic.hint.dropLast(4)) + ShellQuote.quote(path)
                    }
                    out(GCCReport.render(diagnostic, path: path, source: bytes, catalogue: catalogue, colour: colourOut))
                }
                // What a valid file covers, so an admin sees at a glance whether it is the right place.
                if let coverage = validation.coverage {
                    out("\(path): covers \(AreaDescription.describe(coverage).summary)")
                }
            case .json:
                var file: JSONObject = [
                    "path": .string(path),
                    "valid": .bool(validation.isValid),
                    "diagnostics": .array(validation.diagnostics.map(WireFormat.encode)),
                ]
                if let coverage = validation.coverage {
                    file["area"] = WireFormat.encode(AreaDescription.describe(coverage))
                }
                json.append(.object(file))
            case .sarif:
                break  // one log for all files, below
            case .geojson:
                let places = FindingPlaces.coordinates(of: validation.diagnostics, in: bytes)
                features += GeoJSONReport.features(path: path, diagnostics: validation.diagnostics, places: places)
            }
        }

        /// Reports one manifest that was read, then the coverage file it names (relative to the
        /// manifest); a coverage file that cannot be read is a problem of the manifest, at its
        /// `Coverage=` value, as the daemon reports it.
        func checkManifest(_ path: String, _ bytes: [UInt8], named: Set<String>) {
            let parse = AppManifest.parse(bytes, fileName: path)
            var problems = parse.problems
            var coverage: (path: String, bytes: [UInt8])?
            if let written = parse.coverage {
                let coveragePath = AppSource.coveragePath(written, manifestPath: path)
                switch CoverageDirectory.readFile(coveragePath) {
                case .success(let coverageBytes):
                    coverage = (coveragePath, coverageBytes)
                case .failure(let error):
                    problems.append(ManifestProblem(
                        line: parse.coverageLine ?? 1, column: parse.coverageColumn ?? 1, key: "Coverage",
                        severity: .error, code: .coverageUnreadable, message: error.message,
                        hint: written.hasPrefix("/") ? nil : "a relative Coverage path is taken from the manifest's directory"))
                }
            }
            let diagnostics = ManifestProblem.sorted(problems).map { $0.diagnostic(source: bytes) }
            checked.append(CheckedFile(path: path, outcome: .manifest(length: bytes.count, diagnostics: diagnostics)))
            let valid = !diagnostics.contains { $0.severity == .error }
            switch format {
            case .gcc:
                for diagnostic in diagnostics {
                    out(GCCReport.render(diagnostic, path: path, source: bytes, catalogue: catalogue, colour: colourOut))
                }
                if valid, let manifest = parse.manifest {
                    let modes = DirectionsMode.allCases.filter(manifest.modes.contains).map(\.rawValue).joined(separator: " ")
                    out("\(path): app \(manifest.id) (\(manifest.name)): \(modes), coverage \(coverage?.path ?? manifest.coverage)")
                }
            case .json:
                json.append([
                    "path": .string(path),
                    "kind": "manifest",
                    "valid": .bool(valid),
                    "diagnostics": .array(diagnostics.map(WireFormat.encode)),
                    "coverage": coverage.map { .string($0.path) } ?? .null,
                ])
            case .sarif:
                break
            case .geojson:
                // A manifest's problems have no place on the map.
                features += GeoJSONReport.features(path: path, diagnostics: diagnostics, places: [])
            }
            // The coverage file, unless it is also named on the command line (checked there).
            if let coverage, !named.contains(AppSource.normalize(coverage.path)) {
                checkCoverage(coverage.path, coverage.bytes)
            }
        }

        let named = Set(args.positionals.map(AppSource.normalize))
        for path in args.positionals {
            let contents = path == "-" ? readStandardInput() : CoverageDirectory.readFile(path)
            switch contents {
            case .failure(let error):
                checked.append(CheckedFile(path: path, outcome: .unreadable(message: error.message)))
                if format == .json {
                    json.append(["path": .string(path), "valid": false, "diagnostics": [], "error": .string(error.message)])
                } else if format == .geojson {
                    features.append(GeoJSONReport.unreadable(path: path, message: error.message))
                } else {
                    err("routingctl: \(error.message)")
                }
            case .success(let bytes):
                if path.hasSuffix(AppManifest.fileExtension) {
                    checkManifest(path, bytes, named: named)
                } else {
                    checkCoverage(path, bytes)
                }
            }
        }

        let summary = ValidationSummary(checked)
        let status = summary.exitStatus
        switch format {
        case .gcc:
            // The summary goes to stderr so stdout holds only the findings.
            err(summary.text)
        case .json:
            out(jsonText(JSON.object(["files": .array(json)])))
        case .sarif:
            let report = SARIFReport(
                toolVersion: RoutingDaemon.version, profile: profile, files: checked,
                documentationURI: installedRuleCatalogueURI(), workingDirectoryURI: workingDirectoryURI(),
                exitCode: status)
            out(report.log().prettyPrinted())
        case .geojson:
            out(jsonText(GeoJSONReport.collection(features)))
        }
        return status
    }

    /// The `file://` URI of the rule catalogue, for SARIF's `helpUri` (see ``ruleCataloguePath()``).
    static func installedRuleCatalogueURI() -> String? {
        ruleCataloguePath().map { ArtifactURI.fileURI(forAbsolutePath: $0) }
    }

    /// How `see:` lines name the rule catalogue: the installed copy next to this program
    /// (`PREFIX/share/doc/routingd/coverage-rules.md`, for `PREFIX/bin/routingctl`) when there is one;
    /// else `docs/coverage-rules.md` when that path works from the current directory (the
    /// repository); else the absolute path found by ``ruleCataloguePath()``; else the repository path
    /// anyway. Looked up once per process.
    static let ruleCatalogueLink: String = findRuleCatalogueLink()

    private static func findRuleCatalogueLink() -> String {
        if let installed = installedRuleCataloguePath() { return installed }
        if access("docs/coverage-rules.md", F_OK) == 0 { return "docs/coverage-rules.md" }
        return ruleCataloguePath() ?? "docs/coverage-rules.md"
    }

    /// `PREFIX/share/doc/routingd/coverage-rules.md` next to this program's `PREFIX/bin` (what
    /// `scripts/install` writes), when it exists.
    static func installedRuleCataloguePath() -> String? {
        guard let directory = DefaultPaths.documentationDirectory() else { return nil }
        let path = directory + "/coverage-rules.md"
        return access(path, F_OK) == 0 ? path : nil
    }

    /// The absolute path of the rule catalogue `docs/coverage-rules.md`, by the rule GetInfo's `url`
    /// follows (``DefaultPaths/documentationFile(installed:sourceTree:executable:exists:)``): the
    /// installed copy next to this program, else the copy in the source tree this routingctl was
    /// built in, else one under `/usr/local/share/doc/routingd/` or `/usr/share/doc/routingd/`; nil
    /// when there is none.
    static func ruleCataloguePath() -> String? {
        DefaultPaths.documentationFile(installed: "coverage-rules.md", sourceTree: "docs/coverage-rules.md")
    }

    /// The `file://` URI of the current directory, ending in `/`; nil when it cannot be found.
    static func workingDirectoryURI() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let path = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ArtifactURI.fileURI(forAbsolutePath: path.hasSuffix("/") ? path : path + "/")
    }
}
