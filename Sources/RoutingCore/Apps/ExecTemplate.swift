// SPDX-License-Identifier: Apache-2.0
/// Splits a manifest's `Exec` value into argv template tokens, by the quoting rules of the Desktop
/// Entry Specification ("The Exec key"), after the string escapes (`\s`, `\\`, …) have been applied.
///
/// - Arguments are separated by spaces (or tabs).
/// - An argument holding a space or a reserved character (`"` `'` `\` `>` `<` `~` `|` `&` `;` `$` `*`
///   `?` `#` `(` `)` `` ` ``) must be quoted whole in double quotes; inside them `"`, `` ` ``, `$` and `\`
///   are escaped with a backslash, so a manifest writes `"\\$HOME"` for a literal `$HOME` (the string
///   escape turns `\\` into `\` first).
/// - Placeholders: `%u` (the link), `%s` (source), `%d` (destination), `%m` (the MKDirectionsMode
///   name), `%%` (a literal `%`). They are kept as written in the tokens; ``LaunchCommand`` expands
///   them, each into (part of) one argv element, never re-split and never given to a shell. Any
///   other `%x` (including the Desktop Entry codes `%f %F %U %i %c %k`) is an error, and so is any
///   `%` in the program (the first token): a link must never choose what runs.
enum ExecTemplate {
    /// The placeholder letters routingd expands.
    static let placeholders: Set<Unicode.Scalar> = ["u", "s", "d", "m", "%"]

