// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

@Suite("URL query splitting and decoding")
struct QueryStringTests {
    typealias Query = DirectionsURLParser.QueryString

    @Test func keepsRepeatedParametersInOrder() throws {
        let q = try Query("daddr=Oslo&saddr=Bergen&daddr=Trondheim&daddr=Tromso", plusAsSpace: true)
        #expect(q.values("daddr") == ["Oslo", "Trondheim", "Tromso"])
        #expect(q.parameters.map(\.name) == ["daddr", "saddr", "daddr", "daddr"])
    }

    @Test func plusIsSpaceOnlyWhenFormEncodedAndEncodedPlusStaysPlus() throws {
        let form = try Query("a=Fish+%26+Chips+%2B+Peas", plusAsSpace: true)
        #expect(form.values("a") == ["Fish & Chips + Peas"])
        let literal = try Query("a=Fish+%26+Chips+%2B+Peas", plusAsSpace: false)
        #expect(literal.values("a") == ["Fish+&+Chips+++Peas"])
    }

    @Test func splitsAtTheFirstEqualsSignOnly() throws {
        let q = try Query("note=a=b=c&flag&empty=", plusAsSpace: true)
        #expect(q.values("note") == ["a=b=c"])
        #expect(q.values("flag") == [""])
        #expect(q.all("flag").first?.hasEquals == false)
        #expect(q.values("empty") == [""])
        #expect(q.all("empty").first?.hasEquals == true)
    }

    @Test func skipsEmptyPieces() throws {
        let q = try Query("&&a=1&&b=2&", plusAsSpace: true)
        #expect(q.parameters.map(\.name) == ["a", "b"])
    }

    @Test func namesMatchIgnoringCase() throws {
        let q = try Query("DADDR=X&DaDdR=Y", plusAsSpace: true)
        #expect(q.values("daddr") == ["X", "Y"])
    }

    @Test func decodesUTF8AndKeepsRawValue() throws {
        let q = try Query("to=Caf%C3%A9+M%C3%BCller&n=%E6%9D%B1%E4%BA%AC", plusAsSpace: true)
        #expect(q.values("to") == ["Café Müller"])
        #expect(q.values("n") == ["東京"])
        #expect(q.all("to").first?.rawValue == "Caf%C3%A9+M%C3%BCller")
    }

    @Test func decodesOnlyOnce() throws {
        let q = try Query("a=%2541", plusAsSpace: true)
        #expect(q.values("a") == ["%41"])
    }

    @Test(arguments: ["daddr=100%", "daddr=%G1", "daddr=%4", "daddr=abc%zz"])
    func malformedEscapeNamesTheParameter(_ raw: String) {
        #expect(throws: DirectionsURLError.self) { try Query(Substring(raw), plusAsSpace: true) }
        do {
            _ = try Query(Substring(raw), plusAsSpace: true)
        } catch {
            #expect(error.code == .malformedURL)
            #expect(error.parameter == "daddr")
        }
    }

    @Test func invalidUTF8IsMalformed() {
        do {
            _ = try Query("saddr=%C3%28", plusAsSpace: true)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedURL)
            #expect(error.parameter == "saddr")
            #expect(error.message.contains("UTF-8"))
        }
    }

    @Test func duplicateOfASingleParameterIsReported() throws {
        let q = try Query("saddr=A&SADDR=B", plusAsSpace: true)
        do {
            _ = try q.single("saddr", format: "test link")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .duplicateParameter)
            #expect(error.parameter == "saddr")
        }
    }
}
