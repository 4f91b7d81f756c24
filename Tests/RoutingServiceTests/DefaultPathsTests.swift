// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService
import Testing

@Suite struct DefaultPathsTests {
    let session = ["XDG_RUNTIME_DIR": "/run/user/1000"]
    let userSocket = "/run/user/1000/routingd/org.routingd.Directions"

    @Test func theEnvironmentIsTheProcesss() {
        // Read only: setenv(3) here would race with the tests that start processes.
        let environment = DefaultPaths.environment()
        for name in ["PATH", "HOME"] {
            #expect(environment[name] == getenv(name).map { String(cString: $0) })
        }
        #expect(environment["ROUTINGD_TEST_UNSET"] == nil)
    }

    @Test func theSessionSocketWhenItExists() {
        #expect(DefaultPaths.clientSocket(environment: session, exists: { _ in true }) == userSocket)
    }

    @Test func theSystemSocketWhenOnlyItExists() {
        let found = DefaultPaths.clientSocket(environment: session, exists: { $0 == DefaultPaths.systemSocket })
        #expect(found == "/run/routingd/org.routingd.Directions")
    }

    @Test func theSocketIsNamedAfterTheInterface() {
        #expect(DefaultPaths.socket(environment: session) == userSocket)
        #expect(DefaultPaths.socket(environment: [:]) == "/run/routingd/org.routingd.Directions")
        #expect(DefaultPaths.legacySocket(beside: userSocket) == "/run/user/1000/routingd/io.socket")
    }

    @Test func anOlderDaemonsSocketNameIsFoundToo() {
        // A daemon of an older release listens on io.socket only.
        let oldSession = DefaultPaths.clientSocket(environment: session, exists: { $0 == "/run/user/1000/routingd/io.socket" })
        #expect(oldSession == "/run/user/1000/routingd/io.socket")
        let oldSystem = DefaultPaths.clientSocket(environment: session, exists: { $0 == "/run/routingd/io.socket" })
        #expect(oldSystem == "/run/routingd/io.socket")
        // The current name wins when both exist.
        #expect(DefaultPaths.clientSocket(environment: session, exists: { _ in true }) == userSocket)
    }

    @Test func theSessionSocketNamedWhenNeitherExists() {
        #expect(DefaultPaths.clientSocket(environment: session, exists: { _ in false }) == userSocket)
    }

    @Test func theSystemSocketOutsideASession() {
        #expect(DefaultPaths.clientSocket(environment: [:], exists: { _ in false }) == "/run/routingd/org.routingd.Directions")
        #expect(DefaultPaths.clientSocket(environment: ["XDG_RUNTIME_DIR": ""], exists: { _ in false }) == "/run/routingd/org.routingd.Directions")
    }
}

@Suite struct DocumentationDirectoryTests {
    @Test func theDocsNextToTheProgramsPrefix() {
        #expect(DefaultPaths.documentationDirectory(executable: "/usr/bin/routingctl") == "/usr/share/doc/routingd")
        #expect(DefaultPaths.documentationDirectory(executable: "/home/a/.local/bin/routingctl") == "/home/a/.local/share/doc/routingd")
        #expect(DefaultPaths.documentationDirectory(executable: "/bin/routingctl") == "/share/doc/routingd")
    }

    @Test func noneWithoutAnAbsoluteProgramPath() {
        #expect(DefaultPaths.documentationDirectory(executable: nil) == nil)
        #expect(DefaultPaths.documentationDirectory(executable: "routingctl") == nil)
        #expect(DefaultPaths.documentationDirectory(executable: "/routingctl") == nil)
    }

    /// One rule for every document: installed next to the program, else the source tree the program
    /// was built in, else an installed copy elsewhere.
    @Test func aDocumentIsFoundInstalledThenInTheSourceTreeThenElsewhere() {
        let files: Set<String> = [
            "/usr/local/share/doc/routingd/README.md", "/home/a/src/routingd/Package.swift",
            "/home/a/src/routingd/README.md", "/home/a/src/routingd/docs/coverage-rules.md",
            "/opt/r/share/doc/routingd/README.md", "/srv/README.md",
        ]
        func find(_ installed: String, _ tree: String, _ executable: String?) -> String? {
            DefaultPaths.documentationFile(installed: installed, sourceTree: tree, executable: executable, exists: files.contains)
        }
        let built = "/home/a/src/routingd/.build/x86_64-unknown-linux-gnu/release/routingd"
        #expect(find("README.md", "README.md", built) == "/home/a/src/routingd/README.md")
        #expect(find("coverage-rules.md", "docs/coverage-rules.md", built) == "/home/a/src/routingd/docs/coverage-rules.md")
        #expect(find("README.md", "README.md", "/opt/r/bin/routingd") == "/opt/r/share/doc/routingd/README.md")
        // A README.md above a program outside a source tree (no Package.swift) is not routingd's.
        #expect(find("README.md", "README.md", "/srv/bin/routingd") == "/usr/local/share/doc/routingd/README.md")
        #expect(find("coverage-rules.md", "docs/coverage-rules.md", "/srv/bin/routingd") == nil)
        #expect(find("README.md", "README.md", nil) == "/usr/local/share/doc/routingd/README.md")
    }

    /// GetInfo's url, from a build in this checkout, is the checkout's README.md, which exists.
    @Test func theDaemonsURLFromTheCheckoutIsItsREADME() {
        let url = RoutingDaemon.documentationURL
        #expect(url.hasPrefix("file:///") && url.hasSuffix("/README.md"), "\(url)")
        #expect(access(String(url.dropFirst("file://".count)), R_OK) == 0, "\(url)")
        #expect(url != "file:///usr/share/doc/routingd/README.md")
    }
}
