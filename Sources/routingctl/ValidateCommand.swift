import CoverageReports
import Glibc
import RoutingCore
import RoutingService
import StrictJSON

extension RoutingCtl {
    // MARK: validate

    static let validateUsage = """
        Usage: routingctl validate [--profile apple|geojson] [--format gcc|json|sarif] [--json] FILE...
               routingctl validate --fix [--output FILE] [--swap-axes] [--dry-run] FILE

        Checks each coverage file ('-' reads standard input). --profile apple (the default) applies
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
          {"files":[{"path","valid","diagnostics":[{"severity","rule","message","hint","line","column"}],
                     "area"?:{"boundingBox":[west,south,east,north],"squareKilometres","placeCount",
                              "largestPlaces":[…],"nearestPlace"?,"summary"}}]}
        --format sarif prints a SARIF 2.1.0 log for code-review tools; files that cannot be read are
        tool execution notifications. Every rule is described in docs/coverage-rules.md.

        Exit status: 0 when every file is valid (warnings allowed), 1 when any is invalid,
        2 on a usage or I/O error.
        """

    static func validate(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        for option in ["--dry-run", "--swap-axes", "--output"]
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
        let catalogue = ruleCatalogueLink
        for path in args.positionals {
            let contents = path == "-" ? readStandardInput() : CoverageDirectory.readFile(path)
            switch contents {
            case .failure(let error):
                checked.append(CheckedFile(path: path, outcome: .unreadable(message: error.message)))
                if format == .json {
                    json.append(["path": .string(path), "valid": false, "diagnostics": [], "error": .string(error.message)])
                } else {
                    err("routingctl: \(error.message)")
                }
            case .success(let bytes):
                let validation = CoverageValidator.validate(bytes, profile: profile)
                checked.append(CheckedFile(path: path, outcome: .checked(length: bytes.count, validation: validation)))
                switch format {
                case .gcc:
                    for diagnostic in validation.diagnostics {
                        out(GCCReport.render(diagnostic, path: path, source: bytes, catalogue: catalogue))
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
            out(JSON.object(["files": .array(json)]).prettyPrinted())
        case .sarif:
            let report = SARIFReport(
                toolVersion: RoutingDaemon.version, profile: profile, files: checked,
                documentationURI: installedRuleCatalogueURI(), workingDirectoryURI: workingDirectoryURI(),
                exitCode: status)
            out(report.log().prettyPrinted())
        }
        return status
    }

    /// The `file://` URI of the rule catalogue, for SARIF's `helpUri` (see ``ruleCataloguePath()``).
    static func installedRuleCatalogueURI() -> String? {
        ruleCataloguePath().map { ArtifactURI.fileURI(forAbsolutePath: $0) }
    }

    /// How `see:` lines name the rule catalogue: `docs/coverage-rules.md` when that path works from
    /// the current directory (the repository), else the absolute path of the copy found by
    /// ``ruleCataloguePath()``, else the repository path anyway.
    /// Looked up once per process.
    static let ruleCatalogueLink: String = findRuleCatalogueLink()

    private static func findRuleCatalogueLink() -> String {
        if access("docs/coverage-rules.md", F_OK) == 0 { return "docs/coverage-rules.md" }
        return ruleCataloguePath() ?? "docs/coverage-rules.md"
    }

    /// The absolute path of the rule catalogue `docs/coverage-rules.md`: the copy in the source tree
    /// this routingctl was built in (found upwards from the executable, e.g. from
    /// `.build/release/`), else an installed copy under `share/doc/routingd/`; nil when there is none.
    static func ruleCataloguePath() -> String? {
        func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            var directory = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            for _ in 0..<6 {
                guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
                directory = String(directory[..<slash])
                let candidate = directory + "/docs/coverage-rules.md"
                if exists(candidate) { return candidate }
            }
        }
        for candidate in ["/usr/local/share/doc/routingd/coverage-rules.md", "/usr/share/doc/routingd/coverage-rules.md"]
        where exists(candidate) {
            return candidate
        }
        return nil
    }

    /// The `file://` URI of the current directory, ending in `/`; nil when it cannot be found.
    static func workingDirectoryURI() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let path = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ArtifactURI.fileURI(forAbsolutePath: path.hasSuffix("/") ? path : path + "/")
    }
}
