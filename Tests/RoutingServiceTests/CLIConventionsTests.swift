// SPDX-License-Identifier: Apache-2.0
import Glibc
import StrictJSON
import Testing

/// routingctl's command-line conventions, as systemd's tools have them (issue 21): `--json` forms,
/// colour only on a terminal and never with `NO_COLOR`, "did you mean" for a mistyped command,
/// `help COMMAND`, and `--no-pager`. The built routingctl runs in a child process whose output is a
/// file (a pipe, as far as routingctl can tell), or a pseudo-terminal made by script(1).
@Suite struct CLIConventionsTests {
    typealias Run = OpenCommandTests.Run

    /// A directory holding `square.geojson` (valid) and `open.geojson` (a ring not closed).
    static func files() throws -> String {
        let directory = OpenCommandTests.makeDirectory()
        try OpenCommandTests.write(
            directory + "/square.geojson", #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#)
        try OpenCommandTests.write(
            directory + "/open.geojson", #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1]]]]}"#)
        return directory
    }

    /// routingctl with output to files, in `directory`, with this process's environment plus `extra`
    /// (which replaces variables of the same name).
    static func routingctl(_ arguments: [String], in directory: String, environment extra: [String] = []) -> Run {
        OpenCommandTests.run(
            [OpenCommandTests.routingctlPath] + arguments, environment: environment(extra),
            outputIn: directory, workingDirectory: directory)
    }

    /// routingctl on a pseudo-terminal (script(1)): standard output and error both go to it, so they
    /// come back together, with CR LF line ends.
    static func onTerminal(_ arguments: [String], in directory: String, environment extra: [String]) -> Run {
        let quoted = ([OpenCommandTests.routingctlPath] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return OpenCommandTests.run(
            ["/usr/bin/script", "-qec", quoted, "/dev/null"], environment: environment(extra),
            outputIn: directory, workingDirectory: directory)
    }

    static func environment(_ extra: [String]) -> [String] {
        let names = Set(extra.map { $0.prefix { $0 != "=" } } + ["NO_COLOR", "TERM"])
        var environment: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !names.contains(text.prefix { $0 != "=" }) { environment.append(text) }
            pointer += 1
        }
        return environment + extra
    }

    static let escape: Unicode.Scalar = "\u{1B}"

    // MARK: --json

    @Test func jsonAloneIsOneLineInAPipeAndTheModesChoose() throws {
        let directory = try Self.files()
        let points = ["square.geojson", "0.5", "0.5", "2", "2"]
        let bare = Self.routingctl(["contains", "--json"] + points, in: directory)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout == #"{"points":[{"latitude":0.5,"longitude":0.5,"location":"inside"},{"latitude":2,"longitude":2,"location":"outside"}]}"# + "\n")
        let short = Self.routingctl(["contains", "--json=short"] + points, in: directory)
        #expect(short.stdout == bare.stdout)
        let pretty = Self.routingctl(["contains", "--json=pretty"] + points, in: directory)
        #expect(pretty.status == 0)
        #expect(pretty.stdout.hasPrefix("{\n  \"points\": [\n"), "\(pretty.stdout)")
        #expect(try JSONParser().parse(pretty.stdout).root.json == JSONParser().parse(bare.stdout).root.json)
        let off = Self.routingctl(["contains", "--json=off"] + points, in: directory)
        #expect(off.stdout == Self.routingctl(["contains"] + points, in: directory).stdout)
        #expect(!off.stdout.contains("{"), "\(off.stdout)")
        // The last --json wins; --json=off after --json prints text.
        #expect(Self.routingctl(["contains", "--json", "--json=off"] + points, in: directory).stdout == off.stdout)
        #expect(Self.routingctl(["contains", "--json=pretty", "--json"] + points, in: directory).stdout == bare.stdout)
        // validate: --json and --json=MODE are --format json, laid out the same way.
        let validate = Self.routingctl(["validate", "--json", "square.geojson"], in: directory)
        #expect(validate.status == 0)
        #expect(validate.stdout.hasPrefix(#"{"files":[{"path":"square.geojson","valid":true,"#) && validate.stdout.filter { $0 == "\n" }.count == 1,
                "\(validate.stdout)")
        let validatePretty = Self.routingctl(["validate", "--json=pretty", "square.geojson"], in: directory)
        #expect(validatePretty.stdout.hasPrefix("{\n  \"files\": ["), "\(validatePretty.stdout)")
        let validateOff = Self.routingctl(["validate", "--json=off", "square.geojson"], in: directory)
        #expect(validateOff.stdout.hasPrefix("square.geojson: covers "), "\(validateOff.stdout)")
    }

    @Test func aJSONModeThatIsNotOneIsAUsageError() throws {
        let directory = try Self.files()
        let run = Self.routingctl(["contains", "--json=yaml", "square.geojson", "0.5", "0.5"], in: directory)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "routingctl: --json takes pretty|short|off, not 'yaml'\nTry 'routingctl contains --help'.\n")
        // A mode is given with '='; a separate word is an argument of the command.
        let separate = Self.routingctl(["validate", "--json", "pretty"], in: directory)
        #expect(separate.status == 2)
        #expect(separate.stdout.contains(#""path":"pretty""#), "\(separate.stdout)")
        // A command that prints no JSON refuses --json=MODE as it refuses --json.
        let fix = Self.routingctl(["validate", "--fix", "--json=short", "open.geojson"], in: directory)
        #expect(fix.status == 2)
        #expect(fix.stderr.hasPrefix("routingctl: unknown option '--json' with --fix\n"), "\(fix.stderr)")
    }

