// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// The manifest reader (``AppManifest/parse(_:fileName:)``) and the launch template
/// (``LaunchCommand``) with fuzzed values.
///
/// Input: the manifest's bytes, then optionally a NUL byte and a link. The link, when it parses,
/// is the request (else a fixed request), and is `%u` as received.
///
/// Properties: the reader never traps; a manifest is returned exactly when no problem is an error;
/// problems are sorted, 1-based and have messages. Expanding the `Exec` template either throws a
/// ``LaunchError`` with a message or gives a non-empty argv whose program is the template's, with
/// no more elements than tokens (a substituted value is never split), where every token without
/// `%` appears unchanged and in order; with no `Exec` and a `LinkFormat` the argv is
/// `xdg-open <built link>`.
enum ManifestTarget {
    static let parser = DirectionsURLParser()
    static let fallback = DirectionsRequest(
        source: .currentLocation,
        destination: .coordinate(Coordinate(latitude: 51.500652, longitude: -0.124833), label: "Big Ben; \"quoted\" $(x) %d"),
        mode: .bus)

    static let target = FuzzTarget(
        name: "manifest", summary: "AppManifest.parse of a .routingapp, then its Exec template expanded",
        run: { bytes in
            let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
            let manifestBytes = Array(bytes[..<split])
            let link = split < bytes.endIndex ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "geo:0,0"
            let result = AppManifest.parse(manifestBytes, fileName: "/apps/fuzz.routingapp")
            let context = { "manifest \(FuzzCheck.quoted(manifestBytes))" }
            FuzzCheck.require((result.manifest != nil) == result.errors.isEmpty, "\(context()): manifest and errors disagree")
            FuzzCheck.require(result.problems == ManifestProblem.sorted(result.problems), "\(context()): problems not sorted")
            for problem in result.problems {
                FuzzCheck.require(problem.line >= 1 && problem.column >= 1, "\(context()): problem at \(problem.line):\(problem.column)")
                FuzzCheck.require(!problem.message.isEmpty, "\(context()): problem without a message")
                _ = problem.diagnostic(source: manifestBytes)
            }
            guard let manifest = result.manifest else { return }
            let request = (try? parser.parse(link)) ?? fallback
            let currentLocation: Coordinate? = link.utf8.count % 2 == 0 ? Coordinate(latitude: 48.8584, longitude: 2.2945) : nil
            let argv: [String]
            do throws(LaunchError) {
                argv = try LaunchCommand.argv(
                    exec: manifest.exec, linkFormat: manifest.linkFormat, appID: manifest.id,
                    request: request, link: link, currentLocation: currentLocation)
            } catch {
                FuzzCheck.require(!error.message.isEmpty, "\(context()): launch error without a message")
                return
            }
            FuzzCheck.require(!argv.isEmpty, "\(context()): empty argv")
            if let exec = manifest.exec {
                FuzzCheck.require(argv[0] == exec.first, "\(context()): program \(FuzzCheck.escaped(argv[0])) is not the template's")
                FuzzCheck.require(argv.count <= exec.count, "\(context()): \(exec.count) tokens gave \(argv.count) arguments")
                var rest = argv[...]
                for token in exec where !token.contains("%") {
                    guard let at = rest.firstIndex(of: token) else {
                        FuzzCheck.fail("\(context()): the literal token \(FuzzCheck.escaped(token)) is not in argv \(argv.map(FuzzCheck.escaped))")
                    }
                    rest = rest[(at + 1)...]
                }
            } else if let format = manifest.linkFormat {
                let built = try? DirectionsLinkBuilder.build(request, as: format).url
                FuzzCheck.require(argv == ["xdg-open", built], "\(context()): argv without Exec is \(argv.map(FuzzCheck.escaped))")
            }
        })
}
