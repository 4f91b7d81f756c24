// SPDX-License-Identifier: Apache-2.0
import CoverageRender
import DesktopSession
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Varlink

/// `routingctl render`: coverage files (or a routing app's) and a request drawn as an SVG or PNG
/// map. The drawing is ``CoverageMap`` (pure); this reads the inputs and writes the file.
extension RoutingCtl {
    static let renderUsage = """
        Usage: routingctl render [--profile apple|geojson] [--request LINK] [--width PIXELS]
                                 -o FILE.svg|FILE.png|- (FILE... | --app ID...)
               routingctl render --app ID [--offline] [--apps DIR]... [--coverage DIR] -o FILE.svg

        Draws coverage files on a map, for people to see what they cover: each file's polygons as
        written (holes unfilled, dashed), every finding of 'validate' where it is (crossing edges
        as ×, spikes as triangles, an edge that jumps across the antimeridian drawn itself, holes,
        other findings as rings; the message is the mark's tooltip), and, when the axes look
        swapped, the file read as [latitude, longitude] beside it in green. Around them: country
        outlines and coastlines (Natural Earth 1:110m), the largest populated places in view
        (GeoNames), a graticule with degree labels and a scale bar, in an equirectangular
        projection scaled by cos(latitude) for areas up to 20° by 30°, else Web Mercator. A legend
        right of the map names the files, their verdicts and the marks.

          -o, --output FILE  where to write: FILE.svg (SVG 1.1), FILE.png (needs rsvg-convert, from
                             Debian's librsvg2-bin), or '-' for the SVG on standard output; the
                             file is replaced atomically
          --app ID           draw routing app ID's coverage file, as the daemon lists it (ListApps);
                             when routingd is not running, or with --offline, --apps or --coverage,
                             from the manifests and coverage directory read here, as 'resolve
                             --offline' reads them; may be repeated
          --request LINK     also draw a directions request (a link of any format 'resolve' reads,
                             a .mkdirectionsrequest file, or a JSON request): its source, waypoints
                             and destination as pins A, 1, 2…, B with straight legs between them; the
                             current location and addresses have no coordinate and are only listed
          --profile NAME     the rules the findings come from: apple (default) or geojson
          --width PIXELS     width of the map (400 to 4000, default 960); the legend adds 320
          --socket PATH      the daemon's socket, for --app (default as for routingctl)
          --current-location-literals FILE
                             texts meaning "current location" in the --request link

        The same input gives the same bytes. Text from files and links is escaped. Huge files are
        thinned for drawing only (at most 100,000 outline vertices), never for the findings.
        Exit status: 0 written; 1 written, but some FILE had nothing to draw (not JSON, or no
        polygon in range); 2 usage or I/O error (unreadable file, unknown app, no rsvg-convert).
        """

    /// The renderer's name for temporary and atomically replaced files.
    static let renderWriter = "routingctl-render"

    static func render(_ arguments: [String], socket: String, literals: String?) throws(Arguments.UsageError) -> Int32 {
        // -o FILE, as other tools take it.
        var expanded: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" { expanded.append(argument); expanded += rest; break }
            expanded.append(argument == "-o" ? "--output" : argument)
        }
        let args = try Arguments(
            expanded, flags: ["offline", "help"],
            options: ["output", "app", "request", "profile", "width", "apps", "coverage", "socket", "current-location-literals"])
        if args.has("help") { out(renderUsage); return ExitStatus.success }

        var options = RenderOptions()
        if let name = args.options["profile"] {
            guard let profile = ValidationProfile(rawValue: name) else {
                return usageError("unknown profile '\(name)'; use apple or geojson", command: "render")
            }
            options.profile = profile
        }
        if let text = args.options["width"] {
            guard let width = Int(text), (400...4000).contains(width) else {
                return usageError("--width '\(text)' is not a whole number of pixels from 400 to 4000", command: "render")
            }
            options.width = width
        }
        guard let output = args.options["output"], !output.isEmpty else {
            return usageError("render needs -o FILE.svg, -o FILE.png or -o - (SVG on standard output)", command: "render")
        }
        let lowered = output.lowercased()
        let png = lowered.hasSuffix(".png")
        guard output == "-" || png || lowered.hasSuffix(".svg") else {
            return usageError("-o '\(output)': the name must end in .svg or .png (or be '-' for SVG on standard output)", command: "render")
        }
        if png, !SessionProcess.isInstalled("rsvg-convert") {
            err("routingctl: writing PNG needs rsvg-convert, which is not on PATH: install it (Debian: apt install librsvg2-bin), or write SVG with -o FILE.svg")
            return ExitStatus.usage
        }
        let appIDs = args.allValues["app"] ?? []
        guard !args.positionals.isEmpty || !appIDs.isEmpty else {
            return usageError("render needs coverage FILEs or --app ID", command: "render")
        }

