/// A routing app as routingd knows it: an id, the modes it serves and its coverage.
///
/// On iOS the modes come from the app's `MKDirectionsApplicationSupportedModes` Info.plist key and the
/// coverage from the GeoJSON file uploaded to App Store Connect (Apple, Location and Maps Programming
/// Guide, "Providing Directions"). A coverage file with no manifest serves every mode.
public struct RoutingApp: Hashable, Sendable {
    /// Stable identifier; for a bare coverage file, the file name without `.geojson`.
    public var id: String
    /// The directions modes the app serves.
    public var modes: Set<DirectionsMode>
    /// Where the app can route: a validated MultiPolygon.
    public var coverage: Coverage

    public init(id: String, modes: Set<DirectionsMode> = Set(DirectionsMode.allCases), coverage: Coverage) {
        self.id = id
        self.modes = modes
        self.coverage = coverage
    }
}
