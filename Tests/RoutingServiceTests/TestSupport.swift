// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingService
import StrictJSON
import Synchronization
import TestSupport
import Testing
import Varlink

// MARK: - The test interface

let echoIDL = """
    # Interface used by the socket tests.
    interface org.example.echo

    # Returns its input and who called.
    method Echo(text: string) -> (text: string, pid: int, uid: int)

    # Returns `bytes` letters: a big reply.
    method Big(bytes: int) -> (text: string)

    # Always fails with Refused.
    method Fail(reason: string) -> ()

    error Refused (reason: string)
    """

func makeEchoService() -> VarlinkService {
    let echo = VarlinkInterface(
        description: echoIDL,
        methods: [
            "Echo": { call throws(VarlinkError) in
                guard let text = call.parameters["text"]?.stringValue else { throw .invalidParameter("text") }
                return [
                    "text": .string(text), "pid": .number(Double(call.peer?.pid ?? -1)),
                    "uid": .number(Double(call.peer?.uid ?? UInt32.max)),
                ]
            },
            "Big": { call throws(VarlinkError) in
                guard let bytes = call.parameters["bytes"]?.intValue, bytes >= 0 else {
                    throw .invalidParameter("bytes")
                }
                return ["text": .string(String(repeating: "x", count: bytes))]
            },
            "Fail": { call throws(VarlinkError) in
                throw VarlinkError(name: "org.example.echo.Refused", parameters: ["reason": call.parameters["reason"] ?? "none"])
            },
        ])
    return VarlinkService(vendor: "Example", product: "echod", version: "1", url: "https://example.org", interfaces: [echo])
}

// MARK: - Paths

private let pathCounter = Atomic<Int>(0)

/// A fresh directory under /tmp (not yet created) and the socket path inside it.
func makeSocketPath(_ name: String = "varlink.sock") -> String {
    let n = pathCounter.add(1, ordering: .relaxed).newValue
    return "/tmp/routingd-test-\(getpid())-\(n)/\(name)"
}

func fileExists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
}

func fileMode(_ path: String) -> UInt32 {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return UInt32(status.st_mode) & 0o7777
}

// MARK: - Threads

/// A plain pthread (Foundation's Thread is not available with FoundationEssentials only).
final class TestThread: Sendable {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    private let handle: pthread_t
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let done = self.done
        let box = Unmanaged.passRetained(Box { body(); done.signal() }).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(rc == 0, "pthread_create failed: \(rc)")
        handle = thread
    }

    /// Joins the thread if it finishes within `seconds`; false (and not joined) otherwise.
    @discardableResult
    func join(within seconds: Double = 10) -> Bool {
        guard done.wait(timeout: .now() + seconds) == .success else { return false }
        pthread_join(handle, nil)
        return true
    }
}

/// The calling thread's kernel thread id, from the /proc/thread-self link (`PID/task/TID`); 0 if
/// unreadable (Glibc's Swift module has no gettid).
func currentThreadID() -> Int32 {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return 0 }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return target.split(separator: "/").last.flatMap { Int32($0) } ?? 0
}

// MARK: - A server on a background thread

/// A ``VarlinkServer`` with the echo service, running on its own thread until ``stop()``.
final class RunningServer: Sendable {
    let path: String
    let server: VarlinkServer
    private let thread: TestThread
    private let state = State()

    /// What the server thread reports.
    private final class State: Sendable {
        let loopThread = Atomic<UInt>(0)
        /// The loop thread's kernel thread id, for /proc/self/task/TID/stat.
        let loopTID = Atomic<Int32>(0)
        let outcome = Mutex<String?>(nil)
    }

    convenience init(
        path: String = makeSocketPath(), service: VarlinkService = makeEchoService(),
        limits: VarlinkServer.Limits = .init(), configure: (VarlinkServer) -> Void = { _ in }
    ) throws {
        let listener = try UnixListener.bind(path: path)
        try self.init(path: path, listener: listener, service: service, limits: limits, configure: configure)
    }