        if args.options["request"] == "-", args.positionals.contains("-") {
            return usageError("standard input can hold the request or a coverage file, not both", command: "render")
        }
        // The request first: a bad link is reported before any file is read.
        var request: DirectionsRequest? = nil
        if let link = args.options["request"] {
            let parser: DirectionsURLParser
            switch LinkInput.parser(literalsPath: args.options["current-location-literals"] ?? literals, strict: false) {
            case .success(let p): parser = p
            case .failure(let message): err("routingctl: \(OneLine.escaped(message.text))"); return ExitStatus.usage
            }
            switch LinkInput.read(link, parser: parser) {
            case .success(let parsed):
                request = parsed.request
                for warning in parsed.warnings { err(warningLine(WireFormat.encode(warning))) }
            case .failure(.io(let message)):
                err("routingctl: --request: \(OneLine.escaped(message))")
                return ExitStatus.usage
            case .failure(.parse(let error)):
                let parameter = error.parameter.map { " (parameter '\(OneLine.escaped($0))')" } ?? ""
                err("routingctl: --request: cannot parse the link\(parameter): \(OneLine.escaped(error.message)) [\(error.code.rawValue)]")
                return ExitStatus.usage
            case .failure(.request(let error)):
                err("routingctl: --request: \(OneLine.escaped(error.description))")
                return ExitStatus.usage
            }
        }

        var sources: [CoverageSource] = []
        for path in args.positionals {
            switch path == "-" ? readStandardInput() : CoverageDirectory.readFile(path) {
            case .success(let bytes): sources.append(CoverageSource(name: path, bytes: bytes))
            case .failure(let error):
                err("routingctl: \(OneLine.escaped(error.message))")
                return ExitStatus.usage
            }
        }
        if !appIDs.isEmpty {
            switch appCoverage(appIDs, args: args, socket: socket) {
            case .success(let found): sources += found
            case .failure(let status): return status.code
            }
        }

