// SPDX-License-Identifier: Apache-2.0
/// The key-file syntax of the freedesktop Desktop Entry Specification (1.5, "Basic format of the
/// file", "Possible value types"), as `*.routingapp` manifests use it: a lexer that keeps every
/// position.
///
/// UTF-8 text; lines end with `\n` (a `\r` before it is dropped); blank lines and lines whose first
/// non-blank character is `#` are comments; `[Group Name]` starts a group; `Key=Value` (spaces around
/// `=` allowed) is an entry, where a key is `A-Za-z0-9-` with an optional `[locale]` suffix. Values
/// are kept raw here; ``unescapedString(_:)`` and ``unescapedList(_:)`` apply the escapes. Pure.
struct DesktopEntryText {
    /// One character of a value with the 1-based column it came from.
    struct Located: Hashable {
        var scalar: Unicode.Scalar
        var column: Int
    }

    /// One `Key=Value` line.
    struct Entry {
        var key: String
        var line: Int
        var keyColumn: Int
        /// The value after `=` and the spaces that follow it, each character with its column.
        var value: [Located]
        /// The column just after `=` and its spaces: where the value starts (or would start).
        var valueColumn: Int

        var rawText: String { DesktopEntryText.string(value.lazy.map(\.scalar)) }
    }

    /// One `[Group]` and its entries.
    struct Group {
        var name: String
        var line: Int
        var entries: [Entry]
    }

    var groups: [Group] = []
    /// Syntax and encoding problems, in file order. Entries of a group seen twice are not kept.
    var problems: [ManifestProblem] = []

