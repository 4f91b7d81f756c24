import RoutingCore
import StrictJSON
import Varlink

/// `org.routingd.Coverage`: validate a coverage document sent by a client.
public enum CoverageInterface {
    /// The interface description in varlink IDL.
    public static let description = """
        # Routing-app coverage files: one GeoJSON MultiPolygon of [longitude, latitude] positions
        # (RFC 7946), checked against Apple's rules for routing-app coverage files. Every rule id is
        # described in docs/coverage-rules.md.
        interface org.routingd.Coverage

        # A finding in a document. line and column are 1-based; columns count characters.
        # rule is a stable id; hint says how to fix it.
        type Diagnostic (
          severity: (error, warning, note),
          rule: string,
          message: string,
          hint: string,
          line: int,
          column: int
        )

        # Validates a coverage document (the file's text). name is echoed back, for clients that
        # validate several documents. profile is "apple" (the default: Apple's coverage rules) or
        # "geojson" (RFC 7946 plus OGC validity: holes, Polygon, Feature and FeatureCollection
        # allowed). valid is false when any diagnostic is an error.
        method Validate(document: string, name: ?string, profile: ?string) -> (name: ?string, valid: bool, diagnostics: []Diagnostic)
        """

    /// The interface. It has no state: validation is a pure function of the document.
    /// - Parameter log: where each validation's outcome goes at debug level (`--verbose`).
    public static func make(log: Log? = nil) -> VarlinkInterface {
        VarlinkInterface(description: description, methods: [
            "Validate": { (call: VarlinkCall) throws(VarlinkError) -> JSONObject in
                let document = try call.string("document")
                let name = call.parameters["name"]
                if let name, !name.isNull, name.stringValue == nil { throw .invalidParameter("name") }
                var profile = ValidationProfile.apple
                if let value = call.parameters["profile"], !value.isNull {
                    guard let text = value.stringValue, let chosen = ValidationProfile(rawValue: text) else {
                        throw .invalidParameter("profile")
                    }
                    profile = chosen
                }
                let validation = CoverageValidator.validate(Array(document.utf8), profile: profile)
                log?.debug("Validate \(name?.stringValue ?? "(unnamed)"): \(validation.isValid ? "valid" : "invalid"), \(validation.diagnostics.count) diagnostics")
                return [
                    "name": name ?? .null,
                    "valid": .bool(validation.isValid),
                    "diagnostics": .array(validation.diagnostics.map { WireFormat.encode($0) }),
                ]
            },
        ])
    }
}
