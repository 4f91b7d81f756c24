// SPDX-License-Identifier: Apache-2.0
import RoutingService
import StrictJSON
import Varlink

/// The certification client (python-varlink's `run_client`), written with routingd's own
/// ``VarlinkClient``: Start, Test01 … Test09 each with the previous reply, Test10 with `more`
/// (ten replies), Test11 `oneway` with those replies, End. Each reply is checked against the values
/// the interface prescribes, so a server that answers wrongly fails here too.
enum CertificationClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the sequence against the socket at `path`, printing each reply.
    /// - Throws: ``Failure`` naming the first reply that is not as prescribed; the client's errors
    ///   (``VarlinkError`` for an error reply, ``SystemError``, ``VarlinkProtocolError``).
    static func run(path: String, print say: (String) -> Void) throws {
        let client = try VarlinkClient(path: path, timeout: 10)
        defer { client.close() }
        let interface = CertificationInterface.name
        func call(_ method: String, _ parameters: JSONObject = [:]) throws -> JSONObject {
            let reply = try client.call("\(interface).\(method)", parameters)
            say("\(method): \(JSON.object(reply).serialized())")
            return reply
        }
        func check(_ method: String, _ reply: JSONObject, _ expected: JSONObject) throws {
            guard reply == expected else {
                throw Failure(description: "\(method) replied \(JSON.object(reply).serialized()), expected \(JSON.object(expected).serialized())")
            }
        }
        let values = CertificationInterface.Values.self
        let start = try call("Start")
        guard let id = start["client_id"]?.stringValue, start.count == 1 else {
            throw Failure(description: "Start replied \(JSON.object(start).serialized()), expected {\"client_id\": string}")
        }
        let client_id = JSON.string(id)
        let r1 = try call("Test01", ["client_id": client_id])
        try check("Test01", r1, ["bool": true])
        let r2 = try call("Test02", ["client_id": client_id, "bool": r1["bool"]!])
        try check("Test02", r2, ["int": 1])
        let r3 = try call("Test03", ["client_id": client_id, "int": r2["int"]!])
        try check("Test03", r3, ["float": 1.0])
        let r4 = try call("Test04", ["client_id": client_id, "float": r3["float"]!])
        try check("Test04", r4, ["string": "ping"])
        let r5 = try call("Test05", ["client_id": client_id, "string": r4["string"]!])
        try check("Test05", r5, ["bool": false, "int": 2, "float": .number(values.float5), "string": .string(values.string5)])
        let r6 = try call(
            "Test06",
            ["client_id": client_id, "bool": r5["bool"]!, "int": r5["int"]!, "float": r5["float"]!, "string": r5["string"]!])
        try check("Test06", r6, ["struct": ["bool": false, "int": 2, "float": .number(values.float5), "string": .string(values.string5)]])
        let r7 = try call("Test07", ["client_id": client_id, "struct": r6["struct"]!])
        try check("Test07", r7, ["map": values.map])
        let r8 = try call("Test08", ["client_id": client_id, "map": r7["map"]!])
        try check("Test08", r8, ["set": values.set])
        let r9 = try call("Test09", ["client_id": client_id, "set": r8["set"]!])
        // python-varlink's server also returns client_id here; only mytype is passed on.
        guard let mytype = r9["mytype"]?.objectValue, mytype == values.mytype else {
            throw Failure(description: "Test09 replied \(JSON.object(r9).serialized()), expected mytype \(JSON.object(values.mytype).serialized())")
        }
        var strings: [String] = []
        try client.callMore("\(interface).Test10", ["client_id": client_id, "mytype": .object(mytype)]) { reply, continues in
            say("Test10: \(JSON.object(reply).serialized())\(continues ? " (continues)" : "")")
            guard let text = reply["string"]?.stringValue, reply.count == 1 else {
                throw Failure(description: "Test10 replied \(JSON.object(reply).serialized()), expected {\"string\": string}")
            }
            strings.append(text)
            return true
        }
        guard strings == values.moreReplies else {
            throw Failure(description: "Test10 replied \(strings), expected \(values.moreReplies)")
        }
        try client.callOneway("\(interface).Test11", ["client_id": client_id, "last_more_replies": .array(strings.map { .string($0) })])
        say("Test11: (oneway, no reply)")
        let end = try call("End", ["client_id": client_id])
        try check("End", end, ["all_ok": true])
    }
}
