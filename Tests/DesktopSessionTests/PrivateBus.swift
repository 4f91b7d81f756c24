// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Glibc
import TestSupport

/// A private dbus-daemon for one test, with python-dbusmock services on it. The same bus serves as
/// the session and the system bus (both addresses point at it in the mocks' environment; the code
/// under test is given `.address(bus.address)`). Every child runs under `timeout`, so nothing
/// outlives a crashed test by more than a minute; ``stop()`` (also run by deinit) ends them all.
final class PrivateBus {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let dbusDaemon: String? = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first { access($0, X_OK) == 0 }
    /// A Python with python3-dbusmock (Debian's, not a pyenv one).
    static let python: String? = ["/usr/bin/python3", "python3"].first {
        ChildProcess.run([$0, "-c", "import dbusmock"], within: 30) == 0
    }
    static var available: Bool { dbusDaemon != nil && python != nil && access("/usr/bin/timeout", X_OK) == 0 }
    static let geoclueTemplate = RepositoryFile.root + "/.ci/dbusmock/geoclue2.py"

    let directory: String
    var address: String { "unix:path=\(directory)/bus" }
    private var children: [pid_t] = []

    init() throws {
        var template = Array("/tmp/routingd-dbus-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        directory = String(cString: made)
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory)/bus</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try write(config, to: directory + "/bus.conf")
        try spawn(
            [PrivateBus.dbusDaemon ?? "dbus-daemon", "--config-file=\(directory)/bus.conf", "--nofork", "--nopidfile"],
            log: "dbus-daemon.log")
        // The socket file appears at bind(2), before listen(2): wait until a connection is accepted
        // (a test that connected in between got "Connection refused" under load).
        for _ in 0..<500 where !Self.accepts(directory + "/bus") { usleep(10_000) }
        guard Self.accepts(directory + "/bus") else {
            stop()
            throw Failure(description: "dbus-daemon did not listen within 5 s")
        }
    }

    deinit { stop() }

    /// Whether a connect(2) to the Unix socket at `path` succeeds (it is closed at once).
    static func accepts(_ path: String) -> Bool {
        guard case .success(let fd) = UnixSocket.connect(path) else { return false }
        close(fd)
        return true
    }

    /// Starts `python3 -m dbusmock --template template` on this bus and waits (10 s at most) until
    /// it owns `name`.
    func startMock(template: String, name: String, parameters: String? = nil) throws {
        var argv = [PrivateBus.python ?? "python3", "-m", "dbusmock", "--template", template]
        if let parameters { argv += ["-p", parameters] }
        try spawn(argv, log: "dbusmock-\(children.count).log")
        let connection = try DBusConnection(.address(address))
        for _ in 0..<200 {
            let owned = try connection.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", [.string(name)],
                deadline: .after(seconds: 2))
            if owned.first == .boolean(true) { return }
            usleep(50_000)
        }
        throw Failure(description: "\(name) did not appear within 10 s; mock log: \(log("dbusmock-\(children.count - 1).log"))")
    }

    /// The text of a child's log in the bus directory.
    func log(_ file: String) -> String { RepositoryFile.text(directory + "/" + file) ?? "" }

    /// Ends every child (SIGTERM, then SIGKILL after 3 s) and removes the directory.
    func stop() {
        for pid in children { kill(pid, SIGTERM) }
        for pid in children {
            var status: Int32 = 0
            var reaped = false
            for _ in 0..<300 {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    break
                }
                usleep(10_000)
            }
            if !reaped {
                kill(-pid, SIGKILL)  // timeout leads its own process group: it and its child
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
        children = []
        if let dir = opendir(directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink(directory + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(directory)
    }

    /// Runs `argv` under `timeout 60`, with both bus addresses pointing here and output to `log`.
    private func spawn(_ argv: [String], log: String) throws {
        let full = ["/usr/bin/timeout", "60"] + argv
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("DBUS_SESSION_BUS_ADDRESS=") && !text.hasPrefix("DBUS_SYSTEM_BUS_ADDRESS=") {
                environment.append(text)
            }
            index += 1
        }
        environment += ["DBUS_SESSION_BUS_ADDRESS=\(address)", "DBUS_SYSTEM_BUS_ADDRESS=\(address)"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory + "/" + log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArgs = full.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        // The test may run on a thread that blocks SIGTERM (Dispatch's do); the child must not inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let r = posix_spawn(&pid, full[0], &actions, &attributes, cArgs, cEnv)
        guard r == 0 else { throw Failure(description: "cannot start \(argv[0]): errno \(r)") }
        children.append(pid)
    }

    private func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw Failure(description: "cannot write \(path)") }
        defer { fclose(file) }
        fputs(text, file)
    }
}
