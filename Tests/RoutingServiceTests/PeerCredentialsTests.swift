// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON
import Testing
import TestSupport
import Varlink

/// Access control from `SO_PEERCRED` (unix(7)): the decision for a given uid, the wrapped handlers,
/// and a real second uid through the socket when the tests run as root.
@Suite struct PeerCredentialsTests {
    @Test func rootAndTheDaemonsOwnUserMayChangeStateNobodyElse() {
        let daemonUID: UInt32 = 1000
        #expect(PeerCredentials.mayChangeState(peer: VarlinkPeer(pid: 1, uid: 0, gid: 0), daemonUID: daemonUID))
        #expect(PeerCredentials.mayChangeState(peer: VarlinkPeer(pid: 1, uid: 1000, gid: 1000), daemonUID: daemonUID))
        #expect(!PeerCredentials.mayChangeState(peer: VarlinkPeer(pid: 1, uid: 1001, gid: 1000), daemonUID: daemonUID))
        #expect(!PeerCredentials.mayChangeState(peer: VarlinkPeer(pid: 1, uid: 65534, gid: 0), daemonUID: daemonUID),
            "gid 0 does not count")
        #expect(!PeerCredentials.mayChangeState(peer: nil, daemonUID: daemonUID), "unknown peer")
        #expect(PeerCredentials.mayChangeState(peer: VarlinkPeer(pid: 1, uid: 0, gid: 0), daemonUID: 0))
    }

    @Test func onlyStateChangingHandlersAreGuarded() throws {
        let ok: VarlinkMethodHandler = { (_: VarlinkCall) throws(VarlinkError) -> JSONObject in ["ok": true] }
        let methods = PeerCredentials.guarding(
            ["SetCurrentLocation": ok, "ClearCurrentLocation": ok, "Reload": ok, "GetCurrentLocation": ok, "Resolve": ok],
            daemonUID: 1000)
        let stranger = VarlinkPeer(pid: 9, uid: 1001, gid: 1001)
        for name in ["SetCurrentLocation", "ClearCurrentLocation", "Reload"] {
            let handler = try #require(methods[name])
            do {
                _ = try handler(VarlinkCall(method: "org.routingd.Directions." + name, peer: stranger))
                Issue.record("\(name) ran for uid 1001")
            } catch {
                #expect(error.name == "org.routingd.Directions.PermissionDenied")
                #expect(error.parameters["message"]?.stringValue?.contains("uid 1001") == true)
            }
            #expect(try handler(VarlinkCall(method: name, peer: VarlinkPeer(pid: 9, uid: 1000, gid: 1))) == ["ok": true])
        }
        for name in ["GetCurrentLocation", "Resolve"] {
            #expect(try methods[name]?(VarlinkCall(method: name, peer: stranger)) == ["ok": true])
        }
    }

    @Test func theInterfaceDeclaresPermissionDeniedWithAMessage() {
        #expect(DirectionsInterface.description.contains("error PermissionDenied (message: string)"))
    }

    @Test func theOwnerChangesStateThroughTheSocket() throws {
        let daemon = RoutingDaemon(registry: AppRegistry(files: []))
        let server = try RunningServer(service: daemon.varlinkService())
        defer { server.stop() }
        let client = try VarlinkClient(path: server.path)
        defer { client.close() }
        _ = try client.call("org.routingd.Directions.SetCurrentLocation", ["latitude": 51.5, "longitude": -0.12])
        #expect(daemon.currentLocation == Coordinate(latitude: 51.5, longitude: -0.12))
    }

    /// As root: a child with uid 65534 (setpriv) is refused SetCurrentLocation and still reads.
    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0))
    func anotherUserIsDeniedThroughTheSocketButReads() throws {
        let directory = String(makeSocketPath().dropLast("/varlink.sock".count))
        try #require(mkdir(directory, 0o755) == 0 && chmod(directory, 0o755) == 0)
        let path = directory + "/varlink.sock"
        let daemon = RoutingDaemon(registry: AppRegistry(files: []))
        let listener = try UnixListener.bind(path: path, mode: 0o666)
        let server = try RunningServer(path: path, listener: listener, service: daemon.varlinkService())
        defer { server.stop(); rmdir(directory) }
        let script = """
            import json, socket, sys
            def call(method, parameters):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.settimeout(5)
                s.connect(sys.argv[1])
                s.sendall(json.dumps({"method": method, "parameters": parameters}).encode() + b"\\0")
                data = b""
                while not data.endswith(b"\\0"):
                    chunk = s.recv(65536)
                    if not chunk: break
                    data += chunk
                return json.loads(data.rstrip(b"\\0"))
            denied = call("org.routingd.Directions.SetCurrentLocation", {"latitude": 1.0, "longitude": 2.0})
            cleared = call("org.routingd.Directions.ClearCurrentLocation", {})
            read = call("org.routingd.Directions.GetCurrentLocation", {})
            ok = (denied.get("error") == "org.routingd.Directions.PermissionDenied"
                  and "message" in denied.get("parameters", {})
                  and cleared.get("error") == "org.routingd.Directions.PermissionDenied"
                  and "error" not in read)
            print(denied, cleared, read)
            sys.exit(0 if ok else 1)
            """
        let status = ChildProcess.run([
            "/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
            "/usr/bin/python3", "-c", script, path,
        ])
        #expect(status == 0)
        #expect(daemon.currentLocation == nil)
    }
}
