// SPDX-License-Identifier: Apache-2.0
/// A tiny option parser: flags, options with values (`--x V` or `--x=V`) and positionals.
struct Arguments {
    struct UsageError: Error {
        var message: String
    }

    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    private(set) var positionals: [String] = []
    /// Every value of each option, in order, for options that may be repeated (`--apps A --apps B`).
    private(set) var allValues: [String: [String]] = [:]

    /// Parses `arguments`. `flagNames` take no value; `optionNames` take one. Everything after `--`
    /// is positional, so a link starting with `-` can still be given.
    init(_ arguments: [String], flags flagNames: Set<String>, options optionNames: Set<String>) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            if argument.hasPrefix("--"), argument.count > 2 {
                let body = argument.dropFirst(2)
                let name: String
                var inline: String? = nil
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
                if flagNames.contains(name) {
                    if inline != nil { throw UsageError(message: "--\(name) takes no value") }
                    flags.insert(name)
                } else if optionNames.contains(name) {
                    guard let value = inline ?? rest.popFirst() else {
                        throw UsageError(message: "--\(name) needs a value")
                    }
                    options[name] = value
                    allValues[name, default: []].append(value)
                } else {
                    throw UsageError(message: "unknown option '--\(name)'")
                }
            } else if argument == "-h" {
                flags.insert("help")
            } else {
                positionals.append(argument)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}
