// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON

/// The routing apps loaded in this process, for `resolve --offline` and `open` without a daemon:
/// the daemon's directories and code (``AppDirectories``, ``RoutingDaemon``), so the answer is the
/// daemon's, except for one thing this process cannot know, the daemon's own current location
/// (`routingctl location set`): only the session's (``SessionLocation``) decides here.
enum InProcessResolver {
    /// `--apps DIR` and `--coverage DIR` only make sense for an in-process resolution, so `resolve`
    /// and `open` resolve in-process when either is given, as with `--offline`.
    /// (`--current-location` goes with the request to the daemon.)
    static let options = ["apps", "coverage"]

    /// The verdicts as this process must word them: the daemon's code says an unknown current
    /// location is one "the daemon has none set", but here no daemon's location can count, so
    /// those reasons point at `--current-location` instead.
    static func inProcessWording(_ verdicts: [AppVerdict]) -> [AppVerdict] {
        verdicts.map { verdict in
            var verdict = verdict
            for i in verdict.reasons.indices where verdict.reasons[i].rule == .currentLocationUnknown {
                let role = verdict.reasons[i].role.map { "\($0)" } ?? "an endpoint"
                verdict.reasons[i].message = "\(role) is the current location, which is not known: the request carries none, and a resolution in this process cannot use the daemon's (give --current-location LAT,LON)"
            }
            return verdict
        }
    }

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

    static func note(_ text: String) {
        RoutingCtl.err("routingctl: note: \(OneLine.escaped(text))")
    }
}
