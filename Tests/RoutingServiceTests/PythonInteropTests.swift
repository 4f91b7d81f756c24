// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Testing
import TestSupport

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

    static var pythonVarlinkAvailable: Bool {
        ChildProcess.run(["python3", "-c", "import varlink"]) == 0
    }

    @Test(.enabled(if: pythonVarlinkAvailable, "python3 module varlink not installed"))
    func referencePythonClient() throws {
        let running = try RunningServer()
        defer { running.stop() }
        #expect(ChildProcess.run(["python3", "-c", Self.script, running.path]) == 0)
    }
}
