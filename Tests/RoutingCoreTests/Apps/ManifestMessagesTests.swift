// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RoutingCore

/// The wording of manifest problems: "did you mean" hints, synonyms, ranges, quoting suggestions,
/// and the one-line form (`LINE:COLUMN: severity: KEY: message; hint [code]`) every report uses.
@Suite struct ManifestMessagesTests {
    static let valid = "[Routing App]\nName=X\nModes=Bus\nCoverage=c.geojson\nExec=x %u\n"

    @Test func misspeltKeysSuggestTheKnownKey() {
        let parse = parseManifest(Self.valid + "name=a\nmodes=Bus\nExce=b\nPriorty=1\nLinkformat=google\nColour=red\n")
        #expect(parse.warnings.map(\.message) == [
            "unknown key name is ignored; did you mean Name?",
            "unknown key modes is ignored; did you mean Modes?",
            "unknown key Exce is ignored; did you mean Exec?",
            "unknown key Priorty is ignored; did you mean Priority?",
            "unknown key Linkformat is ignored; did you mean LinkFormat?",
            "unknown key Colour is ignored",
        ])
        #expect(parse.warnings[0].hint == "keys are case-sensitive")
        #expect(parse.warnings[0].description
            == "6:1: warning: unknown key name is ignored; did you mean Name?; keys are case-sensitive [unknown-key]")
        #expect(parse.manifest != nil)
    }

    @Test func aLowercaseGroupSuggestsRoutingApp() throws {
        let parse = parseManifest("[routing app]\nName=X\n")
        let warning = try #require(parse.warnings.first)
        #expect(warning.message == "group [routing app] is not read; did you mean [Routing App]?")
        #expect(parse.errors.map(\.code) == ["missing-group"])
    }

    @Test func aDesktopEntrySaysWhatAManifestIs() throws {
        let parse = parseManifest("[Desktop Entry]\nName=X\nExec=x %u\n")
        let error = try #require(parse.errors.first)
        #expect(error.code == "unknown-group")
        #expect(error.message == "group [Desktop Entry] is not read: a .desktop file is not a routing-app manifest")
        #expect(error.hint?.contains("[Routing App]") == true)
    }

    @Test func anUnknownLinkFormatSuggestsAndListsTheWritableFormats() throws {
        let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nLinkFormat=googel\n")
        let error = try #require(parse.errors.first)
        #expect(error.message == #"unknown LinkFormat "googel"; did you mean "google"?"#)
        for format in DirectionsLinkBuilder.formats { #expect(error.hint?.contains(format.rawValue) == true) }
        #expect(error.located(in: "a.routingapp").hasPrefix(#"a.routingapp:5:12: error: unknown LinkFormat "googel"; did you mean "google"?; the formats routingd can write: apple-legacy, "#))
    }

    @Test func aHugePriorityIsOutOfRangeNotNonNumeric() throws {
        let huge = try #require(parseManifest(Self.valid + "Priority=99999999999999999999\n").errors.first)
        #expect(huge.code == "invalid-priority")
        #expect(huge.message == "Priority 99999999999999999999 is out of range -9223372036854775808…9223372036854775807")
        let negative = try #require(parseManifest(Self.valid + "Priority=-99999999999999999999\n").errors.first)
        #expect(negative.message.contains("out of range"))
        let word = try #require(parseManifest(Self.valid + "Priority=high\n").errors.first)
        #expect(word.message == #"Priority "high" is not an integer"#)
    }

    @Test func execSuggestsQuotingTheWholeArgumentAndReportsEveryProblem() {
        let parse = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=walker --to=\"%d\" --x=$y %f\n")
        #expect(parse.errors.map(\.code) == ["exec-quoting", "exec-quoting", "exec-placeholder"])
        #expect(parse.errors.map(\.column) == [18, 27, 30])
        #expect(parse.errors[0].message == "reserved character \" in an unquoted Exec argument")
        #expect(parse.errors[0].hint?.contains(#"quote the whole argument in double quotes: "--to=%d""#) == true)
        #expect(parse.errors[1].hint?.contains(#""--x=\\$y""#) == true)
        // The suggestion is right: the quoted form parses.
        let fixed = parseManifest("[Routing App]\nName=X\nModes=Bus\nCoverage=c\nExec=walker \"--to=%d\" \"--x=\\\\$y\"\n")
        #expect(fixed.errors.isEmpty)
        #expect(fixed.manifest?.exec == ["walker", "--to=%d", "--x=$y"])
    }

    @Test func commonModeWordsSuggestApplesNames() {
        let cases: [(String, DirectionsMode)] = [
            ("Tram", .streetCar), ("Trolley", .streetCar), ("LightRail", .streetCar), ("Metro", .subway),
            ("Underground", .subway), ("Tube", .subway), ("Walk", .pedestrian), ("Walking", .pedestrian),
            ("Foot", .pedestrian), ("Bicycle", .bike), ("Cycling", .bike), ("Cab", .taxi), ("Drive", .car),
            ("Driving", .car), ("Automobile", .car), ("Boat", .ferry), ("Flight", .plane), ("Air", .plane),
            ("Rideshare", .rideShare), ("Streetcar", .streetCar), ("Pedestrain", .pedestrian),
        ]
        for (word, mode) in cases {
            #expect(AppManifest.modeSuggestion(word) == mode, "\(word)")
        }
        let parse = parseManifest("[Routing App]\nName=X\nModes=Tram\nCoverage=c\nExec=x\n")
        #expect(parse.errors.first?.message == #"unknown mode "Tram"; did you mean "StreetCar"?"#)
    }

    @Test func spacesAroundEqualsAreIgnoredATrailingSpaceIsNamed() throws {
        let parse = parseManifest("[Routing App]\nName = X\nModes = Bus\nCoverage = p.geojson \nExec = x %u\n")
        #expect(parse.errors.isEmpty)
        let warning = try #require(parse.warnings.first)
        #expect(parse.warnings.count == 1)
        #expect(warning.code == "trailing-space")
        #expect((warning.line, warning.column) == (4, 21))
        #expect(warning.message == "Coverage ends with a space, which is kept as part of the value")
        // Kept, as the Desktop Entry Specification says: only the spaces around = go.
        #expect(parse.coverage == "p.geojson ")
        #expect(parse.coverageLine == 4 && parse.coverageColumn == 12)
        // \s is a space that is meant.
        #expect(parseManifest("[Routing App]\nName=X\\s\nModes=Bus\nCoverage=c\nExec=x\n").warnings.isEmpty)
    }

    @Test func theNameIsKeptWhenTheManifestIsRejected() {
        let parse = parseManifest("[Routing App]\nName=Trams\nModes=Tram\nCoverage=c\nExec=x\n")
        #expect(parse.manifest == nil)
        #expect(parse.name == "Trams")
    }

    @Test func theKeyIsNamedOnceInTheOneLineForm() {
        let mode = ManifestProblem(line: 3, column: 7, key: "Modes", severity: .error, code: .unknownMode, message: "unknown mode \"X\"")
        #expect(mode.description == #"3:7: error: Modes: unknown mode "X" [unknown-mode]"#)
        let empty = ManifestProblem(line: 2, column: 6, key: "Name", severity: .error, code: .emptyValue, message: "Name is empty")
        #expect(empty.description == "2:6: error: Name is empty [empty-value]")
        let unreadable = ManifestProblem(
            line: 4, column: 10, key: "Coverage", severity: .error, code: .coverageUnreadable,
            message: "/srv/Coverage/c.geojson: cannot read: No such file or directory")
        #expect(unreadable.located(in: "a.routingapp")
            == "a.routingapp:4:10: error: Coverage: /srv/Coverage/c.geojson: cannot read: No such file or directory [coverage-unreadable]")
    }

    @Test func diagnosticsCarryTheByteOffsetForTheSourceExcerpt() {
        let text = "\u{FEFF}[Routing App]\nName=Zürich\nModes=Tram\n"
        let bytes = Array(text.utf8)
        let parse = AppManifest.parse(bytes, fileName: "z.routingapp")
        let problem = parse.problems.first { $0.code == "unknown-mode" }!
        let diagnostic = problem.diagnostic(source: bytes)
        #expect(diagnostic.rule == "unknown-mode")
        #expect(diagnostic.message.hasPrefix("Modes: unknown mode"))
        #expect(Array(bytes[diagnostic.location.offset...].prefix(4)) == Array("Tram".utf8))
        #expect(ManifestProblem.offset(of: 2, 7, in: bytes) == Array("\u{FEFF}[Routing App]\nName=Z".utf8).count)
        #expect(ManifestProblem.offset(of: 2, 8, in: bytes) == Array("\u{FEFF}[Routing App]\nName=Zü".utf8).count)
    }
}
