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
}
