// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import Synchronization

/// Tells the service manager about the daemon's state, as sd_notify(3) does, without libsystemd:
/// one `AF_UNIX` `SOCK_DGRAM` datagram per notification to `$NOTIFY_SOCKET`, holding
/// newline-separated `KEY=VALUE` lines.
///
/// `$NOTIFY_SOCKET` is a filesystem path (`/run/systemd/notify`) or, starting with `@`, a name in the
/// abstract namespace (sd_notify(3)); other forms (`vsock:`) are not supported and give one log line.
/// Without `$NOTIFY_SOCKET` (not run by systemd) every call does nothing. A notification that cannot
/// be sent is logged once (the first failure), never fatal: the daemon serves either way.
///
/// `Sendable`: safe from any thread (a reload thread, the event loop).
public final class ServiceNotifier: Sendable {
    /// Where `$NOTIFY_SOCKET` points.
    public enum Address: Equatable, Sendable {
        /// A filesystem socket.
        case path(String)
        /// An abstract-namespace socket, without the leading `@` (or NUL).
        case abstract(String)

        /// Parses `$NOTIFY_SOCKET`.
        /// - Returns: the address, or why it is not used: a form this daemon does not speak (empty,
        ///   relative, `vsock:`) or a name too long for `sun_path`.
        public static func parse(_ text: String) -> Result<Address, Unsupported> {
            if text.hasPrefix("/") {
                guard text.utf8.count < 108 else { return .failure(Unsupported(reason: "the path is longer than 107 bytes")) }
                return .success(.path(text))
            }
            if text.hasPrefix("@") {
                let name = String(text.dropFirst())
                guard !name.isEmpty else { return .failure(Unsupported(reason: "'@' names no abstract socket")) }
                guard name.utf8.count < 108, !name.utf8.contains(0) else {
                    return .failure(Unsupported(reason: "the abstract name is longer than 107 bytes"))
                }
                return .success(.abstract(name))
            }
            return .failure(Unsupported(reason: "only absolute paths and @abstract names are supported"))
        }
    }

    /// Why `$NOTIFY_SOCKET` is not used.
    public struct Unsupported: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The destination, or nil when notifications go nowhere.
    public let address: Address?
    private let log: Log?
    private let failureLogged = Atomic<Bool>(false)

    /// A notifier sending to `address` (nil: a no-op notifier).
    public init(address: Address?, log: Log? = nil) {
        self.address = address
        self.log = log
    }

    /// A notifier for `$NOTIFY_SOCKET`; logs one warning when it is set to something unusable.
    public static func fromEnvironment(log: Log) -> ServiceNotifier {
        guard let raw = getenv("NOTIFY_SOCKET") else { return ServiceNotifier(address: nil, log: log) }
        let text = String(cString: raw)
        switch Address.parse(text) {
        case .success(let address):
            return ServiceNotifier(address: address, log: log)
        case .failure(let unsupported):
            log.warning("NOTIFY_SOCKET=\(text) not used: \(unsupported.reason); systemd will not hear READY=1")
            return ServiceNotifier(address: nil, log: log)
        }
    }

    // MARK: Messages (sd_notify(3) keys)

