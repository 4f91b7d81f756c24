// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Varlink

// varlink-certification: test-only (not installed; see scripts/install and debian/). Serves
// org.varlink.certification with routingd's Varlink library and event loop, or runs the
// certification client sequence with routingd's VarlinkClient; .ci/run checks both against
// python-varlink's certification client and server (varlink/tests/test_certification.py).

let usage = """
    Usage: varlink-certification server ADDRESS
           varlink-certification client ADDRESS

    ADDRESS is unix:PATH or a socket path. server serves org.varlink.certification there until
    SIGTERM or SIGINT; client runs Start, Test01 ... Test11 and End against it and prints
    "Certification passed" (exit 0), or what went wrong (exit 1).
    """

/// Writes all of `text` to `fd`, unbuffered (a test reads the lines as they come).
func write(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}

func fail(_ message: String, status: Int32 = 2) -> Never {
    write(2, "varlink-certification: \(message)\n")
    exit(status)
}

@Sendable func line(_ text: String) { write(1, text + "\n") }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, ["server", "client"].contains(arguments[0]) else {
    if arguments.first == "--help" || arguments.first == "-h" {
        line(usage)
        exit(0)
    }
    fail("expected server or client and an address\n\(usage)")
}
/// The socket path of `address` (`unix:PATH`, maybe with `;mode=0600` after it, or a path).
func socketPath(_ address: String) -> String {
    var path = address
    if path.hasPrefix("unix:") { path = String(path.dropFirst(5)) }
    if let semicolon = path.firstIndex(of: ";") { path = String(path[..<semicolon]) }
    return path
}
let path = socketPath(arguments[1])

switch arguments[0] {
case "server":
    do {
        try VarlinkServer.blockSignals()
        let listener = try UnixListener.bind(path: path, mode: 0o600)
        let service = VarlinkService(
            vendor: "routingd", product: "varlink-certification", version: RoutingDaemon.version,
            url: RoutingDaemon.documentationURL, interfaces: [CertificationInterface.make()])
        let server = VarlinkServer(service: service, listener: listener)
        server.onReady = { line("Listening on unix:\(path)") }
        try server.run()
    } catch {
        fail("\(error)", status: 1)
    }
case "client":
    line("Connecting to unix:\(path)")
    do {
        try CertificationClient.run(path: path, print: line)
        line("Certification passed")
    } catch {
        fail("certification failed: \(error)", status: 1)
    }
default:
    fail(usage)
}
