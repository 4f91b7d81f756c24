// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// Turns a routing app's launch template into the argv that `execve(2)` runs for one request.
///
/// The template is the manifest's `Exec` key, already split into tokens with the Desktop Entry
/// quoting removed (Desktop Entry Specification, "The Exec key"). Each token is one argv element;
/// nothing here, nor later, is ever given to a shell, and a substituted value is never re-split, so
/// a link carrying `;`, `$(…)`, backticks, quotes, spaces or newlines stays inside its one element.
///
/// Placeholders, anywhere inside a token except the first (the program):
/// - `%u`: the link. With `LinkFormat`, the request written in that format by
///   ``DirectionsLinkBuilder``; otherwise the link exactly as received.
/// - `%s`, `%d`: the source and the destination as `latitude,longitude` (WGS84 degrees, shortest
///   exact decimal form, e.g. `51.500652,-0.124833`). The current location becomes the daemon's
///   current location when it is known. An endpoint without a coordinate (an unknown current
///   location, an address) has no value.
/// - `%m`: the directions mode, Apple's `MKDirectionsMode` name without the prefix (`Pedestrian`,
///   `StreetCar`); no value when the request names no mode (or only a transport type).
/// - `%%`: a literal `%`.
///
/// A token holding a placeholder that has no value is dropped whole, so write `--from=%s` (one
/// token) to drop the option with its value; `--from %s` would keep a bare `--from`.
///
/// With no `Exec`, an app that has a `LinkFormat` is launched as `xdg-open <built link>`
/// (xdg-utils' `xdg-open(1)` hands the link to the desktop's handler for its scheme).
///
/// Pure: no I/O. The program is returned as written; ``ProcessLaunch`` (RoutingService) looks it up
/// on `PATH`.
public enum LaunchCommand {
    /// The argv for launching `app` on `request`.
    /// - Parameters:
    ///   - app: the routing app, with its `exec` template and/or `linkFormat`.
    ///   - request: the parsed request (endpoints in WGS84 degrees).
    ///   - link: the link as received (what `%u` is when the app has no `LinkFormat`).
    ///   - currentLocation: the daemon's current location, or nil when unknown.
    /// - Returns: the program and its arguments, never empty.
    /// - Throws: ``LaunchError`` for an unknown or dangling placeholder (with its token and offset),
    ///   a placeholder in the program, an empty template, an app with no launch data, or a request
    ///   that `LinkFormat` cannot express.
    public static func argv(
        for app: RoutingApp, request: DirectionsRequest, link: String, currentLocation: Coordinate?
    ) throws(LaunchError) -> [String] {
        try argv(exec: app.exec, linkFormat: app.linkFormat, appID: app.id,
                 request: request, link: link, currentLocation: currentLocation)
    }

    /// The argv from an `Exec` template and a `LinkFormat` given directly (as read from a manifest
    /// or from the daemon's app list); `appID` is only used in messages.
    /// - Throws: ``LaunchError``, as ``argv(for:request:link:currentLocation:)``.
    public static func argv(
        exec: [String]?, linkFormat: LinkFormat?, appID: String,
        request: DirectionsRequest, link: String, currentLocation: Coordinate?
    ) throws(LaunchError) -> [String] {
        var builtLink = link
        if let linkFormat {
            do {
                builtLink = try DirectionsLinkBuilder.build(request, as: linkFormat).url
            } catch {
                throw LaunchError(
                    code: .cannotBuildLink,
                    message: "\(appID) takes \(linkFormat.rawValue) links, and this request cannot be written as one: \(error.message)")
            }
        }
        guard let exec else {
            guard linkFormat != nil else {
                throw LaunchError(
                    code: .noLaunchCommand,
                    message: "\(appID) has no launch command: it has neither Exec nor LinkFormat (a bare coverage file has neither; a *.routingapp manifest gives them)")
            }
            return ["xdg-open", builtLink]
        }
        guard let program = exec.first, !program.isEmpty else {
            throw LaunchError(code: .emptyCommand, argument: 0, message: "\(appID): the Exec template has no program")
        }
        if let offset = Array(program.unicodeScalars).firstIndex(of: "%") {
            throw LaunchError(
                code: .placeholderInProgram, placeholder: String(program.unicodeScalars.dropFirst(offset).prefix(2)),
                argument: 0, offset: offset,
                message: "\(appID): the program '\(program)' contains '%'; placeholders may only stand in the arguments, so a link can never choose what runs")
        }
        let values = Values(link: builtLink, request: request, currentLocation: currentLocation)
        var argv = [program]
        for (index, token) in exec.enumerated().dropFirst() {
            if let element = try substitute(token, argument: index, values: values, appID: appID) {
                argv.append(element)
            }
        }
        return argv
    }

    /// The values of the placeholders for one request.
    struct Values {
        var link: String
        var source: String?
        var destination: String?
        var mode: String?

        init(link: String, request: DirectionsRequest, currentLocation: Coordinate?) {
            self.link = link
            source = Self.text(request.source, currentLocation)
            destination = Self.text(request.destination, currentLocation)
            mode = request.mode?.rawValue
        }

        /// `lat,lon` for a coordinate, the current location when known; nil otherwise.
        static func text(_ endpoint: Endpoint, _ currentLocation: Coordinate?) -> String? {
            let coordinate: Coordinate?
            switch endpoint {
            case .coordinate(let c, _, _, _): coordinate = c
            case .currentLocation: coordinate = currentLocation
            case .address: coordinate = nil
            }
            return coordinate.map { JSON.format($0.latitude) + "," + JSON.format($0.longitude) }
        }
    }

    /// One token with its placeholders replaced, or nil when a placeholder in it has no value.
    static func substitute(_ token: String, argument: Int, values: Values, appID: String) throws(LaunchError) -> String? {
        var result = ""
        var scalars = token.unicodeScalars.makeIterator()
        var offset = 0
        while let scalar = scalars.next() {
            defer { offset += 1 }
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            guard let code = scalars.next() else {
                throw LaunchError(
                    code: .danglingPercent, placeholder: "%", argument: argument, offset: offset,
                    message: "\(appID): Exec argument \(argument) ('\(token)') ends with a lone '%'; write %% for a percent sign")
            }
            let value: String?
            switch code {
            case "u": value = values.link
            case "s": value = values.source
            case "d": value = values.destination
            case "m": value = values.mode
            case "%": value = "%"
            default:
                throw LaunchError(
                    code: .unknownPlaceholder, placeholder: "%" + String(code), argument: argument, offset: offset,
                    message: "\(appID): Exec argument \(argument) ('\(token)') uses %\(code), which routingd does not know; use %u (link), %s (source), %d (destination), %m (mode) or %% (a percent sign)")
            }
            guard let value else { return nil }
            result += value
            offset += 1
        }
        return result
    }
}
