// SPDX-License-Identifier: Apache-2.0
/// Where the person at the desktop is, as their session's location service said.
public struct DesktopLocation: Equatable, Sendable {
    /// WGS 84 degrees.
    public var latitude: Double
    public var longitude: Double
    /// Radius of the uncertainty circle, metres; nil when unknown.
    public var accuracy: Double?
    /// When the location was determined: seconds since the Unix epoch (GeoClue2's `Timestamp`
    /// seconds plus microseconds); nil when unknown.
    public var timestamp: Double?
    /// Where it came from, e.g. "geoclue2".
    public var source: String

    public init(latitude: Double, longitude: Double, accuracy: Double? = nil, timestamp: Double? = nil, source: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.timestamp = timestamp
        self.source = source
    }
}
