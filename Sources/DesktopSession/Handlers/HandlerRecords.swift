// SPDX-License-Identifier: Apache-2.0
import RoutingCore
/// What `routingctl desktop register` changed, so that `unregister` can put it back and a click
/// routingd cannot serve can go to the handler the scheme had before.
///
/// The state file (`$XDG_STATE_HOME/routingd/handlers`, by default `~/.local/state/routingd/handlers`)
/// has one line per MIME type, three fields separated by a tab:
///
///     x-scheme-handler/geo<TAB>org.gnome.Maps.desktop<TAB>=org.gnome.Maps.desktop;
///     x-scheme-handler/waze<TAB><TAB>-
///
/// 1. the MIME type (`x-scheme-handler/SCHEME`);
/// 2. the previous handler, a desktop file id (empty when the type had none); never routingd's own;
/// 3. what the user's `mimeapps.list` said in `[Default Applications]` before: `=VALUE` (the raw
///    value) or `-` (no such key), which `unregister` restores exactly.
///
/// Lines starting with `#` and blank lines are comments. Pure: bytes in, bytes out.
public struct HandlerRecords: Hashable, Sendable {
    public struct Record: Hashable, Sendable {
        /// `x-scheme-handler/SCHEME`, lower case.
        public var mimeType: String
        /// The desktop file id that handled the type before, or nil.
        public var previousHandler: String?
        /// The raw `[Default Applications]` value of the user's `mimeapps.list`, nil when absent.
        public var userDefaultBefore: String?

        public init(mimeType: String, previousHandler: String?, userDefaultBefore: String?) {
            self.mimeType = mimeType
            self.previousHandler = previousHandler
            self.userDefaultBefore = userDefaultBefore
        }
    }

    /// Why a state file cannot be read.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// In file order; one per MIME type.
    public var records: [Record]

    public init(records: [Record] = []) { self.records = records }

    /// The record of `mimeType` (compared in lower case).
    public func record(for mimeType: String) -> Record? {
        let wanted = Self.lowercased(mimeType)
        return records.first { $0.mimeType == wanted }
    }

    /// Adds `record`, or keeps the one already there: the first registration knows what was
    /// there before routingd; a later one would only see routingd itself.
    public mutating func keepingFirst(_ record: Record) {
        if self.record(for: record.mimeType) == nil { records.append(record) }
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> HandlerRecords {
        var records: [Record] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                throw ParseError(line: number, message: "expected 3 tab-separated fields (type, previous handler, =before or -), found \(fields.count)")
            }
            let type = String(decoding: fields[0], as: UTF8.self)
            guard type.hasPrefix("x-scheme-handler/"), type.count > "x-scheme-handler/".count else {
                throw ParseError(line: number, message: "'\(OneLine.escaped(type))' is not an x-scheme-handler/SCHEME type")
            }
            let handler = fields[1].isEmpty ? nil : String(decoding: fields[1], as: UTF8.self)
            let before: String?
            if fields[2].elementsEqual("-".utf8) {
                before = nil
            } else if fields[2].first == UInt8(ascii: "=") {
                before = String(decoding: fields[2].dropFirst(), as: UTF8.self)
            } else {
                throw ParseError(line: number, message: "the third field must be =VALUE or -")
            }
            if records.contains(where: { $0.mimeType == lowercased(type) }) {
                throw ParseError(line: number, message: "\(OneLine.escaped(type)) appears twice")
            }
            records.append(Record(mimeType: lowercased(type), previousHandler: handler, userDefaultBefore: before))
        }
        return HandlerRecords(records: records)
    }

    /// The file's bytes, with a comment saying what it is.
    public func serialized() -> [UInt8] {
        var text = "# The URL handlers before 'routingctl desktop register' (routingctl(1)); 'unregister' restores them.\n"
        text += "# TYPE<TAB>PREVIOUS-HANDLER<TAB>=USER-DEFAULT-BEFORE or - (none)\n"
        for record in records {
            text += "\(record.mimeType)\t\(record.previousHandler ?? "")\t\(record.userDefaultBefore.map { "=" + $0 } ?? "-")\n"
        }
        return Array(text.utf8)
    }

    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
