// SPDX-License-Identifier: Apache-2.0
import RoutingCore

#if canImport(Glibc)
import Glibc
#endif

/// A failed D-Bus operation: the D-Bus error name (`org.freedesktop.DBus.Error.ServiceUnknown`, or
/// sd-bus's `System.Error.ENOENT` for a local errno) and its message, as received. `description`
/// escapes both (OneLine), since they come from another process.
public struct DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// Well-known error names (D-Bus Specification; sd-bus's <systemd/sd-bus-protocol.h>).
    public enum Name {
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// Not a D-Bus name: libsystemd.so.0 could not be loaded.
        public static let noLibsystemd = "org.routingd.DBus.NoLibsystemd"
        /// Not a D-Bus name: the bus could not be reached (no such socket, refused, ...).
        public static let noBus = "org.routingd.DBus.NoBus"
    }

    /// The peer did not answer in time (a local timeout or the bus's NoReply).
    public var isTimeout: Bool { name == Name.timeout || name == Name.noReply || name == "System.Error.ETIMEDOUT" }

    /// Nobody owns the destination name and the bus cannot start it.
    public var isServiceMissing: Bool { name == Name.serviceUnknown || name == Name.nameHasNoOwner }

    /// The peer or the bus's policy refused the call.
    public var isAccessDenied: Bool { name == Name.accessDenied || name == "System.Error.EACCES" || name == "System.Error.EPERM" }

    public var description: String { OneLine.escaped(name) + ": " + OneLine.escaped(message) }

    /// An sd-bus failure `code` (a negative errno) while `doing` something.
    static func errno(_ code: Int32, _ doing: String) -> DBusError {
        let number = code < 0 ? -code : code
        let text = strerror(number).map { String(cString: $0) } ?? "error \(number)"
        return DBusError(name: "System.Error.\(errnoName(number))", message: "\(doing): \(text)")
    }

    /// sd-bus's names for the errnos a client meets (it names any errno `System.Error.E…`).
    private static func errnoName(_ number: Int32) -> String {
        switch number {
        case ENOENT: "ENOENT"
        case ECONNREFUSED: "ECONNREFUSED"
        case ECONNRESET: "ECONNRESET"
        case ENOTCONN: "ENOTCONN"
        case ETIMEDOUT: "ETIMEDOUT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case EINVAL: "EINVAL"
        case ENOMEM: "ENOMEM"
        case ENOSYS: "ENOSYS"
        case ENXIO: "ENXIO"
        case EBADMSG: "EBADMSG"
        case ENOMEDIUM: "ENOMEDIUM"
        default: "errno\(number)"
        }
    }
}
