// SPDX-License-Identifier: Apache-2.0
/// A routing app as routingd knows it: an id, a name, the modes it serves, its coverage, and how to
/// launch it.
///
/// On iOS the modes come from the app's `MKDirectionsApplicationSupportedModes` Info.plist key and the
/// coverage from the GeoJSON file uploaded to App Store Connect (Apple, Location and Maps Programming
/// Guide, "Providing Directions"). On Linux they come from a `*.routingapp` manifest (``AppManifest``);
/// a coverage file with no manifest serves every mode, has no launch command and priority 0.
public struct RoutingApp: Hashable, Sendable {
    /// Stable identifier: the manifest's `Id`, or the file name without `.routingapp` / `.geojson`.
    public var id: String
    /// The name shown to people (the manifest's `Name`; the id for a bare coverage file).
    public var name: String
    /// The directions modes the app serves.
    public var modes: Set<DirectionsMode>
    /// Where the app can route: a validated MultiPolygon.
    public var coverage: Coverage {
        didSet { area = coverage.area }
    }
    /// The covered area in square metres (``Coverage/area``), computed once: verdicts are ordered by it.
    public private(set) var area: Double
    /// Higher first when several apps are eligible; 0 by default.
    public var priority: Int
    /// The `Exec` argv template (unquoted tokens, placeholders such as `%u` kept), or nil.
    public var exec: [String]?
    /// The link format the app understands (`LinkFormat`), or nil.
    public var linkFormat: LinkFormat?
    /// The manifest the app came from, or nil for a bare coverage file.
    public var manifestPath: String?
    /// The coverage file, as the registry was given it ("" when built in memory).
    public var coveragePath: String

    public init(
        id: String, name: String? = nil, modes: Set<DirectionsMode> = Set(DirectionsMode.allCases),
        coverage: Coverage, priority: Int = 0, exec: [String]? = nil, linkFormat: LinkFormat? = nil,
        manifestPath: String? = nil, coveragePath: String = ""
    ) {
        self.init(
            id: id, name: name, modes: modes, coverage: coverage, priority: priority, exec: exec,
            linkFormat: linkFormat, manifestPath: manifestPath, coveragePath: coveragePath, area: nil)
    }

    /// As the public initializer, with the coverage's ``Coverage/area`` when already known (the
    /// registry keeps it from the last validation of an unchanged file); nil computes it.
    init(
        id: String, name: String? = nil, modes: Set<DirectionsMode> = Set(DirectionsMode.allCases),
        coverage: Coverage, priority: Int = 0, exec: [String]? = nil, linkFormat: LinkFormat? = nil,
        manifestPath: String? = nil, coveragePath: String = "", area: Double?
    ) {
        self.id = id
        self.name = name ?? id
        self.modes = modes
        self.coverage = coverage
        self.area = area ?? coverage.area
        self.priority = priority
        self.exec = exec
        self.linkFormat = linkFormat
        self.manifestPath = manifestPath
        self.coveragePath = coveragePath
    }

    /// This app with ``Coverage/indexed()`` coverage; the area is kept (indexing leaves the rings as
    /// they are), not computed again.
    func withIndexedCoverage() -> RoutingApp {
        RoutingApp(
            id: id, name: name, modes: modes, coverage: coverage.indexed(), priority: priority, exec: exec,
            linkFormat: linkFormat, manifestPath: manifestPath, coveragePath: coveragePath, area: area)
    }
}