    init(
        path: String, listener: UnixListener, service: VarlinkService = makeEchoService(),
        limits: VarlinkServer.Limits = .init(), configure: (VarlinkServer) -> Void = { _ in }
    ) throws {
        self.path = path
        let server = VarlinkServer(service: service, listener: listener, limits: limits)
        self.server = server
        configure(server)
        let ready = DispatchSemaphore(value: 0)
        server.onReady = { ready.signal() }
        // `self` is not fully initialised yet, so the thread captures the pieces it needs.
        thread = TestThread { [server, state] in
            state.loopThread.store(UInt(pthread_self()), ordering: .releasing)
            state.loopTID.store(currentThreadID(), ordering: .releasing)
            do {
                try server.run()
                state.outcome.withLock { $0 = "returned" }
            } catch {
                state.outcome.withLock { $0 = "threw \(error)" }
            }
        }
        try #require(ready.wait(timeout: .now() + 10) == .success, "server did not become ready")
    }

    /// Sends `signal` to the loop thread only (pthread_kill), where run() has it blocked.
    func send(signal: Int32) {
        pthread_kill(pthread_t(state.loopThread.load(ordering: .acquiring)), signal)
    }

    /// CPU time the loop thread has used (user plus system), in seconds, from
    /// /proc/self/task/TID/stat (proc(5): fields 14 and 15, in clock ticks); nil if unreadable.
    func loopThreadCPUSeconds() -> Double? {
        let tid = state.loopTID.load(ordering: .acquiring)
        guard tid > 0, let file = fopen("/proc/self/task/\(tid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits for run() to return by itself (e.g. after SIGTERM).
    func waitForExit(within seconds: Double = 10) -> String? {
        guard thread.join(within: seconds) else { return nil }
        return state.outcome.withLock { $0 }
    }

    /// stop(), then waits for run() to return; records an issue if it hangs or throws.
    func stop(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        server.stop()
        let result = waitForExit()
        #expect(result == "returned", "run() did not return cleanly", sourceLocation: sourceLocation)
    }
}

// MARK: - A raw socket for protocol-level tests

/// A client socket that sends arbitrary bytes and reads raw NUL-terminated messages.
final class RawConnection {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        switch UnixSocket.connect(path) {
        case .success(let connected): fd = connected
        case .failure(let error) where error.operation == "socket": throw SystemError(operation: "socket", errno: error.errno)
        case .failure(let error): throw SystemError(operation: "connect", path: path, errno: error.errno)
        }
    }

    /// Takes over `descriptor`, an already connected socket (one end of a socketpair(2)).
    init(descriptor: Int32) {
        fd = descriptor
    }

    deinit { close() }

    private var closed = false
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    /// Sends all of `bytes` (blocking); returns false if the peer is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads more bytes, waiting at most `seconds`. nil on timeout; 0 at end of stream or error.
    private func fill(timeout seconds: Double) -> Int? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(seconds * 1000))
        guard ready > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return 0 }
        buffer.append(contentsOf: chunk[..<n])
        return n
    }

    /// The next NUL-terminated message as text (without the NUL); nil on timeout or end of stream.
    func readMessage(timeout seconds: Double = 5) -> String? {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 1)
                return message
            }
            guard let n = fill(timeout: seconds), n > 0 else { return nil }
        }
    }

    /// The next message decoded as a JSON object.
    func readReply(timeout seconds: Double = 5) -> JSONObject? {
        guard let text = readMessage(timeout: seconds) else { return nil }
        return try? JSONParser().parse(text).root.json.objectValue
    }

    /// True when the server closes the connection (EOF or reset) within `seconds`, after any data.
    func waitForClose(timeout seconds: Double = 5) -> Bool {
        while true {
            guard let n = fill(timeout: seconds) else { return false }
            if n == 0 { return true }
        }
    }
}

func call(_ method: String, _ parameters: String = "{}") -> String {
    #"{"method":"\#(method)","parameters":\#(parameters)}"# + "\0"
}
