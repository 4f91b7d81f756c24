// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
import TestSupport

/// An installed routingctl (`PREFIX/bin/routingctl` with `PREFIX/share/doc/routingd/coverage-rules.md`,
/// as `scripts/install` lays them out) names its installed rule catalogue in `see:` lines, wherever
/// it runs; routingctl from the build keeps `docs/coverage-rules.md` from the repository.
@Suite struct InstalledDocsTests {
    static let openRing = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[4,4],[0,4]]]]}"#

    @Test func anInstalledRoutingctlPointsAtTheInstalledCatalogue() throws {
        let prefix = OpenCommandTests.makeDirectory()
        defer { _ = ChildProcess.run(["rm", "-rf", prefix]) }
        #expect(ChildProcess.run(["mkdir", "-p", prefix + "/bin", prefix + "/share/doc/routingd"]) == 0)
        // An explicit mode: a test binding a socket on another thread narrows the process-wide umask
        // (UnixListener.bind), which `cp` would inherit and make the copy 0600, not executable (exit 126).
        #expect(ChildProcess.run(["install", "-m", "0755", OpenCommandTests.routingctlPath, prefix + "/bin/routingctl"]) == 0)
        #expect(ChildProcess.run(["cp", RepositoryFile.root + "/docs/coverage-rules.md", prefix + "/share/doc/routingd/"]) == 0)
        try OpenCommandTests.write(prefix + "/ring.geojson", Self.openRing)
        let environment = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"]
        // From the repository's directory too: the installed copy is the one that matches this program.
        for directory in [prefix, RepositoryFile.root] {
            let run = OpenCommandTests.run(
                [prefix + "/bin/routingctl", "validate", prefix + "/ring.geojson"], environment: environment,
                outputIn: prefix, workingDirectory: directory)
            #expect(run.status == 1)
            #expect(run.stdout.contains("    see: \(prefix)/share/doc/routingd/coverage-rules.md#ring-not-closed\n"), "\(run.stdout)")
        }
    }

    @Test func theBuiltRoutingctlPointsAtTheRepositoryDocs() throws {
        let directory = OpenCommandTests.makeDirectory()
        defer { _ = ChildProcess.run(["rm", "-rf", directory]) }
        try OpenCommandTests.write(directory + "/ring.geojson", Self.openRing)
        let run = OpenCommandTests.run(
            [OpenCommandTests.routingctlPath, "validate", directory + "/ring.geojson"], environment: ["LANG=C.UTF-8"],
            outputIn: directory, workingDirectory: RepositoryFile.root)
        #expect(run.stdout.contains("    see: docs/coverage-rules.md#ring-not-closed\n"), "\(run.stdout)")
    }
}
