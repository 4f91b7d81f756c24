// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing

/// What routingctl prints (the built executable, in a child process): control characters from links
/// escaped, the in-process path from a directory without `Coverage/`, its notes, the JSON of
/// `open --dry-run --json` when nothing can open a link, `reload` failures, a daemon that does not
/// answer; and where routingd and routingctl look for coverage by default.
@Suite struct RoutingctlOutputTests {
    typealias Tree = OpenCommandTests.Tree

    static func routingctl(_ arguments: [String], _ tree: Tree, in directory: String? = nil) -> OpenCommandTests.Run {
        OpenCommandTests.routingctl(arguments, root: tree.root, workingDirectory: directory)
    }

    // MARK: control characters

    @Test func controlCharactersFromALinkAreEscapedInTextOutput() throws {
        let tree = try OpenCommandTests.standardTree()
        let red = "https://www.google.com/maps/dir/?api=1&origin=%1B%5B31mRED%1B%5B0m&destination=48.8606,2.3376"
        let run = Self.routingctl(["resolve", "--offline", "--coverage", tree.coverage, red], tree)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains("\u{1B}"))
        #expect(run.stdout.contains("source:      address \"\\x1B[31mRED\\x1B[0m\""))
        #expect(run.stdout.contains("- source is the address \"\\x1B[31mRED\\x1B[0m\""))
        // A newline (and a C1 control, DEL, a tab) in an address stays inside its line.
        let newline = "https://www.google.com/maps/dir/?api=1&origin=a%0Ab%C2%85c%7Fd%09e&destination=48.8606,2.3376"
        let lines = Self.routingctl(["resolve", "--offline", "--coverage", tree.coverage, newline], tree)
        #expect(lines.stdout.contains("source:      address \"a\\nb\\x85c\\x7Fd\\te\""), "\(lines.stdout)")
        #expect(!lines.stdout.split(separator: "\n").contains { $0.hasPrefix("b") })
        #expect(!lines.stdout.unicodeScalars.contains { $0.value == 0x85 || $0.value == 0x7F || $0 == "\t" })
        // open: the reasons on standard error too. In the JSON a reason's message is one line as
        // well; the request's fields keep the text exact.
        let open = Self.routingctl(
            ["open", "--offline", "--apps", tree.apps, "--coverage", tree.coverage, "--current-location", "48.8584,2.2945",
             "--dry-run", "--json", newline.replacing("destination=48.8606,2.3376", with: "destination=10,10")], tree)
        #expect(open.status == 3)
        #expect(open.stderr.contains("a\\nb\\x85c\\x7Fd\\te") && !open.stderr.contains("a\nb"), "\(open.stderr)")
        let json = try JSONParser().parse(open.stdout).root.json
        let reason = json["apps"]?.arrayValue?.first?["reasons"]?.arrayValue?.first?["message"]?.stringValue ?? ""
        #expect(reason.contains("a\\nb\\x85c\\x7Fd\\te"), "\(reason)")
        let resolved = Self.routingctl(["resolve", "--offline", "--json", "--coverage", tree.coverage, newline], tree)
        let reply = try JSONParser().parse(resolved.stdout).root.json
        #expect(reply["request"]?["source"]?["text"]?.stringValue == "a\nb\u{85}c\u{7F}d\te", "\(resolved.stdout)")
    }

    // MARK: in-process from anywhere

    @Test func openWorksFromADirectoryWithoutCoverage() throws {
        let tree = try OpenCommandTests.standardTree()
        let empty = tree.root + "/xdg"  // no Coverage/ there
        let run = Self.routingctl(
            ["open", "--dry-run", "--apps", tree.apps, "--current-location", "48.8584,2.2945", OpenCommandTests.walk],
            tree, in: empty)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("/bin/echo walk"))
        #expect(run.stderr.contains("note: no coverage directory: neither Coverage (under the working directory \(empty))"), "\(run.stderr)")
        // A --coverage DIR that is missing stays an error.
        let missing = Self.routingctl(
            ["open", "--dry-run", "--apps", tree.apps, "--coverage", tree.root + "/nope", OpenCommandTests.walk], tree, in: empty)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--coverage \(tree.root)/nope: cannot read the coverage directory: No such file or directory"), "\(missing.stderr)")
        // resolve --offline too.
        let resolve = Self.routingctl(["resolve", "--offline", "--apps", tree.apps, "geo:48.8606,2.3376"], tree, in: empty)
        #expect(resolve.status == 0, "\(resolve.stderr)")
    }

    @Test func aMistypedAppsDirectoryIsANoteNotAnError() throws {
        let tree = try OpenCommandTests.standardTree()
        let run = Self.routingctl(
            ["open", "--dry-run", "--apps", tree.root + "/apsp", "--apps", tree.apps, "--coverage", tree.coverage,
             "--current-location", "48.8584,2.2945", OpenCommandTests.walk], tree)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: --apps \(tree.root)/apsp: No such file or directory; skipped"), "\(run.stderr)")
    }

    @Test func inProcessUndeterminedVerdictsSayTheDaemonsLocationIsNotKnownHere() throws {
        let tree = try OpenCommandTests.standardTree()
        let open = Self.routingctl(["open", "--dry-run", "--apps", tree.apps, "--coverage", tree.coverage, "geo:48.8606,2.3376"], tree)
        #expect(open.status == 3)
        #expect(open.stderr.contains("routingctl: " + OpenCommandTests.noSystemBus), "\(open.stderr)")
        #expect(open.stderr.contains("resolved in this process, which cannot know the daemon's own location"), "\(open.stderr)")
        let resolve = Self.routingctl(["resolve", "--apps", tree.apps, "--coverage", tree.coverage, "geo:48.8606,2.3376"], tree)
        #expect(resolve.status == 0)
        #expect(resolve.stdout.contains("undetermined"))
        #expect(resolve.stdout.contains("a resolution in this process cannot use the daemon's (give --current-location LAT,LON)"), "\(resolve.stdout)")
        #expect(!resolve.stdout.contains("the daemon has none set"), "\(resolve.stdout)")
        #expect(resolve.stderr.contains("current location unavailable: "), "\(resolve.stderr)")
        #expect(resolve.stderr.contains("cannot know the daemon's own location"), "\(resolve.stderr)")
        // Given, the note goes.
        let given = Self.routingctl(
            ["resolve", "--apps", tree.apps, "--coverage", tree.coverage, "--current-location", "48.85,2.35", "geo:48.8606,2.3376"], tree)
        #expect(!given.stderr.contains("current location"), "\(given.stderr)")
    }

    // MARK: open --dry-run --json when nothing can open the link

    @Test func dryRunJSONExplainsWhyNothingCanOpenTheLink() throws {
        let tree = try OpenCommandTests.standardTree()
        let far = "https://www.google.com/maps/dir/?api=1&origin=10,10&destination=11,11&travelmode=walking"
        let none = tree.offline(["--dry-run", "--json"], far)
        #expect(none.status == 3)
        let json = try JSONParser().parse(none.stdout).root.json
        #expect(json["error"]?["code"] == "no-eligible-app")
        let apps = json["apps"]?.arrayValue ?? []
        #expect(Set(apps.compactMap { $0["id"]?.stringValue }) == ["org.example.ParisWalk", "org.example.EuropeDrive", "CentralParis"])
        let walk = try #require(apps.first { $0["id"] == "org.example.ParisWalk" })
        #expect(walk["name"] == "Paris Walk")
        #expect(walk["eligible"] == false)
        #expect(walk["reasons"]?.arrayValue?.contains { $0["rule"] == "outside-coverage" && $0["endpoint"] == "source" } == true)
        // Only a bare coverage file is eligible: it has no launch command, and says so.
        let onlyBare = try Tree(manifests: [:], bare: ["CentralParis.geojson": OpenCommandTests.centralParis])
        let bare = onlyBare.offline(["--dry-run", "--json"], OpenCommandTests.walk)
        #expect(bare.status == 3)
        let bareJSON = try JSONParser().parse(bare.stdout).root.json
        #expect(bareJSON["error"]?["code"] == "no-launch-command")
        #expect(bareJSON["apps"]?.arrayValue?.first?["eligible"] == true)
        #expect(bareJSON["apps"]?.arrayValue?.first?["skipped"]?.stringValue?.contains("no launch command") == true)
        // An unparsable link: the resolve error object.
        let bad = tree.offline(["--dry-run", "--json"], "geo:91,0")
        #expect(bad.status == 1)
        #expect((try? JSONParser().parse(bad.stdout).root.json)?["error"]?["code"] != nil, "\(bad.stdout)")
    }

    // MARK: the daemon: reload failures, no answer

    @Test func aFailedReloadSaysSoAndKeepsTheSameErrorShapeAsResolve() throws {
        let tree = try OpenCommandTests.standardTree()
        let daemon = try RoutingDaemon(directories: AppDirectories(appDirectories: [tree.apps], coverageDirectory: tree.coverage))
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        try #require(ChildRemover.remove(tree.coverage))
        let text = Self.routingctl(["--socket", server.path, "reload"], tree)
        #expect(text.status == 1)
        #expect(text.stderr.contains("reload failed, nothing changed: --coverage \(tree.coverage): cannot read the coverage directory: "), "\(text.stderr)")
        #expect(text.stderr.contains("keeps serving the apps it had loaded"))
        let json = Self.routingctl(["--socket", server.path, "reload", "--json"], tree)
        #expect(json.status == 1)
        let error = try JSONParser().parse(json.stdout).root.json["error"]
        #expect(error?["code"] == "reload-failed")
        #expect(error?["message"]?.stringValue?.hasPrefix("--coverage \(tree.coverage): cannot read the coverage directory: ") == true)
        // resolve --json errors have the same members.
        let resolve = Self.routingctl(["--socket", server.path, "resolve", "--json", "geo:91,0"], tree)
        let resolveError = try JSONParser().parse(resolve.stdout).root.json["error"]
        #expect(resolveError?["code"] != nil && resolveError?["message"] != nil)
    }

    @Test func aDaemonThatDoesNotAnswerIsNamedWithWhatToCheck() throws {
        let tree = try OpenCommandTests.standardTree()
        // Bound and listening, never accepting: the connection is queued, the call never answered.
        let path = tree.root + "/stuck.sock"
        let listener = try UnixListener.bind(path: path)
        defer { withExtendedLifetime(listener) {} }
        let run = Self.routingctl(["--socket", path, "reload"], tree)
        #expect(run.status == 2)
        #expect(run.stderr.contains("routingd at \(path) did not answer within 5 seconds"), "\(run.stderr)")
        #expect(run.stderr.contains("check the daemon's log"))
    }

    @Test func helpListsEveryOptionOfOpen() throws {
        let tree = try OpenCommandTests.standardTree()
        let help = Self.routingctl(["--help"], tree).stdout
        let open = help.split(separator: "\n").drop { !$0.contains(" open [") }.prefix(2).joined(separator: " ")
        for option in ["--dry-run", "--json", "--choose", "--offline", "--apps DIR", "--coverage DIR", "--current-location LAT,LON"] {
            #expect(open.contains(option), "\(option) missing from: \(open)")
        }
    }

    // MARK: default coverage directory

    @Test func theDefaultCoverageDirectoryIsTheRepositorysThenTheInstalledOne() throws {
        #expect(DefaultPaths.coverageCandidates(executable: "/usr/bin/routingctl") == ["Coverage", "/usr/share/routingd/coverage"])
        #expect(DefaultPaths.coverageCandidates(executable: "/home/u/.local/bin/routingd") == ["Coverage", "/home/u/.local/share/routingd/coverage"])
        #expect(DefaultPaths.coverageCandidates(executable: "/bin/routingd") == ["Coverage", "/share/routingd/coverage"])
        #expect(DefaultPaths.coverageCandidates(executable: nil) == ["Coverage"])
        // A missing default is no error; a missing given directory is.
        let tree = try OpenCommandTests.standardTree()
        let absent = AppDirectories(
            appDirectories: [tree.apps], coverageDirectory: tree.root + "/Coverage",
            coverageOrigin: .searched([tree.root + "/Coverage"]), givenAppDirectories: [tree.apps, tree.root + "/nope"])
        #expect(absent.coverageDirectoryMissing)
        let reading = try absent.read()
        #expect(reading.sources.map(\.id).sorted() == ["org.example.EuropeDrive", "org.example.ParisWalk"])
        let warnings = absent.directoryWarnings()
        #expect(warnings.count == 2)
        #expect(warnings.contains("--apps \(tree.root)/nope: No such file or directory; skipped (no manifest read from it)"))
        #expect(absent.directoryWarnings(watched: true).contains("--apps \(tree.root)/nope: No such file or directory; no manifest read from it until it is created"))
        #expect(warnings.contains { $0.hasPrefix("no coverage directory: \(tree.root)/Coverage does not exist") })
        var given = absent
        given.coverageOrigin = .given
        #expect(throws: CoverageDirectory.Error.self) { try given.read() }
        #expect(!given.coverageDirectoryMissing)
    }

    @Test func theHintToSeeWhyRepeatsTheOptionsThatChoseTheApps() throws {
        let tree = try OpenCommandTests.standardTree()
        let run = Self.routingctl(
            ["resolve", "--offline", "--coverage", tree.coverage, "--current-location", "10,10", "--json=off", "geo:10,10?q=a b"], tree)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("no routing app can serve this route"), "\(run.stdout)")
        #expect(run.stdout.contains(
            "ruled out; to see why: routingctl resolve --explain --offline --coverage \(tree.coverage) --current-location 10,10 'geo:10,10?q=a b' (or --app ID for one app)\n"),
            "\(run.stdout)")
    }

    @Test func aMistypedDirectoryGetsTheNearestName() throws {
        let tree = try OpenCommandTests.standardTree()
        let typo = AppDirectories(
            appDirectories: [tree.root + "/aps"], coverageDirectory: tree.root + "/coverag",
            coverageOrigin: .given, givenAppDirectories: [tree.root + "/aps"])
        #expect(typo.directoryWarnings() == ["--apps \(tree.root)/aps: No such file or directory; skipped (no manifest read from it); did you mean 'apps'?"])
        do {
            _ = try typo.read()
            Issue.record("a given coverage directory that does not exist is an error")
        } catch {
            #expect(error.description == "--coverage \(tree.root)/coverag: cannot read the coverage directory: No such file or directory; did you mean 'coverage'?")
        }
    }

    @Test func aValidFileWithAWarningKeepsItsCoversLineApartFromTheSummary() throws {
        // Standard output and standard error into one pipe, as a terminal or `2>&1` shows them.
        let tree = try OpenCommandTests.standardTree()
        let file = tree.root + "/beijing.geojson"
        let text = #"{"type":"MultiPolygon","coordinates":[[[[116.2,39.8],[116.6,39.8],[116.6,39.8],[116.6,40.1],[116.2,40.1],[116.2,39.8]]]]}"#
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let run = OpenCommandTests.run(
            ["/bin/sh", "-c", "\"$0\" validate \"$1\" 2>&1", OpenCommandTests.routingctlPath, file],
            environment: OpenCommandTests.environment(root: tree.root))
        #expect(run.status == 0, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(file):1:") && $0.hasSuffix("[duplicate-position]") }, "\(run.stdout)")
        #expect(lines.contains("\(file): covers 39.80°N…40.10°N, 116.20°E…116.60°E, 1,137 km², contains Beijing (CN)"), "\(run.stdout)")
        #expect(lines.contains("1 file checked: 1 valid, 0 not valid or unreadable, 1 warning"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 warning\n"))
    }

    /// The swapped-axes hint's repair command names the file just validated (shell-quoted), so it
    /// can be copied as it is.
    @Test func theSwappedAxesHintNamesTheFileToRepair() throws {
        let tree = try OpenCommandTests.standardTree()
        let file = tree.root + "/big area.geojson"
        let text = #"{"type":"MultiPolygon","coordinates":[[[[52.257770,-0.989542],[51.001232,-0.943830],[51.050521,0.303471],[51.848169,0.362244],[52.257770,-0.989542]]]]}"#
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let run = OpenCommandTests.run(
            [OpenCommandTests.routingctlPath, "validate", file], environment: OpenCommandTests.environment(root: tree.root))
        #expect(run.stdout.contains("[axes-swapped]"), "\(run.stdout)")
        #expect(run.stdout.contains("hint: if so, swap every position's two numbers: routingctl validate --fix --swap-axes '\(file)'\n"), "\(run.stdout)")
    }

    /// `location set` with the numbers the wrong way round says so, and the command that sets them
    /// the other way, before it asks the daemon (here none answers).
    @Test func locationSetNotesACoordinateTypedLongitudeFirst() throws {
        let tree = try OpenCommandTests.standardTree()
        let run = OpenCommandTests.run(
            ["/bin/sh", "-c", "\"$0\" location set 2.3522 48.8566 --socket \"$1\" 2>&1", OpenCommandTests.routingctlPath, tree.root + "/no.sock"],
            environment: OpenCommandTests.environment(root: tree.root))
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stdout.hasPrefix("routingctl: note: 2.3522 48.8566 may be longitude first: as given (latitude, longitude) it lies at 2.35°N 48.86°E, "), "\(run.stdout)")
        #expect(run.stdout.contains("; if so, run: routingctl location set 48.8566 2.3522\n"), "\(run.stdout)")
    }

    /// With no daemon, the hint suggests --offline only to the commands that accept it.
    @Test func theNoDaemonHintSuggestsOfflineOnlyWhereItIsAccepted() throws {
        let tree = try OpenCommandTests.standardTree()
        let socket = tree.root + "/no.sock"
        for arguments in [["apps"], ["reload"], ["location", "get"], ["location", "clear"], ["monitor"]] {
            let run = Self.routingctl(["--socket", socket] + arguments, tree)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("routingctl: start it (routingd; or systemctl --user start routingd.socket / systemctl start routingd.socket when installed) or pass --socket PATH\n"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("--offline"), "\(arguments): \(run.stderr)")
            // And they do reject it, which is why it is not suggested.
            let offline = Self.routingctl(["--socket", socket] + arguments + ["--offline"], tree)
            #expect(offline.status == 2 && offline.stderr.contains("unknown option '--offline'"), "\(arguments): \(offline.stderr)")
        }
        let resolve = Self.routingctl(["--socket", socket, "resolve", "geo:48.8606,2.3376"], tree)
        #expect(resolve.status == 2, "\(resolve.stderr)")
        #expect(resolve.stderr.contains(", pass --socket PATH, or use --offline\n"), "\(resolve.stderr)")
    }

    /// `location set` with one number says that the two may also be given apart, which works.
    @Test func locationSetWithOneNumberSaysTheTwoFormsItTakes() throws {
        let tree = try OpenCommandTests.standardTree()
        let socket = tree.root + "/no.sock"
        let one = Self.routingctl(["--socket", socket, "location", "set", "51.5"], tree)
        #expect(one.status == 2)
        #expect(one.stderr.contains("routingctl: location set: '51.5' is not LATITUDE,LONGITUDE (e.g. 51.500543,-0.135702, or the two numbers apart: 51.500543 -0.135702)"), "\(one.stderr)")
        // Both forms get past parsing to the daemon (here none answers).
        for arguments in [["51.5", "-0.12"], ["51.5,-0.12"]] {
            let run = Self.routingctl(["--socket", socket, "location", "set"] + arguments, tree)
            #expect(run.stderr.contains("cannot reach routingd at \(socket)"), "\(arguments): \(run.stderr)")
        }
        // An option's value is one argument: no mention of the form it cannot take.
        let option = Self.routingctl(["resolve", "--offline", "--coverage", tree.coverage, "--current-location", "51.5", "geo:48.8606,2.3376"], tree)
        #expect(option.stderr.contains("'51.5' is not LATITUDE,LONGITUDE (e.g. 51.500543,-0.135702)"), "\(option.stderr)")
    }

    /// The daemon reports the paths of apps' files; relative ones would name other files for a
    /// client in another directory (`routingctl render --app ID`).
    @Test func theDaemonsDirectoriesAreMadeAbsolute() {
        let given = AppDirectories(
            appDirectories: ["/usr/share/routingd/apps", "apps", "./more/"], coverageDirectory: "Coverage",
            coverageOrigin: .searched(["Coverage"]), givenAppDirectories: ["apps", "./more/"])
        let absolute = given.absolute(workingDirectory: "/srv/routingd/")
        #expect(absolute.appDirectories == ["/usr/share/routingd/apps", "/srv/routingd/apps", "/srv/routingd/more/"])
        #expect(absolute.givenAppDirectories == ["/srv/routingd/apps", "/srv/routingd/more/"])
        #expect(absolute.coverageDirectory == "/srv/routingd/Coverage")
        #expect(given.absolute(workingDirectory: "/").coverageDirectory == "/Coverage")
        #expect(AppDirectories(appDirectories: [], coverageDirectory: ".").absolute(workingDirectory: "/w").coverageDirectory == "/w")
    }

    @Test func theDaemonNamesOnlyACoverageDirectoryItReadsAndWarnsWithNoApps() throws {
        let tree = try OpenCommandTests.standardTree()
        let absent = AppDirectories(
            appDirectories: [tree.apps], coverageDirectory: tree.root + "/Coverage",
            coverageOrigin: .searched([tree.root + "/Coverage"]))
        #expect(DaemonMain.coverageSource(absent) == "no coverage directory (\(tree.root)/Coverage does not exist)")
        let empty = tree.root + "/empty-coverage"
        #expect(mkdir(empty, 0o755) == 0)
        let present = AppDirectories(appDirectories: [tree.root + "/no-apps"], coverageDirectory: empty)
        #expect(DaemonMain.coverageSource(present) == "coverage files from \(empty)")
        // An empty coverage directory and no manifest: 0 apps, with a warning that says why.
        let nothing = AppRegistry(sources: try present.read().sources)
        #expect(nothing.entries.isEmpty)
        #expect(DaemonMain.noAppsWarning(nothing, present) == "no routing apps: no manifest in \(tree.root)/no-apps and no *.geojson file in the coverage directory \(empty); every request is answered with no app until one is added (these directories are watched)")
        let some = AppRegistry(sources: try absent.read().sources)
        #expect(DaemonMain.noAppsWarning(some, absent) == nil)
    }

    @Test func routingdOutsideTheRepositoryWithNoAppsStopsWithAHint() throws {
        // Only meaningful where the system directories hold no manifest.
        for system in ["/usr/share/routingd/apps", "/etc/routingd/apps"] where access(system, F_OK) == 0 { return }
        let tree = try Tree(manifests: [:])
        let routingd = OpenCommandTests.routingctlPath.replacing("/routingctl", with: "/routingd")
        let run = OpenCommandTests.run(
            [routingd, "--socket", tree.root + "/io.socket"], environment: OpenCommandTests.environment(root: tree.root),
            outputIn: tree.root, workingDirectory: tree.root + "/xdg")
        #expect(run.status == 1)
        #expect(run.stderr.contains("no coverage directory: neither Coverage"), "\(run.stderr)")
        #expect(run.stderr.contains("no routing apps to serve"))
        #expect(run.stderr.contains("give --coverage DIR"))
    }

    /// A --coverage DIR that cannot be read stops routingd with the option named.
    @Test func routingdNamesTheCoverageOptionItCannotRead() throws {
        let tree = try Tree(manifests: [:])
        let routingd = OpenCommandTests.routingctlPath.replacing("/routingctl", with: "/routingd")
        let run = OpenCommandTests.run(
            [routingd, "--socket", tree.root + "/io.socket", "--coverage", tree.root + "/nope"],
            environment: OpenCommandTests.environment(root: tree.root), outputIn: tree.root, workingDirectory: tree.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("--coverage \(tree.root)/nope: cannot read the coverage directory: No such file or directory"), "\(run.stderr)")
    }
}
