// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Synchronization
import Testing

/// `routingctl open`, run as the built executable in a child process (as the desktop runs it), on a
/// temporary apps directory: which app it picks, the exact argv, the skipped and refused cases, that
/// a hostile link runs nothing extra, and that the daemon and in-process paths agree.
@Suite struct OpenCommandTests {
    // MARK: fixtures

    /// Central Paris only (a bare coverage file: no manifest, so no launch command).
    static let centralParis = box(west: 2.25, south: 48.81, east: 2.42, north: 48.91)
    /// Paris and its suburbs.
    static let paris = box(west: 2.05, south: 48.65, east: 2.65, north: 49.05)
    /// Western Europe.
    static let europe = box(west: -10, south: 35, east: 20, north: 60)

    static func box(west: Double, south: Double, east: Double, north: Double) -> String {
        "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[\(west),\(south)],[\(east),\(south)],[\(east),\(north)],[\(west),\(north)],[\(west),\(south)]]]]}\n"
    }

    static let walk = "https://www.google.com/maps/dir/?api=1&origin=48.8584,2.2945&destination=48.8606,2.3376&travelmode=walking"
    static let drive = "https://www.google.com/maps/dir/?api=1&origin=48.8584,2.2945&destination=48.8606,2.3376&travelmode=driving"

    /// A fresh directory tree: `apps/` with the manifests, `coverage/` with the bare coverage files,
    /// `xdg/` as an empty `XDG_DATA_HOME`.
    final class Tree {
        let root: String
        var apps: String { root + "/apps" }
        var coverage: String { root + "/coverage" }

        init(manifests: [String: String], appFiles: [String: String] = [:], bare: [String: String] = [:]) throws {
            root = OpenCommandTests.makeDirectory()
            for directory in [apps, coverage, root + "/xdg"] { try #require(mkdir(directory, 0o755) == 0) }
            for (name, text) in manifests { try OpenCommandTests.write(apps + "/" + name, text) }
            for (name, text) in appFiles { try OpenCommandTests.write(apps + "/" + name, text) }
            for (name, text) in bare { try OpenCommandTests.write(coverage + "/" + name, text) }
        }

        deinit { _ = OpenCommandTests.run(["/bin/rm", "-rf", root], environment: []) }

        /// `open --offline` on this tree, with a fixed current location (the Eiffel Tower).
        func offline(_ extra: [String], _ url: String, here: String = "48.8584,2.2945") -> Run {
            OpenCommandTests.routingctl(
                ["open", "--offline", "--apps", apps, "--coverage", coverage, "--current-location", here] + extra + ["--", url],
                root: root)
        }
    }

    /// Paris Walk (Pedestrian, Bike; argv with %s %d %m), Europe Drive (Car; Google links through
    /// an Exec), and central Paris as a bare coverage file.
    static func standardTree() throws -> Tree {
        try Tree(
            manifests: [
                "paris-walk.routingapp": """
                    # A walking app for Paris.
                    [Routing App]
                    Id=org.example.ParisWalk
                    Name=Paris Walk
                    Modes=Pedestrian;Bike;
                    Coverage=paris.geojson
                    Exec=/bin/echo walk --from=%s --to=%d --mode=%m

                    """,
                "europe.routingapp": """
                    [Routing App]
                    Id=org.example.EuropeDrive
                    Name=Europe Drive
                    Modes=Car;
                    Coverage=europe.geojson
                    Exec=/bin/echo europe %u
                    LinkFormat=google

                    """,
            ],
            appFiles: ["paris.geojson": paris, "europe.geojson": europe],
            bare: ["CentralParis.geojson": centralParis])
    }

    // MARK: picking the app

    @Test func anAppAfterTheOneLaunchedIsNotReportedAsSkipped() throws {
        let tree = try Tree(
            manifests: [
                "paris-walk.routingapp": """
                    [Routing App]
                    Id=org.example.ParisWalk
                    Name=Paris Walk
                    Modes=Pedestrian;
                    Coverage=paris.geojson
                    Exec=/bin/echo walk --to=%d
                    Priority=1

                    """
            ],
            appFiles: ["paris.geojson": Self.paris],
            bare: ["CentralParis.geojson": Self.centralParis])
        let run = tree.offline(["--dry-run"], Self.walk)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "/bin/echo walk --to=48.8606,2.3376\n")
        // CentralParis (no launch command) comes after ParisWalk by priority: nothing to say about it.
        #expect(!run.stderr.contains("skipping"), "\(run.stderr)")
    }