    /// Characters that force quoting (Desktop Entry Specification, "The Exec key").
    static let reserved: Set<Unicode.Scalar> = ["\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]

    /// The tokens of `value` (already unescaped, each character with its column).
    /// - Returns: the argv template, and every problem at its line and column (at most one per
    ///   argument: after a problem the rest of that argument is skipped and the next one is checked).
    ///   The tokens are only usable when there is no problem.
    static func tokens(_ value: [DesktopEntryText.Located], line: Int, key: String = "Exec")
        -> (tokens: [String], problems: [ManifestProblem])
    {
        var problems: [ManifestProblem] = []
        var tokens: [String] = []
        var i = 0
        let n = value.count
        /// Records a problem and skips to the end of the current unquoted argument.
        func problem(_ column: Int, _ code: ManifestProblem.Code, _ message: String, _ hint: String?) {
            problems.append(ManifestProblem(line: line, column: column, key: key, severity: .error, code: code, message: message, hint: hint))
            while i < n, value[i].scalar != " ", value[i].scalar != "\t" { i += 1 }
            tokens.append("")
        }
        tokenLoop: while i < n {
            if value[i].scalar == " " || value[i].scalar == "\t" {
                i += 1
                continue
            }
            var token = String.UnicodeScalarView()
            let tokenStart = i
            let tokenColumn = value[i].column
            if value[i].scalar == "\"" {
                i += 1
                var closed = false
                while i < n {
                    let c = value[i]
                    if c.scalar == "\"" {
                        closed = true
                        i += 1
                        break
                    }
                    if c.scalar == "\\" {
                        guard i + 1 < n, ["\"", "`", "$", "\\"].contains(value[i + 1].scalar) else {
                            skipQuoted()
                            problem(
                                c.column, .execQuoting,
                                "in a quoted Exec argument a backslash may only escape \", `, $ or \\",
                                "write a literal backslash as \\\\\\\\ (the string escape halves it, then the quoting)")
                            continue tokenLoop
                        }
                        token.append(value[i + 1].scalar)
                        i += 2
                        continue
                    }
                    if c.scalar == "`" || c.scalar == "$" {
                        skipQuoted()
                        problem(
                            c.column, .execQuoting, "unescaped \(c.scalar) in a quoted Exec argument",
                            "write it as \\\\\(c.scalar)")
                        continue tokenLoop
                    }
                    token.append(c.scalar)
                    i += 1
                }
                guard closed else {
                    problem(tokenColumn, .execQuoting, "unterminated quote in Exec", "close the argument with \"")
                    break tokenLoop
                }
                if i < n, value[i].scalar != " ", value[i].scalar != "\t" {
                    problem(
                        value[i].column, .execQuoting, "text right after a closing quote in Exec",
                        "quote the whole argument, e.g. \"--name=a b\" rather than --name=\"a b\"")
                    continue tokenLoop
                }
            } else {
                while i < n, value[i].scalar != " ", value[i].scalar != "\t" {
                    let c = value[i]
                    if reserved.contains(c.scalar) {
                        let suggestion = quotedSuggestion(value, from: tokenStart)
                        problem(
                            c.column, .execQuoting, "reserved character \(c.scalar) in an unquoted Exec argument",
                            "quote the whole argument in double quotes: \(suggestion) (Desktop Entry Specification, \"The Exec key\")")
                        continue tokenLoop
                    }
                    token.append(c.scalar)
                    i += 1
                }
            }
            // Placeholders, with the column of each % (the token's own columns are gone after unquoting,
            // so scan the source characters of this token).
            if let bad = placeholderProblem(in: value, from: tokenStart, line: line, key: key, isProgram: tokens.isEmpty) {
                problems.append(bad)
                tokens.append("")
                continue
            }
            if tokens.isEmpty && token.isEmpty {
                problem(tokenColumn, .emptyValue, "the program in Exec is empty", "name the program first, e.g. Exec=myapp %u")
                continue
            }
            tokens.append(String(token))
        }
        if tokens.isEmpty && problems.isEmpty {
            problems.append(ManifestProblem(
                line: line, column: value.first?.column ?? 1, key: key, severity: .error, code: .emptyValue,
                message: "Exec is empty", hint: "give the program and its arguments, e.g. Exec=myapp %u"))
        }
        return (tokens, problems)

        /// Skips to just after the closing quote of a quoted argument (or to the end).
        func skipQuoted() {
            while i < n {
                if value[i].scalar == "\\" { i += 2; continue }
                if value[i].scalar == "\"" { i += 1; return }
                i += 1
            }
            i = n
        }
    }

    /// How to write the unquoted argument starting at `start` quoted whole, as a manifest line spells
    /// it: its `"` dropped (`--to="%d"` meant `"--to=%d"`), `` ` `` `$` `\` escaped for the quoting and
    /// then for the string escapes (`\\$`).
    static func quotedSuggestion(_ value: [DesktopEntryText.Located], from start: Int) -> String {
        var text = "\""
        var i = start
        while i < value.count, value[i].scalar != " ", value[i].scalar != "\t" {
            let s = value[i].scalar
            switch s {
            case "\"": break
            case "`", "$", "\\": text += "\\\\" + String(s)
            default: text.unicodeScalars.append(s)
            }
            i += 1
        }
        return text + "\""
    }

    /// Checks the `%` sequences of the token that starts at index `start` of `value`.
    private static func placeholderProblem(
        in value: [DesktopEntryText.Located], from start: Int, line: Int, key: String, isProgram: Bool
    ) -> ManifestProblem? {
        var i = start
        let quoted = value[i].scalar == "\""
        if quoted { i += 1 }
        while i < value.count {
            let c = value[i]
            if quoted {
                if c.scalar == "\"" { break }
                if c.scalar == "\\" {
                    i += 2
                    continue
                }
            } else if c.scalar == " " || c.scalar == "\t" {
                break
            }
            if c.scalar == "%" {
                if isProgram {
                    return ManifestProblem(
                        line: line, column: c.column, key: key, severity: .error, code: .execPlaceholder,
                        message: "the program in Exec must not hold a placeholder or %",
                        hint: "name the program first, e.g. Exec=myapp %u: a link must never choose what runs")
                }
                guard i + 1 < value.count, placeholders.contains(value[i + 1].scalar) else {
                    let code = i + 1 < value.count ? "%\(value[i + 1].scalar)" : "%"
                    let hint: String =
                        switch code {
                        case "%U": "use %u: routingd passes one link"
                        case "%f", "%F": "routingd passes a link, not a file: use %u"
                        default: "the placeholders are %u (link), %s (source), %d (destination), %m (mode) and %% (a literal %)"
                        }
                    return ManifestProblem(
                        line: line, column: c.column, key: key, severity: .error, code: .execPlaceholder,
                        message: "unknown placeholder \(code) in Exec", hint: hint)
                }
                i += 2
                continue
            }
            i += 1
        }
        return nil
    }
}
