import Glibc

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
    private let journal: Bool

    public init(program: String, verbose: Bool = false) {
        self.program = program
        self.verbose = verbose
        journal = JournalStream.standardErrorIsJournal()
    }

    public func error(_ message: String) { write(.error, message) }
    public func warning(_ message: String) { write(.warning, message) }
    public func info(_ message: String) { write(.info, message) }
    /// Written only with `verbose`; the message is not even built otherwise.
    public func debug(_ message: @autoclosure () -> String) { if verbose { write(.debug, message()) } }

    public func write(_ level: Level, _ message: String) {
        writeAll(2, Log.format(level, message, program: program, journal: journal))
    }

    /// The text written for `message`: every line of it prefixed with `<N>` (the syslog priority,
    /// sd-daemon(3)) for the journal, else with `program: `; each line ends with a newline.
    public static func format(_ level: Level, _ message: String, program: String, journal: Bool) -> String {
        let prefix = journal ? "<\(level.rawValue)>" : "\(program): "
        var text = ""
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            text += prefix + line + "\n"
        }
        return text
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
