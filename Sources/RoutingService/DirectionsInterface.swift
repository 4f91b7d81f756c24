// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON
import Varlink

/// `org.routingd.Directions`: resolve directions links against routing apps, and the current location.
public enum DirectionsInterface {
    /// The interface description in varlink IDL (varlink.org/Interface-Definition), served by
    /// `org.varlink.service.GetInterfaceDescription`.
    public static let description = """
        # Directions requests from links, checked against routing apps' coverage, and links built
        # back from requests.
        #
        # Coordinates are WGS84 degrees, latitude first. An app is eligible when it serves the
        # request's mode and the source, every waypoint and the destination lie in its coverage
        # (boundary included), as Maps decides for routing apps on iOS. Link formats, decoding rules
        # and mode words: docs/directions-links.md.
        interface org.routingd.Directions

        # One end or stop of a route. kind says which other fields are set:
        # coordinate: latitude, longitude and maybe label and placeID; currentLocation: none;
        # address: text (not geocoded) and maybe placeID. placeID is an opaque id the link carried
        # (Apple source-place-id, Google destination_place_id), never looked up. precision (set
        # on every coordinate in replies; exact when a call leaves it out) says how the link gave
        # the point: exact (a pin, marker, place or route point) or approximate (only the centre
        # of a map view the link showed).
        type Endpoint (
          kind: (coordinate, currentLocation, address),
          latitude: ?float,
          longitude: ?float,
          label: ?string,
          text: ?string,
          placeID: ?string,
          precision: ?(exact, approximate)
        )

        # A directions request. mode is an MKDirectionsApplicationSupportedModes name (Car,
        # Pedestrian, Bus, Train, Subway, StreetCar, Ferry, Bike, Plane, RideShare, Taxi, Other) or
        # null; transportType is an MKDirectionsTransportType name (Automobile, Walking, Transit,
        # Cycling) or null, and follows mode when mode is set. avoid lists tolls, highways,
        # ferries. navigate asks for turn-by-turn guidance at once. departureDate and arrivalDate
        # are ISO 8601 text exactly as the link gave it. As input (DecideApps, BuildLink) source
        # defaults to the current location, waypoints and avoid to empty, navigate to false;
        # a member this interface does not declare is refused with
        # org.varlink.service.InvalidParameter naming its path (request.destination.lattitude),
        # a member of another endpoint kind with InvalidRequest.
        type Request (
          source: Endpoint,
          destination: Endpoint,
          waypoints: []Endpoint,
          mode: ?string,
          transportType: ?string,
          avoid: []string,
          navigate: bool,
          departureDate: ?string,
          arrivalDate: ?string
        )

        # A repair made while parsing a link leniently: the link was usable, but not as its
        # format says. code is a stable id (repaired-syntax, likely-typo, ignored-value,
        # coordinates-unavailable); with strict the same finding is the InvalidURL error.
        type Warning (
          code: string,
          message: string,
          parameter: ?string
        )

        # Why an app is not, or not yet, eligible. endpoint is source, waypoint[N] or destination,
        # absent for a reason about the mode. rule is outside-coverage, mode-not-supported,
        # current-location-unknown, address-unresolved, or one of two notes on an app that stays
        # eligible: near-coverage-boundary (the current location is covered but the coverage
        # boundary is closer than its accuracy: the person may be outside it) and
        # approximate-point (a covered endpoint of precision approximate, only a map view's
        # centre). A reason about the current location says which one was used (given with the
        # request, or the daemon's).
        type Reason (
          endpoint: ?string,
          rule: string,
          message: string
        )

        # One app's verdict: eligible is true, false, or null when undetermined (the current
        # location is unknown, or an endpoint is an address that was not geocoded). An eligible
        # app has no reasons, or only near-coverage-boundary and approximate-point notes.
        type Verdict (
          id: string,
          eligible: ?bool,
          reasons: []Reason
        )

        # The person's current location given with a request (Resolve, DecideApps), used for
        # that request only and never stored; it takes precedence over the daemon's own.
        # latitude -90..90 and longitude -180..180 are WGS84 degrees; accuracy is the radius of
        # uncertainty in metres (finite, >= 0; GeoClue2's Accuracy); source says where it came
        # from (geoclue2, command-line). A value out of range is
        # org.varlink.service.InvalidParameter naming it (currentLocation.latitude).
        type CurrentLocation (
          latitude: float,
          longitude: float,
          accuracy: ?float,
          source: ?string
        )

        # A position in WGS84 degrees, with its accuracy in metres and source when known. origin
        # says whose it is: request (given with the request) or daemon (the daemon's own, set with
        # SetCurrentLocation; then setAt is when, ISO 8601 UTC such as 2026-12-04T18:47:51Z).
        type Location (
          latitude: float,
          longitude: float,
          accuracy: ?float,
          source: ?string,
          origin: (request, daemon),
          setAt: ?string
        )

        # A bounding box in degrees.
        type BoundingBox (
          west: float,
          south: float,
          east: float,
          north: float
        )

        # A routing app: a *.routingapp manifest with its coverage file, or a bare coverage file
        # (every mode, no launch command). state is active (in service), stale (its files changed
        # and now fail validation: the last good version stays in service and lastError says why,
        # FILE:LINE:COLUMN: message) or invalid (never loaded: serves no request). name, modes,
        # priority, exec, linkFormat, boundingBox (degrees), area (square metres) and polygons
        # describe the version in service. manifest and coverage are the files' paths (coverage is
        # null when the manifest names none). exec is the argv template, placeholders kept;
        # errors lists every error of the current files, warnings their warnings.
        type App (
          id: string,
          name: string,
          state: (active, stale, invalid),
          lastError: ?string,
          modes: []string,
          priority: int,
          manifest: ?string,
          coverage: ?string,
          exec: ?[]string,
          linkFormat: ?string,
          boundingBox: ?BoundingBox,
          area: ?float,
          polygons: int,
          errors: []string,
          warnings: []string
        )

        # Parses a directions link of any known format (Apple Maps, Google Maps, geo:, OpenStreetMap,
        # OsmAnd, Organic Maps, Waze, ...) and decides every valid app. format is the dialect that
        # matched (apple, google-path, geo, osm, ...). Lenient by default: each repair is a warning.
        # With strict, any repair is an InvalidURL error carrying the repair's code.
        # apps lists the eligible apps, then the undetermined ones, with their reasons, as iOS
        # lists the routing apps that can serve a route; ineligible counts the apps ruled out,
        # which are not listed. With explain, apps lists every app, the ruled-out ones last with
        # their reasons. With appId, apps is that one app's verdict, whatever it is, and
        # ineligible is 1 when it is ruled out, else 0; an id of no valid app is NoSuchApp.
        # currentLocation is the person's location for this request (see CurrentLocation);
        # without it the daemon's own is used. The reply's currentLocation is the location that
        # decided currentLocation endpoints (origin request or daemon), null when neither is known.
        method Resolve(url: string, strict: ?bool, currentLocation: ?CurrentLocation, explain: ?bool, appId: ?string) -> (
          request: Request,
          format: string,
          warnings: []Warning,
          apps: []Verdict,
          ineligible: int,
          currentLocation: ?Location
        )

        # Decides every valid app for a request given as an object (a .mkdirectionsrequest file
        # read by the caller, a program's own request). The reply repeats the request as read.
        # apps, ineligible, explain, appId and currentLocation as for Resolve.
        method DecideApps(request: Request, currentLocation: ?CurrentLocation, explain: ?bool, appId: ?string) -> (
          request: Request,
          apps: []Verdict,
          ineligible: int,
          currentLocation: ?Location
        )

        # Writes a request as a link in format (google, apple, geo, osm, ... as listed in
        # docs/directions-links.md). Give exactly one of request and url (a link is parsed
        # leniently first). omitted lists what the format could not carry, one line each.
        method BuildLink(request: ?Request, url: ?string, format: string) -> (url: string, omitted: []string)

        # Every routing app the daemon knows, in service or not, by id.
        method ListApps() -> (apps: []App)

        # Reads the manifests and coverage files again now (the daemon also reloads on SIGHUP and
        # when inotify reports a change in their directories). Replies when the new registry is in
        # service: apps is how many apps serve requests (active or stale), invalid how many have an
        # error (stale or invalid). A file that fails keeps its app's last good version.
        method Reload() -> (apps: int, invalid: int)

        # The daemon's own current location, used for currentLocation endpoints of requests that
        # carry none; null when unknown. It is kept in the daemon's state directory, so it survives
        # the idle exit and a restart; setAt says when it was set, source by what.
        method GetCurrentLocation() -> (location: ?Location)

        # Sets the daemon's own current location (latitude -90..90, longitude -180..180 degrees;
        # accuracy in metres, finite and >= 0; source such as command-line), the fallback for
        # kiosks, tests and clients without a session, and stores it in the state directory (when
        # that fails it is kept in memory until the daemon stops, and the log says why).
        method SetCurrentLocation(latitude: float, longitude: float, accuracy: ?float, source: ?string) -> ()

        # Forgets the daemon's own current location (and removes it from the state directory);
        # verdicts that need it become null unless the request carries its own.
        method ClearCurrentLocation() -> ()

        # What a reload did: trigger is what asked for it (SIGHUP, Reload(), the changed files);
        # apps how many apps serve requests afterwards (active or stale), invalid how many have an
        # error (stale or invalid); seconds how long it took; failure why it failed as a whole
        # (then the apps in service are unchanged), else null.
        type ReloadSummary (
          trigger: string,
          apps: int,
          invalid: int,
          seconds: float,
          failure: ?string
        )

        # Follows the daemon's state; must be called with more (else
        # org.varlink.service.ExpectedMore). The first reply is the current state: event state,
        # apps (every app, as ListApps) and location (the daemon's own current location, null when
        # unknown). Then one reply per change, as it happens, each once and in order:
        # appAdded (a new manifest or coverage file; app), appRemoved (id), appStale (its files
        # now fail and the last good version serves; app, with lastError), appFixed (an app that
        # was stale or invalid is active again; app), appChanged (anything else about an app;
        # app), locationSet (location) or locationCleared (the daemon's own current location),
        # reloaded (a reload finished, after its app events; reload). A client ends it by closing
        # the connection. A client that leaves about a megabyte of replies unread is disconnected
        # rather than slowing the daemon or the others; it may call Monitor again, whose first
        # reply is the state then.
        method Monitor() -> (
          event: (state, appAdded, appRemoved, appStale, appFixed, appChanged, locationSet, locationCleared, reloaded),
          apps: ?[]App,
          app: ?App,
          id: ?string,
          location: ?Location,
          reload: ?ReloadSummary
        )

        # The link could not be parsed (or, with strict, needed a repair). code is a stable id
        # such as missing-destination, latitude-out-of-range, unknown-scheme or repaired-syntax;
        # parameter names the URL parameter at fault.
        error InvalidURL (code: string, message: string, parameter: ?string)

        # A Request object is malformed. field is the member path, such as destination.latitude
        # or waypoints[1].kind; message says what to write instead.
        error InvalidRequest (field: string, message: string)

        # The request cannot be written in the format. code is unsupported-format (the format is
        # read-only, or unknown) or cannot-express (the destination, or a source the format cannot
        # say, would be lost); field is the request field at fault or null.
        error CannotBuildLink (code: string, message: string, field: ?string)

        # A SetCurrentLocation parameter is not valid: parameter is latitude, longitude,
        # accuracy or source.
        error InvalidLocation (parameter: string, message: string)

        # appId (of Resolve or DecideApps) names no app that serves requests: none has that id, or
        # its files never validated (ListApps lists it as invalid). message says which.
        error NoSuchApp (appId: string, message: string)

        # The reload failed as a whole (the coverage directory cannot be listed); the apps in
        # service are unchanged.
        error ReloadFailed (message: string)

        # The method changes the daemon's state (SetCurrentLocation, ClearCurrentLocation, Reload)
        # and the caller is neither root nor the daemon's own user, as the kernel reports the
        # connecting process (SO_PEERCRED). message says who may call it. Read methods stay open.
        error PermissionDenied (message: string)
        """

