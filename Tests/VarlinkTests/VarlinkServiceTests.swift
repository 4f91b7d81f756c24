// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Synchronization
import Testing

@testable import Varlink

/// A small interface: one working method, one that throws a declared error, one declared without a handler.
let echoIDL = """
    # Test interface.
    interface org.example.echo

    # Returns its input.
    method Echo(text: string) -> (text: string)

    # Always fails.
    method Fail(reason: string) -> ()

    # Declared, not implemented.
    method Later() -> ()

    error Refused (reason: string)
    """

func makeService() -> VarlinkService {
    let echo = VarlinkInterface(
        description: echoIDL,
        methods: [
            "Echo": { call throws(VarlinkError) in
                guard let text = call.parameters["text"]?.stringValue else { throw .invalidParameter("text") }
                var reply: JSONObject = ["text": .string(text)]
                if let peer = call.peer { reply["uid"] = .number(Double(peer.uid)) }
                if call.more { reply["more"] = true }
                return reply
            },
            "Fail": { call throws(VarlinkError) in
                throw VarlinkError(
                    name: "org.example.echo.Refused",
                    parameters: ["reason": call.parameters["reason"] ?? "none"])
            },
        ])
    return VarlinkService(
        vendor: "Example", product: "echod", version: "1.0", url: "https://example.org", interfaces: [echo])
}

/// Sends `text` (NUL excluded) and returns the decoded reply object, or nil when there was no reply.
func exchange(_ service: VarlinkService, _ text: String, peer: VarlinkPeer? = nil) -> JSONObject? {
    guard let reply = service.handle(Array(text.utf8), peer: peer) else { return nil }
    #expect(reply.last == 0, "reply must end with NUL")
    #expect(reply.dropLast().contains(0) == false, "only the terminator is NUL")
    let document = try! JSONParser().parse(reply.dropLast())
    return document.root.json.objectValue
}

func invalidParameter(_ field: String) -> JSONObject {
    ["error": "org.varlink.service.InvalidParameter", "parameters": ["parameter": .string(field)]]
}

@Suite struct VarlinkServiceTests {
    let service = makeService()

    @Test func getInfo() {
        let reply = exchange(service, #"{"method":"org.varlink.service.GetInfo"}"#)
        #expect(
            reply == [
                "parameters": [
                    "vendor": "Example", "product": "echod", "version": "1.0", "url": "https://example.org",
                    "interfaces": ["org.varlink.service", "org.example.echo"],
                ]
            ])
    }

