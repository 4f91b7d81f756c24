// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON

/// The routing apps loaded in this process, for `resolve --offline` and `open` without a daemon:
/// the daemon's directories and code (``AppDirectories``, ``RoutingDaemon``), so the answer is the
/// daemon's, except for one thing this process cannot know, the daemon's current location
/// (`routingctl location set`): it is `--current-location LAT,LON` or unknown.
enum InProcessResolver {
    /// `--apps DIR`, `--coverage DIR` and `--current-location LAT,LON` only make sense for an
    /// in-process resolution, so `resolve` and `open` resolve in-process when any of them is given,
    /// as with `--offline`.
    static let options = ["apps", "coverage", "current-location"]

    /// Loads the apps from the standard directories, each `--apps DIR` and the coverage directory.
    /// On standard error: each directory warning (a missing `--apps DIR`, a missing default coverage
    /// directory: neither is an error), each note of the reading, and each app excluded for its errors.
    /// - Parameters:
    ///   - coverage: `--coverage DIR`, which must exist; nil for the default, which need not.
    /// - Returns: the daemon over those apps, or nil after an error message when the given coverage
    ///   directory cannot be read (exit status 2).
    static func load(
        appsDirectories: [String], coverage: String?, currentLocation: Coordinate?,
        literals: CurrentLocationLiterals
    ) -> RoutingDaemon? {
        let directories = AppDirectories.standard(extra: appsDirectories, coverageDirectory: coverage)
        for warning in directories.directoryWarnings() { note(warning) }
        let reading: AppDirectories.Reading
        do {
            reading = try directories.read()
        } catch {
            RoutingCtl.err("routingctl: \(OneLine.escaped(error.description))"
                + (coverage == nil ? "; give the routing apps' coverage files with --coverage DIR" : ""))
            return nil
        }
        for text in reading.notes { note(text) }
        let registry = AppRegistry(sources: reading.sources, previous: nil)
        for entry in registry.invalidEntries {
            note("excluded app \(entry.id): \(entry.lastError ?? "invalid")")
        }
        if registry.apps.isEmpty {
            note("no routing app loaded in this process: no manifest in \(directories.appDirectories.joined(separator: ", ")) and no coverage file in \(directories.coverageDirectory); give --apps DIR or --coverage DIR")
        }
        return RoutingDaemon(registry: registry, currentLocation: currentLocation, currentLocationLiterals: literals)
    }

    /// Whether a resolution left some app undetermined only because the current location is not
    /// known: the case worth explaining that this process does not know the daemon's.
    /// - Parameter apps: the `apps` of a Resolve reply.
    static func undeterminedForCurrentLocation(_ apps: [JSON]) -> Bool {
        apps.contains { app in
            app["eligible"]?.isNull ?? true
                && (app["reasons"]?.arrayValue ?? []).contains { $0["rule"]?.stringValue == "current-location-unknown" }
        }
    }

    /// The note for ``undeterminedForCurrentLocation(_:)``.
    static let currentLocationNote =
        "routingctl: note: resolved in this process, which cannot know the daemon's current location (routingctl location set): the route uses the current location, so apps are undetermined; give --current-location LAT,LON"

    static func note(_ text: String) {
        RoutingCtl.err("routingctl: note: \(OneLine.escaped(text))")
    }
}