    @Test func aMistypedOptionGetsTheNearestOne() throws {
        let directory = try Self.files()
        let run = Self.routingctl(["contains", "--jsno", "square.geojson", "0.5", "0.5"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("routingctl: unknown option '--jsno'; did you mean '--json'?\n"), "\(run.stderr)")
        // Nothing near: no guess. A control character in the name is shown, not sent to the terminal.
        let far = Self.routingctl(["contains", "--zzzzzzzz\u{1B}", "square.geojson", "0.5", "0.5"], in: directory)
        #expect(far.status == 2)
        #expect(far.stderr.hasPrefix("routingctl: unknown option '--zzzzzzzz\\x1B'\n"), "\(far.stderr)")
    }

    @Test func jsonAloneIsIndentedOnATerminal() throws {
        let directory = try Self.files()
        let run = Self.onTerminal(["contains", "--json", "square.geojson", "0.5", "0.5"], in: directory, environment: ["TERM=xterm"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasPrefix("{\r\n  \"points\": [\r\n"), "\(run.stdout)")
        let short = Self.onTerminal(["contains", "--json=short", "square.geojson", "0.5", "0.5"], in: directory, environment: ["TERM=xterm"])
        #expect(short.stdout == #"{"points":[{"latitude":0.5,"longitude":0.5,"location":"inside"}]}"# + "\r\n", "\(short.stdout)")
    }

    // MARK: colour

    @Test func findingsAreColouredOnATerminalOnly() throws {
        let directory = try Self.files()
        let arguments = ["validate", "open.geojson"]
        let terminal = Self.onTerminal(arguments, in: directory, environment: ["TERM=xterm"])
        #expect(terminal.status == 1, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\u{1B}[1mopen.geojson:1:"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m polygon 1, ring 1 is not closed"), "\(terminal.stdout)")
        // The summary on standard error is plain, and so is everything in a pipe.
        #expect(terminal.stdout.contains("1 file checked: 0 valid, 1 not valid or unreadable, 0 warnings"))
        let pipe = Self.routingctl(arguments, in: directory, environment: ["TERM=xterm"])
        #expect(pipe.status == 1)
        #expect(pipe.stdout.hasPrefix("open.geojson:1:59: error: polygon 1, ring 1 is not closed"), "\(pipe.stdout)")
        #expect(!(pipe.stdout + pipe.stderr).unicodeScalars.contains(Self.escape))
    }

    @Test(arguments: [["NO_COLOR=1", "TERM=xterm"], ["NO_COLOR=yes please", "TERM=xterm-256color"], ["TERM=dumb"]])
    func noColourWithNO_COLOROrADumbTerminal(_ environment: [String]) throws {
        let directory = try Self.files()
        let run = Self.onTerminal(["validate", "open.geojson"], in: directory, environment: environment)
        #expect(run.status == 1)
        #expect(run.stdout.contains("open.geojson:1:59: error: polygon 1, ring 1 is not closed"), "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains(Self.escape), "\(environment): \(run.stdout)")
    }

    @Test func anEmptyNO_COLORLeavesColourOn() throws {
        let directory = try Self.files()
        let run = Self.onTerminal(["validate", "open.geojson"], in: directory, environment: ["NO_COLOR=", "TERM=xterm"])
        #expect(run.stdout.contains("\u{1B}[1;31merror:"), "\(run.stdout)")
    }

    // MARK: did you mean

    @Test(arguments: [("validat", "validate"), ("valdiate", "validate"), ("lcoation", "location"), ("val", "validate"),
                      ("Apps", "apps"), ("reolve", "resolve"), ("hlep", "help")])
    func aMistypedCommandNamesTheNearest(_ typed: String, _ meant: String) throws {
        let run = Self.routingctl([typed, "x"], in: "/tmp")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "routingctl: unknown command '\(typed)'; did you mean '\(meant)'?\nTry 'routingctl --help'.\n")
    }

    @Test(arguments: ["frobnicate", "x", "o", "resolvexyz"])
    func aCommandFarFromEveryOneGetsNoGuess(_ typed: String) throws {
        let run = Self.routingctl([typed], in: "/tmp")
        #expect(run.status == 2)
        #expect(run.stderr == "routingctl: unknown command '\(typed)'\nTry 'routingctl --help'.\n")
    }

    // MARK: help COMMAND

    @Test(arguments: ["validate", "contains", "resolve", "link", "apps", "reload", "open", "location"])
    func helpCommandIsTheCommandsHelp(_ command: String) throws {
        let help = Self.routingctl(["help", command], in: "/tmp")
        let own = Self.routingctl([command, "--help"], in: "/tmp")
        #expect(help.status == 0 && own.status == 0, "\(help.stderr)")
        #expect(help.stdout.hasPrefix("Usage: routingctl \(command)"), "\(help.stdout)")
        #expect(help.stdout == own.stdout)
        #expect(help.stderr.isEmpty)
    }

    @Test func helpAloneAndHelpOfHelp() throws {
        let overview = Self.routingctl(["--help"], in: "/tmp")
        #expect(Self.routingctl(["help"], in: "/tmp").stdout == overview.stdout)
        #expect(overview.stdout.contains("  help [COMMAND]"))
        let helpHelp = Self.routingctl(["help", "help"], in: "/tmp")
        #expect(helpHelp.status == 0)
        #expect(helpHelp.stdout.hasPrefix("Usage: routingctl help [COMMAND]"))
        #expect(Self.routingctl(["help", "--help"], in: "/tmp").stdout == helpHelp.stdout)
    }

    @Test func helpOfAnUnknownCommandIsAUsageErrorWithAGuess() throws {
        let run = Self.routingctl(["help", "validat"], in: "/tmp")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("routingctl: unknown command 'validat'; did you mean 'validate'?\n"), "\(run.stderr)")
        let two = Self.routingctl(["help", "apps", "reload"], in: "/tmp")
        #expect(two.status == 2)
        #expect(two.stderr.hasPrefix("routingctl: help takes one command, got 2\n"), "\(two.stderr)")
    }