    @Test func walkingInParisOpensParisWalkAfterSkippingTheBareCoverage() throws {
        let tree = try Self.standardTree()
        let run = tree.offline(["--dry-run"], Self.walk)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "/bin/echo walk --from=48.8584,2.2945 --to=48.8606,2.3376 --mode=Pedestrian\n")
        // The smaller bare coverage comes first in the order, and is skipped for want of a command.
        #expect(run.stderr.contains("skipping CentralParis: CentralParis has no launch command"))
        #expect(run.stderr.contains("would launch org.example.ParisWalk"))

        let json = tree.offline(["--dry-run", "--json"], Self.walk)
        #expect(json.status == 0)
        #expect(json.stdout == #"{"app":"org.example.ParisWalk","name":"Paris Walk","argv":["/bin/echo","walk","--from=48.8584,2.2945","--to=48.8606,2.3376","--mode=Pedestrian"]}"# + "\n")
    }

    @Test func drivingGoesToTheAppThatServesCarsWithALinkInItsFormat() throws {
        let tree = try Self.standardTree()
        let run = tree.offline(["--dry-run", "--json"], Self.drive)
        #expect(run.status == 0, "\(run.stderr)")
        let request = DirectionsRequest(
            source: .at(latitude: 48.8584, longitude: 2.2945), destination: .at(latitude: 48.8606, longitude: 2.3376), mode: .car)
        let built = try DirectionsLinkBuilder.build(request, as: .google).url
        let expected: JSON = ["app": "org.example.EuropeDrive", "name": "Europe Drive", "argv": ["/bin/echo", "europe", .string(built)]]
        #expect(run.stdout == expected.serialized() + "\n")
        #expect(built.contains("travelmode=driving"))
    }

    @Test func noEligibleAppExplainsEveryAppAndExitsThree() throws {
        let tree = try Self.standardTree()
        // Tokyo Tower: inside nobody's coverage.
        let run = tree.offline(["--dry-run"], "https://www.google.com/maps/dir/?api=1&origin=35.6586,139.7454&destination=35.6595,139.7005&travelmode=walking")
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("no routing app can open this link"))
        for id in ["CentralParis", "org.example.ParisWalk", "org.example.EuropeDrive"] {
            #expect(run.stderr.contains("  \(id): not eligible"), "\(id) missing from \(run.stderr)")
        }
        #expect(run.stderr.contains("source 35.6586, 139.7454 is outside the coverage of org.example.EuropeDrive"))
        #expect(run.stderr.contains("destination 35.6595, 139.7005 is outside the coverage of org.example.EuropeDrive"))
        #expect(run.stderr.contains("org.example.EuropeDrive does not serve the Pedestrian mode"))
    }

    @Test func onlyTheBareCoverageEligibleIsNothingToLaunch() throws {
        let tree = try Self.standardTree()
        // Transit in central Paris: only the bare coverage (every mode) serves it, and it has no command.
        let run = tree.offline(["--dry-run"], "https://www.google.com/maps/dir/?api=1&origin=48.8584,2.2945&destination=48.8606,2.3376&travelmode=transit")
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("skipping CentralParis: CentralParis has no launch command"))
        #expect(run.stderr.contains("the eligible app has no usable launch command"))
    }

    @Test func unknownCurrentLocationIsUndeterminedNotLaunched() throws {
        let tree = try Self.standardTree()
        let run = OpenCommandTests.routingctl(
            ["open", "--offline", "--apps", tree.apps, "--coverage", tree.coverage, "--dry-run", "geo:48.8606,2.3376"],
            root: tree.root)
        #expect(run.status == 3)
        #expect(run.stderr.contains("org.example.ParisWalk: undetermined"))
        #expect(run.stderr.contains("routingctl location set"))
    }

    // MARK: safety

    /// Links carrying `;`, `$(…)`, backticks, quotes, spaces and (percent-encoded) newlines are
    /// given to /bin/echo as one argument each, byte for byte; the marker file is never created.
    @Test func hostileLinksRunNothingExtra() throws {
        let tree = try Tree(
            manifests: [
                "echo.routingapp": "[Routing App]\nName=Echo\nModes=Pedestrian;Car;\nCoverage=paris.geojson\nExec=/bin/echo %u\n",
            ],
            appFiles: ["paris.geojson": Self.paris])
        let marker = tree.root + "/marker"
        let links = [
            "geo:48.8584,2.2945?q=48.8584,2.2945($(touch \(marker));`touch \(marker)`)",
            "geo:48.8584,2.2945?q=48.8584,2.2945(a'b\"c;touch \(marker))",
            "geo:48.8584,2.2945?q=48.8584,2.2945(x%0Atouch%20\(marker))",
            "om://route?dll=48.8584,2.2945&daddr=a;b$(touch \(marker))`touch \(marker)`\"q'&type=pedestrian",
            "https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945&x=$(touch%20\(marker))|touch%20\(marker)",
        ]
        for link in links {
            let run = tree.offline([], link)
            #expect(run.status == 0, "\(link): \(run.stderr)")
            #expect(run.stdout == link + "\n", "echo printed \(run.stdout)")
            #expect(!fileExists(marker), "\(link) created the marker")
            let dry = tree.offline(["--dry-run", "--json"], link)
            let argv = try JSONParser().parse(Array(dry.stdout.utf8)).root.json["argv"]
            #expect(argv == ["/bin/echo", .string(link)])
        }
        #expect(!fileExists(marker))
    }

    /// With a LinkFormat the hostile label is written into the built link by the link builder: still
    /// one argument, percent-encoded, nothing run.
    @Test func hostileLabelInABuiltLinkStaysOneArgument() throws {
        let tree = try Tree(
            manifests: [
                "om.routingapp": "[Routing App]\nName=OM\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=/bin/echo %u\nLinkFormat=organic-maps\n",
            ],
            appFiles: ["paris.geojson": Self.paris])
        let marker = tree.root + "/marker"
        let link = "om://route?dll=48.8584,2.2945&daddr=a;b$(touch \(marker))`touch \(marker)`%0A'q&type=pedestrian"
        let run = tree.offline([], link)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line expected: \(run.stdout)")
        // The builder percent-encodes the label: ; $ ( ) ` ' and the newline are inert text.
        #expect(run.stdout.hasPrefix("om://"))
        #expect(run.stdout.contains("a%3Bb%24%28touch+"))
        #expect(run.stdout.contains("%60%0A%27q"))
        #expect(!fileExists(marker))
    }

    @Test func dryRunLineIsShellQuotedExactly() throws {
        let tree = try Tree(
            manifests: [
                "q.routingapp": "[Routing App]\nName=Q\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=/bin/echo \"a b\" %u\n",
            ],
            appFiles: ["paris.geojson": Self.paris])
        let link = "geo:48.8584,2.2945?q=48.8584,2.2945(it's%0Ahere)"
        let run = tree.offline(["--dry-run"], link)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "/bin/echo 'a b' 'geo:48.8584,2.2945?q=48.8584,2.2945(it'\\''s%0Ahere)'\n")

        // A newline in an argument (the manifest's \n escape) keeps the line one line: $'…'.
        try Self.write(tree.apps + "/q.routingapp", "[Routing App]\nName=Q\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=/bin/echo a\\nb\n")
        let newline = tree.offline(["--dry-run"], link)
        #expect(newline.status == 0, "\(newline.stderr)")
        #expect(newline.stdout == "/bin/echo $'a\\nb'\n")
    }

    // MARK: failures

    @Test func missingProgramIsNamedWithStatus127() throws {
        let tree = try Tree(
            manifests: [
                "a.routingapp": "[Routing App]\nName=A\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=/nonexistent/londonbus %u\n",
            ],
            appFiles: ["paris.geojson": Self.paris])
        let run = tree.offline([], "geo:48.8606,2.3376")
        #expect(run.status == 127)
        #expect(run.stderr.contains("cannot launch a: /nonexistent/londonbus: no such file"))

        let onPath = try Tree(
            manifests: [
                "b.routingapp": "[Routing App]\nName=B\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=routingd-no-such-program %u\n",
            ],
            appFiles: ["paris.geojson": Self.paris])
        let searched = onPath.offline([], "geo:48.8606,2.3376")
        #expect(searched.status == 127)
        #expect(searched.stderr.contains("routingd-no-such-program: not found in PATH"))
    }

    @Test func scriptWithoutInterpreterLineIsNotRunThroughAShell() throws {
        let tree = try Tree(manifests: [:], appFiles: ["paris.geojson": Self.paris])
        let script = tree.root + "/noshebang"
        try Self.write(script, "touch \(tree.root)/marker\n")
        #expect(chmod(script, 0o755) == 0)
        try Self.write(tree.apps + "/s.routingapp", "[Routing App]\nName=S\nModes=Pedestrian;\nCoverage=paris.geojson\nExec=\(script) %u\n")
        let run = tree.offline([], "geo:48.8606,2.3376")
        #expect(run.status == 126)
        #expect(run.stderr.contains("not an executable format"))
        #expect(!fileExists(tree.root + "/marker"))
    }

    /// An app with a LinkFormat and no Exec is started as `xdg-open LINK`; when that same link comes
    /// back (routingd handles its scheme), it is refused instead of looping.
    @Test func linkComingBackFromXdgOpenIsRefused() throws {
        let tree = try Self.standardTree()
        var environment = Self.environment(root: tree.root)
        environment.append("ROUTINGCTL_OPEN_VIA_XDG_OPEN=geo:48.8606,2.3376")
        let run = Self.run(
            [Self.routingctlPath, "open", "--offline", "--apps", tree.apps, "--coverage", tree.coverage,
             "--current-location", "48.8584,2.2945", "--dry-run", "geo:48.8606,2.3376"],
            environment: environment, outputIn: tree.root)
        #expect(run.status == 4)
        #expect(run.stderr.contains("would loop"))
        // Another link is not affected.
        let other = Self.run(
            [Self.routingctlPath, "open", "--offline", "--apps", tree.apps, "--coverage", tree.coverage,
             "--current-location", "48.8584,2.2945", "--dry-run", "geo:48.8607,2.3376"],
            environment: environment, outputIn: tree.root)
        #expect(other.status == 0, "\(other.stderr)")
    }

    @Test func chooseNeedsATerminal() throws {
        let tree = try Self.standardTree()
        let run = tree.offline(["--choose"], Self.walk)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--choose reads the choice from a terminal"))
        #expect(run.stderr.contains("--dry-run"))
    }

    @Test func unparsableLinkExitsOne() throws {
        let tree = try Self.standardTree()
        let run = tree.offline(["--dry-run"], "notascheme")
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot parse the link"))
    }

    // MARK: daemon and in-process agree

    @Test func daemonAndInProcessGiveTheSameCommand() throws {
        let tree = try Self.standardTree()
        let sources = try AppDirectories(appDirectories: [tree.apps], coverageDirectory: tree.coverage).read().sources
        let daemon = RoutingDaemon(registry: AppRegistry(sources: sources), currentLocation: Coordinate(latitude: 48.8584, longitude: 2.2945))
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        for url in [Self.walk, Self.drive, "geo:48.8606,2.3376", "https://www.google.com/maps/dir//48.8606,2.3376/"] {
            let viaDaemon = Self.routingctl(["--socket", server.path, "open", "--dry-run", "--json", "--", url], root: tree.root)
            let inProcess = tree.offline(["--dry-run", "--json"], url)
            #expect(viaDaemon.status == 0, "\(url): \(viaDaemon.stderr)")
            #expect(viaDaemon.stdout == inProcess.stdout, "\(url)")
            #expect(!viaDaemon.stderr.contains("not running"))
        }
        // --apps and --coverage resolve in this process, as --offline does, even with the daemon
        // running (resolve does the same); --current-location goes with the request either way.
        let options = ["--apps", tree.apps, "--coverage", tree.coverage, "--current-location", "48.8584,2.2945"]
        let withOptions = Self.routingctl(
            ["--socket", server.path, "open"] + options + ["--dry-run", "--json", Self.walk], root: tree.root)
        #expect(withOptions.status == 0, "\(withOptions.stderr)")
        #expect(withOptions.stdout == tree.offline(["--dry-run", "--json"], Self.walk).stdout)
        let resolved = Self.routingctl(["--socket", server.path, "resolve", "--json"] + options + [Self.walk], root: tree.root)
        let offline = Self.routingctl(["resolve", "--offline", "--json"] + options + [Self.walk], root: tree.root)
        #expect(resolved.status == 0 && resolved.stdout == offline.stdout, "\(resolved.stderr)")
        // No daemon at that socket: resolved here, with a note.
        let missing = Self.routingctl(
            ["--socket", tree.root + "/nothing.sock", "open", "--dry-run", "--json", "geo:48.8606,2.3376"],
            root: tree.root, workingDirectory: tree.root)
        #expect(missing.stderr.contains("routingd is not running"), "\(missing.stderr)")
    }

    /// `--current-location` is sent to the daemon with the request (source command-line) and
    /// decides it instead of the daemon's own location; without it the daemon's own is used, and
    /// stderr says why the session's was unavailable.
    @Test func currentLocationGoesToTheDaemonWithTheRequest() throws {
        let tree = try Self.standardTree()
        let sources = try AppDirectories(appDirectories: [tree.apps], coverageDirectory: tree.coverage).read().sources
        // The daemon's own location is in London: a walk in Paris "from here" is served by no app.
        let daemon = RoutingDaemon(registry: AppRegistry(sources: sources), currentLocation: Coordinate(latitude: 51.5, longitude: -0.12))
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let fromHere = "https://www.google.com/maps/dir/?api=1&destination=48.8606,2.3376&travelmode=walking"
        let own = Self.routingctl(["--socket", server.path, "open", "--dry-run", "--json", fromHere], root: tree.root)
        #expect(own.status == 3, "\(own.stderr)")
        #expect(own.stderr.contains("routingctl: note: current location unavailable: no --current-location LAT,LON was given"), "\(own.stderr)")
        #expect(own.stderr.contains("routingd's own current location was used (routingctl location get, set 2"), "\(own.stderr)")

        let here = Self.routingctl(
            ["--socket", server.path, "open", "--dry-run", "--json", "--current-location", "48.8584,2.2945", fromHere], root: tree.root)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(!here.stderr.contains("resolving in this process") && !here.stderr.contains("unavailable"), "\(here.stderr)")
        #expect(here.stdout == tree.offline(["--dry-run", "--json"], fromHere).stdout)

        let resolved = Self.routingctl(
            ["--socket", server.path, "resolve", "--json", "--current-location", "48.8584,2.2945", fromHere], root: tree.root)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let reply = try JSONParser().parse(resolved.stdout).root.json
        #expect(reply["currentLocation"] == ["latitude": 48.8584, "longitude": 2.2945, "source": "command-line", "origin": "request"])
        #expect(reply["apps"]?.arrayValue?.first?["eligible"] == true, "\(resolved.stdout)")
        // Never stored: the daemon's own is still London.
        #expect(daemon.currentLocation == Coordinate(latitude: 51.5, longitude: -0.12))
        // A bad value is a usage error naming the option, before anything is asked.
        let bad = Self.routingctl(["--socket", server.path, "resolve", "--current-location", "91,0", fromHere], root: tree.root)
        #expect(bad.status == 2 && bad.stderr.contains("--current-location: latitude 91 is outside -90...90 degrees"), "\(bad.stderr)")
    }

    // MARK: running routingctl

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The routingctl built next to this test bundle.
    static var routingctlPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var parts = exe.split(separator: "/", omittingEmptySubsequences: false)
        // …/debug/routingdPackageTests.xctest (a file on Linux) → …/debug/routingctl
        parts.removeLast()
        return parts.joined(separator: "/") + "/routingctl"
    }

    /// Runs routingctl with `arguments`, standard input from /dev/null, `XDG_DATA_HOME` in `root`,
    /// in `workingDirectory` (by default this process's).
    static func routingctl(_ arguments: [String], root: String, workingDirectory: String? = nil) -> Run {
        run([routingctlPath] + arguments, environment: environment(root: root), outputIn: root, workingDirectory: workingDirectory)
    }

    /// This process's environment with `XDG_DATA_HOME` in `root`.
    static func environment(root: String) -> [String] {
        var environment: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("XDG_DATA_HOME=") { environment.append(text) }
            pointer += 1
        }
        environment.append("XDG_DATA_HOME=\(root)/xdg")
        return environment
    }

    static func run(_ argv: [String], environment: [String], outputIn directory: String? = nil, workingDirectory: String? = nil) -> Run {
        // env(1) -C changes directory first (posix_spawn_file_actions_addchdir_np is not in Glibc's module).
        let argv = workingDirectory.map { ["/usr/bin/env", "-C", $0, "--"] + argv } ?? argv
        let n = counter.add(1, ordering: .relaxed).newValue
        let base = (directory ?? "/tmp") + "/.run-\(getpid())-\(n)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else {
            return Run(status: -1, stdout: "", stderr: "cannot start \(argv[0])")
        }
        var status: Int32 = 0
        var exited = false
        for _ in 0..<3000 {
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
            usleep(10_000)
        }
        if !exited { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        defer { unlink(base + ".out"); unlink(base + ".err") }
        return Run(
            status: exited ? (status >> 8) & 0xFF : -1,
            stdout: read(base + ".out"), stderr: read(base + ".err"))
    }

    // MARK: files

    private static let counter = Atomic<Int>(0)

    static func makeDirectory() -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        let path = "/tmp/routingd-open-test-\(getpid())-\(n)"
        mkdir(path, 0o700)
        return path
    }

    static func write(_ path: String, _ text: String) throws {
        let file = try #require(fopen(path, "w"), "cannot create \(path)")
        fputs(text, file)
        fclose(file)
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
