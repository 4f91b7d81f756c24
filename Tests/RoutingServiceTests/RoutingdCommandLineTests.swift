// SPDX-License-Identifier: Apache-2.0
import Testing

/// routingd's command-line errors: one short message with "did you mean", not the whole help.
@Suite struct RoutingdCommandLineTests {
    static func routingd(_ arguments: [String]) -> OpenCommandTests.Run {
        let path = OpenCommandTests.routingctlPath.replacing("/routingctl", with: "/routingd")
        return OpenCommandTests.run([path] + arguments, environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"])
    }

    @Test func aMistypedOptionGetsTheNearestOneAndNoHelpText() {
        let run = Self.routingd(["--covrage", "Coverage"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "routingd: unknown option '--covrage'; did you mean '--coverage'?\nTry 'routingd --help'.\n")
        // With a value after '=', the name alone is compared.
        let joined = Self.routingd(["--sokcet=/tmp/x"])
        #expect(joined.stderr == "routingd: unknown option '--sokcet=/tmp/x'; did you mean '--socket'?\nTry 'routingd --help'.\n")
    }

    @Test func nothingNearMeansNoGuessAndControlCharactersAreShown() {
        let run = Self.routingd(["--zzzzzzzz\u{1B}[2J"])
        #expect(run.status == 2)
        #expect(run.stderr == "routingd: unknown option '--zzzzzzzz\\x1B[2J'\nTry 'routingd --help'.\n")
        let word = Self.routingd(["Coverage"])
        #expect(word.stderr == "routingd: unknown option 'Coverage'\nTry 'routingd --help'.\n")
    }

    @Test func aMissingValueSaysWhichOption() {
        let run = Self.routingd(["--coverage"])
        #expect(run.status == 2)
        #expect(run.stderr == "routingd: --coverage needs a value\nTry 'routingd --help'.\n")
    }

    /// Every option `--help` lists is suggested for itself less its last letter: the list of names
    /// behind "did you mean" is the help's.
    @Test func everyOptionOfTheHelpCanBeSuggested() {
        let options = ManualPageTests.options(in: ManualPageTests.help("routingd", ["--help"]))
        #expect(options.count >= 17)
        for option in options.sorted() {
            let run = Self.routingd([String(option.dropLast())])
            #expect(run.stderr.hasPrefix("routingd: unknown option '\(option.dropLast())'; did you mean '\(option)'?\n"), "\(option): \(run.stderr)")
        }
    }
}
