import RoutingCore
import RoutingService
import StrictJSON

extension RoutingCtl {
    // MARK: validate

    static let validateUsage = """
        Usage: routingctl validate [--json] FILE...

        Checks each coverage file ('-' reads standard input): one GeoJSON MultiPolygon of
        [longitude, latitude] positions (RFC 7946) under Apple's routing-app rules. Prints one line
        per finding, followed by a fix hint; a clean file prints nothing:
          FILE:LINE:COLUMN: error|warning|note: message [rule-id]
              hint: …
        and a summary on standard error. --json prints
          {"files":[{"path","valid","diagnostics":[{"severity","rule","message","hint","line","column"}]}]}
        Exit status: 0 when every file is valid (warnings allowed), 1 when any is invalid,
        2 on a usage or I/O error.
        """

    static func validate(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["json", "help"], options: [])
        if args.has("help") { out(validateUsage); return ExitStatus.success }
        guard !args.positionals.isEmpty else { return usageError("validate needs at least one FILE", command: "validate") }
        var anyInvalid = false
        var anyIOError = false
        var files: [JSON] = []
        var valid = 0
        var warnings = 0
        for path in args.positionals {
            let contents = path == "-" ? readStandardInput() : CoverageDirectory.readFile(path)
            switch contents {
            case .failure(let error):
                anyIOError = true
                if args.has("json") {
                    files.append(["path": .string(path), "valid": false, "diagnostics": [], "error": .string(error.message)])
                } else {
                    err("routingctl: \(error.message)")
                }
            case .success(let bytes):
                let validation = CoverageValidator.validate(bytes)
                if validation.isValid { valid += 1 } else { anyInvalid = true }
                warnings += validation.diagnostics.filter { $0.severity == .warning }.count
                if args.has("json") {
                    files.append([
                        "path": .string(path),
                        "valid": .bool(validation.isValid),
                        "diagnostics": .array(validation.diagnostics.map(WireFormat.encode)),
                    ])
                } else {
                    for d in validation.diagnostics {
                        out(WireFormat.line(path, d))
                        if !d.hint.isEmpty { out("    hint: \(d.hint)") }
                    }
                }
            }
        }
        if args.has("json") {
            out(JSON.object(["files": .array(files)]).prettyPrinted())
        } else {
            // The summary goes to stderr so stdout stays one GCC-style line per finding.
            let total = args.positionals.count
            err("\(total) file\(total == 1 ? "" : "s") checked: \(valid) valid, \(total - valid) not valid or unreadable, \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if anyIOError { return ExitStatus.usage }
        return anyInvalid ? ExitStatus.failure : ExitStatus.success
    }
}
