// SPDX-License-Identifier: Apache-2.0
/// The user's preference file, `$XDG_CONFIG_HOME/routingd/preferences`: `Key=Value` lines, `#`
/// comments. One key: `PreferredApp=ID`, a routing app opened without asking whenever it is
/// eligible (it may be given more than once; the first eligible one wins). Pure.
public struct ChooserPreferences: Hashable, Sendable {
    /// The preferred app ids, in file order.
    public var preferredApps: [String] = []
    /// Lines not understood, `line N: …`, for a note (an unknown key is not fatal).
    public var problems: [String] = []

    public init() {}

    public init(_ bytes: [UInt8]) {
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if MimeAppsList.isBlankOrComment(line) { continue }
            guard let (key, value) = MimeAppsList.keyValue(line) else {
                problems.append("line \(number): expected Key=Value")
                continue
            }
            if key == "PreferredApp", !value.isEmpty { preferredApps.append(value) } else {
                problems.append("line \(number): unknown key '\(key)' (known: PreferredApp)")
            }
        }
    }

    /// The index in `eligible` (app ids, best first) of the first preferred app, if any.
    public func preferred(among eligible: [String]) -> Int? {
        for id in preferredApps { if let index = eligible.firstIndex(of: id) { return index } }
        return nil
    }
}
