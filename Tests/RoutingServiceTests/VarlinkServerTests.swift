// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RoutingService
import StrictJSON
import Synchronization
import Testing
import Varlink

/// End-to-end tests through real Unix sockets: a server on a background thread, clients in the test.
/// Time bounds are hang guards, not benchmarks.
@Suite struct VarlinkServerTests {
    @Test func getInfoOverTheSocket() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let client = try VarlinkClient(path: running.path)
        let info = try client.call("org.varlink.service.GetInfo")
        #expect(info["interfaces"] == ["org.varlink.service", "org.example.echo"])
        let description = try client.call("org.varlink.service.GetInterfaceDescription", ["interface": "org.example.echo"])
        #expect(description["description"]?.stringValue == echoIDL)
    }

    @Test func peerCredentialsReachTheHandler() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let reply = try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "me"])
        #expect(reply["text"] == "me")
        #expect(reply["pid"]?.intValue == Int(getpid()))
        #expect(reply["uid"]?.intValue == Int(getuid()))
    }

    @Test func errorRepliesBecomeVarlinkErrors() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let client = try VarlinkClient(path: running.path)
        #expect(throws: VarlinkError(name: "org.example.echo.Refused", parameters: ["reason": "because"])) {
            try client.call("org.example.echo.Fail", ["reason": "because"])
        }
        #expect(throws: VarlinkError.methodNotFound("org.example.echo.Nope")) {
            try client.call("org.example.echo.Nope")
        }
        // The connection is still usable after error replies.
        #expect(try client.call("org.example.echo.Echo", ["text": "still here"])["text"] == "still here")
    }

    @Test func manyConcurrentClients() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let failures = Mutex<[String]>([])
        let threads = (0..<50).map { t in
            TestThread { [path = running.path] in
                do {
                    let client = try VarlinkClient(path: path)
                    for i in 0..<20 {
                        let text = "thread \(t) call \(i)"
                        let reply = try client.call("org.example.echo.Echo", ["text": .string(text)])
                        if reply["text"]?.stringValue != text { failures.withLock { $0.append("\(text): \(reply)") } }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(t): \(error)") }
                }
            }
        }
        for thread in threads { #expect(thread.join(within: 60), "client thread hung") }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func silentClientDoesNotDelayOthers() throws {
        var limits = VarlinkServer.Limits()
        limits.maxPendingReplyBytes = 1 << 20
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let silent = try RawConnection(path: running.path)
        silent.send(#"{"method":"org.example.echo.Echo","param"#)  // half a message, then nothing
        let neverReads = try RawConnection(path: running.path)
        for _ in 0..<40 { neverReads.send(call("org.example.echo.Big", #"{"bytes":100000}"#)) }  // 4 MB of replies, never read

        let start = DispatchTime.now()
        let client = try VarlinkClient(path: running.path, timeout: 5)
        #expect(try client.call("org.example.echo.Echo", ["text": "fast"])["text"] == "fast")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(seconds < 2, "hang guard: took \(seconds) s")

        // The silent client can still finish its message and is answered.
        silent.send(#"eters":{"text":"late"}}"# + "\0")
        #expect(silent.readReply()?["parameters"]?["text"] == "late")
    }

    @Test func backpressuredClientGetsAllRepliesInOrderOnceItReads() throws {
        var limits = VarlinkServer.Limits()
        limits.maxPendingReplyBytes = 256 << 10
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let slow = try RawConnection(path: running.path)
        let count = 30
        var batch = ""
        for i in 0..<count { batch += call("org.example.echo.Big", #"{"bytes":\#(100_000 + i)}"#) }
        slow.send(batch)
        // Meanwhile another client is served.
        #expect(try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])["text"] == "x")
        for i in 0..<count {
            let text = slow.readReply()?["parameters"]?["text"]?.stringValue
            #expect(text?.utf8.count == 100_000 + i, "reply \(i)")
        }
    }

    @Test func pipelinedCallsAreAnsweredInOrder() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send(
            call("org.example.echo.Echo", #"{"text":"one"}"#) + call("org.example.echo.Fail", #"{"reason":"two"}"#)
                + #"{"method":"org.example.echo.Echo","parameters":{"text":"silent"},"oneway":true}"# + "\0"
                + call("org.example.echo.Echo", #"{"text":"three"}"#) + call("org.varlink.service.GetInfo"))
        #expect(connection.readReply()?["parameters"]?["text"] == "one")
        #expect(connection.readReply() == ["error": "org.example.echo.Refused", "parameters": ["reason": "two"]])
        #expect(connection.readReply()?["parameters"]?["text"] == "three")
        #expect(connection.readReply()?["parameters"]?["product"] == "echod")
    }

    @Test func garbageGetsAnErrorAndTheConnectionKeepsServing() throws {
        let running = try RunningServer()
        defer { running.stop() }
        let connection = try RawConnection(path: running.path)
        connection.send("garbage\0")
        #expect(
            connection.readMessage()
                == #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"message"}}"#)
        connection.send([0xFF, 0xFE, 0x00])  // invalid UTF-8
        #expect(connection.readReply()?["parameters"]?["parameter"] == "message")
        connection.send(#"{"method":"org.example.echo.Echo","parameters":[1]}"# + "\0")
        #expect(connection.readReply()?["parameters"]?["parameter"] == "parameters")
        connection.send(call("org.example.echo.Echo", #"{"text":"ok"}"#))
        #expect(connection.readReply()?["parameters"]?["text"] == "ok")
    }

    @Test func oversizeMessageGetsAnErrorAndIsDisconnected() throws {
        var limits = VarlinkServer.Limits()
        limits.maxMessageBytes = 64 << 10
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let other = try VarlinkClient(path: running.path)

        let big = try RawConnection(path: running.path)
        // Send from another thread: the server stops reading, so a blocking send may stall.
        let sender = TestThread { [fd = big.fd] in
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 10)
            for _ in 0..<8 where chunk.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
        }
        #expect(
            big.readMessage()
                == #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"message"}}"#)
        #expect(big.waitForClose(), "connection should be closed after the over-size error")
        #expect(sender.join())
        // A complete message over the limit, in one piece, is refused the same way.
        let complete = try RawConnection(path: running.path)
        complete.send(call("org.example.echo.Echo", #"{"text":"\#(String(repeating: "y", count: 70_000))"}"#))
        #expect(complete.readReply()?["parameters"]?["parameter"] == "message")
        #expect(complete.waitForClose())

        #expect(try other.call("org.example.echo.Echo", ["text": "unaffected"])["text"] == "unaffected")
    }

    @Test func clientThatSendsAllOfAnOversizeMessageBeforeReadingStillGetsTheError() throws {
        var limits = VarlinkServer.Limits()
        limits.maxMessageBytes = 64 << 10
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let big = try RawConnection(path: running.path)
        // One blocking write of 300 KiB, more than the limit, before reading anything: the server
        // drops what follows the limit instead of resetting the connection under the writer.
        let sent = big.send([UInt8](repeating: UInt8(ascii: "x"), count: 300 << 10))
        #expect(sent, "the server reset the connection under the writer")
        #expect(big.readReply()?["parameters"]?["parameter"] == "message")
        #expect(big.waitForClose())
    }

    @Test func clientDisconnectingMidReplyDoesNotKillTheServer() throws {
        let running = try RunningServer()
        defer { running.stop() }
        for _ in 0..<3 {
            // Replies far larger than the socket buffers, so the server is mid-write when the client leaves.
            let connection = try RawConnection(path: running.path)
            connection.send(call("org.example.echo.Big", #"{"bytes":1000000}"#) + call("org.example.echo.Big", #"{"bytes":1000000}"#))
            _ = connection.readMessage(timeout: 0.01)
            connection.close()
        }
        #expect(try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "alive"])["text"] == "alive")
    }

    /// The limit counts over every event loop: connections on loops 0 and 1 fill it, and a close on
    /// loop 1 frees a slot for loop 0's next accept.
    @Test(arguments: [1, 3]) func connectionsBeyondTheLimitAreClosed(eventLoops: Int) throws {
        var limits = VarlinkServer.Limits()
        limits.maxConnections = 2
        limits.eventLoops = eventLoops
        let running = try RunningServer(limits: limits)
        defer { running.stop() }
        let first = try VarlinkClient(path: running.path)
        let second = try VarlinkClient(path: running.path)
        _ = try first.call("org.varlink.service.GetInfo")
        _ = try second.call("org.varlink.service.GetInfo")
        let third = try RawConnection(path: running.path)
        #expect(third.waitForClose())
        second.close()
        // A slot frees up once the server has seen the close; retry briefly.
        var served = false
        for _ in 0..<100 where !served {
            served = (try? VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])) != nil
            if !served { usleep(10_000) }
        }
        #expect(served)
    }

    @Test func stopRemovesTheSocketFile() throws {
        let running = try RunningServer()
        #expect(fileExists(running.path))
        running.stop()
        #expect(!fileExists(running.path))
        #expect(throws: SystemError.self) { try VarlinkClient(path: running.path) }
    }

    @Test func stopBeforeRunReturnsImmediately() throws {
        let path = makeSocketPath()
        let server = VarlinkServer(service: makeEchoService(), listener: try UnixListener.bind(path: path))
        server.stop()
        try server.run()
        #expect(!fileExists(path))
        #expect(throws: SystemError(operation: "run", errno: EALREADY)) { try server.run() }
    }

    @Test func sigtermStopsTheServerAndRemovesTheSocket() throws {
        let running = try RunningServer()
        let connection = try RawConnection(path: running.path)
        running.send(signal: SIGTERM)
        #expect(running.waitForExit() == "returned")
        #expect(!fileExists(running.path))
        #expect(connection.waitForClose())
    }

    @Test func registeredSignalActionRunsOnTheLoopThread() throws {
        let hits = Atomic<Int>(0)
        let running = try RunningServer { server in
            server.onSignal(SIGHUP) { hits.add(1, ordering: .relaxed) }
            server.onSignal(SIGUSR1) { hits.add(100, ordering: .relaxed) }
        }
        defer { running.stop() }
        running.send(signal: SIGHUP)
        running.send(signal: SIGUSR1)
        for _ in 0..<500 where hits.load(ordering: .relaxed) != 101 { usleep(10_000) }
        #expect(hits.load(ordering: .relaxed) == 101)
        // Still serving afterwards.
        #expect(try VarlinkClient(path: running.path).call("org.example.echo.Echo", ["text": "x"])["text"] == "x")
    }

    @Test func adoptedListenerIsServedAndItsPathLeftAlone() throws {
        // Bind like an activator would: a blocking socket it hands over.
        let adoptedPath = makeSocketPath()
        mkdir(String(adoptedPath.prefix(upTo: adoptedPath.lastIndex(of: "/")!)), 0o700)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(adoptedPath.utf8) + [0]) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(rc == 0 && listen(fd, 16) == 0)
        let listener = UnixListener(adopting: fd)
        #expect(listener.path == nil)
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        let running = try RunningServer(path: adoptedPath, listener: listener)
        #expect(try VarlinkClient(path: adoptedPath).call("org.example.echo.Echo", ["text": "adopted"])["text"] == "adopted")
        running.stop()
        #expect(fileExists(adoptedPath), "an adopted socket's file belongs to whoever bound it")
        unlink(adoptedPath)
    }
}
