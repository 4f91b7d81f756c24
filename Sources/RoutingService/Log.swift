import Glibc
import RoutingCore

/// Diagnostic output of the executables: one line per event on standard error.
///
/// Each line starts with the program name. When standard error is the systemd journal
/// (`JOURNAL_STREAM` names it), lines carry an `sd-daemon(3)` priority prefix instead (`<3>` error,
/// `<4>` warning, `<6>` info, `<7>` debug) so the journal records their level.
public struct Log: Sendable {
    public enum Level: Int32, Sendable { case error = 3, warning = 4, info = 6, debug = 7 }

    public var program: String
    /// Whether debug lines are written (`--verbose`).
    public var verbose: Bool
    /// Where lines go: standard error (2), or another descriptor (a test's pipe).
    public let fileDescriptor: Int32
    private let journal: Bool

    public init(program: String, verbose: Bool = false, fileDescriptor: Int32 = 2) {
        self.program = program
        self.verbose = verbose
        self.fileDescriptor = fileDescriptor
        journal = fileDescriptor == 2 && JournalStream.standardErrorIsJournal()
    }

    public func error(_ message: String) { write(.error, message) }
    public func warning(_ message: String) { write(.warning, message) }
    public func info(_ message: String) { write(.info, message) }
    /// Written only with `verbose`; the message is not even built otherwise.
    public func debug(_ message: @autoclosure () -> String) { if verbose { write(.debug, message()) } }

    public func write(_ level: Level, _ message: String) {
        writeAll(fileDescriptor, Log.format(level, message, program: program, journal: journal))
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
