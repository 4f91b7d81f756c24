// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

/// Parses `text` as a manifest file named `name`.
func parseManifest(_ text: String, name: String = "LondonBus.routingapp") -> ManifestParse {
    AppManifest.parse(Array(text.utf8), fileName: name)
}

@Suite struct AppManifestTests {
    static let londonBus = """
        # The contract's example
        [Routing App]
        Id=org.example.LondonBus
        Name=London Bus
        Modes=Bus;Subway;Pedestrian;
        Coverage=London.geojson
        Exec=londonbus --from %s --to %d
        LinkFormat=google
        Priority=10

        """

    @Test func theContractExampleParses() throws {
        let parse = parseManifest(Self.londonBus)
        #expect(parse.problems == [])
        let manifest = try #require(parse.manifest)
        #expect(manifest.id == "org.example.LondonBus")
        #expect(manifest.name == "London Bus")
        #expect(manifest.modes == [.bus, .subway, .pedestrian])
        #expect(manifest.coverage == "London.geojson")
        #expect(manifest.exec == ["londonbus", "--from", "%s", "--to", "%d"])
        #expect(manifest.linkFormat == .google)
        #expect(manifest.priority == 10)
        #expect(parse.id == "org.example.LondonBus")
        #expect(parse.coverage == "London.geojson")
    }

    @Test func defaultsIdFromTheFileNameAndPriorityZero() throws {
        let parse = parseManifest(
            "[Routing App]\nName=Cabs\nModes=Taxi\nCoverage=/srv/cov/London.geojson\nLinkFormat=waze\n",
            name: "/etc/routingd/apps/Cabs.routingapp")
        let manifest = try #require(parse.manifest)
        #expect(manifest.id == "Cabs")
        #expect(manifest.priority == 0)
        #expect(manifest.exec == nil)
        #expect(manifest.linkFormat == .waze)
        #expect(manifest.modes == [.taxi])
    }

    @Test func streetcarIsAnErrorThatSuggestsStreetCar() throws {
        let parse = parseManifest("[Routing App]\nName=Trams\nModes=Bus;Streetcar;\nCoverage=x.geojson\nExec=trams %u\n")
        #expect(parse.manifest == nil)
        let problem = try #require(parse.errors.first)
        #expect(parse.errors.count == 1)
        #expect(problem.code == "unknown-mode")
        #expect(problem.key == "Modes")
        #expect((problem.line, problem.column) == (3, 11))
        #expect(problem.message == #"unknown mode "Streetcar"; did you mean "StreetCar"?"#)
        #expect(problem.hint == "the modes are Apple's MKDirectionsMode names, exact case")
        #expect(problem.located(in: "/apps/Trams.routingapp")
            == #"/apps/Trams.routingapp:3:11: error: Modes: unknown mode "Streetcar"; did you mean "StreetCar"?; the modes are Apple's MKDirectionsMode names, exact case [unknown-mode]"#)
    }

    @Test func modeSuggestions() {
        #expect(AppManifest.modeSuggestion("MKDirectionsModeBus") == .bus)
        #expect(AppManifest.modeSuggestion("pedestrian") == .pedestrian)
        #expect(AppManifest.modeSuggestion("Pedestrain") == .pedestrian)
        #expect(AppManifest.modeSuggestion("Hovercraft") == nil)
        let parse = parseManifest("[Routing App]\nName=X\nModes=Hovercraft;Bus;Bus\nCoverage=x.geojson\nExec=x\n")
        #expect(parse.errors.map(\.message) == [#"unknown mode "Hovercraft""#])
        #expect(parse.warnings.map(\.code) == ["duplicate-mode"])
        #expect(parse.warnings.first?.column == 22)
    }

    @Test func missingRequiredKeysAreErrorsAtLineOneNamingTheKey() {
        let parse = parseManifest("[Routing App]\nExec=x %u\n")
        #expect(parse.manifest == nil)
        #expect(parse.errors.map(\.key) == ["Name", "Modes", "Coverage"])
        #expect(parse.errors.allSatisfy { $0.line == 1 && $0.column == 1 && $0.code == "missing-key" })
        #expect(parse.errors.first?.message == "the required key Name is missing")
    }

