// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing

@testable import Varlink

/// A parameter the method's IDL does not declare is refused with `InvalidParameter` naming its path,
/// at every depth, before the handler runs (the reference server refuses unknown top-level ones).
@Suite struct UnknownParameterTests {
    static let idl = """
        # Nested types for the unknown-parameter checks.
        interface org.example.nested

        type Point (
          kind: (coordinate, here),
          latitude: ?float,
          tags: ?[string]Tag
        )

        type Tag (name: string)

        # Echoes how many points it got.
        method Take(target: Point, stops: ?[]Point, strict: ?bool, free: ?object,
                    inline: ?(a: int, b: ?(c: string))) -> (count: int)
        """

    static let service: VarlinkService = {
        let interface = VarlinkInterface(
            description: idl,
            methods: ["Take": { call throws(VarlinkError) in ["count": .number(Double(call.parameters.count))] }])
        return VarlinkService(vendor: "Example", product: "nested", version: "1", url: "https://example.org", interfaces: [interface])
    }()

    static func reply(_ parameters: String) -> JSONObject? {
        exchange(service, #"{"method":"org.example.nested.Take","parameters":"# + parameters + "}")
    }

    @Test(arguments: [
        (#"{"target":{"kind":"here"},"strcit":true}"#, "strcit"),
        (#"{"target":{"kind":"here","lattitude":1}}"#, "target.lattitude"),
        (#"{"target":{"kind":"here"},"stops":[{"kind":"here"},{"kind":"here","x":null}]}"#, "stops[1].x"),
        (#"{"target":{"kind":"here","tags":{"k":{"name":"n","extra":1}}}}"#, "target.tags[k].extra"),
        (#"{"target":{"kind":"here"},"inline":{"a":1,"b":{"c":"x","d":2}}}"#, "inline.b.d"),
        (#"{"target":{"kind":"here"},"inline":{"a":1,"z":0}}"#, "inline.z"),
    ])
    func unknownMembersAreNamedByPath(parameters: String, path: String) {
        #expect(Self.reply(parameters) == invalidParameter(path))
    }

    @Test(arguments: [
        #"{"target":{"kind":"here"}}"#,
        #"{"target":{"kind":"coordinate","latitude":1,"tags":{"k":{"name":"n"}}},"stops":null,"strict":false}"#,
        // `object` takes any members; a wrong type is the handler's to report, not descended into.
        #"{"target":{"kind":"here"},"free":{"anything":{"goes":1}},"stops":7}"#,
        #"{"target":"not an object"}"#,
    ])
    func declaredMembersPass(parameters: String) {
        #expect(Self.reply(parameters)?["parameters"] != nil, "\(parameters)")
    }

    @Test func theServiceInterfaceRefusesThemToo() {
        #expect(exchange(makeService(), #"{"method":"org.varlink.service.GetInfo","parameters":{"verbose":true}}"#) == invalidParameter("verbose"))
        #expect(
            exchange(makeService(), #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.echo","x":1}}"#)
                == invalidParameter("x"))
    }

    @Test func aOnewayCallWithAnUnknownParameterRunsNothingAndSaysNothing() {
        #expect(makeService().handle(Array(#"{"method":"org.example.echo.Echo","parameters":{"txet":"a"},"oneway":true}"#.utf8), peer: nil) == nil)
    }

    @Test func idlTypesParse() throws {
        let types = try #require(InterfaceTypes(Self.idl))
        #expect(Set(types.inputs.keys) == ["Take"])
        #expect(Set(types.types.keys) == ["Point", "Tag"])
        #expect(InterfaceTypes("interface a.b\nmethod M(x: ) -> ()") == nil)
    }
}
