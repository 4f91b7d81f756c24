// SPDX-License-Identifier: Apache-2.0
import Glibc
import StrictJSON
import Synchronization
import Varlink

/// `org.varlink.certification` (the varlink project's test interface, as served by
/// python-varlink's `varlink/tests/test_certification.py`): a client calls Start, Test01 … Test11
/// and End in order, each with the previous reply, and the service checks every message. State is
/// kept per `client_id` (the method each client must call next); a wrong call or value ends that
/// client's run with `CertificationError(wants, got)`, where `got` is the message as received
/// (method, parameters, and `more`/`oneway` when set). Ids older than 12 hours are forgotten.
enum CertificationInterface {
    static let name = "org.varlink.certification"

    /// The IDL, as published with python-varlink (org.varlink.certification.varlink).
    static let description = """
        # Interface to test varlink implementations against.
        # First you write a varlink client calling:
        # Start, Test01, Test02, …, Test09, End
        # The return value of the previous call should be the argument of the next call.
        # Then you test this client against well known servers like python or rust from
        # https://github.com/varlink/
        #
        # Next you write a varlink server providing the same service as the well known ones.
        # Now run your client against it and run well known clients like python or rust
        # from https://github.com/varlink/ against your server. If all works out, then
        # your new language bindings should be varlink certified.
        interface org.varlink.certification

        type Interface (
          foo: ?[]?[string](foo, bar, baz),
          anon: (foo: bool, bar: bool)
        )

        type MyType (
          object: object,
          enum: (one, two, three),
          struct: (first: int, second: string),
          array: []string,
          dictionary: [string]string,
          stringset: [string](),
          nullable: ?string,
          nullable_array_struct: ?[](first: int, second: string),
          interface: Interface
        )

        method Start() -> (client_id: string)

        method Test01(client_id: string) -> (bool: bool)

        method Test02(client_id: string, bool: bool) -> (int: int)

        method Test03(client_id: string, int: int) -> (float: float)

        method Test04(client_id: string, float: float) -> (string: string)

        method Test05(client_id: string, string: string) -> (
          bool: bool,
          int: int,
          float: float,
          string: string
        )

        method Test06(
          client_id: string,
          bool: bool,
          int: int,
          float: float,
          string: string
        ) -> (
          struct: (
            bool: bool,
            int: int,
            float: float,
            string: string
          )
        )

        method Test07(
          client_id: string,
          struct: (
            bool: bool,
            int: int,
            float: float,
            string: string
          )
        ) -> (map: [string]string)

        method Test08(client_id: string, map: [string]string) -> (set: [string]())

        method Test09(client_id: string, set: [string]()) -> (mytype: MyType)

        # returns more than one reply with "continues"
        method Test10(client_id: string, mytype: MyType) -> (string: string)

        # must be called as "oneway"
        method Test11(client_id: string, last_more_replies: []string) -> ()

        method End(client_id: string) -> (all_ok: bool)

        error ClientIdError ()
        error CertificationError (wants: object, got: object)

        """

    /// The values the sequence passes along (the same as python-varlink's server and client).
    enum Values {
        static let float5 = Double.pi
        static let string5 = "a lot of string"
        static let map: JSON = ["foo": "Foo", "bar": "Bar"]
        static let set: JSON = ["one": [:], "two": [:], "three": [:]]
        static let mytype: JSONObject = [
            "object": ["method": "org.varlink.certification.Test09", "parameters": ["map": map]],
            "enum": "two",
            "struct": ["first": 1, "second": "2"],
            "array": ["one", "two", "three"],
            "dictionary": map,
            "stringset": set,
            "nullable": nil,
            "nullable_array_struct": nil,
            "interface": [
                "foo": [nil, ["foo": "foo", "bar": "bar"], nil, ["one": "foo", "two": "bar"]],
                "anon": ["foo": true, "bar": false],
            ],
        ]
        static let moreReplies: [String] = (1...10).map { "Reply number \($0)" }
    }

    /// Per-client state: the method each client must call next, and when it started.
    final class Clients: Sendable {
        private let state = Mutex<[String: (next: String, started: Int64)]>([:])

