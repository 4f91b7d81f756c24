// SPDX-License-Identifier: Apache-2.0
/// The naming rules of varlink.org/Interface-Definition:
///
/// - `interface_name = [a-z]([-]*[a-z0-9])*(\.[a-z0-9]([-]*[a-z0-9])*)+` (reverse domain, ≥ 2 labels),
///   except that upper-case letters are accepted too, as systemd (`io.systemd.Resolve`) and the
///   reference Python scanner (`varlink/scanner.py`, `interface-name`) accept them; routingd's own
///   interfaces are `org.routingd.Directions` and `org.routingd.Coverage`.
/// - `name = [A-Z][A-Za-z0-9]*` (methods, errors, types)
enum VarlinkNames {
    /// True when `name` is a valid interface name.
    static func isInterfaceName(_ name: String) -> Bool {
        let labels = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for (index, label) in labels.enumerated() {
            guard let first = label.first, let last = label.last else { return false }
            // The first label starts with a letter, later ones with a letter or digit; none ends in '-'.
            guard index == 0 ? isLetter(first) : isLetterOrDigit(first), last != UInt8(ascii: "-") else { return false }
            guard label.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
        }
        return true
    }

    /// True when `name` is a valid method, error or type name.
    static func isMemberName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
        return name.utf8.allSatisfy { isLowerOrDigit($0) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
    }

    /// Splits `org.example.Iface.Method` at its last dot into a valid interface and member name.
    static func splitQualifiedMethod(_ method: String) -> (interface: String, member: String)? {
        guard let dot = method.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }  // by byte
        let interface = String(method[..<dot])
        let member = String(method[method.utf8.index(after: dot)...])
        guard isInterfaceName(interface), isMemberName(member) else { return nil }
        return (interface, member)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        isLower(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isLowerOrDigit(_ byte: UInt8) -> Bool {
        isLower(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
