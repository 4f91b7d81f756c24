// SPDX-License-Identifier: Apache-2.0
/// Apple's `.mkdirectionsrequest` file: what iOS Maps hands a routing app (Location and Maps
/// Programming Guide, "Providing Directions"; `MKDirectionsRequest initWithContentsOfURL:`).
///
/// A binary property list whose top dictionary has two optional `MKMapItem` dictionaries,
/// `MKDirectionsRequestSource` and `MKDirectionsRequestDestination` (decompiled MapKit,
/// `MKDirectionsRequest.m` / `MKMapItem.mm`, iOS 26.1):
/// - `MKMapItemIsCurrentLocation` = true → ``Endpoint/currentLocation``;
/// - otherwise `MKMapItemName` → `.address(name)` and a `coordinates-unavailable` warning, in lenient
///   **and** strict mode: the place is in Apple-private data (`MKMapItemGEOMapItem`, `MKMapItemGEOPlace`)
///   routingd does not read. Phone number, URL and time zone are ignored.
/// - No source → the current location. The file carries no mode, dates or preferences.
public enum MKDirectionsRequestFile {
    static let sourceKey = "MKDirectionsRequestSource"
    static let destinationKey = "MKDirectionsRequestDestination"

    /// Parses the bytes of a whole `.mkdirectionsrequest` file; a map item named with one of the
    /// `parser`'s current-location literals is the current location too.
    /// - Returns: the request, format ``LinkFormat/mkDirectionsRequest``, and one
    ///   `coordinates-unavailable` warning per endpoint known only by name.
    /// - Throws: ``DirectionsURLError`` `malformed-url` (parameter `file`) when the bytes are not a
    ///   binary property list with a dictionary on top; `invalid-parameter` naming the key for a map
    ///   item of the wrong type or naming nothing; `missing-destination` without a destination;
    ///   `coordinates-unavailable` naming the key for a map item with no name, only private data.
    public static func parse(_ bytes: [UInt8], parser: DirectionsURLParser) throws(DirectionsURLError) -> ParsedLink {
        let top: BinaryPropertyList.Value
        do {
            top = try BinaryPropertyList.decode(bytes)
        } catch {
            throw DirectionsURLError(.malformedURL, "file", "not a readable .mkdirectionsrequest file: \(error.message)")
        }
        guard case .dictionary = top else {
            throw DirectionsURLError(
                .malformedURL, "file",
                "the property list's top object is not a dictionary; a .mkdirectionsrequest file holds {\(sourceKey), \(destinationKey)}")
        }
        guard let destinationItem = top[destinationKey] else {
            throw DirectionsURLError(
                .missingDestination, destinationKey, "the file has no \(destinationKey) map item; Maps writes one for every directions request")
        }
        var warnings: [DirectionsURLWarning] = []
        let destination = try endpoint(destinationItem, key: destinationKey, parser: parser, warnings: &warnings)
        let source = try top[sourceKey].map { (v) throws(DirectionsURLError) in
            try endpoint(v, key: sourceKey, parser: parser, warnings: &warnings)
        } ?? .currentLocation
        return ParsedLink(request: DirectionsRequest(source: source, destination: destination), format: .mkDirectionsRequest, warnings: warnings)
    }

    private static func endpoint(
        _ item: BinaryPropertyList.Value, key: String, parser: DirectionsURLParser, warnings: inout [DirectionsURLWarning]
    ) throws(DirectionsURLError) -> Endpoint {
        guard case .dictionary = item else { throw DirectionsURLError(.invalidParameter, key, "\(key) is not a map item dictionary") }
        switch item["MKMapItemIsCurrentLocation"] {
        case .bool(true)?: return .currentLocation
        case .bool(false)?, nil: break
        default: throw DirectionsURLError(.invalidParameter, key, "MKMapItemIsCurrentLocation in \(key) is not a boolean")
        }
        let hasBlob = item["MKMapItemGEOMapItem"] != nil || item["MKMapItemGEOPlace"] != nil
        if let nameValue = item["MKMapItemName"] {
            guard case .string(let raw) = nameValue else { throw DirectionsURLError(.invalidParameter, key, "MKMapItemName in \(key) is not a string") }
            let name = DirectionsURLParser.trimmed(raw)
            if !name.isEmpty {
                if parser.currentLocationLiterals.matches(name) { return .currentLocation }
                let data = hasBlob ? "MKMapItemGEOMapItem data" : "map item data (absent here)"
                warnings.append(DirectionsURLWarning(
                    .coordinatesUnavailable, key,
                    "\(key) '\(DirectionsURLParser.shorten(name))' is kept by name: its coordinates sit in Apple-private \(data) that routingd does not read"))
                return .address(name)
            }
        }
        throw DirectionsURLError(
            hasBlob ? .coordinatesUnavailable : .invalidParameter, key,
            hasBlob
                ? "\(key) has no name and its place sits only in Apple-private MKMapItemGEOMapItem data, which routingd does not read"
                : "\(key) has neither MKMapItemIsCurrentLocation nor MKMapItemName; there is no place to route \(key == sourceKey ? "from" : "to")")
    }
}