    /// The interface, bound to `daemon`'s state.
    public static func make(_ daemon: RoutingDaemon) -> VarlinkInterface {
        // Resolve and DecideApps, the frequent calls, write their replies as bytes (WireFormatBytes):
        // the same bytes as WireFormat.resolveReply's JSONObject would give, without building it.
        let encoding: [String: VarlinkEncodingHandler] = [
            "Resolve": { (call: VarlinkCall, out: inout JSONByteWriter) throws(VarlinkError) in
                let url = try call.string("url")
                let strict = try call.optionalBool("strict") ?? false
                let given = try requestLocation(call)
                let explain = try call.optionalBool("explain") ?? false
                let appID = try call.optionalString("appId")
                let parsed: ParsedLink
                do throws(DirectionsURLError) {
                    parsed = try daemon.parser(strict: strict).parseLink(url)
                } catch {
                    daemon.log?.debug("Resolve \(url): \(error)")
                    throw invalidURL(error)
                }
                let (verdicts, unlisted) = try decideVerdicts(daemon, parsed.request, given, appID: appID, explain: explain)
                daemon.log?.debug("Resolve \(url): " + verdicts.map { "\($0.appID)=\($0.eligible.map(String.init) ?? "null")" }.joined(separator: " ") + WireFormat.unlistedNote(unlisted))
                WireFormat.writeResolveReply(
                    parsed, verdicts: verdicts, explain: explain || appID != nil, unlisted: unlisted,
                    currentLocation: usedLocationText(given, daemon), to: &out)
            },
            "DecideApps": { (call: VarlinkCall, out: inout JSONByteWriter) throws(VarlinkError) in
                guard let json = call.parameters["request"], !json.isNull else { throw .invalidParameter("request") }
                let request = try decodeRequest(json)
                let given = try requestLocation(call)
                let explain = try call.optionalBool("explain") ?? false
                let appID = try call.optionalString("appId")
                let (verdicts, unlisted) = try decideVerdicts(daemon, request, given, appID: appID, explain: explain)
                daemon.log?.debug("DecideApps: " + verdicts.map { "\($0.appID)=\($0.eligible.map(String.init) ?? "null")" }.joined(separator: " ") + WireFormat.unlistedNote(unlisted))
                WireFormat.writeDecideReply(
                    request: request, verdicts: verdicts, explain: explain || appID != nil, unlisted: unlisted,
                    currentLocation: usedLocationText(given, daemon), to: &out)
            },
        ]
        let methods: [String: VarlinkMethodHandler] = [
            "BuildLink": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let formatName = try call.string("format")
                let requestJSON = call.parameters["request"].flatMap { $0.isNull ? nil : $0 }
                let url = call.parameters["url"].flatMap { $0.isNull ? nil : $0 }
                let request: DirectionsRequest
                switch (requestJSON, url) {
                case (let json?, nil):
                    request = try decodeRequest(json)
                case (nil, let text?):
                    guard let text = text.stringValue else { throw .invalidParameter("url") }
                    do throws(DirectionsURLError) {
                        request = try daemon.parser().parse(text)
                    } catch {
                        throw invalidURL(error)
                    }
                default:
                    throw VarlinkError(
                        name: "org.routingd.Directions.InvalidRequest",
                        parameters: [
                            "field": "request",
                            "message": .string("give exactly one of request (a Request object) and url (a directions link)"),
                        ])
                }
                guard let format = LinkFormat(rawValue: formatName) else {
                    throw VarlinkError(
                        name: "org.routingd.Directions.CannotBuildLink",
                        parameters: WireFormat.encode(LinkBuildError(
                            code: .unsupportedFormat,
                            message: "'\(formatName)' is not a link format; use one of "
                                + DirectionsLinkBuilder.formats.map(\.rawValue).joined(separator: ", "),
                            field: "format")))
                }
                do throws(LinkBuildError) {
                    return WireFormat.encode(try DirectionsLinkBuilder.build(request, as: format))
                } catch {
                    throw VarlinkError(name: "org.routingd.Directions.CannotBuildLink", parameters: WireFormat.encode(error))
                }
            },
            "ListApps": { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in
                ["apps": .array(daemon.registry.entries.map { WireFormat.encode($0) })]
            },
            "Reload": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                // A blocking method: runs on the server's BlockingCalls queue, not the event loop.
                // Reloads are serialised with the reload thread's; see RoutingDaemon.reload(trigger:).
                let outcome = daemon.reload(trigger: "Reload()", caller: call.peer)
                if let failure = outcome.failure {
                    throw VarlinkError(name: "org.routingd.Directions.ReloadFailed", parameters: ["message": .string(failure)])
                }
                let registry = outcome.registry
                return [
                    "apps": .number(Double(registry.apps.count)),
                    "invalid": .number(Double(registry.errorCount)),
                ]
            },
            "GetCurrentLocation": { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in
                ["location": daemon.ownLocation?.json ?? JSON.null]
            },
            "SetCurrentLocation": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let latitude = try call.number("latitude")
                let longitude = try call.number("longitude")
                let accuracy = try call.optionalNumber("accuracy")
                let source = try call.optionalString("source")
                do throws(CurrentLocation.Problem) {
                    let location = try CurrentLocation.validated(
                        latitude: latitude, longitude: longitude, accuracy: accuracy, source: source, origin: .daemon)
                    daemon.setOwnLocation(location)
                    daemon.log?.debug(
                        "current location set to \(JSON.format(latitude)), \(JSON.format(longitude))"
                            + (accuracy.map { " ±\(JSON.format($0)) m" } ?? "") + (location.source.map { " by \($0)" } ?? ""),
                        [.messageID(.currentLocation)] + JournalField.caller(call.peer))
                } catch {
                    throw VarlinkError(
                        name: "org.routingd.Directions.InvalidLocation",
                        parameters: ["parameter": .string(error.field), "message": .string(error.message)])
                }
                return [:]
            },
            "ClearCurrentLocation": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                daemon.setOwnLocation(nil)
                daemon.log?.debug("current location cleared", [.messageID(.currentLocation)] + JournalField.caller(call.peer))
                return [:]
            },
        ]
        // Reload() reads and validates every file; ListApps's reply grows with the catalogue (a
        // megabyte and tens of milliseconds for 3,000 apps); Set- and ClearCurrentLocation write
        // and fsync the state file: off the event loops, so other clients are served meanwhile.
        // Monitor's first reply lists every app, as ListApps does: off the event loop too.
        return VarlinkInterface(
            description: description, methods: PeerCredentials.guarding(methods, log: daemon.log), encoding: encoding,
            streaming: ["Monitor": { (_: VarlinkCall, stream: VarlinkStream) throws(VarlinkError) in daemon.startMonitor(stream) }],
            blocking: ["Reload", "ListApps", "Resolve", "DecideApps", "SetCurrentLocation", "ClearCurrentLocation", "Monitor"],
            // They only compute on one snapshot of the registry and its index: the server answers
            // them on the connection's own event loop (one per core), without a hand-off.
            concurrent: ["Resolve", "DecideApps"],
            // Except with explain, whose reply lists every app as ListApps's does (megabytes for
            // 10,000 apps): off the loops, so the loop's other connections are not held up.
            longCalls: ["Resolve": listsEveryApp, "DecideApps": listsEveryApp])
    }
}

