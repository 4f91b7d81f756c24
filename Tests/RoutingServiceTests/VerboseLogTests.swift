// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import Varlink

/// The daemon's `--verbose` log through a real socket: a client's link with control characters (raw
/// in the JSON string, or percent-encoded) gives one log line per call, and forges none.
@Suite struct VerboseLogTests {
    static let paris = """
        {"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
        """

    /// Everything readable from `fd` now (non-blocking).
    static func drain(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func resolveOfAHostileLinkIsOneLogLine() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        defer { close(fds[0]); close(fds[1]) }
        let log = Log(program: "routingd", verbose: true, fileDescriptor: fds[1])
        let registry = AppRegistry(files: [(path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8)))])
        let daemon = RoutingDaemon(registry: registry, log: log)
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let client = try VarlinkClient(path: server.path)
        defer { client.close() }
        _ = Self.drain(fds[0])

        let links = [
            // Raw control characters in the JSON string: the parser refuses the link, the log quotes it.
            "geo:48.85,2.29\nroutingd: forged line\r\u{1B}[2J\u{2028}x",
            // Percent-encoded ones, decoded into the error message.
            "https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945&travelmode=dr%0Aroutingd:%20forged%1B%7F%09",
            // A link that resolves, with an encoded newline in its label.
            "geo:48.8584,2.2945?q=48.8584,2.2945(Eiffel%0Aroutingd:%20forged)",
        ]
        for link in links {
            do {
                let reply = try client.call("org.routingd.Directions.Resolve", ["url": .string(link)])
                // The value fields keep the exact text.
                #expect(reply["request"]?["destination"]?["label"]?.stringValue == "Eiffel\nroutingd: forged")
            } catch let error as VarlinkError {
                // The error's message is one line; its value fields stay exact.
                let message = try #require(error.parameters["message"]?.stringValue)
                #expect(!message.unicodeScalars.contains(where: OneLine.isControl), "\(message)")
            }
        }
        let output = Self.drain(fds[0])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        // One line per call, plus the empty piece after the last newline.
        #expect(lines.count == links.count + 1, "\(output.debugDescription)")
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.hasPrefix("routingd: Resolve "), "\(line.debugDescription)")
            #expect(!line.unicodeScalars.contains(where: OneLine.isControl), "\(line.debugDescription)")
        }
        #expect(!output.contains("\nroutingd: forged"))
        #expect(output.contains(#"\nroutingd: forged line\r\x1B[2J\u2028x"#), "\(output.debugDescription)")
    }

    /// Varlink error texts built from the client's text are one line; their value fields are exact.
    @Test func errorMessagesQuotingTheClientAreOneLine() throws {
        let registry = AppRegistry(files: [(path: "/fixtures/Paris.geojson", contents: .success(Array(Self.paris.utf8)))])
        let daemon = RoutingDaemon(registry: registry)
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let client = try VarlinkClient(path: server.path)
        defer { client.close() }
        let hostile = "x\nroutingd: forged\u{1B}[2J\u{2028}"
        let calls: [(String, JSONObject, String)] = [
            ("org.routingd.Coverage.Contains", ["appId": .string(hostile), "latitude": 48.86, "longitude": 2.33], "appId"),
            ("org.routingd.Directions.DecideApps",
             ["request": ["destination": ["kind": "address", "text": "Paris"], "mode": .string(hostile)]], ""),
            ("org.routingd.Directions.BuildLink",
             ["request": ["destination": ["kind": "address", "text": "Paris"]], "format": .string(hostile)], ""),
            ("org.routingd.Directions.Resolve", ["url": .string("https://maps.apple.com/directions?destination=1,2&mode=" + "wal%0Ak")], ""),
        ]
        for (method, parameters, exactField) in calls {
            do {
                _ = try client.call(method, parameters)
                Issue.record("\(method) accepted \(hostile.debugDescription)")
            } catch let error as VarlinkError {
                let message = try #require(error.parameters["message"]?.stringValue, "\(method): \(error)")
                #expect(!message.unicodeScalars.contains(where: OneLine.isControl), "\(method): \(message.debugDescription)")
                if !exactField.isEmpty { #expect(error.parameters[exactField]?.stringValue == hostile) }
            }
        }
    }
}
