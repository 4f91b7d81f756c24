// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

/// Diagnostic output of the executables: one line per event on standard error.
///
/// Each line starts with the program name. When standard error is the systemd journal
/// (`JOURNAL_STREAM` names it), lines carry an `sd-daemon(3)` priority prefix instead (`<3>` error,
/// `<4>` warning, `<6>` info, `<7>` debug) so the journal records their level. A log made with a
/// native journal socket (the daemon's) then sends each event as a journal entry with fields
/// instead (``JournalNative``): `MESSAGE=`, `PRIORITY=`, `SYSLOG_IDENTIFIER=`, and the event's own
/// (``JournalField``); when that socket cannot be reached, the line goes to standard error as before.
public struct Log: Sendable {
    public enum Level: Int32, Sendable { case error = 3, warning = 4, info = 6, debug = 7 }

    public var program: String
    /// Whether debug lines are written (`--verbose`).
    public var verbose: Bool
    /// Where lines go: standard error (2), or another descriptor (a test's pipe).
    public let fileDescriptor: Int32
    private let journal: Bool
    /// Where entries with fields go: set only when standard error is the journal.
    public let native: JournalNative?

    /// - Parameter nativeJournalSocket: with standard error the journal (``JournalStream``), send
    ///   entries with fields to this socket (``JournalNative/defaultPath``) instead of writing lines.
    public init(program: String, verbose: Bool = false, fileDescriptor: Int32 = 2, nativeJournalSocket: String? = nil) {
        self.program = program
        self.verbose = verbose
        self.fileDescriptor = fileDescriptor
        journal = fileDescriptor == 2 && JournalStream.standardErrorIsJournal()
        native = journal ? nativeJournalSocket.flatMap { JournalNative(path: $0) } : nil
    }

    public func error(_ message: String, _ fields: [JournalField] = []) { write(.error, message, fields) }
    public func warning(_ message: String, _ fields: [JournalField] = []) { write(.warning, message, fields) }
    public func info(_ message: String, _ fields: [JournalField] = []) { write(.info, message, fields) }
    /// Written only with `verbose`; the message is not even built otherwise.
    public func debug(_ message: @autoclosure () -> String, _ fields: [JournalField] = []) {
        if verbose { write(.debug, message(), fields) }
    }

    /// Writes one event: a journal entry with `fields` when ``native`` is set and reachable, else a
    /// line (``format(_:_:program:journal:)``) without them.
    public func write(_ level: Level, _ message: String, _ fields: [JournalField] = []) {
        if let native, native.send(Log.entry(level, message, program: program, fields: fields)) { return }
        writeAll(fileDescriptor, Log.format(level, message, program: program, journal: journal))
    }

    /// The fields of a native journal entry: `MESSAGE=` (one line, as ``format(_:_:program:journal:)``
    /// writes it), `PRIORITY=` (the syslog level), `SYSLOG_IDENTIFIER=` (`program`), then `fields`
    /// with their values exact.
    public static func entry(_ level: Level, _ message: String, program: String, fields: [JournalField]) -> [JournalField] {
        [
            JournalField("MESSAGE", OneLine.escaped(message)), JournalField("PRIORITY", String(level.rawValue)),
            JournalField("SYSLOG_IDENTIFIER", program),
        ] + fields
    }

    /// The line written for `message`: prefixed with `<N>` (the syslog priority, sd-daemon(3)) for the
    /// journal, else with `program: `, and ended with a newline. One message is one line: its control
    /// characters and line separators are written visibly (``OneLine``), so text from a client (a
    /// link, an app name, a file name) cannot forge another line.
    public static func format(_ level: Level, _ message: String, program: String, journal: Bool) -> String {
        let prefix = journal ? "<\(level.rawValue)>" : "\(program): "
        return prefix + OneLine.escaped(message) + "\n"
    }
}

/// Writes all of `text` to `fd`, retrying short writes and EINTR. Errors are ignored: there is
/// nowhere left to report them.
public func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { buffer in
            Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if n < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += n
    }
}
