// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService

/// The files behind `routingctl desktop register` and `unregister` (decided by
/// ``HandlerRegistration``): the user's `mimeapps.list`, the ``HandlerRecords`` state file and the
/// `routingd-open-https.desktop` entry in `$XDG_DATA_HOME/applications`. Every file is replaced
/// with ``RoutingService/AtomicFile``; the state file is written before `mimeapps.list`, so a run
/// that stops half-way never loses what was there before.
public struct HandlerFiles {
    public var directories: XDGDirectories
    /// Asks the desktop for a type's default when no `mimeapps.list` names one (by default
    /// `xdg-mime query default TYPE`); returns a desktop file id or nil.
    public var queryDefault: (String) -> String?

    public init(directories: XDGDirectories, queryDefault: @escaping (String) -> String? = HandlerFiles.xdgMimeDefault) {
        self.directories = directories
        self.queryDefault = queryDefault
    }

    /// Why register or unregister did nothing; every file is then as it was.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ text: String) { description = OneLine.escaped(text) }
    }

    /// What a register or unregister did, line by line, for the user.
    public struct Report {
        public var lines: [String] = []
    }

    static let writer = "routingctl-desktop"

    // MARK: reading

    /// The installed file of desktop file id `id`, the first that exists (``XDGDirectories/desktopFileCandidates(_:)``).
    public func desktopFile(_ id: String) -> String? {
        directories.desktopFileCandidates(id).first { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The handlers the desktop would use for `type`, best first: every installed id named by the
    /// `mimeapps.list` chain, then ``queryDefault`` when the chain names none.
    public func handlers(for type: String) -> [String] {
        var ids: [String] = []
        for file in directories.mimeAppsFiles {
            guard case .success(let read?) = Self.readIfPresent(file),
                let value = MimeAppsList.value(of: type, in: MimeAppsList.defaultGroup, read.bytes)
            else { continue }
            for id in MimeAppsList.desktopIDs(value) where !ids.contains(id) && desktopFile(id) != nil { ids.append(id) }
        }
        if ids.isEmpty, let id = queryDefault(type), !id.isEmpty { ids.append(id) }
        return ids
    }

    /// The recorded handlers, or empty records when nothing is registered.
    public func records() -> Result<HandlerRecords, Failure> {
        let path = directories.handlerRecordsFile
        switch Self.readIfPresent(path) {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(HandlerRecords())
        case .success(let read?):
            do { return .success(try HandlerRecords.parse(read.bytes)) } catch {
                return .failure(Failure("\(path): \(error.description); remove it, then restore your URL handlers with xdg-mime default"))
            }
        }
    }

    /// `xdg-mime query default TYPE`: its first line, when it is a desktop file id.
    public static func xdgMimeDefault(_ type: String) -> String? {
        guard case .success(let outcome) = SessionProcess.run(["xdg-mime", "query", "default", type]), outcome.status == 0
        else { return nil }
        let line = outcome.output.split(separator: 0x0A).first.map { String(decoding: MimeAppsList.trimmed($0), as: UTF8.self) }
        guard let line, HandlerRegistration.isUsableID(line) else { return nil }
        return line
    }

    // MARK: register, unregister

    /// Makes routingd-open the handler of its schemes (and with `https`, routingd-open-https of
    /// http and https), recording the previous handlers.
    public func register(https: Bool) -> Result<Report, Failure> {
        guard let entryPath = desktopFile(HandlerRegistration.entryID) else {
            return .failure(Failure(
                "\(HandlerRegistration.entryID) is not installed in any applications directory (\(directories.desktopFileCandidates(HandlerRegistration.entryID).joined(separator: ", "))); install routingd first (scripts/install in the source tree, e.g. PREFIX=~/.local scripts/install; or copy systemd/routingd-open.desktop to \(directories.userApplications))"))
        }
        let entry: [UInt8]
        switch CoverageDirectory.readFile(entryPath) {
        case .success(let bytes): entry = bytes
        case .failure(let error): return .failure(Failure(error.message))
        }
        let existing: HandlerRecords
        switch records() {
        case .success(let r): existing = r
        case .failure(let f): return .failure(f)
        }
        let userFile = directories.userMimeApps
        let user: (bytes: [UInt8], snapshot: FileSnapshot)?
        switch Self.readIfPresent(userFile) {
        case .success(let read): user = read
        case .failure(let f): return .failure(f)
        }
        let plan: HandlerRegistration.Registration
        do {
            plan = try HandlerRegistration.register(
                types: HandlerRegistration.schemeTypes(ofEntry: entry), https: https, existing: existing,
                userMimeApps: user?.bytes ?? [], handlers: handlers(for:))
        } catch {
            return .failure(Failure("refusing to register: \(error.description)"))
        }
        var report = Report()
        if plan.records != existing || !fileExists(directories.handlerRecordsFile) {
            if let failure = write(directories.handlerRecordsFile, plan.records.serialized(), expecting: .anything) {
                return .failure(failure)
            }
        }
        if https {
            let httpsPath = directories.userApplications + "/" + HandlerRegistration.httpsEntryID
            if let failure = write(httpsPath, HandlerRegistration.httpsEntry(from: entry), expecting: .anything) {
                return .failure(failure)
            }
            report.lines.append("wrote \(httpsPath) (http and https only)")
        }
        let expectation: AtomicFile.Expectation = user.map { .unchanged($0.snapshot) } ?? .absent
        if plan.mimeApps != user?.bytes {
            if let failure = write(userFile, plan.mimeApps, expecting: expectation) { return .failure(failure) }
        }
        for record in plan.records.records {
            let mine = HandlerRegistration.webTypes.contains(record.mimeType) ? HandlerRegistration.httpsEntryID : HandlerRegistration.entryID
            guard MimeAppsList.value(of: record.mimeType, in: MimeAppsList.defaultGroup, plan.mimeApps)
                .flatMap({ MimeAppsList.desktopIDs($0).first }) == mine else { continue }
            let isNew = plan.newlyRecorded.contains(record.mimeType)
            report.lines.append(
                "\(record.mimeType): \(mine), before: \(record.previousHandler ?? "no handler")\(isNew ? "" : " (recorded earlier)")")
        }
        report.lines.append("recorded in \(directories.handlerRecordsFile); edited \(userFile)")
        return .success(report)
    }

    /// Restores what register changed and forgets the records.
    public func unregister() -> Result<Report, Failure> {
        let records: HandlerRecords
        switch self.records() {
        case .success(let r): records = r
        case .failure(let f): return .failure(f)
        }
        var report = Report()
        let httpsPath = directories.userApplications + "/" + HandlerRegistration.httpsEntryID
        guard !records.records.isEmpty else {
            if fileExists(httpsPath) { _ = unlink(httpsPath) }
            report.lines.append("nothing to undo: no handlers recorded in \(directories.handlerRecordsFile)")
            return .success(report)
        }
        let userFile = directories.userMimeApps
        let user: (bytes: [UInt8], snapshot: FileSnapshot)?
        switch Self.readIfPresent(userFile) {
        case .success(let read): user = read
        case .failure(let f): return .failure(f)
        }
        let plan = HandlerRegistration.unregister(records: records, userMimeApps: user?.bytes ?? [])
        if let user, plan.mimeApps != user.bytes {
            if let failure = write(userFile, plan.mimeApps, expecting: .unchanged(user.snapshot)) { return .failure(failure) }
        }
        for type in plan.restored {
            let before = records.record(for: type)?.userDefaultBefore
            report.lines.append("\(type): restored \(before.map { "'\($0)'" } ?? "(no entry)")")
        }
        for (type, now) in plan.leftAsIs {
            report.lines.append("\(type): left as is, it no longer names routingd (\(now.map { "'\(OneLine.escaped($0))'" } ?? "no entry"))")
        }
        if fileExists(httpsPath), unlink(httpsPath) != 0 {
            return .failure(Failure("cannot remove \(httpsPath): \(String(cString: strerror(errno)))"))
        }
        if unlink(directories.handlerRecordsFile) != 0 && errno != ENOENT {
            return .failure(Failure("cannot remove \(directories.handlerRecordsFile): \(String(cString: strerror(errno)))"))
        }
        report.lines.append("removed \(directories.handlerRecordsFile)")
        return .success(report)
    }

    // MARK: files

    func fileExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Writes `bytes` atomically, creating the parent directories; nil on success.
    func write(_ path: String, _ bytes: [UInt8], expecting: AtomicFile.Expectation) -> Failure? {
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), let failure = Self.makeDirectories(String(path[..<slash])) {
            return failure
        }
        do {
            try AtomicFile.replace(path, with: bytes, expecting: expecting, writer: Self.writer)
            return nil
        } catch {
            return Failure("cannot write \(path): \(error.description)")
        }
    }

    /// `mkdir -p`, mode 0700 for what it creates (these are the user's own directories).
    static func makeDirectories(_ path: String) -> Failure? {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                return Failure("cannot create \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        return nil
    }

    /// The file's bytes and snapshot, nil when it does not exist.
    static func readIfPresent(_ path: String) -> Result<(bytes: [UInt8], snapshot: FileSnapshot)?, Failure> {
        var status = stat()
        if stat(path, &status) != 0 && (errno == ENOENT || errno == ENOTDIR) { return .success(nil) }
        switch FileSnapshot.read(path) {
        case .success(let read): return .success(read)
        case .failure(let error): return .failure(Failure(error.message))
        }
    }
}
