// SPDX-License-Identifier: Apache-2.0
/// Writes a ``DirectionsRequest`` as a link a routing app understands. Pure: no I/O. Parsing a built
/// link gives back the request when ``BuiltLink/omitted`` is empty; building again gives the same text.
public enum DirectionsLinkBuilder {
    private static let byFormat = Dictionary(DirectionsLinkFormats.all.map { ($0.format, $0) }) { _, last in last }

    /// The formats a request can be written in, in ``LinkFormat`` order.
    public static var formats: [LinkFormat] { LinkFormat.allCases.filter { byFormat[$0] != nil } }

    /// Writes `request` as a link in `format`.
    /// - Throws: ``LinkBuildError`` `unsupported-format` for a parse-only format, `cannot-express` when the format
    ///   cannot carry the destination or fixed parts, or an address would read back as something else (`@9,2`).
    public static func build(_ request: DirectionsRequest, as format: LinkFormat) throws(LinkBuildError) -> BuiltLink {
        guard let builder = byFormat[format] else {
            throw LinkBuildError(code: .unsupportedFormat, message: "routingd reads \(format.rawValue) links but does not write them; use one of "
                + formats.map(\.rawValue).joined(separator: ", "))
        }
        // Readers trim names and addresses, so they are written trimmed (noted), keeping
        // build → parse → build stable (issue 14).
        var trimmed: [String] = []
        let written = trimmedTexts(request, notes: &trimmed)
        // No format marks a point as a map view's centre: written, it reads back exact.
        for (role, e) in written.endpoints where e.precision == .approximate {
            trimmed.append("\(role) precision: approximate (a map view's centre), which \(format.rawValue) links cannot mark; written as an exact point")
        }
        var built = try builder.build(written)
        try checkKinds(written, built, builder)
        built.omitted = trimmed + built.omitted
        return built
    }

    /// Reads `built` back (lenient) and refuses it when an endpoint (a waypoint, if all are kept) comes back as another
    /// kind (`@9,2` in a Google `daddr` reads as a coordinate; issue 14), or when an address makes it unreadable.
    /// - Throws: `cannot-express` naming the field (`source`, `destination`, `waypoints[i]`).
    static func checkKinds(_ request: DirectionsRequest, _ built: BuiltLink, _ builder: any DirectionsLinkFormat.Type) throws(LinkBuildError) {
        let read: DirectionsRequest
        do {
            read = try AppleGoogleLinkText.checker.parse(built.url)
        } catch {
            try unreadableAddress(request, built, builder, error)
            return  // not an address: the builder's own bug, caught by the round-trip tests
        }
        var pairs = [("source", request.source, read.source), ("destination", request.destination, read.destination)]
        if read.waypoints.count == request.waypoints.count {
            for i in request.waypoints.indices { pairs.append(("waypoints[\(i)]", request.waypoints[i], read.waypoints[i])) }
        }
        for (field, wanted, got) in pairs where kind(wanted) != kind(got) {
            throw LinkBuildError(code: .cannotExpress, message: "the \(field) \(describe(wanted)) would read back as \(kind(got)) from a link in the "
                + "\(built.format.rawValue) format, which has no way to mark it as \(kind(wanted)); write it in another format", field: field)
        }
    }

    /// Finds the address that makes `built` unreadable: the first whose replacement by a plain word gives a link that parses.
    private static func unreadableAddress(
        _ request: DirectionsRequest, _ built: BuiltLink, _ builder: any DirectionsLinkFormat.Type, _ error: DirectionsURLError
    ) throws(LinkBuildError) {
        for (role, endpoint) in request.endpoints {
            guard case .address(let text, let id) = endpoint else { continue }
            var plain = request
            let field: String
            switch role {
            case .source: plain.source = .address("Paris", placeID: id); field = "source"
            case .destination: plain.destination = .address("Paris", placeID: id); field = "destination"
            case .waypoint(let i): plain.waypoints[i] = .address("Paris", placeID: id); field = "waypoints[\(i)]"
            }
            guard let other = try? builder.build(plain), (try? AppleGoogleLinkText.checker.parse(other.url)) != nil else { continue }
            throw LinkBuildError(code: .cannotExpress, message: "the \(field) address '\(DirectionsURLParser.shorten(text))' cannot be written in the "
                + "\(built.format.rawValue) format: it would read back as an error (\(error.message))", field: field)
        }
    }

    private static func kind(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .address: "an address"
        case .coordinate: "a coordinate"
        case .currentLocation: "the current location"
        }
    }

    private static func describe(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .address(let text, _): "address '\(DirectionsURLParser.shorten(text))'"
        case .coordinate(let c, _, _, _): LinkWriting.pair(c)
        case .currentLocation: "(the current location)"
        }
    }

    /// `request` with labels and addresses trimmed as the readers trim (a blank label dropped), noting each change.
    static func trimmedTexts(_ request: DirectionsRequest, notes: inout [String]) -> DirectionsRequest {
        func trim(_ endpoint: Endpoint, _ field: String) -> Endpoint {
            switch endpoint {
            case .coordinate(let c, let label?, let id, let precision):
                let t = DirectionsURLParser.trimmed(label)
                if t.utf8.count == label.utf8.count { return endpoint }
                notes.append("\(field) label: spaces and line breaks at its ends are not kept; written as '\(DirectionsURLParser.shorten(t))'")
                return .coordinate(c, label: t.isEmpty ? nil : t, placeID: id, precision: precision)
            case .address(let text, let id):
                let t = DirectionsURLParser.trimmed(text)
                if t.utf8.count == text.utf8.count { return endpoint }
                notes.append("\(field): spaces and line breaks at the ends of the address are not kept; written as '\(DirectionsURLParser.shorten(t))'")
                return .address(t, placeID: id)
            default:
                return endpoint
            }
        }
        var out = request
        out.source = trim(request.source, "source")
        out.destination = trim(request.destination, "destination")
        out.waypoints = request.waypoints.enumerated().map { trim($1, "waypoints[\($0)]") }
        return out
    }

    /// The travel-mode words of `format` (empty when it has none or no builder).
    public static func modeVocabulary(of format: LinkFormat) -> [ModeWord] { byFormat[format]?.modeVocabulary ?? [] }
}