/// True for a `Resolve` or `DecideApps` call with `explain: true` and no `appId`: its reply lists
/// every app with its reasons, so it grows with the catalogue.
@Sendable func listsEveryApp(_ call: VarlinkCall) -> Bool {
    call.parameters["explain"]?.boolValue == true && (call.parameters["appId"].map { $0.isNull } ?? true)
}

/// The verdicts `Resolve` and `DecideApps` list, and how many ruled-out apps they only count
/// (``RoutingDaemon/decide(_:currentLocation:explain:)``): with `explain` every valid app's verdict
/// and 0; without, the eligible and undetermined apps' verdicts (found through the coverage index)
/// and the number ruled out; with `appID` that app's verdict alone and 0.
/// - Throws: `org.routingd.Directions.NoSuchApp(appId, message)` when no valid app has that id.
public func decideVerdicts(
    _ daemon: RoutingDaemon, _ request: DirectionsRequest, _ given: CurrentLocation?, appID: String?, explain: Bool
) throws(VarlinkError) -> (verdicts: [AppVerdict], unlisted: Int) {
    guard let appID else { return daemon.decide(request, currentLocation: given, explain: explain) }
    if let verdict = daemon.decide(request, currentLocation: given, appID: appID) { return ([verdict], 0) }
    let shown = OneLine.escaped(appID)
    let registry = daemon.registry
    let unknown = registry[appID] == nil
    // A near id only for a short one: the edit distance to every id must stay cheap for any caller.
    let near = unknown && appID.utf8.count <= 128
        ? EditDistance.suggestion(for: appID, among: registry.entries.map(\.id)).map { " (did you mean '\(OneLine.escaped($0))'?)" } ?? ""
        : ""
    let message = unknown
        ? "no routing app has the id '\(shown)'\(near); routingctl apps lists them"
        : "the routing app '\(shown)' is invalid (its files never validated) and serves no request; routingctl apps says why"
    throw VarlinkError(
        name: "org.routingd.Directions.NoSuchApp", parameters: ["appId": .string(appID), "message": .string(message)])
}

