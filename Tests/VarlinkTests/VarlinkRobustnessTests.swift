// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
import TestSupport
@testable import Varlink

/// Mutated messages always get a well-formed reply (or none, for oneway), never a crash.
@Suite struct VarlinkRobustnessTests {
    @Test func mutatedMessagesGetWellFormedReplies() throws {
        let service = VarlinkService(vendor: "v", product: "p", version: "1", url: "", interfaces: [])
        let seeds = [
            #"{"method":"org.varlink.service.GetInfo"}"#,
            #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.varlink.service"},"more":false}"#,
        ].map { Array($0.utf8) }
        var rng = SplitMix64(state: 7)
        let alphabet = Array(#"{}[]":,.\0 truefalsnul"#.utf8) + [0xFF, 0xC3]
        for round in 0..<5000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<max(1, bytes.count), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !bytes.isEmpty: bytes[min(i, bytes.count - 1)] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: min(i, bytes.count))
                default: if !bytes.isEmpty { bytes.remove(at: min(i, bytes.count - 1)) }
                }
            }
            guard let reply = service.handle(bytes, peer: nil) else { continue }  // a oneway call
            #expect(reply.last == 0 && reply.dropLast().allSatisfy { $0 != 0 })
            let object = try #require(try JSONParser().parse(reply.dropLast()).root.json.objectValue)
            #expect(object["parameters"]?.objectValue != nil)
            if let error = object["error"] { #expect(error.stringValue?.hasPrefix("org.varlink.service.") == true) }
        }
    }
}
