// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// The binary property-list reader (Sources/DirectionsLinks/PropertyList) through Apple's
/// `.mkdirectionsrequest` file reader (``MKDirectionsRequestFile``), which decodes every input with
/// it first, lenient and strict.
///
/// Properties: never a trap or a hang, whatever the offsets, counts and references say (cycles,
/// overlaps, huge counts); an error is `malformed-url`, `invalid-parameter`, `missing-destination`
/// or `coordinates-unavailable` (a map item known only by Apple-private data) with a message and a
/// parameter; a request read has the format `mkDirectionsRequest` and no
/// mode or dates (the file carries none); strict and lenient read the same request.
enum PropertyListTarget {
    static let lenient = DirectionsURLParser()
    static let strict = DirectionsURLParser(strict: true)

    static let target = FuzzTarget(
        name: "plist", summary: "BinaryPropertyList via MKDirectionsRequestFile.parse (lenient and strict)",
        run: { bytes in
            let context = { "plist \(FuzzCheck.quoted(bytes))" }
            let lenientResult: ParsedLink?
            do throws(DirectionsURLError) {
                let parsed = try MKDirectionsRequestFile.parse(bytes, parser: lenient)
                FuzzCheck.require(parsed.format == .mkDirectionsRequest, "\(context()): format \(parsed.format)")
                FuzzCheck.require(
                    parsed.request.mode == nil && parsed.request.transportType == nil
                        && parsed.request.departureDate == nil && parsed.request.arrivalDate == nil,
                    "\(context()): a request with fields the file cannot carry: \(parsed.request)")
                lenientResult = parsed
            } catch {
                FuzzCheck.require(
                    ([.malformedURL, .invalidParameter, .missingDestination, .coordinatesUnavailable] as [DirectionsURLError.Code]).contains(error.code),
                    "\(context()): unexpected error code \(error)")
                FuzzCheck.require(!error.message.isEmpty && error.parameter != nil, "\(context()): error without message or parameter: \(error)")
                lenientResult = nil
            }
            let strictResult = try? MKDirectionsRequestFile.parse(bytes, parser: strict)
            if let strictResult {
                FuzzCheck.require(
                    lenientResult?.request == strictResult.request,
                    "\(context()): strict read \(strictResult.request), lenient \(lenientResult.map { "\($0.request)" } ?? "nothing")")
            }
        })
}