        /// A new random id (32 hex digits) whose next method is Start.
        func start() -> String {
            var generator = SystemRandomNumberGenerator()
            let id = (0..<16).map { _ in
                let byte = UInt8.random(in: 0...255, using: &generator)
                return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
            }.joined()
            state.withLock { $0[id] = ("Start", Clients.now()) }
            return id
        }

        /// Checks that `client` may call `method` now and moves it on to `next`.
        /// - Throws: `CertificationError` for an unknown id or a call out of order.
        func advance(_ client: String, from method: String, to next: String) throws(VarlinkError) {
            try state.withLock { clients throws(VarlinkError) in
                let now = Clients.now()
                clients = clients.filter { now - $0.value.started < 12 * 3600 }
                guard let expected = clients[client]?.next else {
                    throw certificationError(
                        wants: ["method": "org.varlink.certification.Start+++"],
                        got: ["method": .string("org.varlink.certification." + method)])
                }
                guard expected == method else {
                    throw certificationError(
                        wants: .string("Call to method org.varlink.certification." + expected),
                        got: .string("Call to method org.varlink.certification." + method))
                }
                clients[client]?.next = next
            }
        }

        /// Ends `client`'s run (a failed check, or End).
        func forget(_ client: String) {
            _ = state.withLock { $0.removeValue(forKey: client) }
        }

