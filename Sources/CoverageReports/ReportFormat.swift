// SPDX-License-Identifier: Apache-2.0
/// The output formats of `routingctl validate --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `FILE:LINE:COLUMN: severity: message [rule]` with the source line, a caret, the hint and the
    /// rule's documentation link (``GCCReport``). The default.
    case gcc
    /// `{"files":[{"path","valid","diagnostics":[…]}]}`, the same as `--json`.
    case json
    /// SARIF 2.1.0 (OASIS), for code-review tools (``SARIFReport``).
    case sarif
    /// A GeoJSON FeatureCollection of the findings as Points, for a map beside the file
    /// (``GeoJSONReport``).
    case geojson

    /// The format named `name`, or nil for an unknown name.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// `gcc, json, sarif or geojson`, for usage messages.
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
