// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("URL query splitting and decoding")
struct QuerySplittingTests {
    /// `body` with `raw` split (its bytes pinned for the call).
    func query<R>(_ raw: String, plusAsSpace: Bool, _ body: (LinkInput.Query) throws -> R) throws -> R {
        var raw = raw
        return try raw.withUTF8 { bytes in try body(try LinkInput.Query(LinkInput(bytes), plusAsSpace: plusAsSpace)) }
    }

    /// The error of splitting `raw`, or nil.
    func error(_ raw: String) -> DirectionsURLError? {
        do {
            try query(raw, plusAsSpace: true) { _ in }
            return nil
        } catch let error as DirectionsURLError {
            return error
        } catch {
            return nil
        }
    }

    @Test func keepsRepeatedParametersInOrder() throws {
        try query("daddr=Oslo&saddr=Bergen&daddr=Trondheim&daddr=Tromso", plusAsSpace: true) { q in
            #expect(q.values("daddr") == ["Oslo", "Trondheim", "Tromso"])
            #expect(q.parameters.map(\.name) == ["daddr", "saddr", "daddr", "daddr"])
        }
    }

    @Test func plusIsSpaceOnlyWhenFormEncodedAndEncodedPlusStaysPlus() throws {
        try query("a=Fish+%26+Chips+%2B+Peas", plusAsSpace: true) { form in
            #expect(form.values("a") == ["Fish & Chips + Peas"])
        }
        try query("a=Fish+%26+Chips+%2B+Peas", plusAsSpace: false) { literal in
            #expect(literal.values("a") == ["Fish+&+Chips+++Peas"])
        }
    }

    @Test func splitsAtTheFirstEqualsSignOnly() throws {
        try query("note=a=b=c&flag&empty=", plusAsSpace: true) { q in
            #expect(q.values("note") == ["a=b=c"])
            #expect(q.values("flag") == [""])
            #expect(q.all("flag").first?.hasEquals == false)
            #expect(q.values("empty") == [""])
            #expect(q.all("empty").first?.hasEquals == true)
        }
    }

    @Test func skipsEmptyPieces() throws {
        try query("&&a=1&&b=2&", plusAsSpace: true) { q in
            #expect(q.parameters.map(\.name) == ["a", "b"])
        }
    }

    @Test func namesMatchIgnoringCase() throws {
        try query("DADDR=X&DaDdR=Y", plusAsSpace: true) { q in
            #expect(q.values("daddr") == ["X", "Y"])
        }
    }

    @Test func decodesUTF8AndKeepsRawValue() throws {
        try query("to=Caf%C3%A9+M%C3%BCller&n=%E6%9D%B1%E4%BA%AC", plusAsSpace: true) { q in
            #expect(q.values("to") == ["Café Müller"])
            #expect(q.values("n") == ["東京"])
            #expect(q.all("to").first?.rawValue.string == "Caf%C3%A9+M%C3%BCller")
        }
    }

    @Test func decodesOnlyOnce() throws {
        try query("a=%2541", plusAsSpace: true) { q in
            #expect(q.values("a") == ["%41"])
        }
    }

    @Test(arguments: ["daddr=100%", "daddr=%G1", "daddr=%4", "daddr=abc%zz"])
    func malformedEscapeNamesTheParameter(_ raw: String) {
        let error = error(raw)
        #expect(error != nil)
        #expect(error?.code == .malformedURL)
        #expect(error?.parameter == "daddr")
    }

    @Test func invalidUTF8IsMalformed() {
        let error = error("saddr=%C3%28")
        #expect(error != nil, "expected an error")
        #expect(error?.code == .malformedURL)
        #expect(error?.parameter == "saddr")
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test func duplicateOfASingleParameterIsReported() throws {
        try query("saddr=A&SADDR=B", plusAsSpace: true) { q in
            let error = #expect(throws: DirectionsURLError.self) { try q.single("saddr", format: "test link") }
            #expect(error?.code == .duplicateParameter)
            #expect(error?.parameter == "saddr")
        }
    }
}