        let map = CoverageMap.render(sources, request: request, options: options)
        for note in map.notes { err("routingctl: note: \(note)") }
        let written: Bool
        if output == "-" {
            written = writeBytes(1, map.svg)
            if !written { err("routingctl: cannot write the SVG to standard output: \(String(cString: strerror(errno)))") }
        } else if png {
            written = writePNG(map.svg, to: output)
        } else {
            written = writeRendered(map.svg, to: output)
        }
        guard written else { return ExitStatus.usage }
        if output != "-" {
            let thinned = map.thinnedForSize ? " (outlines thinned for drawing: \(map.drawnVertices) vertices for \(map.filePositions) positions)" : ""
            err("routingctl: wrote \(OneLine.escaped(output))\(thinned)")
        }
        return map.undrawable.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// The coverage files of the apps `ids`: from the daemon's ListApps (the file it names, read
    /// here), or when the daemon is not running or in-process options are given, from the
    /// directories `resolve --offline` reads.
    static func appCoverage(_ ids: [String], args: Arguments, socket: String) -> Result<[CoverageSource], StatusCode> {
        let inProcess = args.has("offline") || InProcessResolver.options.contains { args.options[$0] != nil }
        if !inProcess {
            let path = args.options["socket"] ?? socket
            do {
                let client = try VarlinkClient(path: path, timeout: daemonTimeout)
                defer { client.close() }
                let listed = try client.call("org.routingd.Directions.ListApps", [:])
                var apps: [String: JSON] = [:]
                for app in listed["apps"]?.arrayValue ?? [] {
                    if let id = app["id"]?.stringValue { apps[id] = app }
                }
                var sources: [CoverageSource] = []
                for id in ids {
                    guard let app = apps[id] else {
                        let hint = suggestion(for: id, among: apps.keys.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                        err("routingctl: routingd has no routing app '\(OneLine.escaped(id))'\(hint) (routingctl apps lists them)")
                        return .failure(StatusCode(code: ExitStatus.usage))
                    }
                    guard let coverage = app["coverage"]?.stringValue else {
                        err("routingctl: routingd lists no coverage file for '\(OneLine.escaped(id))'")
                        return .failure(StatusCode(code: ExitStatus.usage))
                    }
                    switch CoverageDirectory.readFile(coverage) {
                    case .success(let bytes): sources.append(CoverageSource(name: "\(id) (\(coverage))", bytes: bytes))
                    case .failure(let error):
                        err("routingctl: app \(OneLine.escaped(id)): \(OneLine.escaped(error.message))")
                        return .failure(StatusCode(code: ExitStatus.usage))
                    }
                }
                return .success(sources)
            } catch let error as SystemError where error.errno == ENOENT || error.errno == ECONNREFUSED {
                err("routingctl: note: routingd is not running (\(OneLine.escaped(error.description))); reading the apps in this process")
            } catch let error as SystemError where error.errno == ETIMEDOUT {
                return .failure(StatusCode(code: notAnswering(path, error: error)))
            } catch let error as VarlinkError {
                _ = report(error, json: false)
                return .failure(StatusCode(code: ExitStatus.failure))
            } catch {
                err("routingctl: cannot reach routingd at \(OneLine.escaped(path)): \(OneLine.escaped("\(error)"))")
                return .failure(StatusCode(code: ExitStatus.usage))
            }
        }
        let directories = AppDirectories.standard(extra: args.allValues["apps"] ?? [], coverageDirectory: args.options["coverage"])
        for warning in directories.directoryWarnings() { InProcessResolver.note(warning) }
        let reading: AppDirectories.Reading
        do {
            reading = try directories.read()
        } catch {
            err("routingctl: \(OneLine.escaped(error.description))")
            return .failure(StatusCode(code: ExitStatus.usage))
        }
        var sources: [CoverageSource] = []
        for id in ids {
            guard let source = reading.sources.first(where: { $0.id == id }) else {
                let hint = suggestion(for: id, among: reading.sources.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                err("routingctl: no routing app '\(OneLine.escaped(id))' in \(OneLine.escaped(directories.appDirectories.joined(separator: ", "))) or \(OneLine.escaped(directories.coverageDirectory))\(hint)")
                return .failure(StatusCode(code: ExitStatus.usage))
            }
            guard let coverage = source.coverage else {
                err("routingctl: app \(OneLine.escaped(id)) names no coverage file")
                return .failure(StatusCode(code: ExitStatus.usage))
            }
            switch coverage.contents {
            case .success(let bytes): sources.append(CoverageSource(name: "\(id) (\(coverage.path))", bytes: bytes))
            case .failure(let error):
                err("routingctl: app \(OneLine.escaped(id)): \(OneLine.escaped(error.message))")
                return .failure(StatusCode(code: ExitStatus.usage))
            }
        }
        return .success(sources)
    }

    /// Replaces `path` with `bytes` atomically; says why not on standard error.
    static func writeRendered(_ bytes: [UInt8], to path: String) -> Bool {
        do {
            try AtomicFile.replace(path, with: bytes, expecting: .anything, writer: renderWriter)
            return true
        } catch {
            err("routingctl: cannot write \(OneLine.escaped(path)): \(OneLine.escaped(error.description)); nothing was written")
            return false
        }
    }

    /// Converts the SVG with `rsvg-convert` (through two temporary files) and replaces `path` with
    /// the PNG atomically.
    static func writePNG(_ svg: [UInt8], to path: String) -> Bool {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var svgTemplate = Array("\(directory)/routingctl-render-XXXXXX.svg".utf8CString)
        let svgFD = svgTemplate.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard svgFD >= 0 else {
            err("routingctl: cannot create a temporary file in \(OneLine.escaped(directory)): \(String(cString: strerror(errno)))")
            return false
        }
        let svgPath = String(decoding: svgTemplate.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let pngPath = String(svgPath.dropLast(4)) + ".png"
        defer {
            unlink(svgPath)
            unlink(pngPath)
        }
        let wroteSVG = writeBytes(svgFD, svg)
        close(svgFD)
        guard wroteSVG else {
            err("routingctl: cannot write the temporary file \(OneLine.escaped(svgPath)): \(String(cString: strerror(errno)))")
            return false
        }
        switch SessionProcess.run(["rsvg-convert", "--format", "png", "--output", pngPath, svgPath]) {
        case .failure(let error):
            err("routingctl: cannot run rsvg-convert: \(OneLine.escaped(error.description))")
            return false
        case .success(let outcome) where outcome.status != 0:
            err("routingctl: rsvg-convert failed (exit status \(outcome.status)); nothing was written")
            return false
        case .success:
            break
        }
        switch CoverageDirectory.readFile(pngPath) {
        case .success(let png): return writeRendered(png, to: path)
        case .failure(let error):
            err("routingctl: rsvg-convert wrote no PNG: \(OneLine.escaped(error.message))")
            return false
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; false on an error (errno set).
    static func writeBytes(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}
