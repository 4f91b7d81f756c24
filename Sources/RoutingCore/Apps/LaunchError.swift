// SPDX-License-Identifier: Apache-2.0
/// Why a routing app's launch command cannot be built for a request.
///
/// Positions are 0-based: ``argument`` is the index of the `Exec` token (after the Desktop Entry
/// quoting was removed by the manifest parser), ``offset`` the index of the `%` in that token,
/// counted in Unicode scalars.
public struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable kinds of failure.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// `%x` is not one of `%u %s %d %m %%` (the Desktop Entry field codes `%f %F %U %i %c %k`
        /// included: routingd does not expand them).
        case unknownPlaceholder = "unknown-placeholder"
        /// A `%` ends the token: write `%%` for a literal percent sign.
        case danglingPercent = "dangling-percent"
        /// The program (the first token) contains a placeholder: a link must never choose the program.
        case placeholderInProgram = "placeholder-in-program"
        /// The `Exec` template has no tokens, or its program is empty.
        case emptyCommand = "empty-command"
        /// The app has neither `Exec` nor `LinkFormat`: nothing says how to launch it.
        case noLaunchCommand = "no-launch-command"
        /// `LinkFormat` is set but the request cannot be written in that format.
        case cannotBuildLink = "cannot-build-link"
    }

    public var code: Code
    /// The placeholder concerned, such as `%f`, when there is one.
    public var placeholder: String?
    /// The index of the `Exec` token concerned, when there is one.
    public var argument: Int?
    /// The scalar offset of the `%` in that token, when there is one.
    public var offset: Int?
    /// One sentence saying what is wrong and what to write instead.
    public var message: String

    public init(code: Code, placeholder: String? = nil, argument: Int? = nil, offset: Int? = nil, message: String) {
        self.code = code
        self.placeholder = placeholder
        self.argument = argument
        self.offset = offset
        self.message = OneLine.escaped(message)
    }

    public var description: String { "\(message) [\(code.rawValue)]" }
}
