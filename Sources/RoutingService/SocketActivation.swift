// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Systemd socket activation (sd_listen_fds(3)): the listening socket a service manager (systemd,
/// `systemd-socket-activate`, the Python varlink client's `-A`) opened for us and passed as
/// descriptor 3 and up.
///
/// The protocol, from sd_listen_fds(3): `LISTEN_PID` is the decimal pid the descriptors are meant
/// for (ignore them unless it is ours: a child may inherit the variables); `LISTEN_FDS` is how many
/// descriptors there are, starting at `SD_LISTEN_FDS_START` = 3; `LISTEN_FDNAMES` (optional) is their
/// colon-separated names, from `FileDescriptorName=` in systemd.socket(5). routingd takes the one
/// named `varlink`, or the only one; the descriptor may be blocking or not, so `O_NONBLOCK` and
/// `FD_CLOEXEC` are set explicitly, and the three variables are unset so no child sees them.
public enum SocketActivation {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3
    /// The name routingd's socket units give the socket (`FileDescriptorName=varlink`).
    public static let preferredName = "varlink"

    /// What the environment says.
    public enum Outcome: Equatable, Sendable {
        /// `LISTEN_FDS` is unset: bind the socket ourselves.
        case notActivated
        /// The variables are set but are not for us, or are malformed: say `reason` in a log line and
        /// bind the socket ourselves.
        case ignored(reason: String)
        /// Serve on `descriptor` (named `name`, or nil when `LISTEN_FDNAMES` gave none). `unused` are
        /// the other passed descriptors, to be closed; `note` is worth a log line (e.g. no descriptor
        /// was named `varlink`, so the first was taken).
        case activated(descriptor: Int32, name: String?, unused: [Int32], note: String?)
    }

    /// Decides from the variables' values (nil when unset), without touching any descriptor.
    /// - Parameters:
    ///   - listenPID: `LISTEN_PID`, a decimal pid.
    ///   - listenFDs: `LISTEN_FDS`, a decimal count ≥ 1.
    ///   - listenFDNames: `LISTEN_FDNAMES`, colon-separated names, one per descriptor.
    ///   - pid: our own pid (getpid(2)).
    public static func decide(listenPID: String?, listenFDs: String?, listenFDNames: String?, pid: Int32) -> Outcome {
        guard let listenFDs else { return .notActivated }
        guard let listenPID else {
            return .ignored(reason: "LISTEN_FDS=\(listenFDs) is set without LISTEN_PID (sd_listen_fds(3) needs both)")
        }
        guard let owner = Int32(listenPID), owner > 0 else {
            return .ignored(reason: "LISTEN_PID='\(listenPID)' is not a process id")
        }
        guard owner == pid else {
            return .ignored(reason: "LISTEN_PID=\(owner) is not this process (\(pid)): the descriptors are someone else's")
        }
        guard let count = Int32(listenFDs), count >= 1, count <= 1024 else {
            return .ignored(reason: "LISTEN_FDS='\(listenFDs)' is not a descriptor count from 1 to 1024")
        }
        let descriptors = (0..<count).map { firstDescriptor + $0 }
        var names: [String]? = nil
        var note: String? = nil
        if let listenFDNames {
            let split = listenFDNames.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if split.count == Int(count) {
                names = split
            } else {
                note = "LISTEN_FDNAMES has \(split.count) name\(split.count == 1 ? "" : "s") for \(count) descriptor\(count == 1 ? "" : "s"); names ignored"
            }
        }
        var chosen = 0
        if let names {
            if let index = names.firstIndex(of: preferredName) {
                chosen = index
            } else if count > 1 {
                note = "no descriptor is named '\(preferredName)' (LISTEN_FDNAMES=\(listenFDNames ?? "")); using fd \(firstDescriptor) (\(names[0]))"
            }
        } else if count > 1 && note == nil {
            note = "\(count) descriptors passed without names; using fd \(firstDescriptor)"
        }
        var unused = descriptors
        unused.remove(at: chosen)
        return .activated(descriptor: descriptors[chosen], name: names?[chosen], unused: unused, note: note)
    }