        private static func now() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec)
        }
    }

    static func certificationError(wants: JSON, got: JSON) -> VarlinkError {
        VarlinkError(name: "org.varlink.certification.CertificationError", parameters: ["wants": wants, "got": got])
    }

    /// The message as the service received it: method, parameters when not empty, more and oneway
    /// when true.
    static func received(_ call: VarlinkCall, parameters: JSONObject? = nil) -> JSON {
        var message: JSONObject = ["method": .string(call.method)]
        let parameters = parameters ?? call.parameters
        if parameters.count > 0 { message["parameters"] = .object(parameters) }
        if call.more { message["more"] = true }
        if call.oneway { message["oneway"] = true }
        return .object(message)
    }

    static func make(clients: Clients = Clients()) -> VarlinkInterface {
        /// The client id of `call`, moved on from `method` to `next`.
        @Sendable func advance(_ call: VarlinkCall, _ method: String, _ next: String) throws(VarlinkError) -> String {
            guard let client = call.parameters["client_id"]?.stringValue else {
                throw VarlinkError(name: "org.varlink.certification.ClientIdError")
            }
            try clients.advance(client, from: method, to: next)
            return client
        }
        /// Throws `CertificationError` (and forgets the client) unless the call is exactly `wants`.
        @Sendable func expect(_ call: VarlinkCall, _ client: String, _ wants: JSON, got: JSON? = nil) throws(VarlinkError) {
            let got = got ?? received(call)
            guard got == wants else {
                clients.forget(client)
                throw certificationError(wants: wants, got: got)
            }
        }
        @Sendable func wants(_ method: String, _ parameters: JSONObject, more: Bool = false, oneway: Bool = false) -> JSON {
            var message: JSONObject = ["method": .string("org.varlink.certification." + method), "parameters": .object(parameters)]
            if more { message["more"] = true }
            if oneway { message["oneway"] = true }
            return .object(message)
        }
        let methods: [String: VarlinkMethodHandler] = [
            "Start": { call throws(VarlinkError) in
                let client = clients.start()
                let parameters: JSONObject = ["client_id": .string(client)]
                _ = try advance(parameters.asCall(from: call), "Start", "Test01")
                try expect(call, client, ["method": "org.varlink.certification.Start"])
                return ["client_id": .string(client)]
            },
            "Test01": { call throws(VarlinkError) in
                let client = try advance(call, "Test01", "Test02")
                try expect(call, client, wants("Test01", ["client_id": .string(client)]))
                return ["bool": true]
            },
            "Test02": { call throws(VarlinkError) in
                let client = try advance(call, "Test02", "Test03")
                try expect(call, client, wants("Test02", ["client_id": .string(client), "bool": true]))
                return ["int": 1]
            },
            "Test03": { call throws(VarlinkError) in
                let client = try advance(call, "Test03", "Test04")
                try expect(call, client, wants("Test03", ["client_id": .string(client), "int": 1]))
                return ["float": 1.0]
            },
            "Test04": { call throws(VarlinkError) in
                let client = try advance(call, "Test04", "Test05")
                try expect(call, client, wants("Test04", ["client_id": .string(client), "float": 1.0]))
                return ["string": "ping"]
            },
            "Test05": { call throws(VarlinkError) in
                let client = try advance(call, "Test05", "Test06")
                try expect(call, client, wants("Test05", ["client_id": .string(client), "string": "ping"]))
                return ["bool": false, "int": 2, "float": .number(Values.float5), "string": .string(Values.string5)]
            },
            "Test06": { call throws(VarlinkError) in
                let client = try advance(call, "Test06", "Test07")
                try expect(
                    call, client,
                    wants("Test06", [
                        "client_id": .string(client), "bool": false, "int": 2, "float": .number(Values.float5),
                        "string": .string(Values.string5),
                    ]))
                return ["struct": ["bool": false, "int": 2, "float": .number(Values.float5), "string": .string(Values.string5)]]
            },
            "Test07": { call throws(VarlinkError) in
                let client = try advance(call, "Test07", "Test08")
                try expect(
                    call, client,
                    wants("Test07", [
                        "client_id": .string(client),
                        "struct": ["bool": false, "int": 2, "float": .number(Values.float5), "string": .string(Values.string5)],
                    ]))
                return ["map": Values.map]
            },
            "Test08": { call throws(VarlinkError) in
                let client = try advance(call, "Test08", "Test09")
                try expect(call, client, wants("Test08", ["client_id": .string(client), "map": Values.map]))
                return ["set": Values.set]
            },
            "Test09": { call throws(VarlinkError) in
                let client = try advance(call, "Test09", "Test10")
                try expect(call, client, wants("Test09", ["client_id": .string(client), "set": Values.set]))
                return ["mytype": .object(Values.mytype)]
            },
            "Test11": { call throws(VarlinkError) in
                let client = try advance(call, "Test11", "End")
                try expect(
                    call, client,
                    wants(
                        "Test11",
                        ["client_id": .string(client), "last_more_replies": .array(Values.moreReplies.map { .string($0) })],
                        oneway: true))
                return [:]
            },
            "End": { call throws(VarlinkError) in
                let client = try advance(call, "End", "Start")
                try expect(call, client, wants("End", ["client_id": .string(client)]))
                clients.forget(client)
                return ["all_ok": true]
            },
        ]
        let streaming: [String: VarlinkStreamingHandler] = [
            "Test10": { call, stream throws(VarlinkError) in
                let client = try advance(call, "Test10", "Test11")
                // Nullable members may be sent as null or left out.
                var parameters = call.parameters
                if var mytype = parameters["mytype"]?.objectValue {
                    for name in ["nullable", "nullable_array_struct"] where mytype[name] == .null { mytype[name] = nil }
                    parameters["mytype"] = .object(mytype)
                }
                var expected = Values.mytype
                expected["nullable"] = nil
                expected["nullable_array_struct"] = nil
                try expect(
                    call, client, wants("Test10", ["client_id": .string(client), "mytype": .object(expected)], more: true),
                    got: received(call, parameters: parameters))
                for (index, text) in Values.moreReplies.enumerated() {
                    if index == Values.moreReplies.count - 1 {
                        stream.finish(["string": .string(text)])
                    } else {
                        stream.send(["string": .string(text)])
                    }
                }
            }
        ]
        return VarlinkInterface(description: description, methods: methods, streaming: streaming)
    }
}

extension JSONObject {
    /// `call` with these parameters (to reuse the client-id check for Start's new id).
    fileprivate func asCall(from call: VarlinkCall) -> VarlinkCall {
        var copy = call
        copy.parameters = self
        return copy
    }
}
