import Glibc
import RoutingService
import Testing

/// Interoperability with the reference Python implementation (`pip install varlink`,
/// varlink/python): its client fetches and parses our IDL texts with its own scanner, filters calls and
/// replies against them, and maps error replies. Skipped when `python3 -c 'import varlink'` fails.
@Suite struct PythonInteropTests {
    static let script = """
        import sys, varlink
        address = "unix:" + sys.argv[1]
        with varlink.Client(address) as client:
            with client.open("org.varlink.service") as service:
                info = service.GetInfo()
                assert info["interfaces"] == ["org.varlink.service", "org.example.echo"], info
                assert "error ExpectedMore" in service.GetInterfaceDescription("org.varlink.service")["description"]
            with client.open("org.example.echo") as echo:
                reply = echo.Echo("hi")
                assert reply["text"] == "hi", reply
                try:
                    echo.Fail("because")
                    sys.exit("Fail did not raise")
                except varlink.VarlinkError as error:
                    assert error.error() == "org.example.echo.Refused", error.error()
                    assert error.parameters()["reason"] == "because", error.parameters()
        print("ok")
        """

    /// Runs `argv` (PATH lookup) and returns its exit status, or nil if it had to be killed after `seconds`.
    static func run(_ argv: [String], within seconds: Double = 60) -> Int32? {
        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        guard posix_spawnp(&pid, argv[0], nil, nil, cArgs, environ) == 0 else { return -1 }
        var status: Int32 = 0
        for _ in 0..<Int(seconds * 100) {
            if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xFF }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    static var pythonVarlinkAvailable: Bool {
        run(["python3", "-c", "import varlink"]) == 0
    }

    @Test(.enabled(if: pythonVarlinkAvailable, "python3 module varlink not installed"))
    func referencePythonClient() throws {
        let running = try RunningServer()
        defer { running.stop() }
        #expect(Self.run(["python3", "-c", Self.script, running.path]) == 0)
    }
}
