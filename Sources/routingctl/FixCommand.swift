// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import Glibc
import RoutingCore
import RoutingService

extension RoutingCtl {
    // MARK: validate --fix

    static let fixUsage = """
        Usage: routingctl validate --fix [--output FILE] [--swap-axes] [--simplify [N]] [--drop-holes] [--dry-run] [--force] FILE

        Rewrites a coverage file into the form Apple accepts, one bare GeoJSON MultiPolygon:
          - unwraps a Feature or FeatureCollection (the polygons of all features become one
            MultiPolygon: coverage is their union) and turns a Polygon into a MultiPolygon;
          - closes unclosed rings, drops repeated consecutive positions, and rewinds rings to the
            RFC 7946 right-hand rule (exteriors counter-clockwise, holes clockwise);
          - with --swap-axes, swaps every position from [latitude, longitude] to [longitude, latitude];
          - with --drop-holes, fills every hole (drops the interior rings): coverage grows, and the
            app will be offered inside the holes; each fill is reported with the area it adds;
          - with --simplify [N], brings every valid polygon down to at most N points (default 20,
            Apple's advice; closing repeats not counted; at least 4) without ever shrinking it: the new
            outline contains the old one (concave corners filled in; else the convex hull with
            edges extended; else the bounding box). Each is reported with the area it adds, in km²
            and as a share of the polygon's area. A polygon that is not valid is left alone.
        Dropped data (a Feature's properties and id, bbox, crs, other members, and features that
        cover no area: null geometries, points and lines) is reported. Holes (without
        --drop-holes), self-intersections, more than 20 polygons, out-of-range numbers and a
        top-level geometry that is not a polygon are never changed: they are reported, and the exit
        status says so. A --swap-axes whose
        result would itself look swapped (the file is already [longitude, latitude]) is refused.
        Numbers are copied exactly as written. Each change is printed as FILE:LINE:COLUMN: message
        (positions in the original), then a summary on standard error, then any problems that
        remain, as 'routingctl validate' prints them, at their positions in the result (named
        'FILE (fixed)' for --dry-run and --output -, as in the diff).

        The file is replaced atomically, and only when something changes: the result goes to a
        temporary file beside it, .FILE.routingctl-fix.PID.RANDOM.tmp, which is then renamed over
        it, keeping its mode (and, as root, its owner); a symbolic link is kept and its target
        replaced. Just before the rename the file is checked again: if it is not the file that was
        read (another inode, size, modification time, permissions or contents), because someone
        saved it meanwhile, nothing is written, the change is kept and the error says what changed;
        run the command again. A read-only file (no write permission) and a file with other hard
        links (which would keep the old contents) are not replaced without --force. Temporary files
        left by an earlier run that was killed are removed, and listed.
          --output FILE   write the result to FILE instead ('-' for standard output); the original
                          is not touched; FILE is replaced by the same rules
          --dry-run       write nothing: list the changes and show a unified diff
          --swap-axes     the file is written as [latitude, longitude]: swap every position
          --simplify [N]  at most N points per polygon (default 20), growing it, never shrinking it
          --drop-holes    fill holes (the app will then be offered inside them)
          --force         replace a read-only or hard-linked file anyway (the new file keeps the
                          mode; other hard links keep the old contents); never a changed file
        FILE '-' reads standard input (the result then goes to standard output unless --output).
        Exit status: 0 when the result is valid (warnings allowed), 1 when problems remain or the
        file cannot be fixed, 2 on a usage or I/O error or when the file was not replaced (it
        changed meanwhile, or is read-only or hard-linked without --force).
        """

    /// `--simplify` without N.
    static let defaultSimplify = CoverageValidator.recommendedMaximumPointCount

