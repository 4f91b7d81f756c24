// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// Coverage validation with the fixer (``CoverageValidator``, ``CoverageFixer``) on any bytes.
///
/// Properties, for `fix(input)` and `fix(input, swapAxes: true)`:
/// 1. the output (when there is one) is JSON, and validates without error when the fix says it is
///    valid (``CoverageFix/isValid``); ``CoverageFix/outputDiagnostics`` are what the validator finds;
/// 2. fixing the output again changes nothing (no change listed, same bytes);
/// 3. without swapAxes the covered region never shrinks: when the input is valid enough to decide
///    (it validates under the GeoJSON profile, which gives its coverage), every sample point (every
///    vertex, every edge midpoint, a grid over the bounding box) that is inside or on the boundary of
///    the input's coverage is inside or on the boundary of the output's, and an inside point stays
///    inside. The output's region is read from its polygons as written, whether or not they validate:
///    merging a FeatureCollection's features can make polygons that share an edge, which is invalid
///    in one MultiPolygon (OGC) though it covers the same points; the fixer reports that as unfixed.
enum CoverageFixTarget {
    static let target = FuzzTarget(
        name: "coverage-fix", summary: "CoverageValidator + CoverageFixer: output validates, idempotent, region kept",
        run: { bytes in
            let validation = CoverageValidator.validate(bytes)
            FuzzCheck.require(
                validation.isValid == !validation.diagnostics.contains { $0.severity == .error },
                "validity and errors disagree for \(FuzzCheck.quoted(bytes))")
            check(bytes, swapAxes: false)
            check(bytes, swapAxes: true)
        })

    static func check(_ input: [UInt8], swapAxes: Bool) {
        let context = { "fix(swapAxes: \(swapAxes)) of \(FuzzCheck.quoted(input))" }
        let fix = CoverageFixer.fix(input, swapAxes: swapAxes)
        guard let output = fix.output else {
            FuzzCheck.require(fix.changes.isEmpty, "\(context()): changes without output")
            FuzzCheck.require(!fix.unfixed.isEmpty, "\(context()): no output and no reason")
            return
        }
        if fix.changes.isEmpty {
            FuzzCheck.require(output == input, "\(context()): no change listed, but the bytes differ")
        }
        FuzzCheck.require((try? JSONParser().parse(output)) != nil, "\(context()): output is not JSON: \(FuzzCheck.quoted(output))")
        let outputValidation = CoverageValidator.validate(output)
        let found = outputValidation.diagnostics.filter { $0.severity != .note }
        FuzzCheck.require(found == fix.outputDiagnostics, "\(context()): outputDiagnostics are not what the validator finds in the output")
        if fix.isValid {
            FuzzCheck.require(outputValidation.isValid, "\(context()): said valid, but the output has errors: \(found)")
        }
        // 2. Idempotent.
        let again = CoverageFixer.fix(output)
        FuzzCheck.require(
            again.output == output && again.changes.isEmpty,
            "\(context()): fixing the output again changed it: \(again.changes)\n  output \(FuzzCheck.quoted(output))\n  again  \(again.output.map(FuzzCheck.quoted) ?? "nil")")
        // 3. The region never shrinks.
        guard !swapAxes, let before = CoverageValidator.validate(input, profile: .geojson).coverage else { return }
        guard let after = region(of: output) else {
            FuzzCheck.fail("\(context()): the input has a coverage (GeoJSON profile), the output no readable polygons: \(FuzzCheck.quoted(output))")
        }
        for point in samplePoints(of: before) {
            let was = before.location(of: point)
            let now = after.location(of: point)
            let kept = switch was {
            case .outside: true
            case .boundary: now != .outside
            case .inside: now == .inside
            }
            FuzzCheck.require(
                kept, "\(context()): \(point.latitude),\(point.longitude) was \(was), is \(now) in \(FuzzCheck.quoted(output))")
        }
    }

    /// Vertices, edge midpoints and a 7×7 grid over the bounding box (capped, so that a huge file
    /// does not make one input take seconds).
    static func samplePoints(of coverage: Coverage) -> [Coordinate] {
        var points: [Coordinate] = []
        outer: for polygon in coverage.polygons {
            for ring in polygon.rings {
                for (a, b) in zip(ring, ring.dropFirst()) {
                    points.append(a)
                    points.append(Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2))
                    if points.count >= 2_000 { break outer }
                }
            }
        }
        let box = coverage.boundingBox
        for i in 0...6 {
            for j in 0...6 {
                let latitude = box.south + (box.north - box.south) * Double(i) / 6
                let longitude = box.west + (box.east - box.west) * Double(j) / 6
                points.append(Coordinate(latitude: latitude, longitude: longitude))
            }
        }
        return points
    }

    /// The polygons of a fixer's output (a bare MultiPolygon), as written; nil when the structure is
    /// not rings of [longitude, latitude, …] positions.
    static func region(of output: [UInt8]) -> Coverage? {
        guard let root = try? JSONParser().parse(output).root, let polygons = root["coordinates"]?.elements else { return nil }
        var result: [CoveragePolygon] = []
        for polygon in polygons {
            guard let rings = polygon.elements, !rings.isEmpty else { return nil }
            var read: [[Coordinate]] = []
            for ring in rings {
                guard let positions = ring.elements else { return nil }
                var coordinates: [Coordinate] = []
                for position in positions {
                    guard let numbers = position.elements, numbers.count >= 2,
                          let longitude = numbers[0].number, let latitude = numbers[1].number else { return nil }
                    coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
                }
                read.append(coordinates)
            }
            result.append(CoveragePolygon(exterior: read[0], holes: Array(read.dropFirst())))
        }
        return Coverage(polygons: result)
    }
}
