// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService

/// Hands a link to the handler its scheme had before `routingctl desktop register`, as the
/// desktop launches an application: `gio launch FILE.desktop LINK` (GLib expands the entry's
/// `Exec=`, field codes included), else `gtk-launch ID LINK`; both by `execve(2)`, never a shell.
public enum HandOffLaunch {
    /// The handler a link goes to.
    public struct Target: Hashable, Sendable {
        /// Desktop file id, e.g. `org.gnome.Maps.desktop`.
        public var id: String
        /// The installed desktop file.
        public var path: String
        /// Its `Name=`, or the id.
        public var name: String
    }

    /// The recorded previous handler of `link`'s scheme.
    /// - Returns: the target; nil when nothing is recorded for the scheme; a failure naming why the
    ///   recorded handler cannot be used (not installed any more, routingd's own entry, an entry
    ///   that runs routingctl).
    public static func target(for link: String, files: HandlerFiles) -> Result<Target?, HandlerFiles.Failure> {
        guard let scheme = HandOffDecision.scheme(of: link) else { return .success(nil) }
        let records: HandlerRecords
        switch files.records() {
        case .success(let r): records = r
        case .failure(let f): return .failure(f)
        }
        guard let id = records.record(for: "x-scheme-handler/" + scheme)?.previousHandler else { return .success(nil) }
        if HandlerRegistration.isOwn(id) {
            return .failure(HandlerFiles.Failure("the handler recorded for \(scheme): is \(id), routingd's own entry; not handing the link back to it"))
        }
        guard let path = files.desktopFile(id) else {
            return .failure(HandlerFiles.Failure("the handler recorded for \(scheme): links, \(id), is not installed any more"))
        }
        guard case .success(let entry) = CoverageDirectory.readFile(path) else {
            return .failure(HandlerFiles.Failure("cannot read \(path), the handler recorded for \(scheme): links"))
        }
        if let exec = MimeAppsList.desktopEntryValue("Exec", entry), HandOffDecision.execRunsRoutingctl(exec) {
            return .failure(HandlerFiles.Failure("the handler recorded for \(scheme): links, \(id), runs routingctl itself; not handing the link back to it"))
        }
        let name = MimeAppsList.desktopEntryValue("Name", entry).map { OneLine.escaped($0) } ?? id
        return .success(Target(id: id, path: path, name: name))
    }

    /// The commands tried, in order: `gio launch PATH LINK`, then `gtk-launch ID LINK`.
    public static func commands(for target: Target, link: String) -> [[String]] {
        [["gio", "launch", target.path, link], ["gtk-launch", target.id, link]]
    }

    /// Replaces this process with the first command that can be run. Returns only on failure.
    public static func exec(_ target: Target, link: String) -> ProcessLaunch.Failure {
        var failures: [ProcessLaunch.Failure] = []
        for argv in commands(for: target, link: link) {
            let failure = ProcessLaunch.exec(argv)
            failures.append(failure)
            if failure.exitStatus != 127 { break }
        }
        return failures[failures.count - 1]
    }
}
