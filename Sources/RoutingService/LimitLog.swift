// SPDX-License-Identifier: Apache-2.0
/// Log lines for limits that bite (a refused connection, a connection closed at a deadline), so
/// that a flood of them does not flood the log: per key (a kind of event, or a uid), the first line
/// is written at once; the next ones within ``window`` are only counted, and one line then says how
/// many there were. Debug lines are written only with `--verbose`. Confined to the event-loop thread.
struct LimitLog {
    /// The interval, in milliseconds, in which one line per key is written.
    static let window: Int64 = 10_000

    /// Writes one line; nil for silence.
    private let write: ((Log.Level, String) -> Void)?
    private let verbose: Bool
    private var open: [String: (since: Int64, level: Log.Level, message: String, more: Int)] = [:]

    /// Lines go to `log` (debug ones only when it is verbose); nil for silence.
    init(log: Log?) {
        self.init(verbose: log?.verbose ?? false, write: log.map { log in { log.write($0, $1) } })
    }

    /// Lines go to `write`; debug ones only when `verbose`.
    init(verbose: Bool, write: ((Log.Level, String) -> Void)?) {
        self.verbose = verbose
        self.write = write
    }

    /// Reports one event of `key`; `message` is built only when it is written. `now` is
    /// CLOCK_MONOTONIC milliseconds.
    mutating func report(_ key: String, _ level: Log.Level, _ message: @autoclosure () -> String, now: Int64) {
        guard let write, level != .debug || verbose else { return }
        if let entry = open[key], now - entry.since < Self.window {
            open[key]?.more += 1
            return
        }
        flush(key, now: now)
        let text = message()
        write(level, text)
        open[key] = (now, level, text, 0)
    }

    /// Writes the count of each key whose window has passed, and forgets it.
    mutating func flush(now: Int64) {
        for (key, entry) in open where now - entry.since >= Self.window {
            flush(key, now: now)
        }
    }

    private mutating func flush(_ key: String, now: Int64) {
        guard let entry = open.removeValue(forKey: key) else { return }
        guard entry.more > 0 else { return }
        let seconds = max(1, (now - entry.since + 999) / 1000)
        write?(entry.level, "\(entry.more) more like this in \(seconds) s: \(entry.message)")
    }
}
