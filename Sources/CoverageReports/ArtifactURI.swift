// SPDX-License-Identifier: Apache-2.0
/// URIs for files in reports (SARIF `artifactLocation.uri`, RFC 3986).
///
/// - An absolute path becomes a `file://` URI: `/srv/a b.geojson` → `file:///srv/a%20b.geojson`.
/// - A relative path stays a relative reference, percent-encoded, to be resolved against the
///   current directory (SARIF `uriBaseId`): `Coverage/x.geojson` → `Coverage/x.geojson`.
/// - Standard input (`-`) is the relative reference `stdin`, which reports mark with the
///   description "standard input" and no base.
///
/// Bytes outside RFC 3986's unreserved characters, `/` and the sub-delimiters allowed in a path are
/// percent-encoded, `:` too (so that a first segment such as `c:x` is not read as a scheme), and so
/// are `%`, `?`, `#`, spaces and non-ASCII bytes (as UTF-8).
public enum ArtifactURI {
    /// The path routingctl gives for standard input.
    public static let standardInputPath = "-"
    /// The relative reference used for standard input.
    public static let standardInput = "stdin"

    /// The URI reference for `path`, as described above.
    public static func reference(forPath path: String) -> String {
        if path == standardInputPath { return standardInput }
        if path.hasPrefix("/") { return fileURI(forAbsolutePath: path) }
        return percentEncodedPath(path)
    }

    /// Whether `reference(forPath:)` gives a relative reference that needs a base.
    public static func isRelative(_ path: String) -> Bool {
        path != standardInputPath && !path.hasPrefix("/")
    }

    /// `file://` + the percent-encoded absolute `path`; a directory should end with `/`.
    public static func fileURI(forAbsolutePath path: String) -> String {
        "file://" + percentEncodedPath(path)
    }

    /// `path` with every byte that may not stand for itself in a URI path percent-encoded.
    public static func percentEncodedPath(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            if isAllowed(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return result
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            // Unreserved marks, the path separator, and sub-delimiters and '@' (RFC 3986 §3.3).
            return "-._~/!$&'()*+,;=@".utf8.contains(byte)
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(Unicode.Scalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }
}
