// SPDX-License-Identifier: Apache-2.0
/// The graphical list `routingctl open` shows when several routing apps can serve a link, as iOS
/// Maps lists routing apps: zenity (`--list`) or kdialog (`--menu`), each app one argv element,
/// run without a shell. Pure: when to show it, its argv, and reading the answer.
public enum AppChooser {
    /// One line of the list.
    public struct Entry: Hashable, Sendable {
        public var id: String
        public var name: String
        /// The app's verdict is undetermined (shown, marked as such).
        public var undetermined: Bool
        public init(id: String, name: String, undetermined: Bool) {
            self.id = id
            self.name = name
            self.undetermined = undetermined
        }
    }

    public enum Program: String, Hashable, Sendable, CaseIterable {
        case zenity, kdialog
    }

    /// Whether to show the list: two or more eligible apps, a display (`DISPLAY` or
    /// `WAYLAND_DISPLAY` set and not empty), and neither standard input nor standard output a
    /// terminal (a terminal user gets `--choose`; with neither display nor terminal the first app
    /// is opened).
    public static func shouldShow(eligible: Int, environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool) -> Bool {
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return eligible >= 2 && display && !stdinIsTerminal && !stdoutIsTerminal
    }

    /// The label of an entry: its name, `(undetermined)` after it when so.
    public static func label(_ entry: Entry) -> String {
        entry.undetermined ? "\(entry.name) (undetermined: may not cover the route)" : entry.name
    }

    /// The argv: `zenity --list` with a hidden number column (printed on OK) and the app column, or
    /// `kdialog --menu` with the numbers as tags. Entries are shown in the order given (best first).
    public static func argv(_ program: Program, entries: [Entry], title: String = "Open with", text: String) -> [String] {
        switch program {
        case .zenity:
            var argv = [
                "zenity", "--list", "--title=\(title)", "--text=\(text)", "--width=480", "--height=320",
                "--column=#", "--column=Routing app", "--hide-column=1", "--print-column=1",
            ]
            for (index, entry) in entries.enumerated() { argv += [String(index + 1), label(entry)] }
            return argv
        case .kdialog:
            var argv = ["kdialog", "--title", title, "--menu", text]
            for (index, entry) in entries.enumerated() { argv += [String(index + 1), label(entry)] }
            return argv
        }
    }

    /// What the list's program answered.
    public enum Answer: Hashable, Sendable {
        /// The entry at this index.
        case chosen(Int)
        /// Cancel, Escape or the window closed (exit status 1), or OK with nothing selected.
        case cancelled
        /// The program failed (another exit status, e.g. no display): the list was not shown.
        case failed(status: Int32)
    }

    /// The answer, from the program's exit status and output (the number of the entry, on the
    /// first line).
    public static func answer(status: Int32, output: [UInt8], count: Int) -> Answer {
        guard status == 0 else { return status == 1 ? .cancelled : .failed(status: status) }
        let line = output.split(separator: 0x0A).first.map { String(decoding: MimeAppsList.trimmed($0), as: UTF8.self) } ?? ""
        // zenity prints `2|2` for a double-click on some versions: take the first field.
        let first = line.split(separator: "|").first.map(String.init) ?? line
        guard let number = Int(first), (1...max(count, 1)).contains(number), count > 0 else { return .cancelled }
        return .chosen(number - 1)
    }
}