    /// A descriptor ready to serve on, or why none is.
    public struct Adopted: Sendable {
        /// The listening socket to accept clients on; nil for a connected socket.
        public var listener: UnixListener?
        /// A connected socket (`Accept=yes` in systemd.socket(5), varlinkctl's `exec:` transport):
        /// serve this one client and exit when it closes; nil for a listening socket.
        public var connection: Int32?
        /// `fd 3 (varlink)`, for log lines.
        public var label: String
    }

    /// What a passed stream socket is for.
    public enum StreamSocketKind: Equatable, Sendable {
        /// It listens: accept clients on it.
        case listening
        /// It is connected to one client (getpeername(2) succeeds).
        case connected
    }

    /// Reads and unsets `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES`; when they pass us a socket,
    /// checks that it is a stream socket that listens or is connected (``checkStreamSocket(_:label:)``),
    /// sets `O_NONBLOCK` and `FD_CLOEXEC`, closes the unused others and adopts it.
    /// - Parameter log: gets one line for variables that are ignored and for notes.
    /// - Returns: the listener or the connection, or nil when not activated (bind instead).
    /// - Throws: ``SystemError`` when the chosen descriptor is not a usable stream socket.
    public static func adoptFromEnvironment(log: Log) throws(SystemError) -> Adopted? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let outcome = decide(
            listenPID: variable("LISTEN_PID"), listenFDs: variable("LISTEN_FDS"),
            listenFDNames: variable("LISTEN_FDNAMES"), pid: getpid())
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        switch outcome {
        case .notActivated:
            return nil
        case .ignored(let reason):
            log.warning("socket activation ignored: \(reason); binding the socket instead")
            return nil
        case .activated(let fd, let name, let unused, let note):
            if let note { log.warning("socket activation: \(note)") }
            for other in unused { _ = Glibc.close(other) }
            let label = name.map { "fd \(fd) (\($0))" } ?? "fd \(fd)"
            let kind = try checkStreamSocket(fd, label: label)
            let descriptor = FileDescriptor(rawValue: fd)
            do throws(SystemError) {
                try descriptor.setNonBlockingAndCloseOnExec()
            } catch {
                throw SystemError(operation: error.operation, path: label, errno: error.errno)
            }
            switch kind {
            case .listening: return Adopted(listener: UnixListener(adopting: fd), connection: nil, label: label)
            case .connected: return Adopted(listener: nil, connection: fd, label: label)
            }
        }
    }

    /// Throws unless `fd` is an open socket of type `SOCK_STREAM` that listens (socket(7)
    /// `SO_TYPE`, `SO_ACCEPTCONN`).
    static func checkListeningStreamSocket(_ fd: Int32, label: String) throws(SystemError) {
        guard try checkStreamSocket(fd, label: label) == .listening else {
            throw SystemError(operation: "socket activation (the socket does not listen)", path: label, errno: EINVAL)
        }
    }

    /// Whether `fd`, an open socket of type `SOCK_STREAM`, listens (`SO_ACCEPTCONN`) or is connected
    /// (getpeername(2)).
    /// - Throws: ``SystemError`` for a descriptor that is not a socket (`ENOTSOCK`), not a stream
    ///   socket (`EPROTOTYPE`), or a stream socket that neither listens nor is connected (`ENOTCONN`).
    static func checkStreamSocket(_ fd: Int32, label: String) throws(SystemError) -> StreamSocketKind {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw SystemError.current("fstat", path: label) }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw SystemError(operation: "socket activation", path: label, errno: ENOTSOCK)
        }
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else {
            throw SystemError.current("getsockopt SO_TYPE", path: label)
        }
        guard type == Int32(SOCK_STREAM.rawValue) else {
            throw SystemError(operation: "socket activation (not a stream socket)", path: label, errno: EPROTOTYPE)
        }
        var listening: Int32 = 0
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 else {
            throw SystemError.current("getsockopt SO_ACCEPTCONN", path: label)
        }
        if listening != 0 { return .listening }
        var peer = sockaddr_storage()
        var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let connected = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &peerLength) }
        }
        guard connected == 0 else {
            throw SystemError(
                operation: "socket activation (the socket neither listens nor is connected)", path: label, errno: ENOTCONN)
        }
        return .connected
    }
}
