import CoverageReports
import RoutingCore
import RoutingService

extension RoutingCtl {
    // MARK: validate --fix

    static let fixUsage = """
        Usage: routingctl validate --fix [--output FILE] [--swap-axes] [--dry-run] FILE

        Rewrites a coverage file into the form Apple accepts, one bare GeoJSON MultiPolygon:
          - unwraps a Feature or FeatureCollection (the polygons of all features become one
            MultiPolygon: coverage is their union) and turns a Polygon into a MultiPolygon;
          - closes unclosed rings, drops repeated consecutive positions, and rewinds rings to the
            RFC 7946 right-hand rule (exteriors counter-clockwise, holes clockwise);
          - with --swap-axes, swaps every position from [latitude, longitude] to [longitude, latitude].
        Dropped data (a Feature's properties and id, bbox, crs, other members, and features that
        cover no area: null geometries, points and lines) is reported. Holes, self-intersections,
        more than 20 polygons, out-of-range numbers and a top-level geometry that is not a polygon
        are never changed: they are reported, and the exit status says so. A --swap-axes whose
        result would itself look swapped (the file is already [longitude, latitude]) is refused.
        Numbers are copied exactly as written. Each change is printed as FILE:LINE:COLUMN: message
        (positions in the original), then a summary on standard error, then any problems that
        remain, as 'routingctl validate' prints them, at their positions in the result (named
        'FILE (fixed)' for --dry-run and --output -, as in the diff).

        The file is replaced atomically (a temporary file in the same directory, then rename), and
        only when something changes; a symbolic link is kept and its target replaced.
          --output FILE   write the result to FILE instead ('-' for standard output); the original
                          is not touched
          --dry-run       write nothing: list the changes and show a unified diff
          --swap-axes     the file is written as [latitude, longitude]: swap every position
        FILE '-' reads standard input (the result then goes to standard output unless --output).
        Exit status: 0 when the result is valid (warnings allowed), 1 when problems remain or the
        file cannot be fixed, 2 on a usage or I/O error.
        """

    /// `routingctl validate --fix [--output FILE] [--swap-axes] [--dry-run] FILE`.
    static func fix(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(arguments, flags: ["fix", "swap-axes", "dry-run", "help"], options: ["output"])
        } catch {
            // e.g. --json or --profile, which belong to validate without --fix.
            return usageError("\(error.message) with --fix", command: "validate --fix")
        }
        if args.has("help") { out(fixUsage); return ExitStatus.success }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            return usageError(
                "validate --fix takes exactly one FILE, got \(args.positionals.count)", command: "validate --fix")
        }
        if path.hasSuffix(".routingapp") {
            return usageError(
                "--fix repairs coverage files, not manifests; 'routingctl validate \(OneLine.escaped(path))' shows each problem with its fix, to make by hand",
                command: "validate --fix")
        }
        let dryRun = args.has("dry-run")
        if dryRun, args.options["output"] != nil {
            return usageError("--dry-run writes nothing; leave out --output", command: "validate --fix")
        }
        // Where the result goes: nil = back into FILE.
        let destination: String? = args.options["output"] ?? (path == "-" ? "-" : nil)
        if destination == "", !dryRun { return usageError("--output needs a file name", command: "validate --fix") }
        // Messages go to standard error when standard output carries the fixed file.
        let say: (String) -> Void = destination == "-" && !dryRun ? { err($0) } : { out($0) }

        let original: [UInt8]
        switch path == "-" ? readStandardInput() : CoverageDirectory.readFile(path) {
        case .failure(let error):
            err("routingctl: \(OneLine.escaped(error.message))")
            return ExitStatus.usage
        case .success(let bytes):
            original = bytes
        }
        let name = OneLine.escaped(path)  // "-" for standard input, as validate names it; escaped for messages
        let result = CoverageFixer.fix(original, swapAxes: args.has("swap-axes"))

        guard let fixed = result.output else {
            for d in result.unfixed { printDiagnostic(d, path: name, source: original, say: say) }
            err("\(name): not fixed; nothing was written")
            return ExitStatus.failure
        }

        for change in result.changes { say("\(name):\(change.location.line):\(change.location.column): \(change.message)") }
        let fixes = "\(result.changes.count) fix\(result.changes.count == 1 ? "" : "es")"

        // Write (or show) the result.
        var writtenTo: String? = nil
        if dryRun {
            if result.changed {
                out(UnifiedDiff.of(original, fixed, oldName: name, newName: "\(name) (fixed)"), terminator: "")
            }
        } else if let destination {
            if destination == "-" {
                writeAll(1, String(decoding: fixed, as: UTF8.self))
            } else {
                do {
                    try AtomicFile.replace(destination, with: fixed)
                } catch {
                    err("routingctl: cannot write \(OneLine.escaped(destination)): \(error); nothing was changed")
                    return ExitStatus.usage
                }
                writtenTo = destination
            }
        } else if result.changed {
            do {
                try AtomicFile.replace(path, with: fixed)
            } catch {
                err("routingctl: cannot write \(OneLine.escaped(path)): \(error); the file was left unchanged")
                return ExitStatus.usage
            }
            writtenTo = path
        }

        // Summary, then what remains, as validate prints it.
        let problems = result.unfixed.filter { $0.severity == .error }.count
        let warnings = result.unfixed.filter { $0.severity == .warning }.count
        let verdict =
            problems > 0
            ? "still invalid: \(problems) error\(problems == 1 ? "" : "s") remain\(problems == 1 ? "s" : "")"
            : (warnings > 0 ? "valid, with \(warnings) warning\(warnings == 1 ? "" : "s")" : "valid")
        let action: String
        if !result.changed {
            action = (problems > 0 ? "nothing that --fix may change" : "nothing to fix")
                + (writtenTo.map { "; copied unchanged to \(OneLine.escaped($0))" } ?? "; the file was not touched")
        } else if dryRun {
            action = "\(fixes) to make (dry run: nothing written)"
        } else if let writtenTo {
            action = "\(fixes) written to \(OneLine.escaped(writtenTo))"
        } else {
            action = "\(fixes) written to standard output"
        }
        err("\(name): \(action); the result is \(verdict)")

        // What the validator finds in the result, at its positions there: in the file as written,
        // or (dry run, standard output) in "FILE (fixed)", the text the diff shows.
        let shownPath = !result.changed ? name : (writtenTo ?? "\(name) (fixed)")
        for d in result.outputDiagnostics { printDiagnostic(d, path: shownPath, source: fixed, say: say) }
        if !args.has("swap-axes"), result.unfixed.contains(where: { $0.rule == "axes-swapped" }) {
            say("    hint: if the file is written as [latitude, longitude], run: routingctl validate --fix --swap-axes \(path)")
        }
        return result.isValid ? ExitStatus.success : ExitStatus.failure
    }

    /// One finding as `validate` prints it: the GCC-style line, the source line of `source` with a
    /// caret, the hint and the rule's documentation.
    static func printDiagnostic(_ d: Diagnostic, path: String, source: [UInt8], say: (String) -> Void) {
        say(GCCReport.render(d, path: path, source: source, catalogue: ruleCatalogueLink))
    }

    static func out(_ text: String, terminator: String) { writeAll(1, text + terminator) }
}