    /// The datagram for `fields`, in order: `KEY=VALUE` lines joined by newlines. Newlines inside a
    /// value (which would start a new key) become spaces.
    public static func message(_ fields: [(key: String, value: String)]) -> String {
        fields.map { field in
            let value = String(field.value.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
            return "\(field.key)=\(value)"
        }.joined(separator: "\n")
    }

    /// `READY=1` (start-up or reload finished) with `STATUS=status`.
    public static func readyMessage(status: String) -> String {
        message([("READY", "1"), ("STATUS", status)])
    }

    /// `RELOADING=1` with `MONOTONIC_USEC=` (CLOCK_MONOTONIC in microseconds, which
    /// `Type=notify-reload` on systemd ≥ 253 needs to match the reload to its request) and a status.
    public static func reloadingMessage(monotonicMicroseconds: UInt64) -> String {
        message([("RELOADING", "1"), ("MONOTONIC_USEC", String(monotonicMicroseconds)), ("STATUS", "reloading")])
    }

    /// `STOPPING=1`.
    public static let stoppingMessage = message([("STOPPING", "1"), ("STATUS", "stopping")])

    /// `WATCHDOG=1`: the keep-alive ping.
    public static let watchdogMessage = "WATCHDOG=1"

    // MARK: Sending

    /// Sends `READY=1` and the status line.
    public func ready(status: String) { send(ServiceNotifier.readyMessage(status: status)) }
    /// Sends `RELOADING=1` and `MONOTONIC_USEC=` now; follow with ``ready(status:)``.
    public func reloading() {
        send(ServiceNotifier.reloadingMessage(monotonicMicroseconds: ServiceNotifier.monotonicMicroseconds()))
    }
    /// Sends `STOPPING=1`.
    public func stopping() { send(ServiceNotifier.stoppingMessage) }
    /// Sends `WATCHDOG=1`.
    public func watchdog() { send(ServiceNotifier.watchdogMessage) }
    /// Sends `STATUS=` alone.
    public func status(_ text: String) { send(ServiceNotifier.message([("STATUS", text)])) }

    /// Sends one datagram. Failures (no listener, permission) are logged the first time only.
    /// - Returns: true when the datagram was sent, or there is nowhere to send it.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard let address else { return true }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            report(SystemError.current("socket"))
            return false
        }
        defer { _ = Glibc.close(fd) }
        let (name, abstract, shown): (String, Int32, String) = switch address {
        case .path(let path): (path, 0, path)
        case .abstract(let name): (name, 1, "@" + name)
        }
        var bytes = Array(message.utf8)
        let sent = FileDescriptor.retryingOnInterrupt {
            bytes.withUnsafeMutableBytes { routingd_unix_sendto(fd, name, abstract, $0.baseAddress, $0.count) }
        }
        guard sent == bytes.count else {
            report(sent < 0 ? SystemError.current("sendto", path: shown) : SystemError(operation: "sendto (short)", path: shown, errno: EMSGSIZE))
            return false
        }
        return true
    }

    private func report(_ error: SystemError) {
        guard !failureLogged.exchange(true, ordering: .relaxed) else { return }
        log?.error("cannot notify the service manager (NOTIFY_SOCKET): \(error); further failures are not logged")
    }

    /// CLOCK_MONOTONIC in microseconds, the clock of `MONOTONIC_USEC=`.
    public static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    // MARK: Watchdog

    /// How often to send `WATCHDOG=1`, in microseconds: half of `WATCHDOG_USEC` (systemd.service(5)
    /// `WatchdogSec=`), or nil when there is no watchdog for us: `WATCHDOG_USEC` unset, not a positive
    /// number, or `WATCHDOG_PID` set to another process (sd_watchdog_enabled(3)).
    /// - Returns: `.failure` with a reason worth a log line for malformed values.
    public static func watchdogInterval(
        watchdogUSec: String?, watchdogPID: String?, pid: Int32
    ) -> Result<UInt64?, Unsupported> {
        guard let watchdogUSec else { return .success(nil) }
        guard let usec = UInt64(watchdogUSec), usec > 0 else {
            return .failure(Unsupported(reason: "WATCHDOG_USEC='\(watchdogUSec)' is not a positive number of microseconds"))
        }
        if let watchdogPID {
            guard let owner = Int32(watchdogPID), owner > 0 else {
                return .failure(Unsupported(reason: "WATCHDOG_PID='\(watchdogPID)' is not a process id"))
            }
            guard owner == pid else { return .success(nil) }
        }
        return .success(max(usec / 2, 1))
    }

    /// ``watchdogInterval(watchdogUSec:watchdogPID:pid:)`` for this process's environment; unsets
    /// `WATCHDOG_USEC` and `WATCHDOG_PID` (no child should ping for us) and logs malformed values.
    public static func watchdogIntervalFromEnvironment(log: Log) -> UInt64? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let result = watchdogInterval(
            watchdogUSec: variable("WATCHDOG_USEC"), watchdogPID: variable("WATCHDOG_PID"), pid: getpid())
        unsetenv("WATCHDOG_USEC")
        unsetenv("WATCHDOG_PID")
        switch result {
        case .success(let interval): return interval
        case .failure(let problem):
            log.warning("watchdog disabled: \(problem.reason)")
            return nil
        }
    }
}
