// SPDX-License-Identifier: Apache-2.0
/// Reading and editing `mimeapps.list` (freedesktop "Association between MIME types and
/// applications" 1.0.1): a key file whose `[Default Applications]` group maps a MIME type such as
/// `x-scheme-handler/geo` to desktop file ids, `a.desktop;b.desktop;`, the first installed one
/// being the default.
///
/// Edits keep every other byte of the file as it was (comments, other groups, order); lines are
/// found by byte (`[`, `]`, `=`, `\n`), never by `Character`. Pure: bytes in, bytes out.
public enum MimeAppsList {
    /// The group that names default applications.
    public static let defaultGroup = "Default Applications"

    /// The raw value of `key` in `group` (spaces around `=` and at the end of the line dropped), or
    /// nil when the group or the key is absent. The last occurrence wins, as in GLib's key files.
    public static func value(of key: String, in group: String, _ bytes: [UInt8]) -> String? {
        var found: String? = nil
        for line in lines(bytes) where line.group == group {
            if let (k, v) = keyValue(line.bytes), k == key { found = v }
        }
        return found
    }

    /// The desktop file ids of a list value: `a.desktop;b.desktop;` → `["a.desktop", "b.desktop"]`
    /// (empty items and surrounding spaces dropped).
    public static func desktopIDs(_ value: String) -> [String] {
        value.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true)
            .map { String(decoding: trimmed($0), as: UTF8.self) }
            .filter { !$0.isEmpty }
    }

    /// `bytes` with `key` in `group` set to `value`, or removed when `value` is nil. The first line
    /// holding the key is replaced in place and any later duplicate removed; a new key goes after
    /// the group's last entry; a missing group is added at the end. Nothing else changes.
    public static func setting(_ key: String, to value: String?, in group: String, _ bytes: [UInt8]) -> [UInt8] {
        let all = lines(bytes)
        let newLine = value.map { Array("\(key)=\($0)".utf8) }
        // The group's last entry or header: a new key goes after it.
        let anchor = all.indices.last { all[$0].group == group && (all[$0].isHeader || !isBlankOrComment(all[$0].bytes)) }
        var out: [[UInt8]] = []
        var written = false
        for (index, line) in all.enumerated() {
            if line.group == group, !line.isHeader, let (k, _) = keyValue(line.bytes), k == key {
                if !written, let newLine { out.append(newLine) }
                written = true
                continue
            }
            out.append(Array(line.bytes))
            if index == anchor, !written, let newLine {
                out.append(newLine)
                written = true
            }
        }
        var endsWithNewline = bytes.last == 0x0A
        if anchor == nil, let newLine {
            if let last = out.last, !last.isEmpty { out.append([]) }
            out.append(Array("[\(group)]".utf8))
            out.append(newLine)
        }
        if let newLine, out.last == newLine { endsWithNewline = true }
        var result: [UInt8] = []
        for (index, line) in out.enumerated() {
            result += line
            if index < out.count - 1 || endsWithNewline { result.append(0x0A) }
        }
        return result
    }

    /// The `MimeType=` list of a desktop entry's `[Desktop Entry]` group.
    public static func mimeTypes(ofDesktopEntry bytes: [UInt8]) -> [String] {
        desktopIDs(value(of: "MimeType", in: "Desktop Entry", bytes) ?? "")
    }

    /// The first value of `key` in the `[Desktop Entry]` group of a desktop entry, raw.
    public static func desktopEntryValue(_ key: String, _ bytes: [UInt8]) -> String? {
        value(of: key, in: "Desktop Entry", bytes)
    }

    // MARK: lines

    struct Line {
        var bytes: ArraySlice<UInt8>
        /// The group the line belongs to (for a header, its own name); nil before the first header.
        var group: String?
        var isHeader: Bool
        /// Followed by `\n` in the input.
        var terminated: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var group: String? = nil
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            let slice = bytes[start..<end]
            let body = trimmed(slice)
            var isHeader = false
            if body.first == UInt8(ascii: "["), body.last == UInt8(ascii: "]"), body.count >= 2 {
                group = String(decoding: body.dropFirst().dropLast(), as: UTF8.self)
                isHeader = true
            }
            result.append(Line(bytes: slice, group: group, isHeader: isHeader, terminated: end < bytes.endIndex))
            start = end < bytes.endIndex ? end + 1 : end
        }
        return result
    }

    static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
        let body = trimmed(line)
        return body.isEmpty || body.first == UInt8(ascii: "#")
    }

    /// `key=value` with the spaces around `=` and the line's ends dropped (a `\r` counts as space).
    static func keyValue(_ line: ArraySlice<UInt8>) -> (String, String)? {
        if isBlankOrComment(line) { return nil }
        guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let key = trimmed(line[..<equals])
        guard !key.isEmpty else { return nil }
        return (String(decoding: key, as: UTF8.self), String(decoding: trimmed(line[(equals + 1)...]), as: UTF8.self))
    }

    static func trimmed<C: BidirectionalCollection>(_ bytes: C) -> C.SubSequence where C.Element == UInt8 {
        func space(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        var slice = bytes[...]
        while let first = slice.first, space(first) { slice = slice.dropFirst() }
        while let last = slice.last, space(last) { slice = slice.dropLast() }
        return slice
    }
}
