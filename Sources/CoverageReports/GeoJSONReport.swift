// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// Findings as a GeoJSON FeatureCollection (RFC 7946 §3.3), to drop onto geojson.io or QGIS beside
/// the coverage file: one Feature per finding, in file order then the validation's order.
///
/// ```json
/// {"type":"FeatureCollection","features":[
///   {"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},
///    "properties":{"file":"Coverage/x.geojson","severity":"error","rule":"self-intersection",
///                  "message":"…","hint":"…","line":3,"column":21}}]}
/// ```
///
/// - `geometry`: a Point at the finding's place (``RoutingCore/FindingPlaces``: the crossing point of
///   a self-intersection, the position a finding is written at, the first position of a ring or
///   polygon), `[longitude, latitude]` in degrees WGS 84; `null` for a finding without a place on the
///   map (JSON syntax, types, members; RFC 7946 §3.2 allows an unlocated Feature).
/// - `properties`: `file` (the path as given), `severity` (`error`, `warning`, `note`), `rule` (the
///   rule id, see docs/coverage-rules.md; manifest problems have their code), `message`, `hint`,
///   `line` and `column` (1-based; columns count Unicode scalars). A file that cannot be read is one
///   Feature with a null geometry, `severity` `error`, `rule` null and the reason as `message`.
///
/// The collection itself validates under `routingctl validate --profile geojson`.
public enum GeoJSONReport {
    /// The Features of one file's findings; `places` holds one optional place per finding (same
    /// order; missing entries count as nil).
    public static func features(path: String, diagnostics: [Diagnostic], places: [Coordinate?]) -> [JSON] {
        diagnostics.enumerated().map { index, diagnostic in
            let place = index < places.count ? places[index] : nil
            return feature(place: place, properties: [
                "file": .string(path),
                "severity": .string(diagnostic.severity.rawValue),
                "rule": .string(diagnostic.rule),
                "message": .string(diagnostic.message),
                "hint": .string(diagnostic.hint),
                "line": .number(Double(diagnostic.location.line)),
                "column": .number(Double(diagnostic.location.column)),
            ])
        }
    }

    /// The Feature for a file that could not be read: null geometry, the reason as the message.
    public static func unreadable(path: String, message: String) -> JSON {
        feature(place: nil, properties: [
            "file": .string(path), "severity": "error", "rule": .null, "message": .string(message),
        ])
    }

    /// `{"type":"FeatureCollection","features":[…]}`.
    public static func collection(_ features: [JSON]) -> JSON {
        ["type": "FeatureCollection", "features": .array(features)]
    }

    private static func feature(place: Coordinate?, properties: JSONObject) -> JSON {
        let geometry: JSON = place.map {
            ["type": "Point", "coordinates": [.number($0.longitude), .number($0.latitude)]]
        } ?? .null
        return ["type": "Feature", "geometry": geometry, "properties": .object(properties)]
    }
}