    // MARK: --no-pager

    @Test func noPagerIsAcceptedBeforeAndAfterTheCommand() throws {
        let directory = try Self.files()
        let plain = Self.routingctl(["contains", "square.geojson", "0.5", "0.5"], in: directory)
        #expect(plain.status == 0)
        for arguments in [["--no-pager", "contains", "square.geojson", "0.5", "0.5"],
                          ["contains", "--no-pager", "square.geojson", "0.5", "0.5"],
                          ["contains", "square.geojson", "0.5", "0.5", "--no-pager"]] {
            let run = Self.routingctl(arguments, in: directory)
            #expect(run.status == 0 && run.stdout == plain.stdout && run.stderr == plain.stderr, "\(arguments): \(run.stderr)")
        }
        let validate = Self.routingctl(["validate", "--no-pager", "open.geojson"], in: directory)
        #expect(validate.status == 1 && validate.stdout.hasPrefix("open.geojson:1:59: error:"), "\(validate.stderr)")
        #expect(Self.routingctl(["--no-pager", "help", "--no-pager", "link"], in: "/tmp").stdout
                == Self.routingctl(["link", "--help"], in: "/tmp").stdout)
        // location reads its subcommand past --no-pager; an unreachable daemon is exit 2 with its own message.
        let location = Self.routingctl(["location", "--no-pager", "get", "--socket", directory + "/none"], in: directory)
        #expect(location.status == 2)
        #expect(location.stderr.hasPrefix("routingctl: cannot reach routingd at \(directory)/none"), "\(location.stderr)")
        // It takes no value.
        #expect(Self.routingctl(["contains", "--no-pager=yes", "square.geojson"], in: directory).status == 2)
    }
}