/// `InvalidURL(code, message, parameter)` for a link that cannot be parsed.
func invalidURL(_ error: DirectionsURLError) -> VarlinkError {
    VarlinkError(name: "org.routingd.Directions.InvalidURL", parameters: WireFormat.encode(error))
}

/// ``WireFormat/decodeRequest(_:)``, its failure as `InvalidRequest(field, message)`.
func decodeRequest(_ json: JSON) throws(VarlinkError) -> DirectionsRequest {
    do throws(InvalidRequest) {
        return try WireFormat.decodeRequest(json)
    } catch {
        throw VarlinkError(
            name: "org.routingd.Directions.InvalidRequest",
            parameters: ["field": .string(error.field), "message": .string(error.message)])
    }
}

/// The `currentLocation` parameter of Resolve and DecideApps: nil when absent or null;
/// `InvalidParameter(currentLocation.FIELD)` for a member that is missing, of the wrong type or out
/// of range (unknown members are refused before, by the IDL check).
func requestLocation(_ call: VarlinkCall) throws(VarlinkError) -> CurrentLocation? {
    guard let value = call.parameters["currentLocation"], !value.isNull else { return nil }
    guard let object = value.objectValue else { throw .invalidParameter("currentLocation") }
    guard let latitude = object["latitude"]?.doubleValue else { throw .invalidParameter("currentLocation.latitude") }
    guard let longitude = object["longitude"]?.doubleValue else { throw .invalidParameter("currentLocation.longitude") }
    var accuracy: Double? = nil
    if let a = object["accuracy"], !a.isNull {
        guard let number = a.doubleValue else { throw .invalidParameter("currentLocation.accuracy") }
        accuracy = number
    }
    var source: String? = nil
    if let s = object["source"], !s.isNull {
        guard let text = s.stringValue else { throw .invalidParameter("currentLocation.source") }
        source = text
    }
    do throws(CurrentLocation.Problem) {
        return try CurrentLocation.validated(
            latitude: latitude, longitude: longitude, accuracy: accuracy, source: source, origin: .request)
    } catch {
        throw .invalidParameter("currentLocation." + error.field)
    }
}