    @Test func neitherExecNorLinkFormatIsAnError() {
        let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=x.geojson\n")
        #expect(parse.errors.map(\.code) == ["missing-launch"])
    }

    @Test func badPriority() throws {
        let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=x.geojson\nExec=x\nPriority = high\n")
        let problem = try #require(parse.errors.first)
        #expect(problem.code == "invalid-priority")
        #expect((problem.line, problem.column, problem.key) == (6, 12, "Priority"))
        #expect(parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=x.geojson\nExec=x\nPriority=-5\n").manifest?.priority == -5)
    }

    @Test func unknownLinkFormatListsTheWritableOnes() throws {
        let wrongCase = try #require(parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nLinkFormat=Google\n").errors.first)
        #expect(wrongCase.code == "unknown-link-format")
        #expect(wrongCase.message == #"unknown LinkFormat "Google"; did you mean "google"?"#)
        #expect((wrongCase.line, wrongCase.column) == (5, 12))
        let hint = try #require(wrongCase.hint)
        for format in DirectionsLinkBuilder.formats { #expect(hint.contains(format.rawValue)) }
        let unknown = try #require(parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nLinkFormat=mapquest\n").errors.first)
        #expect(unknown.message == #"unknown LinkFormat "mapquest""#)
        let readOnly = LinkFormat.allCases.filter { !DirectionsLinkBuilder.formats.contains($0) }
        if let format = readOnly.first {
            let problem = try #require(parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nLinkFormat=\(format.rawValue)\n").errors.first)
            #expect(problem.message == "routingd reads \(format.rawValue) links but cannot write them")
        }
    }

    @Test func execQuotingFollowsTheDesktopEntrySpecification() throws {
        func exec(_ value: String) -> [String]? {
            parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=\(value)\n").manifest?.exec
        }
        func failure(_ value: String) throws -> ManifestProblem {
            let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=\(value)\n")
            let problem = try #require(parse.errors.first, "\(value) was accepted")
            #expect(problem.line == 5)
            #expect(problem.key == "Exec")
            return problem
        }
        // Quoted arguments; "\\$" in the file is \$ after the string escapes, then $ after quoting.
        #expect(exec(#"app "\\$HOME" "a b" --to=%d 100%% %u"#) == ["app", "$HOME", "a b", "--to=%d", "100%%", "%u"])
        #expect(exec(#"app "it's" "say \\"hi\\"" """#) == ["app", "it's", #"say "hi""#, ""])
        // The string escapes come first: \s is a space, which then separates arguments.
        #expect(exec("my\\sapp %u") == ["my", "app", "%u"])
        let unterminated = try failure(#"app "open"#)
        #expect((unterminated.code, unterminated.column) == ("exec-quoting", 10))
        let dollar = try failure("app $(rm -rf ~) %u")
        #expect((dollar.code, dollar.column) == ("exec-quoting", 10))
        #expect(dollar.message == "reserved character $ in an unquoted Exec argument")
        let semicolon = try failure("app ; reboot")
        #expect((semicolon.code, semicolon.column) == ("exec-quoting", 10))
        let backtick = try failure(#"app "`id`""#)
        #expect((backtick.code, backtick.column) == ("exec-quoting", 11))
        let glued = try failure(#"app --name="a b""#)
        #expect(glued.code == "exec-quoting")
        let fileCode = try failure("app %f")
        #expect((fileCode.code, fileCode.column, fileCode.message) == ("exec-placeholder", 10, "unknown placeholder %f in Exec"))
        #expect(try failure("app %U").hint == "use %u: routingd passes one link")
        #expect(try failure("app 50%").message == "unknown placeholder % in Exec")
        let program = try failure("%u")
        #expect((program.code, program.column) == ("exec-placeholder", 6))
        let percent = try failure("100%%app %u")
        #expect((percent.code, percent.column) == ("exec-placeholder", 9))
        let emptyProgram = try failure(#""" %u"#)
        #expect((emptyProgram.code, emptyProgram.column, emptyProgram.message) == ("empty-value", 6, "the program in Exec is empty"))
        let empty = try failure("")
        #expect((empty.code, empty.column) == ("empty-value", 6))
    }

    @Test func stringEscapes() throws {
        let parse = parseManifest("[Routing App]\nName=London\\sBus\\\\1\nModes=Bus;\nCoverage=a\\;b.geojson\nExec=x\n")
        #expect(parse.manifest == nil)
        #expect(parse.errors.map(\.code) == ["invalid-escape"])
        #expect((parse.errors.first?.line, parse.errors.first?.column) == (4, 11))
        let good = parseManifest("[Routing App]\nName=London\\sBus\\\\1\nModes=Bus;Car;\nCoverage=c\nExec=x\n")
        #expect(good.manifest?.name == #"London Bus\1"#)
        let escapedSemicolon = parseManifest("[Routing App]\nName=X\nModes=Bus\\;;Car;\nCoverage=c\nExec=x\n")
        #expect(escapedSemicolon.errors.map(\.message) == [#"unknown mode "Bus;"; did you mean "Bus"?"#])
    }

    @Test func keysAreCaseSensitiveAndUnknownKeysWarn() {
        let parse = parseManifest("[Routing App]\nname=X\nModes=Bus\nCoverage=c\nExec=x\nX-Vendor=1\nName[fr]=Bus\nColour=red\n")
        #expect(parse.manifest == nil)
        #expect(parse.errors.map(\.code) == ["missing-key"])
        #expect(parse.warnings.map(\.key) == ["name", "Colour"])
        #expect(parse.warnings.first?.message == "unknown key name is ignored; did you mean Name?")
        #expect(parse.warnings.first?.hint == "keys are case-sensitive")
        #expect(parse.warnings.last?.message == "unknown key Colour is ignored")
        #expect((parse.warnings.first?.line, parse.warnings.first?.column) == (2, 1))
    }

    @Test func duplicateKeysAndGroups() {
        let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nName=Y\nCoverage=c\nExec=x\n[Routing App]\nPriority=3\n")
        #expect(parse.errors.map(\.code) == ["duplicate-key", "duplicate-group"])
        #expect(parse.errors.first?.message == "Name is given twice (first at line 2)")
        #expect((parse.errors.first?.line, parse.errors[1].line) == (4, 7))
    }

    @Test func groupsAndSyntax() {
        let before = parseManifest("Name=X\n[Routing App]\nModes=Bus\nCoverage=c\nExec=x\n")
        #expect(before.errors.map(\.code) == ["key-outside-group", "missing-key"])
        #expect(parseManifest("[Desktop Entry]\nName=X\n").errors.map(\.code) == ["unknown-group"])
        #expect(parseManifest("# nothing\n\n").errors.map(\.code) == ["missing-group"])
        let extra = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=x\n[X-Mine]\nA=1\n[Other]\nB=2\n")
        #expect(extra.manifest != nil)
        #expect(extra.warnings.map(\.line) == [8])
        let junk = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=x\nthis line\n  [bad\nKe y=1\n")
        #expect(junk.errors.map(\.code) == ["syntax", "syntax", "syntax"])
        #expect(junk.errors.map(\.column) == [1, 3, 3])
    }

    @Test func crlfBomAndSpacesAroundEquals() throws {
        let parse = AppManifest.parse(
            [0xEF, 0xBB, 0xBF] + Array("[Routing App]\r\nName = X\r\nModes=\tBus ; Car\r\nCoverage=c\r\nExec=x %u\r\n".utf8),
            fileName: "X.routingapp")
        let manifest = try #require(parse.manifest)
        #expect(manifest.name == "X")
        #expect(manifest.modes == [.bus, .car])
        #expect(manifest.exec == ["x", "%u"])
    }

    @Test func invalidTextIsLocated() throws {
        let parse = AppManifest.parse(Array("[Routing App]\nName=Caf".utf8) + [0xC3, 0x28] + Array("\n".utf8), fileName: "x.routingapp")
        let problem = try #require(parse.errors.first { $0.code == "invalid-text" })
        #expect((problem.line, problem.column) == (2, 9))
        #expect(parse.errors.filter { $0.code == "invalid-text" }.count == 1)
        // The rest of the file is still read: the Id is known, for the registry's last good version.
        let later = AppManifest.parse(Array("[Routing App]\nId=org.example.Cafe\nName=Caf".utf8) + [0xE9] + Array("\nModes=Bus\nCoverage=c\nExec=x\n".utf8), fileName: "x.routingapp")
        #expect(later.manifest == nil)
        #expect(later.errors.map(\.code) == ["invalid-text"])
        #expect((later.errors.first?.line, later.errors.first?.column) == (3, 9))
        #expect(later.id == "org.example.Cafe")
        let control = AppManifest.parse(Array("[Routing App]\nName=a\u{1}b\n".utf8), fileName: "x.routingapp")
        #expect(control.errors.first(where: { $0.code == "invalid-text" }).map { ($0.code, $0.line, $0.column) } ?? ("", 0, 0) == ("invalid-text", 2, 7))
    }

    @Test func idIsCheckedAndKeptEvenWhenTheManifestFails() {
        let bad = parseManifest("[Routing App]\nId=a/b\nName=X\nModes=Bus\nCoverage=c\nExec=x\n")
        #expect(bad.errors.map(\.code) == ["invalid-id"])
        #expect((bad.errors.first?.line, bad.errors.first?.column) == (2, 5))
        let failing = parseManifest("[Routing App]\nId=org.example.Trams\nModes=Streetcar\nCoverage=Trams.geojson\n")
        #expect(failing.manifest == nil)
        #expect(failing.id == "org.example.Trams")
        #expect(failing.coverage == "Trams.geojson")
    }

    /// Long values stay linear: 50,000 Exec arguments and 50,000 listed modes.
    @Test func longValuesParseQuickly() throws {
        let exec = Array(repeating: "a", count: 50_000).joined(separator: " ")
        let modes = String(repeating: "Bus;", count: 50_000)
        let clock = ContinuousClock()
        let start = clock.now
        let parse = parseManifest("[Routing App]\nName=X\nModes=\(modes)\nCoverage=c\nExec=\(exec) %u\n")
        #expect(clock.now - start < .seconds(5))
        #expect(parse.manifest?.exec?.count == 50_001)
        #expect(parse.warnings.count == 49_999)
    }

    /// Mutated manifests never crash or hang, and every rejection says where.
    @Test func mutatedManifestsAreAnsweredWithLocatedProblems() {
        var rng = SplitMix64(state: 5)
        let seeds = [
            Array(Self.londonBus.utf8),
            Array(#"[Routing App]\#nName=A\sB\#nModes= Bus ;StreetCar;\#nCoverage=c\#nExec=app "\\$x \\"y\\"" 100%% --to=%d %m\#n[X-A]\#nK=v\#n"#.utf8),
        ]
        for seed in seeds { #expect(AppManifest.parse(seed, fileName: "m.routingapp").problems == []) }
        #expect(AppManifest.parse(seeds[1], fileName: "m").manifest?.exec == ["app", #"$x "y""#, "100%%", "--to=%d", "%m"])
        for round in 0..<3000 {
            let input = mutate(seeds[round % seeds.count], &rng)
            let parse = AppManifest.parse(input, fileName: "m.routingapp")
            #expect((parse.manifest == nil) == parse.problems.contains { $0.severity == .error })
            for problem in parse.problems {
                #expect(problem.line >= 1 && problem.column >= 1)
                #expect(!problem.message.isEmpty)
                #expect(ManifestProblem.Code(rawValue: problem.code) != nil)
            }
        }
    }
}