    @Test func getInterfaceDescriptionKnown() {
        let reply = exchange(
            service, #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.echo"}}"#)
        #expect(reply == ["parameters": ["description": .string(echoIDL)]])
    }

    @Test func serviceInterfaceDescribesItself() throws {
        let reply = exchange(
            service,
            #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.varlink.service"}}"#)
        let text = try #require(reply?["parameters"]?["description"]?.stringValue)
        #expect(text.contains("interface org.varlink.service"))
        for member in [
            "method GetInfo()", "method GetInterfaceDescription(interface: string) -> (description: string)",
            "error InterfaceNotFound (interface: string)", "error MethodNotFound (method: string)",
            "error MethodNotImplemented (method: string)", "error InvalidParameter (parameter: string)",
            "error PermissionDenied ()", "error ExpectedMore ()",
        ] {
            #expect(text.contains(member), "\(member)")
        }
    }

    @Test func getInterfaceDescriptionUnknown() {
        let reply = exchange(
            service, #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.nope"}}"#)
        #expect(
            reply == ["error": "org.varlink.service.InterfaceNotFound", "parameters": ["interface": "org.nope"]])
    }

    @Test func getInterfaceDescriptionWithoutInterface() {
        let reply = exchange(service, #"{"method":"org.varlink.service.GetInterfaceDescription"}"#)
        #expect(reply == invalidParameter("interface"))
    }

    @Test func unknownInterface() {
        let reply = exchange(service, #"{"method":"org.example.nope.Echo","parameters":{}}"#)
        #expect(
            reply == ["error": "org.varlink.service.InterfaceNotFound", "parameters": ["interface": "org.example.nope"]])
    }

    @Test func methodNotFoundIsFullyQualified() {
        let reply = exchange(service, #"{"method":"org.example.echo.Nope"}"#)
        #expect(
            reply == ["error": "org.varlink.service.MethodNotFound", "parameters": ["method": "org.example.echo.Nope"]])
    }

    @Test func declaredButUnimplemented() {
        let reply = exchange(service, #"{"method":"org.example.echo.Later"}"#)
        #expect(
            reply == [
                "error": "org.varlink.service.MethodNotImplemented", "parameters": ["method": "org.example.echo.Later"],
            ])
    }

    @Test func echo() {
        let reply = exchange(service, #"{"method":"org.example.echo.Echo","parameters":{"text":"hi \u0000 there"}}"#)
        #expect(reply == ["parameters": ["text": "hi \u{0} there"]])
    }

    @Test func peerIsPassedToHandler() {
        let reply = exchange(
            service, #"{"method":"org.example.echo.Echo","parameters":{"text":"x"}}"#,
            peer: VarlinkPeer(pid: 1, uid: 42, gid: 7))
        #expect(reply == ["parameters": ["text": "x", "uid": 42]])
    }

    @Test func handlerErrorIsMapped() {
        let reply = exchange(service, #"{"method":"org.example.echo.Fail","parameters":{"reason":"no"}}"#)
        #expect(reply == ["error": "org.example.echo.Refused", "parameters": ["reason": "no"]])
    }

    @Test func handlerInvalidParameter() {
        let reply = exchange(service, #"{"method":"org.example.echo.Echo","parameters":{"text":1}}"#)
        #expect(reply == invalidParameter("text"))
    }

    @Test(arguments: [
        #"{"method":"org.varlink.service.GetInfo"}"#,
        #"{"method":"org.varlink.service.GetInfo","parameters":null}"#,
        #"{"method":"org.varlink.service.GetInfo","parameters":{}}"#,
        #"{"method":"org.varlink.service.GetInfo","parameters":{},"more":false,"oneway":false,"upgrade":null}"#,
        #"{"method":"org.varlink.service.GetInfo","x-vendor.example":{"ignored":true}}"#,
    ])
    func parametersAbsentNullOrEmpty(message: String) {
        #expect(exchange(service, message)?["parameters"]?["product"] == "echod")
    }

    @Test func onewayGivesNoReply() {
        #expect(service.handle(Array(#"{"method":"org.example.echo.Echo","parameters":{"text":"x"},"oneway":true}"#.utf8), peer: nil) == nil)
        // Errors are suppressed too.
        #expect(service.handle(Array(#"{"method":"org.example.echo.Fail","oneway":true}"#.utf8), peer: nil) == nil)
        #expect(service.handle(Array(#"{"method":"bad","oneway":true}"#.utf8), peer: nil) == nil)
    }

    @Test func moreIsAnsweredWithOneReply() {
        let reply = exchange(service, #"{"method":"org.example.echo.Echo","parameters":{"text":"x"},"more":true}"#)
        #expect(reply == ["parameters": ["text": "x", "more": true]])
    }

    @Test func upgradeIsNotImplemented() {
        let reply = exchange(service, #"{"method":"org.example.echo.Echo","parameters":{"text":"x"},"upgrade":true}"#)
        #expect(
            reply == [
                "error": "org.varlink.service.MethodNotImplemented", "parameters": ["method": "org.example.echo.Echo"],
            ])
    }

    @Test(arguments: [
        ("", "message"),
        ("not json", "message"),
        ("{", "message"),
        ("[]", "message"),
        ("\"org.example.echo.Echo\"", "message"),
        ("null", "message"),
        (#"{"method":"a.b.C"} trailing"#, "message"),
        (#"{"method":"a.b.C","method":"a.b.D"}"#, "message"),
        ("\u{FF}\u{FE}", "message"),
        ("{}", "method"),
        (#"{"method":null}"#, "method"),
        (#"{"method":42}"#, "method"),
        (#"{"method":"GetInfo"}"#, "method"),
        (#"{"method":"org.varlink.service."}"#, "method"),
        (#"{"method":"org.varlink.service.getInfo"}"#, "method"),
        (#"{"method":"org..service.GetInfo"}"#, "method"),
        (#"{"method":"org..service.GetInfo"}"#, "method"),
        (#"{"method":".GetInfo"}"#, "method"),
        (#"{"method":"org.varlink.service.GetInfo","parameters":[]}"#, "parameters"),
        (#"{"method":"org.varlink.service.GetInfo","parameters":"x"}"#, "parameters"),
        (#"{"method":"org.varlink.service.GetInfo","parameters":1}"#, "parameters"),
        (#"{"method":"org.varlink.service.GetInfo","oneway":"yes"}"#, "oneway"),
        (#"{"method":"org.varlink.service.GetInfo","more":1}"#, "more"),
        (#"{"method":"org.varlink.service.GetInfo","upgrade":{}}"#, "upgrade"),
    ])
    func malformedMessages(message: String, field: String) {
        #expect(exchange(service, message) == invalidParameter(field))
    }

    @Test func invalidUTF8IsAnErrorReply() {
        let reply = service.handle([0x7B, 0xC3, 0x28, 0x7D], peer: nil)
        #expect(reply.map { Array($0.dropLast()) } == Array(#"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"message"}}"#.utf8))
    }

    @Test func deepNestingIsAnErrorReplyNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(exchange(service, #"{"method":"a.b.C","parameters":{"x":"# + deep) == invalidParameter("message"))
    }

    @Test func replyWireFormat() {
        let reply = service.handle(Array(#"{"method":"org.example.echo.Echo","parameters":{"text":"a"}}"#.utf8), peer: nil)
        #expect(reply == Array(#"{"parameters":{"text":"a"}}"#.utf8) + [0])
        let error = service.handle(Array(#"{"method":"org.example.echo.Fail"}"#.utf8), peer: nil)
        #expect(error == Array(#"{"error":"org.example.echo.Refused","parameters":{"reason":"none"}}"#.utf8) + [0])
    }
}

@Suite struct InterfaceDefinitionTests {
    @Test func readsNameMethodsAndErrors() throws {
        let definition = try #require(InterfaceDefinition(echoIDL))
        #expect(definition.name == "org.example.echo")
        #expect(definition.methods == ["Echo", "Fail", "Later"])
        #expect(definition.errors == ["Refused"])
    }

    @Test func interfaceMustComeFirst() {
        #expect(InterfaceDefinition("method Foo() -> ()\ninterface org.example.x") == nil)
        #expect(InterfaceDefinition("interface NotValid") == nil)
        #expect(InterfaceDefinition("interface single") == nil)
        #expect(InterfaceDefinition("# comment with interface org.x.y\ninterface org.example.ok")?.name == "org.example.ok")
    }

    @Test func interfaceNames() {
        // Upper case is accepted as systemd and the Python scanner accept it (io.systemd.Resolve).
        for valid in ["org.varlink.service", "io.systemd.Resolve", "org.routingd.Directions", "Org.x", "org.example.my-iface", "a.b", "a.0b"] {
            #expect(VarlinkNames.isInterfaceName(valid), "\(valid)")
        }
        for invalid in ["", "org", "org.", ".org.x", "org.x-", "org..x", "0rg.x", "org.x_y", "org.X Y"] {
            #expect(!VarlinkNames.isInterfaceName(invalid), "\(invalid)")
        }
    }

    @Test func errorFactories() {
        #expect(VarlinkError.methodNotFound("a.b.C") == VarlinkError(name: "org.varlink.service.MethodNotFound", parameters: ["method": "a.b.C"]))
        #expect(VarlinkError.permissionDenied().parameters.count == 0)
        #expect(VarlinkError.expectedMore().name == "org.varlink.service.ExpectedMore")
        #expect(VarlinkError.interfaceNotFound("a.b").parameters == ["interface": "a.b"])
        #expect(VarlinkError.methodNotImplemented("a.b.C").parameters == ["method": "a.b.C"])
    }
}

/// Methods that answer a `more` call with several replies (varlink.org/Method-Call).
@Suite struct StreamingMethodTests {
    static let idl = """
        interface org.example.count

        # Counts to n: one reply per number, each but the last with continues.
        method Count(n: int) -> (number: int)
        """

    let service = VarlinkService(
        vendor: "Example", product: "countd", version: "1", url: "https://example.org",
        interfaces: [
            VarlinkInterface(
                description: StreamingMethodTests.idl, methods: [:],
                streaming: [
                    "Count": { call, stream throws(VarlinkError) in
                        guard let n = call.parameters["n"]?.intValue, n >= 1 else { throw .invalidParameter("n") }
                        for i in 1..<n { stream.send(["number": .number(Double(i))]) }
                        stream.finish(["number": .number(Double(n))])
                    }
                ])
        ])

    /// The NUL-separated replies to `text`.
    func replies(_ text: String) -> [String] {
        guard let bytes = service.handle(Array(text.utf8), peer: nil) else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func moreGetsEveryReplyWithContinuesButTheLast() {
        #expect(replies(#"{"method":"org.example.count.Count","parameters":{"n":3},"more":true}"#) == [
            #"{"continues":true,"parameters":{"number":1}}"#,
            #"{"continues":true,"parameters":{"number":2}}"#,
            #"{"parameters":{"number":3}}"#,
        ])
    }

    @Test func withoutMoreItIsExpectedMore() {
        #expect(replies(#"{"method":"org.example.count.Count","parameters":{"n":3}}"#) == [
            #"{"error":"org.varlink.service.ExpectedMore","parameters":{}}"#
        ])
    }

    @Test func anErrorBeforeAnyReplyIsTheOnlyReply() {
        #expect(replies(#"{"method":"org.example.count.Count","parameters":{"n":0},"more":true}"#) == [
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"n"}}"#
        ])
    }

    @Test func onewayRunsNothingAndSendsNothing() {
        #expect(service.handle(Array(#"{"method":"org.example.count.Count","parameters":{"n":3},"oneway":true}"#.utf8), peer: nil) == nil)
    }

    @Test func aCancelledStreamSendsNothingMoreAndRunsItsCancelActions() {
        let sent = Mutex<[String]>([])
        let stream = VarlinkStream(deliver: { reply, last in
            sent.withLock { $0.append(String(decoding: reply.dropLast(), as: UTF8.self) + (last ? " (last)" : "")) }
        })
        let cancelled = Mutex(0)
        stream.onCancel { cancelled.withLock { $0 += 1 } }
        #expect(stream.send(["a": 1]))
        stream.cancel()
        stream.cancel()
        #expect(!stream.send(["b": 2]))
        #expect(!stream.finish([:]))
        #expect(cancelled.withLock { $0 } == 1)
        #expect(sent.withLock { $0 } == [#"{"continues":true,"parameters":{"a":1}}"#])
        // After the last reply, cancelling does nothing.
        let finished = VarlinkStream(deliver: { _, _ in })
        finished.onCancel { cancelled.withLock { $0 += 1 } }
        #expect(finished.finish([:]))
        finished.cancel()
        #expect(cancelled.withLock { $0 } == 1)
        #expect(finished.isEnded && !finished.isCancelled)
    }
}
