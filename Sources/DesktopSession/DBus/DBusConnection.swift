// SPDX-License-Identifier: Apache-2.0
import CSDBus

#if canImport(Glibc)
import Glibc
#endif

/// Which bus to connect to.
public enum DBusBus: Sendable, Equatable {
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    case session
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket).
    case system
    /// A bus daemon at this D-Bus address (`unix:path=…`), as a bus client.
    case address(String)
}

/// A signal received on a connection.
public struct DBusSignal: Sendable, Equatable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]
}

/// One sd-bus connection (libsystemd.so.0, loaded at first use). Every call takes a deadline and
/// never blocks past it. Not thread-safe: use a connection from one thread at a time.
public final class DBusConnection {
    private let bus: OpaquePointer
    private var matches: [OpaquePointer] = []

    /// Connects to `which`. Throws ``DBusError`` named ``DBusError/Name/noLibsystemd`` when
    /// libsystemd.so.0 cannot be loaded, ``DBusError/Name/noBus`` when the bus cannot be reached.
    public init(_ which: DBusBus) throws(DBusError) {
        try DBusConnection.loadLibrary()
        var bus: OpaquePointer? = nil
        let r: Int32
        let what: String
        switch which {
        case .session:
            r = csdbus_open_user(&bus)
            what = "the session bus"
        case .system:
            r = csdbus_open_system(&bus)
            what = "the system bus"
        case .address(let address):
            r = address.withCString { csdbus_open_address($0, &bus) }
            what = "the bus at \(address)"
        }
        guard r >= 0, let bus else {
            let cause = DBusError.errno(r, "cannot connect to \(what)")
            throw DBusError(name: DBusError.Name.noBus, message: cause.message)
        }
        self.bus = bus
    }

    deinit {
        for slot in matches { _ = csdbus_slot_unref(slot) }
        _ = csdbus_flush_close_unref(bus)
    }

    /// Loads libsystemd.so.0 (once per process); throws why it cannot.
    public static func loadLibrary() throws(DBusError) {
        if csdbus_load() != 0 {
            let why = csdbus_load_error().map { String(cString: $0) } ?? "unknown reason"
            throw DBusError(name: DBusError.Name.noLibsystemd, message: "cannot load libsystemd.so.0 (\(why))")
        }
    }

    /// Calls `interface.member` on `path` at `destination` with `arguments` and returns the reply's
    /// values. Throws the peer's D-Bus error, or a timeout error when no reply came by `deadline`.
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: [DBusValue] = [], deadline: DBusDeadline
    ) throws(DBusError) -> [DBusValue] {
        var message: OpaquePointer? = nil
        let r = destination.withCString { d in
            path.withCString { p in
                interface.withCString { i in member.withCString { csdbus_message_new_method_call(bus, &message, d, p, i, $0) } }
            }
        }
        guard r >= 0, let message else { throw DBusError.errno(r, "calling \(interface).\(member) on \(path)") }
        defer { _ = csdbus_message_unref(message) }
        for argument in arguments { try DBusMessageCoding.append(argument, to: message) }

        let remaining = deadline.remaining
        guard remaining > 0 else {
            throw DBusError(name: DBusError.Name.timeout, message: "no time left to call \(interface).\(member)")
        }
        var error = csdbus_error(name: nil, message: nil, _need_free: 0)
        defer { csdbus_error_free(&error) }
        var reply: OpaquePointer? = nil
        let sent = csdbus_call(bus, message, remaining, &error, &reply)
        if sent < 0 {
            if let name = error.name {
                throw DBusError(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
            }
            throw DBusError.errno(sent, "calling \(interface).\(member) on \(path)")
        }
        guard let reply else { return [] }
        defer { _ = csdbus_message_unref(reply) }
        return try DBusMessageCoding.readAll(reply)
    }

    /// org.freedesktop.DBus.Properties.Get: the property's value, out of its variant.
    public func property(
        _ destination: String, _ path: String, _ interface: String, _ name: String, deadline: DBusDeadline
    ) throws(DBusError) -> DBusValue {
        let reply = try call(
            destination, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)],
            deadline: deadline)
        guard let value = reply.first else {
            throw DBusError(name: "org.freedesktop.DBus.Error.InconsistentMessage", message: "Properties.Get returned nothing for \(name)")
        }
        return value.unwrapped
    }

    /// org.freedesktop.DBus.Properties.Set with `value` (sent in a variant).
    public func setProperty(
        _ destination: String, _ path: String, _ interface: String, _ name: String, _ value: DBusValue,
        deadline: DBusDeadline
    ) throws(DBusError) {
        _ = try call(
            destination, path, "org.freedesktop.DBus.Properties", "Set",
            [.string(interface), .string(name), .variant(value)], deadline: deadline)
    }

    /// Asks the bus to send this connection the messages matching `rule` (a D-Bus match rule, e.g.
    /// `type='signal',interface='…',member='…',path='…'`), until the connection closes. Does not wait:
    /// the bus applies it before any call sent later on this connection.
    public func addMatch(_ rule: String) throws(DBusError) {
        var slot: OpaquePointer? = nil
        let r = rule.withCString { csdbus_add_match(bus, &slot, $0) }
        guard r >= 0, let slot else { throw DBusError.errno(r, "adding the match rule \(rule)") }
        matches.append(slot)
    }

    /// Processes the connection until a signal that `accept` takes arrives (returned) or `deadline`
    /// passes (nil), polling the connection's fd in between (sd_bus_get_fd, get_events, get_timeout,
    /// sd_bus_process). Signals already queued while a call waited for its reply count. Signals
    /// `accept` declines are dropped.
    public func waitForSignal(
        until deadline: DBusDeadline, where accept: (DBusSignal) -> Bool
    ) throws(DBusError) -> DBusSignal? {
        while true {
            var message: OpaquePointer? = nil
            let r = csdbus_process(bus, &message)
            if r < 0 { throw DBusError.errno(r, "reading from the bus") }
            if let message {
                defer { _ = csdbus_message_unref(message) }
                if csdbus_message_is_signal(message, nil, nil) > 0 {
                    let signal = DBusSignal(
                        path: csdbus_message_get_path(message).map { String(cString: $0) } ?? "",
                        interface: csdbus_message_get_interface(message).map { String(cString: $0) } ?? "",
                        member: csdbus_message_get_member(message).map { String(cString: $0) } ?? "",
                        arguments: try DBusMessageCoding.readAll(message))
                    if accept(signal) { return signal }
                }
            }
            let now = DBusDeadline.now()
            if now >= deadline.microseconds { return nil }
            if r > 0 { continue }  // more may be queued: process again before polling

            var wake: UInt64 = .max
            if csdbus_get_timeout(bus, &wake) < 0 { wake = .max }
            let until = min(deadline.microseconds, wake)
            let milliseconds = until <= now ? 0 : Int32(min((until - now + 999) / 1000, UInt64(Int32.max)))
            let events = csdbus_get_events(bus)
            if events < 0 { throw DBusError.errno(events, "polling the bus") }
            var descriptor = pollfd(fd: csdbus_get_fd(bus), events: Int16(truncatingIfNeeded: events), revents: 0)
            if poll(&descriptor, 1, milliseconds) < 0 && errno != EINTR {
                throw DBusError.errno(-errno, "polling the bus")
            }
        }
    }
}
