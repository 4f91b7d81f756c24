// SPDX-License-Identifier: Apache-2.0
/// A mode of transport, named as in Apple's `MKDirectionsApplicationSupportedModes` Info.plist key without the
/// `MKDirectionsMode` prefix, spelt exactly (`StreetCar`, not `Streetcar`). Source: Apple, Information Property
/// List; Location and Maps Programming Guide, "Providing Directions".
public enum DirectionsMode: String, CaseIterable, Hashable, Sendable {
    case car = "Car"
    case pedestrian = "Pedestrian"
    case bus = "Bus"
    case train = "Train"
    case subway = "Subway"
    case streetCar = "StreetCar"
    case ferry = "Ferry"
    case bike = "Bike"
    case plane = "Plane"
    case rideShare = "RideShare"
    case taxi = "Taxi"
    case other = "Other"

    /// The Info.plist value, for example `MKDirectionsModeStreetCar`.
    public var infoPlistValue: String { "MKDirectionsMode" + rawValue }

    /// The `MKDirectionsTransportType` this mode belongs to, or nil for modes outside the four
    /// (Plane, RideShare, Taxi and Other route by none of them).
    public var transportType: TransportType? {
        switch self {
        case .car: .automobile
        case .pedestrian: .walking
        case .bike: .cycling
        case .bus, .train, .subway, .streetCar, .ferry: .transit
        case .plane, .rideShare, .taxi, .other: nil
        }
    }
}

/// MapKit's `MKDirectionsTransportType`: the coarse kind of route. A link that says only "transit"
/// (Apple `dirflg=r`, Google `travelmode=transit`) names a transport type but no single directions mode.
public enum TransportType: String, CaseIterable, Hashable, Sendable {
    case automobile = "Automobile"
    case walking = "Walking"
    case transit = "Transit"
    case cycling = "Cycling"

    public var modes: [DirectionsMode] { DirectionsMode.allCases.filter { $0.transportType == self } }
}