/// ``usedLocation(_:_:)`` as compact JSON text; the daemon's is kept as text from when it was set.
func usedLocationText(_ given: CurrentLocation?, _ daemon: RoutingDaemon) -> [UInt8] {
    guard let given else { return daemon.ownLocationText }
    var out = JSONByteWriter(capacity: 128)
    WireFormat.write(given, to: &out)
    return out.bytes
}

/// The reply's `currentLocation`: the request's own, else the daemon's (with `setAt`), else null.
func usedLocation(_ given: CurrentLocation?, _ daemon: RoutingDaemon) -> JSON {
    if let given { return WireFormat.encode(given) }
    return daemon.ownLocationJSON
}

extension VarlinkCall {
    /// The optional number parameter `name` (absent or null → nil), or `InvalidParameter(name)`.
    func optionalNumber(_ name: String) throws(VarlinkError) -> Double? {
        guard let value = parameters[name], !value.isNull else { return nil }
        guard let d = value.doubleValue else { throw .invalidParameter(name) }
        return d
    }

    /// The optional string parameter `name` (absent or null → nil), or `InvalidParameter(name)`.
    func optionalString(_ name: String) throws(VarlinkError) -> String? {
        guard let value = parameters[name], !value.isNull else { return nil }
        guard let s = value.stringValue else { throw .invalidParameter(name) }
        return s
    }

    /// The optional bool parameter `name` (absent or null → nil), or `InvalidParameter(name)`.
    func optionalBool(_ name: String) throws(VarlinkError) -> Bool? {
        guard let value = parameters[name], !value.isNull else { return nil }
        guard let b = value.boolValue else { throw .invalidParameter(name) }
        return b
    }

    /// The string parameter `name`, or `InvalidParameter(name)` when it is missing or not a string.
    func string(_ name: String) throws(VarlinkError) -> String {
        guard let value = parameters[name]?.stringValue else { throw .invalidParameter(name) }
        return value
    }

    /// The number parameter `name`, or `InvalidParameter(name)` when it is missing or not a number.
    func number(_ name: String) throws(VarlinkError) -> Double {
        guard let value = parameters[name]?.doubleValue else { throw .invalidParameter(name) }
        return value
    }
}
