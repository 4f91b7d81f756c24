// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON
import Synchronization
import Varlink

/// Varlink message handling: ``VarlinkService/start(_:peer:)`` on any message, with the daemon's
/// real interfaces (`org.varlink.service`, `org.routingd.Directions`, `org.routingd.Coverage`)
/// over a registry built in memory from the sample apps in Coverage/ (no I/O). A blocking method's
/// work is run at once, as the server's worker would.
///
/// Properties: never a trap or a hang; no reply exactly when the message is an object with
/// `"oneway": true`; otherwise one reply, the JSON text of an object ending in one NUL, with
/// `parameters` an object and, for a failure, `error` a qualified error name; an
/// `org.varlink.service.InvalidParameter` names its parameter. State changed by a call
/// (`SetCurrentLocation`) is reset after each input, so inputs do not depend on each other.
enum VarlinkTarget {
    nonisolated(unsafe) static var service: VarlinkService!
    static let peer = VarlinkPeer(pid: 1, uid: 0, gid: 0)

    static let target = FuzzTarget(
        name: "varlink", summary: "VarlinkService.start with routingd's interfaces on any message",
        setUp: {
            let sources = SampleApps.all.map { app in
                AppSource(
                    manifest: SourceFile(path: "/apps/\(app.id).routingapp", contents: .success(Array(app.manifest.utf8))),
                    coverage: SourceFile(path: "/coverage/\(app.id).geojson", contents: .success(Array(app.coverage.utf8))))
            }
            let registry = AppRegistry(sources: sources)
            precondition(registry.entries.allSatisfy(\.isValid), "the sample apps must load: \(registry.entries.map { $0.lines(.error) })")
            service = RoutingDaemon(registry: registry).varlinkService()
        },
        run: { bytes in
            switch service.start(bytes, peer: peer) {
            case .finished(let answer): check(message: bytes, reply: answer)
            case .blocking(_, let work): check(message: bytes, reply: work())
            case .streaming(_, _, let begin):
                // What a transport does with a `more` call: start the stream, then close as a
                // client would. Each reply sent until then must be a well-formed reply on its own.
                let replies = Mutex<[[UInt8]]>([])
                let stream = VarlinkStream(deliver: { reply, _ in replies.withLock { $0.append(reply) } })
                begin(stream)
                stream.cancel()
                let sent = replies.withLock { $0 }
                if sent.isEmpty { check(message: bytes, reply: nil) }
                for reply in sent { check(message: bytes, reply: reply) }
            }
            _ = service.handle(Array(#"{"method":"org.routingd.Directions.ClearCurrentLocation","oneway":true}"#.utf8), peer: peer)
        })

    static func check(message: [UInt8], reply: [UInt8]?) {
        let context = { "message \(FuzzCheck.quoted(message))" }
        let sent = try? JSONParser().parse(message).root.json
        let oneway = sent?.objectValue?["oneway"] == .bool(true)
        guard let reply else {
            FuzzCheck.require(oneway, "\(context()): no reply to a call that is not oneway")
            return
        }
        FuzzCheck.require(!oneway, "\(context()): a reply to a oneway call")
        FuzzCheck.require(reply.last == 0 && reply.firstIndex(of: 0) == reply.count - 1, "\(context()): reply not ended by exactly one NUL")
        let text = reply.dropLast()
        guard let object = (try? JSONParser().parse(text))?.root.json.objectValue else {
            FuzzCheck.fail("\(context()): reply is not a JSON object: \(FuzzCheck.quoted(Array(text)))")
        }
        FuzzCheck.require(
            Set(object.names).isSubset(of: ["parameters", "error", "continues"]),
            "\(context()): reply members \(object.names)")
        if let parameters = object["parameters"] {
            FuzzCheck.require(parameters.objectValue != nil, "\(context()): reply parameters not an object")
        }
        if let error = object["error"] {
            guard let name = error.stringValue else { FuzzCheck.fail("\(context()): error is not a string") }
            FuzzCheck.require(
                name.split(separator: ".", omittingEmptySubsequences: false).count >= 2 && !name.hasSuffix("."),
                "\(context()): error name \(FuzzCheck.escaped(name))")
            if name == "org.varlink.service.InvalidParameter" {
                FuzzCheck.require(
                    object["parameters"]?.objectValue?["parameter"]?.stringValue != nil,
                    "\(context()): InvalidParameter without a parameter: \(FuzzCheck.quoted(Array(text)))")
            }
        } else {
            FuzzCheck.require(object["parameters"] != nil, "\(context()): a success reply without parameters")
        }
    }
}