    init(_ bytes: [UInt8]) {
        let lines = Self.decodeLines(bytes, problems: &problems)
        var current: Int? = nil  // index into groups, nil before the first header or in a repeated group
        var seenGroups: Set<String> = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let start = line.firstIndex(where: { $0 != " " && $0 != "\t" }) ?? line.count
            if start == line.count || line[start] == "#" { continue }
            if let control = line.firstIndex(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
                problems.append(ManifestProblem(
                    line: number, column: control + 1, key: nil, severity: .error, code: .invalidText,
                    message: "control character U+\(Self.hex(line[control].value)) in the text",
                    hint: "write a tab, newline or carriage return in a value as \\t, \\n or \\r"))
                continue
            }
            if line[start] == "[" {
                var end = line.count
                while end > start, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
                let closed = end - 1 > start && line[end - 1] == "]"
                let inner = closed ? line[(start + 1)..<(end - 1)] : []
                guard closed, !inner.contains("["), !inner.contains("]"), !inner.isEmpty else {
                    problems.append(ManifestProblem(
                        line: number, column: start + 1, key: nil, severity: .error, code: .syntax,
                        message: "malformed group header", hint: "write it as [Routing App]"))
                    current = nil
                    continue
                }
                let name = Self.string(inner)
                if !seenGroups.insert(name).inserted {
                    problems.append(ManifestProblem(
                        line: number, column: start + 1, key: nil, severity: .error, code: .duplicateGroup,
                        message: "group [\(name)] appears twice", hint: "merge the two groups into one"))
                    current = nil
                    continue
                }
                groups.append(Group(name: name, line: number, entries: []))
                current = groups.count - 1
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(ManifestProblem(
                    line: number, column: start + 1, key: nil, severity: .error, code: .syntax,
                    message: "expected Key=Value, a [Group] header or a # comment",
                    hint: "put a # in front of a comment"))
                continue
            }
            var keyEnd = equals
            while keyEnd > start, line[keyEnd - 1] == " " || line[keyEnd - 1] == "\t" { keyEnd -= 1 }
            let keyScalars = line[start..<keyEnd]
            let key = Self.string(keyScalars)
            if let bad = Self.keyProblem(keyScalars) {
                problems.append(ManifestProblem(
                    line: number, column: start + 1 + bad.offset, key: key.isEmpty ? nil : key, severity: .error,
                    code: .syntax, message: bad.message,
                    hint: "keys are made of A-Z, a-z, 0-9 and -, with an optional [locale]"))
                continue
            }
            var valueStart = equals + 1
            while valueStart < line.count, line[valueStart] == " " || line[valueStart] == "\t" { valueStart += 1 }
            let value = line[valueStart...].enumerated().map { Located(scalar: $1, column: valueStart + $0 + 1) }
            let entry = Entry(key: key, line: number, keyColumn: start + 1, value: value, valueColumn: valueStart + 1)
            guard let current else {
                if groups.isEmpty {
                    problems.append(ManifestProblem(
                        line: number, column: start + 1, key: key, severity: .error, code: .keyOutsideGroup,
                        message: "\(key) comes before any group header",
                        hint: "start the file with a [Routing App] line"))
                }
                continue
            }
            groups[current].entries.append(entry)
        }
    }

    /// A string value with `\s \n \t \r \\` applied (and `\;`, which the list syntax needs, kept as `;`
    /// only when `list` is true; elsewhere it is an error).
    /// - Returns: the characters with their columns, or a problem at the bad escape.
    static func unescapedString(_ value: [Located], key: String, line: Int, list: Bool = false)
        -> Result<[Located], ManifestProblemBox>
    {
        var out: [Located] = []
        out.reserveCapacity(value.count)
        var i = 0
        while i < value.count {
            let c = value[i]
            guard c.scalar == "\\" else {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < value.count else {
                return .failure(.init(ManifestProblem(
                    line: line, column: c.column, key: key, severity: .error, code: .invalidEscape,
                    message: "\(key) ends with a lone backslash", hint: "write a backslash as \\\\")))
            }
            let next = value[i + 1].scalar
            let replacement: Unicode.Scalar
            switch next {
            case "s": replacement = " "
            case "n": replacement = "\n"
            case "t": replacement = "\t"
            case "r": replacement = "\r"
            case "\\": replacement = "\\"
            case ";" where list: replacement = ";"
            default:
                return .failure(.init(ManifestProblem(
                    line: line, column: c.column, key: key, severity: .error, code: .invalidEscape,
                    message: "unknown escape \\\(next) in \(key)",
                    hint: list
                        ? "the escapes are \\s \\n \\t \\r \\\\ and \\;; write a backslash as \\\\"
                        : "the escapes are \\s \\n \\t \\r and \\\\; write a backslash as \\\\")))
            }
            out.append(Located(scalar: replacement, column: c.column))
            i += 2
        }
        return .success(out)
    }

    /// A `;`-separated list (Desktop Entry "Possible value types": a trailing `;` is allowed, `\;` is a
    /// literal semicolon). Items are trimmed of spaces; empty items are skipped.
    static func unescapedList(_ value: [Located], key: String, line: Int)
        -> Result<[(text: String, column: Int)], ManifestProblemBox>
    {
        var items: [(text: String, column: Int)] = []
        var item: [Located] = []
        func flush() {
            var slice = item[...]
            while let f = slice.first, f.scalar == " " || f.scalar == "\t" { slice = slice.dropFirst() }
            while let l = slice.last, l.scalar == " " || l.scalar == "\t" { slice = slice.dropLast() }
            if let first = slice.first {
                items.append((string(slice.lazy.map(\.scalar)), first.column))
            }
            item = []
        }
        var i = 0
        while i < value.count {
            let c = value[i]
            if c.scalar == ";" {
                flush()
                i += 1
                continue
            }
            if c.scalar == "\\" {
                switch unescapedString(Array(value[i..<min(i + 2, value.count)]), key: key, line: line, list: true) {
                case .success(let one): item += one
                case .failure(let problem): return .failure(problem)
                }
                i += 2
                continue
            }
            item.append(c)
            i += 1
        }
        flush()
        return .success(items)
    }

    /// Decodes UTF-8 into lines of scalars, reporting the first bad byte at its line and column and
    /// reading each bad sequence as U+FFFD.
    private static func decodeLines(_ bytes: [UInt8], problems: inout [ManifestProblem]) -> [[Unicode.Scalar]] {
        if !bytes.contains(where: { $0 >= 0x80 }) { return asciiLines(bytes) }
        var lines: [[Unicode.Scalar]] = []
        var line: [Unicode.Scalar] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var first = true
        var reported = false
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                if first {
                    first = false
                    if s == "\u{FEFF}" { continue }  // a byte-order mark
                }
                if s == "\n" {
                    if line.last == "\r" { line.removeLast() }
                    lines.append(line)
                    line = []
                } else {
                    line.append(s)
                }
            case .emptyInput:
                break loop
            case .error:
                // Reported once; the rest is still read (with U+FFFD) so the Id stays known and the
                // registry can keep the app's last good version.
                if !reported {
                    reported = true
                    problems.append(ManifestProblem(
                        line: lines.count + 1, column: line.count + 1, key: nil, severity: .error, code: .invalidText,
                        message: "the file is not valid UTF-8", hint: "save the manifest as UTF-8"))
                }
                line.append("\u{FFFD}")
            }
        }
        if !line.isEmpty {
            if line.last == "\r" { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// ``decodeLines(_:problems:)`` for a file of ASCII bytes only (the usual manifest): each byte is
    /// its scalar, so no decoder is needed; lines split and `\r` dropped the same way.
    private static func asciiLines(_ bytes: [UInt8]) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        func add(_ line: ArraySlice<UInt8>) {
            let text = line.last == 0x0D ? line.dropLast() : line
            lines.append(text.map { Unicode.Scalar($0) })
        }
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            add(bytes[start..<i])
            start = i + 1
        }
        if start < bytes.count { add(bytes[start...]) }
        return lines
    }

    /// Why a key is malformed, with the offset of the first bad character, or nil.
    private static func keyProblem(_ key: ArraySlice<Unicode.Scalar>) -> (offset: Int, message: String)? {
        if key.isEmpty { return (0, "a line starts with = and has no key") }
        var sawBracket = false
        for (offset, s) in key.enumerated() {
            if sawBracket {
                if s == "]" {
                    return offset == key.count - 1 ? nil : (offset + 1, "text after the ] of a locale")
                }
                if s == "[" || s == " " { return (offset, "malformed [locale] in key") }
                continue
            }
            if s == "[" && offset > 0 {
                sawBracket = true
                continue
            }
            let ok = ("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s) || s == "-"
            if !ok { return (offset, "character '\(s)' is not allowed in a key") }
        }
        return sawBracket ? (key.count - 1, "unterminated [locale] in key") : nil
    }

    /// `scalars` as a String, encoded as UTF-8 into the string's storage in one pass. (Building a
    /// `String.UnicodeScalarView` costs thousands of instructions per short string, and the daemon
    /// parses every manifest at start.)
    static func string<C: Collection>(_ scalars: C) -> String where C.Element == Unicode.Scalar {
        let count = scalars.count
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: 4 * count) { buffer in
            var written = 0
            for scalar in scalars {
                let value = scalar.value
                if value < 0x80 {
                    buffer[written] = UInt8(truncatingIfNeeded: value)
                    written += 1
                } else {
                    for byte in scalar.utf8 {
                        buffer[written] = byte
                        written += 1
                    }
                }
            }
            return written
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A problem carried through a `Result` (``ManifestProblem`` itself is not an `Error`).
struct ManifestProblemBox: Error {
    var problem: ManifestProblem
    init(_ problem: ManifestProblem) { self.problem = problem }
}