    /// `routingctl validate --fix [--output FILE] [--swap-axes] [--simplify [N]] [--drop-holes]
    /// [--dry-run] [--force] FILE`.
    static func fix(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        // --simplify takes an optional N: the next argument when it is a number, else 20.
        var given: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                given.append(argument)
                given += rest
                break
            }
            if argument == "--simplify" {
                if let value = rest.first, !value.isEmpty, value.utf8.allSatisfy({ (48...57).contains($0) }) {
                    rest = rest.dropFirst()
                    given.append("--simplify=" + value)
                } else {
                    given.append("--simplify=\(defaultSimplify)")
                }
                continue
            }
            given.append(argument)
        }
        let args: Arguments
        do {
            args = try Arguments(given, flags: ["fix", "swap-axes", "dry-run", "force", "drop-holes", "help"], options: ["output", "simplify"])
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
        var simplify: Int? = nil
        if let value = args.options["simplify"] {
            guard let n = Int(value), n >= OuterSimplification.minimumPoints else {
                return usageError(
                    "--simplify takes a number of points of at least \(OuterSimplification.minimumPoints) (the bounding box needs 4), not '\(value)'",
                    command: "validate --fix")
            }
            simplify = n
        }
        let dryRun = args.has("dry-run")
        if dryRun, args.options["output"] != nil {
            return usageError("--dry-run writes nothing; leave out --output", command: "validate --fix")
        }
        if dryRun, args.has("force") {
            return usageError("--dry-run writes nothing; leave out --force", command: "validate --fix")
        }
        // Where the result goes: nil = back into FILE.
        let destination: String? = args.options["output"] ?? (path == "-" ? "-" : nil)
        if destination == "", !dryRun { return usageError("--output needs a file name", command: "validate --fix") }
        // Messages go to standard error when standard output carries the fixed file.
        let say: (String) -> Void = destination == "-" && !dryRun ? { err($0) } : { out($0) }

        // The input, and what it was when read: the file is replaced only if it is still that.
        let original: [UInt8]
        var snapshot: FileSnapshot? = nil
        let read = path == "-" ? readStandardInput().map { ($0, nil) } : FileSnapshot.read(path).map { ($0.bytes, $0.snapshot) }
        switch read {
        case .failure(let error):
            err("routingctl: \(OneLine.escaped(error.message))")
            return ExitStatus.usage
        case .success(let (bytes, taken)):
            original = bytes
            snapshot = taken
        }
        let name = OneLine.escaped(path)  // "-" for standard input, as validate names it; escaped for messages
        // The file that may be replaced, and what must still be there when it is.
        let file: (path: String, expecting: AtomicFile.Expectation)?
        if dryRun {
            file = nil
        } else if let destination {
            file = destination == "-" ? nil : (destination, .current(destination, sameFileAs: snapshot))
        } else {
            file = snapshot.map { (path, .unchanged($0)) }
        }
        if let file { reportLeftovers(AtomicFile.removeLeftovers(of: file.path, writer: fixWriter), of: file.path) }
        let result = CoverageFixer.fix(original, swapAxes: args.has("swap-axes"), simplify: simplify, dropHoles: args.has("drop-holes"))

        guard let fixed = result.output else {
            for d in result.unfixed { printDiagnostic(d, path: name, source: original, say: say) }
            err("\(name): not fixed; nothing was written")
            return ExitStatus.failure
        }

        for change in result.changes { say("\(name):\(change.location.line):\(change.location.column): \(change.message)") }
        for skip in result.skipped { say("\(name):\(skip.location.line):\(skip.location.column): \(skip.message)") }
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
            } else if let file {
                guard replace(file.path, with: fixed, expecting: file.expecting, inPlace: false, args: args, arguments: arguments)
                else { return ExitStatus.usage }
                writtenTo = destination
            }
        } else if result.changed, let file {
            guard replace(file.path, with: fixed, expecting: file.expecting, inPlace: true, args: args, arguments: arguments)
            else { return ExitStatus.usage }
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

    /// Names the temporary files: `.FILE.routingctl-fix.PID.RANDOM.tmp`.
    static let fixWriter = "routingctl-fix"

    /// Set (to anything) by tests: the process stops itself (SIGSTOP) after writing the temporary
    /// file, before the last check and the rename, so that a test can change the file or kill it there.
    static let stopBeforeRenameVariable = "ROUTINGCTL_TEST_STOP_BEFORE_RENAME"

    /// Writes `bytes` to `file` by ``AtomicFile``'s rules and says what happened: a refusal (what
    /// changed, or the hazard and what --force would do) or the hazards --force overrode.
    /// - Returns: whether the file was written.
    static func replace(
        _ file: String, with bytes: [UInt8], expecting: AtomicFile.Expectation, inPlace: Bool, args: Arguments,
        arguments: [String]
    ) -> Bool {
        let shown = OneLine.escaped(file)
        let force = args.has("force")
        let stop = getenv(stopBeforeRenameVariable) != nil
        let outcome: AtomicFile.Outcome
        do {
            outcome = try AtomicFile.replace(
                file, with: bytes, expecting: expecting, force: force, writer: fixWriter,
                beforeRename: { if stop { _ = raise(SIGSTOP) } })
        } catch {
            let again = "routingctl validate " + ShellQuote.line(arguments)
            switch error {
            case .system(let error):
                err("routingctl: cannot write \(shown): \(OneLine.escaped(error.description)); nothing was written"
                    + (inPlace ? ", the file is as it was" : ""))
            case .changed(let target, let changes):
                err("routingctl: \(describe(file, target)) changed \(inPlace ? "after it was read" : "while the fix ran"): "
                    + OneLine.escaped(changes.joined(separator: ", "))
                    + "; nothing was written, and the file keeps that change")
                err("    hint: to \(inPlace ? "fix the file as it is now" : "replace it"), run the command again: \(again)")
            case .refused(let target, let hazards):
                let what = hazards.map { hazard in
                    switch hazard {
                    case .readOnly(let mode): mode & 0o200 == 0 ? "is read-only (mode \(FileSnapshot.octal(mode)))"
                        : "is not writable by you (mode \(FileSnapshot.octal(mode)))"
                    case .hardLinked(let links): "has \(links) hard links"
                    }
                }
                err("routingctl: \(describe(file, target)) \(what.joined(separator: " and ")); nothing was written")
                for hazard in hazards {
                    switch hazard {
                    case .readOnly(let mode):
                        err(mode & 0o200 == 0
                            ? "    hint: --force replaces it anyway (the new file keeps mode \(FileSnapshot.octal(mode))); or make it writable first: chmod u+w \(ShellQuote.quote(target))"
                            : "    hint: --force replaces it anyway with a file that you own (mode \(FileSnapshot.octal(mode))); or ask its owner")
                    case .hardLinked(let links):
                        err("    hint: replacing it gives this name a new file, and the other \(links == 2 ? "name keeps" : "\(links - 1) names keep") the old contents; --force does that\(inPlace ? ", --output FILE writes the result elsewhere" : "; or give --output another file")")
                    }
                }
            }
            return false
        }
        for hazard in outcome.overridden {
            switch hazard {
            case .readOnly(let mode) where mode & 0o200 == 0:
                err("\(describe(file, outcome.target)): was read-only (mode \(FileSnapshot.octal(mode))); replaced anyway (--force), keeping that mode")
            case .readOnly(let mode):
                err("\(describe(file, outcome.target)): was not writable by you (mode \(FileSnapshot.octal(mode))); replaced anyway (--force) with a file that you own, keeping that mode")
            case .hardLinked(let links):
                err("\(describe(file, outcome.target)): had \(links) hard links; replaced anyway (--force): this name has the new file, the other \(links == 2 ? "name keeps" : "\(links - 1) names keep") the old contents")
            }
        }
        return true
    }

    /// `FILE`, or `FILE (a symbolic link to TARGET)`, escaped for the terminal.
    static func describe(_ file: String, _ target: String) -> String {
        let shown = OneLine.escaped(file)
        return target == file ? shown : "\(shown) (a symbolic link to \(OneLine.escaped(target)))"
    }

    /// Says which leftover temporary files were removed, or could not be.
    static func reportLeftovers(_ leftovers: [AtomicFile.Leftover], of file: String) {
        for leftover in leftovers {
            let what = "\(OneLine.escaped(leftover.name)) (\(leftover.size) byte\(leftover.size == 1 ? "" : "s")), a temporary file left by an earlier 'routingctl validate --fix' (process \(leftover.writerPID)) that did not finish"
            if let error = leftover.error {
                err("routingctl: cannot remove \(what): \(OneLine.escaped(error.description))")
            } else {
                err("\(OneLine.escaped(file)): removed \(what)")
            }
        }
    }

    /// One finding as `validate` prints it: the GCC-style line, the source line of `source` with a
    /// caret, the hint and the rule's documentation.
    static func printDiagnostic(_ d: Diagnostic, path: String, source: [UInt8], say: (String) -> Void) {
        say(GCCReport.render(d, path: path, source: source, catalogue: ruleCatalogueLink))
    }

    static func out(_ text: String, terminator: String) { writeAll(1, text + terminator) }
}
