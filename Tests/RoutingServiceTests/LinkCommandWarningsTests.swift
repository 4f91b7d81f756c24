// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing

/// `routingctl link --json` carries the parse's warnings, as `resolve --json` does (issue 17).
@Suite struct LinkCommandWarningsTests {
    @Test("link --json: one format and all formats list the repairs as {code, message, parameter}")
    func jsonWarnings() throws {
        let link = "maps.apple.com/?daddr=45.764,4.8357&saddr=null"
        for format in ["geo", "all"] {
            let run = CLIConventionsTests.routingctl(["link", "--json", "--format", format, link], in: "/tmp")
            #expect(run.status == 0, "\(run.stderr)")
            let root = try JSONParser().parse(run.stdout).root.json
            let warnings = root["warnings"]?.arrayValue ?? []
            let codes = warnings.compactMap { $0["code"]?.stringValue }
            #expect(codes == ["repaired-syntax", "ignored-value"], "\(run.stdout)")
            #expect(warnings.compactMap { $0["parameter"]?.stringValue } == ["scheme", "saddr"])
        }
    }

    @Test("link --json: a link without repairs has an empty warnings list; strict makes a repair the error")
    func noWarningsAndStrict() throws {
        let clean = CLIConventionsTests.routingctl(["link", "--json", "--format", "geo", "https://maps.apple.com/?daddr=45.764,4.8357"], in: "/tmp")
        #expect(try JSONParser().parse(clean.stdout).root.json["warnings"]?.arrayValue?.isEmpty == true, "\(clean.stdout)")
        let strict = CLIConventionsTests.routingctl(["link", "--json", "--strict", "--format", "geo", "geo:45.764,4.8357 into your maps app"], in: "/tmp")
        #expect(strict.status == 1)
        #expect(try JSONParser().parse(strict.stdout).root.json["error"]?["code"]?.stringValue == "repaired-syntax", "\(strict.stdout)")
    }
}
