// SPDX-License-Identifier: Apache-2.0
import CoverageReports
import Glibc
import RoutingCore
import RoutingService
import StrictJSON

extension RoutingCtl {
    // MARK: contains

    static let containsUsage = """
        Usage: routingctl contains [--json] [--profile apple|geojson] FILE [LATITUDE LONGITUDE ...]

        Says where each point lies relative to the coverage in FILE: inside, boundary (on an edge or
        vertex of the covered area) or outside. Points are WGS84 degrees, latitude first; FILE holds
        GeoJSON [longitude, latitude] positions. The covered area is the union of the polygons minus
        their holes, with straight edges in longitude/latitude (RFC 7946 §3.1.1); -180 and 180 are
        the same meridian. The answer is exact for the numbers given.

        With no points on the command line, reads one point per line from standard input,
        LATITUDE LONGITUDE separated by spaces, tabs or a comma; blank lines and lines starting
        with '#' are skipped.

        Prints one line per point, LATITUDE LONGITUDE LOCATION, or with --json
          {"points":[{"latitude":…,"longitude":…,"location":"inside|boundary|outside"}]}
        --profile picks the validation rules for FILE (default apple; geojson allows holes,
        Polygon and Feature/FeatureCollection wrappers).
        Exit status: 0 when every point was answered; 1 when FILE is not a valid coverage file (its
        errors are printed as validate prints them); 2 on a usage error, an invalid point (NaN,
        latitude outside -90...90, longitude outside -180...180) or an unreadable file.
        """

    /// `routingctl contains [--json] [--profile apple|geojson] FILE [LAT LON ...]`.
    static func contains(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(arguments, flags: ["json", "help"], options: ["profile"])
        if args.has("help") { out(containsUsage); return ExitStatus.success }
        let json = args.has("json")
        var profile = ValidationProfile.apple
        if let name = args.options["profile"] {
            guard let chosen = ValidationProfile(rawValue: name) else {
                return usageError("unknown profile '\(name)'; use apple or geojson", command: "contains")
            }
            profile = chosen
        }
        guard let path = args.positionals.first else {
            return usageError("contains needs a coverage FILE", command: "contains")
        }
        // LAT LON as two arguments, or LAT,LON as one (as `location set` takes it).
        if let odd = args.positionals.dropFirst().first(where: { $0.split(separator: ",", omittingEmptySubsequences: false).count > 2 }) {
            return usageError("'\(odd)' is not LATITUDE,LONGITUDE: one comma separates the two numbers", command: "contains")
        }
        let pointArguments = args.positionals.dropFirst().flatMap { argument -> [String] in
            let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            return parts.count == 2 ? parts.map { $0.trimmingPrefix(" ").description } : [argument]
        }
        guard pointArguments.count % 2 == 0 else {
            return usageError(
                "points come in pairs LATITUDE LONGITUDE, but \(pointArguments.count) number\(pointArguments.count == 1 ? " was" : "s were") given after FILE",
                command: "contains")
        }

        // Points first: a bad point is a usage error whatever the file holds.
        var points: [(latitude: String, longitude: String, coordinate: Coordinate)] = []
        if pointArguments.isEmpty {
            if path == "-" {
                return usageError("FILE '-' would be standard input, which is where the points come from; give a file name", command: "contains")
            }
            let input: [UInt8]
            switch readStandardInput(limit: 1 << 30, what: "points") {
            case .success(let bytes): input = bytes
            case .failure(let error):
                err("routingctl: \(OneLine.escaped(error.message))")
                return ExitStatus.usage
            }
            var lineNumber = 0
            for rawLine in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                let line = String(decoding: rawLine, as: UTF8.self)
                let fields = line.split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }
                if fields.isEmpty || fields[0].hasPrefix("#") { continue }
                guard fields.count == 2 else {
                    err("routingctl: standard input line \(lineNumber): expected LATITUDE LONGITUDE, got '\(OneLine.escaped(line))'")
                    return ExitStatus.usage
                }
                switch parsePoint(String(fields[0]), String(fields[1])) {
                case .success(let c): points.append((String(fields[0]), String(fields[1]), c))
                case .failure(let problem):
                    err("routingctl: standard input line \(lineNumber): \(problem.message)")
                    return ExitStatus.usage
                }
            }
        } else {
            for pair in stride(from: 0, to: pointArguments.count, by: 2) {
                let latitude = pointArguments[pair], longitude = pointArguments[pair + 1]
                switch parsePoint(latitude, longitude) {
                case .success(let c): points.append((latitude, longitude, c))
                case .failure(let problem):
                    return usageError("point \(pair / 2 + 1) (arguments '\(latitude)' '\(longitude)'): \(problem.message)", command: "contains")
                }
            }
        }

        let bytes: [UInt8]
        switch path == "-" ? readStandardInput() : CoverageDirectory.readFile(path) {
        case .success(let contents): bytes = contents
        case .failure(let error):
            err("routingctl: \(OneLine.escaped(error.message))")
            return ExitStatus.usage
        }
        let validation = CoverageValidator.validate(bytes, profile: profile)
        guard var coverage = validation.coverage else {
            let errors = validation.diagnostics.filter { $0.severity == .error }
            if json {
                out(jsonText(JSON.object([
                    "path": .string(path), "valid": false,
                    "diagnostics": .array(validation.diagnostics.map(WireFormat.encode)),
                ])))
            }
            let catalogue = ruleCatalogueLink
            for d in errors { err(GCCReport.render(d, path: path, source: bytes, catalogue: catalogue, colour: colourErr)) }
            err("routingctl: \(OneLine.escaped(path)) is not a valid coverage file (\(profile.rawValue) profile): \(errors.count) error\(errors.count == 1 ? "" : "s")")
            return ExitStatus.failure
        }

        // Building the edge indexes costs about as much as scanning each edge once or twice: worth it
        // only for more than a few points.
        if points.count > 4 { coverage = coverage.indexed() }
        if json {
            let encoded: [JSON] = points.map { point in
                [
                    "latitude": .number(point.coordinate.latitude),
                    "longitude": .number(point.coordinate.longitude),
                    "location": .string(coverage.location(of: point.coordinate).rawValue),
                ]
            }
            out(jsonText(JSON.object(["points": .array(encoded)])))
        } else {
            var text = ""
            for point in points {
                text += "\(point.latitude) \(point.longitude) \(coverage.location(of: point.coordinate).rawValue)\n"
            }
            writeAll(1, text)
        }
        return ExitStatus.success
    }

    /// A coordinate from latitude and longitude text (WGS84 degrees), with a message naming the bad part.
    static func parsePoint(_ latitudeText: String, _ longitudeText: String) -> Result<Coordinate, LocationProblem> {
        guard let latitude = Double(latitudeText) else {
            return .failure(.init(message: "latitude '\(latitudeText)' is not a decimal number of degrees"))
        }
        guard let longitude = Double(longitudeText) else {
            return .failure(.init(message: "longitude '\(longitudeText)' is not a decimal number of degrees"))
        }
        do {
            return .success(try Coordinate.validated(latitude: latitude, longitude: longitude))
        } catch {
            switch error {
            case .latitudeOutOfRange:
                return .failure(.init(message: "latitude \(latitudeText) is outside -90…90 degrees"))
            case .longitudeOutOfRange:
                return .failure(.init(message: "longitude \(longitudeText) is outside -180…180 degrees"))
            }
        }
    }

}
