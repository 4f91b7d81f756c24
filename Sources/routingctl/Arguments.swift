// SPDX-License-Identifier: Apache-2.0
import RoutingCore
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

    /// Flags every command takes: `--no-pager` (routingctl pages nothing; accepted as systemd's tools
    /// take it, so scripts written for them work).
    static let everywhere: Set<String> = ["no-pager"]

    /// Parses `arguments`. `flagNames` take no value; `optionNames` take one. Everything after `--`
    /// is positional, so a link starting with `-` can still be given. When `flagNames` has `json`,
    /// `--json=pretty|short|off` sets the layout of this run's JSON (``JSONStyle``), `off` as if
    /// `--json` were not given.
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
                if name == "json", flagNames.contains(name), let inline {
                    // --json=pretty|short|off; a bare --json is a flag (it never takes the next argument).
                    guard let style = JSONStyle(rawValue: inline) else {
                        throw UsageError(message: "--json takes \(JSONStyle.names), not '\(inline)'")
                    }
                    if style == .off { flags.remove(name) } else { flags.insert(name) }
                    RoutingCtl.chosenJSONStyle.withLock { $0 = style }
                } else if flagNames.contains(name) || Self.everywhere.contains(name) {
                    if inline != nil { throw UsageError(message: "--\(name) takes no value") }
                    flags.insert(name)
                    if name == "json" { RoutingCtl.chosenJSONStyle.withLock { $0 = nil } }  // the last --json wins
                } else if optionNames.contains(name) {
                    guard let value = inline ?? rest.popFirst() else {
                        throw UsageError(message: "--\(name) needs a value")
                    }
                    options[name] = value
                    allValues[name, default: []].append(value)
                } else {
                    let known = (flagNames.union(optionNames).union(Self.everywhere)).sorted()
                    let hint = RoutingCtl.suggestion(for: name, among: known).map { "; did you mean '--\($0)'?" } ?? ""
                    throw UsageError(message: "unknown option '--\(OneLine.escaped(name))'\(hint)")
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
